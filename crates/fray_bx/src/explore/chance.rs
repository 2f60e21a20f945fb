//! "N in 6": the d6 roll behind most of B/X's exploration procedures.

use fray_dice::DieSource;

/// A roll of one d6 against an "N in 6" chance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InSix {
    /// The face rolled.
    pub face: u32,
    /// The chance, in sixths.
    pub chance: u8,
    /// Whether the face is at most the chance.
    pub success: bool,
}

impl InSix {
    /// Rolls a d6: it succeeds on a face of `chance` or less (a 1-in-6 chance succeeds on a 1).
    pub fn roll(dice: &mut impl DieSource, chance: u8) -> Self {
        let face = dice.roll_die(6);
        Self {
            face,
            chance,
            success: face <= u32::from(chance),
        }
    }
}
