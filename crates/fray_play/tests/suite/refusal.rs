//! A request the person cannot make is refused with the core's reason, shown on the screen.

use fray_core::combatant::Side;
use fray_core::encounter::Roster;
use fray_core::intent::Intent;
use fray_core::request::RejectReason;

use crate::common::{screen, session, setup};

#[test]
fn requests_for_others_or_off_turn_are_refused_with_the_cores_reason() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = session("archmage-bridge", 7, dir.path());
    app.settle();
    let world = app.fight().world();
    let actor = app.decision().map(|d| d.actor);
    let mine = app.fight().side();
    let roster = world
        .get::<Roster>(app.fight().encounter())
        .cloned()
        .unwrap_or_default();
    let side_of = |e| world.get::<Side>(e).map(|s| s.0);
    let enemy = roster
        .entities()
        .find(|e| side_of(*e) != Some(mine))
        .unwrap_or_else(|| panic!("an enemy"));
    let friend = roster
        .entities()
        .find(|e| side_of(*e) == Some(mine) && Some(*e) != actor)
        .unwrap_or_else(|| panic!("an ally not deciding now"));

    app.send(enemy, Intent::EndTurn);
    let expected = format!("refused: {}", RejectReason::NotYourCombatant);
    assert_eq!(
        app.notice().map(|n| n.text.as_str()),
        Some(expected.as_str())
    );
    assert!(screen(&app, 140, 44).contains(&expected));

    // An ally that is not asked anything now: refused for not being its turn (or, while a
    // reaction window is open, because it has no reaction to make), in the core's words.
    app.send(friend, Intent::EndTurn);
    let notice = app.notice().cloned().unwrap_or_else(|| panic!("a notice"));
    assert!(
        notice.error && notice.text.starts_with("refused: "),
        "{notice:?}"
    );
    assert!(screen(&app, 140, 44).contains(&notice.text));
    // Nothing changed: the person is still asked the same thing.
    assert_eq!(app.decision().map(|d| d.actor), actor);
}

#[test]
fn d19_an_ai_for_the_persons_own_side_or_no_side_is_refused() {
    // Issue 32 D.19: `fray play archmage-bridge --ai Heroes=random` started as the Heroes and
    // ignored the --ai.
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let ai = |side: &str| {
        let mut s = setup("archmage-bridge", 7, dir.path());
        s.ai = vec![(
            side.to_string(),
            fray_core::combatant::Controller::Ai("random".into()),
        )];
        fray_play::App::new(s).err().map(|e| e.to_string())
    };
    let own = ai("Heroes").unwrap_or_default();
    assert!(own.contains("you play `Heroes`"), "{own}");
    let none = ai("Nobody").unwrap_or_default();
    assert!(none.contains("no side `Nobody`"), "{none}");
    assert_eq!(ai("Raiders"), None, "an AI for the other side is taken");
}

#[test]
fn d13_fleeing_asks_first_and_no_keeps_the_fight() {
    // Issue 32 D.13: "flee (the whole party)" ended the fight at one stray Enter.
    use fray_core::intent::IntentKind;
    use fray_play::app::Overlay;
    use fray_play::keys::Command;
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = session("archmage-bridge", 2, dir.path());
    app.settle();
    let flee = app
        .menu()
        .iter()
        .position(|e| e.option.intent.kind() == IntentKind::Flee)
        .expect("an archmage hero may flee");
    for _ in 0..flee {
        app.handle(Command::Down);
    }
    let before = app.log_lines();
    app.handle(Command::Choose);
    assert!(
        matches!(app.overlay(), Overlay::ConfirmLeave { .. }),
        "{:?}",
        app.overlay()
    );
    let shown = screen(&app, 120, 40);
    assert!(shown.contains("Leave the fight?"), "{shown}");
    app.handle(Command::No);
    assert_eq!(app.overlay(), Overlay::None);
    assert_eq!(app.log_lines(), before, "nothing was sent");
    assert!(!app.fight().is_over());
    app.handle(Command::Choose);
    app.handle(Command::Yes);
    app.settle();
    assert!(app.fight().is_over(), "the party fled");
}
