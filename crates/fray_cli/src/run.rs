//! `fray run`: one fight, narrated.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use fray_core::prelude::*;
use fray_sim::single::spawn_one;

use crate::content::{ContentChoice, engine_for, parse_ai};
use crate::html::page::{PageKind, page, write_page};
use crate::html::replay::{Heading, Start, replay, run_command};
use crate::narrate::{closing_lines, narrate};
use crate::output::AtomicFile;
use crate::overrides::Overrides;
use crate::{CliEngine, fail};

/// Output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Narrated text (colored on a terminal).
    Text,
    /// The log as JSON lines, then the final record.
    Json,
}

/// Arguments of `fray run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Where content comes from.
    #[command(flatten)]
    pub source: crate::ContentArgs,
    /// The encounter: an id (see `fray list`), a path to an encounter file, or a fight written
    /// out: `"fighter-3, cleric-2 vs 6 cave-goblin"` (sides split by `vs`; `Party: ...` names
    /// a side; `--ruleset` when the ids do not tell).
    pub encounter: String,
    /// Seed (default: the encounter file's seed, else 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Override a side's AI (`random`, `aggressive`, `tactical`, `lookahead:N`):
    /// `--ai Heroes=aggressive` (repeatable).
    #[arg(long = "ai", value_name = "SIDE=POLICY")]
    pub ai: Vec<String>,
    /// Also write the fight as a page to look at: one self-contained HTML file with the map,
    /// the combatants and the log played back step by step (not `-`).
    #[arg(long, value_name = "FILE.html")]
    pub html: Option<PathBuf>,
    /// Ruleset options and the round limit, for this command only.
    #[command(flatten)]
    pub overrides: Overrides,
}

/// Runs `fray run`, writing the fight to `out`.
pub fn run(
    cli: &CliEngine,
    content: ContentChoice<'_>,
    args: &RunArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let (engine, id) = match engine_for(cli, content, &args.encounter, &args.overrides) {
        Ok(x) => x,
        Err(e) => return Ok(e.report()),
    };
    let Some(spec) = engine.content.encounter(&id).cloned() else {
        let known: Vec<&str> = engine.content.encounters().map(|e| e.id.as_str()).collect();
        let help = fray_content::suggest::help_for(&id, known.iter().copied());
        return Ok(fail(
            2,
            format!("unknown encounter `{id}`"),
            &[&help, "run `fray list` to see every encounter"],
        ));
    };
    let controllers = match parse_ai(cli, &args.ai) {
        Ok(c) => c,
        Err(e) => return Ok(fail(2, e, &[])),
    };
    if let Err(e) = crate::html::check_path(args.html.as_deref()) {
        return Ok(fail(2, e, &[]));
    }
    // The page's file is started before the fight plays, so a bad path fails at once.
    let html = match args.html.as_deref().map(AtomicFile::create).transpose() {
        Ok(html) => html,
        Err(e) => return Ok(fail(1, e, &[])),
    };
    let seed = args.seed.or(spec.seed).unwrap_or(1);
    let settings = EncounterSettings {
        seed,
        log: true,
        controllers,
        ..Default::default()
    };
    let mut fight = match spawn_one(&engine, &id, &settings) {
        Ok(f) => f,
        Err(e) => return Ok(fail(2, e, &[])),
    };
    let start = Start::read(fight.app.world(), fight.encounter);
    fight.play();
    let sides: Vec<String> = spec.sides.iter().map(|s| s.name.clone()).collect();
    match args.format {
        Format::Json => {
            if let Some(names) = fight.json_names() {
                writeln!(out, "{names}")?;
            }
            write!(out, "{}", fight.json_log())?;
            if let Some(record) = fight.record(seed) {
                writeln!(
                    out,
                    "{}",
                    serde_json::to_string(&record).unwrap_or_default()
                )?;
            }
        }
        Format::Text => {
            let color = console::Term::stdout().is_term() && console::colors_enabled();
            writeln!(out, "{} - {} (seed {seed})", spec.name, spec.description)?;
            if let Some(names) = fight.names() {
                write!(out, "{}", narrate(&names, fight.log(), color))?;
            }
            if fight.outcome().is_none() {
                writeln!(
                    out,
                    "The fight waits on an external controller (a side is `External`): use `--ai SIDE=POLICY`."
                )?;
            }
            if let Some(record) = fight.record(seed) {
                write!(out, "{}", closing_lines(&record, &sides, color))?;
            }
        }
    }
    if let Some(file) = html {
        let heading = Heading {
            title: spec.name.clone(),
            encounter: id.clone(),
            seed,
            command: run_command(&args.encounter, &args.overrides, &args.ai, seed),
        };
        let data = replay(fight.app.world(), fight.encounter, start, &heading);
        if let Err(e) = write_page(file, &page(PageKind::Replay, &spec.name, &data)) {
            return Ok(fail(1, e, &[]));
        }
    }
    Ok(ExitCode::SUCCESS)
}
