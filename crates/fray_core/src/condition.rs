//! Conditions: the states a combatant can be in.
//!
//! The vocabulary is open. The core names the conditions several rule systems share
//! ([`Condition::DAZED`], [`Condition::UNCONSCIOUS`]...); a ruleset defines its own with
//! [`Condition::ruleset`] and names them through its
//! [`Vocabulary`](crate::vocabulary::Vocabulary). Each ruleset gives every condition it uses
//! its meaning.
//!
//! A combatant's [`Conditions`] has two layers. The *effect* layer is recomputed from the
//! combatant's [`Effects`](crate::effect::Effects): a condition never stacks with itself, and
//! when several effects give the same condition the worst (highest level) applies. The *innate*
//! layer is set directly by a ruleset for states that follow from the combatant's own state
//! (unconscious at 0 HP, dying...).

use bevy_ecs::prelude::*;
use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A condition: one of the core's common ones, or one a ruleset defines.
///
/// ```
/// use fray_core::condition::Condition;
/// assert_eq!(Condition::DAZED.common_name(), Some("dazed"));
/// const BLEEDING: Condition = Condition::ruleset(0);
/// assert!(BLEEDING.is_ruleset() && BLEEDING.common_name().is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Condition(u8);

macro_rules! common_conditions {
    ($($(#[$doc:meta])* $name:ident = $bit:literal => $text:literal,)*) => {
        impl Condition {
            $($(#[$doc])* pub const $name: Condition = Condition($bit);)*

            /// Every common condition, in code order.
            pub const COMMON: &'static [Condition] = &[$(Condition::$name,)*];

            /// The name of a common condition in logs (`dazed`); `None` for a ruleset's own.
            pub fn common_name(self) -> Option<&'static str> {
                match self {
                    $(Condition::$name => Some($text),)*
                    _ => None,
                }
            }
        }
    };
}

common_conditions! {
    /// Cannot see.
    BLINDED = 0 => "blinded",
    /// Acts at random or turns on its allies.
    CONFUSED = 1 => "confused",
    /// A penalty to attacks.
    DAZED = 2 => "dazed",
    /// Cannot hear.
    DEAFENED = 3 => "deafened",
    /// Dying.
    DYING = 4 => "dying",
    /// Exhausted; the condition's level is the exhaustion level.
    EXHAUSTED = 5 => "exhausted",
    /// Frightened.
    FRIGHTENED = 6 => "frightened",
    /// Held by a grabber.
    GRABBED = 7 => "grabbed",
    /// Defenceless.
    HELPLESS = 8 => "helpless",
    /// Hidden: cannot be targeted.
    HIDDEN = 9 => "hidden",
    /// Unable to act.
    INCAPACITATED = 10 => "incapacitated",
    /// Cannot be seen.
    INVISIBLE = 11 => "invisible",
    /// Cannot move or act.
    PARALYZED = 12 => "paralyzed",
    /// On the ground.
    PRONE = 13 => "prone",
    /// Stabilized: failed death saves no longer count.
    STABILIZED = 14 => "stabilized",
    /// No actions.
    STUNNED = 15 => "stunned",
    /// Caught unaware: loses the first round.
    SURPRISED = 16 => "surprised",
    /// Out cold.
    UNCONSCIOUS = 17 => "unconscious",
}

impl Condition {
    /// The first code of the conditions rulesets define.
    const RULESET_BASE: u8 = 32;
    /// How many conditions a ruleset may define.
    pub const RULESET_MAX: u8 = 32;

    /// The ruleset's own condition number `n` (0..32). Rulesets define theirs as constants and
    /// name them in their vocabulary; two rulesets may use the same number for different
    /// conditions, since a combatant belongs to one ruleset.
    ///
    /// # Panics
    /// At compile time (in a `const`) or at once otherwise, when `n` is 32 or more: a defect in
    /// the ruleset, never a result of content.
    pub const fn ruleset(n: u8) -> Condition {
        assert!(
            n < Self::RULESET_MAX,
            "a ruleset defines at most 32 conditions"
        );
        Condition(Self::RULESET_BASE + n)
    }

    /// True for a ruleset's own condition.
    pub const fn is_ruleset(self) -> bool {
        self.0 >= Self::RULESET_BASE
    }

    /// The ruleset's number of its own condition (`None` for a common one).
    pub const fn ruleset_index(self) -> Option<u8> {
        if self.is_ruleset() {
            Some(self.0 - Self::RULESET_BASE)
        } else {
            None
        }
    }

    /// The condition's code (0..64), its bit in [`Conditions`].
    pub const fn code(self) -> u8 {
        self.0
    }

    #[inline]
    const fn bit(self) -> u64 {
        1u64 << (self.0 & 63)
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.common_name(), self.ruleset_index()) {
            (Some(name), _) => f.write_str(name),
            (None, Some(n)) => write!(f, "condition #{n}"),
            (None, None) => write!(f, "condition {}", self.0),
        }
    }
}

/// The conditions a combatant is under now.
///
/// ```
/// use fray_core::condition::{Condition, Conditions};
/// let mut c = Conditions::default();
/// c.set_innate(Condition::UNCONSCIOUS, true);
/// assert!(c.has(Condition::UNCONSCIOUS));
/// assert!(!c.has(Condition::DAZED));
/// ```
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct Conditions {
    from_effects: u64,
    innate: u64,
    /// The level of each condition from effects, by code (0 for none).
    #[serde(with = "levels")]
    levels: [u8; 64],
}

impl Default for Conditions {
    fn default() -> Self {
        Self {
            from_effects: 0,
            innate: 0,
            levels: [0; 64],
        }
    }
}

/// Levels serialize as a list of `(code, level)` pairs for the conditions that have one.
mod levels {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(levels: &[u8; 64], s: S) -> Result<S::Ok, S::Error> {
        let pairs: Vec<(u8, u8)> = (0u8..64)
            .zip(levels.iter().copied())
            .filter(|(_, l)| *l > 0)
            .collect();
        pairs.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; 64], D::Error> {
        let pairs: Vec<(u8, u8)> = Vec::deserialize(d)?;
        let mut levels = [0; 64];
        for (code, level) in pairs {
            if let Some(slot) = levels.get_mut(usize::from(code)) {
                *slot = level;
            }
        }
        Ok(levels)
    }
}

impl Conditions {
    /// True when the condition applies, from an effect or innately.
    #[inline]
    pub fn has(&self, c: Condition) -> bool {
        (self.from_effects | self.innate) & c.bit() != 0
    }

    /// True when no condition applies.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.from_effects | self.innate == 0
    }

    /// The condition's level: the highest magnitude among the effects giving it (at least 1
    /// when it applies), 0 when it does not.
    pub fn level(&self, c: Condition) -> u8 {
        if !self.has(c) {
            return 0;
        }
        self.levels[usize::from(c.code() & 63)].max(1)
    }

    /// Sets or clears an innate condition (one that follows from the combatant's state rather
    /// than from an effect).
    pub fn set_innate(&mut self, c: Condition, on: bool) {
        if on {
            self.innate |= c.bit();
        } else {
            self.innate &= !c.bit();
        }
    }

    /// Replaces the effect layer: `effects` yields each effect's condition and magnitude. The
    /// worst (highest) magnitude of a condition is kept; a condition never stacks with itself.
    pub fn recompute(&mut self, effects: impl IntoIterator<Item = (Condition, i32)>) {
        self.from_effects = 0;
        self.levels = [0; 64];
        for (c, magnitude) in effects {
            self.from_effects |= c.bit();
            let level = magnitude.clamp(0, i32::from(u8::MAX)) as u8;
            let slot = &mut self.levels[usize::from(c.code() & 63)];
            *slot = (*slot).max(level);
        }
    }

    /// Every condition that applies, in code order (common ones first).
    pub fn iter(&self) -> impl Iterator<Item = Condition> + '_ {
        let bits = self.from_effects | self.innate;
        (0u8..64)
            .filter(move |code| bits & (1u64 << code) != 0)
            .map(Condition)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_never_stack_and_the_worst_level_applies() {
        let weakened = Condition::ruleset(3);
        let mut c = Conditions::default();
        c.recompute([(weakened, 4), (weakened, 2), (Condition::EXHAUSTED, 3)]);
        assert_eq!(c.level(weakened), 4);
        assert_eq!(c.level(Condition::EXHAUSTED), 3);
        assert_eq!(c.iter().count(), 2);
        c.recompute([]);
        assert!(c.is_empty());
    }

    #[test]
    fn innate_conditions_survive_recompute() {
        let mut c = Conditions::default();
        c.set_innate(Condition::HELPLESS, true);
        c.recompute([(Condition::DAZED, 1)]);
        assert!(c.has(Condition::HELPLESS) && c.has(Condition::DAZED));
        assert_eq!(c.level(Condition::HELPLESS), 1);
    }

    #[test]
    fn levels_round_trip_through_ron() {
        let mut c = Conditions::default();
        c.recompute([(Condition::EXHAUSTED, 3)]);
        c.set_innate(Condition::ruleset(1), true);
        let text = ron::to_string(&c).unwrap();
        let back: Conditions = ron::from_str(&text).unwrap();
        assert_eq!(back, c);
    }
}
