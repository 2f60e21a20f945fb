//! Morale triggers: the moments a side's nerve is tested.
//!
//! The core notices the triggers every ruleset shares - the battle starts, a side's first
//! combatant falls, its leader goes down, half of it is out of the fight - each at most once per
//! side and battle, and queues them on the encounter's [`MoraleState`]. The ruleset's
//! [`TurnFlow::morale`](crate::kit::TurnFlow::morale) rolls the checks (or ignores them: archmage
//! uses no morale), and the core clears the queue after. A fallen combatant (down or dead)
//! counts as the side's "first death": in the heat of battle a friend on the ground looks dead.

use bevy_ecs::prelude::*;
use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::ids::SideId;

/// What tests a side's morale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoraleTrigger {
    /// The battle begins.
    BattleStart,
    /// The side's first combatant falls.
    FirstDeath,
    /// The side's leader is down, dead or gone.
    LeaderDown,
    /// Half of the side is out of the fight.
    HalfOut,
}

impl fmt::Display for MoraleTrigger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoraleTrigger::BattleStart => "the battle begins",
            MoraleTrigger::FirstDeath => "first of the side falls",
            MoraleTrigger::LeaderDown => "the leader is down",
            MoraleTrigger::HalfOut => "half the side is out of the fight",
        })
    }
}

/// Which triggers already fired for one side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideMorale {
    /// First fallen noted.
    pub first_death: bool,
    /// Leader down noted.
    pub leader_down: bool,
    /// Half out noted.
    pub half_out: bool,
}

/// Morale bookkeeping of an encounter.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct MoraleState {
    /// Whether the battle-start trigger fired.
    pub started: bool,
    /// Per side, by [`SideId`].
    pub sides: Vec<SideMorale>,
    /// Triggers to check this tick, in the order they happened.
    pub pending: Vec<(SideId, MoraleTrigger)>,
}

impl MoraleState {
    /// Forgets everything for a new fight (keeping the allocations).
    pub fn restart(&mut self) {
        self.started = false;
        self.sides.clear();
        self.pending.clear();
    }
}
