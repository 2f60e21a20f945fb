//! The die-rank ladder (DR-01) and shifts along it (DR-07), with contests (DR-02, DR-04, DR-06).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::advantage::Advantage;
use crate::distribution::Distribution;
use crate::error::DiceError;
use crate::expr::Dice;

/// A rung of the ladder D2 D3 D4 D6 D8 D10 D12 D16 D20 D24 D30 D36 D48 D60.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DieRank {
    /// d2.
    D2,
    /// d3.
    D3,
    /// d4.
    D4,
    /// d6.
    D6,
    /// d8.
    D8,
    /// d10.
    D10,
    /// d12.
    D12,
    /// d16.
    D16,
    /// d20.
    D20,
    /// d24.
    D24,
    /// d30.
    D30,
    /// d36.
    D36,
    /// d48.
    D48,
    /// d60.
    D60,
}

/// The result of shifting a rank: the rank on the ladder, and the advantage (past D60) or
/// disadvantage (past D2) levels the shift could not express as rungs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RankShift {
    /// The rung reached.
    pub rank: DieRank,
    /// Levels left over past either end.
    pub advantage: Advantage,
}

impl DieRank {
    /// The ladder, lowest first.
    pub const LADDER: [DieRank; 14] = [
        DieRank::D2,
        DieRank::D3,
        DieRank::D4,
        DieRank::D6,
        DieRank::D8,
        DieRank::D10,
        DieRank::D12,
        DieRank::D16,
        DieRank::D20,
        DieRank::D24,
        DieRank::D30,
        DieRank::D36,
        DieRank::D48,
        DieRank::D60,
    ];

    /// The die's number of sides.
    pub fn sides(self) -> u32 {
        match self {
            DieRank::D2 => 2,
            DieRank::D3 => 3,
            DieRank::D4 => 4,
            DieRank::D6 => 6,
            DieRank::D8 => 8,
            DieRank::D10 => 10,
            DieRank::D12 => 12,
            DieRank::D16 => 16,
            DieRank::D20 => 20,
            DieRank::D24 => 24,
            DieRank::D30 => 30,
            DieRank::D36 => 36,
            DieRank::D48 => 48,
            DieRank::D60 => 60,
        }
    }

    /// The rung with this many sides.
    pub fn from_sides(sides: u32) -> Option<Self> {
        Self::LADDER.iter().copied().find(|r| r.sides() == sides)
    }

    /// Position on the ladder (D2 is 0).
    pub fn index(self) -> usize {
        self as usize
    }

    /// Moves `steps` rungs up (positive) or down (DR-07). Each step that would go past D60 is
    /// instead one level of advantage, and each step past D2 one level of disadvantage: D48
    /// shifted by +1 is D60, by +2 D60 with one level of advantage, by +3 D60 with two.
    ///
    /// ```
    /// use fray_dice::DieRank;
    /// let up = DieRank::D48.shift(3);
    /// assert_eq!((up.rank, up.advantage.level()), (DieRank::D60, 2));
    /// let down = DieRank::D4.shift(-4);
    /// assert_eq!((down.rank, down.advantage.level()), (DieRank::D2, -2));
    /// ```
    pub fn shift(self, steps: i32) -> RankShift {
        let target = self.index() as i64 + i64::from(steps);
        let top = (Self::LADDER.len() - 1) as i64;
        let clamped = target.clamp(0, top);
        RankShift {
            rank: Self::LADDER[clamped as usize],
            advantage: Advantage((target - clamped) as i32),
        }
    }

    /// Chance that an acting roll of `self` (with `acting` advantage) succeeds against a
    /// resisting roll of `difficulty` (with `resisting` advantage): success when the acting roll
    /// is at least the resisting roll (DR-02, DR-04), except that an acting 1 always fails
    /// (DR-06; resisting rolls never fumble).
    ///
    /// ```
    /// use fray_dice::{Advantage, DieRank};
    /// let p = DieRank::D6.contest(Advantage::NONE, DieRank::D6, Advantage::NONE);
    /// assert!((p - 20.0 / 36.0).abs() < 1e-12);
    /// ```
    pub fn contest(self, acting: Advantage, difficulty: DieRank, resisting: Advantage) -> f64 {
        let a = acting.distribution(self.sides());
        let r = resisting.distribution(difficulty.sides());
        a.iter()
            .filter(|(v, _)| *v != 1)
            .map(|(v, p)| p * r.at_most(v))
            .sum()
    }

    /// The exact chance of each number of successes (DR-03) of an acting roll of `self` (with
    /// `acting` advantage) against a resisting roll of `difficulty` (with `resisting`
    /// advantage): entry `k` is the chance of exactly `k` successes, entry 0 a failure. An
    /// acting 1 always fails (DR-06). See [`success_odds`] for any two distributions.
    ///
    /// ```
    /// use fray_dice::{Advantage, DieRank};
    /// let odds = DieRank::D8.success_odds(Advantage::NONE, DieRank::D6, Advantage::NONE);
    /// // D8 against D6: an 8 against a 1 is eight successes.
    /// assert_eq!(odds.len(), 9);
    /// let total: f64 = odds.iter().sum();
    /// assert!((total - 1.0).abs() < 1e-12);
    /// ```
    pub fn success_odds(
        self,
        acting: Advantage,
        difficulty: DieRank,
        resisting: Advantage,
    ) -> Vec<f64> {
        success_odds(
            &acting.distribution(self.sides()),
            &resisting.distribution(difficulty.sides()),
        )
    }

    /// One die of this rank.
    pub fn die(self) -> Dice {
        Dice::die(self.sides())
    }
}

/// The exact chance of each number of successes (DR-02, DR-03, DR-06) of an acting roll
/// distributed as `acting` against a resisting roll distributed as `resisting`: entry `k` is
/// the chance of exactly `k` successes ([`success_level`](crate::success_level) of the two
/// rolls), entry 0 a failure; an acting 1 always fails.
///
/// ```
/// use fray_dice::{Distribution, rank::success_odds};
/// // A 6 for sure against a D6: 6 successes on a 1, 3 on a 2, 2 on a 3, 1 on a 4-6.
/// let odds = success_odds(&Distribution::point(6), &Distribution::uniform(6));
/// assert_eq!(odds.len(), 7);
/// assert!((odds[1] - 0.5).abs() < 1e-12 && (odds[6] - 1.0 / 6.0).abs() < 1e-12);
/// ```
pub fn success_odds(acting: &Distribution, resisting: &Distribution) -> Vec<f64> {
    let mut odds = vec![0.0; 1];
    for (a, pa) in acting.iter() {
        for (r, pr) in resisting.iter() {
            let k = if a == 1 {
                0
            } else {
                crate::chance::success_level(a, r) as usize
            };
            if odds.len() <= k {
                odds.resize(k + 1, 0.0);
            }
            odds[k] += pa * pr;
        }
    }
    odds
}

impl RankShift {
    /// The dice a shifted roll throws: the rung's die with the leftover levels as advantage or
    /// disadvantage (DR-05, DR-07).
    ///
    /// ```
    /// use fray_dice::DieRank;
    /// assert_eq!(DieRank::D60.shift(2).dice().to_string(), "3d60kh1");
    /// assert_eq!(DieRank::D4.shift(-3).dice().to_string(), "2d2kl1");
    /// assert_eq!(DieRank::D8.shift(1).dice().to_string(), "d10");
    /// ```
    pub fn dice(self) -> Dice {
        self.advantage.dice(self.rank.sides())
    }
}

impl fmt::Display for DieRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "D{}", self.sides())
    }
}

impl FromStr for DieRank {
    type Err = DiceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let digits = s
            .strip_prefix(['d', 'D'])
            .ok_or_else(|| DiceError::new(1, "a die rank starts with `D`"))?;
        let sides: u32 = digits
            .parse()
            .map_err(|_| DiceError::new(2, "expected the number of sides after `D`"))?;
        Self::from_sides(sides).ok_or_else(|| {
            DiceError::new(
                2,
                format!("D{sides} is not on the ladder (D2 D3 D4 D6 D8 D10 D12 D16 D20 D24 D30 D36 D48 D60)"),
            )
        })
    }
}

impl Serialize for DieRank {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for DieRank {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Content writes a die rank as a string (the content reference shows it so).
impl schemars::JsonSchema for DieRank {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "DieRank".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "A rung of the die-rank ladder, written as a string: one of `\"D2\"`, \
                `\"D3\"`, `\"D4\"`, `\"D6\"`, `\"D8\"`, `\"D10\"`, `\"D12\"`, `\"D16\"`, `\"D20\"`, \
                `\"D24\"`, `\"D30\"`, `\"D36\"`, `\"D48\"`, `\"D60\"`.",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dr01_ladder_has_fourteen_steps() {
        let sides: Vec<u32> = DieRank::LADDER.iter().map(|r| r.sides()).collect();
        assert_eq!(sides, [2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 30, 36, 48, 60]);
        assert_eq!("d12".parse::<DieRank>().unwrap(), DieRank::D12);
        assert_eq!(DieRank::D36.to_string(), "D36");
        assert!("D7".parse::<DieRank>().is_err());
        assert_eq!(ron::to_string(&DieRank::D24).unwrap(), "\"D24\"");
    }

    #[test]
    fn dr07_shifts_move_along_the_ladder() {
        assert_eq!(DieRank::D8.shift(2).rank, DieRank::D12);
        assert_eq!(DieRank::D8.shift(2).advantage, Advantage::NONE);
        assert_eq!(DieRank::D8.shift(-3).rank, DieRank::D3);
        assert_eq!(DieRank::D20.shift(0).rank, DieRank::D20);
        for (i, rank) in DieRank::LADDER.iter().enumerate() {
            assert_eq!(rank.index(), i);
            assert_eq!(DieRank::D2.shift(i as i32).rank, *rank);
            assert_eq!(rank.shift(-(i as i32)).rank, DieRank::D2);
        }
    }

    #[test]
    fn dr07_shift_past_d60_becomes_advantage() {
        let cases = [(1, 0), (2, 1), (3, 2), (10, 9)];
        for (steps, levels) in cases {
            let up = DieRank::D48.shift(steps);
            assert_eq!((up.rank, up.advantage), (DieRank::D60, Advantage(levels)));
        }
        assert_eq!(DieRank::D60.shift(i32::MAX).rank, DieRank::D60);
        assert_eq!(DieRank::D60.shift(i32::MAX).advantage, Advantage(i32::MAX));
    }

    #[test]
    fn dr07_shift_past_d2_becomes_disadvantage() {
        let bottom = DieRank::D3.shift(-5);
        assert_eq!(
            (bottom.rank, bottom.advantage),
            (DieRank::D2, Advantage(-4))
        );
        let min = DieRank::D2.shift(i32::MIN);
        assert_eq!(
            (min.rank, min.advantage),
            (DieRank::D2, Advantage(i32::MIN))
        );
        // The leftover levels are rolled as disadvantage: five d2s, keep the lowest.
        assert_eq!(bottom.dice().to_string(), "5d2kl1");
        let d = bottom.dice().distribution().unwrap();
        assert!((d.probability(1) - 31.0 / 32.0).abs() < 1e-12);
    }

    #[test]
    fn die_ranks_serialize_as_their_names() {
        for rank in DieRank::LADDER {
            let text = ron::to_string(&rank).unwrap();
            assert_eq!(text, format!("\"{rank}\""));
            assert_eq!(ron::from_str::<DieRank>(&text).unwrap(), rank);
            assert_eq!(
                rank.to_string().to_lowercase().parse::<DieRank>().unwrap(),
                rank
            );
        }
        let err = ron::from_str::<DieRank>("\"D7\"").unwrap_err();
        assert!(err.to_string().contains("not on the ladder"), "{err}");
    }

    #[test]
    fn dr06_an_acting_one_fails_even_against_a_one() {
        // D2 vs D2: the acting die succeeds only on a 2 (1 fails even against 1).
        let p = DieRank::D2.contest(Advantage::NONE, DieRank::D2, Advantage::NONE);
        assert!((p - 0.5).abs() < 1e-12);
        // Against a resisting D2 with an acting D3: 2 and 3 always beat or tie.
        let p = DieRank::D3.contest(Advantage::NONE, DieRank::D2, Advantage::NONE);
        assert!((p - 2.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn dr03_success_odds_count_multiples_and_fumbles() {
        // The seed's example: D8 against D6. A 6 against a 4 is one success, against a 3 two.
        let odds = DieRank::D8.success_odds(Advantage::NONE, DieRank::D6, Advantage::NONE);
        let total: f64 = odds.iter().sum();
        assert!((total - 1.0).abs() < 1e-12);
        let hit: f64 = odds[1..].iter().sum();
        let p = DieRank::D8.contest(Advantage::NONE, DieRank::D6, Advantage::NONE);
        assert!((hit - p).abs() < 1e-12, "{hit} {p}");
        // Eight successes only on 8 against 1.
        assert!((odds[8] - 1.0 / 48.0).abs() < 1e-12);
        // D2 against D2: a 2 against a 1 is two successes, against a 2 one; a 1 fails.
        let odds = DieRank::D2.success_odds(Advantage::NONE, DieRank::D2, Advantage::NONE);
        assert_eq!(odds, vec![0.5, 0.25, 0.25]);
    }

    #[test]
    fn dr02_dr04_success_needs_at_least_the_resisting_roll() {
        let even = DieRank::D20.contest(Advantage::NONE, DieRank::D20, Advantage::NONE);
        assert!((even - (210.0 - 1.0) / 400.0).abs() < 1e-12);
        let better = DieRank::D20.contest(Advantage(1), DieRank::D20, Advantage::NONE);
        assert!(better > even);
        let worse = DieRank::D20.contest(Advantage::NONE, DieRank::D20, Advantage(1));
        assert!(worse < even);
    }
}
