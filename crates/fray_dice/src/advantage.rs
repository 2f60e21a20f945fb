//! Advantage and disadvantage levels (DR-05, L5-01).

use serde::{Deserialize, Serialize};

use crate::distribution::Distribution;
use crate::expr::{Dice, MAX_DICE};
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

    /// The net level from counts of advantages and disadvantages (DR-05: they cancel one for
    /// one first).
    pub fn from_counts(advantages: u32, disadvantages: u32) -> Self {
        let net = i64::from(advantages) - i64::from(disadvantages);
        Self(net.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32)
    }

    /// How many dice a roll with this advantage throws: `1 + |level|`, at most
    /// [`MAX_DICE`].
    pub fn dice_count(self) -> u32 {
        1 + self.0.unsigned_abs().min(MAX_DICE - 1)
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

    /// Rolls a d20 with this advantage.
    ///
    /// ```
    /// use fray_dice::{Advantage, ScriptedDice};
    /// let roll = Advantage(-1).roll_d20(&mut ScriptedDice::new([15, 6]));
    /// assert_eq!(roll.to_string(), "2d20kl1 = [(15), 6] = 6");
    /// ```
    pub fn roll_d20(self, src: &mut (impl DieSource + ?Sized)) -> Roll {
        self.roll(20, src)
    }

    /// Rolls without a breakdown: the kept face. Draws the same faces as [`roll`](Self::roll).
    pub fn roll_total(self, sides: u32, src: &mut (impl DieSource + ?Sized)) -> i64 {
        let first = i64::from(src.roll_die(sides));
        (1..self.dice_count()).fold(first, |kept, _| {
            let v = i64::from(src.roll_die(sides));
            if self.0 > 0 { kept.max(v) } else { kept.min(v) }
        })
    }

    /// The exact distribution of the kept face of a die of `sides` sides rolled with this
    /// advantage, by order statistics: with `n` dice, P(best <= v) = (v / sides)^n and
    /// P(worst >= v) = ((sides - v + 1) / sides)^n.
    ///
    /// ```
    /// use fray_dice::Advantage;
    /// let best = Advantage(1).distribution(20);
    /// assert!((best.probability(20) - 39.0 / 400.0).abs() < 1e-12);
    /// assert!((best.mean() - 13.825).abs() < 1e-12);
    /// ```
    ///
    /// # Panics
    ///
    /// With more than [`MAX_SUPPORT`](crate::distribution::MAX_SUPPORT) sides.
    pub fn distribution(self, sides: u32) -> Distribution {
        let sides = sides.max(1);
        let n = self.dice_count() as i32;
        let s = f64::from(sides);
        let at_most = |v: u32| (f64::from(v) / s).powi(n);
        let at_least = |v: u32| (f64::from(sides - v + 1) / s).powi(n);
        Distribution::from_pairs((1..=sides).map(|v| {
            let p = if self.0 >= 0 {
                at_most(v) - at_most(v - 1)
            } else {
                at_least(v) - if v < sides { at_least(v + 1) } else { 0.0 }
            };
            (i64::from(v), p)
        }))
    }

    /// The chance that the kept die of `sides` shows `face` exactly: the same number as
    /// [`Advantage::distribution`] gives, in closed form (no table is built, for previews
    /// asked many times a turn).
    ///
    /// ```
    /// use fray_dice::Advantage;
    /// assert!((Advantage(1).face(20, 20) - 39.0 / 400.0).abs() < 1e-12);
    /// assert_eq!(Advantage(-1).face(20, 21), 0.0);
    /// ```
    pub fn face(self, sides: u32, face: i64) -> f64 {
        let sides = sides.max(1);
        if face < 1 || face > i64::from(sides) {
            return 0.0;
        }
        // Both are at most `sides`, a u32.
        let (v, s) = (face as f64, f64::from(sides));
        let n = self.dice_count() as i32;
        if self.0 >= 0 {
            (v / s).powi(n) - ((v - 1.0) / s).powi(n)
        } else {
            ((s - v + 1.0) / s).powi(n) - ((s - v) / s).powi(n)
        }
    }

    /// The chance that the kept die of `sides` shows `need` or more, in closed form (the same
    /// number as [`Advantage::distribution`]'s `at_least`).
    ///
    /// ```
    /// use fray_dice::Advantage;
    /// assert!((Advantage::NONE.at_least(20, 11) - 0.5).abs() < 1e-12);
    /// assert!((Advantage(1).at_least(20, 11) - 0.75).abs() < 1e-12);
    /// assert!((Advantage(-1).at_least(20, 11) - 0.25).abs() < 1e-12);
    /// assert_eq!(Advantage(-1).at_least(20, 0), 1.0);
    /// ```
    pub fn at_least(self, sides: u32, need: i64) -> f64 {
        let sides = sides.max(1);
        if need <= 1 {
            return 1.0;
        }
        if need > i64::from(sides) {
            return 0.0;
        }
        // `need` is within 2..=sides here.
        let s = f64::from(sides);
        let below = (need - 1) as f64 / s;
        let n = self.dice_count() as i32;
        if self.0 >= 0 {
            1.0 - below.powi(n)
        } else {
            (1.0 - below).powi(n)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ScriptedDice;

    #[test]
    fn closed_forms_match_the_distribution_for_every_face_and_level() {
        for level in -3..=3 {
            let a = Advantage(level);
            for sides in [1u32, 2, 6, 20] {
                let d = a.distribution(sides);
                for v in -2..=i64::from(sides) + 2 {
                    assert!((a.face(sides, v) - d.probability(v)).abs() < 1e-12);
                    assert!((a.at_least(sides, v) - d.at_least(v)).abs() < 1e-12);
                }
            }
        }
    }

    #[test]
    fn dr05_advantage_and_disadvantage_cancel_one_for_one() {
        assert_eq!(Advantage::from_counts(2, 2), Advantage::NONE);
        assert_eq!(Advantage::from_counts(1, 3).level(), -2);
        assert_eq!(Advantage::from_counts(u32::MAX, 0).level(), i32::MAX);
        assert_eq!(Advantage::from_counts(0, u32::MAX).dice_count(), 1000);
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

    #[test]
    fn dr05_order_statistics_match_the_dice_expression() {
        for level in [-3, -1, 0, 1, 2, 5] {
            for sides in [1, 2, 6, 20, 60] {
                let closed = Advantage(level).distribution(sides);
                let dice = Advantage(level).dice(sides).distribution().unwrap();
                for (v, p) in dice.iter() {
                    assert!(
                        (closed.probability(v) - p).abs() < 1e-12,
                        "{level} d{sides} {v}"
                    );
                }
                assert_eq!((closed.min(), closed.max()), (dice.min(), dice.max()));
            }
        }
    }

    #[test]
    fn roll_and_roll_total_draw_the_same_faces() {
        for level in [-2, 0, 3] {
            let faces = [5, 19, 2, 11];
            let mut a = ScriptedDice::new(faces);
            let mut b = ScriptedDice::new(faces);
            let adv = Advantage(level);
            assert_eq!(adv.roll(20, &mut a).total(), adv.roll_total(20, &mut b));
            assert_eq!(a.remaining(), b.remaining());
        }
    }
}
