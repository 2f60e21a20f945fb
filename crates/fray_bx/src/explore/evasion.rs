//! Evasion and pursuit in the dungeon (BX-15): the faster side escapes; a side that is not
//! faster is pursued, and pursuers stop 3 in 6 to take dropped treasure or food.
//!
//! What the exploration layer decides here becomes the fight's `evade` and `evade_chance`
//! options: the combat's opening then applies surprise (a surprised side cannot evade, a side
//! that surprised the others slips away) before anyone runs.
//!
//! Rulings (the seed leaves them to the referee):
//! - monsters always pursue a fleeing party (the worst case);
//! - the party drops food when it has any (a day's ration from the member carrying most), else
//!   half its haul of treasure; with neither, it is caught;
//! - a pursuit that does not stop catches the party: the fight happens (running, its 30 rounds
//!   and their exhaustion are not played out yet).

use fray_dice::DieSource;

use super::chance::InSix;

/// Pursuers stop to take what was dropped on 3 in 6.
pub const DROP_STOPS_IN_6: u8 = 3;

/// What a fleeing party drops to stop its pursuers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dropped {
    /// Food.
    Food,
    /// Treasure.
    Treasure,
}

/// How a dungeon evasion goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Evasion {
    /// The fleeing side is faster: it gets away, no roll.
    Outran,
    /// The pursuers stopped for what was dropped (the d6 roll).
    Stopped(Dropped, InSix),
    /// The pursuers did not stop for what was dropped (the d6 roll): a pursuit catches up.
    NotStopped(Dropped, InSix),
    /// Not faster, and nothing to drop: a pursuit catches up.
    Caught,
}

impl Evasion {
    /// Whether the fleeing side gets away.
    pub fn escapes(self) -> bool {
        matches!(self, Self::Outran | Self::Stopped(..))
    }
}

/// A dungeon evasion by a side moving `fleeing` feet per turn from pursuers moving `pursuing`,
/// dropping `drop` if it is not faster.
pub fn dungeon_evasion(
    dice: &mut impl DieSource,
    fleeing: i32,
    pursuing: i32,
    drop: Option<Dropped>,
) -> Evasion {
    if fleeing > pursuing {
        return Evasion::Outran;
    }
    match drop {
        None => Evasion::Caught,
        Some(dropped) => {
            let roll = InSix::roll(dice, DROP_STOPS_IN_6);
            if roll.success {
                Evasion::Stopped(dropped, roll)
            } else {
                Evasion::NotStopped(dropped, roll)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    #[test]
    fn bx15_the_faster_side_escapes_without_a_roll() {
        let mut dice = EncounterRng::scripted([]);
        let evasion = dungeon_evasion(&mut dice, 120, 90, Some(Dropped::Food));
        assert_eq!(evasion, Evasion::Outran);
        assert!(evasion.escapes());
    }

    #[test]
    fn bx15_a_side_as_fast_as_its_pursuers_is_pursued() {
        let mut dice = EncounterRng::scripted([]);
        assert_eq!(dungeon_evasion(&mut dice, 120, 120, None), Evasion::Caught);
    }

    #[test]
    fn bx15_dropped_food_or_treasure_stops_pursuers_on_1_to_3_in_6() {
        let mut dice = EncounterRng::scripted([3, 4]);
        let stopped = dungeon_evasion(&mut dice, 90, 120, Some(Dropped::Food));
        assert!(stopped.escapes());
        assert!(matches!(stopped, Evasion::Stopped(Dropped::Food, r) if r.face == 3));
        let caught = dungeon_evasion(&mut dice, 90, 120, Some(Dropped::Treasure));
        assert!(!caught.escapes());
        assert!(matches!(caught, Evasion::NotStopped(Dropped::Treasure, r) if r.face == 4));
    }
}
