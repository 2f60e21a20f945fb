//! Action budgets: action slots, action points and the time gauge.
//!
//! Rulesets pick the budget that matches their economy: [`ActionSlots`] (archmage's and lite5e's
//! standard/move/quick, where a bigger slot can pay for a smaller action), [`ActionPoints`]
//! (die-rank's AP) or [`Atg`] (OHO's 6.5-second gauge, in tenths of a second). [`Cost`] is how
//! an intent's price is shown to AIs and UIs.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A kind of action slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Slot {
    /// Standard (archmage) or active (lite5e) action.
    Standard,
    /// Move (archmage) or movement (lite5e) action.
    Move,
    /// Quick action.
    Quick,
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Slot::Standard => "standard",
            Slot::Move => "move",
            Slot::Quick => "quick",
        })
    }
}

/// One standard, one move and one quick action a turn; a standard may be spent as a move or a
/// quick action, a move as a quick action (archmage AR-04, lite5e L5-03).
///
/// ```
/// use fray_core::budget::{ActionSlots, Slot};
/// let mut slots = ActionSlots::full();
/// assert_eq!(slots.spend(Slot::Quick), Some(Slot::Quick));
/// assert_eq!(slots.spend(Slot::Quick), Some(Slot::Move));     // a move pays for a quick action
/// assert_eq!(slots.spend(Slot::Move), Some(Slot::Standard));  // a standard pays for a move
/// assert_eq!(slots.spend(Slot::Quick), None);
/// ```
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ActionSlots {
    /// Standard action left.
    pub standard: bool,
    /// Move action left.
    pub movement: bool,
    /// Quick action left.
    pub quick: bool,
}

impl ActionSlots {
    /// All three slots available.
    pub fn full() -> Self {
        Self {
            standard: true,
            movement: true,
            quick: true,
        }
    }

    /// No slot left.
    pub fn empty() -> Self {
        Self::default()
    }

    /// The slot that would pay for an action of kind `slot` (the smallest that can), if any.
    pub fn payer(&self, slot: Slot) -> Option<Slot> {
        let order: &[Slot] = match slot {
            Slot::Quick => &[Slot::Quick, Slot::Move, Slot::Standard],
            Slot::Move => &[Slot::Move, Slot::Standard],
            Slot::Standard => &[Slot::Standard],
        };
        order.iter().copied().find(|s| self.has(*s))
    }

    /// True when an action of kind `slot` can be paid.
    pub fn can_pay(&self, slot: Slot) -> bool {
        self.payer(slot).is_some()
    }

    /// Pays for an action of kind `slot`; returns the slot used.
    pub fn spend(&mut self, slot: Slot) -> Option<Slot> {
        let payer = self.payer(slot)?;
        *self.flag(payer) = false;
        Some(payer)
    }

    /// Whether this exact slot is unspent.
    pub fn has(&self, slot: Slot) -> bool {
        match slot {
            Slot::Standard => self.standard,
            Slot::Move => self.movement,
            Slot::Quick => self.quick,
        }
    }

    /// True when nothing is left.
    pub fn is_empty(&self) -> bool {
        !(self.standard || self.movement || self.quick)
    }

    fn flag(&mut self, slot: Slot) -> &mut bool {
        match slot {
            Slot::Standard => &mut self.standard,
            Slot::Move => &mut self.movement,
            Slot::Quick => &mut self.quick,
        }
    }
}

/// Action points for the turn (die-rank).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ActionPoints {
    /// Points left this turn.
    pub current: i16,
    /// Points at the start of each turn.
    pub per_turn: i16,
}

/// OHO's Action/Time Gauge, in tenths of a second (6.5 s = 65).
///
/// ```
/// use fray_core::budget::Atg;
/// let mut atg = Atg::new(65);
/// assert!(atg.spend(30).is_ok());
/// assert_eq!(atg.spend(40), Err(35));   // not enough left; nothing spent
/// assert_eq!(atg.remaining, 35);
/// ```
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Atg {
    /// Time left, in tenths of a second.
    pub remaining: u16,
    /// The gauge when full, in tenths of a second.
    pub max: u16,
}

impl Atg {
    /// A full gauge.
    pub fn new(max: u16) -> Self {
        Self {
            remaining: max,
            max,
        }
    }

    /// Spends `tenths` if that much is left; otherwise returns what is left and spends nothing.
    pub fn spend(&mut self, tenths: u16) -> Result<(), u16> {
        if tenths <= self.remaining {
            self.remaining -= tenths;
            Ok(())
        } else {
            Err(self.remaining)
        }
    }
}

/// What an intent costs, for AIs and UIs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cost {
    /// Nothing.
    Free,
    /// One action slot of this kind (paid by a bigger one if needed).
    Slot(Slot),
    /// Every slot of the turn (a full-turn action, coup de grace).
    AllSlots,
    /// Time from the gauge, in tenths of a second.
    Seconds(u16),
    /// Action points.
    Points(i16),
    /// A reaction or interrupt, off-turn.
    Reaction,
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cost::Free => f.write_str("free"),
            Cost::Slot(s) => write!(f, "{s} action"),
            Cost::AllSlots => f.write_str("whole turn"),
            Cost::Seconds(t) => write!(f, "{}.{}s", t / 10, t % 10),
            Cost::Points(p) => write!(f, "{p} AP"),
            Cost::Reaction => f.write_str("reaction"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_cannot_be_paid_by_smaller_slots() {
        let mut slots = ActionSlots {
            standard: false,
            movement: true,
            quick: true,
        };
        assert_eq!(slots.spend(Slot::Standard), None);
        assert_eq!(slots.spend(Slot::Move), Some(Slot::Move));
        assert!(!slots.is_empty());
    }

    #[test]
    fn cost_displays_for_a_ui() {
        assert_eq!(Cost::Seconds(65).to_string(), "6.5s");
        assert_eq!(Cost::Slot(Slot::Move).to_string(), "move action");
    }
}
