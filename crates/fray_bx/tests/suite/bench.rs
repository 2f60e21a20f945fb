//! The B/X bench: the test statblocks and how the test kit builds B/X fights.

use fray_testkit::harness::{Bench, Fight};

/// B/X's rule tests' setting.
pub const BENCH: Bench = Bench::of(fray_bx::RULESET, BLOCKS);

/// A ship's `deck` (unstable) beside a `pool` (water) and the `shore`, all linked.
pub const SHIP: &str = r#"Inline(id: "ship", name: "Ship", regions: [
    (id: "deck", terrain: (unstable: true)),
    (id: "pool", terrain: (water: true)),
    (id: "shore"),
], links: [("deck", "shore"), ("pool", "shore"), ("deck", "pool")])"#;

/// One region, `field`.
pub const SINGLE: &str = r#"Named("single")"#;
/// Two linked regions, `near` and `far`.
pub const NEAR_FAR: &str = r#"Named("near-far")"#;

/// Statblocks of the rule tests:
/// - `fighter`: fighter 1 (THAC0 19; saves 12 13 14 15 16), 8 HP, AC 4 with a shield, STR +1,
///   sword; `guard`: the same at AC 3 with a shield +1 (2 points of its AC); `brute`: the same with a slow two-handed sword; `fists`: no weapon, STR +1;
///   `archer`: a short bow (50/100/150), DEX +1; `mage`: magic-user with `dart` (1d6+1, always
///   hits) and `hold` (save versus spells or paralysed), 4 HP; `warlock`: a magic-user with a slow
///   two-handed staff and `dart`; `hireling`: morale 8;
///   `sellsword`: a mercenary of elite trained warriors (morale 8 + 1).
/// - `orc` (HD 1, AC 6, 5 HP, morale 8) with an axe for 1d6; `ogre` (HD 4+1, AC 5, 20 HP,
///   morale 10) for 1d10; `ghoul` (HD 2, AC 6, 9 HP) with a paralysing claw for 1d3; `shade`
///   (HD 3, 13 HP, harmed only by silver or magic); `craven` (morale 2), `fearless` (morale
///   12); `drake` (HD 4, 18 HP) with a 3d6 breath over a region, save versus breath.
pub const BLOCKS: &str = r#"[
    Class(id: "warrior", name: "Warrior", thac0: [19, 19], saves: [(12, 13, 14, 15, 16), (12, 13, 14, 15, 16)]),
    Class(id: "mu", name: "Magic-user", thac0: [19], saves: [(13, 14, 13, 16, 15)]),
    Spell(id: "dart", name: "Dart", range: 150, effect: Missile(damage: "1d6+1")),
    Spell(id: "hold", name: "Hold", range: 150, effect: Save(save: Spells, inflicts: Paralysis)),
    Character(id: "fighter", name: "Fighter", class: "warrior", level: 1, hp: 8, ac: 4, shield: true, str: 1,
        weapon: (name: "sword", damage: "1d8"), magic_items: [("ring +1", 1)]),
    Character(id: "guard", name: "Guard", class: "warrior", level: 1, hp: 8, ac: 3, shield: true, shield_magic: 1,
        str: 1, weapon: (name: "sword", damage: "1d8")),
    Character(id: "brute", name: "Brute", class: "warrior", level: 1, hp: 8, ac: 5, str: 1,
        weapon: (name: "greatsword", damage: "1d10", slow: true)),
    Character(id: "fists", name: "Fists", class: "warrior", level: 1, hp: 8, ac: 9, str: 1),
    Character(id: "archer", name: "Archer", class: "warrior", level: 1, hp: 8, ac: 7, dex: 1,
        missile: (name: "bow", damage: "1d6", ranges: (50, 100, 150))),
    Character(id: "mage", name: "Mage", class: "mu", level: 1, hp: 4, ac: 9, cha: 2, spells: ["dart", "hold"]),
    Character(id: "warlock", name: "Warlock", class: "mu", level: 1, hp: 4, ac: 9,
        weapon: (name: "staff", damage: "1d6", slow: true), spells: ["dart"]),
    Character(id: "hireling", name: "Hireling", class: "warrior", level: 1, hp: 6, ac: 6, morale: 8),
    Character(id: "sellsword", name: "Sellsword", class: "warrior", level: 1, hp: 6, ac: 6,
        troops: (kind: Trained, elite: true)),
    Monster(id: "orc", name: "Orc", hd: "1", hp: 5, ac: 6, move: 120, morale: 8, attacks: [(name: "axe", damage: "1d6")]),
    Monster(id: "ogre", name: "Ogre", hd: "4+1", hp: 20, ac: 5, move: 90, morale: 10, attacks: [(name: "club", damage: "1d10")]),
    Monster(id: "ghoul", name: "Ghoul", hd: "2", hp: 9, ac: 6, move: 90, attacks: [(name: "claw", damage: "1d3", on_hit: Paralysis)]),
    Monster(id: "shade", name: "Shade", hd: "3", hp: 13, ac: 5, move: 90, invulnerable: SilverOrMagic, attacks: [(name: "touch", damage: "1d6")]),
    Monster(id: "craven", name: "Craven", hd: "1", hp: 5, ac: 7, move: 90, morale: 2, attacks: [(name: "knife", damage: "1d4")]),
    Monster(id: "fearless", name: "Fearless", hd: "1", hp: 5, ac: 7, move: 90, morale: 12, attacks: [(name: "knife", damage: "1d4")]),
    Monster(id: "weakling", name: "Weakling", hd: "1", hp: 5, ac: 9, move: 90, attacks: [(name: "slap", damage: "1d4-3")]),
    Monster(id: "drake", name: "Drake", hd: "4", hp: 18, ac: 4, move: 90, attacks: [(name: "bite", damage: "1d8")],
        specials: [(name: "breath", area: Region, save: Breath, damage: "3d6")]),
]"#;

/// A fight on `map` between `heroes` and `monsters` (`(statblock, count, region)`), with
/// `extra` encounter fields and every die forced to `faces` from the first roll.
pub fn fight(
    map: &str,
    heroes: &[(&str, u16, &str)],
    monsters: &[(&str, u16, &str)],
    extra: &str,
    faces: &[u32],
) -> Fight {
    BENCH.fight(map, heroes, monsters, extra, faces)
}
