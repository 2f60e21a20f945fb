//! Time dice (L5-21): up to four d6 turned to show the hour of the day, each a quarter of the
//! day (six hours): pre-dawn, morning, afternoon and night. `6, 1` is 07:00 and `6, 6, 6, 2`
//! is 20:00; rolling one to four of them picks an hour at random, later the more dice.

use fray_dice::DieSource;

/// The time dice turned to show `hour` (1..=24; 0 is midnight, shown as 24): a six for each
/// full quarter before the last, then the hour within it.
///
/// ```
/// use fray_lite5e::explore::time_dice::showing;
/// assert_eq!(showing(7), vec![6, 1]);
/// assert_eq!(showing(20), vec![6, 6, 6, 2]);
/// ```
pub fn showing(hour: u8) -> Vec<u8> {
    let hour = match hour % 24 {
        0 => 24,
        h => h,
    };
    let sixes = (hour - 1) / 6;
    let mut dice = vec![6; usize::from(sixes)];
    dice.push(hour - sixes * 6);
    dice
}

/// The hour `dice` show (their sum).
pub fn hour_of(dice: &[u8]) -> u32 {
    dice.iter().map(|d| u32::from(*d)).sum()
}

/// Rolls `count` time dice (clamped to 1..=4): their faces and the hour they show.
pub fn roll(dice: &mut impl DieSource, count: u8) -> (Vec<u8>, u32) {
    let faces: Vec<u8> = (0..count.clamp(1, 4))
        .map(|_| u8::try_from(dice.roll_die(6)).unwrap_or(6))
        .collect();
    let hour = hour_of(&faces);
    (faces, hour)
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    #[test]
    fn l521_time_dice_show_the_hour_a_six_per_full_quarter() {
        assert_eq!(showing(7), vec![6, 1]);
        assert_eq!(showing(20), vec![6, 6, 6, 2]);
        assert_eq!(showing(6), vec![6]);
        assert_eq!(showing(1), vec![1]);
        assert_eq!(showing(0), vec![6, 6, 6, 6]);
        for hour in 1..=24 {
            let dice = showing(hour);
            assert!(dice.len() <= 4 && dice.iter().all(|d| (1..=6).contains(d)));
            assert_eq!(hour_of(&dice), u32::from(hour));
        }
    }

    #[test]
    fn l521_rolling_more_time_dice_gives_a_later_hour() {
        let mut dice = EncounterRng::scripted([3, 6, 6, 6, 2]);
        assert_eq!(roll(&mut dice, 1), (vec![3], 3));
        assert_eq!(roll(&mut dice, 4), (vec![6, 6, 6, 2], 20));
    }
}
