//! `fray tournament`: AI policies played on one side of several encounters, on the same
//! seeds, with win rates, their 95% intervals and paired tests against the first policy.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::{Args, ValueEnum};
use fray_sim::compare::CompareError;
use fray_sim::tournament::{Ground, TournamentConfig, play_tournament};

use crate::batch::progress_bar;
use crate::content::{ContentChoice, engine_for};
use crate::output::AtomicFile;
use crate::overrides::Overrides;
use crate::{CliEngine, fail};

/// Output formats of `fray tournament`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A readable table.
    Table,
    /// The results as JSON.
    Json,
    /// One CSV row per encounter and policy.
    Csv,
}

/// Arguments of `fray tournament`.
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// Where content comes from.
    #[command(flatten)]
    pub source: crate::ContentArgs,
    /// The encounters: ids (see `fray list`), paths to encounter files, or fights written out.
    #[arg(required = true)]
    pub encounters: Vec<String>,
    /// The policies, comma-separated, the baseline first: `--ai tactical,lookahead:200`.
    #[arg(
        long = "ai",
        value_name = "P1,P2,...",
        value_delimiter = ',',
        required = true
    )]
    pub ai: Vec<String>,
    /// The side the policies play (default: each encounter's first side); the other sides
    /// keep the encounter's own controllers.
    #[arg(long, value_name = "NAME")]
    pub side: Option<String>,
    /// Fights per encounter and policy.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..))]
    pub runs: u64,
    /// Master seed: run i of every policy starts from the same seed (common random numbers).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads, at most 256 (default, or 0: one per core).
    #[arg(long, default_value_t = 0, value_parser = crate::batch::thread_count)]
    pub threads: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// Write the output to this file (whole once complete) instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Ruleset options and the round limit, for every encounter.
    #[command(flatten)]
    pub overrides: Overrides,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Runs `fray tournament`, writing the results to `out` (or to `--out`).
pub fn run(
    cli: &CliEngine,
    content: ContentChoice<'_>,
    args: &TournamentArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    for policy in &args.ai {
        if !cli.policies.contains(&policy.as_str())
            && let Err(why) = (cli.check_policy)(policy)
        {
            return Ok(fail(2, format!("`--ai {policy}`: {why}"), &[]));
        }
    }
    let mut engines = Vec::with_capacity(args.encounters.len());
    for what in &args.encounters {
        match engine_for(cli, content, what, &args.overrides) {
            Ok((engine, id)) => engines.push((what.clone(), engine, id)),
            Err(e) => return Ok(e.report()),
        }
    }
    let file = match args.out.as_deref().map(AtomicFile::create).transpose() {
        Ok(file) => file,
        Err(e) => return Ok(fail(1, e, &[])),
    };
    let grounds: Vec<Ground<'_>> = engines
        .iter()
        .map(|(label, engine, id)| Ground {
            label: label.clone(),
            engine,
            encounter: id.clone(),
        })
        .collect();
    let config = TournamentConfig {
        policies: args.ai.clone(),
        side: args.side.clone(),
        runs: args.runs,
        seed: args.seed,
        threads: args.threads,
    };
    let total = args
        .runs
        .saturating_mul(grounds.len() as u64)
        .saturating_mul(args.ai.len() as u64);
    let bar = progress_bar(total, args.quiet);
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    let result = play_tournament(&grounds, &config, &|n| bar.set_position(n), &stop);
    bar.finish_and_clear();
    let tournament = match result {
        Ok(t) => t,
        Err(e @ CompareError::NoSide { .. }) => return Ok(fail(2, e, &["pick one with --side"])),
        Err(e) => return Ok(fail(2, e, &["run `fray batch` on it to see more"])),
    };
    if stop.load(Ordering::Relaxed) {
        return Ok(fail(
            130,
            "interrupted: no tournament of batches cut short",
            &["run again with fewer --runs"],
        ));
    }
    let text = match args.format {
        Format::Table => tournament.table(),
        Format::Json => serde_json::to_string_pretty(&tournament).unwrap_or_default() + "\n",
        Format::Csv => tournament.csv(),
    };
    match file {
        None => write!(out, "{text}")?,
        Some(mut file) => {
            let written = file
                .write_all(text.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", file.path().display()))
                .and_then(|()| file.commit());
            if let Err(e) = written {
                return Ok(fail(1, e, &[]));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
