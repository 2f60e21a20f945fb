//! Movement rates from encumbrance (BX-02, BX-03): the basic option by armour and treasure,
//! the detailed one by weight in coins; a party moves at its slowest member's rate, and a round
//! of an encounter covers a third of the turn's rate.

use serde::{Deserialize, Serialize};

/// The heaviest load a character can move with, in coins of weight.
pub const MAX_LOAD: u32 = 1_600;

/// The armour a character wears, for basic encumbrance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Armour {
    /// None.
    Unarmoured,
    /// Light armour.
    Light,
    /// Heavy armour.
    Heavy,
}

/// Basic encumbrance: the rate in feet per turn by armour, slower by a step when carrying a
/// significant amount of treasure.
///
/// ```
/// use fray_bx::explore::encumbrance::{Armour, basic_rate};
/// assert_eq!(basic_rate(Armour::Light, true), 60);
/// ```
pub fn basic_rate(armour: Armour, carrying_treasure: bool) -> u32 {
    match (armour, carrying_treasure) {
        (Armour::Unarmoured, false) => 120,
        (Armour::Unarmoured, true) | (Armour::Light, false) => 90,
        (Armour::Light, true) | (Armour::Heavy, false) => 60,
        (Armour::Heavy, true) => 30,
    }
}

/// Detailed encumbrance: the rate in feet per turn for a load in coins of weight, or `None`
/// past the maximum load (the character cannot move).
pub fn detailed_rate(load: u32) -> Option<u32> {
    match load {
        0..=400 => Some(120),
        401..=600 => Some(90),
        601..=800 => Some(60),
        801..=MAX_LOAD => Some(30),
        _ => None,
    }
}

/// The feet a rate covers in one round of an encounter: a third of it.
pub fn encounter_rate(rate_per_turn: u32) -> u32 {
    rate_per_turn / 3
}

/// The party's rate: its slowest member's, or `None` when someone cannot move (or nobody is
/// there).
pub fn party_rate(rates: impl IntoIterator<Item = Option<u32>>) -> Option<u32> {
    let mut slowest: Option<u32> = None;
    for rate in rates {
        let rate = rate?;
        slowest = Some(slowest.map_or(rate, |s| s.min(rate)));
    }
    slowest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bx03_basic_encumbrance_by_armour_and_treasure() {
        assert_eq!(basic_rate(Armour::Unarmoured, false), 120);
        assert_eq!(basic_rate(Armour::Unarmoured, true), 90);
        assert_eq!(basic_rate(Armour::Light, false), 90);
        assert_eq!(basic_rate(Armour::Heavy, false), 60);
        assert_eq!(basic_rate(Armour::Heavy, true), 30);
    }

    #[test]
    fn bx03_detailed_encumbrance_bands_are_400_600_800_1600_coins() {
        assert_eq!(detailed_rate(400), Some(120));
        assert_eq!(detailed_rate(401), Some(90));
        assert_eq!(detailed_rate(600), Some(90));
        assert_eq!(detailed_rate(800), Some(60));
        assert_eq!(detailed_rate(1_600), Some(30));
        assert_eq!(detailed_rate(1_601), None, "over 1600 coins cannot move");
    }

    #[test]
    fn bx02_the_party_moves_at_its_slowest_and_a_round_covers_a_third() {
        assert_eq!(party_rate([Some(120), Some(60), Some(90)]), Some(60));
        assert_eq!(party_rate([Some(120), None]), None);
        assert_eq!(party_rate([]), None);
        assert_eq!(encounter_rate(120), 40);
        assert_eq!(encounter_rate(90), 30);
    }
}
