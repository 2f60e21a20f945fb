//! The per-encounter context every hook of a ruleset gets.

use std::borrow::Cow;

use bevy_ecs::prelude::*;
use bevy_ecs::query::{QueryData, QueryItem, ROQueryItem};
use bevy_ecs::system::SystemParamItem;
use fray_content::encounter::SideScale;
use fray_dice::{Dice, DieSource, Roll};

use crate::combatant::{Controller, DamageTaken, Hp, Initiative, Morale, Status, Tally};
use crate::condition::{Condition, Conditions};
use crate::effect::{EffectSpec, Effects};
use crate::encounter::{Encounter, Groups, Roster, Sides};
use crate::engagement::{self, Engagement};
use crate::ids::{CombatantId, RegionId, SideId};
use crate::intent::Intent;
use crate::kit::{Actor, Members, Resolving, Rules};
use crate::legality::{Legal, Occasion, Refusal, Scope};
use crate::lineup::{Lineup, Row};
use crate::log::{CombatLog, LogEvent};
use crate::morale::MoraleState;
use crate::options::ActionOptions;
use crate::region::EncounterMap;
use crate::rng::{DecisionRng, EncounterRng};
use crate::turn::{Turn, TurnOrder};
use crate::vocabulary::{DamageType, Vocabulary};

/// Everything of an encounter the kit's systems work on, for ruleset `R`.
#[derive(QueryData)]
#[query_data(mutable)]
pub struct EncounterParts<R: Rules> {
    /// The encounter entity.
    pub entity: Entity,
    /// Its state.
    pub encounter: &'static mut Encounter,
    /// The current turn.
    pub turn: &'static mut Turn,
    /// The turn order.
    pub order: &'static mut TurnOrder,
    /// The rules' dice.
    pub rng: &'static mut EncounterRng,
    /// The controllers' stream.
    pub decisions: &'static mut DecisionRng,
    /// The log.
    pub log: &'static mut CombatLog,
    /// Who fights.
    pub roster: &'static Roster,
    /// The sides.
    pub sides: &'static Sides,
    /// The groups.
    pub groups: &'static Groups,
    /// The map.
    pub map: &'static EncounterMap,
    /// The current decision's options.
    pub options: &'static mut ActionOptions,
    /// Morale bookkeeping.
    pub morale: &'static mut MoraleState,
    /// The ruleset's battle-wide state.
    pub battle: &'static mut R::Battle,
    /// A resolution waiting on reactions.
    pub resolving: &'static mut Resolving<R>,
    /// What the rules read most of every combatant.
    pub lineup: &'static mut Lineup,
}

/// Why a request of an entity that is not one of the ruleset's combatants is refused.
const NOT_A_COMBATANT: &str = "no such combatant in this fight";

/// Why an intent aimed at an entity that is not one of the fight's combatants is refused.
const NOT_IN_THIS_FIGHT: &str = "its target is not a combatant of this fight";

/// An id for combatants that are not (or no longer) there.
const NOBODY: CombatantId = CombatantId(u16::MAX);

/// A roll: its total and, when the log records, its breakdown.
#[derive(Debug, Clone, PartialEq)]
pub struct Rolled {
    /// The total.
    pub total: i64,
    /// The dice and modifiers, when the log records.
    pub roll: Option<Roll>,
}

/// One encounter of ruleset `R` as its hooks see it: the encounter's parts, its combatants, and
/// the operations rules share. Built once per encounter and step.
pub struct Ctx<'a, 'i, 'w, 's, R: Rules> {
    pub(crate) e: EncounterPartsItem<'i, 's, R>,
    pub(crate) m: &'a mut Members<'w, 's, R>,
}

impl<'a, 'i, 'w, 's, R: Rules> Ctx<'a, 'i, 'w, 's, R> {
    /// The context of one encounter.
    pub(crate) fn new(e: EncounterPartsItem<'i, 's, R>, m: &'a mut Members<'w, 's, R>) -> Self {
        Self { e, m }
    }

    // --- The encounter ---

    /// The encounter entity.
    pub fn encounter_entity(&self) -> Entity {
        self.e.entity
    }

    /// The encounter's state.
    pub fn encounter(&self) -> &Encounter {
        &self.e.encounter
    }

    /// The current round.
    pub fn round(&self) -> u32 {
        self.e.encounter.round
    }

    /// The seed the encounter was spawned with.
    pub fn seed(&self) -> u64 {
        self.e.encounter.seed
    }

    /// The current turn.
    pub fn turn(&self) -> &Turn {
        &self.e.turn
    }

    /// The turn order.
    pub fn order(&self) -> &TurnOrder {
        &self.e.order
    }

    /// The turn order, to change it (initiative, a readied action firing).
    pub fn order_mut(&mut self) -> &mut TurnOrder {
        &mut self.e.order
    }

    /// Who fights, in roster order.
    pub fn roster(&self) -> &Roster {
        self.e.roster
    }

    /// The sides.
    pub fn sides(&self) -> &Sides {
        self.e.sides
    }

    /// The groups.
    pub fn groups(&self) -> &Groups {
        self.e.groups
    }

    /// The map.
    pub fn map(&self) -> &EncounterMap {
        self.e.map
    }

    /// The ruleset's battle-wide state.
    pub fn battle(&self) -> &R::Battle {
        &self.e.battle
    }

    /// The ruleset's battle-wide state, to change it.
    pub fn battle_mut(&mut self) -> &mut R::Battle {
        &mut self.e.battle
    }

    /// The morale triggers noted so far.
    pub fn morale_state(&self) -> &MoraleState {
        &self.e.morale
    }

    /// The rules' dice.
    pub fn rng(&mut self) -> &mut EncounterRng {
        &mut self.e.rng
    }

    /// The log.
    pub fn log(&self) -> &CombatLog {
        &self.e.log
    }

    /// The log, to record in it.
    pub fn log_mut(&mut self) -> &mut CombatLog {
        &mut self.e.log
    }

    /// Whether the log records (check before building something costly for it).
    pub fn logging(&self) -> bool {
        self.e.log.enabled()
    }

    /// The ruleset's other system parameters.
    pub fn extra(&self) -> &SystemParamItem<'w, 's, R::Extra> {
        &self.m.extra
    }

    /// The ruleset's other system parameters, to change them.
    pub fn extra_mut(&mut self) -> &mut SystemParamItem<'w, 's, R::Extra> {
        &mut self.m.extra
    }

    /// The ruleset's vocabulary.
    pub fn words(&self) -> &'static dyn Vocabulary {
        R::vocabulary()
    }

    // --- Combatants ---

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
    fn here(&self, e: Entity) -> bool {
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

    /// Checks `intent` of `actor` on `occasion` with [`Rules::check`] (refused when `actor` is
    /// not one of the ruleset's combatants here).
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
        R::check(self, &me, intent, occasion, scope).map(|mut legal| {
            legal.scope = scope;
            legal
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

    // --- Dice and the log ---

    /// Rolls dice, with the breakdown when the log records.
    pub fn roll(&mut self, dice: &Dice) -> Rolled {
        if self.e.log.enabled() {
            let roll = dice.roll(&mut *self.e.rng);
            Rolled {
                total: roll.total(),
                roll: Some(roll),
            }
        } else {
            Rolled {
                total: dice.roll_total(&mut *self.e.rng),
                roll: None,
            }
        }
    }

    /// Rolls one die of `sides` sides, with the breakdown when the log records.
    pub fn roll_die(&mut self, sides: u32) -> Rolled {
        if self.e.log.enabled() {
            self.roll(&Dice::die(sides))
        } else {
            Rolled {
                total: i64::from(self.e.rng.roll_die(sides)),
                roll: None,
            }
        }
    }

    /// Rolls `count` dice of `sides` sides and sums them, with the breakdown when the log
    /// records.
    pub fn roll_pool(&mut self, count: u32, sides: u32) -> Rolled {
        if self.e.log.enabled() {
            self.roll(&Dice::pool(count, sides))
        } else {
            Rolled {
                total: Dice::pool_total(count, sides, &mut *self.e.rng),
                roll: None,
            }
        }
    }

    /// Records the event `make` builds, when the log records.
    pub fn record(&mut self, make: impl FnOnce(&Self) -> LogEvent) {
        if self.e.log.enabled() {
            let event = make(self);
            self.e.log.push(event);
        }
    }

    /// Records a note about `who` (or the fight), when the log records.
    pub fn note(&mut self, who: Option<Entity>, text: impl FnOnce() -> String) {
        if self.e.log.enabled() {
            let who = who.map(|w| self.id(w));
            self.e.log.push(LogEvent::Note { who, text: text() });
        }
    }

    /// Records a note about `who` (or the fight) whose text reads the encounter (names,
    /// sides), when the log records: the text is not built otherwise.
    pub fn tell(&mut self, who: Option<Entity>, text: impl FnOnce(&Self) -> String) {
        self.record(|c| LogEvent::Note {
            who: who.map(|w| c.id(w)),
            text: text(c),
        });
    }

    /// Records a roll of `who` for `purpose` (nothing when the log does not record: `roll` is
    /// `None` then).
    pub fn log_roll(
        &mut self,
        who: Entity,
        purpose: &str,
        roll: Option<Roll>,
        target: Option<i64>,
        success: Option<bool>,
    ) {
        if let Some(roll) = roll {
            let who = Some(self.id(who));
            self.e.log.push(LogEvent::Roll {
                who,
                purpose: purpose.to_string(),
                roll,
                target,
                success,
            });
        }
    }

    // --- Hit points ---

    /// `target` takes `amount` damage of `kind` (temporary hit points first), tallied for it and
    /// for `source`, and logged with `cause`. Returns where the damage went.
    ///
    /// `amount` is scaled by the damage scale of `source`'s side ([`SideScale::damage_of`]),
    /// so every ruleset's damage follows a designer's scale from this one place.
    pub fn deal_damage(
        &mut self,
        target: Entity,
        amount: i32,
        kind: DamageType,
        cause: Option<&str>,
        source: Option<Entity>,
    ) -> DamageTaken {
        if !self.here(target) {
            return DamageTaken::default();
        }
        let amount = match source {
            Some(s) => self.side_scale(s).damage_of(amount),
            None => amount,
        };
        let Ok(mut hp) = self.m.hp.get_mut(target) else {
            return DamageTaken::default();
        };
        let mut taken = hp.take_damage(amount);
        if let Some(floor) = R::HP_FLOOR
            && hp.current < floor
        {
            taken.from_hp = taken
                .from_hp
                .saturating_sub(floor.saturating_sub(hp.current));
            hp.current = floor;
        }
        let left = hp.current;
        let now = *hp;
        if let Some(row) = self.e.lineup.row_mut(target) {
            row.hp = now;
        }
        let total = taken.from_temp.saturating_add(taken.from_hp);
        if let Ok(mut t) = self.m.tally.get_mut(target) {
            t.record_damage(total);
        }
        if let Some(mut s) = source
            .filter(|s| self.here(*s))
            .and_then(|s| self.m.tally.get_mut(s).ok())
        {
            s.record_dealt(total);
        }
        if self.e.log.enabled() {
            let id = self.id(target);
            self.e.log.push(LogEvent::Damage {
                target: id,
                amount: amount.max(0),
                kind: R::vocabulary().damage_type(kind),
                absorbed: taken.from_temp,
                hp: left,
                cause: cause.map(str::to_string),
            });
        }
        taken
    }

    /// `target` heals `amount` (from 0 when below it), logged. Returns what it regained.
    pub fn heal(&mut self, target: Entity, amount: i32) -> i32 {
        if !self.here(target) {
            return 0;
        }
        let Ok(mut hp) = self.m.hp.get_mut(target) else {
            return 0;
        };
        let healed = hp.heal(amount);
        let left = hp.current;
        let now = *hp;
        if let Some(row) = self.e.lineup.row_mut(target) {
            row.hp = now;
        }
        if self.e.log.enabled() {
            let id = self.id(target);
            self.e.log.push(LogEvent::Healed {
                target: id,
                amount: healed,
                hp: left,
            });
        }
        healed
    }

    // --- Statuses and conditions ---

    /// Sets `who`'s status and logs the change. In a simultaneous step the change waits until
    /// the step ends (it still acts in it).
    pub fn set_status(&mut self, who: Entity, status: Status) {
        if self.e.turn.defers_status() {
            self.e.turn.defer(who, status);
            return;
        }
        self.apply_status(who, status);
    }

    /// Sets `who`'s status now and logs the change.
    pub(crate) fn apply_status(&mut self, who: Entity, status: Status) {
        if !self.here(who) {
            return;
        }
        let Ok(mut s) = self.m.status.get_mut(who) else {
            return;
        };
        if *s == status {
            return;
        }
        *s = status;
        if let Some(row) = self.e.lineup.row_mut(who) {
            row.status = status;
        }
        if self.e.log.enabled() {
            let id = self.id(who);
            self.e.log.push(LogEvent::StatusChanged { who: id, status });
        }
    }

    /// Sets or clears an innate condition of `who` (one that follows from its own state).
    pub fn set_innate(&mut self, who: Entity, c: Condition, on: bool) {
        if self.here(who)
            && let Ok((mut conditions, _)) = self.m.conditions.get_mut(who)
            && conditions.has(c) != on
        {
            conditions.set_innate(c, on);
            if let Some(row) = self.e.lineup.row_mut(who) {
                row.conditions.set_innate(c, on);
            }
        }
    }

    /// Applies an effect from `source` to `target`, logged; its conditions take hold at once.
    pub fn apply(&mut self, target: Entity, source: Option<Entity>, spec: EffectSpec) {
        if !self.here(target) {
            return;
        }
        let serial = self.e.encounter.take_effect_serial();
        let stamp = (self.e.encounter.round, self.e.turn.serial, serial);
        let Ok((mut conditions, mut effects)) = self.m.conditions.get_mut(target) else {
            return;
        };
        if self.e.log.enabled() {
            let described = crate::effect::Effect {
                kind: spec.kind,
                source,
                magnitude: spec.magnitude,
                duration: spec.duration,
                name: None,
                applied_round: stamp.0,
                applied_turn: stamp.1,
                checked_turn: 0,
                serial,
            }
            .describe(R::vocabulary());
            let id = self.m.fixed.get(target).map_or(NOBODY, |(c, _)| c.id);
            self.e.log.push(LogEvent::EffectApplied {
                target: id,
                effect: described,
            });
        }
        if effects.add(spec, source, stamp) {
            conditions.recompute(effects.conditions());
        }
        if let Some(row) = self.e.lineup.row_mut(target) {
            row.conditions.clone_from(&conditions);
            row.effects = effects.len();
        }
    }

    /// Ends `target`'s effect with this serial, logged.
    pub fn end_effect(&mut self, target: Entity, serial: u32) {
        if !self.here(target) {
            return;
        }
        let Ok((mut conditions, mut effects)) = self.m.conditions.get_mut(target) else {
            return;
        };
        let Some(effect) = effects.remove(serial) else {
            return;
        };
        conditions.recompute(effects.conditions());
        if let Some(row) = self.e.lineup.row_mut(target) {
            row.conditions.clone_from(&conditions);
            row.effects = effects.len();
        }
        if self.e.log.enabled() {
            let id = self.m.fixed.get(target).map_or(NOBODY, |(c, _)| c.id);
            self.e.log.push(LogEvent::EffectEnded {
                target: id,
                effect: effect.describe_end(R::vocabulary()),
            });
        }
    }

    /// Marks `target`'s effect `serial` as checked at the end of turn `turn` (a save rolled,
    /// ongoing damage dealt).
    pub fn mark_checked(&mut self, target: Entity, serial: u32, turn: u32) {
        if self.here(target)
            && let Ok((_, mut effects)) = self.m.conditions.get_mut(target)
            && let Some(effect) = effects.get_mut(serial)
        {
            effect.checked_turn = turn;
        }
    }

    /// The name of a condition in the ruleset's words.
    pub fn condition_name(&self, c: Condition) -> Cow<'static, str> {
        R::vocabulary().condition(c)
    }

    // --- Engagement and movement ---

    /// `who` engages `target` (and `target` engages `who` too when `mutual`), logged.
    pub fn engage(&mut self, who: Entity, target: Entity, mutual: bool) {
        if !(self.here(who) && self.here(target)) {
            return;
        }
        engagement::engage(&mut self.m.engagement, who, target, mutual);
        self.mirror_engagement(who);
        self.mirror_engagement(target);
        if self.e.log.enabled() {
            let (a, b) = (self.id(who), self.id(target));
            self.e.log.push(LogEvent::Engaged { who: a, target: b });
        }
    }

    /// `who` engages `target` (both ways when `mutual`) without a log entry: an engagement that
    /// carries on rather than a new one (a mover staying engaged with its interceptors).
    pub fn engage_quietly(&mut self, who: Entity, target: Entity, mutual: bool) {
        if !(self.here(who) && self.here(target)) {
            return;
        }
        engagement::engage(&mut self.m.engagement, who, target, mutual);
        self.mirror_engagement(who);
        self.mirror_engagement(target);
    }

    /// `who` stops engaging `target` (one-way).
    pub fn stop_engaging(&mut self, who: Entity, target: Entity) {
        if !(self.here(who) && self.here(target)) {
            return;
        }
        engagement::stop_engaging(&mut self.m.engagement, who, target);
        self.mirror_engagement(who);
        self.mirror_engagement(target);
    }

    /// Every engagement between `a` and `b` ends.
    pub fn release(&mut self, a: Entity, b: Entity) {
        if !(self.here(a) && self.here(b)) {
            return;
        }
        engagement::release(&mut self.m.engagement, a, b);
        self.mirror_engagement(a);
        self.mirror_engagement(b);
    }

    /// Every engagement of `who` ends.
    pub fn release_all(&mut self, who: Entity) {
        if !self.here(who) {
            return;
        }
        let foes: smallvec::SmallVec<[Entity; 8]> = self.foes(who).collect();
        engagement::release_all(&mut self.m.engagement, who);
        self.mirror_engagement(who);
        for foe in foes {
            self.mirror_engagement(foe);
        }
    }

    /// Copies `e`'s engagements into its row of the lineup.
    fn mirror_engagement(&mut self, e: Entity) {
        if let (Ok(engagement), Some(row)) = (self.m.engagement.get(e), self.e.lineup.row_mut(e)) {
            row.engagement.clone_from(engagement);
        }
    }

    /// Moves `who` to region `to`, logged.
    pub fn move_to(&mut self, who: Entity, to: RegionId) {
        if !self.here(who) {
            return;
        }
        let Ok(mut region) = self.m.region.get_mut(who) else {
            return;
        };
        let from = region.0;
        if from == to {
            return;
        }
        region.0 = to;
        if let Some(row) = self.e.lineup.row_mut(who) {
            row.region = to;
        }
        if self.e.log.enabled() {
            let id = self.id(who);
            self.e.log.push(LogEvent::Moved { who: id, from, to });
        }
    }

    // --- The turn ---

    /// Whether the current actor may delay: someone acts after its unit this round, and none of
    /// its unit acted yet (a group or sides delay as one, before any member acts).
    pub fn can_delay(&self) -> bool {
        crate::flow::walk::can_delay(&self.e.turn, &self.e.order, self.e.roster, &self.m.status)
    }

    /// The current actor delays, with its whole unit: they act after the next unit still
    /// taking turns this round, and this turn ends without its end-of-turn effects (they come
    /// with the turn it takes later). Returns false when it may not ([`Ctx::can_delay`]).
    pub fn delay_turn(&mut self) -> bool {
        let e = &mut self.e;
        crate::flow::walk::delay(&mut e.turn, &mut e.order, e.roster, &self.m.status)
    }

    /// Ends the fight now with `ending` and `winner`, whatever the sides' standing (B/X: the
    /// monsters' reaction roll ends an encounter before any blow, [`Ending::Parley`]). Nothing
    /// happens in an encounter that has ended already.
    ///
    /// [`Ending::Parley`]: crate::outcome::Ending::Parley
    pub fn conclude(&mut self, winner: Option<SideId>, ending: crate::outcome::Ending) {
        let round = self.e.encounter.round();
        let outcome = crate::outcome::Outcome {
            winner,
            ending,
            round,
        };
        let e = &mut self.e;
        crate::flow::end(&mut e.encounter, &mut e.log, outcome);
    }

    /// Whether the current actor may delay into the next round: none of its unit acted yet,
    /// nobody acts after it this round, and someone else of the order still takes turns.
    pub fn can_delay_into_next_round(&self) -> bool {
        crate::flow::walk::can_delay_into_next_round(
            &self.e.turn,
            &self.e.order,
            self.e.roster,
            &self.m.status,
        )
    }

    /// The current actor delays into the next round, with its whole unit: it moves to the top
    /// of the turn order and comes first next round (a ruleset decides what that turn means),
    /// and this turn ends without its end-of-turn effects. Returns false when it may not
    /// ([`Ctx::can_delay_into_next_round`]).
    pub fn delay_into_next_round(&mut self) -> bool {
        let e = &mut self.e;
        crate::flow::walk::delay_into_next_round(
            &mut e.turn,
            &mut e.order,
            e.roster,
            &self.m.status,
        )
    }

    /// Marks the situation changed for offers made earlier (after changing state outside an
    /// action, such as a ruleset's start-of-turn rules).
    pub fn touch(&mut self) {
        self.e.turn.touch();
    }

    /// The controllers' random stream (AI choices; never the rules' dice).
    pub(crate) fn decisions_rng(&mut self) -> &mut EncounterRng {
        &mut self.e.decisions.0
    }
}
