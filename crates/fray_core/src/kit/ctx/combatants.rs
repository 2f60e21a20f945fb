//! Reading and changing the fight's combatants: rows, components, sides and controllers.

use bevy_ecs::prelude::*;
use bevy_ecs::query::{QueryItem, ROQueryItem};
use fray_content::encounter::SideScale;
use fray_content::tactics::Tactics;

use super::{NOBODY, NOT_A_COMBATANT, NOT_IN_THIS_FIGHT};
use crate::combatant::{Controller, Hp, Initiative, Morale, Status, Tally};
use crate::condition::{Condition, Conditions};
use crate::effect::Effects;
use crate::engagement::Engagement;
use crate::ids::{CombatantId, RegionId, SideId};
use crate::intent::Intent;
use crate::kit::{Actor, Ctx, Legality, RulesBase};
use crate::legality::{Legal, Occasion, Refusal, Scope};
use crate::lineup::{Lineup, Row};

impl<'a, 'i, 'w, 's, R: RulesBase> Ctx<'a, 'i, 'w, 's, R> {
    /// The encounter's lineup: every combatant's side, status, region, hit points,
    /// conditions and engagements, in roster order.
    pub fn lineup(&self) -> &Lineup {
        &self.e.lineup
    }

    /// A combatant's row of the lineup.
    #[inline]
    pub fn row(&self, e: Entity) -> Option<&Row> {
        self.e.lineup.row(e)
    }

    /// Whether `e` is one of this encounter's combatants. Every operation on a combatant
    /// checks it: the ruleset's queries see the combatants of all its encounters, and an
    /// intent aimed at another fight in the same World must never reach into it.
    #[inline]
    pub(super) fn here(&self, e: Entity) -> bool {
        self.e.lineup.index(e).is_some()
    }

    /// A combatant's roster id (an invalid id for an entity that is not one of the encounter's).
    pub fn id(&self, e: Entity) -> CombatantId {
        self.e
            .lineup
            .index(e)
            .map_or(NOBODY, |i| CombatantId(i as u16))
    }

    /// A combatant's side.
    #[inline]
    pub fn side(&self, e: Entity) -> Option<SideId> {
        self.row(e).map(|r| r.side)
    }

    /// The scale of a combatant's side (100% each for an entity that is not one of the
    /// encounter's): see [`SideScale`].
    pub fn side_scale(&self, e: Entity) -> SideScale {
        self.side(e)
            .and_then(|s| self.e.sides.0.get(usize::from(s.0)))
            .map_or_else(SideScale::default, |s| s.scale)
    }

    /// Whether two combatants are on different sides.
    #[inline]
    pub fn enemies(&self, a: Entity, b: Entity) -> bool {
        matches!((self.side(a), self.side(b)), (Some(x), Some(y)) if x != y)
    }

    /// A combatant's controller.
    pub fn controller(&self, e: Entity) -> Option<&Controller> {
        if !self.here(e) {
            return None;
        }
        self.m.controllers.get(e).ok()
    }

    /// Whether morale checks pass `e` over: its player decides whether it gives up
    /// ([`PlayerMorale::PlayerDecides`](crate::encounter::PlayerMorale::PlayerDecides) and an
    /// external controller). Every ruleset's morale asks it before rolling for anyone.
    pub fn decides_own_morale(&self, e: Entity) -> bool {
        self.e.encounter.player_morale == crate::encounter::PlayerMorale::PlayerDecides
            && self.controller(e).is_some_and(Controller::is_external)
    }

    /// A combatant's display name.
    pub fn name(&self, e: Entity) -> &str {
        if !self.here(e) {
            return "?";
        }
        self.m.names.get(e).map_or("?", |n| n.as_str())
    }

    /// A combatant's status (`Dead` for an entity that is not one).
    #[inline]
    pub fn status(&self, e: Entity) -> Status {
        self.row(e).map_or(Status::Dead, |r| r.status)
    }

    /// Able to act and fight.
    #[inline]
    pub fn is_active(&self, e: Entity) -> bool {
        self.status(e).is_active()
    }

    /// A combatant's hit points.
    #[inline]
    pub fn hp(&self, e: Entity) -> Option<Hp> {
        self.row(e).map(|r| r.hp)
    }

    /// Changes a combatant's hit points directly with `change` (damage and healing have their
    /// own operations, which log); `None` for an entity that is not one.
    pub fn change_hp<T>(&mut self, e: Entity, change: impl FnOnce(&mut Hp) -> T) -> Option<T> {
        if !self.here(e) {
            return None;
        }
        let mut hp = self.m.hp.get_mut(e).ok()?;
        let out = change(&mut hp);
        let now = *hp;
        if let Some(row) = self.e.lineup.row_mut(e) {
            row.hp = now;
        }
        Some(out)
    }

    /// A combatant's conditions.
    #[inline]
    pub fn conditions(&self, e: Entity) -> Option<&Conditions> {
        self.row(e).map(|r| &r.conditions)
    }

    /// Whether a combatant is under condition `c`.
    #[inline]
    pub fn has(&self, e: Entity, c: Condition) -> bool {
        self.conditions(e).is_some_and(|x| x.has(c))
    }

    /// A combatant's effects.
    pub fn effects(&self, e: Entity) -> Option<&Effects> {
        if !self.here(e) {
            return None;
        }
        self.m.conditions.get(e).ok().map(|(_, x)| x)
    }

    /// A combatant's region (region 0 for an entity that is not one).
    #[inline]
    pub fn region(&self, e: Entity) -> RegionId {
        self.row(e).map_or(RegionId(0), |r| r.region)
    }

    /// A combatant's engagements.
    #[inline]
    pub fn engagement(&self, e: Entity) -> Option<&Engagement> {
        self.row(e).map(|r| &r.engagement)
    }

    /// Everyone engaged with `e` in either direction.
    pub fn foes(&self, e: Entity) -> impl Iterator<Item = Entity> + '_ {
        self.engagement(e).into_iter().flat_map(Engagement::foes)
    }

    /// A combatant's initiative, to set it.
    pub fn initiative_mut(&mut self, e: Entity) -> Option<Mut<'_, Initiative>> {
        if !self.here(e) {
            return None;
        }
        self.m.initiative.get_mut(e).ok()
    }

    /// A combatant's morale and whether it leads its side.
    pub fn morale(&self, e: Entity) -> Option<(&Morale, bool)> {
        if !self.here(e) {
            return None;
        }
        self.m.morale.get(e).ok()
    }

    /// The tactics a combatant fights by (none for an entity that is not one of the
    /// encounter's, or a combatant spawned without them).
    pub fn tactics(&self, e: Entity) -> Tactics {
        if !self.here(e) {
            return Tactics::default();
        }
        self.m
            .tactics
            .get(e)
            .map_or_else(|_| Tactics::default(), |t| t.0)
    }

    /// A combatant's morale, to change it.
    pub fn morale_mut(&mut self, e: Entity) -> Option<Mut<'_, Morale>> {
        if !self.here(e) {
            return None;
        }
        self.m.morale.get_mut(e).ok().map(|(m, _)| m)
    }

    /// A combatant's tally.
    pub fn tally_mut(&mut self, e: Entity) -> Option<Mut<'_, Tally>> {
        if !self.here(e) {
            return None;
        }
        self.m.tally.get_mut(e).ok()
    }

    /// A combatant as a legality check judges it: its ruleset's components and its row of the
    /// lineup (`None` for an entity that is not one of the ruleset's combatants here).
    pub fn actor(&self, e: Entity) -> Option<Actor<'_, 's, R>> {
        Some(Actor {
            entity: e,
            row: self.e.lineup.row(e)?,
            fighter: self.m.fighters.get(e).ok()?,
        })
    }

    /// The ruleset's own components of a combatant.
    pub fn fighter(&self, e: Entity) -> Option<ROQueryItem<'_, 's, R::Fighter>> {
        if !self.here(e) {
            return None;
        }
        self.m.fighters.get(e).ok()
    }

    /// The ruleset's own components of a combatant, to change them.
    pub fn fighter_mut(&mut self, e: Entity) -> Option<QueryItem<'_, 's, R::Fighter>> {
        if !self.here(e) {
            return None;
        }
        self.m.fighters.get_mut(e).ok()
    }
}

impl<R: Legality> Ctx<'_, '_, '_, '_, R> {
    /// Checks `intent` of `actor` on `occasion` with [`Legality::check`] (refused when `actor` is
    /// not one of the ruleset's combatants here). A surrender is the kit's own to judge, the
    /// same in every ruleset ([`Intent::Surrender`]).
    pub fn check(
        &self,
        actor: Entity,
        intent: &Intent,
        occasion: &Occasion,
        scope: Scope,
    ) -> Result<Legal, Refusal> {
        let me = self.actor(actor).ok_or(NOT_A_COMBATANT)?;
        if let Some(target) = intent.target()
            && !self.here(target)
        {
            return Err(NOT_IN_THIS_FIGHT.into());
        }
        if *intent == Intent::Surrender {
            return crate::kit::surrender::check(self, actor, occasion).map(|mut legal| {
                legal.scope = scope;
                legal
            });
        }
        R::check(self, &me, intent, occasion, scope).map(|mut legal| {
            legal.scope = scope;
            legal
        })
    }
}
