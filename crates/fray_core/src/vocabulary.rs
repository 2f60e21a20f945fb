//! The open vocabulary: words each ruleset defines for itself.
//!
//! The core keeps what rule systems share (common conditions, intents, durations). What one
//! rule system has and others lack - its own conditions, damage types, attack maneuvers, the
//! unit its actions are priced in - the ruleset defines as small codes and names here, so no
//! ruleset has to match the words of another:
//!
//! - conditions: [`Condition::ruleset`](crate::condition::Condition::ruleset);
//! - damage types: [`DamageType`];
//! - maneuvers: [`Maneuver`];
//! - costs: [`Cost`]'s unit and amount;
//! - provocations: the causes of reaction windows.
//!
//! Logs carry the words (rendered when an entry is recorded), so reading a log needs no
//! ruleset; a UI showing live state asks the ruleset's vocabulary through
//! [`Rulesets`](crate::spawn::Rulesets).

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

use crate::condition::Condition;
use crate::cost::Cost;
use crate::intent::Maneuver;

/// A damage type, as a ruleset defines it (fire, slashing, psychic...). The core never
/// interprets it; the ruleset names it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
pub struct DamageType(pub u8);

/// Names of a ruleset's words.
pub trait Vocabulary {
    /// A condition's name in logs (`dazed`, `sprained arm`). The default knows the common ones.
    fn condition(&self, c: Condition) -> Cow<'static, str> {
        match c.common_name() {
            Some(name) => Cow::Borrowed(name),
            None => Cow::Owned(c.to_string()),
        }
    }

    /// The conditions this ruleset gives a meaning to: the ones an effect may put on its
    /// combatants ([`crate::edit::apply_effect`] refuses the others). None by default.
    fn conditions(&self) -> &'static [Condition] {
        &[]
    }

    /// A damage type's name (`fire`, `negative energy`).
    fn damage_type(&self, d: DamageType) -> Cow<'static, str> {
        let _ = d;
        Cow::Borrowed("")
    }

    /// A maneuver's name (`coup de grace`, `called shot at the head`).
    fn maneuver(&self, m: Maneuver) -> Cow<'static, str> {
        if m == Maneuver::STANDARD {
            Cow::Borrowed("standard")
        } else {
            Cow::Owned(format!("maneuver {}", m.0))
        }
    }

    /// A cost in the ruleset's words (`standard action`, `3.0s`, `2 AP`).
    fn cost(&self, cost: Cost) -> Cow<'static, str> {
        Cow::Owned(cost.to_string())
    }

    /// What a provocation of `kind` (a reaction window's cause, as the ruleset's legality
    /// check numbers it) is called in logs (`moving away while engaged`).
    fn provocation(&self, kind: u8) -> Cow<'static, str> {
        Cow::Owned(format!("provocation {kind}"))
    }
}
