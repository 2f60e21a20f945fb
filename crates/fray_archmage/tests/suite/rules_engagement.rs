//! AR-12..AR-16, AR-29: engagement, opportunity attacks, disengaging, intercepting, distances
//! and grabs.

use fray_core::kit::prelude::*;
use fray_testkit::harness::Fight;

use crate::arch::ArchFight;
use crate::bench::*;

/// Hero (12) against two brutes (7) that engage it in round 1; it is the hero's turn in round 2.
fn mobbed(faces: &[u32]) -> Fight {
    let mut f = fight(
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
    let mut f = fight(
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
        Cost::FREE,
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
    // The previews count them: bow 1 (Brute 2), bolt 2 (a spell), sword and blast none.
    let provokes = |label: &str| {
        f.offers("Hero")
            .into_iter()
            .find(|o| o.label.as_ref() == label && o.intent.target() == Some(f.who("Brute 1")))
            .unwrap()
            .preview
            .provokes
    };
    assert_eq!(
        [
            provokes("Bow"),
            provokes("Bolt"),
            provokes("Sword"),
            provokes("Blast")
        ],
        [1, 2, 0, 0]
    );
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
    let mut f = fight(
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
    let mut f = fight(
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
    // The narration says what the brute meant before what stopped it (trial H.38).
    let log = f.log();
    assert!(
        log.contains("Brute tries to engage Ally and is stopped by the interception."),
        "{log}"
    );
}

#[test]
fn ar16_nearby_is_one_move_away_far_away_two() {
    let mut f = fight(
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
    let mut f = fight(
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
    assert!(f.has("Hero", Condition::GRABBED) && f.engaged("Hero", "Grabber"));
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
    assert!(!f.has("Hero", Condition::GRABBED));
    assert_eq!(f.state("Hero").grabbed_by, None);
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar29_the_grabber_gains_four_to_hit_and_the_grabbed_make_no_opportunity_attacks() {
    // The second claws roll shows +4 against the grabbed hero (5 + 7 + 4 = 16 vs PD 13).
    let mut f = fight(
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
    let mut g = fight(
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

#[test]
fn ar15_a_mover_leaving_an_engagement_is_intercepted_where_it_arrives() {
    // Hero 12, mook 8 (far, free), brute 7. The hero leaves the brute (which passes on its
    // opportunity attack) for the far region, where the free mook stops it.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("brute", 1, "near"), ("mook", 1, "far")],
        "",
        &[10, 5, 8],
    );
    let brute = f.who("Brute");
    f.ok("Hero", Intent::Engage { target: brute });
    f.act("Hero", Intent::Move { to: RegionId(1) });
    assert_eq!(reactors(&f), vec!["Brute".to_string()]);
    f.ok("Brute", Intent::Pass);
    assert_eq!(
        reactors(&f),
        vec!["Mook".to_string()],
        "the free mook may intercept"
    );
    let hero = f.who("Hero");
    f.ok("Mook", Intent::Engage { target: hero });
    assert_eq!(f.region("Hero"), RegionId(1));
    assert!(f.engaged("Hero", "Mook") && !f.engaged("Hero", "Brute"));
    let mook = f.id("Mook");
    let intercept = f
        .find(|e| matches!(e, LogEvent::Engaged { who, .. } if *who == mook))
        .unwrap();
    let moved = f.find(|e| matches!(e, LogEvent::Moved { .. })).unwrap();
    assert!(
        intercept < moved,
        "the interception comes before the move ends"
    );
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar15_engaged_creatures_cannot_intercept() {
    // Hero 12, ally 11, brute 7, mook 8. The mook engages the ally; then the brute rushes the
    // hero past the ally: the engaged ally may not intercept.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "far"), ("ally", 1, "far")],
        &[("brute", 1, "near"), ("mook", 1, "far")],
        "",
        &[10, 9, 5, 8],
    );
    f.end_turn();
    f.end_turn();
    let (hero, ally) = (f.who("Hero"), f.who("Ally"));
    f.act("Mook", Intent::Engage { target: ally });
    // The free hero may intercept the mook.
    assert_eq!(reactors(&f), vec!["Hero".to_string()]);
    f.ok("Hero", Intent::Pass);
    assert!(f.engaged("Mook", "Ally"));
    f.end_turn();
    f.ok("Brute", Intent::Engage { target: hero });
    assert!(reactors(&f).is_empty(), "the ally is engaged: no intercept");
    assert!(f.engaged("Brute", "Hero"));
}

#[test]
fn ar29_a_grabbed_creature_disengages_at_minus_five_unless_it_hit_its_grabber() {
    // Hero 12, grabber 5. Claws 10 + 7 = 17 vs PD 13: 4 damage, grabbed. Round 2: the hero's
    // disengage of 15 fails (16 needed). Round 3: the sword misses (4 + 5 + 2 = 11 vs AC 14,
    // 1 miss damage), which leaves the -5: 15 fails again. Round 4: the sword hits
    // (10 + 5 + 3 = 18, 3 + 4 damage) and 11 disengages.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("grabber", 1, "near")],
        "",
        &[10, 5, 10, 15, 4, 15, 10, 3, 11],
    );
    f.end_turn();
    let hero = f.who("Hero");
    f.ok("Grabber", Intent::Engage { target: hero });
    let claws = f.attack("Grabber", "Hero", "claws");
    f.ok("Grabber", claws);
    f.end_turn();
    f.ok("Hero", Intent::Disengage);
    assert!(
        f.log()
            .contains("rolls disengage: d20 = [15] = 15 vs 16, failure")
    );
    assert!(f.engaged("Hero", "Grabber") && f.has("Hero", Condition::GRABBED));
    f.next_turn_of("Hero");
    let sword = f.attack("Hero", "Grabber", "sword");
    f.ok("Hero", sword);
    assert_eq!(f.hp("Grabber").current, 29, "a miss: 1 miss damage");
    f.ok("Hero", Intent::Disengage);
    assert!(f.log().contains("d20 = [15] = 15 vs 16, failure"));
    f.next_turn_of("Hero");
    let sword = f.attack("Hero", "Grabber", "sword");
    f.ok("Hero", sword);
    assert_eq!(f.hp("Grabber").current, 22);
    f.ok("Hero", Intent::Disengage);
    assert!(
        f.log()
            .contains("rolls disengage: d20 = [11] = 11 vs 11, success")
    );
    assert!(!f.engaged("Hero", "Grabber"));
    assert!(!f.has("Hero", Condition::GRABBED) && f.state("Hero").grabbed_by.is_none());
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar13_ar29_penalties_add_up_one_per_extra_foe_and_five_for_the_grab() {
    // Hero 12, grabber 5 and brute 7 both engaged with it: 11 + 1 + 5 = 17 needed.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("brute", 1, "near"), ("grabber", 1, "near")],
        "",
        &[10, 5, 3, 10, 16],
    );
    let hero = f.who("Hero");
    f.end_turn();
    f.ok("Brute", Intent::Engage { target: hero });
    f.end_turn();
    f.ok("Grabber", Intent::Engage { target: hero });
    let claws = f.attack("Grabber", "Hero", "claws");
    f.ok("Grabber", claws);
    f.end_turn();
    let chance = f
        .offers("Hero")
        .into_iter()
        .find(|o| o.intent == Intent::Disengage)
        .unwrap()
        .preview
        .hit_chance;
    assert!((chance - 0.2).abs() < 1e-6, "17+ on a d20: {chance}");
    f.ok("Hero", Intent::Disengage);
    assert!(f.log().contains("d20 = [16] = 16 vs 17, failure"));
    assert!(reactors(&f).is_empty(), "a failed disengage draws nothing");
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar29_a_grab_ends_when_the_grabber_drops() {
    // Hero 12, grabber 5, mook 1 (far). The grabber grabs the hero (10 + 7 vs PD 13, 4
    // damage); the hero's sword kills it (15 + 5 vs AC 14, 5 + 4 against its last 1 HP).
    // Free again, the hero can move and engage the mook.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("grabber", 1, "near"), ("mook", 1, "far")],
        "",
        &[10, 5, 1, 10, 15, 5],
    );
    f.until("Grabber");
    let hero = f.who("Hero");
    f.ok("Grabber", Intent::Engage { target: hero });
    let claws = f.attack("Grabber", "Hero", "claws");
    f.ok("Grabber", claws);
    assert_eq!(f.state("Hero").grabbed_by, Some(f.who("Grabber")));
    f.until("Hero");
    f.set_hp("Grabber", 1);
    let sword = f.attack("Hero", "Grabber", "sword");
    f.ok("Hero", sword);
    assert_eq!(f.status("Grabber"), Status::Dead);
    assert_eq!(f.state("Hero").grabbed_by, None);
    assert!(!f.has("Hero", Condition::GRABBED));
    let kinds = f.offered_kinds("Hero");
    assert!(
        kinds.contains(&IntentKind::Move) && kinds.contains(&IntentKind::Engage),
        "{kinds:?}"
    );
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar12_spell_powers_draw_opportunity_attacks_close_quarters_ones_do_not() {
    // Sage 15, brute 7. Engaged, the sage's Ward (close quarters) draws nothing; its Prayer
    // (a spell) draws the brute's opportunity attack, passed here, then heals 2.
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
    let provokes = |f: &Fight, label: &str| {
        f.offers("Sage")
            .into_iter()
            .find(|o| o.label.as_ref() == label)
            .unwrap()
            .preview
            .provokes
    };
    assert_eq!((provokes(&f, "Ward"), provokes(&f, "Prayer")), (0, 1));
    let ward = f.power("Sage", "ward", None);
    f.ok("Sage", ward);
    assert!(reactors(&f).is_empty());
    f.set_hp("Sage", 40);
    let prayer = f.power("Sage", "prayer", None);
    f.act("Sage", prayer);
    assert_eq!(reactors(&f), vec!["Brute".to_string()]);
    f.ok("Brute", Intent::Pass);
    assert_eq!(f.hp("Sage").current, 42);
}

#[test]
fn ar14_an_opportunity_attack_that_drops_the_provoker_stops_its_action() {
    // The mobbed hero, at 5 HP, shoots Brute 1; Brute 2's opportunity attack (15 + 7 vs AC 18,
    // 6) drops it first, so the arrow is never loosed (no d20 for it in the script).
    let mut f = mobbed(&[10, 5, 15]);
    f.set_hp("Hero", 5);
    let bow = f.attack("Hero", "Brute 1", "bow");
    f.act("Hero", bow);
    let oa = f
        .offers("Brute 2")
        .into_iter()
        .find(|o| o.intent.kind() == IntentKind::Attack)
        .unwrap();
    f.ok("Brute 2", oa.intent);
    assert_eq!(f.status("Hero"), Status::Down);
    assert_eq!(f.hp("Brute 1").current, 40);
    let shots = f
        .events()
        .iter()
        .filter(|e| matches!(e, LogEvent::Attack { attack, .. } if attack == "Bow"))
        .count();
    assert_eq!(shots, 0);
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar29_ar03_a_creature_grabbed_after_readying_a_shot_cannot_loose_it() {
    // Hero 12 readies its bow against a mover; it lets the grabber (5) come (passes), and the
    // grabber's claws (10 + 7 vs PD 13) grab it. When the mook (1) moves in, the grabbed hero
    // is offered no shot.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("grabber", 1, "far"), ("mook", 1, "far")],
        "",
        &[10, 5, 1, 10],
    );
    let ready = f
        .offers("Hero")
        .into_iter()
        .find(|o| {
            matches!(
                o.intent,
                Intent::Ready {
                    trigger: Trigger::EnemyMoves,
                    ..
                }
            )
        })
        .unwrap();
    f.ok("Hero", ready.intent);
    f.end_turn();
    let hero = f.who("Hero");
    f.act("Grabber", Intent::Engage { target: hero });
    assert_eq!(reactors(&f), vec!["Hero".to_string()], "the trigger fires");
    f.ok("Hero", Intent::Pass);
    let claws = f.attack("Grabber", "Hero", "claws");
    f.ok("Grabber", claws);
    assert!(f.has("Hero", Condition::GRABBED) && f.state("Hero").readied.is_some());
    f.end_turn();
    f.ok("Mook", Intent::Move { to: RegionId(0) });
    assert!(reactors(&f).is_empty());
    assert_eq!(f.region("Mook"), RegionId(0));
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar29_a_hit_that_drops_its_target_grabs_nothing() {
    // Hero 12 at 3 HP, grabber 5: claws 10 + 7 vs PD 13 for 4 drop the hero: it is not grabbed.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "far")],
        &[("grabber", 1, "near")],
        "",
        &[10, 1, 5, 10],
    );
    f.set_hp("Hero", 3);
    f.until("Grabber");
    let hero = f.who("Hero");
    f.ok("Grabber", Intent::Engage { target: hero });
    let claws = f.attack("Grabber", "Hero", "claws");
    f.ok("Grabber", claws);
    assert_eq!(f.status("Hero"), Status::Down);
    assert_eq!(f.state("Hero").grabbed_by, None);
    assert!(!f.has("Hero", Condition::GRABBED));
    assert_eq!(f.faces_left(), 0);
}
