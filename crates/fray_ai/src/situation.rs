//! What an AI can see of the fight when it decides.

use bevy_ecs::prelude::*;
use fray_core::kit::FightView;
use fray_core::lineup::{Lineup, Row};
use fray_core::prelude::*;
use smallvec::SmallVec;

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
        }
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
