//! Where an encounter is in its life. Only the flow module changes it.

use serde::{Deserialize, Serialize};

/// Where an encounter is in its life (see the transition table in [`flow`](crate::flow)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Phase {
    /// Spawned; the ruleset sets the fight up (initiative) in the next tick.
    #[default]
    Setup,
    /// A new round starts this tick.
    RoundStart,
    /// Combatants declare what they will do this round, one after another, before initiative
    /// (B/X spells and melee movement).
    Declaring,
    /// The current actor's turn starts this tick.
    TurnStart,
    /// Waiting for, or resolving, the current actor's intents.
    Acting,
    /// A reaction window is open (opportunity attacks, intercepts, readied actions).
    Reacting,
    /// The current actor's turn ends this tick.
    TurnEnd,
    /// The fight is over.
    Ended,
}

/// An encounter's phase, readable by anyone and written only by the flow module's
/// transitions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct PhaseCell(Phase);

impl PhaseCell {
    /// The phase.
    #[inline]
    pub fn get(self) -> Phase {
        self.0
    }

    /// Moves to `phase` (the flow module's transitions alone call this).
    #[inline]
    pub(in crate::flow) fn set(&mut self, phase: Phase) {
        self.0 = phase;
    }
}
