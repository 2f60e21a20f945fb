//! The die-rank bench: the test statblocks and maps, and how the test kit builds fights.

use bevy_ecs::entity::Entity;
use fray_core::prelude::*;
use fray_dierank::vocabulary::{MASTERY, PRESS};
use fray_testkit::harness::{Bench, Fight};

/// Die-rank's rule tests' setting.
pub const BENCH: Bench = Bench::of(fray_dierank::RULESET, BLOCKS);

/// One region, `field`.
pub const SINGLE: &str = r#"Named("single")"#;

/// A line of regions `a - b - c - river - d`, with a cliff `b - cliff - top`; the river is
/// water, the cliff a climb.
pub const LINE: &str = r#"Inline(id: "line", name: "Line", regions: [
    (id: "a", name: "a"), (id: "b", name: "b"), (id: "c", name: "c"),
    (id: "river", name: "river", terrain: (water: true)), (id: "d", name: "d"),
    (id: "cliff", name: "cliff", terrain: (climb: true)), (id: "top", name: "top"),
], links: [("a", "b"), ("b", "c"), ("c", "river"), ("river", "d"), ("b", "cliff"), ("cliff", "top")])"#;

/// Region ids of [`LINE`].
pub mod at {
    use fray_core::ids::RegionId;
    /// `a`.
    pub const A: RegionId = RegionId(0);
    /// `b`.
    pub const B: RegionId = RegionId(1);
    /// `c`.
    pub const C: RegionId = RegionId(2);
    /// The river.
    pub const RIVER: RegionId = RegionId(3);
    /// `d`.
    pub const D: RegionId = RegionId(4);
    /// The cliff.
    pub const CLIFF: RegionId = RegionId(5);
    /// The top of the cliff.
    pub const TOP: RegionId = RegionId(6);
}

/// Statblocks of the rule tests:
/// - `warrior` (rank 2, 10 health, 3 AP, no MP, REF D8, defense D6): sword D8 (major), bow D6
///   (ranged), jab D4 (minor), blast D10 (ranged, cooldown).
/// - `adept` (rank 2, 8 health, 3 MP, REF D10, defense D8): sword D8, feint D2 shifted -1 (a
///   D2 with a level of disadvantage). `novice` (rank 1, 2 MP, REF D6, defense D6): club D6.
/// - `dummy` (rank 1, 9 health, REF D4, defense D6): a pebble D4, ranged only (it cannot
///   strike back in melee). `orc` (rank 1, 6 health, REF D6, defense D6): axe D8, minor
///   knife D4. `shaman` (rank 2, 2 MP, REF D6, defense D8): staff D6. `imp` (rank 1, no MP,
///   REF D6, defense D4): claw D4. `giant` (rank 3, 20 health, REF D4, defense D4): smash D48
///   shifted +2 (D60 with a level of advantage, exclusive). `eel` (swims, REF D4, defense D4):
///   pebble D4 ranged. `goat` (climbs): the same.
pub const BLOCKS: &str = r#"[
    Hero(id: "warrior", name: "Warrior", rank: 2, health: 10, ap: 3, reflexes: "D8", defense: "D6",
        attacks: [(name: "sword", die: "D8"), (name: "bow", die: "D6", ranged: true),
                  (name: "jab", die: "D4", kind: Minor), (name: "blast", die: "D10", ranged: true, cooldown: true)]),
    Hero(id: "adept", name: "Adept", rank: 2, health: 8, mp: 3, reflexes: "D10", defense: "D8",
        attacks: [(name: "sword", die: "D8"), (name: "feint", die: "D2", shift: -1)]),
    Hero(id: "novice", name: "Novice", rank: 1, health: 6, mp: 2, reflexes: "D6", defense: "D6",
        attacks: [(name: "club", die: "D6")]),
    Monster(id: "dummy", name: "Dummy", rank: 1, health: 9, reflexes: "D4", defense: "D6",
        attacks: [(name: "pebble", die: "D4", ranged: true)]),
    Monster(id: "orc", name: "Orc", rank: 1, health: 6, reflexes: "D6", defense: "D6",
        attacks: [(name: "axe", die: "D8"), (name: "knife", die: "D4", kind: Minor)]),
    Monster(id: "shaman", name: "Shaman", rank: 2, health: 6, mp: 2, reflexes: "D6", defense: "D8",
        attacks: [(name: "staff", die: "D6")]),
    Monster(id: "imp", name: "Imp", rank: 1, health: 3, reflexes: "D6", defense: "D4",
        attacks: [(name: "claw", die: "D4")]),
    Monster(id: "giant", name: "Giant", rank: 3, health: 20, reflexes: "D4", defense: "D4",
        attacks: [(name: "smash", die: "D48", shift: 2, kind: Exclusive)]),
    Monster(id: "eel", name: "Eel", rank: 1, health: 4, reflexes: "D4", defense: "D4", swims: true,
        attacks: [(name: "pebble", die: "D4", ranged: true)]),
    Monster(id: "goat", name: "Goat", rank: 1, health: 4, reflexes: "D4", defense: "D4", climbs: true,
        attacks: [(name: "pebble", die: "D4", ranged: true)]),
]"#;

/// A fight on `map` between `heroes` and `monsters` (`(statblock, count, region)`), every die
/// forced to `faces` from the first roll (the initiative rolls, in roster order).
pub fn fight(
    map: &str,
    heroes: &[(&str, u16, &str)],
    monsters: &[(&str, u16, &str)],
    faces: &[u32],
) -> Fight {
    BENCH.fight(map, heroes, monsters, "", faces)
}

/// Attack `attack` (by index) on `target`.
pub fn attack(target: Entity, attack: u16) -> Intent {
    Intent::Attack {
        target,
        attack: AttackId(attack),
        maneuver: Maneuver::STANDARD,
    }
}

/// Attack `attack` on `target`, pressed on with a mastery point.
pub fn pressed(target: Entity, attack: u16) -> Intent {
    Intent::Attack {
        target,
        attack: AttackId(attack),
        maneuver: PRESS,
    }
}

/// Spending a mastery point.
pub const SPEND: Intent = Intent::UseAbility {
    ability: MASTERY,
    target: None,
};

/// A combatant's die-rank state.
pub fn state(f: &Fight, name: &str) -> fray_dierank::state::DrState {
    f.get::<fray_dierank::state::DrState>(name).clone()
}
