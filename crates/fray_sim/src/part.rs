//! The partial result of a sharded batch, and merging the parts into the report of the whole.
//!
//! A shard (see [`crate::shard`]) writes a [`Part`]: its running totals ([`Aggregate`], exact
//! integers and a histogram) and what batch it belongs to ([`BatchIdentity`]: encounter,
//! a fingerprint of the content, ruleset options, round limit, controllers, seed, total runs)
//! and which shard it is. [`merge`] checks that the parts are every shard of one batch, each
//! once and complete, and adds their totals: the report is the one the whole batch gives, to
//! the byte (its `timing` aside). [`merge_csv`] puts the shards' per-run CSVs one after the
//! other, checking that they hold every run of the batch once, in order, with the batch's
//! seeds.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::time::Duration;

use fray_content::db::ContentDb;
use fray_content::encounter::EncounterSpec;
use fray_core::rng::derive_seed;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::aggregate::Aggregate;
use crate::batch::BatchConfig;
use crate::identity::BatchIdentity;
use crate::report::{BatchReport, ReportHead, Timing};
use crate::shard::Shard;

/// The format tag every part file starts with (its version changes if the layout does).
pub const PART_FORMAT: &str = "fray-batch-part/1";

/// One shard's result, as written to a part file (JSON).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Part {
    /// [`PART_FORMAT`].
    pub format: String,
    /// The batch it belongs to.
    pub batch: BatchIdentity,
    /// Which shard it is.
    pub shard: Shard,
    /// What the report names of the encounter.
    pub head: ReportHead,
    /// The batch's notes (the same for every shard).
    pub notes: Vec<String>,
    /// How the shard was played (machine-dependent).
    pub timing: Timing,
    /// The shard's exact totals.
    pub totals: Aggregate,
}

impl Part {
    /// The part of `config`'s shard, from the report the shard's batch gave.
    pub fn new(
        content: &ContentDb,
        spec: &EncounterSpec,
        config: &BatchConfig,
        report: &BatchReport,
    ) -> Self {
        Self {
            format: PART_FORMAT.to_string(),
            batch: BatchIdentity::of(content, spec, &config.controllers, config.seed, config.runs),
            shard: config.shard,
            head: ReportHead::of(spec),
            notes: report.notes.clone(),
            timing: report.timing.clone(),
            totals: report.totals.clone(),
        }
    }

    /// The part as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// Reads a part file's text; `name` names it in errors.
    pub fn from_json(name: &str, text: &str) -> Result<Self, MergeError> {
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| MergeError::NotAPart(name.to_string(), e.to_string()))?;
        match value.get("format").and_then(|f| f.as_str()) {
            Some(PART_FORMAT) => {}
            Some(other) => {
                return Err(MergeError::NotAPart(
                    name.to_string(),
                    format!("its format is `{other}`; this fray reads `{PART_FORMAT}`"),
                ));
            }
            None => {
                return Err(MergeError::NotAPart(
                    name.to_string(),
                    "no `format` field: not written by `fray batch --shard`".to_string(),
                ));
            }
        }
        serde_json::from_value(value)
            .map_err(|e| MergeError::NotAPart(name.to_string(), e.to_string()))
    }

    /// The runs this part should hold.
    fn planned(&self) -> u64 {
        let r = self.shard.runs(self.batch.runs);
        r.end - r.start
    }
}

/// Why parts cannot be merged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no parts to merge: pass the part files `fray batch --shard I/N --part FILE` wrote")]
    NoParts,
    /// A file is not a part.
    #[error("{0} is not a batch part: {1}")]
    NotAPart(String, String),
    /// A part belongs to another batch than the first.
    #[error("part {part} belongs to another batch than part {first}: {why}")]
    OtherBatch {
        /// The first part.
        first: String,
        /// The part that differs.
        part: String,
        /// How it differs.
        why: String,
    },
    /// Two parts are the same shard.
    #[error("shard {0} is given twice ({1} and {2})")]
    Duplicate(Shard, String, String),
    /// Shards are missing.
    #[error(
        "{} of {count} shards missing: {} {} (play each with --shard I/{count})",
        .missing.len(),
        if .missing.len() == 1 { "shard" } else { "shards" },
        list(.missing)
    )]
    Missing {
        /// The missing shard indices.
        missing: Vec<u64>,
        /// The batch's shard count.
        count: u64,
    },
    /// A part did not play all its runs (it was interrupted).
    #[error(
        "part {0} ({1}) played {2} of its {3} runs (was it interrupted?): play the shard again"
    )]
    Incomplete(String, Shard, u64, u64),
    /// A per-run CSV does not fit the batch.
    #[error("{0}: {1}")]
    Csv(String, String),
}

fn list(indices: &[u64]) -> String {
    let named: Vec<String> = indices.iter().take(10).map(u64::to_string).collect();
    let more = indices.len().saturating_sub(named.len());
    if more > 0 {
        format!("{} and {more} more", named.join(", "))
    } else {
        named.join(", ")
    }
}

/// Merges named parts (`(file name, part)`) into the report of the whole batch: refuses
/// parts of different batches, shards given twice, missing shards and incomplete parts.
/// The report's `timing` adds up the parts' wall times and threads (the work done, not the
/// time it took).
pub fn merge(parts: &[(String, Part)]) -> Result<BatchReport, MergeError> {
    let Some((first_name, first)) = parts.first() else {
        return Err(MergeError::NoParts);
    };
    let mut seen: BTreeMap<u64, &str> = BTreeMap::new();
    let mut totals = Aggregate::default();
    let mut wall = 0.0;
    let mut threads = 0;
    for (name, part) in parts {
        let why = first.batch.difference(&part.batch).or_else(|| {
            (part.shard.count != first.shard.count).then(|| {
                format!(
                    "it is shard {} (of {} shards), not one of {}",
                    part.shard, part.shard.count, first.shard.count
                )
            })
        });
        if let Some(why) = why {
            return Err(MergeError::OtherBatch {
                first: format!("{first_name} ({})", first.shard),
                part: format!("{name} ({})", part.shard),
                why,
            });
        }
        if let Some(earlier) = seen.insert(part.shard.index, name) {
            return Err(MergeError::Duplicate(
                part.shard,
                earlier.to_string(),
                name.clone(),
            ));
        }
        if part.totals.runs != part.planned() {
            return Err(MergeError::Incomplete(
                name.clone(),
                part.shard,
                part.totals.runs,
                part.planned(),
            ));
        }
        totals.merge(&part.totals);
        wall += part.timing.wall_seconds;
        threads += part.timing.threads;
    }
    let missing: Vec<u64> = (0..first.shard.count)
        .filter(|i| !seen.contains_key(i))
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing {
            missing,
            count: first.shard.count,
        });
    }
    let timing = Timing::measure(
        &totals,
        Duration::from_secs_f64(wall),
        threads,
        first.timing.chunk,
    );
    let mut report = BatchReport::from_head(
        &first.head,
        first.batch.seed,
        totals,
        timing,
        first.notes.clone(),
    );
    report.made = Some(first.batch.clone());
    Ok(report)
}

/// Writes into `out` the per-run CSV of the batch `batch` from the shards' CSVs (`(file
/// name, reader)`, in any order): one header, then every run's row in run order. Refuses
/// CSVs whose rows are not runs of this batch (a run's seed must be the one the batch gives
/// it), that overlap, or that leave runs out.
pub fn merge_csv(
    batch: &BatchIdentity,
    inputs: Vec<(String, Box<dyn Read>)>,
    out: &mut dyn Write,
) -> Result<(), MergeError> {
    /// One input, its first row read.
    struct Input {
        name: String,
        reader: csv::Reader<Box<dyn Read>>,
        header: csv::ByteRecord,
        first: Option<(u64, csv::ByteRecord)>,
    }
    let bad =
        |name: &str, e: &dyn std::fmt::Display| MergeError::Csv(name.to_string(), e.to_string());
    let mut opened = Vec::with_capacity(inputs.len());
    for (name, input) in inputs {
        let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(input);
        let header = reader.byte_headers().map_err(|e| bad(&name, &e))?.clone();
        let mut record = csv::ByteRecord::new();
        let first = if reader
            .read_byte_record(&mut record)
            .map_err(|e| bad(&name, &e))?
        {
            Some((run_of(&name, &record)?, record))
        } else {
            None
        };
        opened.push(Input {
            name,
            reader,
            header,
            first,
        });
    }
    // Shards with runs, in run order; the header is that of the first run's shard, as in
    // the whole batch's CSV.
    opened.sort_by_key(|i| i.first.as_ref().map_or(u64::MAX, |(run, _)| *run));
    let Some(top) = opened.first() else {
        return Err(MergeError::Csv(
            "--csv".into(),
            "no per-run CSV given to merge".into(),
        ));
    };
    let mut w = csv::WriterBuilder::new().flexible(true).from_writer(out);
    let io = |e: csv::Error| MergeError::Csv("the merged CSV".into(), e.to_string());
    w.write_byte_record(&top.header).map_err(io)?;
    let mut next = 0u64;
    for mut input in opened {
        let Some((mut run, mut record)) = input.first.take() else {
            continue;
        };
        loop {
            check_row(batch, &input.name, run, next, &record)?;
            w.write_byte_record(&record).map_err(io)?;
            next += 1;
            if !input
                .reader
                .read_byte_record(&mut record)
                .map_err(|e| bad(&input.name, &e))?
            {
                break;
            }
            run = run_of(&input.name, &record)?;
        }
    }
    if next != batch.runs {
        return Err(MergeError::Csv(
            "the CSVs".into(),
            format!(
                "hold runs 0 to {} of the batch's {}: the CSVs of some shards are missing",
                next.saturating_sub(1),
                batch.runs
            ),
        ));
    }
    w.flush()
        .map_err(|e| MergeError::Csv("the merged CSV".into(), e.to_string()))
}

/// The run index in a CSV row's first column.
fn run_of(name: &str, record: &csv::ByteRecord) -> Result<u64, MergeError> {
    record
        .get(0)
        .and_then(|f| std::str::from_utf8(f).ok())
        .and_then(|f| f.parse().ok())
        .ok_or_else(|| {
            MergeError::Csv(
                name.to_string(),
                "a row does not start with a run number: not a `fray batch --csv` file".into(),
            )
        })
}

/// Checks that a row is run `expected` of the batch, with its seed.
fn check_row(
    batch: &BatchIdentity,
    name: &str,
    run: u64,
    expected: u64,
    record: &csv::ByteRecord,
) -> Result<(), MergeError> {
    let fail = |why: String| Err(MergeError::Csv(name.to_string(), why));
    if run >= batch.runs {
        return fail(format!(
            "has run {run}, but the batch has {} runs",
            batch.runs
        ));
    }
    if run < expected {
        return fail(format!("has run {run} again: two CSVs hold the same runs"));
    }
    if run > expected {
        return fail(format!(
            "starts at run {run} where run {expected} is due: the CSV of the shard before it is missing"
        ));
    }
    let seed = record
        .get(1)
        .and_then(|f| std::str::from_utf8(f).ok())
        .and_then(|f| f.parse::<u64>().ok());
    let due = derive_seed(batch.seed, run);
    if seed != Some(due) {
        return fail(format!(
            "run {run} was played with another seed than the batch's (seed {}): this CSV belongs to another batch",
            batch.seed
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::run_batch_with_csv;
    use crate::engine::Engine;

    fn engine() -> Engine {
        crate::testing::archmage()
    }

    /// Plays `config`: its part (through JSON) and its CSV.
    fn play(engine: &Engine, config: &BatchConfig) -> (Part, Vec<u8>) {
        let mut csv = Vec::new();
        let report = run_batch_with_csv(engine, config, &|_| {}, Some(&mut csv)).unwrap();
        let spec = engine.content.encounter(&config.encounter).unwrap();
        let part = Part::new(&engine.content, spec, config, &report);
        (Part::from_json("part", &part.to_json()).unwrap(), csv)
    }

    #[test]
    fn shards_merge_into_the_whole_batch_even_with_more_shards_than_runs() {
        let engine = engine();
        let whole = BatchConfig::new("archmage-mob", 5, 9);
        let (whole_part, whole_csv) = play(&engine, &whole);
        let expected = merge(&[("whole".into(), whole_part.clone())]).unwrap();
        for count in [2, 5, 8] {
            let mut parts = Vec::new();
            let mut csvs: Vec<(String, Box<dyn Read>)> = Vec::new();
            for index in 0..count {
                let config = BatchConfig {
                    shard: Shard::new(index, count).unwrap(),
                    ..whole.clone()
                };
                let (part, csv) = play(&engine, &config);
                assert_eq!(part.batch, whole_part.batch);
                parts.push((format!("part {index}"), part));
                csvs.push((format!("csv {index}"), Box::new(std::io::Cursor::new(csv))));
            }
            let merged = merge(&parts).unwrap();
            assert_eq!(
                merged.to_json_without_timing(),
                expected.to_json_without_timing(),
                "{count} shards"
            );
            let mut csv = Vec::new();
            merge_csv(&whole_part.batch, csvs, &mut csv).unwrap();
            assert_eq!(csv, whole_csv, "{count} shards");
        }
    }
}
