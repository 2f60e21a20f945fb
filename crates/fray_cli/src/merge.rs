//! `fray merge`: the parts of a sharded batch, summed into the report of the whole.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use fray_sim::compare::{COMPARE_PART_FORMAT, ComparePart, merge_comparison};
use fray_sim::part::{Part, merge, merge_csv};
use fray_sim::plot::{ChartFormat, plot, plot_curve};
use fray_sim::tune::{TUNE_PART_FORMAT, TunePart, merge_tune};

use crate::batch::{open_json, write_json};
use crate::fail;

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
}

/// Runs `fray merge`, writing the summary to `out`.
pub fn run(args: &MergeArgs, out: &mut impl Write) -> io::Result<ExitCode> {
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
    if let (Some(path), Some((_, first))) = (&args.csv, parts.first()) {
        let mut inputs: Vec<(String, Box<dyn Read>)> = Vec::with_capacity(csvs.len());
        for p in csvs {
            match File::open(p) {
                Ok(f) => inputs.push((p.display().to_string(), Box::new(BufReader::new(f)))),
                Err(e) => return Ok(fail(1, format!("cannot read {}: {e}", p.display()), &[])),
            }
        }
        let file = match File::create(path) {
            Ok(f) => f,
            Err(e) => {
                return Ok(fail(
                    1,
                    format!("cannot create {}: {e}", path.display()),
                    &[],
                ));
            }
        };
        if let Err(e) = merge_csv(&first.batch, inputs, &mut BufWriter::new(file)) {
            return Ok(fail(
                2,
                e,
                &["pass the CSV of every shard of this batch, once each"],
            ));
        }
    }
    let json = match open_json(args.json.as_deref()) {
        Ok(json) => json,
        Err(e) => return Ok(fail(1, e, &[])),
    };
    if args.json.as_ref().is_some_and(|p| p.as_os_str() == "-") {
        eprint!("{}", report.summary_table());
    } else {
        write!(out, "{}", report.summary_table())?;
    }
    if let Some(code) = write_json(json, &report.to_json(), out)? {
        return Ok(code);
    }
    if let Some(path) = &args.plot
        && let Err(e) = plot(&report, path)
    {
        return Ok(fail(1, format!("cannot draw {}: {e}", path.display()), &[]));
    }
    Ok(ExitCode::SUCCESS)
}

/// Merges the parts of `fray compare --shard` into the comparison.
fn merge_compare(
    texts: &[(String, String)],
    args: &MergeArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let mut parts = Vec::with_capacity(texts.len());
    for (name, text) in texts {
        match ComparePart::from_json(name, text) {
            Ok(part) => parts.push((name.clone(), part)),
            Err(e) => {
                return Ok(fail(
                    2,
                    e,
                    &["merge the parts of one comparison, or of one batch, not both"],
                ));
            }
        }
    }
    let comparison = match merge_comparison(&parts) {
        Ok(c) => c,
        Err(e) => {
            return Ok(fail(
                2,
                e,
                &[
                    "merge the parts of one comparison: the same A, B, side, seeds and --runs, split the same way",
                ],
            ));
        }
    };
    let json = match open_json(args.json.as_deref()) {
        Ok(json) => json,
        Err(e) => return Ok(fail(1, e, &[])),
    };
    if args.json.as_ref().is_some_and(|p| p.as_os_str() == "-") {
        eprint!("{}", comparison.table());
    } else {
        write!(out, "{}", comparison.table())?;
    }
    let text = serde_json::to_string_pretty(&comparison).unwrap_or_default();
    Ok(write_json(json, &text, out)?.unwrap_or(ExitCode::SUCCESS))
}

/// Merges the parts of `fray tune --shard` into the curve and its answer.
fn merge_sweep(
    texts: &[(String, String)],
    args: &MergeArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let mut parts = Vec::with_capacity(texts.len());
    for (name, text) in texts {
        match TunePart::from_json(name, text) {
            Ok(part) => parts.push((name.clone(), part)),
            Err(e) => {
                return Ok(fail(
                    2,
                    e,
                    &["merge the parts of one sweep, not a sweep's and a batch's together"],
                ));
            }
        }
    }
    let tuned = match merge_tune(&parts) {
        Ok(t) => t,
        Err(e) => {
            return Ok(fail(
                2,
                e,
                &[
                    "merge the parts of one sweep: the same encounter, knob, values, side, target, seed and --budget, split the same way",
                ],
            ));
        }
    };
    let json = match open_json(args.json.as_deref()) {
        Ok(json) => json,
        Err(e) => return Ok(fail(1, e, &[])),
    };
    if args.json.as_ref().is_some_and(|p| p.as_os_str() == "-") {
        eprint!("{}", tuned.table());
    } else {
        write!(out, "{}", tuned.table())?;
    }
    let text = serde_json::to_string_pretty(&tuned).unwrap_or_default();
    if let Some(code) = write_json(json, &text, out)? {
        return Ok(code);
    }
    if let Some(path) = &args.plot
        && let Err(e) = plot_curve(&tuned, path)
    {
        return Ok(fail(1, format!("cannot draw {}: {e}", path.display()), &[]));
    }
    Ok(ExitCode::SUCCESS)
}
