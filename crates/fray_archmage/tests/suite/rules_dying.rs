//! AR-22..AR-26, AR-39, AR-41, AR-42: staggered, dying and death saves, recoveries, rallies,
//! stabilizing, rests, the optional rules and fighting in spirit.

use fray_archmage::rest::{full_heal_up, quick_rest};
use fray_core::prelude::*;
use fray_dice::ScriptedDice;

use crate::harness::*;

/// Hero (12) and brute (7); an ally far off (initiative 1) keeps the heroes' side in the fight
/// while the hero is down.
fn duel(faces: &[u32]) -> Fight {
    let mut all = vec![faces[0], 1];
    all.extend_from_slice(&faces[1..]);
    Fight::new(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "far")],
        &[("brute", 1, "near")],
        "",
        &all,
    )
}

#[test]
fn ar22_staggered_at_half_hit_points_or_less() {
    let mut f = duel(&[10, 5]);
    f.set_hp("Brute", 21);
    f.settle();
    assert!(!f.state("Brute").staggered);
    f.set_hp("Brute", 20);
    f.settle();
    assert!(f.state("Brute").staggered);
    assert!(f.log().contains("Brute is staggered."));
}

#[test]
fn ar23_at_zero_heroes_fall_unconscious_and_a_16_wakes_them_with_a_recovery() {
    // Hero 12, brute 7. The hero drops to -3; at its turn a 16 wakes it with d10 6 + Con 2 from 0.
    let mut f = duel(&[10, 5, 16, 6]);
    f.end_turn();
    f.set_hp("Hero", -3);
    f.settle();
    assert_eq!(f.status("Hero"), Status::Down);
    assert!(f.has("Hero", Condition::Unconscious) && f.has("Hero", Condition::Helpless));
    f.end_turn();
    f.end_turn();
    assert_eq!(f.status("Hero"), Status::Active);
    assert_eq!(
        f.hp("Hero").current,
        8,
        "healing starts from 0, not from -3"
    );
    assert_eq!(f.state("Hero").recoveries, 1);
    assert_eq!(
        f.turn(),
        "Brute",
        "16-19: conscious, but no actions this turn"
    );
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar23_a_natural_20_death_save_also_acts() {
    let mut f = duel(&[10, 5, 20, 6]);
    f.end_turn();
    f.set_hp("Hero", 0);
    f.settle();
    f.end_turn();
    f.end_turn();
    assert_eq!(f.turn(), "Hero");
    assert_eq!(f.status("Hero"), Status::Active);
    assert!(f.slots("Hero").standard);
}

#[test]
fn ar23_the_fourth_failed_death_save_kills_and_so_does_minus_half_max() {
    let mut f = duel(&[10, 5, 15, 10, 2, 15]);
    f.end_turn();
    f.set_hp("Hero", 0);
    f.settle();
    for failures in 1..=4u8 {
        // Brute and ally end their turns; the hero's turn is its death save.
        f.end_turn();
        f.end_turn();
        if failures < 4 {
            assert_eq!(f.state("Hero").death_saves_failed, failures);
            assert_eq!(f.status("Hero"), Status::Down);
        }
    }
    assert_eq!(f.status("Hero"), Status::Dead);
    let mut g = duel(&[10, 5]);
    g.set_hp("Hero", -15);
    g.settle();
    assert_eq!(
        g.status("Hero"),
        Status::Dead,
        "-15 is half of 30 below zero"
    );
}

#[test]
fn ar24_a_recovery_heals_level_dice_plus_con_and_without_one_half_with_a_penalty() {
    // Heal (quick) on itself: d10 6 + 2 = 8.
    let mut f = duel(&[10, 5, 6, 6, 10]);
    f.set_hp("Hero", 10);
    f.settle();
    let heal = f.power("Hero", "heal", Some("Hero"));
    f.ok("Hero", heal);
    assert_eq!((f.hp("Hero").current, f.state("Hero").recoveries), (18, 1));
    f.next_turn_of("Hero");
    let hero = f.who("Hero");
    f.app
        .world_mut()
        .get_mut::<fray_archmage::state::ArchState>(hero)
        .unwrap()
        .recoveries = 0;
    let heal = f.power("Hero", "heal", Some("Hero"));
    f.ok("Hero", heal);
    assert_eq!(f.hp("Hero").current, 22, "half of 8");
    assert_eq!(f.state("Hero").recovery_debt, 1);
    f.until("Brute");
    // -1 to defenses: the brute's 10 + 7 = 17 hits AC 18 - 1.
    let brute = f.who("Brute");
    f.ok("Brute", Intent::Engage { target: hero });
    let claw = f.attack("Brute", "Hero", "claw");
    f.ok("Brute", claw);
    assert_eq!(f.hp("Hero").current, 16);
    let _ = brute;
}

#[test]
fn ar25_rally_is_free_once_a_battle_then_needs_a_save() {
    // First rally: d10 4 + 2. Second (next round): save 10 fails - no rally this round, the
    // standard action is kept. Third round: save 11, d10 2 + 2.
    let mut f = duel(&[10, 5, 4, 10, 11, 2]);
    f.set_hp("Hero", 10);
    f.settle();
    f.ok("Hero", Intent::Rally);
    assert_eq!(f.hp("Hero").current, 16);
    f.next_turn_of("Hero");
    f.ok("Hero", Intent::Rally);
    assert_eq!(f.hp("Hero").current, 16);
    assert!(
        f.slots("Hero").standard,
        "a failed rally save costs nothing"
    );
    assert!(!f.offered_kinds("Hero").contains(&IntentKind::Rally));
    f.next_turn_of("Hero");
    f.ok("Hero", Intent::Rally);
    assert_eq!(f.hp("Hero").current, 20);
    assert_eq!(f.state("Hero").recoveries, 0);
}

#[test]
fn ar26_stabilize_is_a_dc_10_wisdom_check_and_25_takes_only_a_quick_action() {
    // Sage (level 5, Wis +4: +9) and ally against a brute. The ally is down; a 16 makes 25.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("sage", 1, "near"), ("ally", 1, "near")],
        &[("brute", 1, "far")],
        "",
        &[10, 3, 5, 16, 5],
    );
    assert_eq!(f.turn(), "Sage");
    f.set_hp("Ally", -4);
    f.settle();
    let ally = f.who("Ally");
    f.ok("Sage", Intent::Stabilize { target: ally });
    assert!(f.state("Ally").stabilized);
    let slots = f.slots("Sage");
    assert!(slots.standard && !slots.quick, "25+: only a quick action");
    f.end_turn();
    f.end_turn();
    // The ally's failed death save (5) does not count any more.
    f.end_turn();
    assert_eq!(f.state("Ally").death_saves_failed, 0);
    assert_eq!(f.status("Ally"), Status::Down);
}

#[test]
fn ar39_quick_rests_spend_recoveries_while_staggered_and_roll_recharges() {
    let mut app = app();
    let e = spawn(&mut app, "archmage-bridge", 1);
    let rogue = app.world().get::<Roster>(e).unwrap().entries[1].entity;
    app.world_mut().get_mut::<Hp>(rogue).unwrap().current = 6;
    // Poisoned edge (recharge 16) was used.
    app.world_mut()
        .get_mut::<fray_archmage::state::ArchState>(rogue)
        .unwrap()
        .attacks_spent[3] = true;
    // Rogue level 1, d8 + Con 1: 3 + 1 = 4 (still staggered at 10 of 24), then 7 + 1 = 8 (18).
    let mut dice = ScriptedDice::new([3, 7, 15]);
    let report = quick_rest(app.world_mut(), rogue, &mut dice).unwrap();
    assert_eq!((report.recoveries_spent, report.healed), (2, 12));
    assert_eq!(app.world().get::<Hp>(rogue).unwrap().current, 18);
    assert_eq!(
        report.recharges,
        vec![("Poisoned edge".to_string(), 15, false)]
    );
    assert!(
        app.world()
            .get::<fray_archmage::state::ArchState>(rogue)
            .unwrap()
            .attacks_spent[3]
    );
    let mut dice = ScriptedDice::new([16]);
    let again = quick_rest(app.world_mut(), rogue, &mut dice).unwrap();
    assert_eq!(
        again.recharges,
        vec![("Poisoned edge".to_string(), 16, true)]
    );
    assert!(full_heal_up(app.world_mut(), rogue, 24));
    let state = app
        .world()
        .get::<fray_archmage::state::ArchState>(rogue)
        .unwrap();
    assert_eq!((state.recoveries, state.recovery_debt), (8, 0));
    assert_eq!(*app.world().get::<Hp>(rogue).unwrap(), Hp::new(24));
}

#[test]
fn ar41_optional_lasting_wounds_and_meaningful_death() {
    // Lasting wounds: dropping to 0 lowers max HP by 2 + level.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "far")],
        &[("brute", 1, "near")],
        r#"options: (ruleset: {"lasting_wounds": true})"#,
        &[10, 1, 5],
    );
    f.set_hp("Hero", -1);
    f.settle();
    assert_eq!(f.hp("Hero").max, 27);
    // Meaningful death: four failed saves mean a coma, unless a named villain dropped the hero.
    let faces = [10, 1, 5, 2, 2, 2, 2];
    let mut g = Fight::new(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "far")],
        &[("brute", 1, "near")],
        r#"options: (ruleset: {"meaningful_death": true})"#,
        &faces,
    );
    g.end_turn();
    g.set_hp("Hero", 0);
    g.settle();
    for _ in 0..4 {
        g.end_turn();
        g.end_turn();
    }
    assert_eq!(g.status("Hero"), Status::Down);
    assert!(g.state("Hero").coma);
    let mut v = Fight::new(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "far")],
        &[("villain", 1, "near")],
        r#"options: (ruleset: {"meaningful_death": true})"#,
        &[10, 1, 5, 15, 2, 2, 2, 2],
    );
    v.end_turn();
    let hero = v.who("Hero");
    v.ok("Villain", Intent::Engage { target: hero });
    v.set_hp("Hero", 5);
    let blade = v.attack("Villain", "Hero", "blade");
    v.ok("Villain", blade);
    assert_eq!(v.status("Hero"), Status::Down);
    for _ in 0..4 {
        v.end_turn();
        v.end_turn();
    }
    assert_eq!(
        v.status("Hero"),
        Status::Dead,
        "the named villain's victim dies"
    );
    // Default: off.
    assert!(
        !f.app
            .world()
            .get::<fray_archmage::battle::Archmage>(f.e)
            .unwrap()
            .meaningful_death
    );
}

#[test]
fn ar42_a_fallen_hero_fights_in_spirit_giving_an_ally_two_then_one() {
    // Hero 12, brute 7, ally 5. The ally is down; its failed death saves come with spirit.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "near")],
        &[("brute", 1, "far")],
        "",
        &[10, 3, 5, 2, 2],
    );
    f.set_hp("Ally", -1);
    f.until("Brute");
    f.end_turn();
    let bonus = |f: &mut Fight| {
        let world = f.app.world_mut();
        let mut q = world.query::<&Effect>();
        q.iter(world)
            .filter(|e| e.name.as_deref() == Some("fight in spirit"))
            .map(|e| e.magnitude)
            .collect::<Vec<_>>()
    };
    assert_eq!(bonus(&mut f), vec![2], "+2 the first time");
    assert_eq!(f.turn(), "Hero");
    f.until("Brute");
    f.end_turn();
    assert_eq!(
        bonus(&mut f),
        vec![1],
        "+1 afterwards (the first ended at the ally's turn)"
    );
}
