//! The archmage bench: the test statblocks, the maps the rule tests fight on, and how the
//! test kit builds archmage apps and fights.

use std::sync::{Arc, OnceLock};

use fray_content::prelude::*;
use fray_testkit::harness::{Bench, Fight};

/// Archmage's rule tests' setting.
pub const BENCH: Bench = Bench::of(fray_archmage::RULESET, BLOCKS);

/// `content/archmage`, loaded once.
pub fn content() -> Arc<ContentDb> {
    static DB: OnceLock<Arc<ContentDb>> = OnceLock::new();
    DB.get_or_init(|| BENCH.content()).clone()
}

/// A fight on `map` between `heroes` and `monsters` (lists of `(statblock, count, region)`),
/// with `extra` encounter fields and every die forced to `faces`, from the first roll
/// (initiative: one d20 per hero, one per monster statblock).
pub fn fight(
    map: &str,
    heroes: &[(&str, u16, &str)],
    monsters: &[(&str, u16, &str)],
    extra: &str,
    faces: &[u32],
) -> Fight {
    BENCH.fight(map, heroes, monsters, extra, faces)
}

/// Where to fight: a built-in map or an inline one.
pub const NEAR_FAR: &str = r#"Named("near-far")"#;
/// Three regions in a line: `a`, `b`, `c`; `b` is difficult ground.
pub const LINE: &str = r#"Inline(id: "line", regions: [(id: "a"), (id: "b", terrain: (difficult: true)), (id: "c")], links: [("a", "b"), ("b", "c")])"#;

/// Statblocks every rule test can use. Numbers (level 1 unless said):
/// - `hero` (Str 18, Con 14, Dex 12, Int 10, Wis 14): AC 18, PD 13, MD 11, 30 HP, initiative +2,
///   2 recoveries (d10 + 2). Attacks: sword +5 d8+4 (miss: 1), bow +2 d6+1, bolt (ranged
///   spell) +1 d6 vs PD, blast (close spell, group of 2) +1 d6 vs PD, keen +5 d8+4 crits 18+
///   for triple damage, firebolt +1 d6 fire (ranged spell),
///   scorch +5 d8+4 fire with 6 ongoing fire, longshot +2 d6+1 (ranged, far away), hex +1 d4
///   vs MD that dazes (save ends) a target left with 10 HP or fewer, surge +5 d8+4 (recharge 16).
///   Powers: heal (quick, an ally spends a recovery), ward (quick, 5 temporary HP to itself),
///   bulwark (quick, 8 temporary HP to itself).
/// - `pyro`: like `ally`, with flare +5 d8+4 fire that crits from 19 for triple damage, deals
///   2 more on an even natural hit and 3 on a miss.
/// - `ally`: like `hero` without the extra attacks.
/// - `guard`: `ally` with parry +5 d8+4, an interrupt.
/// - `twin`: `hero`'s sword with two weapons, and 31 HP.
/// - `sage`: level 5, Wis 18: stabilize checks at +9; ward (quick, 5 temporary HP, close
///   quarters), prayer (standard, daily, a spell that heals it 2).
/// - `scout` (level 2; Str 8, Con 12, Dex 16, Int 14, Wis 10, Cha 18): AC 12 + 1 + 2 = 15,
///   PD 11 + 1 + 2 = 14, MD 10 + 2 + 2 = 14, initiative +5; dagger +1 2d4-1.
/// - `champ` (level 5; Str 18, Con 16, Int 8): sword +9 5d8+8, jab (Int) +4 5d4-2; 60 HP,
///   3 recoveries of 5d10 + 6.
/// - `lord` (level 8; Str 18), magic weapons +1 and +2: sword +14 8d8+12.
/// - `monk` (level 3; Str 16): fist (unarmed, Str -2) +4 d6+d3+3.
/// - `brute` (level 2): 40 HP, AC 15, PD 13, MD 12, initiative +2; claw +7 for 6.
/// - `witch`: 20 HP, AC 12, initiative 0; ranged stab vs AC, shove vs PD, curse vs MD, each +5
///   for 3.
/// - `burner`: 30 HP, AC 14, PD 12, MD 12, resists fire 16; flame +7 for 5 fire and 4 ongoing fire.
/// - `grabber`: 30 HP, AC 14, PD 14, MD 10; claws +7 vs PD for 4, grabs on a hit.
/// - `mook`: 5 HP, AC 10; knife +5 for 2.
/// - `villain`: a named villain, 60 HP, AC 15; blade +7 for 9.
pub const BLOCKS: &str = r#"[
    Hero(id: "hero", name: "Hero", class: "Fighter", level: 1,
        abilities: (str: 18, con: 14, dex: 12, int: 10, wis: 14, cha: 10),
        base: (ac: 15, pd: 10, md: 10), hp: 30, recoveries: 2, recovery_die: 10,
        attacks: [
            (id: "sword", name: "Sword", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), miss: Level, basic: true),
            (id: "bow", name: "Bow", kind: Ranged, vs: AC, ability: Dex, damage: Weapon(6), basic: true),
            (id: "bolt", name: "Bolt", kind: RangedSpell, vs: PD, ability: Int, damage: PerLevel(1, 6)),
            (id: "blast", name: "Blast", kind: CloseSpell, vs: PD, ability: Int, damage: PerLevel(1, 6), targets: Group(2)),
            (id: "keen", name: "Keen blade", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), crit_range: 2, crit_steps: 1),
            (id: "firebolt", name: "Firebolt", kind: RangedSpell, vs: PD, ability: Int, damage: PerLevel(1, 6), damage_type: Fire),
            (id: "scorch", name: "Scorch", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), damage_type: Fire,
             effects: [(Hit, Ongoing(amount: 6, kind: Fire, save: Normal))]),
            (id: "longshot", name: "Longshot", kind: Ranged, vs: AC, ability: Dex, damage: Weapon(6), reach: FarAway),
            (id: "hex", name: "Hex", kind: Melee, vs: MD, ability: Int, damage: PerLevel(1, 4),
             effects: [(Hit, Inflict(condition: Dazed, lasts: SaveEnds(Normal), hp_at_most: Some(10)))]),
            (id: "surge", name: "Surge", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), usage: Recharge(16)),
        ],
        powers: [
            (id: "heal", name: "Heal", target: NearbyAlly, effect: HealWithRecovery(bonus: 0), action: Quick, close: true),
            (id: "ward", name: "Ward", target: Myself, effect: TempHp(5), action: Quick, close: true),
            (id: "bulwark", name: "Bulwark", target: Myself, effect: TempHp(8), action: Quick, close: true),
        ],
    ),
    Hero(id: "pyro", name: "Pyro", class: "Sorcerer", level: 1,
        abilities: (str: 18, con: 14, dex: 12, int: 10, wis: 14, cha: 10),
        base: (ac: 15, pd: 10, md: 10), hp: 30, recoveries: 2, recovery_die: 10,
        attacks: [
            (id: "sword", name: "Sword", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), miss: Level, basic: true),
            (id: "flare", name: "Flare", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), damage_type: Fire,
             miss: Fixed(3), crit_range: 1, crit_steps: 1, effects: [(NaturalEven, Damage(2))]),
        ],
    ),
    Hero(id: "ally", name: "Ally", class: "Fighter", level: 1,
        abilities: (str: 18, con: 14, dex: 12, int: 10, wis: 14, cha: 10),
        base: (ac: 15, pd: 10, md: 10), hp: 30, recoveries: 2, recovery_die: 10,
        attacks: [(id: "sword", name: "Sword", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), miss: Level, basic: true)],
    ),
    Hero(id: "guard", name: "Guard", class: "Fighter", level: 1,
        abilities: (str: 18, con: 14, dex: 12, int: 10, wis: 14, cha: 10),
        base: (ac: 15, pd: 10, md: 10), hp: 30, recoveries: 2, recovery_die: 10,
        attacks: [
            (id: "sword", name: "Sword", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), miss: Level, basic: true),
            (id: "parry", name: "Parry", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), usage: Interrupt),
        ],
    ),
    Hero(id: "twin", name: "Twin", class: "Rogue", level: 1, two_weapons: true,
        abilities: (str: 18, con: 14, dex: 12, int: 10, wis: 14, cha: 10),
        base: (ac: 15, pd: 10, md: 10), hp: 31, recoveries: 2, recovery_die: 10,
        attacks: [(id: "sword", name: "Sword", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), basic: true)],
    ),
    Hero(id: "sage", name: "Sage", class: "Cleric", level: 5,
        abilities: (str: 10, con: 10, dex: 10, int: 10, wis: 18, cha: 10),
        base: (ac: 12, pd: 10, md: 10), hp: 50, recoveries: 8, recovery_die: 8,
        attacks: [(id: "staff", name: "Staff", kind: Melee, vs: AC, ability: Str, damage: Weapon(6), basic: true)],
        powers: [
            (id: "ward", name: "Ward", target: Myself, effect: TempHp(5), action: Quick, close: true),
            (id: "prayer", name: "Prayer", target: Myself, effect: Heal("2"), action: Standard, usage: Daily),
        ],
    ),
    Hero(id: "scout", name: "Scout", class: "Ranger", level: 2,
        abilities: (str: 8, con: 12, dex: 16, int: 14, wis: 10, cha: 18),
        base: (ac: 12, pd: 11, md: 10), hp: 30, recoveries: 2, recovery_die: 8,
        attacks: [(id: "dagger", name: "Dagger", kind: Melee, vs: AC, ability: Str, damage: Weapon(4), basic: true)],
    ),
    Hero(id: "champ", name: "Champ", class: "Fighter", level: 5,
        abilities: (str: 18, con: 16, dex: 10, int: 8, wis: 10, cha: 10),
        base: (ac: 15, pd: 10, md: 10), hp: 60, recoveries: 3, recovery_die: 10,
        attacks: [
            (id: "sword", name: "Sword", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), basic: true),
            (id: "jab", name: "Jab", kind: Melee, vs: AC, ability: Int, damage: Weapon(4)),
        ],
    ),
    Hero(id: "lord", name: "Lord", class: "Fighter", level: 8,
        abilities: (str: 18, con: 10, dex: 10, int: 10, wis: 10, cha: 10),
        base: (ac: 15, pd: 10, md: 10), hp: 90, recoveries: 8, recovery_die: 10,
        magic: [(to: Attacks, bonus: 1), (to: Attacks, bonus: 2)],
        attacks: [(id: "sword", name: "Sword", kind: Melee, vs: AC, ability: Str, damage: Weapon(8), basic: true)],
    ),
    Hero(id: "monk", name: "Monk", class: "Monk", level: 3,
        abilities: (str: 16, con: 10, dex: 10, int: 10, wis: 10, cha: 10),
        base: (ac: 12, pd: 10, md: 10), hp: 30, recoveries: 2, recovery_die: 8,
        attacks: [(id: "fist", name: "Fist", kind: Melee, vs: AC, ability: Str, extra: -2, damage: Unarmed, basic: true)],
    ),
    Monster(id: "brute", name: "Brute", level: 2, hp: 40, ac: 15, pd: 13, md: 12, initiative: 2,
        attacks: [(id: "claw", name: "Claw", kind: Melee, vs: AC, bonus: 7, damage: Dice("6"), basic: true)]),
    Monster(id: "burner", name: "Burner", level: 1, hp: 30, ac: 14, pd: 12, md: 12, initiative: 0, resist: [(Fire, 16)],
        attacks: [(id: "flame", name: "Flame", kind: Melee, vs: AC, bonus: 7, damage: Dice("5"), damage_type: Fire, basic: true,
                   effects: [(Hit, Ongoing(amount: 4, kind: Fire, save: Normal))])]),
    Monster(id: "grabber", name: "Grabber", level: 1, hp: 30, ac: 14, pd: 14, md: 10, initiative: 0,
        attacks: [(id: "claws", name: "Claws", kind: Melee, vs: PD, bonus: 7, damage: Dice("4"), basic: true, effects: [(Hit, Grab)])]),
    Monster(id: "mook", name: "Mook", level: 1, size: Mook, hp: 5, ac: 10, pd: 10, md: 10, initiative: 0,
        attacks: [(id: "knife", name: "Knife", kind: Melee, vs: AC, bonus: 5, damage: Dice("2"), basic: true)]),
    Monster(id: "witch", name: "Witch", level: 1, hp: 20, ac: 12, pd: 12, md: 12, initiative: 0,
        attacks: [
            (id: "stab", name: "Stab", kind: Ranged, vs: AC, bonus: 5, damage: Dice("3"), basic: true),
            (id: "shove", name: "Shove", kind: Ranged, vs: PD, bonus: 5, damage: Dice("3")),
            (id: "curse", name: "Curse", kind: Ranged, vs: MD, bonus: 5, damage: Dice("3")),
        ]),
    Monster(id: "villain", name: "Villain", level: 3, hp: 60, ac: 15, pd: 13, md: 13, initiative: 0, named_villain: true,
        attacks: [(id: "blade", name: "Blade", kind: Melee, vs: AC, bonus: 7, damage: Dice("9"), basic: true)]),
]"#;
