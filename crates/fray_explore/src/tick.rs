//! The exploration tick: the schedule of one turn and its phases, in order. What each phase
//! does is told with the schedule ([`schedule`](crate::schedule)).

use bevy_ecs::prelude::*;
use bevy_ecs::schedule::ScheduleLabel;

/// The schedule of one exploration turn.
#[derive(ScheduleLabel, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExploreTick;

/// The phases of an exploration turn, chained in this order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExploreSystems {
    /// The turn's span and activity.
    Plan,
    /// Wandering-monster checks (the ruleset's).
    Wander,
    /// The activity resolved (the ruleset's).
    Act,
    /// Moving through the dungeon (the model's).
    Travel,
    /// Monsters met, played out (the ruleset's).
    Meet,
    /// Lights burn, the clock moves on.
    EndTurn,
    /// Expeditions end.
    Outcome,
}

impl ExploreSystems {
    /// Every phase, in order.
    pub const ALL: [Self; 7] = [
        Self::Plan,
        Self::Wander,
        Self::Act,
        Self::Travel,
        Self::Meet,
        Self::EndTurn,
        Self::Outcome,
    ];
}
