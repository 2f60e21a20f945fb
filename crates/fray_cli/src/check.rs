//! `fray check`: validate content files.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::CliEngine;
use crate::content::content_dir;

/// Arguments of `fray check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files or directories (default: the content directory).
    pub paths: Vec<PathBuf>,
}

/// Runs `fray check`: every problem as `path:line:col: message` to `out`; exit code 1 if any.
pub fn run(
    cli: &CliEngine,
    content: Option<&Path>,
    args: &CheckArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let paths = if args.paths.is_empty() {
        vec![content_dir(content)]
    } else {
        args.paths.clone()
    };
    let (db, problems) = cli.loader.check_paths(&paths);
    for d in problems.iter() {
        writeln!(out, "{d}")?;
    }
    let files = db.sources().len();
    if problems.is_empty() {
        writeln!(out, "{files} files checked: no problems.")?;
        Ok(ExitCode::SUCCESS)
    } else {
        writeln!(out, "{files} files checked: {} problem(s).", problems.len())?;
        Ok(ExitCode::from(1))
    }
}
