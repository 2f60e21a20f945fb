//! The names saves carry: every component registered for saving, by the core, the adventure
//! clock and every ruleset of the facade's list, under the name a save file holds. A save
//! written before a change must still load after it, so this list changes only on purpose:
//! regenerate it with `FRAY_BLESS_SAVED_NAMES=1` and say in the commit why a name moved.

use bevy_app::App;
use fray_core::save::SaveRegistry;

/// The committed list, one name per line, sorted.
const LIST: &str = "tests/suite/saved_names.txt";

#[test]
fn the_names_saves_carry_do_not_change() {
    let engine = fray::cli_engine();
    let mut app = App::new();
    (engine.install)(&mut app);
    (engine.explore)(&mut app);
    let mut names: Vec<&str> = app.world().resource::<SaveRegistry>().names().collect();
    names.sort_unstable();
    let total = names.len();
    names.dedup();
    assert_eq!(names.len(), total, "two components share a saved name");
    let listed = names.join("\n") + "\n";
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(LIST);
    if std::env::var_os("FRAY_BLESS_SAVED_NAMES").is_some() {
        std::fs::write(&path, &listed).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        listed, committed,
        "the saved names changed (FRAY_BLESS_SAVED_NAMES=1 rewrites {LIST})"
    );
}
