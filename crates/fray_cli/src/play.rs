//! `fray play`: a person plays a fight in the terminal.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use fray_play::{PlayError, PlaySetup};

use crate::content::{ContentChoice, engine_for, parse_ai};
use crate::overrides::Overrides;
use crate::{CliEngine, fail};

/// Arguments of `fray play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Where content comes from.
    #[command(flatten)]
    pub source: crate::ContentArgs,
    /// The encounter: an id (see `fray list`), a path to an encounter file, or a fight written
    /// out: `"fighter-3, cleric-2 vs 6 cave-goblin"` (sides split by `vs`; `Party: ...` names
    /// a side; `--ruleset` when the ids do not tell).
    pub encounter: String,
    /// The side you play (default: the side the file gives to a player, else the first).
    #[arg(long, value_name = "NAME")]
    pub side: Option<String>,
    /// Seed (default: the encounter file's seed, else 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Set another side's AI: `--ai Raiders=aggressive` (repeatable).
    #[arg(long = "ai", value_name = "SIDE=POLICY")]
    pub ai: Vec<String>,
    /// Where `s` saves and `l` loads (default: `fray-play-<ENCOUNTER>.ron` here).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Ruleset options and the round limit, for this command only.
    #[command(flatten)]
    pub overrides: Overrides,
}

/// Runs `fray play` on this terminal.
pub fn run(cli: &CliEngine, content: ContentChoice<'_>, args: &PlayArgs) -> io::Result<ExitCode> {
    let (engine, id) = match engine_for(cli, content, &args.encounter, &args.overrides) {
        Ok(x) => x,
        Err(e) => return Ok(e.report()),
    };
    let ai = match parse_ai(cli, &args.ai) {
        Ok(c) => c,
        Err(e) => return Ok(fail(2, e, &[])),
    };
    let seed = args
        .seed
        .or_else(|| engine.content.encounter(&id).and_then(|e| e.seed))
        .unwrap_or(1);
    let save_path = args
        .save
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("fray-play-{id}.ron")));
    let setup = PlaySetup {
        install: engine.install,
        content: engine.content.clone(),
        encounter: id,
        side: args.side.clone(),
        seed,
        ai,
        save_path,
    };
    Ok(match fray_play::terminal::run(setup) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e @ (PlayError::NotATerminal | PlayError::TooSmall { .. })) => fail(3, e, &[]),
        Err(e) => fail(2, e, &[]),
    })
}
