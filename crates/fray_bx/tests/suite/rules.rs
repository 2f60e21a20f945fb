//! Every B/X combat rule by id, with forced dice through the real pipeline.

use fray_bx::sheet::Sheet;
use fray_bx::state::BxState;
use fray_bx::tables::HitDice;
use fray_content::prelude::*;
use fray_core::prelude::*;
use fray_testkit::harness::Fight;

use crate::bench::{BENCH, NEAR_FAR, SINGLE, fight};

fn attack(f: &fray_testkit::harness::Fight, target: &str) -> Intent {
    Intent::Attack {
        target: f.who(target),
        attack: AttackId(0),
        maneuver: Maneuver::STANDARD,
    }
}

fn shoot(f: &fray_testkit::harness::Fight, target: &str) -> Intent {
    Intent::Attack {
        target: f.who(target),
        attack: AttackId(1),
        maneuver: Maneuver::STANDARD,
    }
}

fn engage(f: &fray_testkit::harness::Fight, target: &str) -> Intent {
    Intent::Engage {
        target: f.who(target),
    }
}

fn spell(f: &fray_testkit::harness::Fight, n: u16, target: &str) -> Intent {
    Intent::UseAbility {
        ability: AbilityId(n),
        target: Some(f.who(target)),
    }
}

fn has(f: &fray_testkit::harness::Fight, text: &str) -> bool {
    f.log().contains(text)
}

#[test]
fn bx16_each_side_rolls_a_d6_and_the_higher_acts_first() {
    let f = fight(
        SINGLE,
        &[("fighter", 1, "field")],
        &[("orc", 1, "field")],
        "",
        &[2, 5],
    );
    assert!(
        has(&f, "initiative of the Heroes: d6 = [2] = 2"),
        "{}",
        f.log()
    );
    assert!(has(&f, "initiative of the Monsters: d6 = [5] = 5"));
    assert_eq!(f.turn(), "Orc");
}

#[test]
fn bx16_tied_sides_act_at_once_and_both_can_fall() {
    let mut f = fight(
        SINGLE,
        &[("fighter", 1, "field")],
        &[("orc", 1, "field")],
        "",
        &[3, 3, 20, 6, 20, 6],
    );
    f.set_hp("Fighter", 3);
    assert!(
        has(&f, "Heroes and Monsters: movement (at the same time)"),
        "{}",
        f.log()
    );
    f.ok("Fighter", engage(&f, "Orc"));
    f.ok("Fighter", attack(&f, "Orc"));
    // The orc, felled in the same step, still strikes back.
    assert_eq!(f.turn(), "Orc");
    f.ok("Orc", attack(&f, "Fighter"));
    assert_eq!(f.status("Fighter"), Status::Dead, "{}", f.log());
    assert_eq!(f.status("Orc"), Status::Dead);
    assert_eq!(
        f.encounter().outcome().map(|o| o.ending),
        Some(Ending::MutualDestruction)
    );
}

#[test]
fn bx16_ties_roll_again_with_the_reroll_option() {
    let f = fight(
        SINGLE,
        &[("fighter", 1, "field")],
        &[("orc", 1, "field")],
        r#"options: (ruleset: { "ties": "reroll" })"#,
        &[3, 3, 1, 4],
    );
    assert!(has(&f, "The sides tie and roll again."), "{}", f.log());
    assert_eq!(f.turn(), "Orc");
}

#[test]
fn bx16_individual_initiative_is_a_d6_plus_dex_each() {
    let f = fight(
        SINGLE,
        &[("archer", 1, "field")],
        &[("orc", 1, "field")],
        r#"options: (ruleset: { "individual_initiative": true })"#,
        &[4, 4],
    );
    assert_eq!(
        f.order(),
        vec![("Archer".to_string(), 5), ("Orc".to_string(), 4)]
    );
    assert_eq!(f.turn(), "Archer");
}

#[test]
fn bx17_slow_weapons_strike_after_every_side() {
    let mut f = fight(
        SINGLE,
        &[("brute", 1, "field")],
        &[("orc", 1, "field")],
        "",
        &[6, 1],
    );
    f.ok("Brute", engage(&f, "Orc"));
    // The brute's own melee step passes it by: the orc strikes first.
    assert_eq!(f.turn(), "Orc", "{}", f.log());
    f.end_turn();
    assert_eq!(f.turn(), "Brute");
    assert!(has(&f, "== Heroes: slow weapons =="), "{}", f.log());
}

#[test]
fn bx17_under_individual_initiative_only_the_slow_blow_waits() {
    // The brute rolls 6, the orc 1. The brute takes its turn at 6 (it closes in); its
    // two-handed blow waits for the slow step, after the orc's.
    let mut f = fight(
        SINGLE,
        &[("brute", 1, "field")],
        &[("orc", 1, "field")],
        r#"options: (ruleset: { "individual_initiative": true })"#,
        &[6, 1],
    );
    assert_eq!(
        f.order(),
        vec![("Brute".to_string(), 6), ("Orc".to_string(), 1)]
    );
    assert_eq!(f.turn(), "Brute", "{}", f.log());
    f.ok("Brute", engage(&f, "Orc"));
    assert_eq!(f.turn(), "Orc", "{}", f.log());
    f.end_turn();
    assert_eq!(f.turn(), "Brute", "{}", f.log());
    assert!(has(&f, "== Heroes: slow weapons =="), "{}", f.log());
}

#[test]
fn bx17_a_caster_holding_a_slow_weapon_casts_at_its_own_count() {
    // The warlock declares its dart, rolls 6 to the orc's 1, and casts first: the staff it
    // holds does not make it act last, since it does not strike with it.
    let mut f = fight(
        SINGLE,
        &[("warlock", 1, "field")],
        &[("orc", 1, "field")],
        r#"options: (ruleset: { "individual_initiative": true })"#,
        &[6, 1, 3],
    );
    f.ok("Warlock", spell(&f, 0, "Orc"));
    assert_eq!(
        f.order(),
        vec![("Warlock".to_string(), 6), ("Orc".to_string(), 1)]
    );
    assert_eq!(f.turn(), "Warlock", "{}", f.log());
    f.ok("Warlock", spell(&f, 0, "Orc"));
    assert!(has(&f, "Warlock casts Dart"), "{}", f.log());
}

#[test]
fn bx18_a_side_turn_runs_movement_missiles_spells_then_melee() {
    let mut f = fight(
        SINGLE,
        &[
            ("fighter", 1, "field"),
            ("archer", 1, "field"),
            ("mage", 1, "field"),
        ],
        &[("orc", 1, "field")],
        "",
        &[6, 1],
    );
    // Before initiative, only the mage has something to declare.
    f.ok("Mage", spell(&f, 0, "Orc"));
    f.ok("Fighter", engage(&f, "Orc"));
    // The archer may move, then shoot; the declared mage does not move; the engaged fighter
    // has no missile turn.
    assert_eq!(f.turn(), "Archer", "{}", f.log());
    f.end_turn();
    assert_eq!(f.turn(), "Archer", "{}", f.log());
    f.end_turn();
    assert_eq!(f.turn(), "Mage", "{}", f.log());
    f.end_turn();
    assert_eq!(f.turn(), "Fighter", "{}", f.log());
    let log = f.log();
    let at = |s: &str| log.find(s).unwrap_or_else(|| panic!("no {s} in\n{log}"));
    assert!(at("== Heroes: movement ==\nFighter's turn.") < at("Fighter engages Orc"));
    assert!(at("Fighter engages Orc") < at("== Heroes: missiles ==\nArcher's turn."));
    assert!(at("== Heroes: missiles ==") < at("== Heroes: spells ==\nMage's turn."));
    assert!(at("== Heroes: spells ==") < at("== Heroes: melee ==\nFighter's turn."));
    // Each combatant has a turn only in the steps it acts in.
    assert_eq!(log.matches("Mage's turn.").count(), 1, "{log}");
}

#[test]
fn bx01_a_round_is_ten_seconds_and_sixty_make_a_turn() {
    assert_eq!(fray_bx::tables::ROUND_SECONDS, 10);
    assert_eq!(
        fray_bx::tables::ROUNDS_PER_TURN * fray_bx::tables::ROUND_SECONDS,
        600
    );
}

#[test]
fn bx02_encounter_movement_is_a_third_of_the_base_rate() {
    let f = fight(
        SINGLE,
        &[("fighter", 1, "field")],
        &[("ogre", 1, "field")],
        "",
        &[6, 1],
    );
    assert_eq!(f.get::<BxState>("Fighter").feet, 40);
    assert_eq!(f.get::<BxState>("Ogre").feet, 30);
    // A client reads the same through the core: movement left, and the action still ready.
    let gauges = fray_core::client::budget(f.world(), f.who("Fighter"));
    let shown: Vec<(String, i32, Option<i32>, String)> = gauges
        .iter()
        .map(|g| (g.name.to_string(), g.value, g.max, g.text.clone()))
        .collect();
    assert_eq!(
        shown,
        [
            ("movement".into(), 40, Some(40), "40 of 40 ft".into()),
            ("action".into(), 1, Some(1), "ready".into()),
        ]
    );
}

#[test]
fn bx02_movement_not_spent_carries_so_a_slow_mover_keeps_its_rate() {
    // Regions 60 ft apart; the ogre moves 30 ft a round (90 / 3). Round 1 it cannot reach
    // the next region and keeps its 30 ft; round 2 it has 60 and gets there, with nothing
    // left: 60 ft in two rounds, its rate - never a region a round.
    let mut f = fight(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("ogre", 1, "far")],
        r#"options: (ruleset: { "region_feet": 60 })"#,
        &[1, 6, 1, 6],
    );
    assert_eq!(f.turn(), "Ogre", "{}", f.log());
    let near = f.region("Fighter");
    let reason = f
        .act("Ogre", Intent::Move { to: near })
        .expect("30 ft do not reach a region 60 ft away");
    assert!(reason.to_string().contains("movement left"), "{reason}");
    f.end_turn();
    assert_eq!(f.get::<BxState>("Ogre").feet, 30);
    // The fighter (40 ft) cannot reach it either, and waits.
    assert_eq!(f.turn(), "Fighter", "{}", f.log());
    f.end_turn();
    assert_eq!(f.turn(), "Ogre", "{}", f.log());
    assert_eq!(f.get::<BxState>("Ogre").feet, 60);
    f.ok("Ogre", engage(&f, "Fighter"));
    assert_eq!(f.get::<BxState>("Ogre").feet, 0);
    assert_eq!(f.region("Ogre"), f.region("Fighter"));
}

#[test]
fn bx11_outdoors_movement_rates_are_in_yards() {
    // Outdoors the ogre's 30 ft a round are 30 yards: it covers 90 ft and closes at once.
    let mut f = fight(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("ogre", 1, "far")],
        r#"options: (ruleset: { "region_feet": 60, "outdoors": true })"#,
        &[1, 6],
    );
    assert_eq!(f.get::<BxState>("Ogre").feet, 90);
    f.ok("Ogre", engage(&f, "Fighter"));
    assert_eq!(f.get::<BxState>("Ogre").feet, 30);
    assert_eq!(f.region("Ogre"), f.region("Fighter"));
}

#[test]
fn bx05_at_zero_hit_points_a_combatant_is_dead() {
    let mut f = fight(
        SINGLE,
        &[("fighter", 1, "field")],
        &[("orc", 1, "field")],
        "",
        &[6, 1, 20, 4],
    );
    f.ok("Fighter", engage(&f, "Orc"));
    f.ok("Fighter", attack(&f, "Orc"));
    assert_eq!(f.hp("Orc").current, 0);
    assert_eq!(f.status("Orc"), Status::Dead);
}

/// An ogre (4+1 HD, 20 hp) played at `level` hit dice, or at its own.
fn ogre_at(level: Option<u16>) -> Fight {
    let level = level.map_or(String::new(), |l| format!(", level: {l}"));
    BENCH.fight_from(
        &format!(
            r#"Encounter(id: "t", name: "T", ruleset: "bx", map: Named("single"), sides: [
    (name: "Heroes", controller: External(1), combatants: [(statblock: "fighter", region: "field")]),
    (name: "Monsters", controller: External(2), combatants: [(statblock: "ogre", region: "field"{level})]),
])"#
        ),
        &[6, 1],
    )
}

#[test]
fn bx26_a_monster_played_at_other_hit_dice_attacks_saves_and_has_hit_points_by_them() {
    let own = ogre_at(None);
    let sheet = &own.get::<Sheet>("Ogre").0;
    // 4+1 HD attacks as 5 HD (THAC0 15) and saves on the 4-6 HD row; its hp are written.
    assert_eq!((sheet.hd, sheet.thac0, own.hp("Ogre").max), (4, 15, 20));
    assert_eq!(sheet.saves, HitDice::parse("4").unwrap().saves());
    // At 6 HD: 6+1 attacks as 7 (THAC0 13); 6 x 4.5 + 1 = 28 hp; still the 4-6 row.
    let six = ogre_at(Some(6));
    let sheet = &six.get::<Sheet>("Ogre").0;
    assert_eq!((sheet.hd, sheet.thac0, six.hp("Ogre").max), (6, 13, 28));
    assert_eq!(sheet.saves, HitDice::parse("6").unwrap().saves());
    // At 10 HD: THAC0 11 (the 9+ to 11 row), 46 hp, the 10-12 save row.
    let ten = ogre_at(Some(10));
    let sheet = &ten.get::<Sheet>("Ogre").0;
    assert_eq!((sheet.hd, sheet.thac0, ten.hp("Ogre").max), (10, 11, 46));
    assert_eq!(sheet.saves, HitDice::parse("10").unwrap().saves());
    // Characters play at their own level, and 41 HD is beyond the tables.
    for (entry, says) in [
        (
            r#"(statblock: "fighter", region: "field", level: 3)"#,
            "has no level or hit dice",
        ),
        (
            r#"(statblock: "ogre", region: "field", level: 41)"#,
            "plays at levels 1..=40, not 41",
        ),
    ] {
        let loader = crate::bench::BENCH.loader();
        let mut db = ContentDb::default();
        loader
            .add_source(&mut db, SourceFile::new("t/bx/blocks.ron", BENCH.blocks))
            .unwrap();
        let text = format!(
            r#"Encounter(id: "t", name: "T", ruleset: "bx", map: Named("single"), sides: [
    (name: "A", combatants: [(statblock: "orc", region: "field")]),
    (name: "B", combatants: [{entry}]),
])"#
        );
        loader
            .add_source(&mut db, SourceFile::new("t/bx/encounters/t.ron", text))
            .unwrap();
        let problems = loader.validate(&mut db);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].message.contains(says), "{problems:?}");
        assert_eq!(problems[0].line, 3, "{problems:?}");
    }
}

#[test]
fn bx22_the_attack_is_looked_up_on_the_matrix_row() {
    // Fighter (THAC0 19) rolls 12 + 1 STR = 13 against AC 6: the matrix says 13. A hit.
    let mut f = fight(
        SINGLE,
        &[("fighter", 1, "field")],
        &[("ogre", 1, "field")],
        "",
        &[6, 1, 12, 3],
    );
    f.ok("Fighter", engage(&f, "Ogre"));
    f.ok("Fighter", attack(&f, "Ogre"));
    assert!(
        has(
            &f,
            "d20+1 = [12] + 1 (STR) = 13 vs AC 5 on the attack matrix (THAC0 19 row): needs 14, miss"
        ),
        "{}",
        f.log()
    );
}

#[test]
fn bx23_a_hit_deals_at_least_one_point() {
    let mut f = fight(
        SINGLE,
        &[("fists", 1, "field")],
        &[("weakling", 1, "field")],
        "",
        &[1, 6, 20, 1],
    );
    f.ok("Weakling", engage(&f, "Fists"));
    // 1d4-3 is -2 to 1: every hit deals exactly 1, and the preview says so.
    let slap = attack(&f, "Fists");
    let offer = f
        .offers("Weakling")
        .into_iter()
        .find(|o| o.intent == slap)
        .unwrap();
    assert_eq!(offer.preview.damage_range, [1, 1]);
    assert_eq!(offer.preview.damage_on_hit, 1.0);
    f.ok("Weakling", slap);
    assert_eq!(f.hp("Fists").current, 7, "{}", f.log());
}

#[test]
fn bx24_unarmed_blows_deal_1d2_plus_str() {
    let mut f = fight(
        SINGLE,
        &[("fists", 1, "field")],
        &[("orc", 1, "field")],
        "",
        &[6, 1, 20, 2],
    );
    f.ok("Fists", engage(&f, "Orc"));
    f.ok("Fists", attack(&f, "Orc"));
    assert!(has(&f, "d2+1 = [2] + 1 (STR) = 3"), "{}", f.log());
    assert_eq!(f.hp("Orc").current, 2);
}

#[test]
fn bx24_paralysed_foes_are_hit_automatically_in_melee() {
    // A hireling stands off, so that the Heroes still have someone able to fight.
    let mut f = fight(
        NEAR_FAR,
        &[("fighter", 1, "near"), ("hireling", 1, "far")],
        &[("ghoul", 1, "near")],
        "",
        // Round 1: the ghoul's claw hits for 1, the fighter fails its save (5 < 14).
        // Then the Heroes, half of them held (BX-25), check morale at their turn: 2 + 2
        // keeps the hireling. Round 2: no attack roll, 2 damage.
        &[1, 6, 20, 1, 5, 2, 2, 1, 6, 2],
    );
    f.ok("Ghoul", engage(&f, "Fighter"));
    f.ok("Ghoul", attack(&f, "Fighter"));
    assert!(f.has("Fighter", Condition::PARALYZED), "{}", f.log());
    f.ok("Hireling", Intent::EndTurn);
    // Round 2: the helpless fighter is not asked to declare; the ghoul declares nothing.
    f.ok("Ghoul", Intent::Pass);
    f.ok("Ghoul", attack(&f, "Fighter"));
    assert!(
        has(
            &f,
            "Ghoul strikes the helpless Fighter with claw: an automatic hit."
        ),
        "{}",
        f.log()
    );
    assert_eq!(f.hp("Fighter").current, 5);
    assert!(has(&f, "Hireling holds (morale 8)"), "{}", f.log());
}

#[test]
fn bx24_invulnerable_monsters_take_no_damage_from_ordinary_weapons() {
    let mut f = fight(
        SINGLE,
        &[("fighter", 1, "field")],
        &[("shade", 1, "field")],
        "",
        &[6, 1, 20],
    );
    f.ok("Fighter", engage(&f, "Shade"));
    f.ok("Fighter", attack(&f, "Shade"));
    assert!(
        has(&f, "Shade is unharmed: sword cannot hurt it."),
        "{}",
        f.log()
    );
    assert_eq!(f.hp("Shade").current, 13);
}

#[test]
fn bx21_a_caster_struck_before_it_acts_loses_its_spell() {
    let mut f = fight(
        SINGLE,
        &[("mage", 1, "field")],
        &[("orc", 1, "field")],
        "",
        &[1, 6, 20, 1],
    );
    f.ok("Mage", spell(&f, 0, "Orc"));
    f.ok("Orc", engage(&f, "Mage"));
    f.ok("Orc", attack(&f, "Mage"));
    assert!(
        has(
            &f,
            "Mage is struck before they could act: their spell is lost."
        ),
        "{}",
        f.log()
    );
    assert!(f.get::<BxState>("Mage").spell_lost);
}

#[test]
fn bx21_under_individual_initiative_an_ally_who_acted_first_does_not_protect_a_caster() {
    // Fighter 6, orc 4, mage 1: the fighter's turn comes and goes, then the orc strikes the
    // mage before the mage's own count. The spell is lost.
    let mut f = fight(
        SINGLE,
        &[("fighter", 1, "field"), ("mage", 1, "field")],
        &[("orc", 1, "field")],
        r#"options: (ruleset: { "individual_initiative": true })"#,
        &[6, 1, 4, 20, 1],
    );
    f.ok("Mage", spell(&f, 0, "Orc"));
    assert_eq!(f.turn(), "Fighter", "{}", f.log());
    f.end_turn();
    f.ok("Orc", engage(&f, "Mage"));
    f.ok("Orc", attack(&f, "Mage"));
    assert!(
        has(
            &f,
            "Mage is struck before they could act: their spell is lost."
        ),
        "{}",
        f.log()
    );
    assert!(f.get::<BxState>("Mage").spell_lost);
}

#[test]
fn bx19_a_retreating_combatant_is_struck_at_plus_2_without_its_shield() {
    let mut f = fight(
        SINGLE,
        &[("fighter", 1, "field")],
        &[("orc", 1, "field")],
        "",
        // Round 1: both miss. Round 2: the orc rolls 12 + 2 against AC 5 (4 without the shield).
        &[6, 1, 1, 1, 1, 6, 12, 1, 3, 4],
    );
    f.ok("Fighter", engage(&f, "Orc"));
    f.ok("Fighter", attack(&f, "Orc"));
    f.ok("Orc", attack(&f, "Fighter"));
    f.ok("Fighter", Intent::Retreat);
    f.ok("Orc", Intent::Pass);
    f.ok("Orc", attack(&f, "Fighter"));
    assert!(
        has(
            &f,
            "d20+2 = [12] + 2 (retreating target) = 14 vs AC 5 on the attack matrix (THAC0 19 row): needs 14, hit"
        ),
        "{}",
        f.log()
    );
}

#[test]
fn bx19_a_retreating_combatant_loses_its_whole_magic_shield() {
    // The guard's AC 3 counts a shield +1: its own point and the magic one. Retreating, it
    // loses both: the orc strikes at AC 5, not 4.
    let mut f = fight(
        SINGLE,
        &[("guard", 1, "field")],
        &[("orc", 1, "field")],
        "",
        &[6, 1, 1, 1, 1, 6, 12, 1, 3, 4],
    );
    f.ok("Guard", engage(&f, "Orc"));
    f.ok("Guard", attack(&f, "Orc"));
    f.ok("Orc", attack(&f, "Guard"));
    f.ok("Guard", Intent::Retreat);
    f.ok("Orc", Intent::Pass);
    f.ok("Orc", attack(&f, "Guard"));
    assert!(
        has(
            &f,
            "d20+2 = [12] + 2 (retreating target) = 14 vs AC 5 on the attack matrix (THAC0 19 row): needs 14, hit"
        ),
        "{}",
        f.log()
    );
}

#[test]
fn bx20_missiles_get_plus_1_at_short_range_and_minus_1_at_long() {
    let mut f = fight(
        NEAR_FAR,
        &[("archer", 1, "near")],
        &[("orc", 1, "far")],
        "",
        &[6, 1, 10],
    );
    f.end_turn();
    f.ok("Archer", shoot(&f, "Orc"));
    assert!(
        has(&f, "d20+1+1 = [10] + 1 (DEX) + 1 (short range) = 12"),
        "{}",
        f.log()
    );
    let mut f = fight(
        NEAR_FAR,
        &[("archer", 1, "near")],
        &[("orc", 1, "far")],
        r#"options: (ruleset: { "region_feet": 120 })"#,
        &[6, 1, 10],
    );
    f.end_turn();
    f.ok("Archer", shoot(&f, "Orc"));
    assert!(
        has(&f, "d20+1-1 = [10] + 1 (DEX) - 1 (long range) = 10"),
        "{}",
        f.log()
    );
}

#[test]
fn bx11_outdoors_missile_ranges_are_in_yards() {
    // 120 ft apart is 40 yards: within the bow's short range of 50 (yards, outdoors): +1.
    // The same shot underground is at long range (-1, `bx20_...` above).
    let mut f = fight(
        NEAR_FAR,
        &[("archer", 1, "near")],
        &[("orc", 1, "far")],
        r#"options: (ruleset: { "region_feet": 120, "outdoors": true })"#,
        &[6, 1, 10],
    );
    f.end_turn();
    f.ok("Archer", shoot(&f, "Orc"));
    assert!(
        has(&f, "d20+1+1 = [10] + 1 (DEX) + 1 (short range) = 12"),
        "{}",
        f.log()
    );
    // 1 000 ft is 333 yards: beyond the bow's long range of 150 yards.
    let mut f = fight(
        NEAR_FAR,
        &[("archer", 1, "near")],
        &[("orc", 1, "far")],
        r#"options: (ruleset: { "region_feet": 1000, "outdoors": true })"#,
        &[6, 1],
    );
    f.end_turn();
    let reason = f.act("Archer", shoot(&f, "Orc")).expect("refused");
    assert!(reason.to_string().contains("beyond long range"), "{reason}");
}

#[test]
fn bx20_a_target_behind_complete_cover_cannot_be_shot() {
    let mut f = fight(
        NEAR_FAR,
        &[("archer", 1, "near")],
        &[("orc", 1, "far")],
        r#"options: (ruleset: { "cover": "far=full" })"#,
        &[6, 1],
    );
    f.end_turn();
    let reason = f.act("Archer", shoot(&f, "Orc")).expect("refused");
    assert!(reason.to_string().contains("complete cover"), "{reason}");
}

#[test]
fn bx25_a_side_checks_morale_at_its_first_death_and_breaks_above_its_score() {
    let mut f = fight(
        SINGLE,
        &[("fighter", 1, "field")],
        &[("orc", 2, "field")],
        "",
        &[6, 1, 20, 6, 6, 6],
    );
    f.ok("Fighter", engage(&f, "Orc 1"));
    f.ok("Fighter", attack(&f, "Orc 1"));
    assert_eq!(f.status("Orc 1"), Status::Dead);
    assert!(
        has(
            &f,
            "morale of the Monsters (adjusted -1): 2d6 = [6, 6] = 12"
        ),
        "{}",
        f.log()
    );
    assert_eq!(f.status("Orc 2"), Status::Fled);
    assert_eq!(
        f.encounter().outcome().map(|o| o.ending),
        Some(Ending::Fled)
    );
}

#[test]
fn bx25_a_player_s_monsters_are_not_rolled_for_when_the_encounter_says_so() {
    // As above, but a player plays the monsters and decides their morale
    // (PlayerMorale::PlayerDecides): no 2d6 at the first death, and Orc 2 fights on.
    let text = r#"Encounter(id: "t", name: "T", ruleset: "bx", map: Named("single"),
        sides: [
            (name: "Heroes", controller: External(1), combatants: [
                (statblock: "fighter", region: "field")]),
            (name: "Monsters", controller: External(2), combatants: [
                (statblock: "orc", count: 2, region: "field")]),
        ])"#;
    let settings = EncounterSettings::logged(0).with_player_morale(PlayerMorale::PlayerDecides);
    let mut f = BENCH.fight_with(text, &[6, 1, 20, 6, 6, 6], &settings);
    f.ok("Fighter", engage(&f, "Orc 1"));
    f.ok("Fighter", attack(&f, "Orc 1"));
    assert_eq!(f.status("Orc 1"), Status::Dead);
    assert!(!has(&f, "morale of the Monsters"), "{}", f.log());
    assert_eq!(f.status("Orc 2"), Status::Active);
}

#[test]
fn bx25_the_paralysed_count_toward_half_the_side_out_of_the_fight() {
    // The mage holds Orc 1 (its save fails on a 1): one of the two orcs is incapacitated, half
    // the side. Their check comes at the start of their turn: 2d6 = 12 breaks Orc 2 (morale 8).
    let mut f = fight(
        SINGLE,
        &[("mage", 1, "field")],
        &[("orc", 2, "field")],
        "",
        &[6, 1, 1, 6, 6],
    );
    let hold = spell(&f, 1, "Orc 1");
    f.ok("Mage", hold);
    f.ok("Mage", hold);
    assert!(f.has("Orc 1", Condition::PARALYZED), "{}", f.log());
    assert_eq!(f.status("Orc 1"), Status::Active, "held, not fallen");
    assert!(
        has(
            &f,
            "Morale trigger for Monsters: half the side is out of the fight."
        ),
        "{}",
        f.log()
    );
    assert!(
        has(&f, "morale of the Monsters: 2d6 = [6, 6] = 12"),
        "{}",
        f.log()
    );
    assert_ne!(f.status("Orc 2"), Status::Active, "{}", f.log());
}

#[test]
fn bx25_a_monster_of_morale_2_will_not_fight() {
    // Two cravens (morale 2) and an orc: the cravens give up as the battle begins, without a
    // roll and before anyone acts; the orc stays.
    let f = fight(
        SINGLE,
        &[("fighter", 1, "field")],
        &[("craven", 2, "field"), ("orc", 1, "field")],
        "",
        &[6, 1],
    );
    for craven in ["Craven 1", "Craven 2"] {
        assert_eq!(f.status(craven), Status::Fled, "{}", f.log());
        assert!(
            has(
                &f,
                &format!("{craven} will not fight (morale 2) and flees.")
            ),
            "{}",
            f.log()
        );
    }
    assert_eq!(f.status("Orc"), Status::Active);
    assert!(!has(&f, "2d6"), "no morale roll: {}", f.log());
    assert_eq!(f.turn(), "Fighter");
    // Cravens alone never come to blows.
    let f = fight(
        SINGLE,
        &[("fighter", 1, "field")],
        &[("craven", 2, "field")],
        "",
        &[6, 1],
    );
    assert_eq!(
        f.encounter().outcome().map(|o| o.ending),
        Some(Ending::Fled),
        "{}",
        f.log()
    );
    assert!(!has(&f, "attacks"), "{}", f.log());
}

#[test]
fn bx25_scores_2_and_12_are_never_adjusted() {
    use fray_bx::morale::score;
    assert_eq!(score(12, -2), 12);
    assert_eq!(score(2, 2), 2);
    assert_eq!(score(8, -1), 7);
}

/// Speaking with the other side, declared in the first round (BX-14).
const PARLEY: Intent = Intent::UseAbility {
    ability: fray_bx::vocabulary::PARLEY,
    target: None,
};

/// The heroes' fighter (CHA 0) and mage (CHA +2) meet an orc; the heroes may parley.
fn parley_fight(faces: &[u32]) -> Fight {
    fight(
        SINGLE,
        &[("fighter", 1, "field"), ("mage", 1, "field")],
        &[("orc", 1, "field")],
        r#"options: (ruleset: { "parley": "Heroes" })"#,
        faces,
    )
}

/// The chance offered to `who` that a parley ends the encounter.
fn parley_odds(f: &Fight, who: &str) -> Option<f32> {
    f.offers(who)
        .into_iter()
        .find(|o| o.intent == PARLEY)
        .map(|o| o.preview.hit_chance)
}

#[test]
fn bx14_a_reaction_that_does_not_come_to_blows_ends_the_encounter() {
    // The mage speaks: 3 + 3 + 2 (its CHA) = 8, neutral: the sides part.
    let mut f = parley_fight(&[3, 3]);
    assert!(
        f.encounter().outcome().is_none(),
        "nothing is rolled before the talk"
    );
    f.ok("Fighter", Intent::Pass);
    // 2d6 + 2 reaches 6 on 4 or more: 33 of 36.
    let odds = parley_odds(&f, "Mage").unwrap();
    assert!((odds - 33.0 / 36.0).abs() < 1e-6, "{odds}");
    f.ok("Mage", PARLEY);
    assert!(
        has(&f, "speaks with the other side: a parley."),
        "{}",
        f.log()
    );
    assert!(
        has(&f, "reaction of the Monsters: 2d6+2 = [3, 3] + 2 (CHA) = 8"),
        "{}",
        f.log()
    );
    assert_eq!(
        f.encounter().outcome().map(|o| o.ending),
        Some(Ending::Parley)
    );
    assert!(!has(&f, "initiative of the"), "{}", f.log());
}

#[test]
fn bx14_the_reaction_takes_the_cha_of_the_one_who_speaks() {
    // The fighter (CHA 0) speaks, not the mage (+2): 2 + 2 = 4, unfriendly, where the mage's
    // word would have made it 6.
    let mut f = parley_fight(&[2, 2, 6, 1]);
    // 2d6 reaches 6 on 26 of 36.
    let odds = parley_odds(&f, "Fighter").unwrap();
    assert!((odds - 26.0 / 36.0).abs() < 1e-6, "{odds}");
    f.ok("Fighter", PARLEY);
    assert_eq!(parley_odds(&f, "Mage"), None, "one speaks for the side");
    assert!(f.act("Mage", PARLEY).is_some());
    f.ok("Mage", Intent::Pass);
    assert!(
        has(&f, "reaction of the Monsters: 2d6 = [2, 2] = 4"),
        "{}",
        f.log()
    );
    assert!(
        has(&f, "The Monsters are unfriendly, may attack."),
        "{}",
        f.log()
    );
    assert!(f.encounter().outcome().is_none());
    assert!(has(&f, "initiative of the Heroes"), "{}", f.log());
}

#[test]
fn bx14_without_a_parley_nobody_rolls_a_reaction_and_the_chance_is_gone_after_round_one() {
    let mut f = parley_fight(&[6, 1]);
    f.ok("Fighter", Intent::Pass);
    f.ok("Mage", Intent::Pass);
    assert!(!has(&f, "reaction of the"), "{}", f.log());
    assert!(f.encounter().outcome().is_none());
    // The fight is on: nobody may parley in a later round.
    f.until("Orc");
    f.end_turn();
    assert_eq!(f.encounter().round(), 2, "{}", f.log());
    assert_eq!(parley_odds(&f, "Fighter"), None);
    assert!(f.act("Fighter", PARLEY).is_some());
    // And a side that may not speak first never could.
    let g = fight(
        SINGLE,
        &[("mage", 1, "field")],
        &[("orc", 1, "field")],
        "",
        &[],
    );
    assert_eq!(parley_odds(&g, "Mage"), None);
}

#[test]
fn bx13_an_unaware_side_rolling_1_or_2_loses_the_first_round() {
    let f = fight(
        SINGLE,
        &[("fighter", 1, "field")],
        &[("orc", 1, "field")],
        r#"options: (ruleset: { "unaware": "Monsters" })"#,
        &[2, 4],
    );
    assert!(
        has(&f, "The Monsters are surprised and lose the first round."),
        "{}",
        f.log()
    );
    assert!(f.has("Orc", Condition::SURPRISED));
    assert!(!has(&f, "initiative of the Monsters"));
    assert_eq!(f.turn(), "Fighter");
}

#[test]
fn bx13_outdoors_the_sides_meet_1d4_x_10_yards_apart_if_either_is_surprised() {
    let outdoors = |unaware: &str, faces: &[u32]| {
        fight(
            NEAR_FAR,
            &[("fighter", 1, "near")],
            &[("orc", 1, "far")],
            &format!(
                r#"options: (ruleset: {{ "unaware": "{unaware}", "distance": "wilderness" }})"#
            ),
            faces,
        )
    };
    // Nobody surprised (5 and 6): 4d6 x 10 yards.
    let f = outdoors("all", &[5, 6, 1, 2, 3, 4, 6, 1]);
    assert!(
        has(&f, "encounter distance (x 10): 4d6 = [1, 2, 3, 4] = 10"),
        "{}",
        f.log()
    );
    assert!(has(&f, "The sides meet 100 yards apart"), "{}", f.log());
    // One side surprised (2): 1d4.
    let f = outdoors("all", &[5, 2, 3, 6, 1]);
    assert!(
        has(&f, "encounter distance (x 10): d4 = [3] = 3"),
        "{}",
        f.log()
    );
    assert!(has(&f, "The sides meet 30 yards apart"), "{}", f.log());
    // Both surprised (1 and 2): nobody loses the round, but the sides still meet close.
    let f = outdoors("all", &[1, 2, 3, 6, 1]);
    assert!(has(&f, "Every side is surprised"), "{}", f.log());
    assert!(
        has(&f, "encounter distance (x 10): d4 = [3] = 3"),
        "{}",
        f.log()
    );
    assert!(has(&f, "The sides meet 30 yards apart"), "{}", f.log());
}

#[test]
fn bx13_a_light_in_the_dark_cannot_surprise() {
    let dark = r#"Inline(id: "dark", regions: [(id: "field", light: Darkness)])"#;
    let f = fight(
        dark,
        &[("fighter", 1, "field")],
        &[("orc", 1, "field")],
        r#"options: (ruleset: { "unaware": "Monsters", "light": "Heroes" })"#,
        &[6, 1],
    );
    assert!(has(&f, "cannot be surprised"), "{}", f.log());
    assert!(!f.has("Orc", Condition::SURPRISED));
}

#[test]
fn bx28_a_destructive_attack_destroys_gear_and_magic_items_may_save() {
    let mut f = fight(
        SINGLE,
        &[("fighter", 1, "field")],
        &[("drake", 1, "field")],
        "",
        // The breath rolls 18, the fighter fails its save (1 < 15) and dies; its ring saves
        // with 14 + 1 = 15.
        &[1, 6, 6, 6, 6, 1, 14],
    );
    f.end_turn();
    f.ok("Drake", spell(&f, 0, "Fighter"));
    assert_eq!(f.status("Fighter"), Status::Dead, "{}", f.log());
    assert!(has(&f, "Fighter is destroyed, and their gear with them."));
    assert!(
        has(
            &f,
            "ring +1 survives: d20+1 = [14] + 1 (item bonus) = 15 vs 15, success"
        ),
        "{}",
        f.log()
    );
    // What is left is kept on the fallen for whoever reads the fight afterwards.
    let state = f.get::<BxState>("Fighter");
    assert!(state.gear_lost);
    assert_eq!(state.items_saved, 0b1);
    // A roll one lower and the ring is gone too.
    let mut f = fight(
        SINGLE,
        &[("fighter", 1, "field")],
        &[("drake", 1, "field")],
        "",
        &[1, 6, 6, 6, 6, 1, 13],
    );
    f.end_turn();
    f.ok("Drake", spell(&f, 0, "Fighter"));
    let state = f.get::<BxState>("Fighter");
    assert!(state.gear_lost);
    assert_eq!(state.items_saved, 0);
}

#[test]
fn bx15_an_exhausted_target_is_hit_as_if_its_ac_were_2_worse() {
    use fray_core::edit::apply_effect;
    use fray_core::effect::{BonusTo, Duration, EffectSpec};
    // As bx22: 13 against the ogre's AC 5 needs 14 and misses; exhausted (-2 to AC), the ogre
    // is AC 7 and 13 needs 12: a hit.
    let mut f = fight(
        SINGLE,
        &[("fighter", 1, "field")],
        &[("ogre", 1, "field")],
        "",
        &[6, 1, 12, 3],
    );
    let ogre = f.who("Ogre");
    let spec = EffectSpec::bonus(BonusTo::Defenses, -2, Duration::EndOfBattle);
    apply_effect(f.app.world_mut(), ogre, None, spec).unwrap();
    f.ok("Fighter", engage(&f, "Ogre"));
    f.ok("Fighter", attack(&f, "Ogre"));
    assert!(
        has(
            &f,
            "d20+1 = [12] + 1 (STR) = 13 vs AC 7 on the attack matrix (THAC0 19 row): needs 12, hit"
        ),
        "{}",
        f.log()
    );
}
