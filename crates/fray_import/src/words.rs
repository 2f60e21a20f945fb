//! Numbers as the bestiaries write them in prose (`two`, `three`) and in dice (`3d6 + 5`).

use std::fmt;

/// The number a count word names: `one`..`ten` or digits.
pub fn count(word: &str) -> Option<u8> {
    const WORDS: [&str; 10] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    let w = word.trim().to_ascii_lowercase();
    WORDS
        .iter()
        .position(|&n| n == w)
        .and_then(|i| u8::try_from(i + 1).ok())
        .or_else(|| w.parse().ok())
}

/// The word for a count (`2` is `two`), digits past ten.
pub fn word(n: u8) -> String {
    const WORDS: [&str; 10] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    usize::from(n)
        .checked_sub(1)
        .and_then(|i| WORDS.get(i))
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// A roll of damage as a bestiary prints it: `count`d`sides` plus `bonus` (`3d6 + 5`; a flat
/// `1` has no dice).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Roll {
    /// How many dice (0: a flat number).
    pub count: u32,
    /// Their sides.
    pub sides: u32,
    /// The fixed part.
    pub bonus: i32,
}

impl Roll {
    /// Parses `3d6 + 5`, `1d8+2`, `2d4 - 1`, `4d10` or a flat `7`. Dice counts and sides above
    /// 1000 are refused (no bestiary prints them; they would only overflow later).
    pub fn parse(text: &str) -> Option<Self> {
        let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let (dice, bonus) = match t.find(['+', '-']) {
            Some(i) => {
                let (d, b) = t.split_at(i);
                (d, b.trim_start_matches('+').parse::<i32>().ok()?)
            }
            None => (t.as_str(), 0),
        };
        let roll = match dice.split_once(['d', 'D']) {
            Some((c, s)) => Self {
                count: if c.is_empty() { 1 } else { c.parse().ok()? },
                sides: s.parse().ok()?,
                bonus,
            },
            None => Self {
                count: 0,
                sides: 0,
                bonus: dice.parse::<i32>().ok()?.checked_add(bonus)?,
            },
        };
        let sane = roll.count <= 1000 && roll.sides <= 1000 && (roll.count == 0 || roll.sides > 0);
        sane.then_some(roll)
    }

    /// The dice alone (`3d6`), if any.
    pub fn dice(&self) -> Option<String> {
        (self.count > 0).then(|| format!("{}d{}", self.count, self.sides))
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.dice(), self.bonus) {
            (Some(d), 0) => write!(f, "{d}"),
            (Some(d), b) if b > 0 => write!(f, "{d}+{b}"),
            (Some(d), b) => write!(f, "{d}{b}"),
            (None, b) => write!(f, "{b}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_words() {
        assert_eq!(count("three"), Some(3));
        assert_eq!(count("Two"), Some(2));
        assert_eq!(count("12"), Some(12));
        assert_eq!(count("many"), None);
        assert_eq!(word(2), "two");
        assert_eq!(word(12), "12");
    }

    #[test]
    fn rolls_as_printed() {
        assert_eq!(
            Roll::parse("3d6 + 5"),
            Some(Roll {
                count: 3,
                sides: 6,
                bonus: 5
            })
        );
        assert_eq!(
            Roll::parse("2d4 - 1"),
            Some(Roll {
                count: 2,
                sides: 4,
                bonus: -1
            })
        );
        assert_eq!(
            Roll::parse("7"),
            Some(Roll {
                count: 0,
                sides: 0,
                bonus: 7
            })
        );
        assert_eq!(Roll::parse("1d0"), None);
        assert_eq!(Roll::parse("bite"), None);
        assert_eq!(
            Roll::parse("3d6 + 5").map(|r| r.to_string()),
            Some("3d6+5".into())
        );
    }
}
