//! Rolling to return (L5-20): a check against DC 10 + 1 per travel turn (at most 20); each
//! point short costs 1d6 damage on a dangerous path, or one load on an arduous one.

use fray_dice::DieSource;
use serde::{Deserialize, Serialize};

/// The highest DC of a roll to return.
pub const MAX_RETURN_DC: u32 = 20;

/// The kind of path home.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Path {
    /// Each point short deals 1d6 damage (ignoring armour).
    Dangerous,
    /// Each point short loses one load of equipment.
    Arduous,
}

/// The DC to return after `travel_turns` travel turns away: 10 + 1 each, at most 20.
pub fn return_dc(travel_turns: u64) -> u32 {
    let turns = u32::try_from(travel_turns.min(u64::from(MAX_RETURN_DC))).unwrap_or(MAX_RETURN_DC);
    10u32.saturating_add(turns).min(MAX_RETURN_DC)
}

/// What failing to return cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReturnCost {
    /// Home safe.
    None,
    /// Damage on a dangerous path: the d6 faces and their sum.
    Damage {
        /// One d6 per point short.
        faces: Vec<u32>,
        /// Their sum.
        total: u32,
    },
    /// Loads of equipment dropped on an arduous path.
    LoadsLost(u32),
}

/// One character's roll to return.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Return {
    /// The d20's face.
    pub face: u32,
    /// The check's total: the face plus the modifier.
    pub total: i64,
    /// The DC.
    pub dc: u32,
    /// What it cost.
    pub cost: ReturnCost,
}

impl Return {
    /// Rolls to return with `modifier` (the character's highest, proficiency included) after
    /// `travel_turns` travel turns, on `path`.
    pub fn roll(dice: &mut impl DieSource, modifier: i32, travel_turns: u64, path: Path) -> Self {
        let dc = return_dc(travel_turns);
        let face = dice.roll_die(20);
        let total = i64::from(face).saturating_add(i64::from(modifier));
        let short = u32::try_from((i64::from(dc) - total).max(0)).unwrap_or(MAX_RETURN_DC);
        let cost = match (short, path) {
            (0, _) => ReturnCost::None,
            (n, Path::Dangerous) => {
                let faces: Vec<u32> = (0..n).map(|_| dice.roll_die(6)).collect();
                let total = faces.iter().fold(0u32, |s, f| s.saturating_add(*f));
                ReturnCost::Damage { faces, total }
            }
            (n, Path::Arduous) => ReturnCost::LoadsLost(n),
        };
        Self {
            face,
            total,
            dc,
            cost,
        }
    }
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    #[test]
    fn l520_the_dc_is_10_plus_1_per_travel_turn_at_most_20() {
        assert_eq!(return_dc(0), 10);
        assert_eq!(return_dc(4), 14);
        assert_eq!(return_dc(10), 20);
        assert_eq!(return_dc(u64::MAX), 20);
    }

    #[test]
    fn l520_the_seeds_example_two_short_on_an_arduous_path_drops_two_loads() {
        // Four hours away (DC 14): +6 rolling 11 is home; +5 rolling a natural 7 is 2 short.
        let mut dice = EncounterRng::scripted([11, 7]);
        let first = Return::roll(&mut dice, 6, 4, Path::Arduous);
        assert_eq!((first.total, first.cost), (17, ReturnCost::None));
        let second = Return::roll(&mut dice, 5, 4, Path::Arduous);
        assert_eq!((second.total, second.dc), (12, 14));
        assert_eq!(second.cost, ReturnCost::LoadsLost(2));
    }

    #[test]
    fn l520_each_point_short_on_a_dangerous_path_deals_1d6() {
        let mut dice = EncounterRng::scripted([9, 4, 6, 1]);
        let back = Return::roll(&mut dice, 0, 2, Path::Dangerous);
        assert_eq!(
            back.cost,
            ReturnCost::Damage {
                faces: vec![4, 6, 1],
                total: 11
            }
        );
    }
}
