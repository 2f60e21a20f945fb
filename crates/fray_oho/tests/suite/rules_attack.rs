//! OHO-07..OHO-12, OHO-15: pools, the attack against the defense, Fortitude against the damage
//! and its bands, extra damage, called shots.

use fray_core::prelude::*;

use fray_oho::body::BodyPart;
use fray_oho::vocabulary::{BLEEDING, DISABLED, SPRAINED_ARM, SPRAINED_LEG};

use crate::harness::*;

/// `attacker` engages `target` and attacks it with `intent` (built by `make`), first thing on
/// its turn.
fn engage_and(f: &mut Fight, attacker: &str, target: &str, make: impl Fn(&Fight) -> Intent) {
    let engage = f.engage(target);
    f.ok(attacker, engage);
    let intent = make(f);
    f.ok(attacker, intent);
}

#[test]
fn oho07_a_proficiency_roll_sums_as_many_d6_as_the_proficiency_gives() {
    // Initiative: one Reflex die each (4, then 2). The fighter's blades 3: 2 + 3 + 4 = 9
    // against the dodger's Reflex 1 + dodge 2: 1 + 1 + 1 = 3. Then 1 damage against Fortitude
    // (one die) 6: held.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("dodger", 1, "near")],
        &[4, 2, 2, 3, 4, 1, 1, 1, 1, 6],
    );
    let initiative: Vec<String> = f
        .events()
        .iter()
        .filter_map(|e| match e {
            LogEvent::Initiative { roll: Some(r), .. } => Some(r.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(initiative, vec!["d6 = [4] = 4", "d6 = [2] = 2"]);
    assert_eq!(
        f.order(),
        vec![("Fighter".to_string(), 4), ("Dodger".to_string(), 2)]
    );
    engage_and(&mut f, "Fighter", "Dodger", |f| {
        f.attack("Fighter", "Dodger", "Sword")
    });
    assert_eq!(
        f.attacks(),
        vec!["Sword (Strength): 3d6 = [2, 3, 4] = 9 vs 3, hit"]
    );
    assert_eq!(f.rolls("defense roll"), vec!["3d6 = [1, 1, 1] = 3"]);
    assert_eq!(f.rolls("Sword damage"), vec!["d20 = [1] = 1"]);
    assert_eq!(f.rolls("Fortitude"), vec!["d6 = [6] = 6"]);
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho08_without_a_weapon_the_attack_is_an_unarmed_roll() {
    // Unarmed 2: 3 + 4 = 7 against 2, a hit; fists 1d3: 3 damage against Fortitude 6, held.
    let mut f = Fight::duel("brawler", "brute", &[3, 4, 2, 3, 6]);
    let fists = f.attack("Brawler", "Brute", "Fists");
    assert_eq!(
        fists,
        Intent::Attack {
            target: f.who("Brute"),
            attack: AttackId(0),
            maneuver: Maneuver::STANDARD,
        }
    );
    engage_and(&mut f, "Brawler", "Brute", |_| fists);
    assert_eq!(
        f.attacks(),
        vec!["Fists (Strength): 2d6 = [3, 4] = 7 vs 2, hit"]
    );
    assert_eq!(f.rolls("Fists damage"), vec!["d3 = [3] = 3"]);
    assert_eq!(f.state("Brute").hits, 1);
}

#[test]
fn oho09_the_defense_roll_is_reflex_plus_dodge_d6_and_only_a_lower_roll_is_hit() {
    // Round 1: 3 + 3 + 4 = 10 against 3 + 3 + 4 = 10: a tie misses (no damage die).
    // Round 2: 3 + 3 + 5 = 11 against 10: a hit; 2 damage against Fortitude 6 holds.
    let mut f = Fight::duel(
        "fighter",
        "dodger",
        &[3, 3, 4, 3, 3, 4, 3, 3, 5, 3, 3, 4, 2, 6],
    );
    engage_and(&mut f, "Fighter", "Dodger", |f| {
        f.attack("Fighter", "Dodger", "Sword")
    });
    assert_eq!(f.state("Dodger").hits, 0);
    f.end_turn();
    f.end_turn();
    let sword = f.attack("Fighter", "Dodger", "Sword");
    f.ok("Fighter", sword);
    assert_eq!(
        f.attacks(),
        vec![
            "Sword (Strength): 3d6 = [3, 3, 4] = 10 vs 10, miss",
            "Sword (Strength): 3d6 = [3, 3, 5] = 11 vs 10, hit",
        ]
    );
    assert_eq!(f.rolls("defense roll"), vec!["3d6 = [3, 3, 4] = 10"; 2]);
    assert_eq!(f.state("Dodger").hits, 1);
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho10_a_hit_is_recorded_and_fortitude_rolls_against_the_damage_less_armor() {
    // The knight wears mail (reduction 3). Round 1: 18 against 1, a hit: 9 - 3 = 6 damage
    // against Fortitude 6: held, no damage, one hit recorded. Round 2: 18 against 1: 10 - 3 = 7
    // against 6 fails by 1: 7 damage + (18 - 1) / 2 = 8 extra; the d20 (3) is above the two hits
    // taken: no injury.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("knight", 1, "near")],
        &[("brute", 1, "near")],
        &[1, 6, 6, 6, 6, 1, 9, 6, 6, 6, 6, 1, 10, 6, 3],
    );
    engage_and(&mut f, "Brute", "Knight", |f| {
        f.attack("Brute", "Knight", "Club")
    });
    assert_eq!((f.state("Knight").hits, f.hp("Knight")), (1, 40));
    assert!(f
        .events()
        .iter()
        .any(|e| matches!(e, LogEvent::Roll { purpose, target: Some(6), success: Some(true), .. } if purpose == "Fortitude against 6 damage (9 rolled, -3 armor)")));
    f.end_turn();
    f.end_turn();
    let club = f.attack("Brute", "Knight", "Club");
    f.ok("Brute", club);
    assert_eq!(f.state("Knight").hits, 2);
    assert_eq!(f.damage(), vec![(15, 25)]);
    assert_eq!(f.hp("Knight"), 25);
    assert_eq!(f.state("Knight").injuries, 0);
    assert_eq!(
        f.rolls("a d20 for an injury"),
        vec!["d20 = [3] = 3"],
        "a graze rolls the d20 against the hits"
    );
    assert_eq!(f.faces_left(), 0);
}

/// One greataxe blow of the fighter on the brute: 6 + 6 + 6 = 18 against 1 (extra damage
/// 17 / 10 = 1), then `damage` against Fortitude `fortitude`, then `more` faces.
fn greataxe(damage: u32, fortitude: u32, more: &[u32]) -> Fight {
    let faces: Vec<u32> = [6, 6, 6, 1, damage, fortitude]
        .into_iter()
        .chain(more.iter().copied())
        .collect();
    let mut f = Fight::new(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("brute", 2, "near")],
        &[[6, 2, 1].as_slice(), &faces].concat(),
    );
    engage_and(&mut f, "Fighter", "Brute 1", |f| {
        f.attack("Fighter", "Brute 1", "Greataxe")
    });
    assert_eq!(f.faces_left(), 0, "{}", f.log());
    f
}

/// What befell Brute 1: (health lost, injuries, disabled, dying).
fn outcome(f: &Fight) -> (i32, u8, bool, bool) {
    (
        40 - f.hp("Brute 1"),
        f.state("Brute 1").injuries,
        f.has("Brute 1", DISABLED),
        f.has("Brute 1", Condition::DYING),
    )
}

#[test]
fn oho11_fortitude_bands_and_their_exact_boundaries() {
    // Held: 6 damage against 6.
    let f = greataxe(6, 6, &[]);
    assert_eq!(outcome(&f), (0, 0, false, false));
    assert_eq!(f.state("Brute 1").hits, 1);
    // Failed by 1 and by exactly 10: damage, and the d20 (2) against 1 hit: no injury.
    for damage in [2, 11] {
        let f = greataxe(damage, 1, &[2]);
        assert_eq!(outcome(&f), (damage as i32 + 1, 0, false, false));
        assert_eq!(f.rolls("a d20 for an injury"), vec!["d20 = [2] = 2"]);
    }
    // Failed by 11 and by exactly 20: damage and an injury, no d20.
    for damage in [12, 21] {
        let f = greataxe(damage, 1, &[]);
        assert_eq!(outcome(&f), (damage as i32 + 1, 1, false, false));
        assert!(f.rolls("a d20 for an injury").is_empty());
        assert_eq!(f.status("Brute 1"), Status::Active);
    }
    // Failed by 21 and by exactly 30: disabled too.
    for damage in [22, 31] {
        let f = greataxe(damage, 1, &[]);
        assert_eq!(outcome(&f), (damage as i32 + 1, 1, true, false));
        assert_eq!(f.status("Brute 1"), Status::Down);
    }
    // Failed by 31: dying too.
    let f = greataxe(32, 1, &[]);
    assert_eq!(outcome(&f), (33, 1, true, true));
    let notes = f.notes("Brute 1");
    assert_eq!(
        notes[0],
        "fails the Fortitude roll by 31: damage, an injury, disabled and dying."
    );
}

#[test]
fn oho11_the_log_names_the_band_of_each_failure() {
    let cases = [
        (
            11,
            "fails the Fortitude roll by 10: damage, d20 for an injury.",
        ),
        (12, "fails the Fortitude roll by 11: damage and an injury."),
        (21, "fails the Fortitude roll by 20: damage and an injury."),
        (
            31,
            "fails the Fortitude roll by 30: damage, an injury, disabled.",
        ),
    ];
    for (damage, note) in cases {
        let more: &[u32] = if damage == 11 { &[20] } else { &[] };
        let f = greataxe(damage, 1, more);
        assert_eq!(f.notes("Brute 1")[0], note);
    }
}

#[test]
fn oho11_a_graze_injures_when_the_d20_is_at_most_the_hits_taken() {
    // Two sword grazes (18 against 1; 2 damage against Fortitude 1). The first: hits 1, d20 2:
    // no injury. The second: hits 2, d20 2: an injury (slashing: bleeding). At the brute's next
    // turn, bleeding: a third hit and Fortitude 6 against 3, held.
    let mut f = Fight::duel(
        "fighter",
        "brute",
        &[6, 6, 6, 1, 2, 1, 2, 6, 6, 6, 1, 2, 1, 2, 6],
    );
    engage_and(&mut f, "Fighter", "Brute", |f| {
        f.attack("Fighter", "Brute", "Sword")
    });
    assert_eq!((f.state("Brute").hits, f.state("Brute").injuries), (1, 0));
    f.end_turn();
    f.end_turn();
    let sword = f.attack("Fighter", "Brute", "Sword");
    f.ok("Fighter", sword);
    assert_eq!((f.state("Brute").hits, f.state("Brute").injuries), (2, 1));
    assert!(f.has("Brute", BLEEDING));
    assert_eq!(f.rolls("a d20 for an injury"), vec!["d20 = [2] = 2"; 2]);
    f.end_turn();
    assert_eq!(f.state("Brute").hits, 3);
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho12_extra_damage_is_the_difference_over_the_modifier_rounded_down() {
    // 6 + 6 + 3 = 15 against 2: a difference of 13, over the sword's modifier 2: 6 extra.
    // 5 damage against Fortitude 1 fails by 4: 5 + 6 = 11; the d20 (20) does not injure.
    let mut f = Fight::duel("fighter", "brute", &[6, 6, 3, 2, 5, 1, 20]);
    engage_and(&mut f, "Fighter", "Brute", |f| {
        f.attack("Fighter", "Brute", "Sword")
    });
    assert_eq!(f.damage(), vec![(11, 29)]);
    assert!(f.events().iter().any(|e| matches!(e,
        LogEvent::Damage { cause: Some(c), .. } if c == "5 + 6 extra: attack 15 over defense 2, / 2")));
}

#[test]
fn oho12_a_held_fortitude_roll_takes_no_damage_at_all() {
    // 18 against 1 would add 8 extra, but 6 damage against Fortitude 6 holds.
    let mut f = Fight::duel("fighter", "brute", &[6, 6, 6, 1, 6, 6]);
    engage_and(&mut f, "Fighter", "Brute", |f| {
        f.attack("Fighter", "Brute", "Sword")
    });
    assert!(f.damage().is_empty());
    assert_eq!((f.hp("Brute"), f.state("Brute").hits), (40, 1));
}

#[test]
fn oho15_a_called_shot_at_the_head_takes_ten_doubles_the_damage_and_adds_ten() {
    // 6 + 6 + 6 - 10 = 8 against 3: a hit. 6 damage x2 = 12 against Fortitude 1 fails by 11:
    // an injury (slashing: bleeding); extra (8 - 3 + 10) / 2 = 7: 19 in all.
    let mut f = Fight::duel("fighter", "brute", &[6, 6, 6, 3, 6, 1]);
    let head = f.called("Fighter", "Brute", "Sword", BodyPart::Head);
    engage_and(&mut f, "Fighter", "Brute", |_| head);
    assert_eq!(
        f.attacks(),
        vec![
            "Sword (Strength), called shot at the head: 3d6-10 = [6, 6, 6] - 10 (called shot) = 8 vs 3, hit"
        ]
    );
    assert!(f.events().iter().any(|e| matches!(e,
        LogEvent::Roll { purpose, .. } if purpose == "Fortitude against 12 damage (6 rolled, x2 called shot)")));
    assert!(f.events().iter().any(|e| matches!(e,
        LogEvent::Damage { cause: Some(c), .. } if c == "12 + 7 extra: attack 8 over defense 3 +10 called shot, / 2")));
    assert_eq!(f.damage(), vec![(19, 21)]);
    assert!(f.has("Brute", BLEEDING));
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho15_a_called_shot_at_an_arm_or_a_leg_takes_five_and_deals_half_again() {
    // Arm: 6 + 6 + 6 - 5 = 13 against 1. 7 damage x1.5 = 10 (rounded down) against Fortitude 1
    // fails by 9: 10 + (13 - 1 + 5) / 2 = 8 extra = 18; the d20 (1) injures; a club aimed at an
    // arm sprains it (no d6 for where it lands).
    let mut f = Fight::new(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("brute", 1, "near")],
        &[1, 6, 6, 6, 6, 1, 7, 1, 1],
    );
    let arm = f.called("Brute", "Fighter", "Club", BodyPart::Arm);
    engage_and(&mut f, "Brute", "Fighter", |_| arm);
    assert_eq!(
        f.attacks(),
        vec![
            "Club (Strength), called shot at the arm: 3d6-5 = [6, 6, 6] - 5 (called shot) = 13 vs 1, hit"
        ]
    );
    assert_eq!(f.damage(), vec![(18, 22)]);
    assert!(f.has("Fighter", SPRAINED_ARM));
    assert!(f.rolls("where").is_empty());
    // Leg: the same numbers, a sprained leg.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("brute", 1, "near")],
        &[1, 6, 6, 6, 6, 1, 7, 1, 1],
    );
    let leg = f.called("Brute", "Fighter", "Club", BodyPart::Leg);
    engage_and(&mut f, "Brute", "Fighter", |_| leg);
    assert_eq!(f.damage(), vec![(18, 22)]);
    assert!(f.has("Fighter", SPRAINED_LEG));
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho15_a_called_shot_at_the_groin_takes_fifteen_triples_the_damage_and_adds_fifteen() {
    // 6 + 6 + 6 - 15 = 3 against 1. 4 damage x3 = 12 against Fortitude 1 fails by 11: an
    // injury; extra (3 - 1 + 15) / 2 = 8: 20 in all.
    let mut f = Fight::duel("fighter", "brute", &[6, 6, 6, 1, 4, 1]);
    let groin = f.called("Fighter", "Brute", "Sword", BodyPart::Groin);
    engage_and(&mut f, "Fighter", "Brute", |_| groin);
    assert_eq!(
        f.attacks(),
        vec![
            "Sword (Strength), called shot at the groin: 3d6-15 = [6, 6, 6] - 15 (called shot) = 3 vs 1, hit"
        ]
    );
    assert_eq!(f.damage(), vec![(20, 20)]);
    assert_eq!(f.state("Brute").injuries, 1);
}

#[test]
fn oho15_the_penalty_can_turn_a_hit_into_a_miss_and_the_preview_knows_it() {
    // 4 + 4 + 4 = 12 would hit against 2; at the head, 12 - 10 = 2 ties it: a miss.
    let mut f = Fight::duel("fighter", "brute", &[4, 4, 4, 2]);
    let engage = f.engage("Brute");
    f.ok("Fighter", engage);
    let plain = f
        .offer("Fighter", &f.attack("Fighter", "Brute", "Sword"))
        .unwrap();
    let head = f.called("Fighter", "Brute", "Sword", BodyPart::Head);
    let aimed = f.offer("Fighter", &head).unwrap();
    let groin = f
        .offer(
            "Fighter",
            &f.called("Fighter", "Brute", "Sword", BodyPart::Groin),
        )
        .unwrap();
    assert!(plain.preview.hit_chance > aimed.preview.hit_chance);
    assert!(aimed.preview.hit_chance > groin.preview.hit_chance);
    // 3d6 - 15 beats 1d6 only with 18 against 1 or 2, or 17 against 1: (1 * 2 + 3 * 1) / 216 / 6.
    assert!((groin.preview.hit_chance - 5.0 / 1296.0).abs() < 1e-6);
    // The plain blow's health lost on a hit: nothing when the brute's 1d6 Fortitude meets the
    // sword's d20 (OHO-11), up to 20 + the most extra damage, (18 - 1) / 2 = 8 (OHO-12).
    assert_eq!(plain.preview.damage_range, [0, 28]);
    f.ok("Fighter", head);
    assert_eq!(
        f.attacks(),
        vec![
            "Sword (Strength), called shot at the head: 3d6-10 = [4, 4, 4] - 10 (called shot) = 2 vs 2, miss"
        ]
    );
    assert_eq!(f.state("Brute").hits, 0);
}
