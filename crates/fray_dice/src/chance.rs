//! Small probability helpers: x-in-N chances, percentile checks and success multiples.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::DiceError;
use crate::source::DieSource;

/// An `x-in-N` chance: roll a dN, succeed on `x` or less (B/X's `1-in-6`).
///
/// ```
/// use fray_dice::{Chance, ScriptedDice};
/// let c: Chance = "2-in-6".parse().unwrap();
/// assert!((c.probability() - 1.0 / 3.0).abs() < 1e-12);
/// assert!(c.roll(&mut ScriptedDice::new([2])));
/// assert!(!c.roll(&mut ScriptedDice::new([3])));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Chance {
    /// Successes.
    pub x: u32,
    /// The die.
    pub n: u32,
}

impl Chance {
    /// `x` in `n` (`n` at least 1).
    pub fn new(x: u32, n: u32) -> Self {
        Self { x, n: n.max(1) }
    }

    /// Parses `X-in-N` (`1-in-6`; spaces around the numbers are allowed). `X` above `N` is a
    /// certainty.
    pub fn parse(text: &str) -> Result<Self, DiceError> {
        let column = |byte: usize| text[..byte].chars().count() + 1;
        let Some(at) = text.find("-in-") else {
            return Err(DiceError::new(1, "expected `X-in-N`, such as `1-in-6`"));
        };
        let (x_text, n_text) = (&text[..at], &text[at + 4..]);
        let x: u32 = x_text
            .trim()
            .parse()
            .map_err(|_| DiceError::new(1, "expected a number before `-in-`"))?;
        let n_column = column(at + 4);
        let n: u32 = n_text
            .trim()
            .parse()
            .map_err(|_| DiceError::new(n_column, "expected a number after `-in-`"))?;
        if n == 0 {
            return Err(DiceError::new(
                n_column,
                "expected a die of at least one side",
            ));
        }
        Ok(Self::new(x, n))
    }

    /// The probability of success.
    pub fn probability(self) -> f64 {
        f64::from(self.x.min(self.n)) / f64::from(self.n)
    }

    /// Rolls it.
    pub fn roll(self, src: &mut (impl DieSource + ?Sized)) -> bool {
        src.roll_die(self.n) <= self.x
    }
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-in-{}", self.x, self.n)
    }
}

impl FromStr for Chance {
    type Err = DiceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl Serialize for Chance {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Chance {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// A percentile check: d100 at or under `target` succeeds. Returns the roll and the result.
///
/// ```
/// use fray_dice::{percentile, ScriptedDice};
/// assert_eq!(percentile(35, &mut ScriptedDice::new([35])), (35, true));
/// assert_eq!(percentile(35, &mut ScriptedDice::new([36])), (36, false));
/// ```
pub fn percentile(target: i64, src: &mut (impl DieSource + ?Sized)) -> (u32, bool) {
    let roll = src.roll_die(100);
    (roll, i64::from(roll) <= target)
}

/// How many times over a roll met what it needed (DR-03): 0 below `needed`, 1 at it, 2 at
/// twice it, 3 at three times, and so on. A `needed` of 0 or less counts as 1.
///
/// ```
/// use fray_dice::success_level;
/// assert_eq!(success_level(7, 8), 0);
/// assert_eq!(success_level(8, 8), 1);
/// assert_eq!(success_level(17, 8), 2);
/// assert_eq!(success_level(24, 8), 3);
/// ```
pub fn success_level(roll: i64, needed: i64) -> u32 {
    let needed = needed.max(1);
    if roll < needed {
        0
    } else {
        u32::try_from(roll / needed).unwrap_or(u32::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ScriptedDice;

    #[test]
    fn chances_parse_and_refuse_nonsense() {
        assert_eq!("1-in-6".parse::<Chance>().unwrap(), Chance::new(1, 6));
        assert_eq!(Chance::parse(" 2-in- 6 ").unwrap(), Chance::new(2, 6));
        assert_eq!(Chance::parse("7-in-6").unwrap().probability(), 1.0);
        assert_eq!(Chance::parse("0-in-6").unwrap().probability(), 0.0);
        let column = |text: &str| Chance::parse(text).unwrap_err().column();
        assert_eq!(column("1 in 6"), 1);
        assert_eq!(column("x-in-6"), 1);
        assert_eq!(column("1-in-0"), 6);
        // Columns count characters: an ideographic space is one column, three bytes.
        assert_eq!(column("\u{3000}1-in-x"), 7);
    }

    #[test]
    fn chances_roll_at_or_under_x() {
        let c = Chance::new(1, 6);
        let hits = (1..=6)
            .filter(|face| c.roll(&mut ScriptedDice::new([*face])))
            .count();
        assert_eq!(hits, 1);
        assert_eq!(ron::to_string(&c).unwrap(), "\"1-in-6\"");
        assert_eq!(ron::from_str::<Chance>("\"1-in-6\"").unwrap(), c);
        assert!(ron::from_str::<Chance>("\"1-of-6\"").is_err());
    }

    #[test]
    fn percentile_checks_roll_d100() {
        assert_eq!(percentile(35, &mut ScriptedDice::new([35])), (35, true));
        assert_eq!(percentile(35, &mut ScriptedDice::new([36])), (36, false));
    }

    #[test]
    fn dr03_double_and_triple_successes() {
        assert_eq!(success_level(1, 0), 1);
        assert_eq!(success_level(30, 10), 3);
        assert_eq!(success_level(29, 10), 2);
    }
}
