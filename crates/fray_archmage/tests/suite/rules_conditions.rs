//! AR-27, AR-28, AR-30, AR-31, AR-33, AR-40: conditions, coup de grace, ongoing damage and
//! saves, temporary hit points, stacking.

use fray_archmage::slots::{ActionSlots, Slot};
use fray_archmage::vocabulary::{COUP_DE_GRACE, HAMPERED, STUCK, WEAKENED};
use fray_core::effect::{BonusTo, EffectSpec};
use fray_core::kit::prelude::*;
use fray_core::prelude::*;
use fray_testkit::harness::Fight;

use crate::arch::ArchFight;
use crate::bench::*;

fn engaged_duel(faces: &[u32]) -> Fight {
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("brute", 1, "near")],
        "",
        faces,
    );
    let brute = f.who("Brute");
    f.ok("Hero", Intent::Engage { target: brute });
    f
}

fn condition(c: Condition) -> EffectSpec {
    EffectSpec::condition(c, Duration::EndOfBattle)
}

#[test]
fn ar27_dazed_is_minus_four_to_attacks_and_never_stacks_with_itself() {
    // Dazed twice (from two sources): still -4. 14 + 5 - 4 = 15 hits AC 15 (1 + 4 damage).
    let mut f = engaged_duel(&[10, 5, 14, 1]);
    f.inflict("Hero", None, condition(Condition::DAZED));
    f.inflict("Hero", Some("Brute"), condition(Condition::DAZED));
    let sword = f.attack("Hero", "Brute", "sword");
    f.ok("Hero", sword);
    assert!(f.log().contains("- 4 (conditions)"), "{}", f.log());
    assert_eq!(f.hp("Brute").current, 35);
}

#[test]
fn ar27_ar40_weakened_is_minus_four_to_attacks_and_defenses_and_penalties_take_the_worst() {
    // Dazed and weakened together: still -4 to attacks (13 + 5 - 4 = 14 misses AC 15).
    let mut f = engaged_duel(&[10, 5, 13, 7]);
    f.inflict("Hero", None, condition(Condition::DAZED));
    f.inflict("Hero", None, condition(WEAKENED));
    let sword = f.attack("Hero", "Brute", "sword");
    f.ok("Hero", sword);
    assert!(f.log().contains("- 4 (conditions)"));
    assert_eq!(f.hp("Brute").current, 39);
    f.end_turn();
    // The brute's 7 + 7 = 14 hits the weakened hero's AC 18 - 4.
    let claw = f.attack("Brute", "Hero", "claw");
    f.ok("Brute", claw);
    assert_eq!(f.hp("Hero").current, 24);
}

#[test]
fn ar27_stunned_takes_no_actions_and_is_minus_four_to_defenses() {
    let mut f = engaged_duel(&[10, 5, 8]);
    f.end_turn();
    f.inflict("Hero", Some("Brute"), condition(Condition::STUNNED));
    // 8 + 7 = 15 hits AC 18 - 4 = 14.
    let claw = f.attack("Brute", "Hero", "claw");
    f.ok("Brute", claw);
    assert_eq!(f.hp("Hero").current, 24);
    f.end_turn();
    // The hero's turn passes without an action: round 2 goes straight back to the brute.
    assert_eq!(f.turn(), "Brute");
    assert!(f.log().contains("is stunned and can take no actions"));
}

#[test]
fn ar27_helpless_is_minus_four_to_defenses() {
    let mut f = engaged_duel(&[10, 5, 7]);
    f.end_turn();
    f.inflict("Hero", None, condition(Condition::HELPLESS));
    let claw = f.attack("Brute", "Hero", "claw");
    f.ok("Brute", claw);
    assert_eq!(f.hp("Hero").current, 24, "7 + 7 = 14 hits AC 14");
}

#[test]
fn ar27_hampered_allows_only_basic_attacks_and_stuck_no_movement() {
    let mut f = engaged_duel(&[10, 5]);
    f.inflict("Hero", None, condition(HAMPERED));
    f.inflict("Hero", None, condition(STUCK));
    f.end_turn();
    f.end_turn();
    let offers = f.offers("Hero");
    let attacks: Vec<String> = offers
        .iter()
        .filter(|o| o.intent.kind() == IntentKind::Attack)
        .map(|o| o.label.to_string())
        .collect();
    assert_eq!(
        attacks,
        vec!["Sword".to_string(), "Bow".to_string()],
        "only the basic attacks"
    );
    let kinds: Vec<IntentKind> = offers.iter().map(|o| o.intent.kind()).collect();
    assert!(
        !kinds.contains(&IntentKind::Move)
            && !kinds.contains(&IntentKind::Disengage)
            && !kinds.contains(&IntentKind::Engage)
    );
}

#[test]
fn ar27_confused_creatures_attack_a_random_nearby_ally() {
    // Hero 12, ally 11, brute 7: the confused hero's sword goes to the only ally (a d1 picks it):
    // 15 + 5 = 20 vs AC 18, 1 + 4.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "near")],
        &[("brute", 1, "near")],
        "",
        &[10, 9, 5, 1, 15, 1],
    );
    let brute = f.who("Brute");
    f.ok("Hero", Intent::Engage { target: brute });
    f.inflict("Hero", None, condition(Condition::CONFUSED));
    let sword = f.attack("Hero", "Brute", "sword");
    f.ok("Hero", sword);
    assert_eq!(f.hp("Ally").current, 25);
    assert_eq!(f.hp("Brute").current, 40);
}

#[test]
fn ar28_coup_de_grace_on_a_helpless_engaged_enemy_is_an_automatic_crit_for_the_whole_turn() {
    // Hero 12, brute 7, ally 5. The brute engages the ally; in round 2 the ally is down.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "near")],
        &[("brute", 1, "near")],
        "",
        &[10, 3, 5, 3, 10],
    );
    f.end_turn();
    let ally = f.who("Ally");
    f.act("Brute", Intent::Engage { target: ally });
    f.ok("Hero", Intent::Pass);
    f.end_turn();
    f.end_turn();
    f.end_turn();
    f.set_hp("Ally", -1);
    f.settle();
    assert_eq!(f.status("Ally"), Status::Down);
    let coup = f.attack_with("Brute", "Ally", "claw", COUP_DE_GRACE);
    let offer = f
        .offers("Brute")
        .into_iter()
        .find(|o| o.intent == coup)
        .expect("coup de grace is offered");
    assert_eq!(offer.cost, Slot::whole_turn());
    f.ok("Brute", coup);
    // A natural 3, still a crit: 6 x 2.
    assert_eq!(f.hp("Ally").current, -13);
    assert!(f.log().contains("(coup de grace)"));
    // Move and quick were skipped: the brute's turn ended at once; the ally's death save (10)
    // fails and the round comes back to the hero.
    assert_eq!(f.slots("Brute"), ActionSlots::empty());
    assert_eq!(f.turn(), "Hero");
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar28_a_coup_de_grace_crits_even_on_a_natural_one() {
    // As above, but the coup de grace rolls a natural 1: the specific rule wins over AR-18,
    // still a crit for 6 x 2.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "near")],
        &[("brute", 1, "near")],
        "",
        &[10, 3, 5, 1, 10],
    );
    f.end_turn();
    let ally = f.who("Ally");
    f.act("Brute", Intent::Engage { target: ally });
    f.ok("Hero", Intent::Pass);
    f.end_turn();
    f.end_turn();
    f.end_turn();
    f.set_hp("Ally", -1);
    f.settle();
    let coup = f.attack_with("Brute", "Ally", "claw", COUP_DE_GRACE);
    f.ok("Brute", coup);
    assert_eq!(f.hp("Ally").current, -13);
    assert!(
        f.log()
            .contains("d20+7 = [1] + 7 (attack) = 8 vs AC 18 - 4 = 14, critical hit"),
        "{}",
        f.log()
    );
    assert_eq!(f.faces_left(), 0);
    // Nor does a ranged coup de grace with a natural 1 reroll against an ally engaged with the
    // target (AR-35): hero 12, ally 11, brute 7; both heroes engage the brute, which then lies
    // helpless; the hero's bow crits it for (3 + 1) x 2.
    let mut g = fight(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "near")],
        &[("brute", 1, "near")],
        "",
        &[10, 9, 5, 1, 3],
    );
    let brute = g.who("Brute");
    g.ok("Hero", Intent::Engage { target: brute });
    g.end_turn();
    g.ok("Ally", Intent::Engage { target: brute });
    g.end_turn();
    g.end_turn();
    g.inflict("Brute", None, condition(Condition::HELPLESS));
    let coup = g.attack_with("Hero", "Brute", "bow", COUP_DE_GRACE);
    g.ok("Hero", coup);
    assert_eq!((g.hp("Brute").current, g.hp("Ally").current), (32, 30));
    assert!(!g.log().contains("fumbles into the melee"), "{}", g.log());
    assert_eq!(g.faces_left(), 0);
}

#[test]
fn ar30_ar31_ongoing_damage_lands_at_the_end_of_the_victims_turn_then_a_save() {
    // Burner (init 5) hits the hero (12): 11 + 7 = 18 vs AC 18, 5 fire and 4 ongoing.
    // Hero's turn ends: 4 damage, save 10 fails; next turn: 4 damage, save 11 ends it.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("burner", 1, "near")],
        "",
        &[10, 5, 11, 10, 11],
    );
    f.end_turn();
    let hero = f.who("Hero");
    f.ok("Burner", Intent::Engage { target: hero });
    let flame = f.attack("Burner", "Hero", "flame");
    f.ok("Burner", flame);
    assert_eq!(f.hp("Hero").current, 25);
    f.end_turn();
    f.end_turn();
    assert_eq!(f.hp("Hero").current, 21);
    let damage = f
        .find(|e| matches!(e, LogEvent::Damage { cause: Some(c), .. } if c == "ongoing"))
        .unwrap();
    let save = f
        .find(|e| matches!(e, LogEvent::Roll { purpose, .. } if purpose.starts_with("save")))
        .unwrap();
    assert!(damage < save, "saves are rolled last");
    f.end_turn();
    f.end_turn();
    assert_eq!(f.hp("Hero").current, 17);
    f.end_turn();
    f.end_turn();
    assert_eq!(f.hp("Hero").current, 17, "the save of 11 ended it");
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar31_easy_normal_and_hard_saves() {
    for (difficulty, roll, ends) in [
        (SaveDifficulty::Easy, 6, true),
        (SaveDifficulty::Easy, 5, false),
        (SaveDifficulty::Normal, 11, true),
        (SaveDifficulty::Hard, 15, false),
        (SaveDifficulty::Hard, 16, true),
    ] {
        let mut f = fight(
            NEAR_FAR,
            &[("hero", 1, "near")],
            &[("brute", 1, "far")],
            "",
            &[10, 5, roll],
        );
        f.inflict(
            "Hero",
            None,
            EffectSpec::condition(Condition::DAZED, Duration::SaveEnds(difficulty)),
        );
        f.end_turn();
        assert_eq!(
            !f.has("Hero", Condition::DAZED),
            ends,
            "{difficulty:?} save of {roll}"
        );
    }
}

#[test]
fn ar33_temporary_hit_points_absorb_first_and_do_not_stack() {
    let mut f = engaged_duel(&[10, 5, 15]);
    let ward = f.power("Hero", "ward", None);
    f.ok("Hero", ward);
    assert_eq!(f.hp("Hero").temp, 5);
    f.end_turn();
    // 15 + 7 hits: 6 damage, 5 absorbed.
    let claw = f.attack("Brute", "Hero", "claw");
    f.ok("Brute", claw);
    assert_eq!((f.hp("Hero").current, f.hp("Hero").temp), (29, 0));
    // Both sides' tallies count the whole hit, temporary hit points included.
    let tally = |f: &Fight, name: &str| *f.get::<Tally>(name);
    assert_eq!(tally(&f, "Hero").damage_taken, 6);
    assert_eq!(tally(&f, "Brute").damage_dealt, 6);
    f.end_turn();
    // Bulwark (8) then Ward (5, its quick action paid by the move): the higher stays, 8.
    let bulwark = f.power("Hero", "bulwark", None);
    f.ok("Hero", bulwark);
    let ward = f.power("Hero", "ward", None);
    f.ok("Hero", ward);
    assert_eq!(
        f.hp("Hero").temp,
        8,
        "the higher amount stays; they do not add up"
    );
    f.next_turn_of("Hero");
    // Ward (5) then Bulwark (8): the higher replaces the lower.
    f.set_hp("Hero", 29);
    let hero = f.who("Hero");
    f.app.world_mut().get_mut::<Hp>(hero).unwrap().temp = 0;
    f.touch();
    let ward = f.power("Hero", "ward", None);
    f.ok("Hero", ward);
    let bulwark = f.power("Hero", "bulwark", None);
    f.ok("Hero", bulwark);
    assert_eq!(f.hp("Hero").temp, 8);
    // Gone after the battle.
    f.set_hp("Brute", 0);
    f.settle();
    assert!(f.encounter().is_over());
    assert_eq!(f.hp("Hero").temp, 0);
}

#[test]
fn ar33_temporary_hit_points_drop_to_zero_when_initiative_is_rolled() {
    let mut app = BENCH.app_with(content());
    let e = app
        .world_mut()
        .spawn_encounter("archmage-bridge", &EncounterSettings::logged(1))
        .unwrap();
    let fighter = app.world().get::<Roster>(e).unwrap().entries[0].entity;
    app.world_mut().get_mut::<Hp>(fighter).unwrap().temp = 7;
    fray_core::drive::tick(app.world_mut());
    assert_eq!(app.world().get::<Hp>(fighter).unwrap().temp, 0);
}

#[test]
fn ar40_same_named_effects_do_not_stack() {
    // Two bonuses named "blessing", +1 and +2: only +2 counts. 8 + 5 + 2 = 15 hits AC 15.
    let mut f = engaged_duel(&[10, 5, 8, 1]);
    let bonus = |n| EffectSpec {
        kind: EffectKind::Bonus(BonusTo::Attacks),
        magnitude: n,
        duration: Duration::EndOfBattle,
        name: Some("blessing".into()),
    };
    f.inflict("Hero", None, bonus(1));
    f.inflict("Hero", None, bonus(2));
    f.end_turn();
    f.end_turn();
    // Round 2 adds the escalation die: 8 + 5 + 1 + 2 = 16.
    let sword = f.attack("Hero", "Brute", "sword");
    f.ok("Hero", sword);
    assert!(f.log().contains("+ 2 (effects)"), "{}", f.log());
    let blessings = f
        .get::<Effects>("Hero")
        .iter()
        .filter(|e| e.name.as_deref() == Some("blessing"))
        .count();
    assert_eq!(blessings, 1);
}

#[test]
fn ar28_a_coup_de_grace_with_a_group_attack_takes_only_the_helpless_enemy() {
    // Hero 12, brutes 7 engage it. Round 2: Brute 1 is helpless; a coup de grace with Blast
    // (close spell, group of 2) takes Brute 1 alone: a natural 3, still a crit, d6 4 x 2.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("brute", 2, "near")],
        "",
        &[10, 5, 3, 4],
    );
    let hero = f.who("Hero");
    f.end_turn();
    f.ok("Brute 1", Intent::Engage { target: hero });
    f.end_turn();
    f.ok("Brute 2", Intent::Engage { target: hero });
    f.end_turn();
    f.inflict("Brute 1", None, condition(Condition::HELPLESS));
    let coups: Vec<bevy_ecs::entity::Entity> = f
        .offers("Hero")
        .into_iter()
        .filter_map(|o| match o.intent {
            Intent::Attack {
                target,
                maneuver: COUP_DE_GRACE,
                ..
            } => Some(target),
            _ => None,
        })
        .collect();
    assert!(!coups.is_empty() && coups.iter().all(|&t| t == f.who("Brute 1")));
    let coup = f.attack_with("Hero", "Brute 1", "blast", COUP_DE_GRACE);
    f.ok("Hero", coup);
    assert_eq!((f.hp("Brute 1").current, f.hp("Brute 2").current), (32, 40));
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar30_a_creature_slain_by_its_ongoing_damage_rolls_no_save() {
    // Scorch: 15 + 5 vs AC 15, d8 1 + 4 fire and 6 ongoing fire on a brute left with 5 HP.
    // At the end of its turn the ongoing damage kills it; no save is rolled (the script ends).
    let mut f = engaged_duel(&[10, 5, 15, 1]);
    f.set_hp("Brute", 10);
    let scorch = f.attack("Hero", "Brute", "scorch");
    f.ok("Hero", scorch);
    assert_eq!(f.hp("Brute").current, 5);
    f.end_turn();
    f.end_turn();
    assert_eq!(f.status("Brute"), Status::Dead);
    assert!(f.encounter().is_over());
    assert!(!f.log().contains("save against"));
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar27_confused_creatures_use_no_limited_powers_and_make_no_opportunity_attacks() {
    // Sage 15, brute 7; the brute engages the sage. Both confused in round 2: the sage's daily
    // Prayer is not offered (its at-will Ward is), and it walks away without an opportunity
    // attack from the confused brute.
    let mut f = fight(
        NEAR_FAR,
        &[("sage", 1, "near")],
        &[("brute", 1, "near")],
        "",
        &[10, 5],
    );
    f.end_turn();
    let sage = f.who("Sage");
    f.ok("Brute", Intent::Engage { target: sage });
    f.end_turn();
    f.inflict("Sage", None, condition(Condition::CONFUSED));
    f.inflict("Brute", None, condition(Condition::CONFUSED));
    let labels: Vec<String> = f
        .offers("Sage")
        .iter()
        .map(|o| o.label.to_string())
        .collect();
    assert!(
        labels.contains(&"Ward".to_string()) && !labels.contains(&"Prayer".to_string()),
        "{labels:?}"
    );
    let mv = f
        .offers("Sage")
        .into_iter()
        .find(|o| o.intent.kind() == IntentKind::Move)
        .unwrap();
    assert_eq!(mv.preview.provokes, 0);
    f.ok("Sage", mv.intent);
    assert_eq!(f.region("Sage"), RegionId(1));
    assert!(!f.engaged("Sage", "Brute"));
    assert_eq!(f.faces_left(), 0, "no opportunity attack was rolled");
}
