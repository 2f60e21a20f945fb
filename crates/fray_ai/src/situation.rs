//! What an AI can see of the fight when it decides.

use bevy_ecs::prelude::*;
use fray_content::tactics::Tactics;
use fray_core::kit::{DecisionKind, FightView, Standing};
use fray_core::lineup::{Lineup, Row};
use fray_core::options::ActionOption;
use fray_core::prelude::*;
use smallvec::SmallVec;

/// Whether the decider can harm any foe, as its options' previews tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Harm {
    /// Some option would deal damage to a foe.
    Some,
    /// Options strike at foes, and none would deal damage: every foe in reach shrugs it off
    /// (an invulnerable shade, a party without silver or magic left).
    None,
    /// No option strikes at a foe (none in reach, or a step of the round without attacks),
    /// and some active foe could be harmed by what the actor has left
    /// ([`Standing::can_harm`]), or nobody can tell.
    Unknown,
}

impl Harm {
    /// What the options (and their previews, where asked for) of a decision tell. Only a
    /// turn's or a declaration's options count: a reaction's offer is too narrow to tell.
    /// Where no option strikes at a foe, the ruleset's word on each active foe
    /// ([`Situation::harms_no_foe`]) tells instead: a B/X declaration offers no blow, yet a
    /// fighter whose weapons cannot touch the last shade should withdraw there, the only
    /// step that lets it.
    pub(crate) fn of(
        kind: DecisionKind,
        options: &[ActionOption],
        previews: &[Preview],
        situation: &Situation,
    ) -> Self {
        if kind == DecisionKind::Reaction {
            return Harm::Unknown;
        }
        let mut struck = false;
        for (option, preview) in options.iter().zip(previews) {
            let target = match option.intent {
                Intent::Attack { target, .. } => Some(target),
                Intent::UseAbility { target, .. } => target,
                _ => continue,
            };
            if target.is_some_and(|t| situation.is_ally(t)) {
                continue;
            }
            if preview.expected_damage > 0.0 {
                return Harm::Some;
            }
            // An ability without a target, or one that deals no damage (a buff, a heal), says
            // nothing of the foes; an attack on a foe does.
            if matches!(option.intent, Intent::Attack { .. }) {
                struck = true;
            }
        }
        if struck || situation.harms_no_foe() {
            Harm::None
        } else {
            Harm::Unknown
        }
    }
}

/// The fight as seen by the deciding combatant.
pub(crate) struct Situation<'a> {
    actor: Entity,
    side: SideId,
    map: &'a EncounterMap,
    /// Every combatant, in roster order.
    lineup: &'a Lineup,
    can_attack: bool,
    /// Regions of the active enemies, each once.
    enemy_regions: SmallVec<[RegionId; 16]>,
    /// Where the actor stands.
    here: Option<RegionId>,
    /// Active enemies engaged with the actor.
    threat: f32,
    /// The actor is engaged with anyone.
    engaged: bool,
    /// The actor's morale is broken.
    broken: bool,
    /// The tactics the actor fights by.
    tactics: Tactics,
    /// Who leads whom, who casts and who can harm whom.
    standing: Option<&'a dyn Standing>,
    /// Whether the actor can harm any foe, as its options tell.
    harm: Harm,
    /// The best expected damage of a plain attack among its options.
    best_blow: f32,
}

impl<'a> Situation<'a> {
    /// The situation a decider sees.
    pub fn new(fight: &FightView<'a>, can_attack: bool) -> Self {
        let lineup = fight.lineup;
        // Each region once: a big fight has hundreds of enemies in a handful of regions.
        let mut enemy_regions: SmallVec<[RegionId; 16]> = SmallVec::new();
        for (_, s) in lineup.iter() {
            if s.side != fight.side && s.status.is_active() && !enemy_regions.contains(&s.region) {
                enemy_regions.push(s.region);
            }
        }
        Self {
            actor: fight.actor,
            side: fight.side,
            map: fight.map,
            lineup,
            can_attack,
            enemy_regions,
            here: lineup.row(fight.actor).map(|s| s.region),
            threat: fight.threat as f32,
            engaged: fight.engaged,
            broken: fight.morale_broken,
            tactics: fight.tactics,
            standing: fight.standing,
            harm: Harm::Unknown,
            best_blow: 0.0,
        }
    }

    /// The same situation, the actor fighting by `tactics` (the random policy's aggressive
    /// picks play without the combatant's own).
    pub fn with_tactics(self, tactics: Tactics) -> Self {
        Self { tactics, ..self }
    }

    /// The same situation, `standing` telling who leads, who casts and who can harm whom (for
    /// the policies' unit tests).
    #[cfg(test)]
    pub fn with_standing(self, standing: &'a dyn Standing) -> Self {
        Self {
            standing: Some(standing),
            ..self
        }
    }

    /// The same situation, with what the decision's options tell: whether the actor can harm
    /// any foe, and the best expected damage of its plain attacks.
    pub fn with_outlook(self, harm: Harm, best_blow: f32) -> Self {
        Self {
            harm,
            best_blow,
            ..self
        }
    }

    /// The tactics the actor fights by.
    pub fn tactics(&self) -> &Tactics {
        &self.tactics
    }

    /// Whether the actor can harm any foe, as its options tell.
    pub fn harm(&self) -> Harm {
        self.harm
    }

    /// The best expected damage of a plain attack among the actor's options.
    pub fn best_blow(&self) -> f32 {
        self.best_blow
    }

    /// Whether `e` leads its side.
    pub fn is_leader(&self, e: Entity) -> bool {
        self.standing.is_some_and(|s| s.is_leader(e))
    }

    /// Whether `e` casts spells or wields spell-like powers, as its ruleset tells.
    pub fn is_caster(&self, e: Entity) -> bool {
        self.standing.is_some_and(|s| s.is_caster(e))
    }

    /// Whether the actor can strike a foe from where it stands: a blow is among its options,
    /// or its ruleset says one comes later this round without a step
    /// ([`Standing::strikes_later_from_here`]: a B/X archer in the movement step).
    pub fn can_strike_from_here(&self) -> bool {
        self.can_attack
            || self
                .standing
                .is_some_and(|s| s.strikes_later_from_here(self.actor))
    }

    /// Whether there are active foes and the actor could harm none of them with anything it
    /// has left, as its ruleset tells ([`Standing::can_harm`]). `false` when nobody can tell
    /// (no [`Standing`]).
    pub fn harms_no_foe(&self) -> bool {
        let Some(standing) = self.standing else {
            return false;
        };
        let mut foes = self
            .lineup
            .iter()
            .filter(|(_, r)| r.side != self.side && r.status.is_active())
            .peekable();
        foes.peek().is_some() && foes.all(|(e, _)| !standing.can_harm(self.actor, e))
    }

    /// Regions between the actor and `e`.
    pub fn hops_to(&self, e: Entity) -> Option<u8> {
        Some(self.map.hops(self.here?, self.get(e)?.region))
    }

    /// Whether `e` and the actor are engaged (either way).
    pub fn engaged_with_actor(&self, e: Entity) -> bool {
        self.get(self.actor)
            .is_some_and(|r| r.engagement.is_engaged_with(e))
    }

    /// How many of the actor's allies (the actor left out) are engaged with `e`.
    pub fn allies_engaged_with(&self, e: Entity) -> usize {
        self.allies_engaged_with_where(e, |_| true)
    }

    /// How many of the actor's allies (the actor left out) for which `which` holds are
    /// engaged with `e`.
    pub fn allies_engaged_with_where(&self, e: Entity, which: impl Fn(Entity) -> bool) -> usize {
        self.lineup
            .iter()
            .filter(|(a, r)| {
                *a != self.actor
                    && r.side == self.side
                    && r.status.is_active()
                    && r.engagement.is_engaged_with(e)
                    && which(*a)
            })
            .count()
    }

    /// Whether a move to `to` stands in a region with an active foe.
    pub fn among_foes(&self, to: RegionId) -> bool {
        self.enemy_regions.contains(&to)
    }

    /// A situation from plain data, for the policies' unit tests: the actor stands in its
    /// row of `lineup`, engaged with nobody, morale whole.
    #[cfg(test)]
    pub fn of(actor: Entity, map: &'a EncounterMap, lineup: &'a Lineup) -> Self {
        let side = lineup.row(actor).map_or(SideId(0), |s| s.side);
        Self::new(
            &FightView {
                actor,
                side,
                map,
                lineup,
                threat: 0,
                engaged: false,
                morale_broken: false,
                tactics: Tactics::default(),
                standing: None,
            },
            true,
        )
    }

    /// A combatant's row.
    pub fn get(&self, e: Entity) -> Option<&Row> {
        self.lineup.row(e)
    }

    pub fn actor(&self) -> Entity {
        self.actor
    }

    fn hp(&self, e: Entity) -> Option<Hp> {
        self.get(e).map(|s| s.hp)
    }

    pub fn hp_fraction(&self, e: Entity) -> f32 {
        self.hp(e).map_or(1.0, |hp| hp.fraction())
    }

    pub fn actor_hp_fraction(&self) -> f32 {
        self.hp_fraction(self.actor)
    }

    pub fn missing_hp(&self, e: Entity) -> i32 {
        self.hp(e).map_or(0, |hp| hp.missing())
    }

    pub fn is_ally(&self, e: Entity) -> bool {
        self.get(e).is_some_and(|s| s.side == self.side)
    }

    pub fn is_down(&self, e: Entity) -> bool {
        self.get(e).is_some_and(|s| s.status == Status::Down)
    }

    fn hops_to_enemy(&self, from: RegionId) -> Option<u8> {
        self.enemy_regions
            .iter()
            .map(|r| self.map.hops(from, *r))
            .min()
    }

    /// How many hops nearer the closest active enemy `to` is than where the actor stands
    /// (negative: farther).
    pub fn closer_to_enemy(&self, to: RegionId) -> Option<i32> {
        let now = self.hops_to_enemy(self.here?)?;
        let then = self.hops_to_enemy(to)?;
        Some(i32::from(now) - i32::from(then))
    }

    /// Active enemies engaged with the actor.
    pub fn threat_to_actor(&self) -> f32 {
        self.threat
    }

    /// How dangerous a target looks (its maximum hit points stand in for its power).
    pub fn threat_of(&self, e: Entity) -> f32 {
        self.hp(e).map_or(1.0, |hp| hp.max as f32 / 10.0)
    }

    /// A rough price of drawing one opportunity attack.
    pub fn expected_opportunity_damage(&self) -> f32 {
        self.hp(self.actor).map_or(3.0, |hp| hp.max as f32 * 0.12)
    }

    pub fn can_attack_now(&self) -> bool {
        self.can_attack
    }

    pub fn engaged(&self) -> bool {
        self.engaged
    }

    pub fn actor_morale_broken(&self) -> bool {
        self.broken
    }

    /// How many of the actor's side, and of its enemies, are still fighting.
    fn active_counts(&self) -> (u32, u32) {
        let (mut mine, mut theirs) = (0, 0);
        for (_, s) in self.lineup.iter().filter(|(_, s)| s.status.is_active()) {
            if s.side == self.side {
                mine += 1;
            } else {
                theirs += 1;
            }
        }
        (mine, theirs)
    }

    /// Fewer of the actor's side are still fighting than of its enemies.
    pub fn side_losing(&self) -> bool {
        let (mine, theirs) = self.active_counts();
        mine < theirs
    }

    /// The actor is the last of its side still fighting.
    pub fn last_standing(&self) -> bool {
        let (mine, theirs) = self.active_counts();
        mine <= 1 && theirs > 0
    }
}
