//! Natural healing (BX-06): 1d3 hit points for each full day of complete rest.

use fray_dice::DieSource;
use fray_explore::party::Vitals;

/// Heals `vitals` for `days` full days of complete rest, 1d3 a day, never past the maximum
/// and never the dead (their dice are not rolled). Returns each day's face and the hit points
/// regained. An interrupted day is not a full day: the caller does not count it.
pub fn rest_days(dice: &mut impl DieSource, vitals: &mut Vitals, days: u32) -> (Vec<u32>, i32) {
    if !vitals.is_alive() {
        return (Vec::new(), 0);
    }
    let faces: Vec<u32> = (0..days).map(|_| dice.roll_die(3)).collect();
    let total = faces.iter().fold(0i32, |sum, f| {
        sum.saturating_add(i32::try_from(*f).unwrap_or(i32::MAX))
    });
    (faces, vitals.heal(total))
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;
    use fray_explore::party::Life;

    use super::*;

    #[test]
    fn bx06_each_full_day_of_rest_heals_1d3() {
        let mut dice = EncounterRng::scripted([2, 3]);
        let mut vitals = Vitals::new(12);
        vitals.wound(9);
        assert_eq!(rest_days(&mut dice, &mut vitals, 2), (vec![2, 3], 5));
        assert_eq!(vitals.hp, 8);
    }

    #[test]
    fn bx06_healing_stops_at_the_maximum_and_never_raises_the_dead() {
        let mut dice = EncounterRng::scripted([3]);
        let mut vitals = Vitals::new(8);
        vitals.wound(1);
        assert_eq!(rest_days(&mut dice, &mut vitals, 1), (vec![3], 1));
        let mut dead = Vitals::new(8);
        dead.life = Life::Dead;
        assert_eq!(rest_days(&mut dice, &mut dead, 5), (vec![], 0));
        assert_eq!(dice.scripted_remaining(), Some(0));
    }
}
