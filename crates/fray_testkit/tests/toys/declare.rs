//! `declare`: declarations before initiative (BX-18), and spells lost to a hit (BX-21).

use fray_core::prelude::*;
use fray_core::turn::TurnOrder;
use fray_testkit::harness::Fight;
use fray_testkit::toys::declare::{self, DeclareState, Declared};
use fray_testkit::toys::words::{MELEE, SPELL};

use crate::common::{ai_events, notes, play_out, same_after_load};

fn spell(fight: &Fight, target: &str) -> Intent {
    Intent::UseAbility {
        ability: SPELL,
        target: Some(fight.who(target)),
    }
}

fn attack(fight: &Fight, target: &str) -> Intent {
    Intent::Attack {
        target: fight.who(target),
        attack: MELEE,
        maneuver: Maneuver::STANDARD,
    }
}

/// A mage against an orc; the dice after the initiative d6s are the fight's.
fn fight(faces: &[u32]) -> Fight {
    declare::bench().fight(
        "Named(\"single\")",
        &[("mage", 1, "field")],
        &[("orc", 1, "field")],
        "",
        faces,
    )
}

fn illegal(refused: Option<RejectReason>, says: &str) {
    assert!(
        matches!(&refused, Some(RejectReason::Illegal(why)) if why.contains(says)),
        "{refused:?}"
    );
}

#[test]
fn bx18_bx21_everyone_declares_before_initiative_and_a_hit_caster_loses_its_spell() {
    let mut f = fight(&[2, 5, 15]);
    // Round 1 opens with declarations: no initiative yet.
    assert_eq!(f.encounter().phase(), Phase::Declaring);
    assert_eq!(f.encounter().round(), 1);
    assert!(f.encounter_part::<TurnOrder>().is_empty());
    assert_eq!(f.turn(), "Mage");
    assert_eq!(
        f.offered_kinds("Mage"),
        vec![
            IntentKind::UseAbility,
            IntentKind::Retreat,
            IntentKind::Pass
        ]
    );
    f.ok("Mage", spell(&f, "Orc"));
    let orc = f.who("Orc");
    assert_eq!(
        f.get::<DeclareState>("Mage").declared,
        Some(Declared::Spell(orc))
    );
    assert_eq!(f.turn(), "Orc");
    assert_eq!(
        f.offered_kinds("Orc"),
        vec![IntentKind::Retreat, IntentKind::Pass]
    );
    illegal(f.act("Orc", attack(&f, "Mage")), "declares");
    illegal(f.act("Orc", spell(&f, "Mage")), "casts no spell");
    assert_eq!(f.faces_left(), 3);
    f.ok("Orc", Intent::Pass);
    // Initiative once everyone has declared: the orc first.
    assert_eq!(f.encounter().phase(), Phase::Acting);
    let declared = f
        .find(|e| matches!(e, LogEvent::Note { text, .. } if text.contains("declares")))
        .unwrap();
    let rolled = f
        .find(|e| matches!(e, LogEvent::Initiative { .. }))
        .unwrap();
    assert!(declared < rolled);
    assert_eq!(f.turn(), "Orc");
    f.ok("Orc", attack(&f, "Mage"));
    assert_eq!(f.hp("Mage").current, 4);
    assert!(f.get::<DeclareState>("Mage").lost);
    // The mage's spell is gone, and it may do nothing else.
    assert_eq!(f.turn(), "Mage");
    assert_eq!(f.offered_kinds("Mage"), vec![IntentKind::EndTurn]);
    illegal(f.act("Mage", spell(&f, "Orc")), "lost");
    illegal(f.act("Mage", attack(&f, "Orc")), "declared something else");
    f.end_turn();
    // Round 2 opens with declarations again, and the lost spell is forgotten.
    assert_eq!(f.encounter().round(), 2);
    assert_eq!(f.encounter().phase(), Phase::Declaring);
    assert_eq!(f.turn(), "Mage");
    assert_eq!(*f.get::<DeclareState>("Mage"), DeclareState::default());
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn bx21_a_caster_that_was_not_hit_casts_its_declared_spell() {
    let mut f = fight(&[2, 5, 2]);
    f.ok("Mage", spell(&f, "Orc"));
    f.ok("Orc", Intent::Pass);
    f.ok("Orc", attack(&f, "Mage"));
    assert_eq!(f.hp("Mage").current, 8);
    // (Surrender, which the kit offers every combatant that can act, is no action of the
    // rules: it does not break the declaration.)
    assert_eq!(
        f.offered_kinds("Mage"),
        vec![
            IntentKind::UseAbility,
            IntentKind::Surrender,
            IntentKind::EndTurn
        ]
    );
    f.ok("Mage", spell(&f, "Orc"));
    assert_eq!(f.hp("Orc").current, 2);
    assert_eq!(f.encounter().round(), 2);
}

#[test]
fn bx18_a_declared_retreat_is_all_the_retreater_may_do() {
    let mut f = fight(&[5, 2, 10]);
    f.ok("Mage", Intent::Pass);
    f.ok("Orc", Intent::Retreat);
    assert_eq!(f.turn(), "Mage");
    illegal(f.act("Mage", Intent::Retreat), "declared before initiative");
    f.ok("Mage", attack(&f, "Orc"));
    assert_eq!(f.turn(), "Orc");
    // Or give itself up, which the kit offers every combatant that can act.
    assert_eq!(
        f.offered_kinds("Orc"),
        vec![
            IntentKind::Retreat,
            IntentKind::Surrender,
            IntentKind::EndTurn
        ]
    );
    illegal(f.act("Orc", attack(&f, "Mage")), "declared something else");
    f.ok("Orc", Intent::Retreat);
    assert_eq!(f.status("Orc"), Status::Fled);
    let o = f.encounter().outcome().unwrap();
    assert_eq!(
        (o.winner, o.ending, o.round),
        (Some(SideId(0)), Ending::Fled, 1)
    );
}

#[test]
fn declarations_saved_half_way_go_on_after_loading() {
    let mut f = fight(&[2, 5, 15]);
    f.ok("Mage", spell(&f, "Orc"));
    // Saved between two declarations: the declared target is an entity to remap.
    same_after_load(&mut f, |f| {
        f.ok("Orc", Intent::Pass);
        f.ok("Orc", attack(f, "Mage"));
        assert!(f.get::<DeclareState>("Mage").lost);
        f.end_turn();
        assert_eq!(f.encounter().phase(), Phase::Declaring);
    });
}

#[test]
fn ai_against_ai_declares_casts_and_retreats_to_the_end() {
    let sides = r#"[
        (name: "Party", controller: Ai("tactical"), combatants: [(statblock: "mage", count: 2, region: "field"), (statblock: "fighter", region: "field")]),
        (name: "Tribe", controller: Ai("random"), combatants: [(statblock: "orc", count: 2, region: "field"), (statblock: "shaman", region: "field")]),
    ]"#;
    let bench = declare::bench();
    let outcomes = play_out(&bench, "Named(\"single\")", sides, 300);
    assert!(outcomes.iter().any(|o| o.winner == Some(SideId(0))));
    assert!(outcomes.iter().any(|o| o.ending == Ending::Fled));
    // Spells are declared, cast, and lost to blows.
    let events = ai_events(&bench, "Named(\"single\")", sides, 40);
    for said in ["declares a spell", "casts its spell", "loses its spell"] {
        assert!(notes(&events, said) > 0, "nobody {said}");
    }
}

#[test]
fn a_declarer_that_falls_before_declaring_is_passed_over() {
    let mut f = declare::bench().fight(
        "Named(\"single\")",
        &[("mage", 1, "field"), ("fighter", 1, "field")],
        &[("orc", 1, "field")],
        "",
        &[4, 5, 6],
    );
    assert_eq!(f.turn(), "Mage");
    // A game kills the mage between ticks, while it is to declare.
    let mage = f.who("Mage");
    f.app.world_mut().entity_mut(mage).insert(Status::Dead);
    f.touch();
    f.settle();
    assert_eq!(f.encounter().phase(), Phase::Declaring);
    assert_eq!(f.turn(), "Fighter");
    f.ok("Fighter", Intent::Pass);
    f.ok("Orc", Intent::Pass);
    // Initiative for those still standing: the fighter and the orc.
    assert_eq!(f.encounter().phase(), Phase::Acting);
    assert_eq!(f.turn(), "Orc");
    assert_eq!(f.faces_left(), 1);
}
