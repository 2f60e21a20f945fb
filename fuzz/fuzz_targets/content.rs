//! Fuzz target `content`: the RON content loader and every ruleset's checks, on mutated real
//! content.
//!
//! An input is a path relative to `content/` on its first line and a file's text after it (the
//! seeds are the real files: see `fuzz/seed-corpus`). The text replaces that file (or joins the
//! tree, at a new path) inside the otherwise untouched built-in content of its ruleset's folder
//! (or all of it, for a path outside them; the imported bestiaries' hundreds of statblocks
//! left out), and the whole is checked as `fray check FILE` checks it (every ruleset's
//! statblock schema): the context is parsed once (`ContentLoader::parse_context`) and each
//! input's file checked over it (`ParsedContext::check`, which finds what
//! `ContentLoader::check_sources_in_context` finds).
//! Bad content must give problems, never a panic, each one placed inside its file. Content
//! that passes the checks must play: an encounter of the file (or of its ruleset) is spawned
//! and fought by the AI for a bounded number of ticks, with the core's debug invariants on,
//! and must not panic.

#![no_main]

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock};

use bevy_app::App;
use fray::content::context::ParsedContext;
use fray::content::db::ContentDb;
use fray::content::encounter::EncounterSpec;
use fray::content::loader::read_tree;
use fray::content::source::SourceFile;
use fray::prelude::*;
use fray_fuzz::content_dir;
use fray_fuzz::fight::{clear_fights, fight_app};
use libfuzzer_sys::fuzz_target;

/// The built-in content, read once.
static TREE: LazyLock<Vec<SourceFile>> = LazyLock::new(|| read_tree(&content_dir()).0);

/// Whether a file lies in an imported bestiary's folder (one with an `ATTRIBUTION.md`, as
/// `fray import` writes it: `content/lite5e/srd/`): hundreds of statblocks that refer to
/// nothing and that nothing else refers to.
fn in_a_bestiary(path: &Path) -> bool {
    path.parent()
        .is_some_and(|dir| dir.join("ATTRIBUTION.md").is_file())
}

/// The files of [`TREE`] outside the imported bestiaries, by path (worked out once): those an
/// input's file is checked among.
static CONTEXT_FILES: LazyLock<BTreeSet<PathBuf>> = LazyLock::new(|| {
    TREE.iter()
        .filter(|s| !in_a_bestiary(&s.path))
        .map(|s| s.path.clone())
        .collect()
});

/// The ruleset folders of [`TREE`] (`content/archmage`...).
static FOLDERS: LazyLock<BTreeSet<PathBuf>> = LazyLock::new(|| {
    let root = content_dir();
    TREE.iter()
        .filter_map(|s| s.path.strip_prefix(&root).ok()?.components().next())
        .map(|c| root.join(c))
        .collect()
});

/// Which context an input's file is checked in: its ruleset's folder (`None` for a path
/// outside them: the whole tree), and the file of the context at the input's path, which the
/// input shadows (left out of the context), if any.
type ContextKey = (Option<PathBuf>, Option<PathBuf>);

thread_local! {
    /// Each context parsed once (there are as many as the ruleset folders and their files):
    /// parsing it for every input was most of an input's time.
    static CONTEXTS: RefCell<BTreeMap<ContextKey, ParsedContext>> = const {
        RefCell::new(BTreeMap::new())
    };
}

/// The context of a file at `path`, of the folder `folder` (`None`: the whole tree), leaving
/// out the file at `path`: the built-in content of its ruleset's folder, or all of it for a
/// path outside them, the imported bestiaries' statblocks left out.
fn parse_context(folder: Option<&Path>, path: &Path) -> ParsedContext {
    let context: Vec<SourceFile> = TREE
        .iter()
        .filter(|s| s.path != path && CONTEXT_FILES.contains(&s.path))
        .filter(|s| folder.is_none_or(|f| s.path.starts_with(f)))
        .cloned()
        .collect();
    content_loader().parse_context(context)
}

/// Ticks a fight of checked content may take here (each runs until a decision or the end).
const MAX_TICKS: u32 = 64;

fuzz_target!(|data: &[u8]| {
    let input = String::from_utf8_lossy(data);
    let (relative, text) = input.split_once('\n').unwrap_or((&input, ""));
    let relative = relative.trim_start_matches(['/', '.']);
    let path = content_dir().join(relative);
    let target = SourceFile::new(path.clone(), text);
    // The context is the file's ruleset folder (the whole tree when it names none): what it
    // may refer to, without the other rulesets' files. The imported bestiaries' statblocks
    // are left out of it (a file of theirs stands alone among the rest): nothing refers to
    // them. The file shadows the context's file at its path. Each context is parsed once and
    // the file is checked over it, as `check_sources_in_context` checks it.
    let folder = content_dir().join(relative.split('/').next().unwrap_or_default());
    let folder = (folder != content_dir() && FOLDERS.contains(&folder)).then_some(folder);
    let shadowed = (CONTEXT_FILES.contains(&path)
        && folder.as_ref().is_none_or(|f| path.starts_with(f)))
    .then(|| path.clone());
    let (db, problems) = CONTEXTS.with_borrow_mut(|contexts| {
        contexts
            .entry((folder.clone(), shadowed))
            .or_insert_with(|| parse_context(folder.as_deref(), &path))
            .check(vec![target.clone()])
    });
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
        let app = slot.get_or_insert_with(fight_app);
        let world = app.world_mut();
        world.insert_resource(Content(Arc::new(db)));
        if world
            .spawn_encounter(&id, &EncounterSettings::logged(seed))
            .is_ok()
        {
            run_until_blocked(world, MAX_TICKS);
        }
        // The next input starts from a world without this one's fight.
        clear_fights(world);
    });
}

thread_local! {
    /// One app per fuzzing thread, built once: building one (its schedule, and the core's check
    /// that Fray's systems are totally ordered) was a fifth of an input's time. Each input's
    /// content replaces the last's, and its fight is cleared out after it.
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}
