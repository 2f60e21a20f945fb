//! `fray tune`: the value of a knob that brings a side's win rate closest to a target.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::Args;
use fray_sim::batch::BatchConfig;
use fray_sim::plot::{ChartFormat, plot_curve};
use fray_sim::tune::{Knob, TuneConfig, TuneError, tune, tuned_ron};

use crate::batch::progress_bar;
use crate::content::{engine_for, parse_ai};
use crate::overrides::Overrides;
use crate::{CliEngine, fail};

/// Arguments of `fray tune`.
#[derive(Debug, Args)]
pub struct TuneArgs {
    /// The encounter: an id (see `fray list`) or a path to an encounter file.
    pub encounter: String,
    /// The win rate to reach: 0.5 or 50%.
    #[arg(long, value_parser = win_rate)]
    pub target: f64,
    /// The side whose win rate is tuned.
    #[arg(long, value_name = "NAME")]
    pub side: String,
    /// What to change: `count:<statblock-id>` (or `count:<entry name>` where a statblock has
    /// several entries), how many of them fight.
    #[arg(long, value_name = "KNOB", value_parser = knob)]
    pub vary: Knob,
    /// The smallest value tried.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    pub min: u16,
    /// The largest value tried.
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u16).range(1..))]
    pub max: u16,
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
    /// Override a side's AI: `--ai Heroes=aggressive` (repeatable).
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
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
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
    content: Option<&Path>,
    args: &TuneArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    if let Some(Err(e)) = args.plot.as_deref().map(ChartFormat::of) {
        return Ok(fail(2, e, &[]));
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
    let config = TuneConfig {
        batch: BatchConfig {
            controllers,
            threads: args.threads,
            ..BatchConfig::new(id, 0, args.seed)
        },
        side: args.side.clone(),
        target: args.target,
        knob: args.vary.clone(),
        min: args.min,
        max: args.max,
        step: args.step,
        budget: args.budget,
        tolerance: args.tolerance,
    };
    // At most two ends and one point per halving, each at most the budget.
    let points = 2 + u64::from(u16::BITS - (args.max.saturating_sub(args.min)).leading_zeros());
    let bar = progress_bar(points.saturating_mul(args.budget), args.quiet);
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    let result = tune(&mut engine, &config, &|n| bar.set_position(n), &stop);
    bar.finish_and_clear();
    let tuned = match result {
        Ok(t) => t,
        Err(TuneError::Interrupted) => {
            return Ok(fail(
                130,
                "interrupted: no answer from a search cut short",
                &[],
            ));
        }
        Err(e @ TuneError::NoSide { .. }) => return Ok(fail(2, e, &["name one with --side"])),
        Err(e) => {
            return Ok(fail(
                2,
                e,
                &["`fray show <encounter>` lists what fights in it"],
            ));
        }
    };
    write!(out, "{}", tuned.table())?;
    if let Some(path) = &args.plot
        && let Err(e) = plot_curve(&tuned, path)
    {
        return Ok(fail(1, format!("cannot draw {}: {e}", path.display()), &[]));
    }
    if let Some(path) = &args.write {
        let written = tuned_ron(&original, &tuned.knob, tuned.best)
            .map_err(|e| e.to_string())
            .and_then(|ron| std::fs::write(path, ron).map_err(|e| e.to_string()));
        if let Err(e) = written {
            return Ok(fail(
                1,
                format!("cannot write {}: {e}", path.display()),
                &[],
            ));
        }
        writeln!(out, "  wrote {}", path.display())?;
    }
    Ok(ExitCode::SUCCESS)
}
