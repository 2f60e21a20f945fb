//! The lite5e bench: the test statblocks and maps, and how the test kit builds fights.

use bevy_ecs::entity::Entity;
use fray_core::prelude::*;
use fray_lite5e::vocabulary::HIDE;
use fray_testkit::harness::{Bench, Fight};

/// Lite5e's rule tests' setting.
pub const BENCH: Bench = Bench::of(fray_lite5e::RULESET, BLOCKS);

/// One region, `field`.
pub const SINGLE: &str = r#"Named("single")"#;

/// A line of regions `a - b - c - d`, with `pool` (water) off `a`; `dark` (darkness) off `c`,
/// `glare` (brilliant) off `d`, and `dusk` (dim) off `b`.
pub const LINE: &str = r#"Inline(id: "line", name: "Line", regions: [
    (id: "a", name: "a"), (id: "b", name: "b"), (id: "c", name: "c"), (id: "d", name: "d"),
    (id: "pool", name: "pool", terrain: (water: true)),
    (id: "dark", name: "dark", light: Darkness), (id: "glare", name: "glare", light: Brilliant),
    (id: "dusk", name: "dusk", light: Dim),
], links: [("a", "b"), ("b", "c"), ("c", "d"), ("a", "pool"), ("c", "dark"), ("d", "glare"),
    ("b", "dusk"), ("dark", "glare")])"#;

/// Statblocks of the rule tests (every DEX different, so that initiative rolls nothing
/// unless a test wants a tie):
/// - `hero` (PC, STR 14 +2, DEX 16 +3, INT 8 -1, WIS 18 +4, proficiency 2, AC 14, 12 HP):
///   sword 1d8 (melee), bow 1d6 (far), bolt 1d10 (arcane, ranged), flame 1d8 (divine, ranged),
///   cure 1d8 (divine heal, ranged, quick), dart 1d4 (ranged, quick). Body parts: a hand
///   (-2 to attacks), a leg (-10 ft).
/// - `mage` (PC, DEX 12, WIS 14 +2, medic, AC 10, 8 HP, carries a lantern: well lit where it
///   stands): staff 1d6 (not proficient), cure. Body parts: a finger (-1), a foot (-10 ft).
/// - `porter` (PC, STR 10, DEX 11, load 11: speed 25, disadvantage): club 1d4.
/// - `mule` (PC, STR 10, DEX 9, load 16: speed 0): club 1d4.
/// - `brute` (monster, STR 22 +6, proficiency 3, DEX 8, AC 12, 40 HP): club 2d6.
/// - `dummy` (monster, DEX 6, AC 10, 30 HP, WIS 10, morale 0): poke 1d4.
/// - `goblin` (monster, DEX 13, darksight, stealthy, AC 13, 20 HP, morale 1): knife 1d4, sling
///   1d4 (ranged).
/// - `lurker` (monster, DEX 15, hidden at the start, stealthy, AC 12, 20 HP): bite 1d6.
/// - `orc` (monster, DEX 10, STR 16, AC 13, 30 HP, WIS 12 +1, morale 2, morale proficient):
///   axe 1d10.
/// - `hireling` (monster on the PCs' side: a follower, DEX 7, WIS 10, morale 1): club 1d4.
pub const BLOCKS: &str = r#"[
    Pc(id: "hero", name: "Hero", level: 2, str: 14, dex: 16, con: 12, int: 8, wis: 18, cha: 10,
        proficiency: 2, ac: 14, hp: 12,
        body_parts: [(name: "a hand", attack: 2), (name: "a leg", speed: 10)],
        attacks: [(name: "sword", kind: Melee, damage: "1d8"),
                  (name: "bow", kind: Ranged, damage: "1d6", reach: Far),
                  (name: "bolt", kind: Arcane, damage: "1d10", reach: Ranged),
                  (name: "flame", kind: Divine, damage: "1d8", reach: Ranged),
                  (name: "cure", kind: Divine, damage: "1d8", reach: Ranged, heal: true, quick: true),
                  (name: "dart", kind: Ranged, damage: "1d4", reach: Ranged, quick: true)]),
    Pc(id: "mage", name: "Mage", level: 1, str: 10, dex: 12, con: 10, int: 16, wis: 14, cha: 10,
        proficiency: 2, ac: 10, hp: 8, medic: true, light: Some(WellLit),
        body_parts: [(name: "a finger", attack: 1), (name: "a foot", speed: 10)],
        attacks: [(name: "staff", kind: Melee, damage: "1d6", proficient: false),
                  (name: "cure", kind: Divine, damage: "1d8", reach: Ranged, heal: true)]),
    Pc(id: "porter", name: "Porter", level: 1, str: 10, dex: 11, con: 10, int: 10, wis: 10,
        cha: 10, proficiency: 2, ac: 11, hp: 8, load: 11, body_parts: [(name: "a toe")],
        attacks: [(name: "club", kind: Melee, damage: "1d4")]),
    Pc(id: "mule", name: "Mule", level: 1, str: 10, dex: 9, con: 10, int: 10, wis: 10,
        cha: 10, proficiency: 2, ac: 11, hp: 8, load: 16, body_parts: [(name: "a toe")],
        attacks: [(name: "club", kind: Melee, damage: "1d4")]),
    Monster(id: "brute", name: "Brute", level: 5, str: 22, dex: 8, con: 16, int: 6, wis: 8,
        cha: 6, proficiency: 3, ac: 12, hp: 40, body_parts: [(name: "a tusk")],
        attacks: [(name: "club", kind: Melee, damage: "2d6")]),
    Monster(id: "dummy", name: "Dummy", level: 1, str: 10, dex: 6, con: 10, int: 10, wis: 10,
        cha: 10, proficiency: 2, ac: 10, hp: 30, body_parts: [(name: "an arm")],
        attacks: [(name: "poke", kind: Melee, damage: "1d4")]),
    Monster(id: "goblin", name: "Goblin", level: 1, str: 8, dex: 13, con: 10, int: 10, wis: 10,
        cha: 8, proficiency: 2, ac: 13, hp: 20, darksight: true, stealthy: true, morale: 1,
        body_parts: [(name: "an ear")],
        attacks: [(name: "knife", kind: Melee, damage: "1d4"),
                  (name: "sling", kind: Ranged, damage: "1d4", reach: Far)]),
    Monster(id: "lurker", name: "Lurker", level: 2, str: 12, dex: 15, con: 10, int: 4, wis: 10,
        cha: 4, proficiency: 2, ac: 12, hp: 20, stealthy: true, hidden: true,
        body_parts: [(name: "a leg")],
        attacks: [(name: "bite", kind: Melee, damage: "1d6")]),
    Monster(id: "orc", name: "Orc", level: 2, str: 16, dex: 10, con: 12, int: 8, wis: 12,
        cha: 8, proficiency: 2, ac: 13, hp: 30, morale: 2, morale_proficient: true,
        body_parts: [(name: "a tusk")],
        attacks: [(name: "axe", kind: Melee, damage: "1d10")]),
    Monster(id: "hireling", name: "Hireling", level: 1, str: 10, dex: 7, con: 10, int: 10,
        wis: 10, cha: 10, proficiency: 2, ac: 11, hp: 8, morale: 1, body_parts: [(name: "a toe")],
        attacks: [(name: "club", kind: Melee, damage: "1d4")]),
]"#;

/// A fight on `map` between `heroes` and `monsters` (`(statblock, count, region)`), every die
/// forced to `faces`.
pub fn fight(
    map: &str,
    heroes: &[(&str, u16, &str)],
    monsters: &[(&str, u16, &str)],
    faces: &[u32],
) -> Fight {
    BENCH.fight(map, heroes, monsters, "", faces)
}

/// Attack number `attack` on `target`.
pub fn attack(target: Entity, attack: u16) -> Intent {
    Intent::Attack {
        target,
        attack: AttackId(attack),
        maneuver: Maneuver::STANDARD,
    }
}

/// Casting healing spell number `spell` on `target`.
pub fn cast(target: Entity, spell: u16) -> Intent {
    Intent::UseAbility {
        ability: AbilityId(spell),
        target: Some(target),
    }
}

/// Hiding.
pub const HIDING: Intent = Intent::UseAbility {
    ability: HIDE,
    target: None,
};

/// The hero's attacks, by index.
pub mod hero {
    /// Sword (melee).
    pub const SWORD: u16 = 0;
    /// Bow (ranged, far).
    pub const BOW: u16 = 1;
    /// Bolt (arcane).
    pub const BOLT: u16 = 2;
    /// Flame (divine).
    pub const FLAME: u16 = 3;
    /// Cure (healing, quick).
    pub const CURE: u16 = 4;
    /// Dart (ranged, quick).
    pub const DART: u16 = 5;
}

/// A combatant's lite5e state.
pub fn state(f: &Fight, name: &str) -> fray_lite5e::state::L5State {
    f.get::<fray_lite5e::state::L5State>(name).clone()
}
