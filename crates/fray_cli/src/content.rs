//! Finding and loading content, and naming an encounter by id, by file, or written out
//! (`A vs B`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use fray_content::db::ContentDb;
use fray_content::diagnostic::{Diagnostic, Diagnostics};
use fray_content::encounter::EncounterSpec;
use fray_content::loader::read_tree;
use fray_content::source::SourceFile;
use fray_core::combatant::Controller;
use fray_sim::engine::Engine;

use crate::overrides::Overrides;
use crate::{CliEngine, fail};

/// The content the command line asks for: `--content DIR` (layered over the built-in
/// content), `--only-content DIR` (alone), or neither.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ContentChoice<'a> {
    /// The folder given, if any.
    pub dir: Option<&'a Path>,
    /// Whether it stands alone (`--only-content`) instead of adding to the built-in content.
    pub alone: bool,
}

/// Where the content comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ContentSource {
    /// A folder (the one given with `--content`, or `./content` when it holds content) over
    /// the built-in content: its statblocks, encounters, maps and documents add to the
    /// built-in ones, and override those of the same id.
    Layered(PathBuf),
    /// A folder alone (`--only-content`).
    Alone(PathBuf),
    /// The content built into the binary.
    BuiltIn,
}

/// The content in use: the folder given (over the built-in content, or alone with
/// `--only-content`), else `./content` over the built-in content if it holds any `.ron` file,
/// else the built-in content (so `fray` works from any directory).
pub fn content_source(given: ContentChoice<'_>) -> ContentSource {
    if let Some(dir) = given.dir {
        return if given.alone {
            ContentSource::Alone(dir.to_path_buf())
        } else {
            ContentSource::Layered(dir.to_path_buf())
        };
    }
    let here = PathBuf::from("content");
    if here.is_dir() && !read_tree(&here).0.is_empty() {
        return ContentSource::Layered(here);
    }
    ContentSource::BuiltIn
}

/// The content layer of files named on the command line (`fray check FILE`, an encounter
/// file given to `run`): over everything else.
const NAMED: u8 = 0;
/// The content layer of a content folder's files.
const FOLDER: u8 = 1;
/// The content layer of the built-in content: under everything else.
const BUILT_IN: u8 = 2;

/// The content built into the binary, as files under `content/`.
fn built_in() -> Vec<SourceFile> {
    fray_builtin::FILES
        .iter()
        .map(|(path, text)| SourceFile::new(format!("content/{path}"), *text).in_layer(BUILT_IN))
        .collect()
}

impl ContentSource {
    /// Says which content is in use, for the head of `fray list`.
    pub fn describe(&self) -> String {
        let files = fray_builtin::FILES.len();
        match self {
            ContentSource::Layered(dir) => format!(
                "content: {}/ over the built-in content ({files} files; `--only-content DIR` uses the folder alone)",
                dir.display()
            ),
            ContentSource::Alone(dir) => format!("content: {}/ alone", dir.display()),
            ContentSource::BuiltIn => format!(
                "content: built in ({files} files; `--content DIR` or a ./content folder adds to it)"
            ),
        }
    }

    /// Whether `file` is one of the built-in content's (not a folder's, nor one named on the
    /// command line).
    pub fn is_built_in(file: &SourceFile) -> bool {
        file.layer == BUILT_IN
    }

    /// Every file (a folder's over the built-in content's), with the problems of those that
    /// cannot be read.
    pub fn sources(&self) -> (Vec<SourceFile>, Vec<Diagnostic>) {
        let folder = |dir: &Path| {
            let (files, problems) = read_tree(dir);
            let files: Vec<SourceFile> = files.into_iter().map(|f| f.in_layer(FOLDER)).collect();
            (files, problems)
        };
        match self {
            ContentSource::Layered(dir) => {
                let (mut files, problems) = folder(dir);
                files.extend(built_in());
                (files, problems)
            }
            ContentSource::Alone(dir) => folder(dir),
            ContentSource::BuiltIn => (built_in(), Vec::new()),
        }
    }

    /// Whether `file` lies in this content (a folder's file; nothing lies in the built-in).
    pub fn holds(&self, file: &Path) -> bool {
        match self {
            ContentSource::Layered(dir) | ContentSource::Alone(dir) => {
                match (file.canonicalize(), dir.canonicalize()) {
                    (Ok(f), Ok(d)) => f.starts_with(d),
                    _ => false,
                }
            }
            ContentSource::BuiltIn => false,
        }
    }

    /// Checks the content alone, or `targets` (files and folders) in its context: what
    /// loaded and every problem.
    pub fn check(&self, cli: &CliEngine, targets: &[PathBuf]) -> (ContentDb, Diagnostics) {
        let (context, mut problems) = self.sources();
        let mut seen: Vec<PathBuf> = Vec::new();
        let mut mine = Vec::new();
        for target in targets {
            let (files, mut found) = read_tree(target);
            problems.append(&mut found);
            for file in files {
                let canonical = file
                    .path
                    .canonicalize()
                    .unwrap_or_else(|_| file.path.clone());
                if !seen.contains(&canonical) {
                    seen.push(canonical);
                    mine.push(file);
                }
            }
        }
        // A named file stands in for the folder's file it is (not for a built-in one, whose
        // `content/...` name may happen to lead to it).
        let context: Vec<SourceFile> = context
            .into_iter()
            .filter(|s| {
                let canonical = s.path.canonicalize().unwrap_or_else(|_| s.path.clone());
                Self::is_built_in(s) || !seen.contains(&canonical)
            })
            .collect();
        let sources = mine
            .into_iter()
            .map(|f| f.in_layer(NAMED))
            .chain(context)
            .collect();
        let (db, mut more) = cli.loader.check_layers(sources);
        problems.append(&mut more.0);
        (db, Diagnostics(problems))
    }
}

/// Why content could not be used.
pub enum ContentError {
    /// It does not load.
    Invalid(Diagnostics),
    /// A named file cannot be read or is not an encounter.
    NotAnEncounter(String),
    /// A command-line override does not fit the encounter's ruleset.
    BadOverride(String),
    /// A fight written on the command line (`A vs B`) cannot be played.
    NotAFight(String),
}

impl ContentError {
    /// What went wrong, in one line (for a command that goes on, or fails with its own words).
    pub fn why(self) -> String {
        match self {
            ContentError::Invalid(problems) => format!(
                "the content has {} (run `fray check`)",
                fray_core::grammar::counted(problems.0.len() as u64, "problem", "problems")
            ),
            ContentError::NotAnEncounter(why)
            | ContentError::BadOverride(why)
            | ContentError::NotAFight(why) => why,
        }
    }

    /// Tells the user what went wrong and what to do (on stderr), and returns the exit code.
    pub fn report(self) -> std::process::ExitCode {
        match self {
            ContentError::Invalid(problems) => {
                print_problems(&problems);
                fail(
                    1,
                    "the content has problems",
                    &["fix them, or run `fray check` for the full list"],
                )
            }
            ContentError::BadOverride(why) => {
                fail(2, why, &["`fray list` shows each ruleset's options"])
            }
            ContentError::NotAFight(why) => fail(
                2,
                why,
                &[
                    "write a fight as `\"fighter-3, cleric-2 vs 6 cave-goblin\"`, with `--ruleset R` when its ids do not tell",
                    "`fray list --ruleset R` lists the statblocks",
                ],
            ),
            ContentError::NotAnEncounter(why) => fail(
                2,
                why,
                &["pass an encounter id (`fray list`) or an encounter file"],
            ),
        }
    }
}

/// An id as the command line takes it: bare (`archmage-bridge`) or with its ruleset before a
/// colon (`archmage:archmage-bridge`, `bx:cleric-1`). Returns the ruleset named, if any, and
/// the bare id; a prefix that is no ruleset of this build is part of the id.
pub fn split_ruleset<'a>(cli: &CliEngine, id: &'a str) -> (Option<&'static str>, &'a str) {
    match id.split_once(':') {
        Some((prefix, bare)) => match cli.loader.ruleset_ids().find(|r| *r == prefix) {
            Some(ruleset) => (Some(ruleset), bare),
            None => (None, id),
        },
        None => (None, id),
    }
}

/// Says so when an id was named with a ruleset (`bx:...`) that is not the one of what it names.
pub fn ruleset_matches(
    what: &str,
    named: Option<&str>,
    actual: Option<&str>,
) -> Result<(), String> {
    match (named, actual) {
        (Some(named), Some(actual)) if named != actual => Err(format!(
            "`{what}`: that id is {actual} content, not {named}"
        )),
        _ => Ok(()),
    }
}

/// Loads the content, plus the encounter file `what` names when it lies outside the content
/// directory (shadowing the encounter of its id there), applies the command line's
/// `overrides`, and returns the engine and the encounter id `what` names (an id or a `.ron`
/// path).
pub fn engine_for(
    cli: &CliEngine,
    dir: ContentChoice<'_>,
    what: &str,
    overrides: &Overrides,
) -> Result<(Engine, String), ContentError> {
    let content = content_source(dir);
    if crate::adhoc::is_ad_hoc(what) {
        return ad_hoc_engine(cli, &content, what, overrides);
    }
    let mut extra = None;
    let file = Path::new(what);
    let id = if what.ends_with(".ron") {
        let source =
            SourceFile::read(file).map_err(|d| ContentError::NotAnEncounter(d.to_string()))?;
        let spec: EncounterSpec = source
            .parse()
            .map_err(|d| ContentError::NotAnEncounter(d.to_string()))?;
        if !content.holds(file) {
            extra = Some(file.to_path_buf());
        }
        spec.id
    } else {
        split_ruleset(cli, what).1.to_string()
    };
    // An encounter file outside the content directory shadows the encounter of its id there
    // (an edited copy runs as it is).
    let targets: Vec<PathBuf> = extra.into_iter().collect();
    let (mut db, problems) = content.check(cli, &targets);
    let ruleset = db.encounter(&id).map(|e| e.ruleset.clone());
    if !what.ends_with(".ron") {
        ruleset_matches(what, split_ruleset(cli, what).0, ruleset.as_deref())
            .map_err(ContentError::NotAnEncounter)?;
    }
    usable(cli, problems, ruleset.as_deref()).map_err(ContentError::Invalid)?;
    overrides
        .apply(cli, &mut db, &id)
        .map_err(ContentError::BadOverride)?;
    Ok((Engine::new(cli.install, Arc::new(db)), id))
}

/// The engine of a fight written on the command line (see [`crate::adhoc`]): the content,
/// with the fight as an encounter over it, checked as an encounter file is.
fn ad_hoc_engine(
    cli: &CliEngine,
    content: &ContentSource,
    what: &str,
    overrides: &Overrides,
) -> Result<(Engine, String), ContentError> {
    let (mut db, problems) = content.check(cli, &[]);
    let spec = crate::adhoc::encounter(what, overrides.ruleset.as_deref(), &db, cli)
        .map_err(ContentError::NotAFight)?;
    usable(cli, problems, Some(&spec.ruleset)).map_err(ContentError::Invalid)?;
    let text = ron::ser::to_string(&spec)
        .map_err(|e| ContentError::NotAFight(format!("cannot write the fight down: {e}")))?;
    let file = SourceFile::new("<command line>", format!("Encounter{text}")).in_layer(NAMED);
    let mut problems: Vec<Diagnostic> = match cli.loader.add_source(&mut db, file) {
        Ok(()) => Vec::new(),
        Err(ds) => ds.0,
    };
    problems.extend(
        cli.loader
            .validate(&mut db)
            .into_iter()
            .filter(|d| d.path == Path::new("<command line>")),
    );
    if let Some(d) = problems.first() {
        let help = d
            .help
            .as_deref()
            .map(|h| format!(" ({h})"))
            .unwrap_or_default();
        return Err(ContentError::NotAFight(format!("{}{help}", d.message)));
    }
    overrides
        .apply(cli, &mut db, crate::adhoc::ID)
        .map_err(ContentError::BadOverride)?;
    Ok((
        Engine::new(cli.install, Arc::new(db)),
        crate::adhoc::ID.to_string(),
    ))
}

/// Loads the content, plus `named` files over it (an expedition file given on the command
/// line; those inside the content folder are in it already), for what ruleset `ruleset_of`
/// says the loaded content's subject (an expedition, the demo's encounter) belongs to:
/// problems in other rulesets' content are left out with a warning (see [`usable`]).
pub fn load(
    cli: &CliEngine,
    dir: ContentChoice<'_>,
    named: &[PathBuf],
    ruleset_of: impl FnOnce(&ContentDb) -> Option<String>,
) -> Result<Arc<ContentDb>, Diagnostics> {
    let content = content_source(dir);
    let named: Vec<PathBuf> = named
        .iter()
        .filter(|f| !content.holds(f))
        .cloned()
        .collect();
    let (db, problems) = content.check(cli, &named);
    let ruleset = ruleset_of(&db);
    usable(cli, problems, ruleset.as_deref())?;
    Ok(Arc::new(db))
}

/// The ruleset whose folder a content file lies in (`content/bx/monsters.ron`: bx), if any.
fn ruleset_of_file<'a>(cli: &'a CliEngine, path: &Path) -> Option<&'a str> {
    path.components().find_map(|c| {
        let name = c.as_os_str().to_str()?;
        cli.loader.ruleset_ids().find(|id| *id == name)
    })
}

/// Whether content with `problems` can play something of `ruleset`: only when every problem
/// lies in another ruleset's folder (a broken bx file does not stop an archmage fight; what a
/// fight of `ruleset` reads - its statblocks, its maps, the encounter itself - loaded whole).
/// Problems elsewhere are then left out with a warning on stderr. Without a ruleset (the
/// subject did not load) every problem counts.
pub fn usable(
    cli: &CliEngine,
    problems: Diagnostics,
    ruleset: Option<&str>,
) -> Result<(), Diagnostics> {
    if problems.is_empty() {
        return Ok(());
    }
    let Some(ruleset) = ruleset else {
        return Err(problems);
    };
    let (mine, others): (Vec<_>, Vec<_>) = problems
        .0
        .into_iter()
        .partition(|d| ruleset_of_file(cli, &d.path).is_none_or(|r| r == ruleset));
    if !mine.is_empty() {
        return Err(Diagnostics(mine));
    }
    let rulesets: std::collections::BTreeSet<&str> = others
        .iter()
        .filter_map(|d| ruleset_of_file(cli, &d.path))
        .collect();
    let n = others.len();
    eprintln!(
        "{} {n} problem{} in {} content, which this {ruleset} fight does not use (`fray check` lists {})",
        console::style("warning:").yellow().bold(),
        if n == 1 { "" } else { "s" },
        rulesets.into_iter().collect::<Vec<_>>().join(", "),
        if n == 1 { "it" } else { "them" },
    );
    Ok(())
}

/// Parses `SIDE=POLICY` overrides.
pub fn parse_ai(
    cli: &CliEngine,
    overrides: &[String],
) -> Result<Vec<(String, Controller)>, String> {
    overrides
        .iter()
        .map(|o| {
            let (side, policy) = o.split_once('=').ok_or_else(|| {
                format!("`--ai {o}`: expected SIDE=POLICY, e.g. --ai Heroes=tactical")
            })?;
            if !cli.policies.contains(&policy) {
                (cli.check_policy)(policy).map_err(|why| format!("`--ai {o}`: {why}"))?;
            }
            Ok((side.to_string(), Controller::Ai(policy.to_string())))
        })
        .collect()
}

/// Prints content problems.
pub fn print_problems(problems: &Diagnostics) {
    for d in problems.iter() {
        eprintln!("{d}");
    }
}

/// The top-level entry of a RON list (`Kind(...)`) whose text holds `needle` as its id
/// (`id: "x"`), whole: from its name to its closing parenthesis.
pub(crate) fn entry_around<'t>(text: &'t str, needle: &str) -> Option<&'t str> {
    let id_at = text.find(&format!("id: {needle}"))?;
    let bytes = text.as_bytes();
    let (mut depth, mut in_string, mut open) = (0usize, false, None);
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'"' if i == 0 || bytes[i - 1] != b'\\' => in_string = !in_string,
            _ if in_string => {}
            b'(' => {
                if depth == 0 && i < id_at {
                    open = Some(i);
                }
                depth += 1;
            }
            b')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 && i > id_at {
                    let start = open?;
                    let name_start = text[..start]
                        .rfind(|c: char| !c.is_alphanumeric() && c != '_')
                        .map_or(0, |p| p + 1);
                    return text.get(name_start..=i);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_found_whole_around_its_id() {
        let text = "[\n    Monster(id: \"orc\", name: \"Orc (big)\", attacks: [(name: \"axe\")]),\n    Monster(id: \"rat\", name: \"Rat\"),\n]";
        assert_eq!(
            entry_around(text, "\"rat\""),
            Some("Monster(id: \"rat\", name: \"Rat\")")
        );
        assert_eq!(
            entry_around(text, "\"orc\""),
            Some("Monster(id: \"orc\", name: \"Orc (big)\", attacks: [(name: \"axe\")])")
        );
        assert_eq!(entry_around(text, "\"bat\""), None);
    }
}
