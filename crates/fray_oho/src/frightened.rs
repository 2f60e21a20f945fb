//! Frightened, which the text names but leaves undefined (OHO-20): what it does comes from the
//! encounter's options. By default it does what Fray has always done: a frightened creature
//! loses 1d6 on its attack rolls and will not close in to engage.
//!
//! ```ron
//! options: (ruleset: {"frightened_attack_dice": 2, "frightened_may_engage": true}),
//! ```

use std::collections::BTreeMap;

use fray_content::options::{OptionDef, OptionValue};
use fray_core::prelude::*;
use serde::{Deserialize, Serialize};

/// The option naming the d6 a frightened creature loses from its attack rolls.
pub const ATTACK_DICE: &str = "frightened_attack_dice";
/// The option saying whether a frightened creature may engage.
pub const MAY_ENGAGE: &str = "frightened_may_engage";
/// The most d6 [`ATTACK_DICE`] may take away.
pub const MAX_DICE: u8 = 10;

/// Frightened's options, with today's behaviour as their defaults.
pub const OPTIONS: [OptionDef; 2] = [
    OptionDef {
        name: ATTACK_DICE,
        default: OptionValue::Int(1),
        doc: "d6 a frightened creature loses from its attack rolls, 0 to 10 (OHO-20)",
    },
    OptionDef {
        name: MAY_ENGAGE,
        default: OptionValue::Bool(false),
        doc: "whether a frightened creature may engage (OHO-20)",
    },
];

/// What frightened does in an encounter (OHO-20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frightened {
    /// d6 a frightened creature loses from its attack rolls.
    pub attack_dice: u8,
    /// Whether a frightened creature may engage (and withhold a strike that closes in).
    pub may_engage: bool,
}

impl Default for Frightened {
    fn default() -> Self {
        Self {
            attack_dice: 1,
            may_engage: false,
        }
    }
}

impl Frightened {
    /// What an encounter's ruleset options make of it (the defaults for those it does not
    /// set), or what is wrong with them.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use fray_content::options::OptionValue;
    /// use fray_oho::frightened::Frightened;
    /// let set = BTreeMap::from([("frightened_attack_dice".to_string(), OptionValue::Int(2))]);
    /// assert_eq!(Frightened::from_options(&set), Ok(Frightened { attack_dice: 2, may_engage: false }));
    /// let bad = BTreeMap::from([("frightened_attack_dice".to_string(), OptionValue::Int(-1))]);
    /// assert!(Frightened::from_options(&bad).is_err());
    /// ```
    pub fn from_options(options: &BTreeMap<String, OptionValue>) -> Result<Self, String> {
        let mut out = Self::default();
        for (name, value) in options {
            if let Some(problem) = option_problem(name, value) {
                return Err(format!("option `{name}`: {problem}"));
            }
            match (name.as_str(), value) {
                (ATTACK_DICE, OptionValue::Int(n)) => {
                    out.attack_dice = u8::try_from(*n).unwrap_or(MAX_DICE);
                }
                (MAY_ENGAGE, OptionValue::Bool(b)) => out.may_engage = *b,
                _ => {}
            }
        }
        Ok(out)
    }

    /// The d6 a creature under `c` loses from an attack roll for its fear.
    pub fn dice_lost(&self, c: &Conditions) -> u8 {
        if c.has(Condition::FRIGHTENED) {
            self.attack_dice
        } else {
            0
        }
    }

    /// Whether fear keeps a creature under `c` from engaging.
    pub fn keeps_from_engaging(&self, c: &Conditions) -> bool {
        c.has(Condition::FRIGHTENED) && !self.may_engage
    }
}

/// What is wrong with `value` for a frightened option beyond its kind, if anything: the dice
/// lost must be a number from 0 to [`MAX_DICE`]. `fray check` reports it at the option.
pub fn option_problem(name: &str, value: &OptionValue) -> Option<String> {
    match (name, value) {
        (ATTACK_DICE, OptionValue::Int(n)) if !(0..=i64::from(MAX_DICE)).contains(n) => {
            Some(format!("a number of d6 from 0 to {MAX_DICE}, found {n}"))
        }
        _ => None,
    }
}
