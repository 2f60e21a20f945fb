//! Every lite5e rule by id (L5-01..L5-18, their combat part), with forced dice and the seed's
//! numbers. The test statblocks' DEX scores all differ, so initiative rolls no die unless a
//! test wants a tie: the scripts start with the first action's dice.

use fray_core::prelude::*;
use fray_dice::Advantage;
use fray_lite5e::check::{chance, net};
use fray_lite5e::injury::INJURY_ODDS;
use fray_testkit::harness::Fight;

use crate::bench::{BENCH, HIDING, LINE, SINGLE, attack, cast, fight, hero, state};

/// Region ids of [`LINE`].
mod at {
    use fray_core::ids::RegionId;
    pub const B: RegionId = RegionId(1);
    pub const C: RegionId = RegionId(2);
    pub const POOL: RegionId = RegionId(4);
}

fn damage_events(f: &Fight) -> Vec<i32> {
    f.events()
        .iter()
        .filter_map(|e| match e {
            LogEvent::Damage { amount, .. } => Some(*amount),
            _ => None,
        })
        .collect()
}

#[test]
fn l501_advantage_and_disadvantage_cancel_and_keep_the_high_or_low_die() {
    // Any advantage and any disadvantage cancel to one plain d20; several count once.
    assert_eq!(net(1, 1), Advantage::NONE);
    assert_eq!(net(2, 1), Advantage::NONE);
    assert_eq!(net(2, 0), Advantage(1));
    assert_eq!(net(0, 3), Advantage(-1));
    // DC 11 with +0: plain 50%, advantage 1 - (10/20)^2 = 75%, disadvantage 25%.
    assert!((chance(Advantage::NONE, 0, 11) - 0.5).abs() < 1e-9);
    assert!((chance(Advantage(1), 0, 11) - 0.75).abs() < 1e-9);
    assert!((chance(Advantage(-1), 0, 11) - 0.25).abs() < 1e-9);
    // In a fight: the porter (burdened: disadvantage) strikes a dummy the hero engages
    // (flanked: advantage): one plain d20. Alone, its roll keeps the lower of two.
    let mut f = fight(
        SINGLE,
        &[("hero", 1, "field"), ("porter", 1, "field")],
        &[("dummy", 1, "field")],
        &[12, 5, 10, 3],
    );
    let dummy = f.who("Dummy");
    f.ok("Hero", attack(dummy, hero::SWORD));
    f.end_turn();
    f.ok("Porter", attack(dummy, 0));
    let log = f.log();
    assert!(
        log.contains("d20+2 = [10] + 2 (mod) = 12 vs AC 10, hit"),
        "{log}"
    );
    let mut g = fight(
        SINGLE,
        &[("porter", 1, "field"), ("mage", 1, "field")],
        &[("dummy", 1, "field")],
        &[15, 4],
    );
    let dummy = g.who("Dummy");
    g.end_turn();
    g.ok("Porter", attack(dummy, 0));
    assert!(
        g.log()
            .contains("2d20kl1+2 = [(15), 4] + 2 (mod) = 6 vs AC 10, miss"),
        "{}",
        g.log()
    );
}

#[test]
fn l502_proficient_checks_add_the_proficiency_bonus() {
    // The hero's sword: STR +2 and proficiency +2; the mage's staff (not proficient): STR +0.
    let mut f = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("dummy", 1, "field")],
        &[12, 5, 9, 3],
    );
    let dummy = f.who("Dummy");
    f.ok("Hero", attack(dummy, hero::SWORD));
    f.end_turn();
    // Flanked by the hero, the mage rolls with advantage: two d20s, no modifier.
    f.ok("Mage", attack(dummy, 0));
    let log = f.log();
    assert!(
        log.contains("2d20kh1 = [9, (3)] = 9 vs AC 10, miss"),
        "{log}"
    );
    assert!(
        log.contains("d20+4 = [12] + 4 (mod) = 16 vs AC 10, hit"),
        "{log}"
    );
    assert_eq!(f.hp("Dummy").current, 23, "1d8 [5] + STR 2");
    assert_eq!(f.faces_left(), 0, "{log}");
}

#[test]
fn l503_active_trades_down_to_movement_or_quick_and_movement_to_quick() {
    // Three quick darts: the quick action, then the movement one, then the active one.
    let mut f = fight(
        LINE,
        &[("hero", 1, "a")],
        &[("dummy", 1, "b")],
        &[10, 2, 10, 2, 10, 2],
    );
    let dummy = f.who("Dummy");
    f.ok("Hero", attack(dummy, hero::DART));
    let s = state(&f, "Hero");
    assert!(s.active && s.movement && !s.quick);
    f.ok("Hero", attack(dummy, hero::DART));
    let s = state(&f, "Hero");
    assert!(s.active && !s.movement && !s.quick);
    f.ok("Hero", attack(dummy, hero::DART));
    assert_eq!(f.turn(), "Dummy", "every action spent: the turn is over");
    assert_eq!(f.hp("Dummy").current, 30 - 3 * 5);
    // Two moves: the movement action, then the active one traded down; no attack after.
    let mut g = fight(LINE, &[("hero", 1, "a")], &[("dummy", 1, "c")], &[10, 2]);
    let dummy = g.who("Dummy");
    g.ok("Hero", Intent::Move { to: at::B });
    g.ok("Hero", Intent::Move { to: at::C });
    let reason = g.act("Hero", attack(dummy, hero::SWORD)).unwrap();
    assert!(
        reason.to_string().contains("active action is spent"),
        "{reason}"
    );
    g.ok("Hero", attack(dummy, hero::DART));
}

#[test]
fn l504_movement_splits_around_actions_and_special_movement_is_at_half_speed() {
    // Regions 15 ft apart: 30 ft of speed covers a move, an attack, and another move.
    let mut f = BENCH.fight(
        LINE,
        &[("hero", 1, "a")],
        &[("dummy", 1, "b")],
        r#"options: (ruleset: { "region_feet": 15 })"#,
        &[12, 5],
    );
    let dummy = f.who("Dummy");
    f.ok("Hero", Intent::Move { to: at::B });
    assert_eq!(state(&f, "Hero").feet, 15);
    f.ok("Hero", attack(dummy, hero::SWORD));
    f.ok("Hero", Intent::Move { to: at::C });
    let s = state(&f, "Hero");
    assert!(!s.movement && !s.active && s.feet == 0);
    assert_eq!(f.region("Hero"), at::C);
    // Into water: 30 ft at half speed costs 60 - both the movement and the active action.
    let mut g = fight(LINE, &[("hero", 1, "a")], &[("dummy", 1, "c")], &[]);
    g.ok("Hero", Intent::Move { to: at::POOL });
    let s = state(&g, "Hero");
    assert!(!s.movement && !s.active && s.quick);
}

#[test]
fn l505_each_load_above_str_costs_5_ft_and_disadvantage_and_speed_0_cannot_move() {
    // The porter: STR 10, load 11 - 25 ft (the seed's example); a 30-ft move takes two
    // movement actions. Its checks are at disadvantage (see L5-01).
    let mut f = fight(
        LINE,
        &[("porter", 1, "a"), ("mage", 1, "d")],
        &[("dummy", 1, "c")],
        &[],
    );
    f.end_turn();
    f.ok("Porter", Intent::Move { to: at::B });
    let s = state(&f, "Porter");
    assert!(!s.movement && !s.active);
    assert_eq!(s.feet, 20, "25 + 25 - 30");
    // The mule: load 16 over STR 10 - 30 - 6 x 5 = 0 ft: it cannot move.
    let mut g = fight(
        LINE,
        &[("mule", 1, "a"), ("hero", 1, "d")],
        &[("dummy", 1, "c")],
        &[],
    );
    g.end_turn();
    let reason = g.act("Mule", Intent::Move { to: at::B }).unwrap();
    assert!(reason.to_string().contains("0 ft"), "{reason}");
}

#[test]
fn l506_initiative_is_dex_order_every_round_ties_roll_ambush_breaks_it_and_delay_waits() {
    let mut f = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("goblin", 1, "field"), ("dummy", 1, "field")],
        &[],
    );
    let names = |f: &Fight| f.order().into_iter().map(|(n, _)| n).collect::<Vec<_>>();
    assert_eq!(names(&f), ["Hero", "Goblin", "Mage", "Dummy"]);
    for expected in ["Hero", "Goblin", "Mage", "Dummy", "Hero"] {
        assert_eq!(f.turn(), expected);
        f.end_turn();
    }
    assert_eq!(f.encounter().round(), 2);
    // Delay: the goblin waits for a slower count; the mage acts, then the goblin.
    f.ok("Goblin", Intent::Delay);
    assert_eq!(f.turn(), "Mage");
    f.end_turn();
    assert_eq!(f.turn(), "Goblin");
    // Ties: the higher DEX modifier (equal here), then a d20 each: 5 and 17.
    let g = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("goblin", 2, "field")],
        &[5, 17],
    );
    assert_eq!(names(&g), ["Hero", "Goblin 2", "Goblin 1", "Mage"]);
    // An ambush: the dummy's side acts first in round 1, then the DEX order holds.
    let mut h = BENCH.fight(
        SINGLE,
        &[("hero", 1, "field")],
        &[("dummy", 1, "field")],
        r#"options: (ambush: (side: "Monsters"))"#,
        &[],
    );
    assert_eq!(h.turn(), "Dummy");
    h.end_turn();
    assert_eq!(h.turn(), "Hero");
    h.end_turn();
    assert_eq!(h.encounter().round(), 2);
    assert_eq!(h.turn(), "Hero");
}

#[test]
fn h40_an_initiative_tie_is_broken_after_the_initiative_it_breaks() {
    // Two goblins of DEX 13: a d20 each, 5 and 17.
    let g = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("goblin", 2, "field")],
        &[5, 17],
    );
    let log = g.log();
    let at = |line: &str| log.find(line).unwrap_or_else(|| panic!("{line} in {log}"));
    assert!(
        at("Goblin 1 acts on initiative 13.")
            < at("Goblin 1 rolls to break the tie on initiative 13: d20 = [5] = 5."),
        "{log}"
    );
    assert!(!log.contains("initiative tie"), "{log}");
}

#[test]
fn l507_two_allies_engaging_the_target_flank_it_for_advantage() {
    let mut f = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("orc", 1, "field")],
        &[12, 5, 3, 15, 4],
    );
    let orc = f.who("Orc");
    f.ok("Hero", attack(orc, hero::SWORD));
    assert!(f.engaged("Hero", "Orc"));
    f.end_turn();
    f.ok("Mage", attack(orc, 0));
    let log = f.log();
    assert!(
        log.contains("2d20kh1 = [(3), 15] = 15 vs AC 13, hit"),
        "{log}"
    );
    assert_eq!(f.hp("Orc").current, 30 - 7 - 4);
}

#[test]
fn l508_a_creature_in_stealth_cannot_be_targeted_and_attacking_ends_it() {
    let mut f = fight(
        SINGLE,
        &[("hero", 1, "field")],
        &[("lurker", 1, "field")],
        &[15, 3, 12, 5],
    );
    let lurker = f.who("Lurker");
    assert!(f.has("Lurker", Condition::HIDDEN));
    let reason = f.act("Hero", attack(lurker, hero::SWORD)).unwrap();
    assert!(reason.to_string().contains("stealth"), "{reason}");
    f.end_turn();
    let hero_e = f.who("Hero");
    f.ok("Lurker", attack(hero_e, 0));
    assert!(!state(&f, "Lurker").hidden && !f.has("Lurker", Condition::HIDDEN));
    assert_eq!(f.hp("Hero").current, 12 - 4);
    f.until("Hero");
    f.ok("Hero", attack(lurker, hero::SWORD));
    assert_eq!(f.hp("Lurker").current, 20 - 7);
    // Hiding: DEX +3 against DC 11, away from enemies; then the goblin cannot aim at it.
    let mut g = fight(LINE, &[("hero", 1, "a")], &[("goblin", 1, "c")], &[8]);
    g.ok("Hero", HIDING);
    assert!(state(&g, "Hero").hidden);
    g.end_turn();
    let hero_e = g.who("Hero");
    let reason = g.act("Goblin", attack(hero_e, 1)).unwrap();
    assert!(reason.to_string().contains("stealth"), "{reason}");
}

#[test]
fn l509_range_bands_close_ranged_far_and_ranged_attacks_at_close_have_disadvantage() {
    let mut f = fight(
        LINE,
        &[("hero", 1, "a"), ("mage", 1, "a")],
        &[("dummy", 1, "a"), ("goblin", 1, "c")],
        &[15, 4],
    );
    let (dummy, goblin) = (f.who("Dummy"), f.who("Goblin"));
    let far = f.act("Hero", attack(goblin, hero::SWORD)).unwrap();
    assert!(far.to_string().contains("out of range"), "{far}");
    let bolt = f.act("Hero", attack(goblin, hero::BOLT)).unwrap();
    assert!(bolt.to_string().contains("out of range"), "{bolt}");
    assert!(
        f.offers("Hero")
            .iter()
            .any(|o| o.intent == attack(goblin, hero::BOW))
    );
    f.ok("Hero", attack(dummy, hero::BOW));
    assert!(
        f.log()
            .contains("2d20kl1+5 = [(15), 4] + 5 (mod) = 9 vs AC 10"),
        "{}",
        f.log()
    );
}

#[test]
fn l510_attacks_use_str_in_melee_dex_ranged_int_arcane_and_wis_divine() {
    // Bow: DEX +3 +2; bolt: INT -1 +2; flame: WIS +4 +2 (sword, STR +2 +2: see L5-02).
    let mut f = fight(
        LINE,
        &[("hero", 1, "a")],
        &[("dummy", 1, "b")],
        &[10, 2, 10, 2, 10, 2],
    );
    let dummy = f.who("Dummy");
    for a in [hero::BOW, hero::BOLT, hero::FLAME] {
        f.until("Hero");
        f.ok("Hero", attack(dummy, a));
        f.end_turn();
    }
    let log = f.log();
    assert!(
        log.contains("d20+5 = [10] + 5 (mod) = 15 vs AC 10"),
        "{log}"
    );
    assert!(
        log.contains("d20+1 = [10] + 1 (mod) = 11 vs AC 10"),
        "{log}"
    );
    assert!(
        log.contains("d20+6 = [10] + 6 (mod) = 16 vs AC 10"),
        "{log}"
    );
    assert_eq!(damage_events(&f), [2 + 3, 2 - 1, 2 + 4]);
}

#[test]
fn l511_damage_is_dice_plus_modifier_and_a_natural_20_doubles_it() {
    let mut f = fight(
        SINGLE,
        &[("hero", 1, "field")],
        &[("dummy", 1, "field")],
        &[20, 5, 12, 5],
    );
    let dummy = f.who("Dummy");
    f.ok("Hero", attack(dummy, hero::SWORD));
    assert_eq!(damage_events(&f), [(5 + 2) * 2]);
    assert!(f.log().contains("critical hit doubles"), "{}", f.log());
    f.next_turn_of("Hero");
    f.ok("Hero", attack(dummy, hero::SWORD));
    assert_eq!(damage_events(&f), [14, 7]);
}

#[test]
fn l511_the_damage_roll_is_logged_with_its_dice_and_modifier() {
    // CORE-05: the sword's d8 and STR +2 are in the log, adding up to the 7 dealt.
    let mut f = fight(
        SINGLE,
        &[("hero", 1, "field")],
        &[("dummy", 1, "field")],
        &[12, 5],
    );
    let dummy = f.who("Dummy");
    f.ok("Hero", attack(dummy, hero::SWORD));
    assert_eq!(damage_events(&f), [7]);
    let log = f.log();
    assert!(log.contains("damage: d8+2 = [5] + 2 = 7"), "{log}");
}

#[test]
fn l512_a_monsters_natural_1_that_damages_a_pc_doubles_the_damage() {
    // The brute's club: STR +6, proficiency +3 - a natural 1 still reaches the mage's AC 10;
    // 2d6 [3, 4] + 6 = 13, doubled to 26.
    let mut f = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("brute", 1, "field")],
        &[1, 3, 4],
    );
    let mage = f.who("Mage");
    f.until("Brute");
    f.ok("Brute", attack(mage, 0));
    assert_eq!(damage_events(&f), [26]);
    assert!(f.log().contains("natural 1"), "{}", f.log());
}

#[test]
fn l515_damage_past_0_hp_is_lost_and_the_log_shows_0_left() {
    // The brute's doubled 26 on the mage: hit points stop at 0 (L5-15). The log line shows 0
    // left, and the tallies count only the hit points the mage had.
    let mut f = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("brute", 1, "field")],
        &[1, 3, 4],
    );
    let mage = f.who("Mage");
    let had = f.hp("Mage").current;
    assert!(had < 26);
    f.until("Brute");
    f.ok("Brute", attack(mage, 0));
    let left: Vec<i32> = f
        .events()
        .iter()
        .filter_map(|e| match e {
            LogEvent::Damage { hp, .. } => Some(*hp),
            _ => None,
        })
        .collect();
    assert_eq!(left, [0]);
    assert_eq!(f.hp("Mage").current, 0);
    assert_eq!(f.get::<Tally>("Mage").damage_taken, i64::from(had));
    assert_eq!(f.get::<Tally>("Brute").damage_dealt, i64::from(had));
}

#[test]
fn l513_at_0_hp_incapacitated_and_dead_unless_stabilized_within_10_rounds_or_by_the_end() {
    // The mage falls in round 1 and the fight ends at once: it has 10 rounds left, and the
    // hero, still standing, stabilizes it (WIS +4: 6 is 10) - injury 16, back at 1 HP.
    let mut f = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("dummy", 1, "field")],
        &[6, 16],
    );
    f.set_hp("Mage", 0);
    assert_eq!(f.status("Mage"), Status::Down);
    assert!(f.has("Mage", Condition::UNCONSCIOUS));
    assert!(f.offers("Mage").iter().all(|o| o.intent == Intent::EndTurn));
    // Incapacitated, it can do nothing: a full round of turns passes it over.
    let mut turns = Vec::new();
    for _ in 0..4 {
        turns.push(f.turn());
        f.end_turn();
    }
    assert!(!turns.iter().any(|t| t == "Mage"), "{turns:?}");
    assert_eq!(f.status("Mage"), Status::Down);
    f.set_hp("Dummy", 0);
    assert!(f.encounter().is_over());
    assert_eq!(f.status("Mage"), Status::Active);
    assert_eq!(f.hp("Mage").current, 1);
    assert_eq!(f.status("Dummy"), Status::Dead, "nobody of its side stands");
    // Fallen in round 1, the fight over in round 11: no round is left - it dies.
    let mut g = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("dummy", 1, "field")],
        &[],
    );
    g.set_hp("Mage", 0);
    while g.encounter().round() < 11 {
        g.end_turn();
    }
    assert_eq!(
        g.status("Mage"),
        Status::Down,
        "nobody dies of the clock mid-fight"
    );
    g.set_hp("Dummy", 0);
    assert_eq!(g.status("Mage"), Status::Dead);
    assert!(g.log().contains("not stabilized in time"), "{}", g.log());
}

#[test]
fn h40_a_fallen_pc_is_they_a_monster_it_and_each_death_is_told_once() {
    // Fallen in round 1, the fight over in round 11: neither is stabilized in time.
    let mut g = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("dummy", 1, "field")],
        &[],
    );
    g.set_hp("Mage", 0);
    while g.encounter().round() < 11 {
        g.end_turn();
    }
    g.set_hp("Dummy", 0);
    let log = g.log();
    for line in [
        "Mage is incapacitated: they die unless stabilized within 10 rounds",
        "Dummy is incapacitated: it dies unless stabilized within 10 rounds",
        "Mage is not stabilized in time.\n",
    ] {
        assert!(log.contains(line), "{line} in {log}");
    }
    assert_eq!(log.matches("Mage dies.").count(), 1, "{log}");
    assert!(
        !log.contains(": it dies.") && !log.contains(": they die."),
        "{log}"
    );
}

/// The mage fallen in round 1, the hero about to act.
fn mage_down(faces: &[u32]) -> Fight {
    let mut f = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("dummy", 1, "field")],
        faces,
    );
    f.set_hp("Mage", 0);
    f
}

#[test]
fn l514_stabilizing_then_every_row_of_the_injury_table() {
    let stabilize = |f: &mut Fight| {
        let mage = f.who("Mage");
        f.ok("Hero", Intent::Stabilize { target: mage });
    };
    // A failed check (5 + 4 < 10): still incapacitated.
    let mut f = mage_down(&[5]);
    stabilize(&mut f);
    assert_eq!(f.status("Mage"), Status::Down);
    // 1: a false hope, dead.
    let mut f = mage_down(&[6, 1]);
    stabilize(&mut f);
    assert_eq!(f.status("Mage"), Status::Dead);
    // 2-7: lose 1d6 of STR..CHA (3: DEX, 4 points), back at 1 HP.
    let mut f = mage_down(&[6, 3, 4]);
    stabilize(&mut f);
    assert_eq!(state(&f, "Mage").lost, [0, 4, 0, 0, 0, 0]);
    assert_eq!(
        (f.status("Mage"), f.hp("Mage").current),
        (Status::Active, 1)
    );
    // 8-13: a body part its statblock lists (d2: 2, a foot: -10 ft for good).
    let mut f = mage_down(&[6, 10, 2]);
    stabilize(&mut f);
    assert_eq!(state(&f, "Mage").parts.as_slice(), [1]);
    assert!(f.log().contains("loses a foot for good"), "{}", f.log());
    // 14-19: disadvantage on all checks until rest.
    let mut f = mage_down(&[6, 15]);
    stabilize(&mut f);
    assert!(state(&f, "Mage").shaken);
    assert_eq!(f.hp("Mage").current, 1);
    // 20: stands at once and heals 1d8 (6).
    let mut f = mage_down(&[6, 20, 6]);
    stabilize(&mut f);
    assert_eq!(
        (f.status("Mage"), f.hp("Mage").current),
        (Status::Active, 6)
    );
    // A healing spell stabilizes too: injury 16, then 1d8 [5] + WIS 4 on top of 1 HP.
    let mut f = mage_down(&[16, 5]);
    let mage = f.who("Mage");
    f.ok("Hero", cast(mage, hero::CURE));
    assert_eq!(
        (f.status("Mage"), f.hp("Mage").current),
        (Status::Active, 8)
    );
}

#[test]
fn l515_a_healing_preview_counts_only_the_hit_points_missing() {
    // Healing stops at the maximum (L5-15): a preview of 1d8 + 4 (8.5 on average) on a hero at
    // full HP heals nothing, and 2 at 10 of 12.
    let mut f = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("dummy", 1, "field")],
        &[5],
    );
    let me = f.who("Hero");
    let healing = |f: &Fight| {
        f.offers("Hero")
            .iter()
            .find(|o| o.intent == cast(me, hero::CURE))
            .map(|o| o.preview.expected_healing)
    };
    assert_eq!(healing(&f), Some(0.0));
    f.set_hp("Hero", 10);
    assert_eq!(healing(&f), Some(2.0));
}

#[test]
fn l515_hit_points_stay_within_0_and_max_and_magic_heals_by_dice() {
    let mut f = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("dummy", 1, "field")],
        &[5],
    );
    f.set_hp("Mage", -5);
    assert_eq!(f.hp("Mage").current, 0);
    f.set_hp("Hero", 10);
    let me = f.who("Hero");
    f.ok("Hero", cast(me, hero::CURE));
    assert_eq!(
        f.hp("Hero").current,
        12,
        "1d8 [5] + 4 = 9, no higher than the maximum"
    );
}

#[test]
fn l516_morale_is_dc_11_with_wis_proficiency_and_the_monsters_bonus() {
    // Orc 1 falls: the orcs (a group by statblock) check - Orc 2 rolls d20 + WIS 1 + prof 2 +
    // morale 2 = +5: 5 + 5 = 10, a failure; not engaged, it flees. (The orcs' DEX ties: 3, 9.)
    let mut f = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("orc", 2, "field")],
        &[3, 9, 5],
    );
    f.set_hp("Orc 1", 0);
    assert!(
        f.log()
            .contains("morale: d20+5 = [5] + 5 (mod) = 10 vs 11, failure"),
        "{}",
        f.log()
    );
    assert_eq!(f.status("Orc 2"), Status::Fled);
    // Engaged, a broken orc surrenders instead.
    let mut g = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("orc", 2, "field")],
        &[3, 9, 2, 5],
    );
    let orc2 = g.who("Orc 2");
    g.ok("Hero", attack(orc2, hero::SWORD));
    g.set_hp("Orc 1", 0);
    assert_eq!(g.status("Orc 2"), Status::Surrendered);
}

#[test]
fn l516_monsters_roll_by_side_by_group_or_alone_and_pcs_always_alone() {
    let blocks = |by: &str| format!(r#"options: (ruleset: {{ "morale": "{by}" }})"#);
    let monsters = [
        ("orc", 1, "field"),
        ("goblin", 1, "field"),
        ("hireling", 1, "field"),
    ];
    let heroes = [("hero", 1, "field"), ("mage", 1, "field")];
    // By side: one roll, on the most hit dice (the orc, +5): 4 + 5 fails - all flee.
    let mut f = BENCH.fight(SINGLE, &heroes, &monsters, &blocks("side"), &[4]);
    f.set_hp("Hireling", 0);
    assert_eq!(
        (f.status("Orc"), f.status("Goblin")),
        (Status::Fled, Status::Fled)
    );
    // Alone: the orc holds (15 + 5), the goblin (2 + 1) flees.
    let mut g = BENCH.fight(SINGLE, &heroes, &monsters, &blocks("individual"), &[15, 2]);
    g.set_hp("Hireling", 0);
    assert_eq!(
        (g.status("Orc"), g.status("Goblin")),
        (Status::Active, Status::Fled)
    );
    // The tide is obvious (12 HP against 40): the hero rolls alone, WIS +4: 3 + 4 fails.
    let h = fight(
        SINGLE,
        &[("hero", 1, "field")],
        &[("brute", 1, "field")],
        &[3],
    );
    assert!(h.log().contains("tide has turned"), "{}", h.log());
    assert_eq!(h.status("Hero"), Status::Fled);
}

#[test]
fn l516_a_player_decides_its_own_hero_s_morale_when_the_encounter_says_so() {
    // The tide has turned on a lone hero (12 HP against 40): the rules roll for it - unless its
    // player decides (PlayerMorale::PlayerDecides, as `fray play` and games choose): then no
    // roll, and it stays in the fight until its player retreats.
    let text = r#"Encounter(id: "t", name: "T", ruleset: "lite5e", map: Named("single"),
        sides: [
            (name: "Heroes", controller: External(1), combatants: [
                (statblock: "hero", region: "field")]),
            (name: "Monsters", controller: External(2), combatants: [
                (statblock: "brute", region: "field")]),
        ])"#;
    let rolled = BENCH.fight_from(text, &[3]);
    assert_eq!(rolled.status("Hero"), Status::Fled, "{}", rolled.log());
    let settings = EncounterSettings::logged(0).with_player_morale(PlayerMorale::PlayerDecides);
    let decided = BENCH.fight_with(text, &[3], &settings);
    assert_eq!(decided.status("Hero"), Status::Active, "{}", decided.log());
    assert!(
        !decided.log().contains("checks morale"),
        "{}",
        decided.log()
    );
    assert_eq!(decided.faces_left(), 1, "no die rolled for it");
}

#[test]
fn l516_morale_at_battle_start_and_at_the_leaders_fall() {
    // A clearly weaker side (8 HP against 20) checks when the battle begins: +1, 12 holds.
    let mut f = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("hireling", 1, "field")],
        &[11],
    );
    f.end_turn();
    assert!(
        f.log().contains("the battle begins against a stronger foe"),
        "{}",
        f.log()
    );
    assert_eq!(f.status("Hireling"), Status::Active);
    // The hireling falls first: the orc and the goblin hold (15, 15); then the leader falls:
    // its side checks again (the goblin, +1: 3 fails).
    let text = r#"Encounter(id: "t", name: "T", ruleset: "lite5e", map: Named("single"),
        sides: [
            (name: "Heroes", controller: External(1), combatants: [
                (statblock: "hero", region: "field"), (statblock: "mage", region: "field")]),
            (name: "Monsters", controller: External(2), combatants: [
                (statblock: "orc", region: "field", leader: true),
                (statblock: "goblin", region: "field"),
                (statblock: "hireling", region: "field")]),
        ])"#;
    let mut g = BENCH.fight_from(text, &[15, 15, 2]);
    g.set_hp("Hireling", 0);
    assert_eq!(g.status("Goblin"), Status::Active);
    g.set_hp("Orc", 0);
    assert!(g.log().contains("the leader falls"), "{}", g.log());
    assert_eq!(g.status("Goblin"), Status::Fled);
}

#[test]
fn l517_retreat_takes_the_turn_a_check_and_the_enemies_blows() {
    // DEX +3: 10 is 13, a success; the orc's axe (+5) rolls 5, a miss: the hero is away. Its
    // follower, the hireling, checks morale at disadvantage: [15, 12] keeps 12, + 1 holds.
    let mut f = fight(
        SINGLE,
        &[("hero", 1, "field"), ("hireling", 1, "field")],
        &[("orc", 1, "field")],
        &[10, 5, 15, 12],
    );
    f.ok("Hero", Intent::Retreat);
    assert_eq!(f.status("Hero"), Status::Fled);
    assert!(f.log().contains("2d20kl1+1 = [(15), 12]"), "{}", f.log());
    assert_eq!(f.status("Hireling"), Status::Active);
    // The orc's blow lands (15 + 5): the retreat fails, and the axe deals 1d10 [7] + 3.
    let mut g = fight(
        SINGLE,
        &[("hero", 1, "field"), ("hireling", 1, "field")],
        &[("orc", 1, "field")],
        &[10, 15, 7, 15, 12],
    );
    g.ok("Hero", Intent::Retreat);
    assert_eq!(
        (g.status("Hero"), g.hp("Hero").current),
        (Status::Active, 2)
    );
    // A failed check (5 + 3): it fails even though the orc misses.
    let mut h = fight(
        SINGLE,
        &[("hero", 1, "field"), ("hireling", 1, "field")],
        &[("orc", 1, "field")],
        &[5, 5, 15, 12],
    );
    h.ok("Hero", Intent::Retreat);
    assert_eq!(h.status("Hero"), Status::Active);
    assert!(h.log().contains("fails to get away"), "{}", h.log());
}

#[test]
fn l518_darkness_disadvantage_darksight_inverts_it_and_carried_light_raises_it() {
    // In darkness the hero strikes the darksighted goblin at disadvantage on its attack and
    // on the goblin's defense (inverted: the goblin defends with advantage).
    let mut f = fight(
        LINE,
        &[("hero", 1, "dark")],
        &[("goblin", 1, "dark")],
        &[15, 4, 5, 14, 2],
    );
    let goblin = f.who("Goblin");
    f.ok("Hero", attack(goblin, hero::SWORD));
    assert!(f.log().contains("2d20kl1+4 = [(15), 4]"), "{}", f.log());
    f.end_turn();
    // The goblin sees in the dark and the hero defends blind: advantage.
    let hero_e = f.who("Hero");
    f.ok("Goblin", attack(hero_e, 0));
    assert!(f.log().contains("2d20kh1+1 = [(5), 14]"), "{}", f.log());
    // The mage's lantern lights the dark region: a plain roll.
    let mut g = fight(
        LINE,
        &[("hero", 1, "dark"), ("mage", 1, "dark")],
        &[("goblin", 1, "dark")],
        &[15, 4],
    );
    let goblin = g.who("Goblin");
    g.ok("Hero", attack(goblin, hero::SWORD));
    assert!(
        g.log().contains("d20+4 = [15] + 4 (mod) = 19"),
        "{}",
        g.log()
    );
}

#[test]
fn l518_darkness_gives_surfacers_disadvantage_on_morale_and_darksight_keeps_it_plain() {
    // The orcs (no darksight) stand in the dark, the heroes and the mage's lantern next door:
    // when Orc 1 falls, Orc 2's morale check is
    // rolled at disadvantage, [5, 15] keeping 5: 5 + 5 = 10, a failure; it flees. (The orcs'
    // DEX ties: 3, 9.)
    let mut f = fight(
        LINE,
        &[("hero", 1, "c"), ("mage", 1, "c")],
        &[("orc", 2, "dark")],
        &[3, 9, 5, 15],
    );
    f.set_hp("Orc 1", 0);
    assert!(
        f.log().contains("morale: 2d20kl1+5 = [5, (15)]"),
        "{}",
        f.log()
    );
    assert_eq!(f.status("Orc 2"), Status::Fled);
    // The goblins see in the dark: a plain roll.
    let mut g = fight(
        LINE,
        &[("hero", 1, "c"), ("mage", 1, "c")],
        &[("goblin", 2, "dark")],
        &[3, 9, 20],
    );
    g.set_hp("Goblin 1", 0);
    let log = g.log();
    assert!(
        log.contains("morale: d20+") && !log.contains("morale: 2d20"),
        "{log}"
    );
    assert_eq!(g.status("Goblin 2"), Status::Active);
}

#[test]
fn l518_dim_light_hampers_ranged_attacks_brilliant_light_long_range_and_stealth() {
    // Shooting from dim light: disadvantage; at a target in dim light: advantage.
    let mut f = fight(LINE, &[("hero", 1, "dusk")], &[("dummy", 1, "a")], &[15, 4]);
    let dummy = f.who("Dummy");
    f.ok("Hero", attack(dummy, hero::BOW));
    assert!(f.log().contains("2d20kl1+5 = [(15), 4]"), "{}", f.log());
    let mut g = fight(
        LINE,
        &[("hero", 1, "b")],
        &[("dummy", 1, "dusk")],
        &[4, 15, 3],
    );
    let dummy = g.who("Dummy");
    g.ok("Hero", attack(dummy, hero::BOW));
    assert!(g.log().contains("2d20kh1+5 = [(4), 15]"), "{}", g.log());
    // Brilliant light: a long-range shot (two regions away) at disadvantage, a nearer one
    // plain.
    let mut h = fight(
        LINE,
        &[("hero", 1, "glare")],
        &[("dummy", 1, "c")],
        &[15, 4],
    );
    let dummy = h.who("Dummy");
    h.ok("Hero", attack(dummy, hero::BOW));
    assert!(h.log().contains("2d20kl1+5 = [(15), 4]"), "{}", h.log());
    // Stealth: advantage in darkness, disadvantage in brilliant light.
    let mut s = fight(LINE, &[("hero", 1, "dark")], &[("dummy", 1, "a")], &[3, 9]);
    s.ok("Hero", HIDING);
    assert!(s.log().contains("2d20kh1+3 = [(3), 9]"), "{}", s.log());
    let mut t = fight(LINE, &[("hero", 1, "glare")], &[("dummy", 1, "a")], &[3, 9]);
    t.ok("Hero", HIDING);
    assert!(t.log().contains("2d20kl1+3 = [3, (9)]"), "{}", t.log());
    assert!(!state(&t, "Hero").hidden);
}

#[test]
fn previews_give_hit_chance_with_advantage_crits_fumbles_and_expected_damage() {
    let f = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("dummy", 1, "field")],
        &[],
    );
    let dummy = f.who("Dummy");
    let offers = f.offers("Hero");
    let sword = offers
        .iter()
        .find(|o| o.intent == attack(dummy, hero::SWORD))
        .unwrap();
    // +4 against AC 10: 6 or more, 75%; 1d8+2 (6.5) on a hit, 13 on a natural 20.
    assert!((sword.preview.hit_chance - 0.75).abs() < 1e-6);
    assert!((sword.preview.expected_damage - (0.70 * 6.5 + 0.05 * 13.0)).abs() < 1e-4);
    // A hit deals 3-10, a crit doubles it: 6-20.
    assert_eq!(sword.preview.damage_range, [3, 20]);
    // A preview of stabilizing: the chance and the injury table's odds.
    let mut g = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("dummy", 1, "field")],
        &[],
    );
    g.set_hp("Mage", 0);
    let mage = g.who("Mage");
    let offers = g.offers("Hero");
    let st = offers
        .iter()
        .find(|o| o.intent == Intent::Stabilize { target: mage })
        .unwrap();
    assert!(
        (st.preview.hit_chance - 0.75).abs() < 1e-6,
        "WIS +4 against DC 10"
    );
    let death = format!("death {:.1}%", INJURY_ODDS[4] * 0.75 * 100.0);
    assert!(
        st.notes.iter().any(|n| n.ends_with(&death)),
        "{:?}",
        st.notes
    );
    // The brute (+9) against the mage (AC 10): every roll hits, a natural 20 and a natural 1
    // double 2d6+6 (13 -> 26): 0.9 x 13 + 0.1 x 26. Against the hero (AC 14): 5 or more,
    // and a natural 1 misses: 0.75 x 13 + 0.05 x 26.
    let mut b = fight(
        SINGLE,
        &[("hero", 1, "field"), ("mage", 1, "field")],
        &[("brute", 1, "field")],
        &[],
    );
    b.until("Brute");
    let (mage, hero_e) = (b.who("Mage"), b.who("Hero"));
    let offers = b.offers("Brute");
    let on = |t| offers.iter().find(|o| o.intent == attack(t, 0)).unwrap();
    assert!((on(mage).preview.hit_chance - 1.0).abs() < 1e-6);
    assert!((on(mage).preview.expected_damage - 14.3).abs() < 1e-4);
    assert!((on(mage).preview.kill_chance - 1.0).abs() < 1e-6);
    // 2d6+6 is 8-18, doubled 16-36.
    assert_eq!(on(mage).preview.damage_range, [8, 36]);
    assert!((on(hero_e).preview.hit_chance - 0.8).abs() < 1e-6);
    assert!((on(hero_e).preview.expected_damage - 11.05).abs() < 1e-4);
}
