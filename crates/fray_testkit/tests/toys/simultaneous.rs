//! `simultaneous`: a step where every side acts at once and statuses change when it ends.

use fray_core::morale::MoraleTrigger;
use fray_core::prelude::*;
use fray_testkit::harness::Fight;
use fray_testkit::toys::simultaneous;
use fray_testkit::toys::words::MELEE;

use crate::common::{play_out, same_after_load};

fn blow(fight: &Fight, target: &str) -> Intent {
    Intent::Attack {
        target: fight.who(target),
        attack: MELEE,
        maneuver: Maneuver::STANDARD,
    }
}

fn fight(duelists: u16, faces: &[u32]) -> Fight {
    simultaneous::bench().fight(
        "Named(\"single\")",
        &[("duelist", duelists, "field")],
        &[("brute", 1, "field")],
        "",
        faces,
    )
}

/// The index of the first log event `f` matches.
fn first(fight: &Fight, f: impl Fn(&LogEvent) -> bool) -> usize {
    fight
        .find(f)
        .unwrap_or_else(|| panic!("no such event\n{}", fight.log()))
}

#[test]
fn a_creature_struck_down_in_the_step_still_acts_and_both_fall_when_it_ends() {
    let mut f = fight(1, &[10, 10]);
    assert_eq!(f.turn(), "Duelist");
    f.ok("Duelist", blow(&f, "Brute"));
    // Struck to 0, the brute still stands until the step ends, and it is its turn.
    assert_eq!(f.hp("Brute").current, 0);
    assert_eq!(f.status("Brute"), Status::Active);
    assert_eq!(f.turn(), "Brute");
    f.ok("Brute", blow(&f, "Duelist"));
    assert_eq!(f.hp("Duelist").current, -3);
    assert_eq!(
        (f.status("Duelist"), f.status("Brute")),
        (Status::Dead, Status::Dead)
    );
    let o = f.encounter().outcome().unwrap();
    assert_eq!(
        (o.winner, o.ending, o.round),
        (None, Ending::MutualDestruction, 1)
    );
    let (duelist, brute) = (f.id("Duelist"), f.id("Brute"));
    let brute_swung = first(
        &f,
        |e| matches!(e, LogEvent::Attack { attacker, .. } if *attacker == brute),
    );
    let falls = [brute, duelist].map(|who| {
        first(
            &f,
            |e| matches!(e, LogEvent::StatusChanged { who: w, status: Status::Dead } if *w == who),
        )
    });
    assert!(falls.iter().all(|&fell| fell > brute_swung), "{}", f.log());
}

#[test]
fn the_struck_down_can_still_be_struck_and_the_morale_triggers_wait_for_the_step() {
    let mut f = fight(2, &[10, 15, 10]);
    f.ok("Duelist 1", blow(&f, "Brute"));
    let brute = f.who("Brute");
    assert_eq!(
        f.encounter_part::<Turn>().deferred(),
        vec![(brute, Status::Dead)]
    );
    // A creature struck down earlier in the step is still a target.
    assert!(f.offered_kinds("Duelist 2").contains(&IntentKind::Attack));
    f.ok("Duelist 2", blow(&f, "Brute"));
    assert_eq!(f.hp("Brute").current, -6);
    f.ok("Brute", blow(&f, "Duelist 1"));
    assert_eq!(f.status("Duelist 1"), Status::Dead);
    assert_eq!(f.status("Duelist 2"), Status::Active);
    assert_eq!(f.status("Brute"), Status::Dead);
    assert!(f.encounter_part::<Turn>().deferred().is_empty());
    let o = f.encounter().outcome().unwrap();
    assert_eq!((o.winner, o.ending), (Some(SideId(0)), Ending::Victory));
    // Each fall counted once; the first fall of each side noted once, after the step.
    for name in ["Duelist 1", "Brute"] {
        assert_eq!(f.get::<Tally>(name).times_dropped, 1);
    }
    let last_blow = f
        .events()
        .iter()
        .rposition(|e| matches!(e, LogEvent::Attack { .. }))
        .unwrap();
    for side in [SideId(0), SideId(1)] {
        let noted: Vec<usize> = f
            .events()
            .iter()
            .enumerate()
            .filter(|(_, e)| {
                matches!(e, LogEvent::MoraleTriggered { side: s, trigger: MoraleTrigger::FirstDeath } if *s == side)
            })
            .map(|(i, _)| i)
            .collect();
        assert_eq!(noted.len(), 1, "{}", f.log());
        assert!(noted[0] > last_blow);
    }
}

#[test]
fn a_step_saved_with_a_fall_pending_goes_on_after_loading() {
    let mut f = fight(2, &[10, 15, 10]);
    f.ok("Duelist 1", blow(&f, "Brute"));
    same_after_load(&mut f, |f| {
        f.ok("Duelist 2", blow(f, "Brute"));
        f.ok("Brute", blow(f, "Duelist 1"));
        assert_eq!(f.status("Brute"), Status::Dead);
        assert!(f.encounter().is_over());
    });
}

#[test]
fn ai_against_ai_plays_to_the_end_and_some_fights_end_in_mutual_destruction() {
    let bench = simultaneous::bench();
    let one_each = r#"[
        (name: "Heroes", controller: Ai("tactical"), combatants: [(statblock: "duelist", region: "field")]),
        (name: "Brutes", controller: Ai("aggressive"), combatants: [(statblock: "brute", region: "field")]),
    ]"#;
    let outcomes = play_out(&bench, "Named(\"single\")", one_each, 300);
    assert!(
        outcomes
            .iter()
            .any(|o| o.ending == Ending::MutualDestruction)
    );
    let bands = r#"[
        (name: "Heroes", controller: Ai("random"), combatants: [(statblock: "duelist", count: 3, region: "field")]),
        (name: "Brutes", controller: Ai("tactical"), combatants: [(statblock: "brute", count: 3, region: "field")]),
    ]"#;
    let outcomes = play_out(&bench, "Named(\"single\")", bands, 300);
    assert!(outcomes.iter().any(|o| o.winner == Some(SideId(0))));
    assert!(outcomes.iter().any(|o| o.winner == Some(SideId(1))));
}
