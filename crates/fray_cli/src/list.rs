//! `fray list`: what content there is.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::content::{content_dir, print_problems};
use crate::{CliEngine, fail};

/// Arguments of `fray list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// A content directory (default: the content directory).
    pub path: Option<PathBuf>,
}

/// Runs `fray list`, writing to `out`.
pub fn run(
    cli: &CliEngine,
    content: Option<&Path>,
    args: &ListArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let dir = args.path.clone().unwrap_or_else(|| content_dir(content));
    let db = match cli.loader.load_paths(&[&dir]) {
        Ok(db) => db,
        Err(problems) => {
            print_problems(&problems);
            return Ok(fail(
                1,
                format!("{} does not load", dir.display()),
                &["run `fray check` for details"],
            ));
        }
    };
    for ruleset in cli.loader.ruleset_ids() {
        let encounters: Vec<_> = db.encounters().filter(|e| e.ruleset == ruleset).collect();
        let statblocks = db.statblock_summaries(ruleset);
        if encounters.is_empty() && statblocks.is_empty() {
            continue;
        }
        writeln!(out, "{}", console::style(ruleset).bold())?;
        writeln!(out, "  encounters:")?;
        for e in encounters {
            let sides: Vec<String> = e
                .sides
                .iter()
                .map(|s| {
                    format!(
                        "{} ({})",
                        s.name,
                        s.combatants.iter().map(|c| u32::from(c.count)).sum::<u32>()
                    )
                })
                .collect();
            writeln!(
                out,
                "    {:<24} {:<34} {}",
                e.id,
                e.name,
                sides.join(" vs ")
            )?;
        }
        writeln!(out, "  statblocks:")?;
        for s in statblocks {
            writeln!(out, "    {:<24} {:<11} {}", s.id, s.kind, s.name)?;
        }
        if let Some(schema) = cli.loader.schema(ruleset)
            && !schema.options().is_empty()
        {
            writeln!(out, "  options:")?;
            for o in schema.options() {
                writeln!(
                    out,
                    "    {:<24} default {:<8} {}",
                    o.name,
                    o.default.to_string(),
                    o.doc
                )?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
