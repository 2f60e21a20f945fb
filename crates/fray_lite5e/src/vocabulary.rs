//! Lite5e's own words: its costs and abilities.

use std::borrow::Cow;

use fray_core::condition::Condition;
use fray_core::cost::Cost;
use fray_core::ids::AbilityId;
use fray_core::intent::Maneuver;
use fray_core::vocabulary::Vocabulary;

/// Cost unit: the active action (L5-03).
pub const ACTIVE: u8 = 0;
/// Cost unit: the movement action, or feet from it (L5-03, L5-04).
pub const MOVEMENT: u8 = 1;
/// Cost unit: the quick action.
pub const QUICK: u8 = 2;
/// Cost unit: the whole turn (retreat, L5-17).
pub const FULL: u8 = 3;

/// The ability of hiding (L5-08), used with no target. Healing spells are abilities by their
/// index in the sheet's attack list and always name a target, so the two never meet; the id
/// is a small one, like every id a statblock hands out.
pub const HIDE: AbilityId = AbilityId(0);

/// What lite5e calls things.
#[derive(Debug, Clone, Copy, Default)]
pub struct L5Words;

/// The words.
pub static WORDS: L5Words = L5Words;

impl Vocabulary for L5Words {
    /// Lite5e gives no condition an effect could carry a meaning: stealth is the combatant's own
    /// state (L5-08) and incapacitation follows from 0 HP (L5-13); the conditions it shows
    /// mirror those.
    fn conditions(&self) -> &'static [Condition] {
        &[]
    }

    fn condition(&self, c: Condition) -> Cow<'static, str> {
        match c {
            Condition::UNCONSCIOUS => Cow::Borrowed("incapacitated"),
            _ => match c.common_name() {
                Some(name) => Cow::Borrowed(name),
                None => Cow::Owned(c.to_string()),
            },
        }
    }

    fn maneuver(&self, _m: Maneuver) -> Cow<'static, str> {
        Cow::Borrowed("standard")
    }

    fn cost(&self, cost: Cost) -> Cow<'static, str> {
        match cost.unit {
            _ if cost.is_free() => Cow::Borrowed("free"),
            ACTIVE => Cow::Borrowed("active action"),
            MOVEMENT => Cow::Owned(format!("{} ft", cost.amount)),
            QUICK => Cow::Borrowed("quick action"),
            _ => Cow::Borrowed("full turn"),
        }
    }

    /// What a provocation is called: lite5e has none (no opportunity attacks).
    fn provocation(&self, _kind: u8) -> Cow<'static, str> {
        Cow::Borrowed("nothing")
    }
}
