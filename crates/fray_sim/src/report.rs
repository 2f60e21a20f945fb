//! A batch's aggregates, as a readable table, JSON and CSV.

use std::fmt::Write as _;
use std::io;
use std::time::Duration;

use fray_content::encounter::EncounterSpec;
use fray_core::prelude::*;
use serde::{Deserialize, Serialize};

use crate::batch::BatchConfig;
use crate::record::RunRecord;
use crate::stats::{median, quantile, wilson95};

/// One side's results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SideStats {
    /// The side's name.
    pub name: String,
    /// Runs it won.
    pub wins: u64,
    /// `wins / runs`.
    pub win_rate: f64,
    /// 95% Wilson interval of the win rate.
    pub ci95: [f64; 2],
}

/// Rounds per run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoundStats {
    /// Mean.
    pub mean: f64,
    /// Median.
    pub median: f64,
    /// 95th percentile.
    pub p95: u32,
    /// Longest.
    pub max: u32,
}

/// How runs ended.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct EndingCounts {
    /// Losers taken out.
    pub victory: u64,
    /// Losers fled.
    pub fled: u64,
    /// Losers surrendered.
    pub surrendered: u64,
    /// Nobody left standing.
    pub mutual_destruction: u64,
    /// Round limit reached.
    pub round_limit: u64,
    /// Stalled (a defect; should be 0).
    pub stalled: u64,
}

/// One combatant (by roster position) over all runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CombatantStats {
    /// Display name.
    pub name: String,
    /// Statblock id.
    pub statblock: String,
    /// Side name.
    pub side: String,
    /// Share of runs it ended standing (active).
    pub survival_rate: f64,
    /// Share of runs it died.
    pub death_rate: f64,
    /// Mean damage dealt per run.
    pub mean_damage_dealt: f64,
    /// Mean damage taken per run.
    pub mean_damage_taken: f64,
    /// Mean times dropped per run.
    pub mean_times_dropped: f64,
    /// Share of runs its morale broke.
    pub morale_break_rate: f64,
}

/// Everything that depends on the machine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    /// Wall-clock seconds.
    pub wall_seconds: f64,
    /// Worker threads.
    pub threads: usize,
    /// Runs played side by side per World.
    pub chunk: usize,
    /// Encounters per second.
    pub encounters_per_second: f64,
    /// Combatant turns per second.
    pub combatant_turns_per_second: f64,
    /// Actions per second.
    pub actions_per_second: f64,
    /// Microseconds of wall time per action.
    pub microseconds_per_action: f64,
}

impl Timing {
    /// Rates of a finished batch.
    pub fn measure(records: &[RunRecord], wall: Duration, threads: usize, chunk: usize) -> Self {
        let s = wall.as_secs_f64().max(1e-9);
        let turns: u64 = records.iter().map(|r| u64::from(r.turns)).sum();
        let actions: u64 = records.iter().map(|r| u64::from(r.actions)).sum();
        Self {
            wall_seconds: s,
            threads,
            chunk,
            encounters_per_second: records.len() as f64 / s,
            combatant_turns_per_second: turns as f64 / s,
            actions_per_second: actions as f64 / s,
            microseconds_per_action: if actions == 0 {
                0.0
            } else {
                s * 1e6 / actions as f64
            },
        }
    }
}

/// The aggregates of a batch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BatchReport {
    /// Encounter id.
    pub encounter: String,
    /// Encounter name.
    pub name: String,
    /// Ruleset id.
    pub ruleset: String,
    /// Runs played.
    pub runs: u64,
    /// Master seed.
    pub seed: u64,
    /// Per side.
    pub sides: Vec<SideStats>,
    /// Runs nobody won.
    pub draws: u64,
    /// How runs ended.
    pub endings: EndingCounts,
    /// Rounds per run.
    pub rounds: RoundStats,
    /// Mean combatant turns per run.
    pub mean_turns: f64,
    /// Mean actions per run.
    pub mean_actions: f64,
    /// Requests refused in all runs (an AI defect if not 0).
    pub rejections: u64,
    /// Per combatant.
    pub combatants: Vec<CombatantStats>,
    /// Notes about how the batch was played.
    pub notes: Vec<String>,
    /// Machine-dependent numbers.
    pub timing: Timing,
    /// Every run (for CSV; not serialized).
    #[serde(skip)]
    pub records: Vec<RunRecord>,
}

impl BatchReport {
    /// Aggregates the records of a batch.
    pub fn from_records(
        spec: &EncounterSpec,
        config: &BatchConfig,
        records: Vec<RunRecord>,
        timing: Timing,
        notes: Vec<String>,
    ) -> Self {
        let runs = records.len() as u64;
        let n = runs.max(1) as f64;
        let sides = spec
            .sides
            .iter()
            .enumerate()
            .map(|(i, side)| {
                let wins = records.iter().filter(|r| r.winner == Some(i as u8)).count() as u64;
                let (lo, hi) = wilson95(wins, runs);
                SideStats {
                    name: side.name.clone(),
                    wins,
                    win_rate: wins as f64 / n,
                    ci95: [lo, hi],
                }
            })
            .collect();
        let mut endings = EndingCounts::default();
        for r in &records {
            match r.ending {
                Ending::Victory => endings.victory += 1,
                Ending::Fled => endings.fled += 1,
                Ending::Surrendered => endings.surrendered += 1,
                Ending::MutualDestruction => endings.mutual_destruction += 1,
                Ending::RoundLimit => endings.round_limit += 1,
                Ending::Stalled | Ending::Aborted => endings.stalled += 1,
            }
        }
        let mut rounds: Vec<u32> = records.iter().map(|r| r.rounds).collect();
        rounds.sort_unstable();
        let width = records.first().map_or(0, |r| r.combatants.len());
        let combatants = (0..width)
            .map(|c| {
                let all = || records.iter().filter_map(move |r| r.combatants.get(c));
                let first = all().next();
                let rate = |f: &dyn Fn(&crate::record::CombatantRecord) -> bool| {
                    all().filter(|x| f(x)).count() as f64 / n
                };
                let mean = |f: &dyn Fn(&crate::record::CombatantRecord) -> f64| {
                    all().map(f).sum::<f64>() / n
                };
                CombatantStats {
                    name: first.map(|x| x.name.clone()).unwrap_or_default(),
                    statblock: first.map(|x| x.statblock.clone()).unwrap_or_default(),
                    side: first
                        .and_then(|x| spec.sides.get(usize::from(x.side)))
                        .map(|s| s.name.clone())
                        .unwrap_or_default(),
                    survival_rate: rate(&|x| x.status == Status::Active),
                    death_rate: rate(&|x| x.status == Status::Dead),
                    mean_damage_dealt: mean(&|x| x.damage_dealt as f64),
                    mean_damage_taken: mean(&|x| x.damage_taken as f64),
                    mean_times_dropped: mean(&|x| f64::from(x.times_dropped)),
                    morale_break_rate: rate(&|x| {
                        x.morale_broken || matches!(x.status, Status::Fled | Status::Surrendered)
                    }),
                }
            })
            .collect();
        Self {
            encounter: spec.id.clone(),
            name: spec.name.clone(),
            ruleset: spec.ruleset.clone(),
            runs,
            seed: config.seed,
            sides,
            draws: records.iter().filter(|r| r.winner.is_none()).count() as u64,
            endings,
            rounds: RoundStats {
                mean: rounds.iter().map(|r| f64::from(*r)).sum::<f64>() / n,
                median: median(&rounds),
                p95: quantile(&rounds, 0.95),
                max: rounds.last().copied().unwrap_or(0),
            },
            mean_turns: records.iter().map(|r| f64::from(r.turns)).sum::<f64>() / n,
            mean_actions: records.iter().map(|r| f64::from(r.actions)).sum::<f64>() / n,
            rejections: records.iter().map(|r| u64::from(r.rejections)).sum(),
            combatants,
            notes,
            timing,
            records,
        }
    }

    /// The aggregates as pretty JSON (runs are not included; see [`Self::write_csv`]).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// The aggregates as JSON without the machine-dependent `timing` (for comparisons).
    pub fn to_json_without_timing(&self) -> String {
        let mut value = serde_json::to_value(self).unwrap_or_default();
        if let Some(map) = value.as_object_mut() {
            map.remove("timing");
        }
        serde_json::to_string_pretty(&value).unwrap_or_default()
    }

    /// One CSV row per run: index, seed, winner, ending, rounds, turns, actions, rejections,
    /// and each combatant's final status and HP.
    pub fn write_csv(&self, out: impl io::Write) -> Result<(), csv::Error> {
        let mut w = csv::Writer::from_writer(out);
        let mut header = vec![
            "run".to_string(),
            "seed".into(),
            "winner".into(),
            "ending".into(),
            "rounds".into(),
            "turns".into(),
            "actions".into(),
            "rejections".into(),
        ];
        for c in &self.combatants {
            header.push(format!("{} status", c.name));
            header.push(format!("{} hp", c.name));
        }
        w.write_record(&header)?;
        for r in &self.records {
            let mut row = vec![
                r.index.to_string(),
                r.seed.to_string(),
                r.winner
                    .and_then(|s| self.sides.get(usize::from(s)))
                    .map_or_else(|| "draw".to_string(), |s| s.name.clone()),
                format!("{:?}", r.ending),
                r.rounds.to_string(),
                r.turns.to_string(),
                r.actions.to_string(),
                r.rejections.to_string(),
            ];
            for c in &r.combatants {
                row.push(format!("{:?}", c.status));
                row.push(c.hp.to_string());
            }
            w.write_record(&row)?;
        }
        w.flush()?;
        Ok(())
    }

    /// A readable summary: sides, rounds, endings, combatants, speed.
    pub fn summary_table(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} ({}, {}): {} runs, seed {}",
            self.name, self.encounter, self.ruleset, self.runs, self.seed
        );
        let _ = writeln!(s);
        let _ = writeln!(
            s,
            "  {:<24} {:>7} {:>8}   {:<17}",
            "side", "wins", "win %", "95% interval"
        );
        for side in &self.sides {
            let _ = writeln!(
                s,
                "  {:<24} {:>7} {:>7.1}%   {:>5.1}% - {:>5.1}%",
                side.name,
                side.wins,
                side.win_rate * 100.0,
                side.ci95[0] * 100.0,
                side.ci95[1] * 100.0
            );
        }
        let _ = writeln!(s, "  {:<24} {:>7}", "draws", self.draws);
        let e = &self.endings;
        let _ = writeln!(
            s,
            "\n  endings: {} victories, {} flights, {} surrenders, {} mutual destructions, {} round limits, {} stalled",
            e.victory, e.fled, e.surrendered, e.mutual_destruction, e.round_limit, e.stalled
        );
        let _ = writeln!(
            s,
            "  rounds: mean {:.2}, median {}, p95 {}, max {}   turns/run {:.1}   actions/run {:.1}",
            self.rounds.mean,
            self.rounds.median,
            self.rounds.p95,
            self.rounds.max,
            self.mean_turns,
            self.mean_actions
        );
        let _ = writeln!(
            s,
            "\n  {:<30} {:<12} {:>9} {:>7} {:>9} {:>9} {:>7}",
            "combatant", "side", "survives", "dies", "dealt", "taken", "drops"
        );
        for c in &self.combatants {
            let _ = writeln!(
                s,
                "  {:<30} {:<12} {:>8.1}% {:>6.1}% {:>9.1} {:>9.1} {:>7.2}",
                truncate(&c.name, 30),
                truncate(&c.side, 12),
                c.survival_rate * 100.0,
                c.death_rate * 100.0,
                c.mean_damage_dealt,
                c.mean_damage_taken,
                c.mean_times_dropped
            );
        }
        for note in &self.notes {
            let _ = writeln!(s, "\n  note: {note}");
        }
        if self.rejections > 0 {
            let _ = writeln!(
                s,
                "\n  warning: {} requests were rejected (an AI defect)",
                self.rejections
            );
        }
        let t = &self.timing;
        let _ = writeln!(
            s,
            "\n  {:.2} s on {} thread(s): {:.0} encounters/s, {:.0} combatant-turns/s, {:.2} us/action",
            t.wall_seconds,
            t.threads,
            t.encounters_per_second,
            t.combatant_turns_per_second,
            t.microseconds_per_action
        );
        s
    }
}

fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(n.saturating_sub(1)).collect();
        t.push('.');
        t
    }
}
