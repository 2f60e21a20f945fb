//! AR-12..AR-16, AR-29: engagement, opportunity attacks, disengaging, intercepting, distances
//! and grabs.

use fray_core::prelude::*;

use crate::harness::*;

/// Hero (12) against two brutes (7) that engage it in round 1; it is the hero's turn in round 2.
fn mobbed(faces: &[u32]) -> Fight {
    let mut f = Fight::new(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("brute", 2, "near")],
        "",
        faces,
    );
    let hero = f.who("Hero");
    f.end_turn();
    f.ok("Brute 1", Intent::Engage { target: hero });
    f.end_turn();
    f.ok("Brute 2", Intent::Engage { target: hero });
    f.end_turn();
    assert_eq!(f.turn(), "Hero");
    f
}

fn reactors(f: &Fight) -> Vec<String> {
    fray_core::client::decisions(f.app.world(), f.e)
        .into_iter()
        .filter(|d| d.kind == DecisionKind::Reaction)
        .map(|d| f.name(d.actor))
        .collect()
}

#[test]
fn ar12_ar14_moving_away_draws_an_opportunity_attack_that_lands_before_the_move() {
    // The brute's claw: 15 + 7 = 22 vs AC 18, 6 damage, during the hero's turn.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("brute", 1, "near")],
        "",
        &[10, 5, 15],
    );
    let brute = f.who("Brute");
    f.ok("Hero", Intent::Engage { target: brute });
    f.act("Hero", Intent::Move { to: RegionId(1) });
    assert_eq!(reactors(&f), vec!["Brute".to_string()]);
    let oa = f
        .offers("Brute")
        .into_iter()
        .find(|o| o.intent.kind() == IntentKind::Attack)
        .unwrap();
    assert_eq!(
        oa.cost,
        Cost::Free,
        "an opportunity attack is a free action"
    );
    f.ok("Brute", oa.intent);
    assert_eq!(f.hp("Hero").current, 24);
    assert_eq!(f.turn(), "Hero", "it happens during the provoker's turn");
    let attack = f.find(|e| matches!(e, LogEvent::Attack { attack, .. } if attack.contains("opportunity attack"))).unwrap();
    let moved = f.find(|e| matches!(e, LogEvent::Moved { .. })).unwrap();
    assert!(attack < moved, "the attack lands before the move completes");
    assert_eq!(f.region("Hero"), RegionId(1));
    assert!(!f.engaged("Hero", "Brute"));
}

#[test]
fn ar12_a_ranged_attack_draws_opportunity_attacks_from_engagers_it_does_not_target() {
    let mut f = mobbed(&[10, 5, 10]);
    let bow = f.attack("Hero", "Brute 1", "bow");
    f.act("Hero", bow);
    assert_eq!(reactors(&f), vec!["Brute 2".to_string()]);
    f.ok("Brute 2", Intent::Pass);
    assert_eq!(f.faces_left(), 0, "then the bow was shot (10 + 3 misses)");
}

#[test]
fn ar12_a_ranged_spell_draws_opportunity_attacks_even_from_its_target() {
    let mut f = mobbed(&[10, 5, 10]);
    let bolt = f.attack("Hero", "Brute 1", "bolt");
    f.act("Hero", bolt);
    assert_eq!(
        reactors(&f),
        vec!["Brute 1".to_string(), "Brute 2".to_string()]
    );
    f.ok("Brute 1", Intent::Pass);
    f.ok("Brute 2", Intent::Pass);
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar12_close_quarters_spells_draw_no_opportunity_attack() {
    let mut f = mobbed(&[10, 5, 2, 2]);
    let blast = f.attack("Hero", "Brute 1", "blast");
    f.ok("Hero", blast);
    assert!(reactors(&f).is_empty());
    assert_eq!(f.faces_left(), 0, "both attack rolls were made at once");
}

#[test]
fn ar12_melee_attacks_only_against_enemies_engaged_with_you() {
    let mut f = Fight::new(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("brute", 1, "near")],
        "",
        &[10, 5],
    );
    let melee = |f: &Fight| f.offers("Hero").iter().any(|o| o.label.as_ref() == "Sword");
    assert!(!melee(&f));
    let brute = f.who("Brute");
    f.ok("Hero", Intent::Engage { target: brute });
    assert!(melee(&f));
}

#[test]
fn ar13_disengage_is_a_normal_save_at_minus_one_per_extra_foe() {
    // Two foes: 12 needed. 11 fails: the move is lost, the hero stays, nobody attacks.
    let mut f = mobbed(&[10, 5, 11]);
    let preview = f
        .offers("Hero")
        .into_iter()
        .find(|o| o.intent == Intent::Disengage)
        .unwrap()
        .preview;
    assert!(
        (preview.hit_chance - 0.45).abs() < 1e-6,
        "{}",
        preview.hit_chance
    );
    f.ok("Hero", Intent::Disengage);
    assert!(f.engaged("Hero", "Brute 1") && f.engaged("Hero", "Brute 2"));
    assert!(!f.slots("Hero").movement);
    assert!(reactors(&f).is_empty());
    assert!(
        f.log()
            .contains("rolls disengage: d20 = [11] = 11 vs 12, failure")
    );
    // 12 succeeds: the move that comes with it draws no opportunity attack.
    let mut g = mobbed(&[10, 5, 12]);
    g.ok("Hero", Intent::Disengage);
    g.ok("Hero", Intent::Move { to: RegionId(1) });
    assert!(reactors(&g).is_empty());
    assert_eq!(g.region("Hero"), RegionId(1));
    assert!(g.slots("Hero").standard, "the move came with the disengage");
}

#[test]
fn ar15_a_free_enemy_in_the_way_intercepts_a_mover_and_stops_it() {
    // Hero 12, brute 7, ally 5. The brute rushes the ally; the hero intercepts.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "near")],
        &[("brute", 1, "far")],
        "",
        &[10, 3, 5],
    );
    f.end_turn();
    let ally = f.who("Ally");
    f.act("Brute", Intent::Engage { target: ally });
    assert_eq!(reactors(&f), vec!["Hero".to_string()]);
    let brute = f.who("Brute");
    f.ok("Hero", Intent::Engage { target: brute });
    assert!(f.engaged("Brute", "Hero"));
    assert!(
        !f.engaged("Brute", "Ally"),
        "stopped before it reached the ally"
    );
    assert_eq!(f.region("Brute"), RegionId(0));
    assert!(f.log().contains("stopped by the interception"));
}

#[test]
fn ar16_nearby_is_one_move_away_far_away_two() {
    let mut f = Fight::new(
        LINE,
        &[("hero", 1, "a")],
        &[("brute", 1, "c")],
        "",
        &[10, 5],
    );
    let labels = |f: &Fight| {
        f.offers("Hero")
            .iter()
            .map(|o| o.label.to_string())
            .collect::<Vec<_>>()
    };
    let far = labels(&f);
    assert!(!far.contains(&"engage".to_string()) && !far.contains(&"Bow".to_string()));
    assert!(
        far.contains(&"Longshot".to_string()),
        "a far-away attack reaches two regions"
    );
    f.ok("Hero", Intent::Move { to: RegionId(1) });
    let near = labels(&f);
    assert!(near.contains(&"engage".to_string()) && near.contains(&"Bow".to_string()));
}

#[test]
fn ar29_grabbed_creatures_are_engaged_cannot_shoot_or_leave_and_disengage_at_minus_five() {
    // Hero 12, grabber 5. The claws: 10 + 7 = 17 vs PD 13, 4 damage, grabbed.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("grabber", 1, "near")],
        "",
        &[10, 5, 10, 10, 1, 11],
    );
    f.end_turn();
    let hero = f.who("Hero");
    f.ok("Grabber", Intent::Engage { target: hero });
    let claws = f.attack("Grabber", "Hero", "claws");
    f.ok("Grabber", claws);
    assert!(f.has("Hero", Condition::Grabbed) && f.engaged("Hero", "Grabber"));
    f.end_turn();
    let kinds = f.offered_kinds("Hero");
    assert!(
        !kinds.contains(&IntentKind::Move),
        "a grabbed creature cannot move away"
    );
    assert!(
        !f.offers("Hero").iter().any(|o| o.label.as_ref() == "Bow"),
        "nor shoot"
    );
    let chance = f
        .offers("Hero")
        .into_iter()
        .find(|o| o.intent == Intent::Disengage)
        .unwrap()
        .preview
        .hit_chance;
    assert!(
        (chance - 0.25).abs() < 1e-6,
        "16+ while grabbed by a foe not hit this turn"
    );
    // Hit the grabber first (10 + 5 + 1 = 16 vs AC 14, 1 + 4), then disengage at 11+.
    let sword = f.attack("Hero", "Grabber", "sword");
    f.ok("Hero", sword);
    f.ok("Hero", Intent::Disengage);
    assert!(!f.engaged("Hero", "Grabber"));
    assert!(!f.has("Hero", Condition::Grabbed) || f.state("Hero").grabbed_by.is_none());
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar29_the_grabber_gains_four_to_hit_and_the_grabbed_make_no_opportunity_attacks() {
    // The second claws roll shows +4 against the grabbed hero (5 + 7 + 4 = 16 vs PD 13).
    let mut f = Fight::new(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("grabber", 1, "near")],
        "",
        &[10, 5, 10],
    );
    f.end_turn();
    let hero = f.who("Hero");
    f.ok("Grabber", Intent::Engage { target: hero });
    let claws = f.attack("Grabber", "Hero", "claws");
    f.ok("Grabber", claws);
    f.end_turn();
    f.end_turn();
    // Round 2, the grabber's turn: it moves away; the grabbed hero gets no opportunity attack.
    f.act("Grabber", Intent::Move { to: RegionId(1) });
    assert!(reactors(&f).is_empty());
    assert!(!f.engaged("Hero", "Grabber"));
    assert_eq!(f.state("Hero").grabbed_by, None, "letting go ends the grab");
    let mut g = Fight::new(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("grabber", 1, "near")],
        "",
        &[10, 5, 10, 5],
    );
    g.end_turn();
    let hero = g.who("Hero");
    g.ok("Grabber", Intent::Engage { target: hero });
    let claws = g.attack("Grabber", "Hero", "claws");
    g.ok("Grabber", claws);
    g.end_turn();
    g.end_turn();
    let claws = g.attack("Grabber", "Hero", "claws");
    g.ok("Grabber", claws);
    assert!(g.log().contains("+ 4 (grab)"), "{}", g.log());
    assert_eq!(g.hp("Hero").current, 22);
}
