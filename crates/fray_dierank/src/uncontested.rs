//! Rolls out of combat (DR-08): the API the exploration layer calls.

use fray_dice::RankShift;

/// A roll made out of combat and not under duress takes its maximum (DR-08): the die's top
/// face, whatever its levels of advantage or disadvantage (every die could show it).
///
/// ```
/// use fray_dice::DieRank;
/// assert_eq!(fray_dierank::uncontested::unhurried(DieRank::D10.shift(2)), 16);
/// ```
pub fn unhurried(roll: RankShift) -> i64 {
    i64::from(roll.rank.sides())
}

/// Whether an unhurried roll of `roll` meets a difficulty that rolled `difficulty` (DR-02,
/// DR-08): the maximum against the difficulty's roll.
pub fn unhurried_succeeds(roll: RankShift, difficulty: i64) -> bool {
    unhurried(roll) >= difficulty
}
