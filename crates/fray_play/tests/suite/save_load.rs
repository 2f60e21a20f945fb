//! Save, then load, then the same keys give the same log.

use fray_play::keys::Command;

use crate::common::{play, replay, session};

#[test]
fn save_load_and_the_same_keys_give_the_same_log() {
    for encounter in ["archmage-bridge", "dr-ford"] {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mut app = session(encounter, 11, dir.path());
        play(&mut app, 3);
        app.handle(Command::Save);
        let saved = app.notice().map(|n| (n.text.clone(), n.error));
        assert!(
            saved
                .as_ref()
                .is_some_and(|(t, e)| t.starts_with("saved to") && !e),
            "{saved:?}"
        );
        let keys = play(&mut app, 10_000);
        let first = app.log_lines();
        app.handle(Command::Load);
        assert!(app.notice().is_some_and(|n| !n.error), "{:?}", app.notice());
        assert!(app.log_lines().len() < first.len(), "the load went back");
        replay(&mut app, &keys);
        assert_eq!(
            first,
            app.log_lines(),
            "{encounter}: same log after loading"
        );
    }
}

#[test]
fn loading_without_a_save_says_what_to_do() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = session("archmage-bridge", 11, dir.path());
    app.handle(Command::Load);
    let notice = app.notice().map(|n| n.text.clone()).unwrap_or_default();
    assert!(notice.contains("press s to save first"), "{notice}");
}

#[test]
fn d16_a_save_of_another_encounter_is_refused_and_the_fight_goes_on() {
    // Issue 32 D.16: `l` loaded a bx save into an archmage session without a word.
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut cave = session("bx-goblin-cave", 11, dir.path());
    cave.handle(Command::Save);
    let mut bridge = session("archmage-bridge", 11, dir.path());
    play(&mut bridge, 3);
    let before = bridge.log_lines();
    bridge.handle(Command::Load);
    let notice = bridge.notice().map(|n| (n.text.clone(), n.error));
    assert!(
        notice.as_ref().is_some_and(|(text, error)| *error
            && text.contains("the save is of `bx-goblin-cave`, not `archmage-bridge`")),
        "{notice:?}"
    );
    assert_eq!(bridge.log_lines(), before, "the fight goes on as it was");
}
