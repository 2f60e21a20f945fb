//! Conditions: the shared vocabulary of states a combatant can be in.
//!
//! A combatant's [`Conditions`] has two layers. The *effect* layer is recomputed from the
//! combatant's [`Effect`](crate::effect::Effect)s by the core: a condition never stacks with
//! itself, and when several effects give the same condition the worst (highest level) applies.
//! The *innate* layer is set directly by a ruleset for states that follow from hit points
//! (unconscious at 0 HP, dying...).

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! conditions {
    ($($(#[$doc:meta])* $name:ident => $text:literal,)*) => {
        /// A condition. Each ruleset gives the ones it uses their meaning.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[repr(u8)]
        pub enum Condition {
            $($(#[$doc])* $name,)*
        }

        impl Condition {
            /// Every condition, in declaration order.
            pub const ALL: &'static [Condition] = &[$(Condition::$name,)*];
            /// How many conditions there are.
            pub const COUNT: usize = Self::ALL.len();

            /// The condition's name in logs (`dazed`, `sprained arm`).
            pub fn name(self) -> &'static str {
                match self {
                    $(Condition::$name => $text,)*
                }
            }
        }
    };
}

conditions! {
    /// Acts randomly or attacks allies.
    Confused => "confused",
    /// Penalty to attacks (archmage: -4).
    Dazed => "dazed",
    /// Archmage fear: dazed and no escalation die.
    Fear => "afraid",
    /// Only basic attacks.
    Hampered => "hampered",
    /// Defenceless (archmage: -4 defenses, coup de grace).
    Helpless => "helpless",
    /// Cannot move.
    Stuck => "stuck",
    /// No actions; penalty to defenses.
    Stunned => "stunned",
    /// Crit range against it expands.
    Vulnerable => "vulnerable",
    /// Penalty to attacks and defenses.
    Weakened => "weakened",
    /// Held by a grabber.
    Grabbed => "grabbed",
    /// Out cold.
    Unconscious => "unconscious",
    /// Cannot be seen.
    Invisible => "invisible",
    /// Loses blood every round (OHO).
    Bleeding => "bleeding",
    /// Penalty to Intellect and Willpower actions (OHO).
    Concussion => "concussed",
    /// Penalty to actions (OHO).
    SprainedArm => "sprained arm",
    /// Speed halved (OHO).
    SprainedLeg => "sprained leg",
    /// Fortitude every round or unable to act (OHO).
    Burned => "burned",
    /// Penalty to Reflex actions (OHO).
    Frostbite => "frostbitten",
    /// Cannot see.
    Blinded => "blinded",
    /// Cannot hear.
    Deafened => "deafened",
    /// Loses dice from an attribute (OHO).
    Cursed => "cursed",
    /// Unable to act (OHO).
    Disabled => "disabled",
    /// Frightened (content-defined in OHO).
    Frightened => "frightened",
    /// Exhaustion; the level is the condition's level.
    Exhausted => "exhausted",
    /// Dying.
    Dying => "dying",
    /// Unable to act (lite5e at 0 HP).
    Incapacitated => "incapacitated",
    /// Hidden; cannot be targeted (lite5e).
    Stealthed => "hidden",
    /// On the ground.
    Prone => "prone",
    /// Cannot move or act (B/X).
    Paralyzed => "paralyzed",
    /// Loses the first round (B/X).
    Surprised => "surprised",
    /// Ran this turn: defense at a disadvantage (die-rank).
    Running => "running",
    /// Stabilized: failed death saves no longer count.
    Stabilized => "stabilized",
}

// Conditions are bits of a `u64`.
const _: () = assert!(Condition::COUNT <= 64);

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The conditions a combatant is under now.
///
/// ```
/// use fray_core::condition::{Condition, Conditions};
/// let mut c = Conditions::default();
/// c.set_innate(Condition::Unconscious, true);
/// assert!(c.has(Condition::Unconscious));
/// assert!(!c.has(Condition::Dazed));
/// ```
#[derive(Component, Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Conditions {
    from_effects: u64,
    innate: u64,
    levels: Vec<u8>,
}

impl Conditions {
    #[inline]
    fn bit(c: Condition) -> u64 {
        1u64 << (c as u8)
    }

    /// True when the condition applies, from an effect or innately.
    #[inline]
    pub fn has(&self, c: Condition) -> bool {
        (self.from_effects | self.innate) & Self::bit(c) != 0
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
        self.levels.get(c as usize).copied().unwrap_or(0).max(1)
    }

    /// Sets or clears an innate condition (one that follows from the combatant's state rather
    /// than from an effect).
    pub fn set_innate(&mut self, c: Condition, on: bool) {
        if on {
            self.innate |= Self::bit(c);
        } else {
            self.innate &= !Self::bit(c);
        }
    }

    /// Replaces the effect layer: `effects` yields each effect's condition and magnitude. The
    /// worst (highest) magnitude of a condition is kept; a condition never stacks with itself.
    pub fn recompute(&mut self, effects: impl IntoIterator<Item = (Condition, i32)>) {
        self.from_effects = 0;
        self.levels.clear();
        for (c, magnitude) in effects {
            self.from_effects |= Self::bit(c);
            let i = c as usize;
            if self.levels.len() <= i {
                self.levels.resize(i + 1, 0);
            }
            let level = magnitude.clamp(0, u8::MAX as i32) as u8;
            self.levels[i] = self.levels[i].max(level);
        }
    }

    /// Every condition that applies, in declaration order.
    pub fn iter(&self) -> impl Iterator<Item = Condition> + '_ {
        Condition::ALL.iter().copied().filter(|c| self.has(*c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_never_stack_and_the_worst_level_applies() {
        let mut c = Conditions::default();
        c.recompute([
            (Condition::Weakened, 4),
            (Condition::Weakened, 2),
            (Condition::Exhausted, 3),
        ]);
        assert_eq!(c.level(Condition::Weakened), 4);
        assert_eq!(c.level(Condition::Exhausted), 3);
        assert_eq!(c.iter().count(), 2);
        c.recompute([]);
        assert!(c.is_empty());
    }

    #[test]
    fn innate_conditions_survive_recompute() {
        let mut c = Conditions::default();
        c.set_innate(Condition::Helpless, true);
        c.recompute([(Condition::Dazed, 1)]);
        assert!(c.has(Condition::Helpless) && c.has(Condition::Dazed));
        assert_eq!(c.level(Condition::Helpless), 1);
    }
}
