//! OHO-01..OHO-06: the time gauge, the price of actions, full-round actions, movement and its
//! hamper, withholding, dashes.

use fray_core::kit::prelude::*;

use fray_oho::body::BodyPart;
use fray_oho::gauge::Atg;

use crate::harness::*;

fn left(text: &str) -> String {
    format!("{text} left")
}

#[test]
fn oho01_the_gauge_holds_six_and_a_half_seconds_and_refills_at_each_turn() {
    let mut f = Fight::duel("fighter", "brute", &[]);
    assert_eq!(
        f.atg("Fighter"),
        Atg {
            remaining: 65,
            max: 65
        }
    );
    assert_eq!(
        f.atg("Brute"),
        Atg {
            remaining: 65,
            max: 65
        }
    );
    let engage = f.engage("Brute");
    f.ok("Fighter", engage);
    assert_eq!(f.left("Fighter"), 55);
    f.end_turn();
    assert_eq!(f.turn(), "Brute");
    assert_eq!(
        f.left("Fighter"),
        55,
        "what is left stays until its next turn"
    );
    f.end_turn();
    assert_eq!(
        (f.encounter().round(), f.turn()),
        (2, "Fighter".to_string())
    );
    assert_eq!(
        f.atg("Fighter"),
        Atg {
            remaining: 65,
            max: 65
        }
    );
}

#[test]
fn oho01_oho02_several_actions_share_the_gauge_and_the_turn_ends_below_a_quick_action() {
    // The scout covers a region with one dash (speed 60, dash 30). Its sword: 4 + 5 + 6 = 15
    // against the brute's 2, a hit; 7 damage against Fortitude 3 fails by 4; the d20 (20) is
    // above the one hit taken: no injury.
    let mut f = Fight::duel("scout", "brute", &[4, 5, 6, 2, 7, 3, 20]);
    let engage = f.engage("Brute");
    assert_eq!(f.cost("Scout", &engage), secs(10));
    f.ok("Scout", engage);
    let attack = f.attack("Scout", "Brute", "Sword");
    assert_eq!(f.cost("Scout", &attack), secs(30));
    f.ok("Scout", attack);
    assert_eq!(f.hp("Brute"), 40 - 7 - 6);
    let away = f.move_to("far");
    assert_eq!(f.cost("Scout", &away), secs(10));
    f.ok("Scout", away);
    let back = f.move_to("near");
    f.ok("Scout", back);
    // 6.5 - 1 - 3 - 1 - 1 = 0.5 s: less than a quick action, so the turn ends by itself.
    assert_eq!(f.turn(), "Brute");
    assert_eq!(f.left("Scout"), 5, "half a second stays for a reaction");
    assert_eq!(
        f.spent("Scout"),
        vec![
            (secs(10), left("5.5s")),
            (secs(30), left("2.5s")),
            (secs(10), left("1.5s")),
            (secs(10), left("0.5s")),
        ]
    );
    let scout = f.id("Scout");
    let moved = f
        .find_last(|e| matches!(e, LogEvent::Moved { who, .. } if *who == scout))
        .unwrap();
    let ended = f
        .find(|e| matches!(e, LogEvent::TurnEnded { who } if *who == scout))
        .unwrap();
    assert_eq!(ended, moved + 1, "nobody asked to end the turn");
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho01_with_exactly_a_quick_action_left_the_turn_goes_on() {
    // Engage (1 s), withhold the sword (3.5 s), disengage (1 s): 1 s left, enough to engage
    // again; then nothing is left and the turn ends by itself.
    let mut f = Fight::duel("fighter", "brute", &[]);
    let engage = f.engage("Brute");
    f.ok("Fighter", engage);
    let withhold = f.withhold("Fighter", "Brute", "Sword", Trigger::EnemyAttacksMe);
    f.ok("Fighter", withhold);
    f.ok("Fighter", Intent::Disengage);
    assert_eq!((f.left("Fighter"), f.turn()), (10, "Fighter".to_string()));
    assert_eq!(f.cost("Fighter", &engage), secs(10));
    f.ok("Fighter", engage);
    assert_eq!((f.left("Fighter"), f.turn()), (0, "Brute".to_string()));
}

#[test]
fn oho01_a_request_costing_more_than_is_left_is_rejected_and_changes_nothing() {
    // Engage (1 s) and a sword attack that misses (1 + 1 + 1 = 3 against 6): 2.5 s left.
    let mut f = Fight::duel("fighter", "brute", &[1, 1, 1, 6]);
    let engage = f.engage("Brute");
    f.ok("Fighter", engage);
    let attack = f.attack("Fighter", "Brute", "Sword");
    f.ok("Fighter", attack);
    assert_eq!(f.left("Fighter"), 25);
    assert!(f.offer("Fighter", &attack).is_none(), "3 s is not offered");
    let before = f.events().len();
    let reason = f.refused("Fighter", attack);
    assert_eq!(reason, "it has 2.5s of its gauge left and that takes 3.0s");
    assert_eq!(f.left("Fighter"), 25);
    assert_eq!(f.turn(), "Fighter");
    assert_eq!(f.hp("Brute"), 40);
    assert_eq!(f.encounter().rejections(), 1);
    let events = f.events();
    assert_eq!(events.len(), before + 1, "only the rejection is logged");
    assert!(
        matches!(&events[before], LogEvent::Rejected { reason, .. } if reason.contains("2.5s"))
    );
    // The turn goes on: a move still fits.
    let away = f.move_to("far");
    f.ok("Fighter", away);
    assert_eq!((f.left("Fighter"), f.turn()), (5, "Brute".to_string()));
}

#[test]
fn oho02_every_action_is_priced_in_tenths_of_a_second() {
    let mut f = Fight::duel("mage", "brute", &[]);
    let engage = f.engage("Brute");
    let step = f.move_to("far");
    let withhold_closing = f.withhold("Mage", "Brute", "Frost", Trigger::EnemyEngagesMe);
    assert_eq!(f.cost("Mage", &engage), secs(10), "quick action");
    assert_eq!(f.cost("Mage", &step), secs(20), "move action");
    assert_eq!(
        f.cost("Mage", &withhold_closing),
        secs(5 + 30 + 10),
        "reaction + normal action + the quick action of closing in"
    );
    assert_eq!(f.cost("Mage", &Intent::EndTurn), Cost::FREE);
    f.ok("Mage", engage);
    f.end_turn();
    f.end_turn();
    // Round 2: engaged, with an untouched gauge.
    let firebolt = f.attack("Mage", "Brute", "Firebolt");
    let frost = f.attack("Mage", "Brute", "Frost");
    let head = f.called("Mage", "Brute", "Frost", BodyPart::Head);
    let withhold = f.withhold("Mage", "Brute", "Frost", Trigger::EnemyAttacksMe);
    assert_eq!(f.cost("Mage", &firebolt), secs(65), "full-round action");
    assert_eq!(f.cost("Mage", &frost), secs(30), "normal action");
    assert_eq!(f.cost("Mage", &head), secs(30));
    assert_eq!(f.cost("Mage", &withhold), secs(5 + 30));
    assert_eq!(f.cost("Mage", &Intent::Disengage), secs(10));
    assert_eq!(f.cost("Mage", &step), secs(20));
}

/// Mage and brute in `near`; the mage engaged the brute in round 1 and it is the mage's turn in
/// round 2, with its whole gauge.
fn spellcasting(faces: &[u32]) -> Fight {
    let mut f = Fight::duel("mage", "brute", faces);
    let engage = f.engage("Brute");
    f.ok("Mage", engage);
    f.end_turn();
    f.end_turn();
    assert_eq!((f.encounter().round(), f.left("Mage")), (2, 65));
    f
}

#[test]
fn oho03_a_full_round_action_takes_the_whole_gauge_and_lands_at_the_end_of_the_round() {
    // At the end of round 2: 5 + 5 + 5 = 15 against 3, a hit; 4 damage against Fortitude 6
    // holds.
    let mut f = spellcasting(&[5, 5, 5, 3, 4, 6]);
    let firebolt = f.attack("Mage", "Brute", "Firebolt");
    f.ok("Mage", firebolt);
    assert_eq!(f.left("Mage"), 0);
    assert_eq!(f.faces_left(), 6, "nothing is rolled yet");
    assert_eq!(f.turn(), "Brute", "the whole turn is gone");
    assert_eq!(
        f.notes("Mage"),
        vec!["begins a full-round action: it lands at the end of the round."]
    );
    assert!(f.attacks().is_empty());
    f.end_turn();
    assert_eq!((f.encounter().round(), f.turn()), (3, "Mage".to_string()));
    assert_eq!(f.faces_left(), 0);
    assert_eq!(
        f.attacks(),
        vec!["Firebolt (Intellect), full-round action: 3d6 = [5, 5, 5] = 15 vs 3, hit"]
    );
    assert_eq!(f.state("Brute").hits, 1);
    // In the log it lands after the brute's turn, at the end of round 2.
    let brute = f.id("Brute");
    let entries = f.entries();
    let brute_done = f
        .find_last(|e| matches!(e, LogEvent::TurnEnded { who } if *who == brute))
        .unwrap();
    let landed = f.find(|e| matches!(e, LogEvent::Attack { .. })).unwrap();
    let round3 = f
        .find_last(|e| matches!(e, LogEvent::RoundStarted))
        .unwrap();
    assert!(brute_done < landed && landed < round3);
    assert_eq!(entries[round3].round, 3);
    for entry in &entries[brute_done + 1..round3] {
        assert_eq!(entry.round, 2, "{:?} is logged in round 2", entry.event);
    }
}

#[test]
fn oho03_a_full_round_action_needs_the_untouched_gauge() {
    let mut f = spellcasting(&[]);
    let firebolt = f.attack("Mage", "Brute", "Firebolt");
    assert!(f.offer("Mage", &firebolt).is_some());
    f.ok("Mage", Intent::Disengage);
    assert!(f.offer("Mage", &firebolt).is_none());
    let engage = f.engage("Brute");
    f.ok("Mage", engage);
    assert_eq!(
        f.refused("Mage", firebolt),
        "a full-round action needs the whole untouched gauge (OHO-03)"
    );
    assert_eq!(f.left("Mage"), 45);
}

#[test]
fn oho03_its_maker_takes_no_reaction_during_that_round() {
    // The brute leaves the mage that engages it: no attack of opportunity. The firebolt (reach
    // 1) still reaches it in `far` at the end of the round: 6 + 6 + 6 = 18 against 1, a hit;
    // 2 damage against Fortitude 2 holds.
    let mut f = spellcasting(&[6, 6, 6, 1, 2, 2]);
    let firebolt = f.attack("Mage", "Brute", "Firebolt");
    f.ok("Mage", firebolt);
    let away = f.move_to("far");
    f.ok("Brute", away);
    assert!(f.reactors().is_empty());
    assert_eq!(f.region("Brute"), "far");
    assert!(f.find(|e| matches!(e, LogEvent::Reaction { .. })).is_none());
    assert!(f.engages("Mage", "Brute"), "the firebolt still reaches it");
    f.end_turn();
    assert_eq!(f.state("Brute").hits, 1);
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho03_a_full_round_action_is_lost_when_its_maker_no_longer_engages_the_target() {
    // The brute disengages (from every engagement, either way): at the end of the round the
    // firebolt has no target it engages, and nothing is rolled.
    let mut f = spellcasting(&[]);
    let firebolt = f.attack("Mage", "Brute", "Firebolt");
    f.ok("Mage", firebolt);
    f.ok("Brute", Intent::Disengage);
    assert!(!f.engages("Mage", "Brute"));
    f.end_turn();
    assert_eq!(f.encounter().round(), 3);
    assert_eq!(
        f.notes("Mage"),
        vec![
            "begins a full-round action: it lands at the end of the round.",
            "loses their full-round action."
        ]
    );
    assert!(f.attacks().is_empty());
}

#[test]
fn oho04_a_move_action_covers_the_speed_and_the_hamper_value_adds_feet() {
    let mut f = Fight::new(LINE, &[("fighter", 1, "a")], &[("brute", 1, "c")], &[6, 1]);
    let to_b = f.move_to("b");
    // 30 feet + hamper 15 = 45 feet: a move action (30) and a dash (15).
    let offer = f.offer("Fighter", &to_b).unwrap();
    assert_eq!(
        (offer.cost, offer.label.as_ref()),
        (secs(30), "move (move + dash)")
    );
    f.ok("Fighter", to_b);
    assert_eq!(
        (f.region("Fighter"), f.left("Fighter")),
        ("b".to_string(), 35)
    );
    // Back to `a`: 30 feet, one move action; on to `c`: 30 + 30 = 60 feet, two move actions,
    // more than the 3.5 s left.
    let to_a = f.move_to("a");
    let to_c = f.move_to("c");
    let back = f.offer("Fighter", &to_a).unwrap();
    assert_eq!((back.cost, back.label.as_ref()), (secs(20), "move (move)"));
    assert!(f.offer("Fighter", &to_c).is_none());
    let mut far_off = Fight::new(LINE, &[("fighter", 1, "a")], &[("brute", 1, "c")], &[6, 1]);
    let c = far_off.move_to("c");
    assert_eq!(far_off.refused("Fighter", c), "c is not next to a");
    assert_eq!(
        f.refused("Fighter", to_c),
        "it has 3.5s of its gauge left and that takes 4.0s"
    );
    assert_eq!(f.region("Fighter"), "b");
    f.end_turn();
    f.end_turn();
    let on = f.offer("Fighter", &to_c).unwrap();
    assert_eq!((on.cost, on.label.as_ref()), (secs(40), "move (2 moves)"));
    f.ok("Fighter", to_c);
    assert_eq!(
        (f.region("Fighter"), f.left("Fighter")),
        ("c".to_string(), 25)
    );
}

#[test]
fn oho05_a_withheld_attack_costs_a_reaction_and_an_attack_and_fires_before_its_trigger() {
    // The fighter's withheld sword: 6 + 6 + 6 = 18 against 1, a hit; 5 damage against
    // Fortitude 6 holds. Then the brute's club: 1 + 1 + 1 = 3 against 6, a miss.
    let mut f = Fight::duel("fighter", "brute", &[6, 6, 6, 1, 5, 6, 1, 1, 1, 6]);
    let engage = f.engage("Brute");
    f.ok("Fighter", engage);
    let withhold = f.withhold("Fighter", "Brute", "Sword", Trigger::EnemyAttacksMe);
    let offer = f.offer("Fighter", &withhold).unwrap();
    assert_eq!(
        (offer.cost, offer.label.as_ref()),
        (secs(35), "withhold Sword (Strength)")
    );
    f.ok("Fighter", withhold);
    assert_eq!(f.left("Fighter"), 20);
    assert!(f.state("Fighter").withheld.is_some());
    assert_eq!(f.faces_left(), 10, "nothing is rolled when withholding");
    f.end_turn();
    let engage = f.engage("Fighter");
    f.ok("Brute", engage);
    assert!(f.reactors().is_empty(), "engaging is not its trigger");
    let club = f.attack("Brute", "Fighter", "Club");
    assert_eq!(f.act("Brute", club), None);
    assert_eq!(f.reactors(), vec!["Fighter".to_string()]);
    let offers = f.offers("Fighter");
    assert_eq!(offers.len(), 2);
    assert_eq!(offers[0].cost, Cost::FREE, "its time was paid on its turn");
    assert_eq!(offers[1].intent, Intent::Pass);
    f.ok("Fighter", offers[0].intent);
    assert_eq!(
        f.attacks(),
        vec![
            "Sword (Strength), withheld action: 3d6 = [6, 6, 6] = 18 vs 1, hit",
            "Club (Strength): 3d6 = [1, 1, 1] = 3 vs 6, miss",
        ]
    );
    assert!(
        f.find(|e| matches!(e, LogEvent::Reaction { .. })).unwrap()
            < f.find(|e| matches!(e, LogEvent::Attack { .. })).unwrap()
    );
    assert_eq!(f.left("Fighter"), 20, "firing costs nothing more");
    assert_eq!(f.left("Brute"), 25);
    assert_eq!(f.state("Fighter").withheld, None);
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho05_a_withheld_attack_that_disables_its_trigger_stops_the_triggering_attack() {
    // The greataxe: 6 + 6 + 6 = 18 against 1; 22 damage against Fortitude 1 fails by 21:
    // damage (22 + 17 / 10 = 23), an injury and disabled. The club is never swung.
    let mut f = Fight::duel("fighter", "brute", &[6, 6, 6, 1, 22, 1]);
    let engage = f.engage("Brute");
    f.ok("Fighter", engage);
    let withhold = f.withhold("Fighter", "Brute", "Greataxe", Trigger::EnemyAttacksMe);
    f.ok("Fighter", withhold);
    f.end_turn();
    let engage = f.engage("Fighter");
    f.ok("Brute", engage);
    let club = f.attack("Brute", "Fighter", "Club");
    f.act("Brute", club);
    let fire = f.offers("Fighter")[0].intent;
    f.ok("Fighter", fire);
    assert_eq!(f.attacks().len(), 1);
    assert_eq!(f.hp("Brute"), 40 - 23);
    assert_eq!(f.status("Brute"), Status::Down);
    assert_eq!(
        f.left("Brute"),
        25,
        "the attack's time was spent all the same"
    );
    let outcome = f.encounter().outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.ending),
        (Some(SideId(0)), Ending::Victory)
    );
}

#[test]
fn oho05_a_withheld_strike_at_a_foe_it_does_not_engage_closes_in_first() {
    // 6 + 6 + 6 = 18 against 1, a hit; 1 damage against Fortitude 6 holds.
    let mut f = Fight::duel("fighter", "brute", &[6, 6, 6, 1, 1, 6]);
    let withhold = f.withhold("Fighter", "Brute", "Sword", Trigger::EnemyEngagesMe);
    f.ok("Fighter", withhold);
    assert_eq!(f.left("Fighter"), 20, "0.5 + 3 + 1 to close in");
    f.end_turn();
    let engage = f.engage("Fighter");
    f.act("Brute", engage);
    let fire = f.offers("Fighter")[0].intent;
    f.ok("Fighter", fire);
    let (fighter, brute) = (f.id("Fighter"), f.id("Brute"));
    let closes = f
        .find(|e| matches!(e, LogEvent::Engaged { who, .. } if *who == fighter))
        .unwrap();
    let strikes = f.find(|e| matches!(e, LogEvent::Attack { .. })).unwrap();
    let engaged = f
        .find(|e| matches!(e, LogEvent::Engaged { who, .. } if *who == brute))
        .unwrap();
    assert!(closes < strikes && strikes < engaged);
    assert!(f.engages("Fighter", "Brute") && f.engages("Brute", "Fighter"));
    assert_eq!(f.state("Brute").hits, 1);
}

#[test]
fn oho05_a_withheld_move_steps_away_before_the_foe_engages() {
    let mut f = Fight::duel("fighter", "brute", &[]);
    let away = f.withhold_move("far");
    let offer = f.offer("Fighter", &away).unwrap();
    assert_eq!(
        (offer.cost, offer.label.as_ref()),
        (secs(25), "withhold a move")
    );
    f.ok("Fighter", away);
    f.end_turn();
    let engage = f.engage("Fighter");
    f.act("Brute", engage);
    let step = f.offers("Fighter")[0].intent;
    f.ok("Fighter", step);
    assert_eq!(f.region("Fighter"), "far");
    assert!(!f.engages("Brute", "Fighter"));
    assert_eq!(
        f.notes("Brute"),
        vec!["finds its target gone: the engage comes to nothing."]
    );
    assert_eq!(f.left("Brute"), 55);
}

#[test]
fn oho05_a_withheld_action_lapses_at_its_makers_next_turn() {
    let mut f = Fight::duel("fighter", "brute", &[]);
    let engage = f.engage("Brute");
    f.ok("Fighter", engage);
    let withhold = f.withhold("Fighter", "Brute", "Sword", Trigger::EnemyMoves);
    f.ok("Fighter", withhold);
    f.end_turn();
    f.end_turn();
    assert_eq!(f.turn(), "Fighter");
    assert_eq!(f.state("Fighter").withheld, None);
    assert_eq!(
        f.notes("Fighter"),
        vec![
            "withholds an action until their foe moves.",
            "lets their withheld action go."
        ]
    );
    assert_eq!(f.left("Fighter"), 65);
}

#[test]
fn oho05_a_withheld_strike_cannot_engage_past_the_limit() {
    // The fighter withholds a strike that closes in on Brute 1, then engages Brute 2: when
    // Brute 1 comes, it may not engage a second creature, so the strike is lost.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("brute", 2, "near")],
        &[6, 2, 1],
    );
    let withhold = f.withhold("Fighter", "Brute 1", "Sword", Trigger::EnemyEngagesMe);
    f.ok("Fighter", withhold);
    let engage = f.engage("Brute 2");
    f.ok("Fighter", engage);
    f.end_turn();
    let engage = f.engage("Fighter");
    f.act("Brute 1", engage);
    assert_eq!(f.reactors(), vec!["Fighter".to_string()]);
    let fire = f.offers("Fighter")[0].intent;
    f.ok("Fighter", fire);
    assert_eq!(
        f.notes("Fighter").last().unwrap(),
        "engages as many creatures as they can: the withheld strike is lost."
    );
    assert!(f.engages("Fighter", "Brute 2"));
    assert!(!f.engages("Fighter", "Brute 1"), "{}", f.log());
    assert!(f.attacks().is_empty());
    assert!(f.engages("Brute 1", "Fighter"));
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho06_a_dash_is_a_quick_action_covering_half_the_speed() {
    // Crossing from `near` to `far` is 30 feet. The brawler (speed 20, dash 10): a move and a
    // dash, 3 s (two moves would take 4 s). The fighter (speed 30): one move, 2 s. The scout
    // (speed 60, dash 30 from its statblock): one dash, 1 s.
    let mut f = Fight::new(
        NEAR_FAR,
        &[
            ("brawler", 1, "near"),
            ("fighter", 1, "near"),
            ("scout", 1, "near"),
        ],
        &[("brute", 1, "far")],
        &[6, 5, 4, 1],
    );
    let far = f.move_to("far");
    let price = |f: &Fight, who: &str| {
        let o = f.offer(who, &far).unwrap();
        (o.cost, o.label.to_string())
    };
    assert_eq!(
        price(&f, "Brawler"),
        (secs(30), "move (move + dash)".into())
    );
    f.ok("Brawler", far);
    assert_eq!(f.left("Brawler"), 35);
    f.end_turn();
    assert_eq!(price(&f, "Fighter"), (secs(20), "move (move)".into()));
    f.end_turn();
    assert_eq!(price(&f, "Scout"), (secs(10), "move (dash)".into()));
    f.ok("Scout", far);
    assert_eq!(
        (f.region("Scout"), f.left("Scout")),
        ("far".to_string(), 55)
    );
}
