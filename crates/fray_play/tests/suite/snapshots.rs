//! The screen of the first decision in one encounter of each ruleset.

use crate::common::{screen, session};

/// Plays up to the person's first decision and snapshots the screen.
fn first_decision(encounter: &str) {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = session(encounter, 7, dir.path());
    app.settle();
    assert!(
        app.decision().is_some(),
        "{encounter}: the person is asked something before the fight ends"
    );
    insta::assert_snapshot!(encounter, screen(&app, 140, 44));
}

#[test]
fn archmage_first_decision() {
    first_decision("archmage-bridge");
}

#[test]
fn oho_first_decision() {
    first_decision("oho-crossroads");
}

#[test]
fn bx_first_decision() {
    first_decision("bx-goblin-cave");
}

#[test]
fn dierank_first_decision() {
    first_decision("dr-ford");
}

#[test]
fn lite5e_first_decision() {
    first_decision("l5-guild-duel");
}

#[test]
fn a_small_terminal_gets_a_message_not_a_broken_screen() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let app = session("archmage-bridge", 7, dir.path());
    let text = screen(&app, 60, 20);
    assert!(text.contains("needs 100x30"), "{text}");
}
