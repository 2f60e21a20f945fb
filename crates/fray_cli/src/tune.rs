//! `fray tune`: the value of a knob that brings a side's win rate closest to a target.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::Args;
use fray_sim::batch::BatchConfig;
use fray_sim::plot::{ChartFormat, plot_curve};
use fray_sim::shard::Shard;
use fray_sim::tune::{Knob, TuneConfig, TuneError, sweep, sweep_values, tune};
use fray_sim::tuned_file::tuned_file;

use crate::batch::{open_json, progress_bar, write_json};
use crate::content::{ContentChoice, engine_for, parse_ai};
use crate::html::tune::write_tune_page;
use crate::output::{check_plot_path, distinct_outputs, draw_whole, write_whole};
use crate::overrides::Overrides;
use crate::{CliEngine, fail};

/// Arguments of `fray tune`.
#[derive(Debug, Args)]
pub struct TuneArgs {
    /// Where content comes from.
    #[command(flatten)]
    pub source: crate::ContentArgs,
    /// The encounter: an id (see `fray list`), a path to an encounter file, or a fight written
    /// out: `"fighter-3, cleric-2 vs 6 cave-goblin"` (sides split by `vs`; `Party: ...` names
    /// a side; `--ruleset` when the ids do not tell).
    pub encounter: String,
    /// The win rate to reach: 0.5 or 50%.
    #[arg(long, value_parser = win_rate)]
    pub target: f64,
    /// The side whose win rate is tuned.
    #[arg(long, value_name = "NAME")]
    pub side: String,
    /// What to change: `count:<statblock-id>` (or `count:<entry name>` where a statblock has
    /// several entries), how many of them fight; `level:<statblock-id>` (or entry name), the
    /// level or hit dice it plays at, where its ruleset has one (B/X monsters);
    /// `hp:<side>` or `damage:<side>`, the side's hit points or damage in percent of its
    /// statblocks'.
    #[arg(long, value_name = "KNOB", value_parser = knob)]
    pub vary: Knob,
    /// The smallest value tried (default: 1 for a count, 25 for a percentage).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub min: Option<u16>,
    /// The largest value tried (default: 12 for a count, 400 for a percentage).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub max: Option<u16>,
    /// Runs added at a time at a point.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..))]
    pub step: u64,
    /// The most runs at one point.
    #[arg(long, default_value_t = 4_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub budget: u64,
    /// Stop sampling a point once its 95% interval is at most this wide (0.04: ±2 points).
    #[arg(long, default_value_t = 0.04)]
    pub tolerance: f64,
    /// Master seed (run i at every point uses the same seed, derived from it and i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads, at most 256 (default, or 0: one per core).
    #[arg(long, default_value_t = 0, value_parser = crate::batch::thread_count)]
    pub threads: usize,
    /// Override a side's AI (`random`, `aggressive`, `tactical`, `lookahead:N`):
    /// `--ai Heroes=aggressive` (repeatable).
    #[arg(long = "ai", value_name = "SIDE=POLICY")]
    pub ai: Vec<String>,
    /// Ruleset options and the round limit, for this command only.
    #[command(flatten)]
    pub overrides: Overrides,
    /// Draw the curve (SVG or PNG, by the file's extension).
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub plot: Option<PathBuf>,
    /// Write the tuned encounter (the best value, and any --option given) as RON.
    #[arg(long, value_name = "FILE.ron")]
    pub write: Option<PathBuf>,
    /// Write the tuning as a page to look at (one self-contained HTML file): the curve with
    /// its interval band, the target and the chosen value (not `-`).
    #[arg(long, value_name = "FILE.html", conflicts_with = "shard")]
    pub html: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Play only shard I of N (0-based) of a sweep: every value from --min to --max (every
    /// --by), each for its shard of --budget runs, written to --part for `fray merge`, which
    /// gives the curve and the answer. (The search without --shard picks its next value from
    /// what it has played, so it cannot be split.)
    #[arg(long, value_name = "I/N", value_parser = crate::batch::shard, requires = "part")]
    pub shard: Option<Shard>,
    /// Where the shard writes its part (JSON, `-`: standard output).
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub part: Option<PathBuf>,
    /// The sweep's step between values (with --shard; default: 1 for a count, 25 for a
    /// percentage).
    #[arg(long, requires = "shard", value_parser = clap::value_parser!(u16).range(1..))]
    pub by: Option<u16>,
}

/// The exit and message of a tune that failed.
fn failed(e: TuneError) -> ExitCode {
    match e {
        TuneError::Interrupted => fail(130, "interrupted: no answer from a search cut short", &[]),
        e @ TuneError::NoSide { .. } => fail(2, e, &["name one with --side"]),
        e @ TuneError::Settings(_) => fail(2, e, &["`fray tune --help` lists the settings"]),
        e => fail(2, e, &["`fray show <encounter>` lists what fights in it"]),
    }
}

/// Plays one shard of a sweep and writes its part.
fn run_shard(
    engine: &mut fray_sim::engine::Engine,
    config: &TuneConfig,
    args: &TuneArgs,
    stop: &AtomicBool,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    if args.plot.is_some() || args.write.is_some() {
        return Ok(fail(
            2,
            "a shard writes its --part; the curve, --plot and --write come from `fray merge`",
            &[],
        ));
    }
    let json = match open_json(args.part.as_deref()) {
        Ok(json) => json,
        Err(e) => return Ok(fail(1, e, &[])),
    };
    let by = args.by.unwrap_or(match config.knob {
        Knob::Count(_) | Knob::Level(_) => 1,
        Knob::Hp(_) | Knob::Damage(_) => 25,
    });
    let values = sweep_values(config.min, config.max, by);
    let range = config.batch.shard.runs(config.budget);
    let per_value = range.end - range.start;
    let bar = progress_bar(per_value.saturating_mul(values.len() as u64), args.quiet);
    let result = sweep(engine, config, by, &|n| bar.set_position(n), stop);
    bar.finish_and_clear();
    let part = match result {
        Ok(p) => p,
        Err(e) => return Ok(failed(e)),
    };
    let text = format!(
        "shard {} of a sweep of {} at {} values ({:?}): runs {} to {} of {} at each\n",
        config.batch.shard,
        config.knob,
        values.len(),
        values,
        range.start,
        range.end.saturating_sub(1),
        config.budget
    );
    if matches!(args.part.as_deref(), Some(p) if p.as_os_str() == "-") {
        eprint!("{text}");
    } else {
        write!(out, "{text}")?;
    }
    Ok(write_json(json, &part.to_json(), out)?.unwrap_or(ExitCode::SUCCESS))
}

/// Parses `--target`: a share (0.55) or a percentage (55%).
fn win_rate(text: &str) -> Result<f64, String> {
    let (number, scale) = match text.strip_suffix('%') {
        Some(n) => (n, 100.0),
        None => (text, 1.0),
    };
    let rate = number
        .trim()
        .parse::<f64>()
        .map(|r| r / scale)
        .map_err(|_| format!("`{text}` is not a win rate: write 0.55 or 55%"))?;
    if (0.0..=1.0).contains(&rate) {
        Ok(rate)
    } else {
        Err(format!(
            "`{text}`: a win rate lies between 0 and 1 (0% and 100%)"
        ))
    }
}

/// Parses `--vary`.
fn knob(text: &str) -> Result<Knob, String> {
    text.parse()
}

/// Runs `fray tune`, writing the curve to `out`.
pub fn run(
    cli: &CliEngine,
    content: ContentChoice<'_>,
    args: &TuneArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    if let Err(e) = distinct_outputs(&[
        ("--plot", args.plot.as_deref()),
        ("--write", args.write.as_deref()),
        ("--part", args.part.as_deref()),
        ("--html", args.html.as_deref()),
    ]) {
        return Ok(fail(2, e, &[]));
    }
    if let Err(e) = crate::html::check_path(args.html.as_deref()) {
        return Ok(fail(2, e, &[]));
    }
    if let Some(Err(e)) = args.plot.as_deref().map(ChartFormat::of) {
        return Ok(fail(2, e, &[]));
    }
    // The outputs' folders are checked before the search, which may take minutes.
    for path in [
        args.plot.as_deref(),
        args.write.as_deref(),
        args.html.as_deref(),
    ] {
        if let Err(e) = check_plot_path(path) {
            return Ok(fail(1, e, &[]));
        }
    }
    let (mut engine, id) = match engine_for(cli, content, &args.encounter, &args.overrides) {
        Ok(x) => x,
        Err(e) => return Ok(e.report()),
    };
    let controllers = match parse_ai(cli, &args.ai) {
        Ok(c) => c,
        Err(e) => return Ok(fail(2, e, &[])),
    };
    let Some(original) = engine.content.encounter(&id).cloned() else {
        return Ok(fail(
            2,
            format!("unknown encounter `{id}`"),
            &["run `fray list` to see every encounter"],
        ));
    };
    let (default_min, default_max) = args.vary.default_range();
    let (min, max) = (
        args.min.unwrap_or(default_min),
        args.max.unwrap_or(default_max),
    );
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let config = TuneConfig {
        batch: BatchConfig {
            controllers,
            threads: args.threads,
            shard,
            ..BatchConfig::new(id.clone(), 0, args.seed)
        },
        side: args.side.clone(),
        target: args.target,
        knob: args.vary.clone(),
        min,
        max,
        step: args.step,
        budget: args.budget,
        tolerance: args.tolerance,
    };
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    if args.shard.is_some() {
        return run_shard(&mut engine, &config, args, &stop, out);
    }
    // At most two ends and one point per halving, each at most the budget.
    let points = 2 + u64::from(u16::BITS - (max.saturating_sub(min)).leading_zeros());
    let bar = progress_bar(points.saturating_mul(args.budget), args.quiet);
    let result = tune(&mut engine, &config, &|n| bar.set_position(n), &stop);
    bar.finish_and_clear();
    let tuned = match result {
        Ok(t) => t,
        Err(e) => return Ok(failed(e)),
    };
    write!(out, "{}", tuned.table())?;
    if let Some(path) = &args.html
        && let Err(e) = write_tune_page(path, &tuned)
    {
        return Ok(fail(1, e, &[]));
    }
    if let Some(path) = &args.plot
        && let Err(e) = draw_whole(path, |at| plot_curve(&tuned, at))
    {
        return Ok(fail(1, e, &[]));
    }
    if let Some(path) = &args.write {
        let source = engine
            .content
            .encounter_source(&id)
            .map(|f| f.text.as_str());
        let written = tuned_file(source, &original, &tuned.knob, tuned.best)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
            .and_then(|ron| write_whole(path, ron.as_bytes()));
        if let Err(e) = written {
            return Ok(fail(1, e, &[]));
        }
        writeln!(out, "  wrote {}", path.display())?;
    }
    Ok(ExitCode::SUCCESS)
}
