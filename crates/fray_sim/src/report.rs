//! A batch's aggregates, as a readable table and JSON.

use std::fmt::Write as _;
use std::time::Duration;

use fray_content::encounter::EncounterSpec;
use fray_core::grammar::counted;
use serde::{Deserialize, Serialize};

use crate::aggregate::Aggregate;
use crate::config::BatchConfig;
use crate::endings::EndingCounts;
use crate::identity::BatchIdentity;
use crate::stats::wilson95;
use crate::table_cell::{fit, width};

/// The version of the results' JSON layout (`schema` in a batch's, a merge's and a delve
/// batch's JSON): it goes up when a field changes meaning or goes away (`docs/results.md`).
pub const RESULTS_SCHEMA: u32 = 2;

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
    /// Runs by their length: `histogram[r]` runs lasted `r` rounds, from 0 to the longest
    /// (what the batch's chart draws).
    #[serde(default)]
    pub histogram: Vec<u64>,
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
    /// Share of runs it ended still in the fight (active: neither down, dead, fled nor
    /// surrendered).
    pub active_rate: f64,
    /// Share of runs it ended alive, in the fight or not (1 - `death_rate`).
    pub alive_rate: f64,
    /// Share of runs it died.
    pub death_rate: f64,
    /// Share of runs it ended down: out of the fight but alive.
    #[serde(default)]
    pub down_rate: f64,
    /// Share of runs it ended fled or surrendered.
    #[serde(default)]
    pub gave_up_rate: f64,
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
    /// Actions per combatant turn (each one an offer, a decision and a resolution: the
    /// decision cycles a turn costs).
    #[serde(default)]
    pub actions_per_turn: f64,
}

impl Timing {
    /// Rates of a finished batch.
    pub fn measure(totals: &Aggregate, wall: Duration, threads: usize, chunk: usize) -> Self {
        let s = wall.as_secs_f64().max(1e-9);
        let actions = totals.actions;
        Self {
            wall_seconds: s,
            threads,
            chunk,
            encounters_per_second: totals.runs as f64 / s,
            combatant_turns_per_second: totals.turns as f64 / s,
            actions_per_second: actions as f64 / s,
            microseconds_per_action: if actions == 0 {
                0.0
            } else {
                s * 1e6 / actions as f64
            },
            actions_per_turn: if totals.turns == 0 {
                0.0
            } else {
                actions as f64 / totals.turns as f64
            },
        }
    }
}

/// What a report says of its encounter: its id, name, ruleset and side names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReportHead {
    /// Encounter id.
    pub encounter: String,
    /// Encounter name.
    pub name: String,
    /// Ruleset id.
    pub ruleset: String,
    /// Side names, in side order.
    pub sides: Vec<String>,
}

impl ReportHead {
    /// The head of an encounter's reports.
    pub fn of(spec: &EncounterSpec) -> Self {
        Self {
            encounter: spec.id.clone(),
            name: spec.name.clone(),
            ruleset: spec.ruleset.clone(),
            sides: spec.sides.iter().map(|s| s.name.clone()).collect(),
        }
    }
}

/// The aggregates of a batch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BatchReport {
    /// [`RESULTS_SCHEMA`]: the layout of this report's JSON.
    pub schema: u32,
    /// The Fray version that played it.
    pub fray_version: String,
    /// How it was made: the encounter as played, its options and round limit, the AI given
    /// per side, a fingerprint of the content, the seed and the runs asked for (`None` only in
    /// a report made from totals alone).
    pub made: Option<BatchIdentity>,
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
    /// The exact totals every figure above is computed from (for charts and for merging
    /// shards; not serialized).
    #[serde(skip)]
    pub totals: Aggregate,
}

impl BatchReport {
    /// The report of a batch's totals. Every figure is computed from integer counts, so it
    /// does not depend on the order in which runs were counted or totals merged.
    pub fn from_totals(
        spec: &EncounterSpec,
        config: &BatchConfig,
        totals: Aggregate,
        timing: Timing,
        notes: Vec<String>,
    ) -> Self {
        Self::from_head(&ReportHead::of(spec), config.seed, totals, timing, notes)
    }

    /// The report of a batch's totals, knowing of its encounter only what the report names
    /// ([`ReportHead`]): how shards played elsewhere are summed up without the content.
    pub fn from_head(
        head: &ReportHead,
        seed: u64,
        totals: Aggregate,
        timing: Timing,
        notes: Vec<String>,
    ) -> Self {
        let runs = totals.runs;
        let n = runs.max(1) as f64;
        let sides = head
            .sides
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let wins = totals.wins.get(i).copied().unwrap_or(0);
                let (lo, hi) = wilson95(wins, runs);
                SideStats {
                    name: name.clone(),
                    wins,
                    win_rate: wins as f64 / n,
                    ci95: [lo, hi],
                }
            })
            .collect();
        let names = totals.roster.as_ref().map_or(&[][..], |r| &r.combatants);
        let combatants = names
            .iter()
            .enumerate()
            .map(|(i, who)| {
                let t = totals.combatants.get(i).cloned().unwrap_or_default();
                CombatantStats {
                    name: who.name.clone(),
                    statblock: who.statblock.clone(),
                    side: head
                        .sides
                        .get(usize::from(who.side))
                        .cloned()
                        .unwrap_or_default(),
                    active_rate: t.survived as f64 / n,
                    alive_rate: runs.saturating_sub(t.died) as f64 / n,
                    death_rate: t.died as f64 / n,
                    down_rate: t.down as f64 / n,
                    gave_up_rate: t.gave_up as f64 / n,
                    mean_damage_dealt: t.damage_dealt as f64 / n,
                    mean_damage_taken: t.damage_taken as f64 / n,
                    mean_times_dropped: t.times_dropped as f64 / n,
                    morale_break_rate: t.morale_broken as f64 / n,
                }
            })
            .collect();
        Self {
            schema: RESULTS_SCHEMA,
            fray_version: env!("CARGO_PKG_VERSION").to_string(),
            made: None,
            encounter: head.encounter.clone(),
            name: head.name.clone(),
            ruleset: head.ruleset.clone(),
            runs,
            seed,
            sides,
            draws: totals.draws,
            endings: totals.endings.clone(),
            rounds: RoundStats {
                mean: totals.rounds.sum() as f64 / n,
                median: totals.rounds.median(),
                p95: totals.rounds.quantile(0.95),
                max: totals.rounds.max(),
                histogram: totals.rounds.counts().to_vec(),
            },
            mean_turns: totals.turns as f64 / n,
            mean_actions: totals.actions as f64 / n,
            rejections: totals.rejections,
            combatants,
            notes,
            timing,
            totals,
        }
    }

    /// The aggregates as pretty JSON (runs are not included: see
    /// [`run_batch_with_csv`](crate::batch::run_batch_with_csv)).
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

    /// A readable summary: sides, rounds, endings, combatants, speed.
    pub fn summary_table(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} ({}, {}): {}, seed {}",
            self.name,
            self.encounter,
            self.ruleset,
            counted(self.runs, "run", "runs"),
            self.seed
        );
        if let Some(made) = &self.made {
            let listed = |items: &[String], none: &str| {
                if items.is_empty() {
                    none.to_string()
                } else {
                    items.join(", ")
                }
            };
            let _ = writeln!(
                s,
                "played with options: {}; round limit {}; AI given: {}; content {}",
                listed(&made.options, "none"),
                made.max_rounds,
                listed(&made.controllers, "none (the encounter's)"),
                made.content
            );
        }
        let _ = writeln!(s);
        let _ = writeln!(
            s,
            "  {} {:>7} {:>8}   95% interval",
            fit("side", 24),
            "wins",
            "win %"
        );
        for side in &self.sides {
            let _ = writeln!(
                s,
                "  {} {:>7} {:>7.1}%   {:>5.1}% - {:>5.1}%",
                fit(&side.name, 24),
                side.wins,
                side.win_rate * 100.0,
                side.ci95[0] * 100.0,
                side.ci95[1] * 100.0
            );
        }
        let _ = writeln!(s, "  {} {:>7}", fit("draws", 24), self.draws);
        let e = &self.endings;
        let _ = writeln!(
            s,
            "\n  endings: {}, {}, {}, {}, {}, {} stalled",
            counted(e.victory, "victory", "victories"),
            counted(e.fled, "flight", "flights"),
            counted(e.surrendered, "surrender", "surrenders"),
            counted(
                e.mutual_destruction,
                "mutual destruction",
                "mutual destructions"
            ),
            counted(e.round_limit, "round limit", "round limits"),
            e.stalled
        );
        if e.parley > 0 {
            let _ = writeln!(
                s,
                "  {} parleys: the sides parted without a fight",
                e.parley
            );
        }
        if e.evaded > 0 {
            let _ = writeln!(s, "  {} evasions: a side avoided the fight", e.evaded);
        }
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
        // Columns as wide as the longest name (up to a limit), measured on the terminal.
        let (names, sides) = self.combatants.iter().fold((9, 4), |(n, d), c| {
            (n.max(width(&c.name)), d.max(width(&c.side)))
        });
        let (names, sides) = (names.min(40), sides.min(16));
        let _ = writeln!(
            s,
            "\n  {} {} {:>7} {:>7} {:>7} {:>8} {:>8} {:>8} {:>6}",
            fit("combatant", names),
            fit("side", sides),
            "active",
            "down",
            "dead",
            "gave up",
            "dealt",
            "taken",
            "drops"
        );
        for c in &self.combatants {
            let _ = writeln!(
                s,
                "  {} {} {:>6.1}% {:>6.1}% {:>6.1}% {:>7.1}% {:>8.1} {:>8.1} {:>6.2}",
                fit(&c.name, names),
                fit(&c.side, sides),
                c.active_rate * 100.0,
                c.down_rate * 100.0,
                c.death_rate * 100.0,
                c.gave_up_rate * 100.0,
                c.mean_damage_dealt,
                c.mean_damage_taken,
                c.mean_times_dropped
            );
        }
        let _ = writeln!(
            s,
            "  (at the end of a run: active - still fighting; down - out but alive; dead; gave up -\n   fled or surrendered. dealt, taken: damage per run; drops: times down or dead per run)"
        );
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
            "\n  {:.2} s on {} thread{}: {:.0} encounters/s, {:.0} combatant-turns/s, {:.2} us/action, \
             {:.2} actions/turn",
            t.wall_seconds,
            t.threads,
            if t.threads == 1 { "" } else { "s" },
            t.encounters_per_second,
            t.combatant_turns_per_second,
            t.microseconds_per_action,
            t.actions_per_turn
        );
        // No line ends in padding.
        let mut trimmed = String::with_capacity(s.len());
        for line in s.lines() {
            let _ = writeln!(trimmed, "{}", line.trim_end());
        }
        trimmed
    }
}

#[cfg(test)]
mod tests {
    use crate::batch::run_batch;
    use crate::config::BatchConfig;
    use fray_core::grammar::counted;

    #[test]
    fn i41_the_summary_keeps_long_names_apart_and_ends_no_line_in_padding() {
        let engine = crate::testing::archmage();
        let config = BatchConfig {
            threads: 1,
            ..BatchConfig::new("test-mob", 4, 3)
        };
        let mut report = run_batch(&engine, &config).unwrap();
        let long = "Reed Goblin Reed Goblin Reed Goblin Reed Goblin";
        for (i, c) in report.combatants.iter_mut().enumerate() {
            c.name = format!("{long} {}", i + 1);
        }
        let table = report.summary_table();
        assert!(table.lines().all(|l| l == l.trim_end()), "{table}");
        let rows: Vec<&str> = table
            .lines()
            .filter(|l| l.contains("Reed Goblin"))
            .collect();
        assert!(rows.len() >= 2, "{table}");
        assert!(
            rows[0].contains("… 1 ") && rows[1].contains("… 2 "),
            "{table}"
        );
    }

    #[test]
    fn h40_one_of_a_thing_is_not_plural() {
        assert_eq!(counted(1u64, "run", "runs"), "1 run");
        assert_eq!(counted(0u64, "run", "runs"), "0 runs");
        let engine = crate::testing::archmage();
        let config = BatchConfig {
            threads: 1,
            ..BatchConfig::new("test-mob", 1, 3)
        };
        let table = run_batch(&engine, &config).unwrap().summary_table();
        assert!(table.contains(": 1 run, seed 3"), "{table}");
        assert!(
            !table.contains(" 1 victories") && !table.contains(" 1 flights"),
            "{table}"
        );
    }
}
