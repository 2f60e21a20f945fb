//! B/X's own words: its conditions, maneuvers, costs and the steps of a side's turn.

use std::borrow::Cow;

use fray_core::condition::Condition;
use fray_core::cost::Cost;
use fray_core::ids::AbilityId;
use fray_core::intent::Maneuver;
use fray_core::vocabulary::Vocabulary;

/// Turned to stone: out of the fight.
pub const PETRIFIED: Condition = Condition::ruleset(0);

/// A blow struck to subdue, not to kill (BX-24).
pub const SUBDUE: Maneuver = Maneuver(1);

/// Speaking with the other sides before the first blow, declared with no target (BX-14): they
/// roll their reaction with the speaker's CHA. Not a power's index (powers are declared at a
/// target).
pub const PARLEY: AbilityId = AbilityId(u16::MAX);

/// Cost unit: the combatant's action in a step of its side's turn.
pub const ACTION: u8 = 0;
/// Cost unit: feet of movement.
pub const FEET: u8 = 1;

/// What B/X calls things.
#[derive(Debug, Clone, Copy, Default)]
pub struct BxWords;

/// The words.
pub static WORDS: BxWords = BxWords;

impl Vocabulary for BxWords {
    /// What B/X's powers and openings inflict: paralysis, sleep, blindness, petrification,
    /// surprise.
    fn conditions(&self) -> &'static [Condition] {
        &[
            Condition::PARALYZED,
            Condition::UNCONSCIOUS,
            Condition::BLINDED,
            PETRIFIED,
            Condition::SURPRISED,
        ]
    }

    /// What a provocation is called: B/X has none (no opportunity attacks).
    fn provocation(&self, _kind: u8) -> Cow<'static, str> {
        Cow::Borrowed("nothing")
    }

    fn condition(&self, c: Condition) -> Cow<'static, str> {
        match c {
            PETRIFIED => Cow::Borrowed("petrified"),
            Condition::UNCONSCIOUS => Cow::Borrowed("asleep"),
            _ => match c.common_name() {
                Some(name) => Cow::Borrowed(name),
                None => Cow::Owned(c.to_string()),
            },
        }
    }

    fn maneuver(&self, m: Maneuver) -> Cow<'static, str> {
        match m {
            SUBDUE => Cow::Borrowed("to subdue"),
            _ => Cow::Borrowed("standard"),
        }
    }

    fn cost(&self, cost: Cost) -> Cow<'static, str> {
        match cost.unit {
            FEET => Cow::Owned(format!("{} ft", cost.amount)),
            _ if cost.amount == 0 => Cow::Borrowed("free"),
            _ => Cow::Borrowed("action"),
        }
    }
}
