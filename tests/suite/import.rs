//! The imported bestiaries: `content/lite5e/srd/` and `content/bx/bfrpg/` are what the
//! importer makes of the vendored sources (`vendor/`), every statblock loads and checks, and
//! `fray import` refuses what it should. After a change to the importer, write the folders
//! anew with
//!
//! ```sh
//! FRAY_BLESS_IMPORT=1 cargo test --profile ci --features cli --test suite import
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fray_content::source::SourceFile;
use fray_import::open5e::Open5eFiles;
use fray_import::{Import, ImportError};

use crate::cli::{fray, text};

/// Set to write the imported folders anew instead of comparing.
const BLESS: &str = "FRAY_BLESS_IMPORT";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> Vec<u8> {
    std::fs::read(root().join(path)).unwrap()
}

/// An imported bestiary: its ruleset, its folder under `content/<ruleset>/` and the importer.
pub(crate) struct Bestiary {
    pub(crate) ruleset: &'static str,
    pub(crate) folder: &'static str,
    import: fn(&BTreeSet<String>) -> Result<Import, ImportError>,
}

/// The two bestiaries Fray ships.
pub(crate) const BESTIARIES: [Bestiary; 2] = [
    Bestiary {
        ruleset: "lite5e",
        folder: "srd",
        import: |taken| {
            let (c, a, t, r) = (
                read("vendor/open5e-srd-2014/Creature.json"),
                read("vendor/open5e-srd-2014/CreatureAction.json"),
                read("vendor/open5e-srd-2014/CreatureActionAttack.json"),
                read("vendor/open5e-srd-2014/CreatureTrait.json"),
            );
            let files = Open5eFiles {
                creatures: &c,
                actions: &a,
                attacks: &t,
                traits: &r,
            };
            fray_import::lite5e::import(files, taken)
        },
    },
    Bestiary {
        ruleset: "bx",
        folder: "bfrpg",
        import: |taken| {
            fray_import::bx::import(&read("vendor/bfrpg-bestiary/monsterdata.json"), taken)
        },
    },
];

impl Bestiary {
    /// Its folder.
    pub(crate) fn dir(&self) -> PathBuf {
        root().join("content").join(self.ruleset).join(self.folder)
    }

    /// The content's files but this bestiary's.
    fn others(&self) -> Vec<SourceFile> {
        let (files, problems) = fray_content::loader::read_tree(&root().join("content"));
        assert!(problems.is_empty(), "{problems:?}");
        files
            .into_iter()
            .filter(|f| !f.path.starts_with(self.dir()))
            .collect()
    }

    /// What the importer makes of the vendored source, with the ids the rest of the content
    /// takes.
    fn import(&self) -> Import {
        let (db, problems) = fray::content_loader().check_layers(self.others());
        assert!(problems.is_empty(), "{problems}");
        let taken: BTreeSet<String> = db
            .statblock_summaries(self.ruleset)
            .iter()
            .map(|s| s.id.clone())
            .collect();
        (self.import)(&taken).unwrap()
    }
}

/// The files of a folder, by name.
fn folder_files(dir: &Path) -> BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    (name, std::fs::read_to_string(e.path()).unwrap_or_default())
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn the_imported_bestiaries_are_what_the_vendored_sources_make() {
    for b in &BESTIARIES {
        let made: BTreeMap<String, String> = b
            .import()
            .folder()
            .into_iter()
            .map(|f| (f.name, f.text))
            .collect();
        let dir = b.dir();
        if std::env::var_os(BLESS).is_some() {
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            for (name, text) in &made {
                std::fs::write(dir.join(name), text).unwrap();
            }
            continue;
        }
        let committed = folder_files(&dir);
        let names = |m: &BTreeMap<String, String>| m.keys().cloned().collect::<BTreeSet<_>>();
        let (made_names, committed_names) = (names(&made), names(&committed));
        let missing: Vec<_> = made_names.difference(&committed_names).collect();
        let extra: Vec<_> = committed_names.difference(&made_names).collect();
        let changed: Vec<_> = made
            .iter()
            .filter(|(n, t)| committed.get(*n).is_some_and(|c| c != *t))
            .map(|(n, _)| n)
            .collect();
        assert!(
            missing.is_empty() && extra.is_empty() && changed.is_empty(),
            "content/{}/{} is not what the importer makes of vendor/: missing {missing:?}, \
             not made {extra:?}, changed {changed:?}; if the importer changed on purpose, \
             {BLESS}=1 cargo test --profile ci --features cli --test suite import",
            b.ruleset,
            b.folder
        );
    }
}

#[test]
fn every_imported_statblock_loads_and_checks() {
    for b in &BESTIARIES {
        let import = b.import();
        let mut sources = b.others();
        sources.extend(import.files.iter().map(|f| {
            SourceFile::new(
                format!("content/{}/{}/{}", b.ruleset, b.folder, f.name),
                f.text.clone(),
            )
        }));
        let (db, problems) = fray::content_loader().check_layers(sources);
        assert!(problems.is_empty(), "{problems}");
        let loaded: BTreeSet<&str> = db
            .statblock_summaries(b.ruleset)
            .iter()
            .map(|s| s.id.as_str())
            .collect();
        for m in &import.report.monsters {
            if let Some(id) = &m.id {
                assert!(loaded.contains(id.as_str()), "{id} did not load");
            }
        }
        let c = import.report.counts();
        assert!((c.whole + c.partly) * 10 >= c.total() * 9, "{c:?}");
    }
}

#[test]
fn an_id_the_content_already_has_gets_the_suffix_and_the_report_says_so() {
    let import = BESTIARIES[0].import();
    let captain = import
        .report
        .monsters
        .iter()
        .find(|m| m.name == "Bandit Captain")
        .unwrap();
    assert_eq!(captain.id.as_deref(), Some("bandit-captain-srd"));
    assert!(captain.notes.iter().any(|n| n.contains("already taken")));
}

#[test]
fn import_refuses_the_wrong_ruleset_and_a_folder_that_is_not_empty() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("bx").join("bfrpg");
    let source = root().join("vendor/bfrpg-bestiary/monsterdata.json");
    let source = source.to_str().unwrap();
    let o = fray(&[
        "import",
        "bfrpg",
        source,
        "--ruleset",
        "lite5e",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("pass --ruleset bx"),
        "{}",
        text(&o.stderr)
    );
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("mine.ron"), "[]").unwrap();
    let o = fray(&[
        "import",
        "bfrpg",
        source,
        "--ruleset",
        "bx",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(text(&o.stderr).contains("--force"), "{}", text(&o.stderr));
    assert_eq!(folder_files(&out).len(), 1, "nothing was written");
    let o = fray(&[
        "import",
        "open5e",
        source,
        "--ruleset",
        "lite5e",
        "--out",
        out.to_str().unwrap(),
        "--force",
    ]);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("Creature.json"),
        "{}",
        text(&o.stderr)
    );
    assert_eq!(folder_files(&out).len(), 1, "nothing was written");
}

#[test]
fn import_writes_the_folder_the_report_and_its_json() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("bx").join("bfrpg");
    let json = dir.path().join("report.json");
    let source = root().join("vendor/bfrpg-bestiary/monsterdata.json");
    let o = fray(&[
        "import",
        "bfrpg",
        source.to_str().unwrap(),
        "--ruleset",
        "bx",
        "--out",
        out.to_str().unwrap(),
        "--report",
        json.to_str().unwrap(),
        "--force",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let printed = text(&o.stdout);
    assert!(
        printed.starts_with("Basic Fantasy RPG bestiary 293 monsters for bx:"),
        "{printed}"
    );
    assert!(printed.contains(": refused: "));
    assert!(printed.contains("imported partly"));
    let files = folder_files(&out);
    assert!(files.contains_key("ATTRIBUTION.md") && files.contains_key("IMPORT-REPORT.txt"));
    // The content in use already has the shipped bestiary: every id is taken, and suffixed.
    assert!(
        files.contains_key("bear-cave-bfrpg.ron"),
        "{:?}",
        files.keys().take(3)
    );
    assert!(printed.contains("already taken"));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(
        report["counts"]["whole"].as_u64().map(|w| w > 0),
        Some(true)
    );
    assert_eq!(report["monsters"].as_array().map(Vec::len), Some(293));
    let o = fray(&["check", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stdout));
}
