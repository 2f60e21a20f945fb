//! OHO's economy: the Action/Time Gauge of 6.5 seconds each turn (OHO-01), and the price of
//! intents in its seconds, as the core's [`Cost`](fray_core::cost::Cost).

use bevy_reflect::Reflect;
use std::borrow::Cow;
use std::sync::OnceLock;

use bevy_ecs::prelude::*;
use fray_core::cost::{Cost, Timing};
use serde::{Deserialize, Serialize};

use crate::rules::{ATG, seconds};

/// The unit of OHO's costs: tenths of a second of the gauge.
pub const TENTHS: u8 = 0;

/// The Action/Time Gauge, in tenths of a second (6.5 s = 65).
///
/// ```
/// use fray_oho::gauge::Atg;
/// let mut atg = Atg::new(65);
/// assert!(atg.spend(30).is_ok());
/// assert_eq!(atg.spend(40), Err(35));   // not enough left; nothing spent
/// assert_eq!(atg.remaining, 35);
/// ```
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(Component, Debug, PartialEq)]
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

/// The price of an action taking `tenths` of the gauge, on the turn: its share of a full
/// 6.5-second gauge is what AIs and UIs compare across rulesets.
///
/// ```
/// use fray_oho::gauge::cost;
/// assert_eq!((cost(30).amount, cost(30).per_mille), (30, 461));
/// assert_eq!(cost(65).per_mille, 1000);
/// ```
pub const fn cost(tenths: u16) -> Cost {
    let share = tenths as u32 * 1000 / ATG as u32;
    let per_mille = if share > 1000 { 1000 } else { share as u16 };
    Cost::new(tenths, TENTHS, per_mille)
}

/// The price of a reaction taking `tenths` of the gauge, out of turn.
pub const fn reaction_cost(tenths: u16) -> Cost {
    cost(tenths).paid(Timing::Reaction)
}

/// The tenths of a second a cost takes from the gauge (0 for a free one).
pub fn tenths(cost: Cost) -> u16 {
    if cost.unit == TENTHS { cost.amount } else { 0 }
}

/// Tenths of a second as the log shows them (`3.5s`), made once for every time up to 25.5 s.
pub fn seconds_text(tenths: u16) -> Cow<'static, str> {
    static TEXTS: OnceLock<Vec<String>> = OnceLock::new();
    let texts = TEXTS.get_or_init(|| (0..=255u16).map(seconds).collect());
    match texts.get(usize::from(tenths)) {
        Some(text) => Cow::Borrowed(text.as_str()),
        None => Cow::Owned(seconds(tenths)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oho01_costs_are_seconds_of_the_gauge() {
        assert_eq!(seconds_text(5), "0.5s");
        assert_eq!(seconds_text(65), "6.5s");
        assert_eq!(seconds_text(1000), "100.0s");
        assert_eq!(tenths(cost(35)), 35);
        assert_eq!(tenths(Cost::FREE), 0);
        assert_eq!(reaction_cost(5).timing, Timing::Reaction);
        assert_eq!(cost(5).per_mille, 76);
    }
}
