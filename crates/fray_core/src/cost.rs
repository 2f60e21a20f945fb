//! What an intent costs, in common terms.
//!
//! Every ruleset prices intents in its own economy - archmage's standard, move and quick
//! actions, OHO's seconds of a gauge, die-rank's action points - and keeps that economy in its
//! own components. The core sees a [`Cost`]: an amount in a unit only the ruleset interprets,
//! when it is paid, and the share of a full turn it takes, which is what AIs and UIs compare
//! across rulesets. The ruleset's [`Vocabulary`](crate::vocabulary::Vocabulary) says it in
//! words.

use serde::{Deserialize, Serialize};
use std::fmt;

/// When a cost is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Timing {
    /// From the budget of the turn it is taken in.
    #[default]
    Turn,
    /// Out of turn, as a reaction (from whatever the ruleset keeps for reactions).
    Reaction,
    /// Out of turn, charged to the actor's next turn (die-rank interrupts).
    NextTurn,
}

/// The price of an intent.
///
/// ```
/// use fray_core::cost::{Cost, Timing};
/// // Three seconds of OHO's 6.5-second gauge (unit 0: tenths of a second).
/// let attack = Cost::new(30, 0, 461);
/// assert_eq!(attack.timing, Timing::Turn);
/// assert!(!attack.is_free() && Cost::FREE.is_free());
/// assert_eq!(attack.share(), 0.461);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Cost {
    /// How much, in `unit`.
    pub amount: u16,
    /// The ruleset's unit (a slot kind, tenths of a second, action points...), by its own code.
    pub unit: u8,
    /// When it is paid.
    pub timing: Timing,
    /// The share of a full turn's budget it takes, in thousandths: 0 for a free action, 1000 for
    /// one that takes the whole turn.
    pub per_mille: u16,
}

impl Cost {
    /// Nothing.
    pub const FREE: Cost = Cost {
        amount: 0,
        unit: 0,
        timing: Timing::Turn,
        per_mille: 0,
    };

    /// `amount` of `unit`, paid on the turn, taking `per_mille` thousandths of a full turn.
    pub const fn new(amount: u16, unit: u8, per_mille: u16) -> Self {
        Self {
            amount,
            unit,
            timing: Timing::Turn,
            per_mille,
        }
    }

    /// The same cost, paid at another time.
    pub const fn paid(mut self, timing: Timing) -> Self {
        self.timing = timing;
        self
    }

    /// True when it costs nothing.
    pub fn is_free(&self) -> bool {
        self.amount == 0 && self.per_mille == 0
    }

    /// The share of a full turn it takes (0 to 1).
    pub fn share(&self) -> f32 {
        f32::from(self.per_mille.min(1000)) / 1000.0
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_free() {
            return f.write_str("free");
        }
        write!(f, "{} of unit {}", self.amount, self.unit)?;
        match self.timing {
            Timing::Turn => Ok(()),
            Timing::Reaction => f.write_str(" (reaction)"),
            Timing::NextTurn => f.write_str(" (from the next turn)"),
        }
    }
}
