//! OHO-08, OHO-13, OHO-14: engaging to attack, one-way engagement and its limit, disengaging,
//! attacks of opportunity.

use fray_core::prelude::*;

use crate::harness::*;

#[test]
fn oho08_oho13_engagement_is_one_way_and_attacking_needs_it() {
    let mut f = Fight::duel("fighter", "brute", &[]);
    let sword = f.attack("Fighter", "Brute", "Sword");
    assert!(f.offer("Fighter", &sword).is_none());
    assert_eq!(
        f.refused("Fighter", sword),
        "to attack, it must first engage the target (OHO-08)"
    );
    let engage = f.engage("Brute");
    f.ok("Fighter", engage);
    assert!(f.engages("Fighter", "Brute"));
    assert!(!f.engages("Brute", "Fighter"), "one-way");
    assert_eq!(f.cost("Fighter", &sword), secs(30));
    f.end_turn();
    // Being engaged does not let the brute strike back.
    let club = f.attack("Brute", "Fighter", "Club");
    assert!(f.offer("Brute", &club).is_none());
    assert_eq!(
        f.refused("Brute", club),
        "to attack, it must first engage the target (OHO-08)"
    );
    assert_eq!(f.left("Brute"), 65);
}

#[test]
fn oho13_a_creature_engages_one_target_and_more_with_toughness() {
    let mut f = Fight::new(
        NEAR_FAR,
        &[("fighter", 1, "near"), ("knight", 1, "near")],
        &[("brute", 3, "near")],
        &[6, 5, 3, 2, 1],
    );
    let (one, two, three) = (
        f.engage("Brute 1"),
        f.engage("Brute 2"),
        f.engage("Brute 3"),
    );
    f.ok("Fighter", one);
    assert!(
        !f.labels("Fighter").contains(&"engage".to_string()),
        "{:?}",
        f.labels("Fighter")
    );
    assert_eq!(
        f.refused("Fighter", two),
        "it engages as many creatures as it can: disengage first (OHO-13)"
    );
    f.end_turn();
    // The knight's Toughness(1): two at once.
    f.ok("Knight", one);
    f.ok("Knight", two);
    assert_eq!(
        f.refused("Knight", three),
        "it engages as many creatures as it can: disengage first (OHO-13)"
    );
    assert!(f.engages("Knight", "Brute 1") && f.engages("Knight", "Brute 2"));
    assert_eq!(f.left("Knight"), 45);
}

#[test]
fn oho13_disengaging_is_a_quick_action_that_ends_every_engagement_either_way() {
    let mut f = Fight::new(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("brute", 1, "near")],
        &[1, 6],
    );
    let engage = f.engage("Fighter");
    f.ok("Brute", engage);
    f.end_turn();
    let engage = f.engage("Brute");
    f.ok("Fighter", engage);
    assert!(f.engages("Fighter", "Brute") && f.engages("Brute", "Fighter"));
    assert_eq!(f.cost("Fighter", &Intent::Disengage), secs(10));
    f.ok("Fighter", Intent::Disengage);
    assert!(!f.engages("Fighter", "Brute") && !f.engages("Brute", "Fighter"));
    assert_eq!(f.left("Fighter"), 45);
    assert!(
        f.find(|e| matches!(e, LogEvent::Disengaged { .. }))
            .is_some()
    );
}

#[test]
fn oho13_moving_away_ends_only_the_engagements_that_no_longer_reach() {
    // The archer's bow reaches one region: when the brute steps into `far`, the brute's own
    // engagement of the archer ends (its club does not reach), the archer's goes on.
    let mut f = Fight::duel("archer", "brute", &[]);
    let engage = f.engage("Brute");
    f.ok("Archer", engage);
    f.end_turn();
    let engage = f.engage("Archer");
    f.ok("Brute", engage);
    let away = f.move_to("far");
    f.act("Brute", away);
    assert_eq!(f.reactors(), vec!["Archer".to_string()]);
    f.ok("Archer", Intent::Pass);
    assert_eq!(f.region("Brute"), "far");
    assert!(!f.engages("Brute", "Archer"));
    assert!(f.engages("Archer", "Brute"), "the bow still reaches");
    f.end_turn();
    let bow = f.attack("Archer", "Brute", "Bow");
    assert_eq!(f.cost("Archer", &bow), secs(30));
}

#[test]
fn oho14_leaving_without_disengaging_gives_an_attack_of_opportunity_before_the_move() {
    // The brute's club, as a reaction: 6 + 6 + 6 = 18 against 1, a hit; 3 damage against
    // Fortitude 6 holds.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("brute", 1, "near")],
        &[1, 6, 6, 6, 6, 1, 3, 6],
    );
    let engage = f.engage("Fighter");
    f.ok("Brute", engage);
    f.end_turn();
    let away = f.move_to("far");
    assert_eq!(f.offer("Fighter", &away).unwrap().preview.provokes, 1);
    assert_eq!(f.act("Fighter", away), None);
    assert_eq!(f.reactors(), vec!["Brute".to_string()]);
    let offers = f.offers("Brute");
    let labels: Vec<&str> = offers.iter().map(|o| o.label.as_ref()).collect();
    assert_eq!(labels, vec!["Club (Strength)", "Torch (Strength)", "pass"]);
    assert_eq!(
        offers[0].cost,
        fray_oho::gauge::reaction_cost(5),
        "a reaction: half a second"
    );
    assert_eq!(
        f.region("Fighter"),
        "near",
        "the move waits for the reaction"
    );
    f.ok("Brute", offers[0].intent);
    assert_eq!(
        f.attacks(),
        vec!["Club (Strength), attack of opportunity: 3d6 = [6, 6, 6] = 18 vs 1, hit"]
    );
    assert_eq!(f.left("Brute"), 50, "5.5 s - 0.5 s");
    assert_eq!(f.spent("Brute").last().unwrap().1, "5.0s left");
    let attack = f.find(|e| matches!(e, LogEvent::Attack { .. })).unwrap();
    let moved = f.find(|e| matches!(e, LogEvent::Moved { .. })).unwrap();
    assert!(attack < moved, "it lands before the move completes");
    assert_eq!(f.region("Fighter"), "far");
    assert_eq!((f.turn(), f.left("Fighter")), ("Fighter".to_string(), 45));
    assert!(!f.engages("Brute", "Fighter"));
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho14_no_attack_of_opportunity_after_disengaging() {
    let mut f = Fight::new(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("brute", 1, "near")],
        &[1, 6],
    );
    let engage = f.engage("Fighter");
    f.ok("Brute", engage);
    f.end_turn();
    f.ok("Fighter", Intent::Disengage);
    let away = f.move_to("far");
    assert_eq!(f.offer("Fighter", &away).unwrap().preview.provokes, 0);
    f.ok("Fighter", away);
    assert!(f.reactors().is_empty());
    assert_eq!(f.region("Fighter"), "far");
    assert_eq!((f.left("Fighter"), f.left("Brute")), (35, 55));
    assert!(f.find(|e| matches!(e, LogEvent::Reaction { .. })).is_none());
}

#[test]
fn oho14_leaving_a_creature_you_engage_that_does_not_engage_you_is_free() {
    let mut f = Fight::duel("fighter", "brute", &[]);
    let engage = f.engage("Brute");
    f.ok("Fighter", engage);
    let away = f.move_to("far");
    f.ok("Fighter", away);
    assert!(f.reactors().is_empty());
    assert_eq!(f.region("Fighter"), "far");
    assert!(
        !f.engages("Fighter", "Brute"),
        "out of reach: the engagement ends"
    );
}

#[test]
fn oho14_an_attack_of_opportunity_that_disables_stops_the_move() {
    // The greataxe as a reaction: 6 + 6 + 6 = 18 against 1; 22 damage against Fortitude 1 fails
    // by 21: disabled, and the brute never gets away.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("brute", 2, "near")],
        &[6, 2, 1, 6, 6, 6, 1, 22, 1],
    );
    let engage = f.engage("Brute 1");
    f.ok("Fighter", engage);
    f.end_turn();
    let away = f.move_to("far");
    f.act("Brute 1", away);
    let greataxe = f
        .offers("Fighter")
        .into_iter()
        .find(|o| o.label.as_ref() == "Greataxe (Strength)")
        .unwrap();
    f.ok("Fighter", greataxe.intent);
    assert_eq!(f.status("Brute 1"), Status::Down);
    assert_eq!(f.region("Brute 1"), "near");
    assert!(f.find(|e| matches!(e, LogEvent::Moved { .. })).is_none());
    assert_eq!(f.turn(), "Brute 2", "a fallen actor's turn ends");
    assert_eq!(f.left("Fighter"), 50);
}
