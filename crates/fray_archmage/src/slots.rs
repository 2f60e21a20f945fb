//! Archmage's economy: one standard, one move and one quick action a turn (AR-04), and how an
//! intent's price in it reads as a core [`Cost`](fray_core::cost::Cost).

use bevy_ecs::prelude::*;
use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use fray_core::cost::{Cost, Timing};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A kind of action.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Slot {
    /// A standard action.
    Standard,
    /// A move action.
    Move,
    /// A quick action.
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

/// The cost unit of a whole turn (every slot, a coup de grace).
const WHOLE_TURN: u8 = 4;

/// The cost units of an action paid with a bigger slot (AR-04), after [`WHOLE_TURN`]: a move
/// paid with the standard, a quick action paid with the move, a quick action paid with the
/// standard.
const PAID_WITH_BIGGER: [(Slot, Slot, u8); 3] = [
    (Slot::Move, Slot::Standard, 5),
    (Slot::Quick, Slot::Move, 6),
    (Slot::Quick, Slot::Standard, 7),
];

impl Slot {
    /// The cost unit of an action of this kind.
    fn unit(self) -> u8 {
        match self {
            Slot::Standard => 1,
            Slot::Move => 2,
            Slot::Quick => 3,
        }
    }

    /// An action of this kind, as a cost.
    pub fn cost(self) -> Cost {
        Cost::new(1, self.unit(), self.per_mille())
    }

    /// An action of this kind paid with slot `payer` (a move paid with the standard...), as a
    /// cost: its unit names both, so the cost's words say which slot pays. Its share of the
    /// turn stays the action kind's (what the action is worth, which is what AIs weigh).
    pub fn paid_with(self, payer: Slot) -> Cost {
        PAID_WITH_BIGGER
            .iter()
            .find(|(kind, by, _)| (*kind, *by) == (self, payer))
            .map_or_else(
                || self.cost(),
                |(_, _, unit)| Cost::new(1, *unit, self.per_mille()),
            )
    }

    fn per_mille(self) -> u16 {
        match self {
            Slot::Standard => 500,
            Slot::Move => 300,
            Slot::Quick => 200,
        }
    }

    /// Every slot of the turn, as a cost.
    pub fn whole_turn() -> Cost {
        Cost::new(1, WHOLE_TURN, 1000)
    }

    /// A reaction: nothing from the turn.
    pub fn reaction() -> Cost {
        Cost::FREE.paid(Timing::Reaction)
    }

    /// What a cost takes: `Some(Some(slot))` an action of kind `slot`, `Some(None)` the whole
    /// turn, `None` nothing.
    pub fn of_cost(cost: Cost) -> Option<Option<Slot>> {
        Self::paid_by(cost).map(|paid| paid.map(|(kind, _)| kind))
    }

    /// What a cost takes, with the slot that pays: `Some(Some((kind, payer)))` an action of
    /// kind `kind` paid with slot `payer`, `Some(None)` the whole turn, `None` nothing.
    pub fn paid_by(cost: Cost) -> Option<Option<(Slot, Slot)>> {
        if cost.amount == 0 || cost.timing != Timing::Turn {
            return None;
        }
        match cost.unit {
            1 => Some(Some((Slot::Standard, Slot::Standard))),
            2 => Some(Some((Slot::Move, Slot::Move))),
            3 => Some(Some((Slot::Quick, Slot::Quick))),
            WHOLE_TURN => Some(None),
            unit => PAID_WITH_BIGGER
                .iter()
                .find(|(.., u)| *u == unit)
                .map(|(kind, payer, _)| Some((*kind, *payer))),
        }
    }
}

/// One standard, one move and one quick action a turn; a standard may be spent as a move or a
/// quick action, a move as a quick action (AR-04).
///
/// ```
/// use fray_archmage::slots::{ActionSlots, Slot};
/// let mut slots = ActionSlots::full();
/// assert_eq!(slots.spend(Slot::Quick), Some(Slot::Quick));
/// assert_eq!(slots.spend(Slot::Quick), Some(Slot::Move));     // a move pays for a quick action
/// assert_eq!(slots.spend(Slot::Move), Some(Slot::Standard));  // a standard pays for a move
/// assert_eq!(slots.spend(Slot::Quick), None);
/// ```
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect,
)]
#[reflect(Component, Debug, PartialEq, Default)]
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

    /// An action of kind `slot` as a cost, naming the slot that would pay for it now
    /// ([`Slot::paid_with`]); the kind's own cost when nothing can pay (the legality check
    /// refuses it anyway).
    ///
    /// ```
    /// use fray_archmage::slots::{ActionSlots, Slot};
    /// let mut slots = ActionSlots::full();
    /// assert_eq!(slots.cost_of(Slot::Move), Slot::Move.cost());
    /// slots.spend(Slot::Move);
    /// assert_eq!(slots.cost_of(Slot::Move), Slot::Move.paid_with(Slot::Standard));
    /// assert_eq!(Slot::paid_by(slots.cost_of(Slot::Move)), Some(Some((Slot::Move, Slot::Standard))));
    /// ```
    pub fn cost_of(&self, slot: Slot) -> Cost {
        self.payer(slot)
            .map_or_else(|| slot.cost(), |payer| slot.paid_with(payer))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ar04_standard_cannot_be_paid_by_smaller_slots() {
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
    fn costs_read_back_as_the_slot_they_take() {
        for slot in [Slot::Standard, Slot::Move, Slot::Quick] {
            assert_eq!(Slot::of_cost(slot.cost()), Some(Some(slot)));
        }
        assert_eq!(Slot::of_cost(Slot::whole_turn()), Some(None));
        assert_eq!(Slot::of_cost(Cost::FREE), None);
        assert_eq!(Slot::of_cost(Slot::reaction()), None);
    }
}
