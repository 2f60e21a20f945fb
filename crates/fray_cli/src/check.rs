//! `fray check`: validate content files.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use fray_content::source::SourceFile;

use crate::content::{ContentChoice, ContentSource, content_source};
use crate::{CliEngine, fail};

/// Arguments of `fray check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Where content comes from.
    #[command(flatten)]
    pub source: crate::ContentArgs,
    /// Files or directories, checked in the context of the content in use (default: that
    /// content).
    pub paths: Vec<PathBuf>,
}

/// Runs `fray check`: every problem as `path:line:col: message` to `out`; exit code 1 if any.
/// Files and folders named are checked in the context of the content directory (the
/// statblocks and maps they use), and only their own problems are shown.
pub fn run(
    cli: &CliEngine,
    content: ContentChoice<'_>,
    args: &CheckArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    // A path that names nothing is a typo, not content without problems.
    if let Some(missing) = args.paths.iter().find(|p| !p.exists()) {
        return Ok(fail(
            2,
            format!("no such file or folder: {}", missing.display()),
            &["check the path (relative paths start from the current folder)"],
        ));
    }
    let source = content_source(content);
    let (db, problems) = source.check(cli, &args.paths);
    let targets: Vec<PathBuf> = args
        .paths
        .iter()
        .map(|p| p.canonicalize().unwrap_or_else(|_| p.clone()))
        .collect();
    let mine = |path: &Path| {
        targets.is_empty() || {
            let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
            targets.iter().any(|t| path.starts_with(t))
        }
    };
    let problems: Vec<_> = problems.iter().filter(|d| mine(&d.path)).collect();
    for d in &problems {
        writeln!(out, "{d}")?;
    }
    // The files checked: the ones named, else the folder's; the built-in content's only when
    // it is all there is (its `content/...` names may lead into a folder named here).
    let counted = |s: &&SourceFile| {
        (source == ContentSource::BuiltIn && args.paths.is_empty())
            || !ContentSource::is_built_in(s)
    };
    let files = db
        .sources()
        .iter()
        .filter(counted)
        .filter(|s| mine(&s.path))
        .count();
    if files == 0 && problems.is_empty() {
        let named: Vec<String> = args.paths.iter().map(|p| p.display().to_string()).collect();
        return Ok(fail(
            1,
            format!(
                "nothing to check: {} holds no content files (.ron)",
                named.join(", ")
            ),
            &["name a content folder, such as content/bx, or a .ron file"],
        ));
    }
    let checked = format!("{files} file{} checked", if files == 1 { "" } else { "s" });
    if problems.is_empty() {
        writeln!(out, "{checked}: no problems.")?;
        Ok(ExitCode::SUCCESS)
    } else {
        let n = problems.len();
        writeln!(
            out,
            "{checked}: {n} problem{}.",
            if n == 1 { "" } else { "s" }
        )?;
        Ok(ExitCode::from(1))
    }
}
