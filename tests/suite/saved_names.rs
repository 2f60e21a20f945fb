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

/// An App that explores and fights in every ruleset, with the built-in content.
fn explorer() -> App {
    let engine = fray::cli_engine();
    let mut app = App::new();
    (engine.install)(&mut app);
    (engine.explore)(&mut app);
    app.insert_resource(fray_core::spawn::Content(fray::content::builtin().unwrap()));
    app.finish();
    app
}

/// The names components were saved under before they were saved by type, and their names now.
const RENAMED: &[(&str, &str)] = &[
    ("fray_explore::Member", "fray_explore::MemberOf"),
    (
        "fray_archmage::explore::ArchmageExpedition",
        "fray_archmage::ArchmageExpedition",
    ),
    ("fray_archmage::explore::Lasting", "fray_archmage::Lasting"),
];

/// An archmage expedition saved mid-way under the old names (as a save written before the
/// rename carries them) loads and plays on exactly as the same save under today's names.
#[test]
fn a_save_with_the_names_of_before_loads_as_todays() {
    use fray::explore::prelude::*;
    let mut app = explorer();
    let content = fray::content::builtin().unwrap();
    let world = app.world_mut();
    let e = world
        .spawn_delve_from(&content, "archmage-barrow-delve", 5, true)
        .unwrap();
    for _ in 0..3 {
        explore_turn(world);
        settle_fights(world);
    }
    let today = save_expedition(world, e).unwrap();
    let mut before = today.clone();
    for (old, now) in RENAMED {
        assert!(
            today.contains(&format!("\"{now}\"")),
            "the save carries {now}"
        );
        before = before.replace(&format!("\"{now}\""), &format!("\"{old}\""));
    }
    let play_out = |text: &str| {
        let mut app = explorer();
        let world = app.world_mut();
        let e = load_expedition(world, text).unwrap();
        run_expeditions(world, 200);
        save_expedition(world, e).unwrap()
    };
    assert_eq!(play_out(&before), play_out(&today));
}
