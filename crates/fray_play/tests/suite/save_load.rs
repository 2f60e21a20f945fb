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
