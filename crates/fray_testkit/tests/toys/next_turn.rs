//! `next_turn`: interrupts charged to the next turn (DR-14) and group initiative (DR-12).

use fray_core::cost::Timing;
use fray_core::ids::GroupId;
use fray_core::prelude::*;
use fray_core::turn::ActingUnit;
use fray_testkit::harness::Fight;
use fray_testkit::toys::next_turn::{self, ActionPoints};
use fray_testkit::toys::words::MELEE;

use crate::common::{ai_events, notes, play_out, same_after_load, turns};

fn attack(fight: &Fight, target: &str) -> Intent {
    Intent::Attack {
        target: fight.who(target),
        attack: MELEE,
        maneuver: Maneuver::STANDARD,
    }
}

fn fight(hero: &str, faces: &[u32]) -> Fight {
    next_turn::bench().fight(
        "Named(\"single\")",
        &[(hero, 1, "field")],
        &[("orc", 1, "field")],
        "",
        faces,
    )
}

fn points(fight: &Fight, name: &str) -> ActionPoints {
    *fight.get::<ActionPoints>(name)
}

/// The attackers of the log's attacks, in order, with what the log calls each attack.
fn attacks(fight: &Fight) -> Vec<(String, String)> {
    let roster = fight.roster().clone();
    fight
        .events()
        .into_iter()
        .filter_map(|e| match e {
            LogEvent::Attack {
                attacker, attack, ..
            } => Some((roster.name(attacker).to_string(), attack)),
            _ => None,
        })
        .collect()
}

#[test]
fn dr14_an_interrupt_lands_first_and_leaves_the_next_turn_a_point_short() {
    let mut f = fight("hero", &[10, 4, 15, 12, 2, 11]);
    assert_eq!(f.turn(), "Hero");
    assert_eq!(points(&f, "Hero").left, 2);
    f.ok("Hero", attack(&f, "Orc"));
    // The orc may interrupt, with a point of its next turn.
    assert_eq!(f.encounter().phase(), Phase::Reacting);
    let offers = f.offers("Orc");
    assert_eq!(offers[0].intent, attack(&f, "Hero"));
    assert_eq!(offers[0].cost.timing, Timing::NextTurn);
    assert_eq!(offers[0].cost_text, "1 AP of the next turn");
    f.ok("Orc", attack(&f, "Hero"));
    assert_eq!(f.hp("Hero").current, 9);
    assert_eq!(f.hp("Orc").current, 7);
    assert_eq!(points(&f, "Orc"), ActionPoints { left: 0, owed: 1 });
    assert_eq!(
        attacks(&f),
        [
            ("Orc".to_string(), "interrupt".to_string()),
            ("Hero".to_string(), "attack".to_string())
        ]
    );
    // The second attack: the orc lets it be.
    f.ok("Hero", attack(&f, "Orc"));
    f.ok("Orc", Intent::Pass);
    assert_eq!(points(&f, "Hero").left, 0);
    // The orc's turn: one point left, one attack, and the turn is over.
    assert_eq!(f.turn(), "Orc");
    assert_eq!(points(&f, "Orc"), ActionPoints { left: 1, owed: 0 });
    f.ok("Orc", attack(&f, "Hero"));
    f.ok("Hero", Intent::Pass);
    assert_eq!(f.hp("Hero").current, 6);
    assert_eq!(f.encounter().round(), 2);
    assert_eq!(f.turn(), "Hero");
    assert_eq!(points(&f, "Hero"), ActionPoints { left: 2, owed: 0 });
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn dr14_a_turn_spent_in_advance_is_skipped_and_no_more_can_be_owed() {
    let mut f = fight("veteran", &[10, 4, 2, 2, 2, 2, 2]);
    for _ in 0..2 {
        f.ok("Veteran", attack(&f, "Orc"));
        f.ok("Orc", attack(&f, "Veteran"));
    }
    assert_eq!(points(&f, "Orc").owed, 2);
    // The orc owes its whole next turn: it may not interrupt the third attack.
    f.ok("Veteran", attack(&f, "Orc"));
    assert_ne!(f.encounter().phase(), Phase::Reacting);
    // Its turn comes and goes; round 2 begins with the veteran.
    assert_eq!(f.encounter().round(), 2);
    assert_eq!(f.turn(), "Veteran");
    assert_eq!(turns(&f), ["Veteran", "Orc", "Veteran"]);
    assert_eq!(points(&f, "Orc"), ActionPoints { left: 0, owed: 0 });
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn dr12_a_monster_group_rolls_once_and_its_members_act_on_its_count() {
    // The bench's side list has no field for a group: the region's text carries one.
    let mut f = next_turn::bench().fight(
        "Named(\"single\")",
        &[("hero", 1, "field")],
        &[("wolf", 2, "field\", group: \"pack"), ("orc", 1, "field")],
        "",
        &[6, 9, 3],
    );
    let pack = Some(ActingUnit::Group(GroupId(0)));
    assert_eq!(f.encounter_part::<Turn>().unit(), pack);
    let counts: Vec<(CombatantId, i32, bool)> = f
        .events()
        .into_iter()
        .filter_map(|e| match e {
            LogEvent::Initiative { who, count, roll } => Some((who, count, roll.is_some())),
            _ => None,
        })
        .collect();
    let id = |name: &str| f.id(name);
    assert_eq!(
        counts,
        [
            (id("Hero"), 6, true),
            (id("Wolf 1"), 9, true),
            (id("Wolf 2"), 9, false),
            (id("Orc"), 3, true),
        ]
    );
    for _ in 0..8 {
        f.end_turn();
    }
    assert_eq!(
        turns(&f)[..8],
        [
            "Wolf 1", "Wolf 2", "Hero", "Orc", "Wolf 1", "Wolf 2", "Hero", "Orc"
        ]
    );
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn an_interrupt_window_saved_open_goes_on_after_loading() {
    let mut f = fight("hero", &[10, 4, 15, 12, 2, 11]);
    f.ok("Hero", attack(&f, "Orc"));
    same_after_load(&mut f, |f| {
        f.ok("Orc", attack(f, "Hero"));
        assert_eq!(points(f, "Orc").owed, 1);
        f.ok("Hero", attack(f, "Orc"));
        f.ok("Orc", Intent::Pass);
        f.ok("Orc", attack(f, "Hero"));
        f.ok("Hero", Intent::Pass);
        assert_eq!(f.encounter().round(), 2);
    });
}

#[test]
fn ai_against_ai_interrupts_and_packs_play_to_the_end() {
    let sides = r#"[
        (name: "Heroes", controller: Ai("tactical"), combatants: [(statblock: "hero", count: 2, region: "field"), (statblock: "veteran", region: "field")]),
        (name: "Beasts", controller: Ai("random"), combatants: [(statblock: "wolf", count: 3, region: "field", group: "pack"), (statblock: "orc", count: 2, region: "field", group: "band")]),
    ]"#;
    let bench = next_turn::bench();
    let outcomes = play_out(&bench, "Named(\"single\")", sides, 300);
    assert!(outcomes.iter().any(|o| o.winner == Some(SideId(0))));
    assert!(outcomes.iter().any(|o| o.winner == Some(SideId(1))));
    // The AIs interrupt, pay for it on their next turn, and delay.
    let events = ai_events(&bench, "Named(\"single\")", sides, 40);
    let interrupts = events
        .iter()
        .filter(|e| matches!(e, LogEvent::Attack { attack, .. } if attack == "interrupt"))
        .count();
    assert!(interrupts > 0);
    assert!(notes(&events, "went on interrupts") > 0);
    assert!(notes(&events, "delays") > 0);
}

/// A hero, a pack of two wolves (one d12 for the pack) and an orc; the pack acts first.
fn pack_fight() -> Fight {
    // The bench's side list has no field for a group: the region's text carries one.
    next_turn::bench().fight(
        "Named(\"single\")",
        &[("hero", 1, "field")],
        &[("wolf", 2, "field\", group: \"pack"), ("orc", 1, "field")],
        "",
        &[6, 9, 3],
    )
}

#[test]
fn dr13_a_group_delays_as_one_before_any_of_it_acts() {
    let mut f = pack_fight();
    assert_eq!(f.turn(), "Wolf 1");
    f.ok("Wolf 1", Intent::Delay);
    // The whole pack waits for the hero: the second wolf does not act now.
    assert_eq!(f.turn(), "Hero");
    f.end_turn();
    for _ in 0..6 {
        f.end_turn();
    }
    assert_eq!(
        turns(&f),
        [
            "Wolf 1", "Hero", "Wolf 1", "Wolf 2", "Orc", "Hero", "Wolf 1", "Wolf 2", "Orc"
        ]
    );
}

#[test]
fn dr13_a_group_member_cannot_delay_once_another_has_acted() {
    let mut f = pack_fight();
    f.end_turn();
    assert_eq!(f.turn(), "Wolf 2");
    assert!(!f.offered_kinds("Wolf 2").contains(&IntentKind::Delay));
    assert!(matches!(
        f.act("Wolf 2", Intent::Delay),
        Some(RejectReason::Illegal(_))
    ));
}
