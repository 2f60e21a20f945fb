//! Resting in the dungeon (BX-10): one turn in every hour, or -1 to hit and damage until the
//! party has rested a turn.

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use serde::{Deserialize, Serialize};

/// The affliction of a party that pressed on without its rest: -1 to attack and damage rolls
/// until it rests a turn.
pub const WEARY: &str = "weary";

/// What a weary party loses on attack and damage rolls.
pub const WEARY_PENALTY: i32 = 1;

/// Turns since the party last rested.
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct RestNeed {
    /// Turns played since the last rest turn (or since setting out).
    pub turns_since_rest: u8,
}

/// What a turn did to the party's need for rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RestChange {
    /// Nothing changes.
    Unchanged,
    /// The party rested: weariness is lifted.
    Rested,
    /// The party pressed on past its hour: it is weary.
    Weary,
}

impl RestNeed {
    /// Turns a party may go without resting: five, so that one turn in six (an hour) is rest.
    pub const TURNS_BEFORE_REST: u8 = 5;

    /// Notes a turn spent resting or not. Ruling: the sixth turn in a row without rest is
    /// pressing on, and from its end the party is weary until it rests a turn.
    pub fn turn(&mut self, rested: bool) -> RestChange {
        if rested {
            self.turns_since_rest = 0;
            return RestChange::Rested;
        }
        self.turns_since_rest = self.turns_since_rest.saturating_add(1);
        if self.turns_since_rest > Self::TURNS_BEFORE_REST {
            RestChange::Weary
        } else {
            RestChange::Unchanged
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bx10_five_turns_without_rest_are_fine_the_sixth_makes_the_party_weary() {
        let mut need = RestNeed::default();
        for _ in 0..5 {
            assert_eq!(need.turn(false), RestChange::Unchanged);
        }
        assert_eq!(need.turn(false), RestChange::Weary);
        assert_eq!(need.turn(false), RestChange::Weary, "until it rests");
        assert_eq!(need.turn(true), RestChange::Rested);
        assert_eq!(need.turns_since_rest, 0);
    }

    #[test]
    fn bx10_a_rest_turn_every_hour_keeps_the_party_fresh() {
        let mut need = RestNeed::default();
        for _ in 0..4 {
            for _ in 0..5 {
                assert_eq!(need.turn(false), RestChange::Unchanged);
            }
            assert_eq!(need.turn(true), RestChange::Rested);
        }
    }
}
