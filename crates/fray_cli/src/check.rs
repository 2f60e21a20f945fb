//! `fray check`: validate content files.

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

/// Runs `fray check`: every problem as `path:line:col: message`; exit code 1 if any.
pub fn run(cli: &CliEngine, content: Option<&Path>, args: &CheckArgs) -> ExitCode {
    let paths = if args.paths.is_empty() {
        vec![content_dir(content)]
    } else {
        args.paths.clone()
    };
    let (db, problems) = cli.loader.check_paths(&paths);
    for d in problems.iter() {
        println!("{d}");
    }
    let files = db.sources().len();
    if problems.is_empty() {
        println!("{files} files checked: no problems.");
        ExitCode::SUCCESS
    } else {
        println!("{files} files checked: {} problem(s).", problems.len());
        ExitCode::from(1)
    }
}
