//! Ability checks (BX-04): roll a d20 at or under the ability score, with modifiers; a natural
//! 1 always succeeds and a natural 20 always fails.

use fray_dice::DieSource;

/// An ability check's roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AbilityCheck {
    /// The d20's face.
    pub face: u32,
    /// The number to roll at or under: the score plus the modifier.
    pub target: i32,
    /// Whether it succeeded.
    pub success: bool,
}

impl AbilityCheck {
    /// Rolls a check against `score` with `modifier` (a bonus raises the target).
    pub fn roll(dice: &mut impl DieSource, score: i32, modifier: i32) -> Self {
        let face = dice.roll_die(20);
        let target = score.saturating_add(modifier);
        let success = match face {
            1 => true,
            20 => false,
            // A d20 face is at most 20, so it always fits an i32.
            f => i32::try_from(f).is_ok_and(|f| f <= target),
        };
        Self {
            face,
            target,
            success,
        }
    }
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    fn check(face: u32, score: i32, modifier: i32) -> bool {
        AbilityCheck::roll(&mut EncounterRng::scripted([face]), score, modifier).success
    }

    #[test]
    fn bx04_a_check_succeeds_at_or_under_the_score() {
        assert!(check(13, 13, 0));
        assert!(!check(14, 13, 0));
        assert!(check(14, 13, 1), "a bonus raises the target");
        assert!(!check(13, 13, -1), "a penalty lowers it");
    }

    #[test]
    fn bx04_a_natural_1_succeeds_and_a_natural_20_fails() {
        assert!(check(1, 3, -4));
        assert!(!check(20, 18, 4));
    }
}
