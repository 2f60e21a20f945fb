//! Evasion and pursuit (BX-15), as the seed's "Evasion and Pursuit" gives them:
//! - **in the dungeon** the faster side escapes; a side that is not faster is pursued, and
//!   pursuers stop 3 in 6 to take dropped treasure or food ([`dungeon_evasion`]); a pursuit is
//!   run round by round at the base movement rate in feet per round, and runners are exhausted
//!   after 30 rounds: -2 to attacks, damage and AC until they have rested three full turns
//!   ([`dungeon_run`]);
//! - **in the wilderness** the chance is a percentile roll on the table by the sizes of the two
//!   groups, +/-25% when one side moves twice as fast as the other, never below 5%
//!   ([`wilderness_chance`]); a failed roll starts a pursuit, day by day, that the fight's
//!   opening plays ([`Pursuit`](crate::options::Pursuit));
//! - **on the water** the chance is the table by the difference of the two sides' rates per
//!   round ([`waterborne_chance`]).
//!
//! What the exploration layer decides here becomes the fight's `evade`, `evade_chance` and
//! `pursuit` options: the combat's opening then applies surprise (a surprised side cannot
//! evade, a side that surprised the others slips away) before anyone runs.
//!
//! Rulings (the seed leaves them to the referee):
//! - monsters always pursue a fleeing party (the worst case);
//! - the party drops food when it has any (a day's ration from the member carrying most), else
//!   half its haul of treasure; with neither, it is run down;
//! - pursuers lose sight of runners who get more than [`OUT_OF_SIGHT_FT`] ahead (the seed's
//!   line of sight, "most monsters will not continue a pursuit");
//! - runners who are not faster are caught when the pursuers close the gap, or, if the gap does
//!   not close (the same speed), when they tire after 30 rounds and must stop: they fight
//!   exhausted;
//! - pursuers that stop for what was dropped stop at once: the party ran one round;
//! - an exhausted party takes its three turns of rest first thing, before the rest of its
//!   plan (after the fight, if it was caught);
//! - outdoors, woods and jungle are the seed's "densely wooded area": +25% to evade;
//! - rates per round on the water are a third of the rates per turn (the seed's encounter
//!   movement), and a fleeing side exactly as fast as its pursuers is in the "0-30' slower" row.
//!
//! [`dungeon_evasion`]: crate::explore::evasion::dungeon_evasion
//! [`dungeon_run`]: crate::explore::evasion::dungeon_run
//! [`wilderness_chance`]: crate::explore::evasion::wilderness_chance
//! [`waterborne_chance`]: crate::explore::evasion::waterborne_chance
//! [`OUT_OF_SIGHT_FT`]: crate::explore::evasion::OUT_OF_SIGHT_FT

use fray_dice::DieSource;
use fray_explore::prelude::Terrain;

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

/// Rounds of running after which runners are exhausted.
pub const EXHAUSTED_AFTER_ROUNDS: u32 = 30;

/// The affliction of runners who ran 30 rounds: its level counts the turns of rest still owed.
pub const EXHAUSTED: &str = "exhausted";

/// What exhaustion costs on attacks, damage and AC.
pub const EXHAUSTION_PENALTY: i32 = 2;

/// Full turns of rest that lift exhaustion.
pub const EXHAUSTION_REST_TURNS: u8 = 3;

/// How far ahead, in feet, runners must get for pursuers to lose sight of them (a ruling: a
/// torch lights 30 ft and monsters see 60 ft in the dark; 120 ft is well beyond both).
pub const OUT_OF_SIGHT_FT: i32 = 120;

/// A dungeon pursuit run out, round by round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    /// Rounds the fleeing side ran.
    pub rounds: u32,
    /// Whether the pursuers caught it (else it got out of their sight).
    pub caught: bool,
}

impl Run {
    /// Whether the runners are exhausted: they ran 30 rounds.
    pub fn exhausts(self) -> bool {
        self.rounds >= EXHAUSTED_AFTER_ROUNDS
    }
}

/// A dungeon pursuit of a side running `fleeing` feet a round, `gap` feet ahead of pursuers
/// running `pursuing` feet a round (each runs its base movement rate per round). Each round the
/// gap grows by the difference: runners more than [`OUT_OF_SIGHT_FT`] ahead get away; runners
/// caught up with (the gap at 0) are caught; runners still running after 30 rounds are
/// exhausted and stop, caught.
pub fn dungeon_run(gap: i32, fleeing: i32, pursuing: i32) -> Run {
    let step = fleeing.saturating_sub(pursuing);
    let mut gap = gap.max(0);
    for round in 1..=EXHAUSTED_AFTER_ROUNDS {
        gap = gap.saturating_add(step);
        if step > 0 && gap > OUT_OF_SIGHT_FT {
            return Run {
                rounds: round,
                caught: false,
            };
        }
        if step < 0 && gap <= 0 {
            return Run {
                rounds: round,
                caught: true,
            };
        }
    }
    Run {
        rounds: EXHAUSTED_AFTER_ROUNDS,
        caught: step <= 0,
    }
}

/// The smallest chance of escape outdoors, in percent.
pub const MIN_WILDERNESS_CHANCE: i32 = 5;

/// The outdoor evasion modifier for a side twice as fast as the other, in percent.
pub const TWICE_AS_FAST: i32 = 25;

/// The outdoor evasion modifier in a densely wooded area, in percent.
pub const DENSE_WOODS: i32 = 25;

/// A wilderness evasion chance, worked out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WildernessChance {
    /// The table's base chance by group sizes, in percent.
    pub base: u8,
    /// +25 if the fleeing side is twice as fast, -25 if the pursuers are, else 0.
    pub speed: i32,
    /// +25 in dense woods, else 0.
    pub environment: i32,
    /// The chance rolled for: the sum, at least 5% and at most 100%.
    pub chance: u8,
}

/// The "Wilderness Evasion Base Chance" table: the chance in percent of a group of `fleeing`
/// escaping `pursuing` pursuers.
pub fn wilderness_base_chance(fleeing: u32, pursuing: u32) -> u8 {
    // Each row: the largest fleeing group it covers, then (largest pursuers, chance) columns.
    const TABLE: [(u32, [(u32, u8); 3]); 4] = [
        (4, [(1, 50), (3, 70), (u32::MAX, 90)]),
        (12, [(3, 35), (8, 50), (u32::MAX, 70)]),
        (24, [(6, 25), (16, 35), (u32::MAX, 50)]),
        (u32::MAX, [(10, 10), (30, 25), (u32::MAX, 35)]),
    ];
    let fleeing = fleeing.max(1);
    let pursuing = pursuing.max(1);
    TABLE
        .iter()
        .find(|(most, _)| fleeing <= *most)
        .and_then(|(_, columns)| columns.iter().find(|(most, _)| pursuing <= *most))
        .map_or(MIN_WILDERNESS_CHANCE as u8, |(_, chance)| *chance)
}

/// The chance of a group of `fleeing` moving `fleeing_rate` escaping `pursuing` pursuers moving
/// `pursuing_rate` outdoors in `terrain`, when neither side is surprised.
pub fn wilderness_chance(
    fleeing: u32,
    pursuing: u32,
    fleeing_rate: i32,
    pursuing_rate: i32,
    terrain: Terrain,
) -> WildernessChance {
    let base = wilderness_base_chance(fleeing, pursuing);
    let speed = if pursuing_rate >= fleeing_rate.saturating_mul(2) {
        -TWICE_AS_FAST
    } else if fleeing_rate >= pursuing_rate.saturating_mul(2) {
        TWICE_AS_FAST
    } else {
        0
    };
    let environment = if matches!(terrain, Terrain::Woods | Terrain::Jungle) {
        DENSE_WOODS
    } else {
        0
    };
    let sum = i32::from(base)
        .saturating_add(speed)
        .saturating_add(environment);
    WildernessChance {
        base,
        speed,
        environment,
        chance: sum.clamp(MIN_WILDERNESS_CHANCE, 100) as u8,
    }
}

/// The "Waterborne Evasion Chance" table: the chance in percent of a vessel or swimmer moving
/// `fleeing` feet a round escaping pursuers moving `pursuing` feet a round.
pub fn waterborne_chance(fleeing: i32, pursuing: i32) -> u8 {
    if fleeing > pursuing {
        return 80;
    }
    match pursuing.saturating_sub(fleeing) {
        0..=30 => 50,
        31..=60 => 40,
        61..=90 => 35,
        91..=120 => 25,
        _ => 10,
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

    #[test]
    fn bx15_runners_faster_than_their_pursuers_get_out_of_sight() {
        // 120 ft a round against 90: the 40 ft gap grows 30 ft a round, past 120 ft in round 3.
        let run = dungeon_run(40, 120, 90);
        assert_eq!(
            run,
            Run {
                rounds: 3,
                caught: false
            }
        );
        assert!(!run.exhausts());
    }

    #[test]
    fn bx15_slower_runners_are_caught_when_the_gap_closes() {
        // 60 ft a round against 90: a 70 ft gap closes by 30 a round, gone in round 3.
        assert_eq!(
            dungeon_run(70, 60, 90),
            Run {
                rounds: 3,
                caught: true
            }
        );
    }

    #[test]
    fn bx15_running_30_rounds_exhausts_the_runners() {
        // As fast as the pursuers: the gap never closes nor opens, and after 30 rounds the
        // runners are exhausted and caught.
        let run = dungeon_run(50, 120, 120);
        assert_eq!(
            run,
            Run {
                rounds: 30,
                caught: true
            }
        );
        assert!(run.exhausts());
        // 1 ft slower over a 100 ft gap: caught only after the 30th round, exhausted.
        let long = dungeon_run(100, 119, 120);
        assert!(long.caught && long.exhausts());
        // 29 rounds of running do not exhaust.
        assert!(
            !Run {
                rounds: 29,
                caught: true
            }
            .exhausts()
        );
        assert_eq!(EXHAUSTION_PENALTY, 2);
        assert_eq!(EXHAUSTION_REST_TURNS, 3);
    }

    #[test]
    fn bx15_the_wilderness_table_by_the_sizes_of_both_groups() {
        // Fleeing 1-4.
        assert_eq!(wilderness_base_chance(4, 1), 50);
        assert_eq!(wilderness_base_chance(1, 2), 70);
        assert_eq!(wilderness_base_chance(3, 3), 70);
        assert_eq!(wilderness_base_chance(2, 4), 90);
        // Fleeing 5-12.
        assert_eq!(wilderness_base_chance(5, 3), 35);
        assert_eq!(wilderness_base_chance(12, 4), 50);
        assert_eq!(wilderness_base_chance(6, 8), 50);
        assert_eq!(wilderness_base_chance(6, 9), 70);
        // Fleeing 13-24.
        assert_eq!(wilderness_base_chance(13, 6), 25);
        assert_eq!(wilderness_base_chance(24, 7), 35);
        assert_eq!(wilderness_base_chance(20, 16), 35);
        assert_eq!(wilderness_base_chance(20, 17), 50);
        // Fleeing 25+.
        assert_eq!(wilderness_base_chance(25, 10), 10);
        assert_eq!(wilderness_base_chance(40, 11), 25);
        assert_eq!(wilderness_base_chance(40, 30), 25);
        assert_eq!(wilderness_base_chance(100, 31), 35);
    }

    #[test]
    fn bx15_twice_the_speed_moves_the_wilderness_chance_by_25_and_it_is_never_below_5() {
        let even = wilderness_chance(4, 2, 120, 120, Terrain::Clear);
        assert_eq!((even.base, even.speed, even.chance), (70, 0, 70));
        let outrun = wilderness_chance(4, 2, 240, 120, Terrain::Clear);
        assert_eq!((outrun.speed, outrun.chance), (25, 95));
        let hunted = wilderness_chance(4, 2, 60, 120, Terrain::Clear);
        assert_eq!((hunted.speed, hunted.chance), (-25, 45));
        // Short of double, no change.
        assert_eq!(wilderness_chance(4, 2, 120, 210, Terrain::Clear).speed, 0);
        // 25+ fleeing from 1-10 pursuers twice as fast: 10 - 25, raised to 5.
        let floor = wilderness_chance(30, 5, 60, 120, Terrain::Clear);
        assert_eq!((floor.base, floor.chance), (10, 5));
        // Dense woods: +25, capped at 100.
        let woods = wilderness_chance(2, 4, 240, 120, Terrain::Woods);
        assert_eq!((woods.environment, woods.chance), (25, 100));
    }

    #[test]
    fn bx15_the_waterborne_table_by_the_difference_of_speeds() {
        assert_eq!(waterborne_chance(50, 40), 80);
        assert_eq!(waterborne_chance(40, 40), 50);
        assert_eq!(waterborne_chance(40, 70), 50);
        assert_eq!(waterborne_chance(40, 71), 40);
        assert_eq!(waterborne_chance(0, 60), 40);
        assert_eq!(waterborne_chance(0, 90), 35);
        assert_eq!(waterborne_chance(0, 120), 25);
        assert_eq!(waterborne_chance(0, 121), 10);
    }
}
