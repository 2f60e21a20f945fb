//! The changing state of a die-rank fight: the battle's (monster groups' mastery pools, the
//! initiative rolls, an answer just given) and each combatant's (its action points, what it
//! owes its next turn, its mastery points, what it did this turn).

use bevy_ecs::entity::{EntityMapper, MapEntities};
use bevy_ecs::prelude::*;
use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use fray_core::ids::GroupId;
use fray_core::turn::ActingUnit;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::contest::Hand;

/// A monster group's shared mastery points (DR-10) and its recovery bookkeeping (DR-11).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    /// Points left.
    pub left: u8,
    /// The sum of its members' points.
    pub max: u8,
    /// A member spent a point, took a major or exclusive action, or was harmed since the
    /// group's last recovery check.
    pub stirred: bool,
    /// The round of its last recovery check.
    pub checked: u32,
}

/// One unit's initiative roll (DR-12): the REF die rolled, with any mastery points spent on it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InitRoll {
    /// The unit: a combatant, or a monster group.
    pub unit: ActingUnit,
    /// The roll.
    pub hand: Hand,
}

/// A die-rank encounter's battle-wide state (it also marks die-rank encounters).
#[derive(Component, Debug, Clone, Default, PartialEq, Serialize, Deserialize, Reflect)]
#[component(map_entities)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct Dr {
    /// Mastery pools of monster groups, by [`GroupId`] (a hero's group has none).
    pub pools: SmallVec<[Pool; 4]>,
    /// The units' initiative rolls, as rolled at the start of the fight.
    pub initiative: SmallVec<[InitRoll; 8]>,
    /// The answer of the mastery window just closed spent a point.
    pub answered: bool,
}

impl Dr {
    /// The pool of group `g`, if it has one.
    pub fn pool(&self, g: GroupId) -> Option<&Pool> {
        self.pools.get(usize::from(g.0))
    }

    /// The pool of group `g`, to change it.
    pub fn pool_mut(&mut self, g: GroupId) -> Option<&mut Pool> {
        self.pools.get_mut(usize::from(g.0))
    }
}

impl MapEntities for Dr {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        for roll in &mut self.initiative {
            roll.unit.map_entities(mapper);
        }
    }
}

/// A combatant's die-rank state.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[component(map_entities)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct DrState {
    /// Its own mastery points (a grouped monster spends its group's pool instead).
    pub mp: u8,
    /// Action points left this turn.
    pub left: u8,
    /// Action points its interrupts took from its next turn (DR-14).
    pub owed: u8,
    /// A major interrupt ended its next turn before it began (DR-14).
    pub forfeit: bool,
    /// Major actions taken this turn.
    pub majors: u8,
    /// It spent action points this turn (no exclusive action and no delay after that).
    pub spent: bool,
    /// Its turn is over: a major action not pressed on, or an exclusive one.
    pub ended: bool,
    /// It leaves its region carefully this turn: its next move is a major action that
    /// provokes nothing (DR-16).
    pub careful: bool,
    /// It ran, swam or climbed: its defense rolls are disadvantaged until its next turn
    /// (DR-17, DR-18).
    pub exposed: bool,
    /// It spent a mastery point, took a major or exclusive action, or was harmed since its
    /// last recovery check (DR-11).
    pub stirred: bool,
    /// Mastery points it spent on the roll being made (at most its rank, DR-09).
    pub roll_spent: u8,
    /// Turns it has begun (cooldowns count them).
    pub turns: u32,
    /// The turn each attack was last used on, by attack index (0: never).
    pub used: SmallVec<[u32; 4]>,
    /// An attack readied for a declared trigger: it fires without a roll (DR-13), until its
    /// next turn.
    pub readied: Option<Ready>,
}

/// An attack readied for a simple declared trigger (DR-13: "I will attack the next enemy who
/// comes through the door").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ready {
    /// When foe `by` attacks it, attack `attack` strikes that foe first.
    Attacked {
        /// The foe.
        by: Entity,
        /// The attack, by index.
        attack: u16,
    },
    /// When an enemy enters its region, attack `attack` (a melee attack) strikes it.
    Enters {
        /// The attack, by index.
        attack: u16,
    },
}

impl DrState {
    /// Whether attack `index`, with a cooldown, is cooling down (used this turn or the last).
    pub fn cooling(&self, index: u16) -> bool {
        let used = self.used.get(usize::from(index)).copied().unwrap_or(0);
        used != 0 && self.turns <= used.saturating_add(1)
    }

    /// Notes attack `index` used on this turn.
    pub fn use_attack(&mut self, index: u16) {
        let i = usize::from(index);
        if self.used.len() <= i {
            self.used.resize(i + 1, 0);
        }
        self.used[i] = self.turns;
    }
}

impl MapEntities for DrState {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        if let Some(Ready::Attacked { by, .. }) = &mut self.readied {
            *by = mapper.get_mapped(*by);
        }
    }
}
