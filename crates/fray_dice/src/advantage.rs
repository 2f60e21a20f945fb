//! Advantage and disadvantage levels (DR-05, L5-01).

use serde::{Deserialize, Serialize};

use crate::expr::Dice;
use crate::roll::Roll;
use crate::source::DieSource;

/// A net advantage level: positive for advantage, negative for disadvantage. Levels of
/// advantage and disadvantage cancel one for one before anything is rolled.
///
/// ```
/// use fray_dice::{Advantage, ScriptedDice};
/// let adv = Advantage::from_counts(3, 1);
/// assert_eq!(adv.level(), 2);
/// // Two levels of advantage on a d20: roll three, keep the best.
/// let roll = adv.roll(20, &mut ScriptedDice::new([4, 17, 9]));
/// assert_eq!(roll.total(), 17);
/// ```
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Advantage(pub i32);

impl Advantage {
    /// No advantage.
    pub const NONE: Self = Self(0);

    /// The net level from counts of advantages and disadvantages.
    pub fn from_counts(advantages: u32, disadvantages: u32) -> Self {
        Self(advantages as i32 - disadvantages as i32)
    }

    /// The net level.
    pub fn level(self) -> i32 {
        self.0
    }

    /// Adds levels (advantage and disadvantage cancel).
    pub fn plus(self, other: Self) -> Self {
        Self(self.0.saturating_add(other.0))
    }

    /// The dice to roll: `1 + |level|` dice of `sides` sides, keeping the best or worst.
    pub fn dice(self, sides: u32) -> Dice {
        Dice::die_with_advantage(sides, self.0)
    }

    /// Rolls a die of `sides` sides with this advantage.
    pub fn roll(self, sides: u32, src: &mut (impl DieSource + ?Sized)) -> Roll {
        self.dice(sides).roll(src)
    }

    /// Rolls without a breakdown.
    pub fn roll_total(self, sides: u32, src: &mut (impl DieSource + ?Sized)) -> i64 {
        let n = 1 + self.0.unsigned_abs().min(999);
        let first = src.roll_die(sides) as i64;
        (1..n).fold(first, |best, _| {
            let v = src.roll_die(sides) as i64;
            if self.0 > 0 { best.max(v) } else { best.min(v) }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ScriptedDice;

    #[test]
    fn dr05_advantage_and_disadvantage_cancel_one_for_one() {
        assert_eq!(Advantage::from_counts(2, 2), Advantage::NONE);
        assert_eq!(Advantage::from_counts(1, 3).level(), -2);
        assert_eq!(Advantage(1).plus(Advantage(-1)), Advantage::NONE);
        // Cancelled levels roll a single die.
        assert_eq!(Advantage::from_counts(1, 1).dice(20).to_string(), "d20");
    }

    #[test]
    fn dr05_each_level_adds_a_die_keep_highest_or_lowest() {
        assert_eq!(Advantage(2).dice(12).to_string(), "3d12kh1");
        assert_eq!(Advantage(-1).dice(20).to_string(), "2d20kl1");
        let mut dice = ScriptedDice::new([4, 17, 9]);
        assert_eq!(Advantage(-2).roll(20, &mut dice).total(), 4);
        let mut dice = ScriptedDice::new([4, 17]);
        assert_eq!(Advantage(1).roll_total(20, &mut dice), 17);
        let d = Advantage(1).dice(20).distribution().unwrap();
        assert!((d.mean() - 13.825).abs() < 1e-9);
    }
}
