//! `sides`: B/X side initiative (BX-16, BX-18) on the core's `ActingUnit::Sides` units.

use fray_core::prelude::*;
use fray_core::turn::{ActingUnit, SideSet};
use fray_testkit::toys::sides;
use fray_testkit::toys::words::{MELEE, MISSILE};

use crate::common::{ai_events, at, play_out, rolls, same_after_load, turns};

fn attack(fight: &fray_testkit::harness::Fight, target: &str, attack: AttackId) -> Intent {
    Intent::Attack {
        target: fight.who(target),
        attack,
        maneuver: Maneuver::STANDARD,
    }
}

/// Archer and Fighter against two orcs, in one field.
fn fight(faces: &[u32]) -> fray_testkit::harness::Fight {
    sides::bench().fight(
        "Named(\"single\")",
        &[("archer", 1, "field"), ("fighter", 1, "field")],
        &[("orc", 2, "field")],
        "",
        faces,
    )
}

#[test]
fn bx16_bx18_the_side_that_wins_initiative_acts_first_missiles_then_blows() {
    let mut f = fight(&[
        3, 3, // round 1: the sides tie...
        2, 5, // ...and roll again: the monsters act first
        15, 5,  // the orcs' blows
        12, // the archer's missile
        10, 20, // the heroes' blows
        6, 1, // round 2: the heroes act first
        1, 19, // the archer's missile, the fighter's blow
        20, // the orc's blow
        4, 2, // round 3
    ]);
    assert_eq!(
        rolls(&f),
        vec![
            ("initiative of the Heroes".to_string(), 3),
            ("initiative of the Monsters".to_string(), 3),
            ("initiative of the Heroes".to_string(), 2),
            ("initiative of the Monsters".to_string(), 5),
        ]
    );
    let monsters = Some(ActingUnit::Sides(SideSet::one(SideId(1))));
    assert_eq!(f.encounter_part::<Turn>().unit(), monsters);
    // The missile step: orcs have no missiles.
    assert_eq!(at(&f), ("Orc 1".to_string(), sides::MISSILES));
    assert_eq!(f.offered_kinds("Orc 1"), vec![IntentKind::EndTurn]);
    f.end_turn();
    assert_eq!(at(&f), ("Orc 2".to_string(), sides::MISSILES));
    f.end_turn();
    // The blows: every member of the side again, in roster order.
    assert_eq!(at(&f), ("Orc 1".to_string(), sides::BLOWS));
    f.ok("Orc 1", attack(&f, "Fighter", MELEE));
    assert_eq!(f.hp("Fighter").current, 6);
    assert_eq!(at(&f), ("Orc 2".to_string(), sides::BLOWS));
    f.ok("Orc 2", attack(&f, "Archer", MELEE));
    assert_eq!(f.hp("Archer").current, 6);
    // The heroes' turn.
    assert_eq!(at(&f), ("Archer".to_string(), sides::MISSILES));
    assert!(matches!(
        f.act("Archer", attack(&f, "Orc 1", MELEE)),
        Some(RejectReason::Illegal(_))
    ));
    f.ok("Archer", attack(&f, "Orc 1", MISSILE));
    assert_eq!(f.hp("Orc 1").current, 6);
    assert_eq!(at(&f), ("Fighter".to_string(), sides::MISSILES));
    assert_eq!(f.offered_kinds("Fighter"), vec![IntentKind::EndTurn]);
    let refused = f.act("Fighter", attack(&f, "Orc 1", MELEE));
    assert!(
        matches!(&refused, Some(RejectReason::Illegal(why)) if why.contains("first step")),
        "{refused:?}"
    );
    f.end_turn();
    assert_eq!(at(&f), ("Archer".to_string(), sides::BLOWS));
    f.ok("Archer", attack(&f, "Orc 1", MELEE));
    f.ok("Fighter", attack(&f, "Orc 1", MELEE));
    assert_eq!(f.status("Orc 1"), Status::Dead);
    // Round 2: the heroes won; the dead orc takes no turn in either step.
    assert_eq!(f.encounter().round(), 2);
    assert_eq!(at(&f), ("Archer".to_string(), sides::MISSILES));
    f.ok("Archer", attack(&f, "Orc 2", MISSILE));
    f.end_turn();
    f.end_turn();
    f.ok("Fighter", attack(&f, "Orc 2", MELEE));
    assert_eq!(f.hp("Orc 2").current, 3);
    assert_eq!(at(&f), ("Orc 2".to_string(), sides::MISSILES));
    f.end_turn();
    f.ok("Orc 2", attack(&f, "Archer", MELEE));
    assert_eq!(f.hp("Archer").current, 2);
    assert_eq!(f.encounter().round(), 3);
    assert_eq!(f.faces_left(), 0);
    let names = turns(&f);
    assert_eq!(
        names,
        [
            "Orc 1", "Orc 2", "Orc 1", "Orc 2", "Archer", "Fighter", "Archer", "Fighter", "Archer",
            "Fighter", "Archer", "Fighter", "Orc 2", "Orc 2", "Archer",
        ]
    );
}

#[test]
fn a_side_turn_saved_between_its_steps_goes_on_after_loading() {
    let mut f = fight(&[2, 5, 15, 5, 12, 10, 20, 6, 1]);
    f.end_turn();
    f.end_turn();
    f.ok("Orc 1", attack(&f, "Fighter", MELEE));
    // Saved in the orcs' second step, between its members.
    same_after_load(&mut f, |f| {
        f.ok("Orc 2", attack(f, "Archer", MELEE));
        f.ok("Archer", attack(f, "Orc 1", MISSILE));
        f.end_turn();
        f.ok("Archer", attack(f, "Orc 1", MELEE));
        f.ok("Fighter", attack(f, "Orc 1", MELEE));
        assert_eq!(f.encounter().round(), 2);
    });
}

#[test]
fn ai_against_ai_two_and_three_sides_play_to_the_end() {
    let bench = sides::bench();
    let two = r#"[
        (name: "Heroes", controller: Ai("tactical"), combatants: [(statblock: "archer", count: 2, region: "field"), (statblock: "fighter", region: "field")]),
        (name: "Orcs", controller: Ai("aggressive"), combatants: [(statblock: "orc", count: 4, region: "field")]),
    ]"#;
    let outcomes = play_out(&bench, "Named(\"single\")", two, 300);
    assert!(outcomes.iter().any(|o| o.winner == Some(SideId(0))));
    assert!(outcomes.iter().any(|o| o.winner == Some(SideId(1))));
    let missiles = ai_events(&bench, "Named(\"single\")", two, 20)
        .into_iter()
        .filter(|e| matches!(e, LogEvent::Attack { attack, .. } if attack == "missile"))
        .count();
    assert!(missiles > 0);
    // Three sides: a side wiped out before its turn comes is skipped.
    let three = r#"[
        (name: "Heroes", controller: Ai("random"), combatants: [(statblock: "archer", region: "field"), (statblock: "fighter", region: "field")]),
        (name: "Orcs", controller: Ai("tactical"), combatants: [(statblock: "orc", count: 2, region: "field")]),
        (name: "Bandits", controller: Ai("aggressive"), combatants: [(statblock: "archer", count: 2, region: "field")]),
    ]"#;
    let outcomes = play_out(&bench, "Named(\"single\")", three, 300);
    for side in 0..3 {
        assert!(outcomes.iter().any(|o| o.winner == Some(SideId(side))));
    }
}
