//! Tuning an encounter: the value of one knob (how many of a statblock fight, or a side's hit
//! points or damage in percent) that brings a side's win rate closest to a target.
//!
//! The search bisects the knob's range, assuming the win rate moves one way as the knob
//! grows, and samples each point sequentially: runs are added a chunk at a time until the
//! Wilson 95% interval of the win rate excludes the target (the point is clearly on one side
//! of it), is narrower than the tolerance, or the point's run budget is spent. Every point
//! plays the same seeds (run `i` of each point starts from `derive_seed(seed, i)`), so the
//! curve is smoother than with fresh seeds at each point. The answer is the sampled value
//! whose win rate is closest to the target; the curve is checked for monotonicity, and a
//! reversal that the intervals cannot explain is reported.
//!
//! The HP and damage knobs set a side's [`SideScale`], which the core applies for every
//! ruleset; the level knob sets an entry's `level`, which the ruleset applies where its
//! statblocks derive their numbers from one (B/X monsters' hit dice).

use std::fmt::{self, Write as _};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use fray_content::encounter::{EncounterSpec, SideScale};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::aggregate::Aggregate;
use crate::batch::{BatchConfig, BatchError, run_batch_until};
use crate::engine::Engine;
use crate::part::{MergeError, Part, merge};
use crate::shard::Shard;
use crate::stats::wilson95;

/// What `tune` changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Knob {
    /// How many of this statblock fight: the one entry of the encounter with this statblock
    /// id, or with this name.
    Count(String),
    /// The hit points of this side's combatants, in percent of their statblocks'
    /// ([`SideScale::hp`]).
    Hp(String),
    /// The damage this side's combatants deal, in percent ([`SideScale::damage`]).
    Damage(String),
    /// The level (or hit dice) this statblock (or entry, by name) plays at
    /// ([`CombatantSpec::level`](fray_content::encounter::CombatantSpec::level)), where its
    /// ruleset has one.
    Level(String),
}

impl Knob {
    /// The values tried when none are given: 1 to 12 of a statblock, or 25% to 400%.
    pub fn default_range(&self) -> (u16, u16) {
        match self {
            Knob::Count(_) | Knob::Level(_) => (1, 12),
            Knob::Hp(_) | Knob::Damage(_) => (25, 400),
        }
    }

    /// The largest value the knob can take.
    pub fn most(&self) -> u16 {
        match self {
            Knob::Count(_) | Knob::Level(_) => u16::MAX,
            Knob::Hp(_) | Knob::Damage(_) => SideScale::MAX_PERCENT,
        }
    }
}

impl fmt::Display for Knob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Knob::Count(id) => write!(f, "count:{id}"),
            Knob::Hp(side) => write!(f, "hp:{side}"),
            Knob::Damage(side) => write!(f, "damage:{side}"),
            Knob::Level(id) => write!(f, "level:{id}"),
        }
    }
}

impl FromStr for Knob {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.split_once(':').map(|(k, v)| (k, v.trim())) {
            Some(("count", id)) if !id.is_empty() => Ok(Knob::Count(id.into())),
            Some(("hp", side)) if !side.is_empty() => Ok(Knob::Hp(side.into())),
            Some(("damage", side)) if !side.is_empty() => Ok(Knob::Damage(side.into())),
            Some(("level" | "hd", id)) if !id.is_empty() => Ok(Knob::Level(id.into())),
            _ => Err(format!(
                "`{text}` is not a knob: write count:<statblock-id or entry name> (e.g. count:reed-goblin), level:<statblock-id or entry name>, hp:<side> or damage:<side> (in percent)"
            )),
        }
    }
}

/// How to tune.
#[derive(Debug, Clone, PartialEq)]
pub struct TuneConfig {
    /// The batches' settings (encounter, seed, threads, controllers); its `runs` and `shard`
    /// are the tuner's.
    pub batch: BatchConfig,
    /// The side whose win rate is tuned.
    pub side: String,
    /// The win rate to reach (0..=1).
    pub target: f64,
    /// What to change.
    pub knob: Knob,
    /// The smallest value tried.
    pub min: u16,
    /// The largest value tried.
    pub max: u16,
    /// Runs added at a time at a point.
    pub step: u64,
    /// The most runs at one point.
    pub budget: u64,
    /// Sampling at a point stops once the 95% interval is at most this wide.
    pub tolerance: f64,
}

/// Why tuning could not run.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum TuneError {
    /// The encounter does not exist.
    #[error("unknown encounter `{0}`")]
    UnknownEncounter(String),
    /// The knob does not fit the encounter.
    #[error("{0}")]
    Knob(String),
    /// The side does not exist.
    #[error("`{encounter}` has no side `{side}` (its sides: {known})")]
    NoSide {
        /// Encounter id.
        encounter: String,
        /// The side asked for.
        side: String,
        /// Its sides.
        known: String,
    },
    /// Bad settings.
    #[error("{0}")]
    Settings(String),
    /// A batch failed.
    #[error("at {value}: {error}")]
    Batch {
        /// The knob's value.
        value: u16,
        /// What went wrong.
        error: BatchError,
    },
    /// Someone else holds the content.
    #[error("the content is shared: tuning changes it between batches and needs its own copy")]
    Shared,
    /// Stopped by the user.
    #[error("interrupted")]
    Interrupted,
}

/// One sampled point of the curve.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TunePoint {
    /// The knob's value.
    pub value: u16,
    /// Runs played.
    pub runs: u64,
    /// Runs the side won.
    pub wins: u64,
    /// `wins / runs`.
    pub win_rate: f64,
    /// Wilson 95% interval.
    pub ci95: [f64; 2],
}

/// The result of tuning.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tuned {
    /// Encounter id.
    pub encounter: String,
    /// The tuned side.
    pub side: String,
    /// The knob.
    pub knob: Knob,
    /// The target win rate.
    pub target: f64,
    /// Every sampled point, by value.
    pub curve: Vec<TunePoint>,
    /// The value whose win rate is closest to the target.
    pub best: u16,
    /// Consecutive sampled values (by value) between which the win rate turns against the
    /// curve's overall direction by more than their 95% intervals allow.
    pub reversals: Vec<(u16, u16)>,
    /// Whether the target lies outside the 95% intervals of both of the range's ends, on the
    /// same side (an end whose interval holds the target may reach it).
    pub out_of_reach: bool,
}

/// The entry of `spec` a count or level knob changes: (side, entry).
fn count_entry(spec: &EncounterSpec, id: &str) -> Result<(usize, usize), TuneError> {
    let found: Vec<(usize, usize)> = spec
        .sides
        .iter()
        .enumerate()
        .flat_map(|(s, side)| {
            side.combatants
                .iter()
                .enumerate()
                .filter(|(_, c)| c.statblock == id || c.name.as_deref() == Some(id))
                .map(move |(c, _)| (s, c))
        })
        .collect();
    match found.as_slice() {
        [one] => Ok(*one),
        [] => {
            let mut known: Vec<&str> = spec
                .sides
                .iter()
                .flat_map(|s| s.combatants.iter().map(|c| c.statblock.as_str()))
                .collect();
            known.dedup();
            Err(TuneError::Knob(format!(
                "no statblock or entry named `{id}` fights in `{}` (its statblocks: {})",
                spec.id,
                known.join(", ")
            )))
        }
        _ => {
            let names: Vec<String> = found
                .iter()
                .filter_map(|(s, c)| spec.sides.get(*s)?.combatants.get(*c)?.name.clone())
                .map(|n| format!("count:{n}"))
                .collect();
            Err(TuneError::Knob(format!(
                "`{id}` has {} entries in `{}`: name one by its name ({})",
                found.len(),
                spec.id,
                if names.is_empty() {
                    "give the entries names in the file".to_string()
                } else {
                    names.join(", ")
                }
            )))
        }
    }
}

/// The side of `spec` a scale knob changes.
fn scaled_side<'s>(
    spec: &'s mut EncounterSpec,
    name: &str,
) -> Result<&'s mut SideScale, TuneError> {
    let known = spec
        .sides
        .iter()
        .map(|s| format!("`{}`", s.name))
        .collect::<Vec<_>>()
        .join(", ");
    let id = spec.id.clone();
    spec.sides
        .iter_mut()
        .find(|s| s.name == name)
        .map(|s| &mut s.scale)
        .ok_or_else(|| TuneError::Knob(format!("`{id}` has no side `{name}` (its sides: {known})")))
}

/// Sets the knob to `value` in `spec`.
pub fn set_knob(spec: &mut EncounterSpec, knob: &Knob, value: u16) -> Result<(), TuneError> {
    match knob {
        Knob::Count(id) | Knob::Level(id) => {
            let (s, c) = count_entry(spec, id)?;
            if let Some(entry) = spec.sides.get_mut(s).and_then(|x| x.combatants.get_mut(c)) {
                if matches!(knob, Knob::Count(_)) {
                    entry.count = value;
                } else {
                    entry.level = Some(value);
                }
            }
        }
        Knob::Hp(side) => scaled_side(spec, side)?.hp = value,
        Knob::Damage(side) => scaled_side(spec, side)?.damage = value,
    }
    Ok(())
}

/// Tunes `config.knob` of `config.batch.encounter` in `engine`'s content, which it changes
/// between batches (and leaves at the best value). `progress` is called with the runs played
/// so far.
pub fn tune(
    engine: &mut Engine,
    config: &TuneConfig,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<Tuned, TuneError> {
    if config.step == 0 || config.budget < config.step {
        return Err(TuneError::Settings(
            "a point plays at least one step of runs: --step at least 1 and --budget at least --step".into(),
        ));
    }
    let mut search = Search::new(engine, config, progress, stop)?;
    let (mut lo, mut hi) = (config.min, config.max);
    let f_lo = search.sample(lo)?;
    let f_hi = if hi == lo { f_lo } else { search.sample(hi)? };
    let t = config.target;
    if (f_lo - t) * (f_hi - t) <= 0.0 {
        // The invariant: the target lies between f(lo) and f(hi).
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            let f_mid = search.sample(mid)?;
            if (f_mid - t) * (f_lo - t) > 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
    }
    let curve = std::mem::take(&mut search.curve);
    let tuned = Tuned::from_curve(
        &config.batch.encounter,
        &config.side,
        &config.knob,
        t,
        curve,
    );
    search.set(tuned.best)?;
    Ok(tuned)
}

/// Checks `config` against `engine`'s content; returns the index of the tuned side.
fn checked(engine: &Engine, config: &TuneConfig) -> Result<usize, TuneError> {
    if !(0.0..=1.0).contains(&config.target) {
        return Err(TuneError::Settings(format!(
            "the target win rate {} is not between 0 and 1",
            config.target
        )));
    }
    if config.min > config.max || config.min == 0 {
        return Err(TuneError::Settings(format!(
            "the range {}..{} is empty or starts at 0: a count or a percentage is at least 1",
            config.min, config.max
        )));
    }
    if config.max > config.knob.most() {
        return Err(TuneError::Settings(format!(
            "{} goes up to {}, not {}",
            config.knob,
            config.knob.most(),
            config.max
        )));
    }
    let id = config.batch.encounter.clone();
    let spec = engine
        .content
        .encounter(&id)
        .ok_or_else(|| TuneError::UnknownEncounter(id.clone()))?;
    let side = spec
        .sides
        .iter()
        .position(|s| s.name == config.side)
        .ok_or_else(|| TuneError::NoSide {
            encounter: id.clone(),
            side: config.side.clone(),
            known: spec
                .sides
                .iter()
                .map(|s| format!("`{}`", s.name))
                .collect::<Vec<_>>()
                .join(", "),
        })?;
    let mut probe = spec.clone();
    set_knob(&mut probe, &config.knob, config.min)?;
    Ok(side)
}

/// The values a sweep plays: `min`, `min + by`, ... up to `max`, and `max` itself.
pub fn sweep_values(min: u16, max: u16, by: u16) -> Vec<u16> {
    let mut values: Vec<u16> = (min..=max).step_by(usize::from(by.max(1))).collect();
    if values.last().is_some_and(|&v| v != max) {
        values.push(max);
    }
    values
}

/// The format tag every part of a sharded tune starts with.
pub const TUNE_PART_FORMAT: &str = "fray-tune-part/1";

/// One shard of a sweep: the knob at each value of a grid, each played for the same runs (its
/// shard of `budget` runs), what `fray tune --shard` writes and [`merge_tune`] sums.
///
/// The adaptive search of [`tune`] decides where to play next from what it has played, so it
/// cannot be split over machines; a sweep plays every value of the grid instead, and its
/// parts merge into the same [`Tuned`] answer (closest value, curve, monotonicity).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TunePart {
    /// [`TUNE_PART_FORMAT`].
    pub format: String,
    /// The tuned side.
    pub side: String,
    /// Its index in the encounter.
    pub side_index: usize,
    /// The knob.
    pub knob: Knob,
    /// The target win rate.
    pub target: f64,
    /// Each value of the grid and the batch part played at it.
    pub points: Vec<(u16, Part)>,
}

impl TunePart {
    /// The part as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// Reads a tune part's text; `name` names it in errors.
    pub fn from_json(name: &str, text: &str) -> Result<Self, MergeError> {
        serde_json::from_str(text)
            .map_err(|e| MergeError::NotAPart(name.to_string(), e.to_string()))
    }
}

/// Plays `config.batch.shard` of a sweep: the knob at every value of
/// [`sweep_values`]`(min, max, by)`, each for its shard of `config.budget` runs (run `i` of
/// every value from the same seed). Leaves the engine's content at the last value.
pub fn sweep(
    engine: &mut Engine,
    config: &TuneConfig,
    by: u16,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<TunePart, TuneError> {
    if config.budget == 0 {
        return Err(TuneError::Settings(
            "a sweep plays --budget runs at each value: at least 1".into(),
        ));
    }
    let mut search = Search::new(engine, config, progress, stop)?;
    let mut points = Vec::new();
    for value in sweep_values(config.min, config.max, by) {
        search.set(value)?;
        let batch = BatchConfig {
            runs: config.budget,
            ..config.batch.clone()
        };
        let before = search.played;
        let report = run_batch_until(search.engine, &batch, &|n| progress(before + n), None, stop)
            .map_err(|error| TuneError::Batch { value, error })?;
        let wanted = batch.shard.runs(batch.runs);
        if report.runs < wanted.end - wanted.start {
            return Err(TuneError::Interrupted);
        }
        search.played += report.runs;
        let spec = search
            .engine
            .content
            .encounter(&batch.encounter)
            .ok_or_else(|| TuneError::UnknownEncounter(batch.encounter.clone()))?;
        points.push((
            value,
            Part::new(&search.engine.content, spec, &batch, &report),
        ));
    }
    Ok(TunePart {
        format: TUNE_PART_FORMAT.to_string(),
        side: config.side.clone(),
        side_index: search.side,
        knob: config.knob.clone(),
        target: config.target,
        points,
    })
}

/// Merges the parts of one sweep (every shard once, in any order) into its answer: each
/// value's shards are merged as a batch's are ([`merge`], which checks that they are every
/// shard of one batch), and the curve gives the closest value.
pub fn merge_tune(parts: &[(String, TunePart)]) -> Result<Tuned, MergeError> {
    let Some((first_name, first)) = parts.first() else {
        return Err(MergeError::NoParts);
    };
    let values = |p: &TunePart| p.points.iter().map(|(v, _)| *v).collect::<Vec<_>>();
    for (name, part) in parts {
        let why = if part.side != first.side {
            Some(format!("its side is `{}`, not `{}`", part.side, first.side))
        } else if part.knob != first.knob {
            Some(format!("its knob is {}, not {}", part.knob, first.knob))
        } else if part.target != first.target {
            Some(format!(
                "its target is {}, not {}",
                part.target, first.target
            ))
        } else if values(part) != values(first) {
            Some(format!(
                "it sweeps {:?}, not {:?}",
                values(part),
                values(first)
            ))
        } else {
            None
        };
        if let Some(why) = why {
            return Err(MergeError::OtherBatch {
                first: first_name.clone(),
                part: name.clone(),
                why,
            });
        }
    }
    let mut curve = Vec::with_capacity(first.points.len());
    let mut encounter = String::new();
    for (i, (value, _)) in first.points.iter().enumerate() {
        let at: Vec<(String, Part)> = parts
            .iter()
            .filter_map(|(name, p)| {
                Some((format!("{name} at {value}"), p.points.get(i)?.1.clone()))
            })
            .collect();
        let report = merge(&at)?;
        encounter.clone_from(&report.encounter);
        let wins = report.sides.get(first.side_index).map_or(0, |s| s.wins);
        let (lo, hi) = wilson95(wins, report.runs);
        curve.push(TunePoint {
            value: *value,
            runs: report.runs,
            wins,
            win_rate: wins as f64 / report.runs.max(1) as f64,
            ci95: [lo, hi],
        });
    }
    Ok(Tuned::from_curve(
        &encounter,
        &first.side,
        &first.knob,
        first.target,
        curve,
    ))
}

/// Consecutive points that turn against the curve's direction (from its first point to its
/// last) by more than their intervals allow.
fn reversals(curve: &[TunePoint]) -> Vec<(u16, u16)> {
    let (Some(first), Some(last)) = (curve.first(), curve.last()) else {
        return Vec::new();
    };
    let rising = last.win_rate >= first.win_rate;
    curve
        .windows(2)
        .filter_map(|w| {
            let (a, b) = (&w[0], &w[1]);
            let against = if rising {
                b.ci95[1] < a.ci95[0]
            } else {
                b.ci95[0] > a.ci95[1]
            };
            against.then_some((a.value, b.value))
        })
        .collect()
}

/// The state of a search.
struct Search<'a> {
    engine: &'a mut Engine,
    config: &'a TuneConfig,
    side: usize,
    played: u64,
    progress: &'a (dyn Fn(u64) + Sync),
    stop: &'a AtomicBool,
    curve: Vec<TunePoint>,
}

impl<'a> Search<'a> {
    /// A search of `config` on `engine`, once `config` is checked against its content.
    fn new(
        engine: &'a mut Engine,
        config: &'a TuneConfig,
        progress: &'a (dyn Fn(u64) + Sync),
        stop: &'a AtomicBool,
    ) -> Result<Self, TuneError> {
        let side = checked(engine, config)?;
        Ok(Self {
            engine,
            config,
            side,
            played: 0,
            progress,
            stop,
            curve: Vec::new(),
        })
    }

    /// Sets the knob in the engine's content.
    fn set(&mut self, value: u16) -> Result<(), TuneError> {
        let content = Arc::get_mut(&mut self.engine.content).ok_or(TuneError::Shared)?;
        let spec = content
            .encounter_mut(&self.config.batch.encounter)
            .ok_or_else(|| TuneError::UnknownEncounter(self.config.batch.encounter.clone()))?;
        set_knob(spec, &self.config.knob, value)
    }

    /// Samples the win rate at `value` (once: a value sampled before is not played again).
    fn sample(&mut self, value: u16) -> Result<f64, TuneError> {
        if let Some(p) = self.curve.iter().find(|p| p.value == value) {
            return Ok(p.win_rate);
        }
        self.set(value)?;
        let c = self.config;
        // Run `i` of each point is run `i` of one batch of `budget` runs: chunk k is its shard
        // k of `budget / step`, so every point plays the same seeds.
        let chunks = c.budget / c.step;
        let mut totals = Aggregate::default();
        for k in 0..chunks {
            let batch = BatchConfig {
                runs: chunks * c.step,
                shard: Shard::new(k, chunks).unwrap_or_default(),
                ..c.batch.clone()
            };
            let before = self.played;
            let report = run_batch_until(
                self.engine,
                &batch,
                &|n| (self.progress)(before + n),
                None,
                self.stop,
            )
            .map_err(|error| TuneError::Batch { value, error })?;
            if report.totals.runs < c.step {
                return Err(TuneError::Interrupted);
            }
            self.played += report.totals.runs;
            totals.merge(&report.totals);
            let wins = totals.wins.get(self.side).copied().unwrap_or(0);
            let (lo, hi) = wilson95(wins, totals.runs);
            if c.target < lo || c.target > hi || hi - lo <= c.tolerance {
                break;
            }
        }
        let wins = totals.wins.get(self.side).copied().unwrap_or(0);
        let (lo, hi) = wilson95(wins, totals.runs);
        let win_rate = wins as f64 / totals.runs.max(1) as f64;
        self.curve.push(TunePoint {
            value,
            runs: totals.runs,
            wins,
            win_rate,
            ci95: [lo, hi],
        });
        Ok(win_rate)
    }
}

impl Tuned {
    /// The answer a sampled curve gives: the value whose win rate is closest to `target`,
    /// the curve's reversals, and whether the target lies beyond both of its ends.
    pub fn from_curve(
        encounter: &str,
        side: &str,
        knob: &Knob,
        target: f64,
        mut curve: Vec<TunePoint>,
    ) -> Self {
        curve.sort_by_key(|p| p.value);
        let best = curve
            .iter()
            .min_by(|a, b| {
                (a.win_rate - target)
                    .abs()
                    .total_cmp(&(b.win_rate - target).abs())
            })
            .map_or(0, |p| p.value);
        // Out of reach only when both ends' 95% intervals lie on the same side of the target:
        // an end whose interval holds the target may reach it (more runs would tell).
        let above = |p: &TunePoint| p.ci95[0] > target;
        let below = |p: &TunePoint| p.ci95[1] < target;
        let out_of_reach = match (curve.first(), curve.last()) {
            (Some(a), Some(b)) => (above(a) && above(b)) || (below(a) && below(b)),
            _ => true,
        };
        Self {
            encounter: encounter.to_string(),
            side: side.to_string(),
            knob: knob.clone(),
            target,
            reversals: reversals(&curve),
            curve,
            best,
            out_of_reach,
        }
    }

    /// The curve as a table, the answer, and what to make of it.
    pub fn table(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "tuning {} of {} for {} to win {:.1}%\n",
            self.knob,
            self.encounter,
            self.side,
            self.target * 100.0
        );
        let _ = writeln!(
            s,
            "  {:>6} {:>7} {:>8}   {:<17}",
            "value", "runs", "win %", "95% interval"
        );
        for p in &self.curve {
            let _ = writeln!(
                s,
                "  {:>6} {:>7} {:>7.1}%   {:>5.1}% - {:>5.1}%{}",
                p.value,
                p.runs,
                p.win_rate * 100.0,
                p.ci95[0] * 100.0,
                p.ci95[1] * 100.0,
                if p.value == self.best {
                    "   <- closest"
                } else {
                    ""
                }
            );
        }
        let _ = writeln!(s);
        if let Some(p) = self.curve.iter().find(|p| p.value == self.best) {
            let _ = writeln!(
                s,
                "  best: {} = {} ({} win rate {:.1}%, 95% interval {:.1}% - {:.1}%)",
                self.knob,
                self.best,
                self.side,
                p.win_rate * 100.0,
                p.ci95[0] * 100.0,
                p.ci95[1] * 100.0
            );
        }
        if self.out_of_reach {
            let _ = writeln!(
                s,
                "  note: the target lies outside the 95% intervals at both ends of the range: widen it (--min, --max)"
            );
        } else if !self
            .curve
            .iter()
            .any(|p| p.ci95[0] <= self.target && self.target <= p.ci95[1])
        {
            // Reachable between two samples, or within an end's interval but not its estimate.
            let _ = writeln!(
                s,
                "  note: no sampled value's 95% interval holds the target: sample closer (--step) or play more runs (--budget)"
            );
        }
        if self.reversals.is_empty() {
            let _ = writeln!(
                s,
                "  the sampled curve is monotone (within its 95% intervals)"
            );
        } else {
            let pairs: Vec<String> = self
                .reversals
                .iter()
                .map(|(a, b)| format!("{a} -> {b}"))
                .collect();
            let _ = writeln!(
                s,
                "  warning: the sampled curve is not monotone ({}): bisection assumes it is, so the answer may not be the closest value",
                pairs.join(", ")
            );
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::run_batch;

    fn config(target: f64) -> TuneConfig {
        TuneConfig {
            batch: BatchConfig {
                threads: 1,
                ..BatchConfig::new("test-mob", 0, 3)
            },
            side: "Heroes".into(),
            target,
            knob: "count:reed-goblin-mook".parse().unwrap(),
            min: 1,
            max: 12,
            step: 100,
            budget: 800,
            tolerance: 0.05,
        }
    }

    /// The fighter's win rate against `n` skulkers, from `runs` runs on seed 77 (not the
    /// tuner's).
    fn truth(n: u16, runs: u64) -> f64 {
        let mut engine = crate::testing::archmage();
        let db = Arc::get_mut(&mut engine.content).unwrap();
        let spec = db.encounter_mut("test-mob").unwrap();
        set_knob(spec, &Knob::Count("reed-goblin-mook".into()), n).unwrap();
        let config = BatchConfig {
            threads: 1,
            ..BatchConfig::new("test-mob", runs, 77)
        };
        run_batch(&engine, &config).unwrap().sides[0].win_rate
    }

    #[test]
    fn tune_finds_the_count_whose_win_rate_is_closest_to_the_target() {
        let truth: Vec<(u16, f64)> = (1..=12).map(|n| (n, truth(n, 1000))).collect();
        for target in [0.25, 0.6] {
            // The answer by construction: the count whose (brute-force) rate is closest, by a
            // margin that the tuner's sampling noise cannot bridge.
            let mut by_distance = truth.clone();
            by_distance.sort_by(|a, b| (a.1 - target).abs().total_cmp(&(b.1 - target).abs()));
            let (answer, closest) = by_distance[0];
            let margin = (by_distance[1].1 - target).abs() - (closest - target).abs();
            assert!(margin > 0.08, "{target}: {truth:?} has no clear answer");
            let mut engine = crate::testing::archmage();
            let tuned = tune(
                &mut engine,
                &config(target),
                &|_| {},
                &AtomicBool::new(false),
            )
            .unwrap();
            assert_eq!(tuned.best, answer, "{target}: {truth:?}\n{}", tuned.table());
            assert!(tuned.reversals.is_empty(), "{}", tuned.table());
            assert!(!tuned.out_of_reach);
            // The engine is left at the answer, and the written encounter loads with it.
            let spec = engine.content.encounter("test-mob").unwrap();
            assert_eq!(spec.sides[1].combatants[0].count, answer);
            let ron = crate::tuned_file::tuned_file(None, spec, &tuned.knob, answer).unwrap();
            let back: EncounterSpec = fray_content::source::SourceFile::new("t.ron", ron)
                .parse()
                .unwrap();
            // It is the encounter as tuned, under an id of its own (issue 32 G.33).
            assert_eq!(back.id, format!("test-mob-tuned-{answer}"));
            let mut expected = spec.clone();
            expected.id.clone_from(&back.id);
            expected.name.clone_from(&back.name);
            assert_eq!(back, expected);
        }
    }

    #[test]
    fn g34_a_target_inside_an_ends_interval_is_not_called_out_of_reach() {
        // The trial's case: both ends won 0 of 100 runs (95% interval 0% - 3.7%), target 0.1%.
        let point = |value| TunePoint {
            value,
            runs: 100,
            wins: 0,
            win_rate: 0.0,
            ci95: [0.0, wilson95(0, 100).1],
        };
        let knob = Knob::Count("reed-goblin".into());
        let near = Tuned::from_curve("e", "Heroes", &knob, 0.001, vec![point(400), point(450)]);
        assert!(!near.out_of_reach, "{}", near.table());
        assert!(!near.table().contains("widen it"), "{}", near.table());
        // A target above both intervals is out of reach, and the note says so.
        let far = Tuned::from_curve("e", "Heroes", &knob, 0.5, vec![point(400), point(450)]);
        assert!(far.out_of_reach);
        assert!(
            far.table().contains("outside the 95% intervals"),
            "{}",
            far.table()
        );
    }

    #[test]
    fn a_target_out_of_reach_ends_at_the_closest_end_and_bad_knobs_are_named() {
        let mut engine = crate::testing::archmage();
        let mut c = config(0.9);
        (c.min, c.max) = (6, 9);
        let tuned = tune(&mut engine, &c, &|_| {}, &AtomicBool::new(false)).unwrap();
        assert!(tuned.out_of_reach, "{}", tuned.table());
        assert_eq!(tuned.best, 6);
        assert_eq!(tuned.curve.len(), 2);
        assert!(tuned.table().contains("widen it"));
        c.knob = Knob::Count("dragon".into());
        let e = tune(&mut engine, &c, &|_| {}, &AtomicBool::new(false)).unwrap_err();
        assert!(
            e.to_string()
                .contains("no statblock or entry named `dragon`"),
            "{e}"
        );
        assert_eq!("hp:Heroes".parse::<Knob>(), Ok(Knob::Hp("Heroes".into())));
        assert_eq!(
            "damage: Skulkers".parse::<Knob>(),
            Ok(Knob::Damage("Skulkers".into()))
        );
        assert_eq!(
            "hd:reed-goblin-mook".parse::<Knob>(),
            Ok(Knob::Level("reed-goblin-mook".into()))
        );
        // Archmage monsters give their numbers outright: no level to tune.
        (c.knob, c.max) = (Knob::Level("reed-goblin-mook".into()), 9);
        let e = tune(&mut engine, &c, &|_| {}, &AtomicBool::new(false)).unwrap_err();
        assert!(
            e.to_string()
                .contains("has no level or hit dice an encounter can set"),
            "{e}"
        );
        c.knob = Knob::Hp("Villains".into());
        let e = tune(&mut engine, &c, &|_| {}, &AtomicBool::new(false)).unwrap_err();
        assert!(e.to_string().contains("has no side `Villains`"), "{e}");
        (c.knob, c.max) = (Knob::Damage("Heroes".into()), 1001);
        let e = tune(&mut engine, &c, &|_| {}, &AtomicBool::new(false)).unwrap_err();
        assert!(e.to_string().contains("goes up to 1000"), "{e}");
        assert!("size".parse::<Knob>().unwrap_err().contains("not a knob"));
    }
}
