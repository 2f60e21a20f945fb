//! `fray compare`: two encounters, or one played two ways, side by side with significance
//! tests.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::Args;
use fray_sim::batch::BatchConfig;
use fray_sim::compare::{Arm, CompareError, merge_comparison, play};
use fray_sim::shard::Shard;

use crate::batch::{open_json, progress_bar, write_json};
use crate::content::{ContentChoice, engine_for, parse_ai};
use crate::html::compare::compare_data;
use crate::html::page::{PageKind, page, write_page};
use crate::output::AtomicFile;
use crate::overrides::Overrides;
use crate::{CliEngine, fail};

/// Arguments of `fray compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Where content comes from.
    #[command(flatten)]
    pub source: crate::ContentArgs,
    /// Encounter A: an id (see `fray list`), a path to an encounter file, or a fight written
    /// out (`"fighter-3, cleric-2 vs 6 cave-goblin"`).
    pub a: String,
    /// Encounter B (default: A again, to compare A's and B's options).
    pub b: Option<String>,
    /// The side whose win rate is compared (default: A's first side).
    #[arg(long, value_name = "NAME")]
    pub side: Option<String>,
    /// Fights per encounter.
    #[arg(long, default_value_t = 2_000)]
    pub runs: u64,
    /// Master seed of both batches: run i of A and of B start from the same seed (common
    /// random numbers), and their win rates are compared run by run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// B's own master seed: independent batches, unpaired tests.
    #[arg(long, value_name = "SEED")]
    pub b_seed: Option<u64>,
    /// Worker threads, at most 256 (default, or 0: one per core).
    #[arg(long, default_value_t = 0, value_parser = crate::batch::thread_count)]
    pub threads: usize,
    /// A ruleset option for A only: `--a-option lasting_wounds=true` (repeatable).
    #[arg(long = "a-option", value_name = "NAME=VALUE")]
    pub a_options: Vec<String>,
    /// A ruleset option for B only (repeatable).
    #[arg(long = "b-option", value_name = "NAME=VALUE")]
    pub b_options: Vec<String>,
    /// A's round limit.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub a_max_rounds: Option<u32>,
    /// B's round limit.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub b_max_rounds: Option<u32>,
    /// Override a side's AI in both: `--ai Heroes=aggressive` (repeatable).
    #[arg(long = "ai", value_name = "SIDE=POLICY")]
    pub ai: Vec<String>,
    /// Override a side's AI in A only, after `--ai`: `--a-ai Heroes=lookahead:200`
    /// (repeatable). With `--b-ai`, one encounter played by two policies on the same seeds.
    #[arg(long = "a-ai", value_name = "SIDE=POLICY")]
    pub a_ai: Vec<String>,
    /// Override a side's AI in B only, after `--ai`: `--b-ai Heroes=tactical` (repeatable).
    #[arg(long = "b-ai", value_name = "SIDE=POLICY")]
    pub b_ai: Vec<String>,
    /// Ruleset options and the round limit for both A and B (A's and B's own come after).
    #[command(flatten)]
    pub overrides: Overrides,
    /// Play only shard I of N (0-based) of both batches, for `fray merge` (needs `--part`).
    #[arg(long, value_name = "I/N", value_parser = crate::batch::shard, requires = "part")]
    pub shard: Option<Shard>,
    /// Where the shard writes its part (JSON, `-`: standard output).
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub part: Option<PathBuf>,
    /// Write the comparison (both reports and the tests) as JSON (`-`: to standard output).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write the comparison as a page to look at (one self-contained HTML file): the verdict
    /// with its tests, and A's and B's distributions side by side (not `-`).
    #[arg(long, value_name = "FILE.html", conflicts_with = "shard")]
    pub html: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

impl CompareArgs {
    /// The overrides of one arm: the common ones, then its own.
    fn overrides(&self, own: &[String], max_rounds: Option<u32>) -> Overrides {
        Overrides {
            options: self.overrides.options.iter().chain(own).cloned().collect(),
            max_rounds: max_rounds.or(self.overrides.max_rounds),
            ruleset: self.overrides.ruleset.clone(),
        }
    }
}

/// What an arm is, for the legend: the encounter, its overrides and its own AI.
fn describe(what: &str, o: &Overrides, ai: &[String]) -> String {
    let mut s = crate::adhoc::shell_word(what);
    for a in ai {
        s.push_str(&format!(" --ai {a}"));
    }
    if let Some(r) = &o.ruleset {
        s.push_str(&format!(" --ruleset {r}"));
    }
    for option in &o.options {
        s.push_str(&format!(" --option {option}"));
    }
    if let Some(r) = o.max_rounds {
        s.push_str(&format!(" --max-rounds {r}"));
    }
    s
}

/// Runs `fray compare`, writing the comparison to `out`.
pub fn run(
    cli: &CliEngine,
    content: ContentChoice<'_>,
    args: &CompareArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let b_what = args.b.as_deref().unwrap_or(&args.a);
    let (a_over, b_over) = (
        args.overrides(&args.a_options, args.a_max_rounds),
        args.overrides(&args.b_options, args.b_max_rounds),
    );
    let (a_engine, a_id) = match engine_for(cli, content, &args.a, &a_over) {
        Ok(x) => x,
        Err(e) => return Ok(e.report()),
    };
    let (b_engine, b_id) = match engine_for(cli, content, b_what, &b_over) {
        Ok(x) => x,
        Err(e) => return Ok(e.report()),
    };
    let arm_ai = |own: &[String]| {
        let all: Vec<String> = args.ai.iter().chain(own).cloned().collect();
        parse_ai(cli, &all)
    };
    let (a_controllers, b_controllers) = match (arm_ai(&args.a_ai), arm_ai(&args.b_ai)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => return Ok(fail(2, e, &[])),
    };
    if args.shard.is_some() && args.json.is_some() {
        return Ok(fail(
            2,
            "a shard writes its --part; the JSON comes from `fray merge --json`",
            &[],
        ));
    }
    let json = match open_json(args.json.as_deref().or(args.part.as_deref())) {
        Ok(json) => json,
        Err(e) => return Ok(fail(1, e, &[])),
    };
    if let Err(e) = crate::html::check_path(args.html.as_deref()) {
        return Ok(fail(2, e, &[]));
    }
    let html = match args.html.as_deref().map(AtomicFile::create).transpose() {
        Ok(html) => html,
        Err(e) => return Ok(fail(1, e, &[])),
    };
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let config = |id: String, seed: u64, controllers: Vec<_>| BatchConfig {
        controllers,
        threads: args.threads,
        shard,
        ..BatchConfig::new(id, args.runs, seed)
    };
    let a = Arm {
        label: describe(&args.a, &a_over, &args.a_ai),
        engine: &a_engine,
        config: config(a_id, args.seed, a_controllers),
    };
    let b = Arm {
        label: describe(b_what, &b_over, &args.b_ai),
        engine: &b_engine,
        config: config(b_id, args.b_seed.unwrap_or(args.seed), b_controllers),
    };
    let range = shard.runs(args.runs);
    let bar = progress_bar((range.end - range.start).saturating_mul(2), args.quiet);
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    let result = play(
        &a,
        &b,
        args.side.as_deref(),
        &|n| bar.set_position(n),
        &stop,
    );
    bar.finish_and_clear();
    let part = match result {
        Ok(c) => c,
        Err(e @ CompareError::NoSide { .. }) => return Ok(fail(2, e, &["pick one with --side"])),
        Err(e) => return Ok(fail(2, e, &["run `fray batch` on it to see more"])),
    };
    if stop.load(Ordering::Relaxed) {
        return Ok(fail(
            130,
            "interrupted: no comparison of batches cut short",
            &["run again with fewer --runs"],
        ));
    }
    if let Some(shard) = args.shard {
        let text = format!(
            "shard {shard} of a comparison of {} runs each: runs {} to {} of A and of B\n",
            args.runs,
            range.start,
            range.end.saturating_sub(1)
        );
        if matches!(args.part.as_deref(), Some(p) if p.as_os_str() == "-") {
            eprint!("{text}");
        } else {
            write!(out, "{text}")?;
        }
        return Ok(write_json(json, &part.to_json(), out)?.unwrap_or(ExitCode::SUCCESS));
    }
    let comparison = match merge_comparison(&[(String::new(), part)]) {
        Ok(c) => c,
        Err(e) => return Ok(fail(2, e, &[])),
    };
    let text = serde_json::to_string_pretty(&comparison).unwrap_or_default();
    if matches!(args.json.as_deref(), Some(p) if p.as_os_str() == "-") {
        eprint!("{}", comparison.table());
    } else {
        write!(out, "{}", comparison.table())?;
    }
    if let Some(code) = write_json(json, &text, out)? {
        return Ok(code);
    }
    if let Some(file) = html {
        let title = format!("{} vs {}", comparison.a_label, comparison.b_label);
        let page = page(PageKind::Compare, &title, &compare_data(&comparison));
        if let Err(e) = write_page(file, &page) {
            return Ok(fail(1, e, &[]));
        }
    }
    Ok(ExitCode::SUCCESS)
}
