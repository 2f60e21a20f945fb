//! `pause`: an attack roll that waits for its target's answer (lite5e's shield), then goes on.

use fray_core::cost::Timing;
use fray_core::effect::BonusTo;
use fray_core::prelude::*;
use fray_testkit::harness::Fight;
use fray_testkit::toys::pause::{self, PauseState};
use fray_testkit::toys::words::{MELEE, SHIELD};

use crate::common::{ai_events, notes, play_out, same_after_load};

const CAST_SHIELD: Intent = Intent::UseAbility {
    ability: SHIELD,
    target: None,
};

fn attack(fight: &Fight, target: &str) -> Intent {
    Intent::Attack {
        target: fight.who(target),
        attack: MELEE,
        maneuver: Maneuver::STANDARD,
    }
}

/// A wizard (armor class 12, two shields) against `goblins` goblins (+4 to hit); the wizard
/// acts first and ends its turn: it is the first goblin's turn.
fn fight(goblins: u16, faces: &[u32]) -> Fight {
    let mut f = pause::bench().fight(
        "Named(\"single\")",
        &[("wizard", 1, "field")],
        &[("goblin", goblins, "field")],
        "",
        faces,
    );
    f.end_turn();
    f
}

/// The log's attack events: (against, hit).
fn judged(fight: &Fight) -> Vec<(i64, bool)> {
    fight
        .events()
        .into_iter()
        .filter_map(|e| match e {
            LogEvent::Attack { against, hit, .. } => Some((against, hit)),
            _ => None,
        })
        .collect()
}

#[test]
fn l5_a_hit_waits_for_the_shield_which_turns_it_into_a_miss() {
    let mut f = fight(2, &[10]);
    f.ok("Goblin 1", attack(&f, "Wizard"));
    // 10 + 4 = 14 against armor class 12: the attack waits for the wizard's answer.
    assert_eq!(f.encounter().phase(), Phase::Reacting);
    assert!(judged(&f).is_empty(), "nothing is judged yet");
    let offers = f.offers("Wizard");
    assert_eq!(
        offers.iter().map(|o| o.intent).collect::<Vec<_>>(),
        [CAST_SHIELD, Intent::Pass]
    );
    assert_eq!(offers[0].cost.timing, Timing::Reaction);
    // The preview sees the roll it answers: 14 misses armor class 17.
    assert_eq!(offers[0].preview.hit_chance, 1.0);
    f.ok("Wizard", CAST_SHIELD);
    // The same roll, judged again against armor class 17: a miss.
    assert_eq!(judged(&f), [(17, false)]);
    assert_eq!(f.hp("Wizard").current, 8);
    assert_eq!(f.turn(), "Goblin 2");
    assert_eq!(
        *f.get::<PauseState>("Wizard"),
        PauseState {
            acted: false,
            reacted: true,
            shields: 1
        }
    );
    assert_eq!(f.get::<Effects>("Wizard").bonus(BonusTo::Defenses), 5);
    // The shield lasts until the start of the wizard's next turn; its reaction comes back.
    f.end_turn();
    assert_eq!(f.turn(), "Wizard");
    assert_eq!(f.get::<Effects>("Wizard").bonus(BonusTo::Defenses), 0);
    assert!(!f.get::<PauseState>("Wizard").reacted);
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn l5_a_shield_too_weak_for_the_roll_is_foreseen_and_the_hit_still_lands() {
    let mut f = fight(1, &[16]);
    f.ok("Goblin", attack(&f, "Wizard"));
    // 16 + 4 = 20: even armor class 17 is hit.
    assert_eq!(f.offers("Wizard")[0].preview.hit_chance, 0.0);
    f.ok("Wizard", CAST_SHIELD);
    assert_eq!(judged(&f), [(17, true)]);
    assert_eq!(f.hp("Wizard").current, 4);
}

#[test]
fn l5_a_target_that_passes_is_hit_and_a_miss_waits_for_nobody() {
    let mut f = fight(2, &[10, 2]);
    f.ok("Goblin 1", attack(&f, "Wizard"));
    f.ok("Wizard", Intent::Pass);
    assert_eq!(judged(&f), [(12, true)]);
    assert_eq!(f.hp("Wizard").current, 4);
    assert_eq!(f.get::<PauseState>("Wizard").shields, 2);
    // 2 + 4 = 6 misses outright: no pause.
    f.ok("Goblin 2", attack(&f, "Wizard"));
    assert_eq!(judged(&f), [(12, true), (12, false)]);
    assert_eq!(f.turn(), "Wizard");
}

#[test]
fn l5_with_its_reaction_spent_a_hit_waits_for_nobody() {
    let mut f = fight(2, &[10, 14]);
    f.ok("Goblin 1", attack(&f, "Wizard"));
    f.ok("Wizard", CAST_SHIELD);
    // 14 + 4 = 18 hits armor class 17 at once: the wizard has no reaction left to answer with.
    f.ok("Goblin 2", attack(&f, "Wizard"));
    assert_ne!(f.encounter().phase(), Phase::Reacting);
    assert_eq!(judged(&f), [(17, false), (17, true)]);
    assert_eq!(f.hp("Wizard").current, 4);
    assert_eq!(f.turn(), "Wizard");
}

#[test]
fn a_roll_saved_while_it_waits_goes_on_after_loading() {
    let mut f = fight(1, &[10]);
    f.ok("Goblin", attack(&f, "Wizard"));
    same_after_load(&mut f, |f| {
        assert_eq!(f.offers("Wizard")[0].preview.hit_chance, 1.0);
        f.ok("Wizard", CAST_SHIELD);
        assert_eq!(f.hp("Wizard").current, 8);
        assert_eq!(f.turn(), "Wizard");
    });
}

#[test]
fn ai_against_ai_shields_and_plays_to_the_end() {
    let sides = r#"[
        (name: "Order", controller: Ai("tactical"), combatants: [(statblock: "wizard", count: 2, region: "field"), (statblock: "knight", region: "field")]),
        (name: "Horde", controller: Ai("aggressive"), combatants: [(statblock: "goblin", count: 4, region: "field")]),
    ]"#;
    let bench = pause::bench();
    let outcomes = play_out(&bench, "Named(\"single\")", sides, 300);
    assert!(outcomes.iter().any(|o| o.winner == Some(SideId(0))));
    assert!(outcomes.iter().any(|o| o.winner == Some(SideId(1))));
    // Hits wait for their targets, and wizards answer with shields.
    let events = ai_events(&bench, "Named(\"single\")", sides, 40);
    assert!(notes(&events, "unless its target answers") > 0);
    let shields = events
        .iter()
        .filter(|e| matches!(e, LogEvent::Reaction { .. }))
        .count();
    assert!(shields > 0);
}
