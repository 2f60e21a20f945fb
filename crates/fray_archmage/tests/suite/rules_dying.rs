//! AR-22..AR-26, AR-39, AR-41, AR-42: staggered, dying and death saves, recoveries, rallies,
//! stabilizing, rests, the optional rules and fighting in spirit.

use fray_archmage::rest::{RestHealing, full_heal_up, quick_rest};
use fray_archmage::slots::ActionSlots;
use fray_archmage::state::ArchState;
use fray_core::prelude::*;
use fray_dice::ScriptedDice;
use fray_testkit::harness::Fight;

use crate::arch::ArchFight;
use crate::bench::*;

/// Hero (12) and brute (7); an ally far off (initiative 1) keeps the heroes' side in the fight
/// while the hero is down.
fn duel(faces: &[u32]) -> Fight {
    let mut all = vec![faces[0], 1];
    all.extend_from_slice(&faces[1..]);
    fight(
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
    assert!(f.has("Hero", Condition::UNCONSCIOUS) && f.has("Hero", Condition::HELPLESS));
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
    let mut f = duel(&[10, 5, 6, 6, 10, 8]);
    f.set_hp("Hero", 10);
    f.settle();
    let heal = f.power("Hero", "heal", Some("Hero"));
    f.ok("Hero", heal);
    assert_eq!((f.hp("Hero").current, f.state("Hero").recoveries), (18, 1));
    f.next_turn_of("Hero");
    let hero = f.who("Hero");
    f.app
        .world_mut()
        .get_mut::<ArchState>(hero)
        .unwrap()
        .recoveries = 0;
    f.touch();
    let heal = f.power("Hero", "heal", Some("Hero"));
    f.ok("Hero", heal);
    assert_eq!(f.hp("Hero").current, 22, "half of 8");
    assert_eq!(f.state("Hero").recovery_debt, 1);
    f.until("Brute");
    // -1 to defenses: the brute's 10 + 7 = 17 hits AC 18 - 1.
    f.ok("Brute", Intent::Engage { target: hero });
    let claw = f.attack("Brute", "Hero", "claw");
    f.ok("Brute", claw);
    assert_eq!(f.hp("Hero").current, 16);
    // And -1 to attacks: round 3, the sword's 8 + 5 + 2 (escalation) - 1 = 14 misses AC 15.
    f.until("Hero");
    let sword = f.attack("Hero", "Brute", "sword");
    f.ok("Hero", sword);
    assert!(
        f.log()
            .contains("- 1 (missing recoveries) = 14 vs AC 15, miss"),
        "{}",
        f.log()
    );
    assert_eq!(f.hp("Brute").current, 39, "1 miss damage");
    assert_eq!(f.faces_left(), 0);
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
    let mut f = fight(
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
fn ar39_quick_rests_spend_recoveries_roll_recharges_and_full_heal_ups_restore_everything() {
    // Hero 12, ally 11, mook 5, with lasting wounds. The ally is down (a lasting wound: max 27);
    // the hero, at 14 HP, kills the mook with Surge (recharge 16): 15 + 5 vs AC 10, 3 + 4.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "near")],
        &[("mook", 1, "near")],
        r#"options: (ruleset: {"lasting_wounds": true})"#,
        &[10, 9, 5, 15, 3],
    );
    f.set_hp("Hero", 14);
    f.set_hp("Ally", -4);
    assert_eq!((f.status("Ally"), f.hp("Ally").max), (Status::Down, 27));
    let mook = f.who("Mook");
    f.ok("Hero", Intent::Engage { target: mook });
    let surge = f.attack("Hero", "Mook", "surge");
    f.ok("Hero", surge);
    assert!(f.encounter().is_over());
    let surge = f.attack_index("Hero", "surge");
    assert!(
        f.state("Hero").attacks_spent.spent(surge),
        "a recharge power used up"
    );
    let (hero, ally) = (f.who("Hero"), f.who("Ally"));
    let world = f.app.world_mut();
    // Staggered (14 of 30), the hero must heal: one recovery, d10 3 + Con 2, and it is no longer
    // staggered. The recharge roll of 15 misses 16: Surge stays used.
    let report = quick_rest(
        world,
        hero,
        RestHealing::WhileStaggered,
        &mut ScriptedDice::new([3, 15]),
    )
    .unwrap();
    assert_eq!(report.recoveries_spent, 1);
    assert_eq!(report.recharges, vec![("Surge".to_string(), 15, false)]);
    assert_eq!(world.get::<Hp>(hero).unwrap().current, 19);
    // A hero may also spend every recovery it has: the last one, d10 4 + 2; 16 recharges Surge.
    let report = quick_rest(
        world,
        hero,
        RestHealing::ToFull,
        &mut ScriptedDice::new([4, 16]),
    )
    .unwrap();
    assert_eq!((report.recoveries_spent, report.healed), (1, 6));
    assert_eq!(report.recharges, vec![("Surge".to_string(), 16, true)]);
    assert_eq!(world.get::<Hp>(hero).unwrap().current, 25);
    let state = world.get::<ArchState>(hero).unwrap();
    assert!(!state.attacks_spent.spent(surge));
    assert_eq!(state.recoveries, 0);
    // The fallen ally heals from 0 (6 + 2, still staggered at 8 of 27, then 5 + 2) and wakes.
    let report = quick_rest(
        world,
        ally,
        RestHealing::WhileStaggered,
        &mut ScriptedDice::new([6, 5]),
    )
    .unwrap();
    assert_eq!(report.recoveries_spent, 2);
    assert_eq!(world.get::<Hp>(ally).unwrap().current, 15);
    assert_eq!(*world.get::<Status>(ally).unwrap(), Status::Active);
    assert!(
        !world
            .get::<Conditions>(ally)
            .unwrap()
            .has(Condition::UNCONSCIOUS)
    );
    // A full heal-up: full hit points without the lasting wound, every recovery back.
    assert!(full_heal_up(world, ally));
    assert_eq!(*world.get::<Hp>(ally).unwrap(), Hp::new(30));
    let state = world.get::<ArchState>(ally).unwrap();
    assert_eq!((state.recoveries, state.lasting_wounds), (2, 0));
    // Monsters do not rest.
    assert!(quick_rest(world, mook, RestHealing::ToFull, &mut ScriptedDice::new([])).is_none());
}

#[test]
fn ar41_one_lasting_wound_per_fight_however_often_the_hero_drops() {
    // Hero 12, brute 7, ally 3, with lasting wounds. At 3 HP the hero takes the claw (11 + 7
    // = 18 vs AC 18, 6): down at -3, a lasting wound of 2 + level 1, max 27. Its death save
    // (16) wakes it with a recovery (d10 5 + 2 = 7); at 2 HP the next claw drops it again:
    // still one lasting wound, max 27.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "far")],
        &[("brute", 1, "near")],
        r#"options: (ruleset: {"lasting_wounds": true})"#,
        &[10, 1, 5, 11, 16, 5, 11],
    );
    let brute = f.who("Brute");
    f.ok("Hero", Intent::Engage { target: brute });
    f.end_turn();
    f.set_hp("Hero", 3);
    let claw = f.attack("Brute", "Hero", "claw");
    f.ok("Brute", claw);
    assert_eq!((f.status("Hero"), f.hp("Hero").current), (Status::Down, -3));
    assert_eq!(f.hp("Hero").max, 27);
    f.next_turn_of("Brute");
    assert_eq!(
        (f.status("Hero"), f.hp("Hero").current),
        (Status::Active, 7)
    );
    f.set_hp("Hero", 2);
    let claw = f.attack("Brute", "Hero", "claw");
    f.ok("Brute", claw);
    assert_eq!((f.status("Hero"), f.hp("Hero").current), (Status::Down, -4));
    assert_eq!(f.hp("Hero").max, 27);
    assert_eq!(f.state("Hero").lasting_wounds, 1);
    assert_eq!(
        f.log().matches("takes a lasting wound").count(),
        1,
        "{}",
        f.log()
    );
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar41_optional_lasting_wounds_and_meaningful_death() {
    // Lasting wounds: dropping to 0 lowers max HP by 2 + level.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "far")],
        &[("brute", 1, "near")],
        r#"options: (ruleset: {"lasting_wounds": true})"#,
        &[10, 1, 5],
    );
    f.set_hp("Hero", -1);
    assert_eq!(f.hp("Hero").max, 27);
    // One lasting wound per fight, however often the hero drops in it.
    f.set_hp("Hero", 5);
    assert_eq!(f.status("Hero"), Status::Active);
    f.set_hp("Hero", -1);
    assert_eq!(f.hp("Hero").max, 27);
    assert_eq!(f.state("Hero").lasting_wounds, 1);
    // Meaningful death: four failed saves mean a coma, unless a named villain dropped the hero.
    let faces = [10, 1, 5, 2, 2, 2, 2];
    let mut g = fight(
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
    let mut v = fight(
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
    // Both default to off: `g` (meaningful death only) took no lasting wound from its fall,
    // and `f` (lasting wounds only) has no meaningful death.
    assert_eq!(g.hp("Hero").max, 30);
    assert!(!f.battle().meaningful_death);
}

#[test]
fn ar42_a_fallen_hero_fights_in_spirit_giving_an_ally_two_then_one() {
    // Hero 12, brute 7, ally 5. The ally is down; its failed death saves come with spirit.
    let mut f = fight(
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
        let mut q = world.query::<&Effects>();
        q.iter(world)
            .flat_map(|effects| effects.iter())
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

#[test]
fn ar23_with_an_odd_maximum_death_comes_only_past_the_half() {
    // Twin (31 HP) 12, brute 7, ally 3. At -9 the twin is down; the brute's claw (10 + 7 vs
    // AC 18 - 4 helpless) takes it to -15: it has not reached -15.5, still down. At -16, dead.
    let mut f = fight(
        NEAR_FAR,
        &[("twin", 1, "near"), ("ally", 1, "far")],
        &[("brute", 1, "near")],
        "",
        &[10, 1, 5, 10],
    );
    let brute = f.who("Brute");
    f.ok("Twin", Intent::Engage { target: brute });
    f.end_turn();
    f.set_hp("Twin", -9);
    assert_eq!(f.status("Twin"), Status::Down);
    let claw = f.attack("Brute", "Twin", "claw");
    f.ok("Brute", claw);
    assert_eq!(
        (f.hp("Twin").current, f.status("Twin")),
        (-15, Status::Down)
    );
    f.set_hp("Twin", -16);
    assert_eq!(f.status("Twin"), Status::Dead);
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar24_at_level_5_a_recovery_doubles_the_con_bonus() {
    // Champ (level 5, Con 16) rallies: 5d10 of 1 + 2 + 3 + 4 + 5 and Con +3 twice: 21.
    let mut f = fight(
        NEAR_FAR,
        &[("champ", 1, "near")],
        &[("brute", 1, "far")],
        "",
        &[10, 5, 1, 2, 3, 4, 5],
    );
    f.set_hp("Champ", 10);
    f.ok("Champ", Intent::Rally);
    assert_eq!(f.hp("Champ").current, 31);
    assert!(f.log().contains("5d10+6"), "{}", f.log());
    assert_eq!(f.state("Champ").recoveries, 2);
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar26_a_failed_stabilize_wastes_the_standard_action_and_stabilizing_ends_when_the_hero_wakes() {
    // Hero (Wis +2, level 1: +3) 12, brute 7 (far), ally 5. The ally is down.
    // Round 1: stabilize 6 + 3 = 9 fails; the ally's death save (5) fails: 1.
    // Round 2: stabilize 7 + 3 = 10; the ally's failed save (5) no longer counts.
    // Round 3: the hero's Heal (quick) on the ally: d10 6 + 2 = 8, it wakes, no longer stabilized.
    // Round 4: down again, its failed save (5) counts again: 2.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "near")],
        &[("brute", 1, "far")],
        "",
        &[10, 3, 5, 6, 5, 7, 5, 6, 5],
    );
    let ally = f.who("Ally");
    f.set_hp("Ally", -4);
    f.ok("Hero", Intent::Stabilize { target: ally });
    assert!(!f.state("Ally").stabilized);
    assert_eq!(
        f.slots("Hero"),
        ActionSlots {
            standard: false,
            movement: true,
            quick: true
        },
        "failure wastes the standard action"
    );
    assert!(!f.offered_kinds("Hero").contains(&IntentKind::Stabilize));
    f.next_turn_of("Hero");
    assert_eq!(f.state("Ally").death_saves_failed, 1);
    f.ok("Hero", Intent::Stabilize { target: ally });
    assert!(f.state("Ally").stabilized && f.has("Ally", Condition::STABILIZED));
    assert!(!f.slots("Hero").standard, "under 25: a standard action");
    f.next_turn_of("Hero");
    assert_eq!(f.state("Ally").death_saves_failed, 1);
    let heal = f.power("Hero", "heal", Some("Ally"));
    f.ok("Hero", heal);
    assert_eq!(
        (f.status("Ally"), f.hp("Ally").current),
        (Status::Active, 8)
    );
    assert!(!f.state("Ally").stabilized && !f.has("Ally", Condition::STABILIZED));
    f.next_turn_of("Hero");
    f.set_hp("Ally", -1);
    f.next_turn_of("Hero");
    assert_eq!(f.state("Ally").death_saves_failed, 2);
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar26_a_25_stabilizes_for_a_quick_action_paid_by_the_move_when_the_quick_is_spent() {
    // Sage (+9) 15, brute 7, ally 5. Ward spends the quick action; 16 + 9 = 25 then costs the
    // move action and gives the standard back.
    let mut f = fight(
        NEAR_FAR,
        &[("sage", 1, "near"), ("ally", 1, "near")],
        &[("brute", 1, "far")],
        "",
        &[10, 3, 5, 16],
    );
    f.set_hp("Ally", -4);
    let ward = f.power("Sage", "ward", None);
    f.ok("Sage", ward);
    let ally = f.who("Ally");
    f.ok("Sage", Intent::Stabilize { target: ally });
    assert!(f.state("Ally").stabilized);
    assert_eq!(
        f.slots("Sage"),
        ActionSlots {
            standard: true,
            movement: false,
            quick: false
        }
    );
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar41_meaningful_death_turns_a_deadly_blow_into_a_coma_unless_a_named_villain_strikes() {
    // Hero 12, brute 7 (or villain 5), ally 3. The hero is down at -10; a claw of 6 (10 + 7 vs
    // AC 14) takes it to -16, past minus half: a coma, not death - only named villains kill.
    let options = r#"options: (ruleset: {"meaningful_death": true})"#;
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "far")],
        &[("brute", 1, "near")],
        options,
        &[10, 1, 5, 10],
    );
    let brute = f.who("Brute");
    f.ok("Hero", Intent::Engage { target: brute });
    f.end_turn();
    f.set_hp("Hero", -10);
    let claw = f.attack("Brute", "Hero", "claw");
    f.ok("Brute", claw);
    assert_eq!(f.hp("Hero").current, -16);
    assert_eq!(f.status("Hero"), Status::Down);
    assert!(f.state("Hero").coma);
    assert!(f.log().contains("falls into a coma"));
    // The villain's blade (10 + 7, 9) on a hero it did not drop: from -7 to -16, and dead.
    let mut v = fight(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "far")],
        &[("villain", 1, "near")],
        options,
        &[10, 1, 5, 10],
    );
    let villain = v.who("Villain");
    v.ok("Hero", Intent::Engage { target: villain });
    v.end_turn();
    v.set_hp("Hero", -7);
    let blade = v.attack("Villain", "Hero", "blade");
    v.ok("Villain", blade);
    assert_eq!(v.status("Hero"), Status::Dead);
}

#[test]
fn ar42_the_first_fighter_in_spirit_of_the_battle_gives_two_the_next_one_one() {
    // Hero 12, ally 11, twin 10, brute 7. Ally and twin are down; at their turns both fail
    // their death saves (2) and fight in spirit: the ally first (+2), the twin after (+1).
    let mut f = fight(
        NEAR_FAR,
        &[
            ("hero", 1, "near"),
            ("ally", 1, "near"),
            ("twin", 1, "near"),
        ],
        &[("brute", 1, "far")],
        "",
        &[10, 9, 8, 5, 2, 2],
    );
    f.set_hp("Ally", -1);
    f.set_hp("Twin", -1);
    f.end_turn();
    assert_eq!(f.turn(), "Brute");
    let bonuses: Vec<String> = f
        .events()
        .into_iter()
        .filter_map(|e| match e {
            LogEvent::EffectApplied { effect, .. } if effect.contains("to attacks") => Some(effect),
            _ => None,
        })
        .collect();
    assert_eq!(bonuses.len(), 2, "{bonuses:?}");
    assert!(bonuses[0].starts_with("at +2 to attacks"), "{bonuses:?}");
    assert!(bonuses[1].starts_with("at +1 to attacks"), "{bonuses:?}");
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar23_ar24_a_death_save_without_recoveries_left_heals_half_and_costs_the_penalty() {
    // Hero 12 (no recovery left) is down at -3; its 17 wakes it with half of d10 6 + 2: 4 HP,
    // counted from 0, and -1 to defenses and attacks.
    let mut f = duel(&[10, 5, 17, 6]);
    let hero = f.who("Hero");
    f.app
        .world_mut()
        .get_mut::<ArchState>(hero)
        .unwrap()
        .recoveries = 0;
    f.touch();
    f.end_turn();
    f.set_hp("Hero", -3);
    f.next_turn_of("Brute");
    assert_eq!(f.status("Hero"), Status::Active);
    assert_eq!(f.hp("Hero").current, 4);
    assert_eq!(f.state("Hero").recovery_debt, 1);
    assert!(f.log().contains("no recovery left"));
    assert_eq!(f.faces_left(), 0);
}
