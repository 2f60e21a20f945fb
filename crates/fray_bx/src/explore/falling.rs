//! Falling (BX-08): 1d6 damage per 10 feet fallen.

use fray_dice::DieSource;

/// The damage of a fall, and the dice behind it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fall {
    /// Each d6's face (one per full 10 feet).
    pub faces: Vec<u32>,
    /// The damage: the faces' sum.
    pub damage: u32,
}

impl Fall {
    /// Rolls the damage of a fall of `feet`: 1d6 per full 10 feet (a fall of under 10 feet
    /// does no damage). The height is a `u16`, so a fall rolls at most 6 553 dice.
    pub fn roll(dice: &mut impl DieSource, feet: u16) -> Self {
        let faces: Vec<u32> = (0..feet / 10).map(|_| dice.roll_die(6)).collect();
        let damage = faces.iter().fold(0u32, |sum, f| sum.saturating_add(*f));
        Self { faces, damage }
    }
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    #[test]
    fn bx08_a_fall_deals_1d6_per_10_feet() {
        let mut dice = EncounterRng::scripted([4, 6, 1]);
        let fall = Fall::roll(&mut dice, 30);
        assert_eq!(fall.faces, vec![4, 6, 1]);
        assert_eq!(fall.damage, 11);
    }

    #[test]
    fn bx08_only_full_tens_of_feet_count() {
        let mut dice = EncounterRng::scripted([5]);
        assert_eq!(Fall::roll(&mut dice, 19).damage, 5);
        assert_eq!(Fall::roll(&mut dice, 9).damage, 0);
        assert_eq!(dice.scripted_remaining(), Some(0));
    }
}
