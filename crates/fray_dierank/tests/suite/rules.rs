//! Every die-rank rule by id (DR-01..DR-18), with forced dice and the seed's numbers. The
//! first faces of each script are the initiative rolls (one REF die per unit, in roster order).

use fray_content::prelude::*;
use fray_core::prelude::*;
use fray_dice::DieRank;
use fray_dierank::mastery;
use fray_dierank::sheet::Sheet;
use fray_dierank::state::Dr;
use fray_dierank::uncontested::{unhurried, unhurried_succeeds};

use fray_testkit::harness::Fight;

use crate::bench::{BENCH, LINE, SINGLE, SPEND, at, attack, fight, pressed, state};

const NEAR_FAR: &str = r#"Named("near-far")"#;

/// Answers every declaration of the first round with a pass.
fn pass_all(f: &mut fray_testkit::harness::Fight, names: &[&str]) {
    for name in names {
        f.ok(name, Intent::Pass);
    }
}

#[test]
fn dr01_ratings_are_ladder_dice_and_a_d7_is_refused_with_its_place() {
    let f = fight(
        SINGLE,
        &[("warrior", 1, "field")],
        &[("dummy", 1, "field")],
        &[8, 1],
    );
    let sheet = f.get::<Sheet>("Warrior").0.clone();
    assert_eq!(sheet.attacks[0].die, DieRank::D8);
    assert_eq!((sheet.reflexes, sheet.defense), (DieRank::D8, DieRank::D6));
    let bad = "[\n  Monster(id: \"odd\", name: \"Odd\", rank: 1, health: 3, reflexes: \"D7\",\n    defense: \"D6\", attacks: [(name: \"bite\", die: \"D6\")]),\n]";
    let mut db = ContentDb::default();
    let err = BENCH
        .loader()
        .add_source(&mut db, SourceFile::new("x/dierank/odd.ron", bad))
        .unwrap_err()
        .to_string();
    assert!(err.contains("odd.ron:2:"), "{err}");
    assert!(err.contains("not on the ladder"), "{err}");
}

#[test]
fn dr02_dr04_the_targets_roll_is_the_difficulty_and_a_tie_succeeds() {
    // Sword D8 against the dummy's defense D6: 6 against 6 is a success; 5 against 6 fails.
    let mut f = fight(
        SINGLE,
        &[("warrior", 1, "field")],
        &[("dummy", 1, "field")],
        &[8, 1, 6, 6, 5, 6],
    );
    let dummy = f.who("Dummy");
    f.ok("Warrior", attack(dummy, 0));
    assert_eq!(f.hp("Dummy").current, 8);
    f.until("Warrior");
    f.ok("Warrior", attack(dummy, 0));
    assert_eq!(f.hp("Dummy").current, 8, "5 against 6 fails");
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn dr04_the_same_attack_roll_fares_by_what_the_target_itself_rolls() {
    // No fixed difficulty: a sword roll of 6 is one success against the dummy's own 4, and
    // three against its 2 (9 health: 8, then 5).
    let mut f = fight(
        SINGLE,
        &[("warrior", 1, "field")],
        &[("dummy", 1, "field")],
        &[8, 1, 6, 4, 6, 2],
    );
    let dummy = f.who("Dummy");
    f.ok("Warrior", attack(dummy, 0));
    assert_eq!(f.hp("Dummy").current, 8, "{}", f.log());
    f.until("Warrior");
    f.ok("Warrior", attack(dummy, 0));
    assert!(
        f.log()
            .contains("D8 [6] = 6 against defense D6 [2] = 2 - 3 successes"),
        "{}",
        f.log()
    );
    assert_eq!(f.hp("Dummy").current, 5, "a triple success is three points");
}

#[test]
fn dr03_each_multiple_of_success_is_a_point_of_damage() {
    // The seed's example: a D8 attack rolls 6 against a D6 defense's 4: a hit, one point; had
    // the defense rolled 3, a double success and two points.
    let mut f = fight(
        SINGLE,
        &[("warrior", 1, "field")],
        &[("dummy", 1, "field")],
        &[8, 1, 6, 4, 6, 3],
    );
    let dummy = f.who("Dummy");
    f.ok("Warrior", attack(dummy, 0));
    assert_eq!(f.hp("Dummy").current, 8);
    assert!(
        f.log()
            .contains("D8 [6] = 6 against defense D6 [4] = 4 - 1 success so far"),
        "{}",
        f.log()
    );
    f.until("Warrior");
    f.ok("Warrior", attack(dummy, 0));
    assert_eq!(f.hp("Dummy").current, 6, "a double success is two points");
}

#[test]
fn dr05_dr07_a_shift_past_d60_is_a_level_of_advantage_keep_the_highest() {
    // The giant's smash is a D48 shifted two ranks: D60, and one level of advantage - two
    // dice, the highest kept: 30 against the warrior's 5 is six successes.
    let mut f = fight(
        SINGLE,
        &[("warrior", 1, "field")],
        &[("giant", 1, "field")],
        &[1, 4, 10, 30, 5],
    );
    let sheet = f.get::<Sheet>("Giant").0.clone();
    assert_eq!(
        (sheet.attacks[0].die, sheet.attacks[0].level.level()),
        (DieRank::D60, 1)
    );
    let warrior = f.who("Warrior");
    assert_eq!(f.turn(), "Giant");
    f.ok("Giant", attack(warrior, 0));
    // The warrior may interrupt it; it does not.
    f.ok("Warrior", Intent::Pass);
    assert_eq!(f.hp("Warrior").current, 4);
    assert!(
        f.log().contains("D60 with 1 advantage [(10), 30] = 30"),
        "{}",
        f.log()
    );
    assert_eq!(
        f.turn(),
        "Warrior",
        "an exclusive action took the giant's whole turn"
    );
}

#[test]
fn dr06_an_acting_one_fails_even_against_a_one_and_a_resisting_one_does_not_fumble() {
    let mut f = fight(
        SINGLE,
        &[("warrior", 1, "field")],
        &[("dummy", 1, "field")],
        &[8, 1, 1, 1, 2, 1],
    );
    let dummy = f.who("Dummy");
    f.ok("Warrior", attack(dummy, 0));
    assert_eq!(f.hp("Dummy").current, 9, "an acting 1 fails against a 1");
    f.until("Warrior");
    f.ok("Warrior", attack(dummy, 0));
    assert_eq!(
        f.hp("Dummy").current,
        7,
        "2 against a resisting 1: two successes"
    );
}

#[test]
fn dr08_out_of_combat_an_unhurried_roll_takes_its_maximum() {
    assert_eq!(unhurried(DieRank::D10.shift(0)), 10);
    assert_eq!(unhurried(DieRank::D48.shift(3)), 60);
    assert!(unhurried_succeeds(DieRank::D8.shift(0), 8));
    assert!(!unhurried_succeeds(DieRank::D8.shift(0), 9));
}

#[test]
fn dr09_mastery_points_add_a_die_after_the_roll_at_most_rank_per_roll() {
    // The adept (rank 2, 3 MP) rolls 2 against the orc's 5: a miss. A point adds a D8 (7):
    // one success. A second adds a 3: still 7 kept. A third is past its rank: not offered.
    let mut f = fight(
        SINGLE,
        &[("adept", 1, "field")],
        &[("orc", 1, "field")],
        &[9, 2, 2, 5, 7, 3],
    );
    pass_all(&mut f, &["Adept", "Orc"]);
    let orc = f.who("Orc");
    f.ok("Adept", attack(orc, 0));
    f.ok("Orc", Intent::Pass); // no interrupt
    assert!(f.offers("Adept").iter().any(|o| o.intent == SPEND));
    f.ok("Adept", SPEND);
    assert!(f.log().contains("adds a D8, 7"), "{}", f.log());
    f.ok("Adept", SPEND);
    // Two spent: its rank. The exchange ends and the blow lands.
    assert_eq!(state(&f, "Adept").mp, 1);
    assert_eq!(f.hp("Orc").current, 5);
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn dr09_on_a_disadvantaged_roll_a_mastery_point_rerolls_the_lowest_die() {
    // The feint is a D2 shifted below the ladder: two D2s, the lowest kept. 2 and 1 keep the
    // 1 (a fumble); the point rerolls the 1 into a 2: 2 against the orc's 1 is two successes.
    let mut f = fight(
        SINGLE,
        &[("adept", 1, "field")],
        &[("orc", 1, "field")],
        &[9, 2, 2, 1, 1, 2],
    );
    pass_all(&mut f, &["Adept", "Orc"]);
    let orc = f.who("Orc");
    f.ok("Adept", attack(orc, 1));
    f.ok("Orc", Intent::Pass);
    f.ok("Adept", SPEND);
    assert!(
        f.log().contains("rerolls their lowest a D2, 2"),
        "{}",
        f.log()
    );
    f.ok("Adept", Intent::Pass);
    assert_eq!(f.hp("Orc").current, 4);
}

#[test]
fn dr09_the_other_side_answers_with_its_own_points_back_and_forth() {
    // 6 against 4: a hit. The adept passes; the shaman adds a 7 (6 against 7: a miss); the
    // adept answers with an 8 (a hit); the shaman adds a 2 (7 still kept); the adept passes;
    // the shaman has spent its rank's worth: the exchange ends, one point of damage.
    let mut f = fight(
        SINGLE,
        &[("adept", 1, "field")],
        &[("shaman", 1, "field")],
        &[9, 2, 6, 4, 7, 8, 2],
    );
    pass_all(&mut f, &["Adept", "Shaman"]);
    let shaman = f.who("Shaman");
    f.ok("Adept", attack(shaman, 0));
    f.ok("Shaman", Intent::Pass);
    f.ok("Adept", Intent::Pass);
    f.ok("Shaman", SPEND);
    f.ok("Adept", SPEND);
    f.ok("Shaman", SPEND);
    f.ok("Adept", Intent::Pass);
    assert_eq!(f.hp("Shaman").current, 5);
    assert_eq!((state(&f, "Adept").mp, state(&f, "Shaman").mp), (2, 0));
    assert_eq!(f.faces_left(), 0);
}

/// A coven: the shaman (2 MP, rank 2) and two imps (no MP, rank 1) in one group, against
/// `hero`.
fn coven(hero: &str, faces: &[u32]) -> fray_testkit::harness::Fight {
    let text = format!(
        "Encounter(id: \"t\", name: \"T\", ruleset: \"dierank\", map: Named(\"single\"), sides: [
            (name: \"Heroes\", controller: External(1), combatants: [(statblock: \"{hero}\", region: \"field\")]),
            (name: \"Monsters\", controller: External(2), combatants: [
                (statblock: \"shaman\", region: \"field\", group: \"coven\"),
                (statblock: \"imp\", count: 2, region: \"field\", group: \"coven\"),
            ]),
        ])"
    );
    BENCH.fight_from(&text, faces)
}

#[test]
fn dr10_a_monster_group_pools_its_points_each_member_spends_up_to_its_rank() {
    // The imp has no point of its own, but spends the coven's: 3 against its 1, then its D4
    // shows 4 - a miss. The adept answers with an 8: 8 against 4, two successes. The imp may
    // not spend a second point on the roll (rank 1), though the pool has one left.
    let mut f = coven("adept", &[9, 2, 3, 1, 4, 8]);
    pass_all(&mut f, &["Adept", "Shaman", "Imp 1", "Imp 2"]);
    assert_eq!(f.encounter_part::<Dr>().pools[0].left, 2);
    let imp = f.who("Imp 1");
    f.ok("Adept", attack(imp, 0));
    f.ok("Imp 1", Intent::Pass);
    f.ok("Adept", Intent::Pass);
    f.ok("Imp 1", SPEND);
    assert_eq!(f.encounter_part::<Dr>().pools[0].left, 1);
    f.ok("Adept", SPEND);
    assert!(f.offers("Imp 1").is_empty(), "one point a roll at rank 1");
    f.ok("Adept", Intent::Pass);
    assert_eq!(f.hp("Imp 1").current, 1);
    assert_eq!(f.encounter_part::<Dr>().pools[0].left, 1);
}

#[test]
fn dr11_a_quiet_turn_recovers_one_point_and_after_the_fight_all_come_back() {
    // The novice spends a point on initiative: no point comes back at its first turn; after a
    // quiet turn (no point spent, no major action, no damage) one does.
    let mut f = fight(
        SINGLE,
        &[("novice", 1, "field")],
        &[("dummy", 1, "field")],
        &[6, 1, 3],
    );
    f.ok("Novice", SPEND);
    f.ok("Dummy", Intent::Pass);
    assert_eq!(state(&f, "Novice").mp, 1);
    assert_eq!(f.turn(), "Novice");
    assert_eq!(
        state(&f, "Novice").mp,
        1,
        "it spent a point since its last check"
    );
    f.next_turn_of("Novice");
    assert_eq!(state(&f, "Novice").mp, 2, "a quiet turn brings one back");
    // Out of the fight, every point comes back (the exploration layer's call).
    let mut s = state(&f, "Novice");
    s.mp = 0;
    mastery::refill(&mut s, &f.get::<Sheet>("Novice").0);
    assert_eq!(s.mp, 2);
}

#[test]
fn dr11_a_group_recovers_only_when_no_member_spent_acted_majorly_or_was_harmed() {
    // The warrior hits imp 1 (4 against 2); the imp spends the coven's point (4: one
    // success). At the coven's next turn nothing comes back; a round later, it does.
    let mut f = coven("warrior", &[8, 1, 4, 2, 4]);
    pass_all(&mut f, &["Warrior", "Shaman", "Imp 1", "Imp 2"]);
    let imp = f.who("Imp 1");
    f.ok("Warrior", attack(imp, 0));
    f.ok("Imp 1", Intent::Pass);
    f.ok("Imp 1", SPEND);
    assert_eq!(f.hp("Imp 1").current, 2);
    assert_eq!(f.turn(), "Shaman");
    assert_eq!(
        f.encounter_part::<Dr>().pools[0].left,
        1,
        "stirred: no recovery"
    );
    f.until("Warrior");
    f.until("Shaman");
    assert_eq!(
        f.encounter_part::<Dr>().pools[0].left,
        2,
        "a quiet round: one back"
    );
    let mut dr = f.encounter_part::<Dr>().clone();
    dr.pools[0].left = 0;
    mastery::refill_pools(&mut dr);
    assert_eq!(dr.pools[0].left, 2);
}

#[test]
fn dr12_initiative_is_the_ref_die_highest_first() {
    let f = fight(
        SINGLE,
        &[("warrior", 1, "field")],
        &[("orc", 1, "field")],
        &[3, 5],
    );
    assert_eq!(f.turn(), "Orc");
}

#[test]
fn dr12_ties_go_to_the_larger_ref_die_then_to_rerolls() {
    // 4 and 4: the warrior's D8 beats the orc's D6.
    let f = fight(
        SINGLE,
        &[("warrior", 1, "field")],
        &[("orc", 1, "field")],
        &[4, 4],
    );
    assert_eq!(f.turn(), "Warrior");
    // Two warriors tie on 5 with the same die: they reroll, 2 and 7.
    let f = fight(
        SINGLE,
        &[("warrior", 2, "field")],
        &[("orc", 1, "field")],
        &[5, 5, 1, 2, 7],
    );
    assert_eq!(f.turn(), "Warrior 2");
    assert!(
        f.log().contains("an initiative tie: D8 rerolled, 2, 7"),
        "{}",
        f.log()
    );
}

#[test]
fn dr12_mastery_points_may_be_spent_on_initiative() {
    // The novice rolls 2 against the orc's 4, then spends a point: a 6.
    let mut f = fight(
        SINGLE,
        &[("novice", 1, "field")],
        &[("orc", 1, "field")],
        &[2, 4, 6],
    );
    f.ok("Novice", SPEND);
    f.ok("Orc", Intent::Pass);
    assert_eq!(f.turn(), "Novice");
    assert_eq!(f.get::<Initiative>("Novice").count, 6);
}

#[test]
fn dr13_a_delayed_unit_acts_one_below_the_last_to_act() {
    let mut f = fight(
        SINGLE,
        &[("warrior", 1, "field")],
        &[("orc", 1, "field"), ("dummy", 1, "field")],
        &[8, 5, 1],
    );
    f.ok("Warrior", Intent::Delay);
    assert_eq!(f.turn(), "Orc");
    assert_eq!(f.get::<Initiative>("Warrior").count, 4);
    f.end_turn();
    assert_eq!(f.turn(), "Warrior");
}

#[test]
fn dr13_a_delayer_acts_on_its_new_count_in_the_rounds_after() {
    // The orc and the dummy tie on 4 (the orc's larger REF die first). The warrior (8) delays
    // until after the orc: initiative 3, acting before the dummy this round only.
    let mut f = fight(
        SINGLE,
        &[("warrior", 1, "field")],
        &[("orc", 1, "field"), ("dummy", 1, "field")],
        &[8, 4, 4],
    );
    f.ok("Warrior", Intent::Delay);
    assert_eq!(f.get::<Initiative>("Warrior").count, 3);
    let mut turns = Vec::new();
    for _ in 0..6 {
        turns.push(f.turn());
        f.end_turn();
    }
    assert_eq!(
        turns,
        ["Orc", "Warrior", "Dummy", "Orc", "Dummy", "Warrior"],
        "{}",
        f.log()
    );
}

#[test]
fn dr13_dr14_an_interrupt_needs_ref_against_ref_and_a_major_one_ends_the_next_turn() {
    // The orc interrupts the warrior's blow: REF 5 against 2, two successes - but its axe is
    // a major action, one blow (6 against 3: two points). Paid from its next turn, which a
    // major action ends: skipped.
    let mut f = fight(
        SINGLE,
        &[("warrior", 1, "field")],
        &[("orc", 1, "field")],
        &[8, 1, 5, 2, 6, 3, 4, 2],
    );
    let (orc, warrior) = (f.who("Orc"), f.who("Warrior"));
    f.ok("Warrior", attack(orc, 0));
    f.ok("Orc", attack(warrior, 0));
    assert_eq!(f.hp("Warrior").current, 8);
    assert_eq!(f.hp("Orc").current, 4);
    assert_eq!(f.turn(), "Warrior", "the orc's turn went on the interrupt");
    assert!(f.log().contains("major interrupt"), "{}", f.log());
}

#[test]
fn dr13_one_minor_action_per_success_limited_by_action_points() {
    // REF 4 against 2: two successes, two knife jabs (3 against 3, 4 against 2): three points.
    // They are owed by the orc's next turn: one action point of three is left.
    let mut f = fight(
        SINGLE,
        &[("warrior", 1, "field")],
        &[("orc", 1, "field")],
        &[8, 1, 4, 2, 3, 3, 4, 2, 1, 1],
    );
    let (orc, warrior) = (f.who("Orc"), f.who("Warrior"));
    f.ok("Warrior", attack(orc, 0));
    f.ok("Orc", attack(warrior, 1));
    assert_eq!(f.hp("Warrior").current, 7);
    assert_eq!(f.hp("Orc").current, 6, "the warrior's 1 fumbles");
    assert_eq!(f.turn(), "Orc");
    assert_eq!(state(&f, "Orc").left, 1);
}

#[test]
fn dr13_a_failed_interrupt_roll_takes_no_action_costs_nothing_and_answers_as_overtaken() {
    let mut f = fight(
        SINGLE,
        &[("warrior", 1, "field")],
        &[("orc", 1, "field")],
        &[8, 1, 1, 2, 4, 2],
    );
    let (orc, warrior) = (f.who("Orc"), f.who("Warrior"));
    f.ok("Warrior", attack(orc, 0));
    f.ok("Orc", attack(warrior, 0));
    assert_eq!(f.hp("Warrior").current, 10);
    assert_eq!(f.hp("Orc").current, 4);
    assert_eq!(
        (state(&f, "Orc").owed, state(&f, "Orc").forfeit),
        (0, false)
    );
    // The orc's player asked for a blow that never came: its request is answered once, as
    // overtaken, not left hanging.
    let messages = f
        .world()
        .resource::<bevy_ecs::message::Messages<ActionRejected>>();
    let mut cursor = bevy_ecs::message::MessageCursor::<ActionRejected>::default();
    let answers: Vec<_> = cursor.read(messages).filter(|r| r.actor == orc).collect();
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert_eq!(answers[0].reason, RejectReason::Overtaken);
    assert_eq!(answers[0].intent, attack(warrior, 0));
    assert!(f.log().contains("fails to interrupt"), "{}", f.log());
}

#[test]
fn dr13_a_declared_readied_attack_fires_without_a_roll() {
    // The orc readies its axe for when the warrior attacks it (its major action). When the
    // warrior swings, the axe comes first with no REF roll: 6 against 3, two points.
    let mut f = fight(
        SINGLE,
        &[("warrior", 1, "field")],
        &[("orc", 1, "field")],
        &[1, 5, 6, 3, 4, 2],
    );
    let (orc, warrior) = (f.who("Orc"), f.who("Warrior"));
    let ready = Intent::Ready {
        trigger: Trigger::EnemyAttacksMe,
        intent: Readied::Attack {
            target: warrior,
            attack: AttackId(0),
            maneuver: Maneuver::STANDARD,
        },
    };
    f.ok("Orc", ready);
    assert_eq!(f.turn(), "Warrior");
    f.ok("Warrior", attack(orc, 0));
    f.ok("Orc", attack(warrior, 0));
    assert_eq!(f.hp("Warrior").current, 8);
    assert_eq!(f.hp("Orc").current, 4);
    assert_eq!(state(&f, "Orc").owed, 0, "paid on the turn it was readied");
    assert_eq!(f.faces_left(), 0, "no REF roll");
}

#[test]
fn dr14_minor_actions_go_on_until_the_last_action_point_a_major_one_ends_the_turn() {
    let mut f = fight(
        SINGLE,
        &[("warrior", 1, "field")],
        &[("dummy", 1, "field")],
        &[8, 1, 4, 2, 1, 1, 3, 3, 5, 5],
    );
    let dummy = f.who("Dummy");
    f.ok("Warrior", attack(dummy, 2));
    assert_eq!(
        (f.turn(), state(&f, "Warrior").left),
        ("Warrior".to_string(), 2)
    );
    f.ok("Warrior", attack(dummy, 2));
    f.ok("Warrior", attack(dummy, 2));
    assert_eq!(f.hp("Dummy").current, 6);
    assert_eq!(f.turn(), "Dummy", "the last point spent ends the turn");
    f.until("Warrior");
    f.ok("Warrior", attack(dummy, 0));
    assert_eq!(f.turn(), "Dummy", "a major action ends the turn at once");
}

#[test]
fn dr14_at_rank_2_a_mastery_point_keeps_a_major_action_from_ending_the_turn() {
    let mut f = fight(
        SINGLE,
        &[("adept", 1, "field")],
        &[("dummy", 1, "field")],
        &[9, 1, 5, 5, 5, 5],
    );
    pass_all(&mut f, &["Adept", "Dummy"]);
    let dummy = f.who("Dummy");
    f.ok("Adept", pressed(dummy, 0));
    f.ok("Adept", Intent::Pass);
    assert_eq!(f.turn(), "Adept");
    assert_eq!(state(&f, "Adept").mp, 2);
    f.ok("Adept", pressed(dummy, 0));
    f.ok("Adept", Intent::Pass);
    assert_eq!(f.hp("Dummy").current, 7);
    // Two majors: its rank. No third this turn.
    let reason = f
        .act("Adept", attack(dummy, 0))
        .expect("a third major is refused");
    assert!(
        reason
            .to_string()
            .contains("as many major actions as its rank"),
        "{reason}"
    );
    // Rank 1 cannot press on; nor can one without points.
    let warrior_f = fight(
        SINGLE,
        &[("warrior", 1, "field")],
        &[("dummy", 1, "field")],
        &[8, 1],
    );
    let d = warrior_f.who("Dummy");
    assert!(
        !warrior_f
            .offers("Warrior")
            .iter()
            .any(|o| o.intent == pressed(d, 0))
    );
}

#[test]
fn dr14_a_cooldown_action_waits_out_this_turn_and_the_next() {
    let mut f = fight(
        NEAR_FAR,
        &[("warrior", 1, "near")],
        &[("dummy", 1, "far")],
        &[8, 1, 5, 5, 5, 5],
    );
    let dummy = f.who("Dummy");
    f.ok("Warrior", attack(dummy, 3));
    f.ok("Dummy", Intent::Pass); // no interrupt with its pebble
    assert_eq!(f.hp("Dummy").current, 8);
    f.until("Warrior");
    let reason = f.act("Warrior", attack(dummy, 3)).expect("cooling down");
    assert!(reason.to_string().contains("cooling down"), "{reason}");
    f.next_turn_of("Warrior");
    f.ok("Warrior", attack(dummy, 3));
    f.ok("Dummy", Intent::Pass);
    assert_eq!(f.hp("Dummy").current, 7);
}

#[test]
fn dr15_melee_reaches_one_region_ranged_attacks_adjacent_ones_and_further() {
    let mut f = fight(
        NEAR_FAR,
        &[("warrior", 1, "near")],
        &[("orc", 1, "far")],
        &[8, 1, 3, 3, 2, 6],
    );
    let orc = f.who("Orc");
    let far = f.region("Orc");
    assert!(
        f.act("Warrior", attack(orc, 0)).is_some(),
        "melee does not reach"
    );
    f.ok("Warrior", attack(orc, 1));
    assert_eq!(f.hp("Orc").current, 5);
    f.until("Warrior");
    f.ok("Warrior", Intent::Move { to: far });
    assert!(f.engaged("Warrior", "Orc"), "in one region: in melee");
    assert!(
        f.act("Warrior", attack(orc, 1)).is_some(),
        "a bow does not shoot into its own region"
    );
    f.ok("Warrior", attack(orc, 0));
    f.ok("Orc", Intent::Pass);
    assert_eq!(f.hp("Orc").current, 5);
}

#[test]
fn dr16_leaving_a_region_provokes_unless_one_leaves_carefully_as_a_major_action() {
    // Leaving: the orc's opportunity attack (6 against 2: three points), a minor interrupt
    // owed by its next turn.
    let mut f = fight(
        NEAR_FAR,
        &[("warrior", 1, "near")],
        &[("orc", 1, "near")],
        &[8, 1, 6, 2],
    );
    let warrior = f.who("Warrior");
    f.ok("Warrior", Intent::Move { to: RegionId(1) });
    f.ok("Orc", attack(warrior, 0));
    assert_eq!(f.hp("Warrior").current, 7);
    assert_eq!(f.region("Warrior"), RegionId(1));
    assert_eq!(state(&f, "Orc").owed, 1);
    assert_eq!(f.turn(), "Warrior", "a move is minor");
    // Carefully: nothing provoked, and the turn ends.
    let mut f = fight(
        NEAR_FAR,
        &[("warrior", 1, "near")],
        &[("orc", 1, "near")],
        &[8, 1],
    );
    f.ok("Warrior", Intent::Disengage);
    f.ok("Warrior", Intent::Move { to: RegionId(1) });
    assert_eq!(f.region("Warrior"), RegionId(1));
    assert_eq!(f.turn(), "Orc", "leaving carefully is a major action");
    assert_eq!(f.hp("Warrior").current, 10);
}

#[test]
fn dr17_running_moves_two_regions_provokes_leaving_and_entering_and_exposes_defense() {
    // From a through b to c: the orc in a and the imp in c may strike. The imp's claw rolls 4
    // against the runner's disadvantaged D6 (5 and 2, the 2 kept): two points.
    let mut f = fight(
        LINE,
        &[("warrior", 1, "a")],
        &[("orc", 1, "a"), ("imp", 1, "c")],
        &[8, 1, 2, 4, 5, 2],
    );
    let warrior = f.who("Warrior");
    f.ok("Warrior", Intent::Move { to: at::C });
    f.ok("Orc", Intent::Pass);
    f.ok("Imp", attack(warrior, 0));
    assert_eq!(f.region("Warrior"), at::C);
    assert_eq!(f.hp("Warrior").current, 8);
    let s = state(&f, "Warrior");
    assert!(s.exposed);
    assert_eq!(
        (f.turn(), s.left),
        ("Warrior".to_string(), 2),
        "running is minor"
    );
}

#[test]
fn dr18_swimming_and_climbing_are_exclusive_with_runnings_penalties() {
    let mut f = fight(LINE, &[("warrior", 1, "c")], &[("eel", 1, "d")], &[8, 1]);
    f.ok("Warrior", Intent::Move { to: at::RIVER });
    assert_eq!(f.region("Warrior"), at::RIVER);
    assert!(state(&f, "Warrior").exposed);
    assert_eq!(f.turn(), "Eel", "a swim takes the whole turn");
    // The eel swims by nature: a minor move.
    f.ok("Eel", Intent::Move { to: at::RIVER });
    assert_eq!((f.turn(), state(&f, "Eel").left), ("Eel".to_string(), 2));
    // No swim after spending a point; a climber climbs as it walks.
    let mut f = fight(LINE, &[("warrior", 1, "b")], &[("goat", 1, "top")], &[8, 1]);
    f.ok("Warrior", Intent::Move { to: at::C });
    let reason = f
        .act("Warrior", Intent::Move { to: at::RIVER })
        .expect("refused");
    assert!(reason.to_string().contains("whole turn"), "{reason}");
    f.end_turn();
    f.ok("Goat", Intent::Move { to: at::CLIFF });
    assert_eq!(state(&f, "Goat").left, 2);
    let _ = (at::A, at::B, at::D, at::TOP);
}

#[test]
fn previews_give_the_odds_of_each_success_count_a_points_gain_and_provocations() {
    use fray_dice::Advantage;
    // The sword's D8 against the dummy's D6: the dice crate's exact odds.
    let f = fight(
        NEAR_FAR,
        &[("warrior", 1, "near")],
        &[("dummy", 1, "near")],
        &[8, 1],
    );
    let dummy = f.who("Dummy");
    let offers = f.offers("Warrior");
    let sword = offers
        .iter()
        .find(|o| o.intent == attack(dummy, 0))
        .unwrap();
    let odds = DieRank::D8.success_odds(Advantage::NONE, DieRank::D6, Advantage::NONE);
    let mean: f64 = odds.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
    assert!((f64::from(sword.preview.hit_chance) - (1.0 - odds[0])).abs() < 1e-6);
    assert!((f64::from(sword.preview.expected_damage) - mean).abs() < 1e-5);
    // A point of damage per success: from one to the most successes the dice allow.
    let most = odds.iter().rposition(|p| *p > 0.0).unwrap();
    assert!(most >= 2, "{odds:?}");
    assert_eq!(sword.preview.damage_range, [1, most as u32]);
    // Leaving draws the dummy's opportunity attack.
    let away = offers
        .iter()
        .find(|o| o.intent == Intent::Move { to: RegionId(1) })
        .unwrap();
    assert_eq!(away.preview.provokes, 1);
    // After the adept's 2 against the orc's 5, one more D8 hits on 5 to 8: half the time, one
    // point; the point is one of its three.
    let mut f = fight(
        SINGLE,
        &[("adept", 1, "field")],
        &[("orc", 1, "field")],
        &[9, 2, 2, 5, 7, 3],
    );
    pass_all(&mut f, &["Adept", "Orc"]);
    let orc = f.who("Orc");
    f.ok("Adept", attack(orc, 0));
    f.ok("Orc", Intent::Pass);
    let spend = f
        .offers("Adept")
        .into_iter()
        .find(|o| o.intent == SPEND)
        .unwrap();
    assert!((spend.preview.expected_damage - 0.5).abs() < 1e-6);
    assert!((spend.preview.hit_chance - 0.5).abs() < 1e-6);
    assert!((spend.preview.spends - 1.0 / 3.0).abs() < 1e-6);
}

/// The position of `needle` in `log`, failing with the log when it is missing.
fn at_line(log: &str, needle: &str) -> usize {
    log.find(needle)
        .unwrap_or_else(|| panic!("no {needle:?} in\n{log}"))
}

#[test]
fn dr09_the_mover_answers_with_a_mastery_point_inside_an_opportunity_attack() {
    // The adept leaves the orc's region: the orc's opportunity attack rolls its axe, 6 against
    // the adept's defense 2 - three successes. The orc has no point to add; the adept answers
    // with a D8, 7: 6 against 7 is a miss. The adept passes and the blow misses.
    let mut f = fight(
        NEAR_FAR,
        &[("adept", 1, "near")],
        &[("orc", 1, "near")],
        &[9, 2, 6, 2, 7],
    );
    pass_all(&mut f, &["Adept", "Orc"]);
    let adept = f.who("Adept");
    f.ok("Adept", Intent::Move { to: RegionId(1) });
    f.ok("Orc", attack(adept, 0));
    assert!(
        f.offers("Adept").iter().any(|o| o.intent == SPEND),
        "the mover may answer the roll"
    );
    f.ok("Adept", SPEND);
    f.ok("Adept", Intent::Pass);
    assert_eq!(
        f.hp("Adept").current,
        8,
        "the point turned three points into none"
    );
    assert_eq!(state(&f, "Adept").mp, 2);
    assert_eq!(
        state(&f, "Orc").owed,
        1,
        "the opportunity attack is still paid"
    );
    assert_eq!(f.region("Adept"), RegionId(1));
    let log = f.log();
    let roll = at_line(
        &log,
        "Orc rolls to hit Adept with its axe (opportunity attack): D8 [6] = 6 against defense D8 [2] = 2 - 3 successes so far.",
    );
    let spend = at_line(
        &log,
        "Adept spends a mastery point: adds a D8, 7 - D8 with 1 advantage [(2), 7] = 7; 0 successes now.",
    );
    // The exchange over, the blow is logged as an attack: the orc's 6 against the adept's 7.
    let miss = at_line(
        &log,
        "Orc attacks Adept with axe (opportunity attack): d8 = [6] = 6 vs D8 defense 7, miss.",
    );
    assert!(roll < spend && spend < miss, "{log}");
    assert_eq!(f.faces_left(), 0);
}

/// The orc's turn: it swings at the adept, who answers with an interrupt, its sword (the
/// dice of dr09/dr13's exchange are scripted, initiative passed).
fn interrupted_swing() -> Fight {
    let mut f = fight(
        SINGLE,
        &[("adept", 1, "field")],
        &[("orc", 1, "field")],
        &[1, 6, 2, 5, 9, 6, 3, 1, 4],
    );
    pass_all(&mut f, &["Adept", "Orc"]);
    let (adept, orc) = (f.who("Adept"), f.who("Orc"));
    assert_eq!(f.turn(), "Orc");
    f.ok("Orc", attack(adept, 0));
    f.ok("Adept", attack(orc, 0));
    f
}

#[test]
fn dr09_dr13_the_ref_roll_of_an_interrupt_and_its_blow_may_be_mastered() {
    // The orc swings at the adept, who tries to interrupt: REF D10 2 against the orc's D6 5,
    // no success. The adept adds a D10, 9: one success, one sword blow, 6 against the orc's
    // defense 3 - two points. Then the orc's axe: 1 against 4, a fumble.
    let mut f = interrupted_swing();
    // The REF roll's exchange: the adept adds a die, then passes.
    f.ok("Adept", SPEND);
    f.ok("Adept", Intent::Pass);
    // The blow's exchange, then the orc's attack's.
    f.ok("Adept", Intent::Pass);
    assert_eq!(f.hp("Orc").current, 4);
    f.ok("Adept", Intent::Pass);
    assert_eq!(f.hp("Adept").current, 8);
    assert_eq!(state(&f, "Adept").mp, 2);
    assert_eq!(
        f.turn(),
        "Orc",
        "the adept's turn went on the major interrupt"
    );
    let log = f.log();
    let ref_roll = at_line(
        &log,
        "Adept tries to interrupt: REF D10 [2] = 2 against REF D6 [5] = 5 - 0 successes so far.",
    );
    let spend = at_line(
        &log,
        "adds a D10, 9 - D10 with 1 advantage [(2), 9] = 9; 1 success now.",
    );
    let won = at_line(&log, "Adept interrupts with 1 success.");
    let blow = at_line(
        &log,
        "Adept rolls to hit Orc with their sword (interrupt): D8 [6] = 6 against defense D6 [3] = 3 - 2 successes so far.",
    );
    assert!(ref_roll < spend && spend < won && won < blow, "{log}");
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn h40_rolls_and_interrupts_are_sentences_and_a_hero_is_not_it() {
    // The dr09/dr13 exchange: the orc swings, the adept (a hero) interrupts and strikes back.
    let mut f = interrupted_swing();
    f.ok("Adept", SPEND);
    for _ in 0..3 {
        f.ok("Adept", Intent::Pass);
    }
    let log = f.log();
    for line in [
        "Adept interrupts with 1 success.",
        "Adept rolls to hit Orc with their sword (interrupt): ",
        "Adept attacks Orc with sword (interrupt): ",
    ] {
        assert!(log.contains(line), "{line} in {log}");
    }
    for slip in [
        "success(es)",
        " interrupt with ",
        " sword at ",
        "with its sword",
    ] {
        assert!(!log.contains(slip), "{slip} in {log}");
    }
}

#[test]
fn dr09_dr12_a_combatant_spends_up_to_its_rank_on_initiative() {
    // The adept (rank 2, 3 points) rolls 2 against the orc's 5, adds a 3, then an 8: its
    // rank's worth. It is not asked a third time; the orc passes; the adept acts on 8.
    let mut f = fight(
        SINGLE,
        &[("adept", 1, "field")],
        &[("orc", 1, "field")],
        &[2, 5, 3, 8],
    );
    f.ok("Adept", SPEND);
    assert!(f.offers("Adept").iter().any(|o| o.intent == SPEND));
    f.ok("Adept", SPEND);
    f.ok("Orc", Intent::Pass);
    assert_eq!(f.turn(), "Adept");
    assert_eq!(f.get::<Initiative>("Adept").count, 8);
    assert_eq!(state(&f, "Adept").mp, 1);
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn dr12_initiative_is_logged_once_after_the_mastery_points_spent_on_it() {
    let mut f = fight(
        SINGLE,
        &[("adept", 1, "field")],
        &[("orc", 1, "field")],
        &[2, 5, 8],
    );
    f.ok("Adept", SPEND);
    f.ok("Adept", Intent::Pass);
    f.ok("Orc", Intent::Pass);
    let log = f.log();
    assert_eq!(log.matches("acts on initiative").count(), 2, "{log}");
    let spend = at_line(&log, "Adept spends a mastery point on initiative");
    let order = at_line(&log, "Adept acts on initiative 8.");
    assert!(spend < order, "{log}");
    // Without points to spend, the order is logged once as well.
    let f = fight(
        SINGLE,
        &[("warrior", 1, "field")],
        &[("orc", 1, "field")],
        &[3, 5],
    );
    assert_eq!(
        f.log().matches("acts on initiative").count(),
        2,
        "{}",
        f.log()
    );
}

#[test]
fn dr13_an_attack_readied_for_the_next_enemy_to_enter_fires_without_a_roll() {
    // The orc readies its axe for the next enemy to enter its region (its major action). The
    // warrior walks in: the axe strikes first, 6 against 3 - two points, no REF roll.
    let mut f = fight(
        NEAR_FAR,
        &[("warrior", 1, "near")],
        &[("orc", 1, "far")],
        &[1, 5, 6, 3],
    );
    let (orc, warrior) = (f.who("Orc"), f.who("Warrior"));
    let ready = Intent::Ready {
        trigger: Trigger::EnemyMoves,
        intent: Readied::Attack {
            target: orc,
            attack: AttackId(0),
            maneuver: Maneuver::STANDARD,
        },
    };
    assert!(f.offers("Orc").iter().any(|o| o.intent == ready));
    f.ok("Orc", ready);
    assert_eq!(f.turn(), "Warrior");
    f.ok("Warrior", Intent::Move { to: RegionId(1) });
    f.ok("Orc", attack(warrior, 0));
    assert_eq!(f.hp("Warrior").current, 8);
    assert_eq!(f.region("Warrior"), RegionId(1));
    assert_eq!(state(&f, "Orc").owed, 0, "paid on the turn it was readied");
    assert_eq!(state(&f, "Orc").readied, None, "it fires once");
    assert!(
        f.log().contains(
            "Orc rolls to hit Warrior with its axe (readied attack): D8 [6] = 6 against defense D6 [3] = 3"
        ),
        "{}",
        f.log()
    );
    assert_eq!(f.faces_left(), 0, "no REF roll");
}

#[test]
fn dr14_the_mastery_point_pressing_a_major_action_on_is_logged_after_its_attack() {
    let mut f = fight(
        SINGLE,
        &[("adept", 1, "field")],
        &[("dummy", 1, "field")],
        &[9, 1, 5, 5],
    );
    pass_all(&mut f, &["Adept", "Dummy"]);
    let dummy = f.who("Dummy");
    f.ok("Adept", pressed(dummy, 0));
    f.ok("Adept", Intent::Pass);
    let log = f.log();
    let blow = at_line(
        &log,
        "Adept rolls to hit Dummy with their sword: D8 [5] = 5",
    );
    let point = at_line(
        &log,
        "Adept spends a mastery point: this major action does not end their turn.",
    );
    assert!(blow < point, "{log}");
    assert_eq!(log.matches("does not end their turn").count(), 1);
}

#[test]
fn dr09_dr14_a_point_pressing_on_an_attack_never_made_is_given_back() {
    // The adept, at 1 health, presses an attack on the orc; the orc interrupts (REF 6 against
    // 1) and its axe (8 against 1) fells the adept before it strikes. The point that would
    // have kept its turn going was never spent: its pool still holds 3, and no spend is logged.
    let mut f = fight(
        SINGLE,
        &[("adept", 1, "field")],
        &[("orc", 1, "field")],
        &[9, 1, 6, 1, 8, 1],
    );
    pass_all(&mut f, &["Adept", "Orc"]);
    f.set_hp("Adept", 1);
    let (adept, orc) = (f.who("Adept"), f.who("Orc"));
    f.ok("Adept", pressed(orc, 0));
    f.ok("Orc", attack(adept, 0));
    // The adept spends nothing on the REF contest, nor on its defense.
    f.ok("Adept", Intent::Pass);
    f.ok("Adept", Intent::Pass);
    assert!(f.hp("Adept").current <= 0, "{}", f.log());
    assert_eq!(state(&f, "Adept").mp, 3, "{}", f.log());
    assert!(!f.log().contains("does not end their turn"), "{}", f.log());
}

#[test]
fn dr14_a_reaction_whose_target_is_already_felled_costs_nothing() {
    // The orc leaves two warriors' region: both may strike. The first warrior's sword (8
    // against 1: eight points) fells it; the second warrior's blow has no target left, so it
    // is not struck and costs no action point of its next turn.
    let mut f = fight(
        NEAR_FAR,
        &[("warrior", 2, "near")],
        &[("orc", 1, "near")],
        &[2, 1, 6, 8, 1],
    );
    let orc = f.who("Orc");
    f.ok("Orc", Intent::Move { to: RegionId(1) });
    f.ok("Warrior 1", attack(orc, 0));
    f.ok("Warrior 2", attack(orc, 0));
    assert!(f.hp("Orc").current <= 0, "{}", f.log());
    assert_eq!(state(&f, "Warrior 1").owed, 1, "{}", f.log());
    assert_eq!(state(&f, "Warrior 2").owed, 0, "{}", f.log());
    assert_eq!(f.faces_left(), 0);
}
