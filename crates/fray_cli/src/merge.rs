//! `fray merge`: the parts of a sharded batch, summed into the report of the whole.

use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use fray_sim::compare::{COMPARE_PART_FORMAT, ComparePart, Comparison, merge_comparison};
use fray_sim::identity::BatchIdentity;
use fray_sim::part::{MergeError, Part, merge, merge_csv};
use fray_sim::plot::{ChartFormat, plot, plot_curve};
use fray_sim::report::BatchReport;
use fray_sim::tune::{TUNE_PART_FORMAT, TunePart, Tuned, merge_tune};

use crate::batch::{open_json, write_json};
use crate::content::{ContentChoice, engine_for};
use crate::html::batch::{Replayer, batch_command, overrides_of, write_batch_page};
use crate::html::compare::write_compare_page;
use crate::html::tune::write_tune_page;
use crate::output::{AtomicFile, CsvOut, distinct_outputs, draw_whole, outputs_apart_from_inputs};
use crate::{CliEngine, fail};

/// Arguments of `fray merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The part files (`fray batch --shard I/N --part FILE`, `fray compare ... --shard I/N
    /// --part FILE` or `fray tune ... --shard I/N --part FILE`), one per shard, in any order;
    /// files named `*.csv` are the shards' per-run CSVs (`fray batch --shard I/N --csv FILE`),
    /// merged into `--csv`.
    #[arg(required = true, value_name = "PARTS")]
    pub parts: Vec<PathBuf>,
    /// Write the merged aggregates as JSON (`-`: to standard output, and the summary to
    /// standard error): the JSON of the whole batch played at once.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write the runs' CSV, from the shards' CSVs given among the parts, in run order.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Draw rounds and win rates (SVG or PNG, by the file's extension).
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub plot: Option<PathBuf>,
    /// Write the result as a page (one self-contained HTML file): a batch's report with its
    /// runs worth watching picked from the parts and re-played from the content (the content
    /// the shards played: `--content DIR` as they had it), a comparison's or a sweep's page
    /// (not `-`).
    #[arg(long, value_name = "FILE.html")]
    pub html: Option<PathBuf>,
    /// Where the content comes from, to re-play the runs worth watching (`--html` only).
    #[command(flatten)]
    pub source: crate::ContentArgs,
}

/// Runs `fray merge`, writing the summary to `out`.
pub fn run(
    cli: &CliEngine,
    content: ContentChoice<'_>,
    args: &MergeArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let outputs = [
        ("--json", args.json.as_deref()),
        ("--csv", args.csv.as_deref()),
        ("--plot", args.plot.as_deref()),
        ("--html", args.html.as_deref()),
    ];
    if let Err(e) = distinct_outputs(&outputs) {
        return Ok(fail(2, e, &[]));
    }
    if let Err(e) = outputs_apart_from_inputs(&outputs, &args.parts) {
        return Ok(fail(2, e, &[]));
    }
    if let Err(e) = crate::html::check_path(args.html.as_deref()) {
        return Ok(fail(2, e, &[]));
    }
    if let Some(Err(e)) = args.plot.as_deref().map(ChartFormat::of) {
        return Ok(fail(2, e, &[]));
    }
    let (csvs, jsons): (Vec<&PathBuf>, Vec<&PathBuf>) = args
        .parts
        .iter()
        .partition(|p| p.extension().is_some_and(|e| e == "csv"));
    if !csvs.is_empty() && args.csv.is_none() {
        return Ok(fail(
            2,
            "CSV files given, but no --csv to merge them into",
            &["add --csv all-runs.csv"],
        ));
    }
    if csvs.is_empty() && args.csv.is_some() {
        return Ok(fail(
            2,
            "--csv needs the shards' CSVs among the parts",
            &["play each shard with --csv FILE and pass those files too"],
        ));
    }
    let mut texts = Vec::with_capacity(jsons.len());
    for path in jsons {
        let name = path.display().to_string();
        match std::fs::read_to_string(path) {
            Ok(t) => texts.push((name, t)),
            Err(e) => return Ok(fail(1, format!("cannot read {name}: {e}"), &[])),
        }
    }
    let is_comparison =
        |text: &str| text.contains(&format!("\"format\":\"{COMPARE_PART_FORMAT}\""));
    let is_tune = |text: &str| text.contains(&format!("\"format\":\"{TUNE_PART_FORMAT}\""));
    // Parts of different kinds never merge: say which file is which, rather than read one
    // kind's part as the other's and blame the wrong file.
    let kind = |text: &str| {
        if is_tune(text) {
            "a sweep's part (`fray tune --shard`)"
        } else if is_comparison(text) {
            "a comparison's part (`fray compare --shard`)"
        } else {
            "a batch's part (`fray batch --shard`)"
        }
    };
    if let Some(((first, a), (other, b))) = texts.first().and_then(|(first, text)| {
        let a = kind(text);
        texts
            .iter()
            .map(|(name, t)| (name, kind(t)))
            .find(|(_, b)| *b != a)
            .map(|other| ((first, a), other))
    }) {
        return Ok(fail(
            2,
            format!("{first} is {a}, but {other} is {b}: parts of different kinds never merge"),
            &["merge the parts of one batch, comparison or sweep at a time"],
        ));
    }
    if texts.iter().any(|(_, t)| is_tune(t)) {
        if args.csv.is_some() {
            return Ok(fail(
                2,
                "the parts of a sweep merge into its curve, --json and --plot only",
                &[],
            ));
        }
        return merge_sweep(&texts, args, out);
    }
    if texts.iter().any(|(_, t)| is_comparison(t)) {
        if args.csv.is_some() || args.plot.is_some() {
            return Ok(fail(
                2,
                "the parts of a comparison merge into its table and --json only",
                &[],
            ));
        }
        return merge_compare(&texts, args, out);
    }
    let mut parts = Vec::with_capacity(texts.len());
    for (name, text) in texts {
        match Part::from_json(&name, &text) {
            Ok(part) => parts.push((name, part)),
            Err(e) => return Ok(fail(2, e, &[])),
        }
    }
    let report = match merge(&parts) {
        Ok(r) => r,
        Err(e) => {
            return Ok(fail(
                2,
                e,
                &[
                    "merge the parts of one batch: the same encounter, content, options, seed and --runs, split the same way",
                ],
            ));
        }
    };
    let mut csv_on_stdout = false;
    if let (Some(path), Some((_, first))) = (&args.csv, parts.first()) {
        let mut inputs: Vec<(String, Box<dyn Read>)> = Vec::with_capacity(csvs.len());
        for p in csvs {
            match File::open(p) {
                Ok(f) => inputs.push((p.display().to_string(), Box::new(BufReader::new(f)))),
                Err(e) => return Ok(fail(1, format!("cannot read {}: {e}", p.display()), &[])),
            }
        }
        let mut file = match CsvOut::open(path) {
            Ok(f) => f,
            Err(e) => return Ok(fail(1, e, &[])),
        };
        csv_on_stdout = file.is_stdout();
        // A merge that fails leaves no partial CSV: the file is put in place only when whole.
        if let Err(e) = merge_csv(&first.batch, inputs, &mut file) {
            return Ok(fail(
                2,
                e,
                &["pass the CSV of every shard of this batch, once each"],
            ));
        }
        let committed = file.finish();
        if let Err(e) = committed {
            return Ok(fail(1, e, &[]));
        }
    }
    let json = match open_json(args.json.as_deref()) {
        Ok(json) => json,
        Err(e) => return Ok(fail(1, e, &[])),
    };
    if csv_on_stdout || args.json.as_ref().is_some_and(|p| p.as_os_str() == "-") {
        eprint!("{}", report.summary_table());
    } else {
        write!(out, "{}", report.summary_table())?;
    }
    if let Some(code) = write_json(json, &report.to_json(), out)? {
        return Ok(code);
    }
    if let Some(path) = &args.plot
        && let Err(e) = draw_whole(path, |at| plot(&report, at))
    {
        return Ok(fail(1, e, &[]));
    }
    if let (Some(path), Some((_, first))) = (&args.html, parts.first())
        && let Err(e) = write_page(cli, content, path, &first.batch, &report)
    {
        return Ok(fail(1, e, &[]));
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the page of a merged batch: its runs worth watching re-played from the content, as
/// the batch `identity` played them.
fn write_page(
    cli: &CliEngine,
    content: ContentChoice<'_>,
    path: &Path,
    identity: &BatchIdentity,
    report: &BatchReport,
) -> Result<(), String> {
    let file = AtomicFile::create(path)?;
    let cannot = |e: crate::content::ContentError| {
        format!(
            "cannot re-play the runs worth watching of `{}`: {}",
            identity.encounter,
            e.why()
        )
    };
    let mut overrides = overrides_of(identity);
    let (mut engine, mut id) =
        engine_for(cli, content, &identity.encounter, &overrides).map_err(cannot)?;
    // The round limit is given only when the batch's was not the encounter's own (so the
    // commands shown are those a user typed).
    let limit = engine.content.encounter(&id).map(|e| e.options.max_rounds);
    if limit != Some(identity.max_rounds) {
        overrides.max_rounds = Some(identity.max_rounds);
        (engine, id) = engine_for(cli, content, &identity.encounter, &overrides).map_err(cannot)?;
    }
    let replayer = Replayer::for_identity(cli, &engine, &id, identity, overrides)?;
    let command = batch_command(
        &identity.encounter,
        &replayer.overrides,
        &replayer.ai[..identity.controllers.len()],
        identity.runs,
        identity.seed,
    );
    write_batch_page(file, report, &command, &replayer)
}

/// A part and the name of its file.
type Named<P> = (String, P);

/// How one kind of part file merges: how to read a part, how to merge the parts, what to
/// print, and what to tell a user whose parts do not fit together.
struct PartKind<P, M> {
    read: fn(&str, &str) -> Result<P, MergeError>,
    merge: fn(&[Named<P>]) -> Result<M, MergeError>,
    table: fn(&M) -> String,
    json: fn(&M) -> String,
    not_this_kind: &'static str,
    not_one_whole: &'static str,
}

/// Reads, merges and prints parts of one kind; writes the merged result's JSON to `--json`.
/// Returns the merged result for what else the kind writes (`None` once it has failed, with
/// the exit code to return).
fn merge_kind<P, M>(
    kind: &PartKind<P, M>,
    texts: &[(String, String)],
    args: &MergeArgs,
    out: &mut impl Write,
) -> io::Result<Result<M, ExitCode>> {
    let mut parts = Vec::with_capacity(texts.len());
    for (name, text) in texts {
        match (kind.read)(name, text) {
            Ok(part) => parts.push((name.clone(), part)),
            Err(e) => return Ok(Err(fail(2, e, &[kind.not_this_kind]))),
        }
    }
    let merged = match (kind.merge)(&parts) {
        Ok(m) => m,
        Err(e) => return Ok(Err(fail(2, e, &[kind.not_one_whole]))),
    };
    let json = match open_json(args.json.as_deref()) {
        Ok(json) => json,
        Err(e) => return Ok(Err(fail(1, e, &[]))),
    };
    if args.json.as_ref().is_some_and(|p| p.as_os_str() == "-") {
        eprint!("{}", (kind.table)(&merged));
    } else {
        write!(out, "{}", (kind.table)(&merged))?;
    }
    Ok(match write_json(json, &(kind.json)(&merged), out)? {
        Some(code) => Err(code),
        None => Ok(merged),
    })
}

/// Merges the parts of `fray compare --shard` into the comparison.
fn merge_compare(
    texts: &[(String, String)],
    args: &MergeArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let kind = PartKind {
        read: ComparePart::from_json,
        merge: merge_comparison,
        table: Comparison::table,
        json: |c| serde_json::to_string_pretty(c).unwrap_or_default(),
        not_this_kind: "merge the parts of one comparison, or of one batch, not both",
        not_one_whole: "merge the parts of one comparison: the same A, B, side, seeds and --runs, split the same way",
    };
    let comparison = match merge_kind(&kind, texts, args, out)? {
        Ok(c) => c,
        Err(code) => return Ok(code),
    };
    if let Some(path) = &args.html
        && let Err(e) = write_compare_page(path, &comparison)
    {
        return Ok(fail(1, e, &[]));
    }
    Ok(ExitCode::SUCCESS)
}

/// Merges the parts of `fray tune --shard` into the curve and its answer.
fn merge_sweep(
    texts: &[(String, String)],
    args: &MergeArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let kind = PartKind {
        read: TunePart::from_json,
        merge: merge_tune,
        table: Tuned::table,
        json: |t| serde_json::to_string_pretty(t).unwrap_or_default(),
        not_this_kind: "merge the parts of one sweep, not a sweep's and a batch's together",
        not_one_whole: "merge the parts of one sweep: the same encounter, knob, values, side, target, seed and --budget, split the same way",
    };
    let tuned = match merge_kind(&kind, texts, args, out)? {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    if let Some(path) = &args.plot
        && let Err(e) = draw_whole(path, |at| plot_curve(&tuned, at))
    {
        return Ok(fail(1, e, &[]));
    }
    if let Some(path) = &args.html
        && let Err(e) = write_tune_page(path, &tuned)
    {
        return Ok(fail(1, e, &[]));
    }
    Ok(ExitCode::SUCCESS)
}
