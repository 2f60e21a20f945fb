//! Fuzz target `content`: the RON content loader and every ruleset's checks, on mutated real
//! content.
//!
//! An input is a path relative to `content/` on its first line and a file's text after it (the
//! seeds are the real files: see `fuzz/seed-corpus`). The text replaces that file (or joins the
//! tree, at a new path) inside the otherwise untouched built-in content of its ruleset's folder
//! (or all of it, for a path outside them; the imported bestiaries' hundreds of statblocks
//! left out), and the whole is checked as `fray check FILE`
//! checks it (`ContentLoader::check_sources_in_context`, every ruleset's statblock schema).
//! Bad content must give problems, never a panic, each one placed inside its file. Content
//! that passes the checks must play: an encounter of the file (or of its ruleset) is spawned
//! and fought by the AI for a bounded number of ticks, with the core's debug invariants on,
//! and must not panic.

#![no_main]

use std::cell::RefCell;
use std::sync::{Arc, LazyLock};

use bevy_app::App;
use bevy_ecs::prelude::*;
use fray::content::db::ContentDb;
use fray::content::encounter::EncounterSpec;
use fray::content::loader::read_tree;
use fray::content::source::SourceFile;
use fray::prelude::*;
use fray_fuzz::content_dir;
use libfuzzer_sys::fuzz_target;

/// The built-in content, read once.
static TREE: LazyLock<Vec<SourceFile>> = LazyLock::new(|| read_tree(&content_dir()).0);

/// Whether a file lies in an imported bestiary's folder (one with an `ATTRIBUTION.md`, as
/// `fray import` writes it: `content/lite5e/srd/`): hundreds of statblocks that refer to
/// nothing and that nothing else refers to.
fn in_a_bestiary(path: &std::path::Path) -> bool {
    path.parent()
        .is_some_and(|dir| dir.join("ATTRIBUTION.md").is_file())
}

/// The files of [`TREE`] in an imported bestiary, by path (worked out once).
static BESTIARY: LazyLock<std::collections::BTreeSet<std::path::PathBuf>> = LazyLock::new(|| {
    TREE.iter()
        .filter(|s| in_a_bestiary(&s.path))
        .map(|s| s.path.clone())
        .collect()
});

/// Ticks a fight of checked content may take here (each runs until a decision or the end).
const MAX_TICKS: u32 = 64;

fuzz_target!(|data: &[u8]| {
    let input = String::from_utf8_lossy(data);
    let (relative, text) = input.split_once('\n').unwrap_or((&input, ""));
    let relative = relative.trim_start_matches(['/', '.']);
    let path = content_dir().join(relative);
    let target = SourceFile::new(path.clone(), text);
    // The context is the file's ruleset folder (the whole tree when it names none): what it
    // may refer to, without parsing the other rulesets' files again for every input. The
    // imported bestiaries' statblocks are left out of it (a file of theirs stands alone among
    // the rest): nothing refers to them, and parsing their hundreds of files for every input
    // was most of an input's time.
    let folder = content_dir().join(relative.split('/').next().unwrap_or_default());
    let within = |s: &&SourceFile| s.path.starts_with(&folder) && folder != content_dir();
    let mine = TREE.iter().any(|s| within(&s));
    let context: Vec<SourceFile> = TREE
        .iter()
        .filter(|s| s.path != path && (!mine || within(s)) && !BESTIARY.contains(&s.path))
        .cloned()
        .collect();
    let loader = content_loader();
    let (db, problems) = loader.check_sources_in_context(vec![target.clone()], context);
    let lines = text.lines().count() + 1;
    for d in problems.iter() {
        let shown = d.to_string();
        assert!(
            !d.message.trim().is_empty(),
            "a problem without a message: {shown}"
        );
        assert!(
            d.line >= 1 && d.column >= 1,
            "a problem at line 0 or column 0: {shown}"
        );
        if d.path == path {
            assert!(d.line <= lines, "a problem past the file's end: {shown}");
        }
    }
    if problems.is_empty() {
        play(db, &target, relative);
    }
});

/// Fights, with the AI, the encounter the file is (or one of its ruleset's).
fn play(db: ContentDb, target: &SourceFile, relative: &str) {
    let id = match target.parse::<EncounterSpec>() {
        Ok(spec) => spec.id,
        Err(_) => {
            let ruleset = relative.split('/').next().unwrap_or_default();
            let mut ids: Vec<&str> = db
                .encounters()
                .filter(|e| e.ruleset == ruleset)
                .map(|e| e.id.as_str())
                .collect();
            ids.sort_unstable();
            match ids.get(target.text.len() % ids.len().max(1)) {
                Some(id) => (*id).to_string(),
                None => return,
            }
        }
    };
    let seed = target.text.len() as u64;
    APP.with_borrow_mut(|slot| {
        let app = slot.get_or_insert_with(new_app);
        let world = app.world_mut();
        world.insert_resource(Content(Arc::new(db)));
        if world
            .spawn_encounter(&id, &EncounterSettings::logged(seed))
            .is_ok()
        {
            run_until_blocked(world, MAX_TICKS);
        }
        // The next input starts from a world without this one's fight: its encounter, regions
        // and combatants despawned, its messages dropped.
        let spawned: Vec<Entity> = world
            .query_filtered::<Entity, Or<(
                With<Encounter>,
                With<fray::core::region::Region>,
                With<InEncounter>,
            )>>()
            .iter(world)
            .collect();
        for entity in spawned {
            world.despawn(entity);
        }
        fray::core::drive::clear_messages(world);
    });
}

thread_local! {
    /// One app per fuzzing thread, built once: building one (its schedule, and the core's check
    /// that Fray's systems are totally ordered) was a fifth of an input's time. Each input's
    /// content replaces the last's, and its fight is cleared out after it.
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}

/// An app with every ruleset, stepped by hand.
fn new_app() -> App {
    let mut app = App::new();
    app.add_plugins(FrayPlugins {
        run: FrayRunMode::Manual,
        ..Default::default()
    })
    .insert_resource(Content(Arc::new(ContentDb::default())));
    app.finish();
    app.cleanup();
    app
}
