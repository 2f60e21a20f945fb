//! Traps (BX-10): each action that could set a trap off springs it 2 in 6.

use fray_dice::DieSource;

use super::chance::InSix;

/// The chance that an action which could trigger a trap springs it, in sixths.
pub const TRAP_SPRINGS_IN_6: u8 = 2;

/// Rolls whether an action that could trigger a trap springs it.
pub fn springs(dice: &mut impl DieSource) -> InSix {
    InSix::roll(dice, TRAP_SPRINGS_IN_6)
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    #[test]
    fn bx10_a_trap_springs_on_a_one_or_two() {
        let mut dice = EncounterRng::scripted([1, 2, 3, 6]);
        let rolls: Vec<bool> = (0..4).map(|_| springs(&mut dice).success).collect();
        assert_eq!(rolls, vec![true, true, false, false]);
    }
}
