//! `fray batch`: many fights, summed up.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::Args;
use fray_sim::batch::{BatchConfig, BatchError, batch_controllers, run_batch_until};
use fray_sim::engine::Engine;
use fray_sim::part::Part;
use fray_sim::plot::{ChartFormat, plot};
use fray_sim::report::BatchReport;
use fray_sim::shard::Shard;
use indicatif::{HumanCount, ProgressBar, ProgressState, ProgressStyle};

use crate::content::{ContentChoice, engine_for, parse_ai};
use crate::html::batch::{Replayer, batch_command, write_batch_page};
use crate::output::{AtomicFile, CsvOut, check_plot_path, distinct_outputs, draw_whole};
use crate::overrides::Overrides;
use crate::{CliEngine, fail};

/// Arguments of `fray batch`.
#[derive(Debug, Args)]
pub struct BatchArgs {
    /// Where content comes from.
    #[command(flatten)]
    pub source: crate::ContentArgs,
    /// The encounter: an id (see `fray list`), a path to an encounter file, or a fight written
    /// out: `"fighter-3, cleric-2 vs 6 cave-goblin"` (sides split by `vs`; `Party: ...` names
    /// a side; `--ruleset` when the ids do not tell).
    pub encounter: String,
    /// How many fights.
    #[arg(long, default_value_t = 10_000)]
    pub runs: u64,
    /// Master seed (run i uses a seed derived from it and i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads, at most 256 (default, or 0: one per core).
    #[arg(long, default_value_t = 0, value_parser = thread_count)]
    pub threads: usize,
    /// Fights played side by side in one World (at least 1).
    #[arg(long, default_value_t = fray_sim::batch::DEFAULT_CHUNK, value_parser = chunk_size)]
    pub chunk: usize,
    /// Write every aggregate as JSON (`-`: to standard output, and the summary to standard
    /// error).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write one CSV row per run (streamed as runs finish, in run order; `-`: to standard
    /// output, and the summary to standard error).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Draw rounds and win rates (SVG or PNG, by the file's extension).
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub plot: Option<PathBuf>,
    /// Write the report as a page to look at (one self-contained HTML file), with the runs
    /// worth watching - each side's median, worst 1% and best 1%, and the longest - re-played
    /// and embedded (not `-`; a shard's runs are watched from `fray merge --html`).
    #[arg(long, value_name = "FILE.html", conflicts_with = "shard")]
    pub html: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Override a side's AI (`random`, `aggressive`, `tactical`, `lookahead:N`):
    /// `--ai Heroes=aggressive` (repeatable).
    #[arg(long = "ai", value_name = "SIDE=POLICY")]
    pub ai: Vec<String>,
    /// Play only shard I of N (0-based: `0/3`, `1/3`, `2/3`): the runs
    /// ⌊runs·I/N⌋ .. ⌊runs·(I+1)/N⌋, each with its seed in the whole batch. Needs `--part`;
    /// `fray merge` sums the parts up.
    #[arg(long, value_name = "I/N", value_parser = shard, requires = "part")]
    pub shard: Option<Shard>,
    /// Where the shard writes its part (JSON, `-`: standard output) for `fray merge`.
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub part: Option<PathBuf>,
    /// Ruleset options and the round limit, for this command only.
    #[command(flatten)]
    pub overrides: Overrides,
}

/// Parses `--shard I/N`.
pub(crate) fn shard(text: &str) -> Result<Shard, String> {
    text.parse()
        .map_err(|e: fray_sim::shard::ShardError| e.to_string())
}

/// The most worker threads a batch starts.
pub const MAX_THREADS: usize = 256;

/// Parses `--threads`: 0 (one per core) up to [`MAX_THREADS`].
pub(crate) fn thread_count(text: &str) -> Result<usize, String> {
    let n: usize = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of threads"))?;
    if n > MAX_THREADS {
        return Err(format!(
            "at most {MAX_THREADS} threads (0 starts one per core)"
        ));
    }
    Ok(n)
}

/// Parses `--chunk`: at least one fight per World.
fn chunk_size(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("a World plays at least one fight at a time".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{text}` is not a number of fights")),
    }
}

/// Where the JSON report goes: a file started before the batch plays (so a bad path fails at
/// once) and put in place whole once written, or standard output.
pub(crate) enum JsonOut {
    File(AtomicFile),
    Stdout,
}

/// Opens a JSON output (`--json` or `--part`) before the batch plays: a path that cannot be
/// written fails at once, not after minutes of work.
pub(crate) fn open_json(path: Option<&Path>) -> Result<Option<JsonOut>, String> {
    match path {
        None => Ok(None),
        Some(path) if path.as_os_str() == "-" => Ok(Some(JsonOut::Stdout)),
        Some(path) => AtomicFile::create(path).map(|f| Some(JsonOut::File(f))),
    }
}

/// Runs `fray batch`, writing the summary to `out`.
pub fn run(
    cli: &CliEngine,
    content: ContentChoice<'_>,
    args: &BatchArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let (engine, id) = match engine_for(cli, content, &args.encounter, &args.overrides) {
        Ok(x) => x,
        Err(e) => return Ok(e.report()),
    };
    let controllers = match parse_ai(cli, &args.ai) {
        Ok(c) => c,
        Err(e) => return Ok(fail(2, e, &[])),
    };
    if let Err(e) = distinct_outputs(&[
        ("--json", args.json.as_deref()),
        ("--part", args.part.as_deref()),
        ("--csv", args.csv.as_deref()),
        ("--plot", args.plot.as_deref()),
        ("--html", args.html.as_deref()),
    ]) {
        return Ok(fail(2, e, &[]));
    }
    if let Err(e) = crate::html::check_path(args.html.as_deref()) {
        return Ok(fail(2, e, &[]));
    }
    if args.plot.as_deref().is_some_and(|p| p.as_os_str() == "-") {
        return Ok(fail(
            2,
            "--plot - : a chart is written to a file",
            &["try --plot rounds.svg"],
        ));
    }
    if let Some(Err(e)) = args.plot.as_deref().map(ChartFormat::of) {
        return Ok(fail(2, e, &[]));
    }
    if let Err(e) = check_plot_path(args.plot.as_deref()) {
        return Ok(fail(1, e, &[]));
    }
    let json = match open_json(args.json.as_deref()) {
        Ok(json) => json,
        Err(e) => return Ok(fail(1, e, &[])),
    };
    let part = match open_json(args.part.as_deref()) {
        Ok(part) => part,
        Err(e) => return Ok(fail(1, e, &[])),
    };
    let html = match args.html.as_deref().map(AtomicFile::create).transpose() {
        Ok(html) => html,
        Err(e) => return Ok(fail(1, e, &[])),
    };
    let config = BatchConfig {
        controllers,
        threads: args.threads,
        chunk: args.chunk,
        shard: args.shard.unwrap_or(Shard::WHOLE),
        ..BatchConfig::new(id, args.runs, args.seed)
    };
    // The CSV file is started before the batch, so a bad path fails at once; it replaces what
    // was at its path only once the batch has played. `--csv -` streams the rows to standard
    // output as the runs finish.
    let mut csv = match args.csv.as_deref().map(CsvOut::open).transpose() {
        Ok(csv) => csv,
        Err(e) => return Ok(fail(1, e, &[])),
    };
    let sink = csv.as_mut().map(CsvOut::sink);
    let report = match play_into(&engine, &config, args.quiet, sink) {
        Ok(r) => r,
        Err(e @ BatchError::NoRuns) => return Ok(fail(2, e, &["try --runs 10000"])),
        Err(BatchError::Csv(why)) => {
            let path = csv.as_ref().map_or_else(String::new, CsvOut::name);
            return Ok(fail(1, format!("cannot write {path}: {why}"), &[]));
        }
        Err(BatchError::Panicked(p)) => {
            let replay: Vec<String> = p
                .runs
                .iter()
                .map(|(_, seed)| {
                    let ruleset = args
                        .overrides
                        .ruleset
                        .as_ref()
                        .map(|r| format!(" --ruleset {r}"))
                        .unwrap_or_default();
                    format!(
                        "replay it with `fray run {}{ruleset} --seed {seed}`",
                        crate::adhoc::shell_word(&args.encounter)
                    )
                })
                .collect();
            let hints: Vec<&str> = replay.iter().map(String::as_str).take(1).collect();
            return Ok(fail(1, BatchError::Panicked(p), &hints));
        }
        Err(e) => return Ok(fail(2, e, &["run `fray list` to see every encounter"])),
    };
    let csv_on_stdout = matches!(csv, Some(CsvOut::Stdout(_)));
    if let Some(csv) = csv
        && let Err(e) = csv.finish()
    {
        return Ok(fail(1, e, &[]));
    }
    let planned = config.shard.runs(config.runs);
    let mut summary = report.summary_table();
    if args.shard.is_some() {
        summary = format!(
            "shard {} of a batch of {} runs: runs {} to {}\n{summary}",
            config.shard,
            config.runs,
            planned.start,
            planned.end.saturating_sub(1)
        );
    }
    // A JSON or CSV output on standard output takes it: the summary goes to standard error.
    if csv_on_stdout
        || matches!(json, Some(JsonOut::Stdout))
        || matches!(part, Some(JsonOut::Stdout))
    {
        eprint!("{summary}");
    } else {
        write!(out, "{summary}")?;
    }
    if let Some(code) = write_json(json, &report.to_json(), out)? {
        return Ok(code);
    }
    let complete = report.runs == planned.end - planned.start;
    if let Some(part) = part {
        if !complete {
            return Ok(fail(
                130,
                "interrupted: the part was not written (merge refuses an incomplete shard)",
                &["play the shard again"],
            ));
        }
        let spec = engine.content.encounter(&config.encounter);
        let Some(spec) = spec else {
            return Ok(fail(1, "the encounter vanished from the content", &[]));
        };
        let text = Part::new(&engine.content, spec, &config, &report).to_json();
        if let Some(code) = write_json(Some(part), &text, out)? {
            return Ok(code);
        }
    }
    if let Some(file) = html {
        let Some(spec) = engine.content.encounter(&config.encounter) else {
            return Ok(fail(1, "the encounter vanished from the content", &[]));
        };
        let (controllers, _) = batch_controllers(spec, &config.controllers);
        let mut ai = args.ai.clone();
        ai.extend(
            controllers
                .iter()
                .skip(config.controllers.len())
                .map(|(side, _)| format!("{side}=tactical")),
        );
        let replayer = Replayer {
            engine: &engine,
            encounter: config.encounter.clone(),
            given: args.encounter.clone(),
            overrides: args.overrides.clone(),
            ai,
            controllers,
            master: config.seed,
        };
        let command = batch_command(
            &args.encounter,
            &args.overrides,
            &args.ai,
            config.runs,
            config.seed,
        );
        if let Err(e) = write_batch_page(file, &report, &command, &replayer) {
            return Ok(fail(1, e, &[]));
        }
    }
    let code = write_plot(&report, args);
    if !complete && code == ExitCode::SUCCESS {
        // Interrupted: the summary is out; the exit says it is partial (128 + SIGINT).
        return Ok(ExitCode::from(130));
    }
    Ok(code)
}

/// The progress bar of `len` fights on a terminal (hidden if `quiet` or not on one).
pub(crate) fn progress_bar(len: u64, quiet: bool) -> ProgressBar {
    progress_bar_of(len, quiet, "fights")
}

/// The progress bar of `len` things called `unit` on a terminal (hidden if `quiet` or not on
/// one).
pub(crate) fn progress_bar_of(len: u64, quiet: bool, unit: &str) -> ProgressBar {
    if quiet || !console::Term::stderr().is_term() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{spinner}} [{{bar:40.cyan/blue}}] {{pos}}/{{len}} {unit}  {{rate}}  ETA {{eta}}"
        ))
        .map(|style| {
            // Whole things a second ("2,710/s"), not indicatif's "2,709.8817/s" (I.41).
            style.with_key(
                "rate",
                |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{}/s", HumanCount(state.per_sec().round() as u64));
                },
            )
        })
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar
}

/// Writes a JSON document to its output; the exit code of a file that cannot be written
/// (standard output's errors are the caller's).
pub(crate) fn write_json(
    to: Option<JsonOut>,
    text: &str,
    out: &mut impl Write,
) -> io::Result<Option<ExitCode>> {
    match to {
        None => Ok(None),
        Some(JsonOut::Stdout) => writeln!(out, "{text}").map(|()| None),
        Some(JsonOut::File(mut file)) => {
            let written = file
                .write_all(text.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", file.path().display()))
                .and_then(|()| file.commit());
            Ok(written.err().map(|e| fail(1, e, &[])))
        }
    }
}

/// Plays a batch with a progress bar on a terminal.
pub fn play(engine: &Engine, config: &BatchConfig, quiet: bool) -> Result<BatchReport, BatchError> {
    play_into(engine, config, quiet, None)
}

/// Plays a batch with a progress bar on a terminal, streaming one CSV row per run into `csv`.
fn play_into(
    engine: &Engine,
    config: &BatchConfig,
    quiet: bool,
    csv: Option<&mut (dyn Write + Send)>,
) -> Result<BatchReport, BatchError> {
    let range = config.shard.runs(config.runs);
    let bar = progress_bar(range.end - range.start, quiet);
    // Ctrl-C stops the batch: the runs in play finish, and the summary covers what was
    // played. A second Ctrl-C, once the handler is gone, ends the process as usual.
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let handled = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed)).is_ok();
    let result = run_batch_until(engine, config, &|done| bar.set_position(done), csv, &stop);
    bar.finish_and_clear();
    if handled && stop.load(Ordering::Relaxed) {
        eprintln!("interrupted: the summary covers the runs played so far");
    }
    result
}

/// Draws the chart, if asked.
fn write_plot(report: &BatchReport, args: &BatchArgs) -> ExitCode {
    if let Some(path) = &args.plot
        && let Err(e) = draw_whole(path, |at| plot(report, at))
    {
        return fail(1, e, &[]);
    }
    ExitCode::SUCCESS
}
