//! Tournaments: AI policies played on one side of several encounters, each policy on the same
//! seeds (common random numbers), the other sides keeping the encounter's own controllers.
//! Each entry is a batch ([`run_batch_winners`]); each policy's win rate is tested run by run
//! against the first policy's ([`paired_proportions`]).

use std::sync::atomic::AtomicBool;

use fray_core::combatant::Controller;
use serde::{Deserialize, Serialize};

use crate::batch::{BatchConfig, run_batch_winners};
use crate::compare::CompareError;
use crate::engine::Engine;
use crate::significance::{ProportionTest, paired_proportions};

/// One encounter of a tournament: its label, its engine and its encounter id there.
pub struct Ground<'a> {
    /// What the user named.
    pub label: String,
    /// The engine it plays in.
    pub engine: &'a Engine,
    /// Its encounter id in the engine's content.
    pub encounter: String,
}

/// How to play a tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentConfig {
    /// The policies, by name (`tactical`, `lookahead:200`); the first is the baseline the
    /// others are tested against.
    pub policies: Vec<String>,
    /// The side they play (`None`: each encounter's first side).
    pub side: Option<String>,
    /// Fights per encounter and policy.
    pub runs: u64,
    /// Master seed: run `i` of every entry starts from the same seed.
    pub seed: u64,
    /// Worker threads (0: one per core).
    pub threads: usize,
}

/// One policy on one encounter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The encounter, as named.
    pub encounter: String,
    /// The side played.
    pub side: String,
    /// The policy.
    pub policy: String,
    /// Fights played.
    pub runs: u64,
    /// Fights the side won.
    pub wins: u64,
    /// `wins / runs`.
    pub win_rate: f64,
    /// The win rate's 95% Wilson interval.
    pub ci95: [f64; 2],
    /// Mean rounds per fight.
    pub mean_rounds: f64,
    /// This policy's win rate against the first policy's on the same seeds (the difference
    /// is this one's minus the first's); `None` for the first policy.
    pub against_first: Option<ProportionTest>,
}

/// A tournament's results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    /// The policies, baseline first.
    pub policies: Vec<String>,
    /// Fights per entry.
    pub runs: u64,
    /// The master seed.
    pub seed: u64,
    /// Every entry, encounter by encounter, in the policies' order.
    pub entries: Vec<Entry>,
}

/// Plays every policy of `config` on every ground, one batch after another (each on every
/// core). `progress` is called with the fights finished so far, all batches together.
pub fn play_tournament(
    grounds: &[Ground<'_>],
    config: &TournamentConfig,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<Tournament, CompareError> {
    let mut entries = Vec::new();
    let mut done = 0u64;
    for ground in grounds {
        let spec = ground.engine.content.encounter(&ground.encounter);
        let sides: Vec<String> = spec
            .map(|s| s.sides.iter().map(|side| side.name.clone()).collect())
            .unwrap_or_default();
        let side = match &config.side {
            Some(side) if sides.contains(side) => side.clone(),
            None if !sides.is_empty() => sides[0].clone(),
            asked => {
                return Err(CompareError::NoSide {
                    arm: ground.label.clone(),
                    side: asked.clone().unwrap_or_default(),
                    known: sides.join(", "),
                });
            }
        };
        let index = sides.iter().position(|s| *s == side).unwrap_or(0);
        let side_id = u8::try_from(index).ok();
        let mut first: Option<Vec<Option<u8>>> = None;
        for policy in &config.policies {
            let batch = BatchConfig {
                controllers: vec![(side.clone(), Controller::Ai(policy.clone()))],
                threads: config.threads,
                ..BatchConfig::new(ground.encounter.clone(), config.runs, config.seed)
            };
            let label = format!("{} with {side}={policy}", ground.label);
            let (report, winners) =
                run_batch_winners(ground.engine, &batch, &|n| progress(done + n), stop)
                    .map_err(|e| CompareError::Batch(label, e))?;
            done += config.runs;
            let stats = report.sides.get(index);
            let against_first = first.as_ref().map(|base| {
                let (mut only_base, mut only_this, mut both) = (0, 0, 0);
                for (b, t) in base.iter().zip(&winners) {
                    match (b.is_some() && *b == side_id, t.is_some() && *t == side_id) {
                        (true, true) => both += 1,
                        (true, false) => only_base += 1,
                        (false, true) => only_this += 1,
                        (false, false) => {}
                    }
                }
                paired_proportions(only_base, only_this, both, report.runs)
            });
            if first.is_none() {
                first = Some(winners);
            }
            entries.push(Entry {
                encounter: ground.label.clone(),
                side: side.clone(),
                policy: policy.clone(),
                runs: report.runs,
                wins: stats.map_or(0, |s| s.wins),
                win_rate: stats.map_or(0.0, |s| s.win_rate),
                ci95: stats.map_or([0.0, 1.0], |s| s.ci95),
                mean_rounds: report.rounds.mean,
                against_first,
            });
        }
    }
    Ok(Tournament {
        policies: config.policies.clone(),
        runs: config.runs,
        seed: config.seed,
        entries,
    })
}

impl Tournament {
    /// A readable table: a row per encounter, a column per policy with its win rate, its 95%
    /// interval and (after the first) the paired test's p-value against the first policy.
    pub fn table(&self) -> String {
        let mut out = format!(
            "Win rate of the side each policy plays, {} fights per entry, seed {} (95% \
             intervals; p: paired test against {} on the same seeds)\n",
            self.runs,
            self.seed,
            self.policies.first().map_or("", String::as_str)
        );
        let mut rows: Vec<Vec<String>> = vec![
            std::iter::once("encounter".to_string())
                .chain(std::iter::once("side".to_string()))
                .chain(self.policies.iter().cloned())
                .collect(),
        ];
        for chunk in self.entries.chunks(self.policies.len().max(1)) {
            let Some(head) = chunk.first() else {
                continue;
            };
            let mut row = vec![head.encounter.clone(), head.side.clone()];
            for e in chunk {
                let mut cell = format!(
                    "{:.1}% [{:.1}, {:.1}]",
                    e.win_rate * 100.0,
                    e.ci95[0] * 100.0,
                    e.ci95[1] * 100.0
                );
                if let Some(t) = &e.against_first {
                    cell.push_str(&format!(" p={}", p_text(t.p_value)));
                }
                row.push(cell);
            }
            rows.push(row);
        }
        let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
        let widths: Vec<usize> = (0..columns)
            .map(|c| {
                rows.iter()
                    .filter_map(|r| r.get(c))
                    .map(|s| s.chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for row in rows {
            let line: Vec<String> = row
                .iter()
                .zip(&widths)
                .map(|(cell, w)| format!("{cell:<w$}"))
                .collect();
            out.push_str(line.join("  ").trim_end());
            out.push('\n');
        }
        out
    }

    /// One CSV row per entry, after a header.
    pub fn csv(&self) -> String {
        let mut out = String::from(
            "encounter,side,policy,runs,wins,win_rate,ci95_low,ci95_high,mean_rounds,\
             difference_vs_first,p_value_vs_first\n",
        );
        for e in &self.entries {
            let (diff, p) = e
                .against_first
                .as_ref()
                .map_or((String::new(), String::new()), |t| {
                    (format!("{:.6}", t.difference), format!("{:.6}", t.p_value))
                });
            out.push_str(&format!(
                "{},{},{},{},{},{:.6},{:.6},{:.6},{:.3},{diff},{p}\n",
                csv_field(&e.encounter),
                csv_field(&e.side),
                csv_field(&e.policy),
                e.runs,
                e.wins,
                e.win_rate,
                e.ci95[0],
                e.ci95[1],
                e.mean_rounds,
            ));
        }
        out
    }
}

/// A p-value as the table shows it.
fn p_text(p: f64) -> String {
    if p < 0.0001 {
        "<0.0001".to_string()
    } else {
        format!("{p:.4}")
    }
}

/// A CSV field, quoted when it must be.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
