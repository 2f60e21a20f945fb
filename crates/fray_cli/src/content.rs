//! Finding and loading content, and naming an encounter by id or by file.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use fray_content::db::ContentDb;
use fray_content::diagnostic::Diagnostics;
use fray_content::encounter::EncounterSpec;
use fray_content::source::SourceFile;
use fray_core::combatant::Controller;
use fray_sim::engine::Engine;

use crate::CliEngine;
use crate::overrides::Overrides;

/// The content directory: the one given, else `./content`, else the one Fray was built from.
pub fn content_dir(given: Option<&Path>) -> PathBuf {
    if let Some(dir) = given {
        return dir.to_path_buf();
    }
    let here = PathBuf::from("content");
    if here.is_dir() {
        return here;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content")
}

/// Why content could not be used.
pub enum ContentError {
    /// It does not load.
    Invalid(Diagnostics),
    /// A named file cannot be read or is not an encounter.
    NotAnEncounter(String),
    /// A command-line override does not fit the encounter's ruleset.
    BadOverride(String),
}

/// Loads the content, plus the encounter file `what` names when it lies outside the content
/// directory (shadowing the encounter of its id there), applies the command line's
/// `overrides`, and returns the engine and the encounter id `what` names (an id or a `.ron`
/// path).
pub fn engine_for(
    cli: &CliEngine,
    dir: Option<&Path>,
    what: &str,
    overrides: &Overrides,
) -> Result<(Engine, String), ContentError> {
    let root = content_dir(dir);
    let mut extra = None;
    let file = Path::new(what);
    let id = if what.ends_with(".ron") {
        let source =
            SourceFile::read(file).map_err(|d| ContentError::NotAnEncounter(d.to_string()))?;
        let spec: EncounterSpec = source
            .parse()
            .map_err(|d| ContentError::NotAnEncounter(d.to_string()))?;
        let inside = match (file.canonicalize(), root.canonicalize()) {
            (Ok(f), Ok(r)) => f.starts_with(r),
            _ => false,
        };
        if !inside {
            extra = Some(file.to_path_buf());
        }
        spec.id
    } else {
        what.to_string()
    };
    // An encounter file outside the content directory shadows the encounter of its id there
    // (an edited copy runs as it is).
    let (mut db, problems) = match &extra {
        Some(file) => cli.loader.check_in_context(&[file], &[&root]),
        None => cli.loader.check_paths(&[&root]),
    };
    if !problems.is_empty() {
        return Err(ContentError::Invalid(problems));
    }
    overrides
        .apply(cli, &mut db, &id)
        .map_err(ContentError::BadOverride)?;
    Ok((Engine::new(cli.install, Arc::new(db)), id))
}

/// Loads the content directory.
pub fn load(cli: &CliEngine, dir: Option<&Path>) -> Result<Arc<ContentDb>, Diagnostics> {
    cli.loader.load_paths(&[content_dir(dir)]).map(Arc::new)
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
                return Err(format!(
                    "unknown AI policy `{policy}` (known: {})",
                    cli.policies.join(", ")
                ));
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
