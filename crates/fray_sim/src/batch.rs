//! Playing N runs of an encounter across worker threads, folding each into running totals as
//! it finishes.

use std::io::{self, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};
use std::time::Instant;

use bevy_ecs::entity::Entity;
use bevy_ecs::world::World;
use fray_content::encounter::EncounterSpec;
use fray_content::suggest::help_for;
use fray_core::drive::{tick, update_messages};
use fray_core::prelude::*;
use fray_core::rng::derive_seed;
use fray_core::spawn::SpawnError;
use thiserror::Error;

use crate::aggregate::Aggregate;
use crate::csv_rows::{CsvRows, header};
use crate::engine::Engine;
use crate::finished::read_finished;
use crate::identity::BatchIdentity;
use crate::in_order::{InOrder, StopOnPanic};
use crate::report::{BatchReport, Timing};

/// What a batch runs, where its callers have always found it.
pub use crate::config::{BatchConfig, DEFAULT_CHUNK};

/// Why a batch could not run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BatchError {
    /// Zero runs asked for.
    #[error("nothing to do: --runs must be at least 1")]
    NoRuns,
    /// The encounter does not exist.
    #[error("unknown encounter `{id}` ({help})")]
    UnknownEncounter {
        /// The id.
        id: String,
        /// A suggestion.
        help: String,
    },
    /// The encounter cannot be spawned.
    #[error("cannot spawn `{0}`: {1}")]
    Spawn(String, SpawnError),
    /// The runs' CSV could not be written (the batch stopped there).
    #[error("cannot write the runs' CSV: {0}")]
    Csv(String),
    /// A fight panicked (a defect, or content the checks let through): the batch stopped.
    #[error("{}", describe_panic(.0))]
    Panicked(RunPanic),
}

/// A panic in a worker: the runs it was playing side by side (one of them caused it), each
/// with the seed that replays it (`fray run <encounter> --seed <seed>`), and what it said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunPanic {
    /// The runs in play, as (run index, seed).
    pub runs: Vec<(u64, u64)>,
    /// The panic's message.
    pub message: String,
}

fn describe_panic(p: &RunPanic) -> String {
    /// Runs named in full; the rest are counted.
    const NAMED: usize = 3;
    let runs: Vec<String> = p
        .runs
        .iter()
        .take(NAMED)
        .map(|(i, seed)| format!("run {i} (seed {seed})"))
        .collect();
    let more = p.runs.len().saturating_sub(NAMED);
    let which = match (runs.len(), more) {
        (0, _) => "a run".to_string(),
        (1, _) => runs.join(""),
        (_, 0) => format!("one of {}", runs.join(", ")),
        _ => format!("one of {} and {more} more", runs.join(", ")),
    };
    format!("{which} panicked: {}", p.message)
}

/// The text a panic carried.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic with no message".to_string())
}

/// Plays the batch. `progress` is called with the number of runs finished so far (from worker
/// threads, in no particular order of calls).
pub fn run_batch_with_progress(
    engine: &Engine,
    config: &BatchConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<BatchReport, BatchError> {
    run_batch_with_csv(engine, config, progress, None)
}

/// Plays the batch, and streams one CSV row per run into `csv` as runs finish: run index, seed,
/// winner, ending, rounds, turns, actions, rejections, then each combatant's final status and
/// HP, after a header line. Rows are written in run order whatever the thread
/// count or chunk size, so the file is the same for the same batch; rows that finish before
/// their predecessors wait in a small buffer (at most `2 × threads × chunk` runs: a worker
/// does not start a chunk further ahead than that). Each worker folds its runs into its own
/// [`Aggregate`] and keeps nothing else, so memory does not grow with the number of runs.
///
/// A write error stops the batch: [`BatchError::Csv`]. A fight that panics stops the batch
/// too: [`BatchError::Panicked`] names the runs in play and their seeds.
pub fn run_batch_with_csv(
    engine: &Engine,
    config: &BatchConfig,
    progress: &(dyn Fn(u64) + Sync),
    csv: Option<&mut (dyn Write + Send)>,
) -> Result<BatchReport, BatchError> {
    run_batch_until(engine, config, progress, csv, &AtomicBool::new(false))
}

/// [`run_batch_with_csv`], stopping early once `stop` is set (a user's Ctrl-C): no run starts
/// after it, the runs in play finish, and the report covers the runs played (its `runs`
/// says how many) with a note; the CSV has a row for each of them.
pub fn run_batch_until(
    engine: &Engine,
    config: &BatchConfig,
    progress: &(dyn Fn(u64) + Sync),
    csv: Option<&mut (dyn Write + Send)>,
    stop: &AtomicBool,
) -> Result<BatchReport, BatchError> {
    play_batch(engine, config, progress, csv, stop, None)
}

/// [`run_batch_until`] without a CSV, which also says who won each run: the winners of the
/// runs the batch (or its shard) plays, in run order (`None`: nobody won, or the run was not
/// played). Comparisons pair runs played from the same seeds by these.
pub fn run_batch_winners(
    engine: &Engine,
    config: &BatchConfig,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<(BatchReport, Vec<Option<u8>>), BatchError> {
    let range = config.shard.runs(config.runs);
    let len = usize::try_from(range.end - range.start).unwrap_or(usize::MAX);
    let winners: Vec<AtomicU8> = (0..len).map(|_| AtomicU8::new(0)).collect();
    let report = play_batch(engine, config, progress, None, stop, Some(&winners))?;
    let winners = winners
        .into_iter()
        .map(|w| w.into_inner().checked_sub(1))
        .collect();
    Ok((report, winners))
}

/// The controllers a batch plays `spec` with: those `given`, and the tactical AI for each side
/// the file makes external and `given` does not name (an external side cannot answer in a
/// batch), with a note saying so for each. A run of the batch re-played alone uses the same.
pub fn batch_controllers(
    spec: &EncounterSpec,
    given: &[(String, Controller)],
) -> (Vec<(String, Controller)>, Vec<String>) {
    let mut controllers = given.to_vec();
    let mut notes = Vec::new();
    for side in &spec.sides {
        let overridden = controllers.iter().any(|(name, _)| name == &side.name);
        if !overridden
            && matches!(
                side.controller,
                fray_content::encounter::ControllerSpec::External(_)
            )
        {
            controllers.push((side.name.clone(), Controller::Ai("tactical".into())));
            notes.push(format!(
                "side `{}` is external in the file; the batch plays it with the tactical AI",
                side.name
            ));
        }
    }
    (controllers, notes)
}

/// Plays the batch; `winners`, if given, gets the winner of each run (relative to the first
/// run played) as its side + 1, 0 for none.
fn play_batch(
    engine: &Engine,
    config: &BatchConfig,
    progress: &(dyn Fn(u64) + Sync),
    csv: Option<&mut (dyn Write + Send)>,
    stop: &AtomicBool,
    winners: Option<&[AtomicU8]>,
) -> Result<BatchReport, BatchError> {
    if config.runs == 0 {
        return Err(BatchError::NoRuns);
    }
    let spec = engine.content.encounter(&config.encounter).ok_or_else(|| {
        BatchError::UnknownEncounter {
            id: config.encounter.clone(),
            help: help_for(
                &config.encounter,
                engine.content.encounters().map(|e| e.id.as_str()),
            ),
        }
    })?;
    let (controllers, mut notes) = batch_controllers(spec, &config.controllers);
    let settings = EncounterSettings {
        seed: config.seed,
        log: false,
        controllers,
        ..Default::default()
    };
    // Refuse bad settings before any thread starts.
    let mut probe = engine.app();
    probe
        .world_mut()
        .spawn_encounter(&config.encounter, &settings)
        .map_err(|e| BatchError::Spawn(config.encounter.clone(), e))?;
    drop(probe);

    // The runs to play: all of them, or the shard's.
    let range = config.shard.runs(config.runs);
    let planned = range.end - range.start;
    // No more workers than runs, and no chunk bigger than the batch: a worker beyond the runs
    // would idle, and the CSV's window (`2 x threads x chunk`) would overflow with a chunk of
    // `usize::MAX`. Results do not depend on either.
    let runs = usize::try_from(planned).unwrap_or(usize::MAX);
    let threads = if config.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        config.threads
    }
    .min(runs);
    let chunk = u64::try_from(config.chunk.max(1))
        .unwrap_or(u64::MAX)
        .min(planned);
    let sides: Vec<String> = spec.sides.iter().map(|s| s.name.clone()).collect();
    let window = u64::try_from(threads)
        .unwrap_or(u64::MAX)
        .saturating_mul(chunk)
        .saturating_mul(2);
    let rows = csv.map(|out| InOrder::new(out, range.start, window));
    let play = Play {
        engine,
        config,
        settings: &settings,
        sides: &sides,
        chunk,
        start: range.start,
        end: range.end,
        winners,
        next: AtomicU64::new(range.start),
        done: AtomicU64::new(0),
        failed: AtomicBool::new(false),
        stop,
        progress,
        rows: rows.as_ref(),
    };
    let started = Instant::now();
    let totals = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| scope.spawn(|| play.worker()))
            .collect();
        let mut totals = Aggregate::default();
        let mut panicked: Option<RunPanic> = None;
        for worker in workers {
            match worker.join() {
                Ok(Ok(mine)) => totals.merge(&mine),
                Ok(Err(p)) => {
                    panicked.get_or_insert(p);
                }
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        (totals, panicked)
    });
    let (totals, panicked) = totals;
    if let Some(p) = panicked {
        return Err(BatchError::Panicked(p));
    }
    let wall = started.elapsed();
    if let Some(rows) = rows {
        let header = header(std::iter::empty()).map_err(io::Error::from);
        header
            .and_then(|h| rows.finish(&h))
            .map_err(|e| BatchError::Csv(e.to_string()))?;
    }
    let timing = Timing::measure(&totals, wall, threads, config.chunk);
    if totals.runs < planned {
        notes.push(format!(
            "stopped early: {} of the {planned} runs asked for were played",
            totals.runs
        ));
    }
    let mut report = BatchReport::from_totals(spec, config, totals, timing, notes);
    report.made = Some(BatchIdentity::of(
        &engine.content,
        spec,
        &config.controllers,
        config.seed,
        config.runs,
    ));
    Ok(report)
}

/// Plays the batch without progress reports.
pub fn run_batch(engine: &Engine, config: &BatchConfig) -> Result<BatchReport, BatchError> {
    run_batch_with_progress(engine, config, &|_| {})
}

/// What every worker of a batch shares.
struct Play<'a, 'o> {
    engine: &'a Engine,
    config: &'a BatchConfig,
    /// The settings of every run but its seed.
    settings: &'a EncounterSettings,
    /// Side names, for the CSV's winner column.
    sides: &'a [String],
    chunk: u64,
    /// The first run to play.
    start: u64,
    /// The run after the last one to play.
    end: u64,
    /// Where each run's winner goes (side + 1, 0 for none), by run from `start`, if anywhere.
    winners: Option<&'a [AtomicU8]>,
    /// The first run no worker has taken yet.
    next: AtomicU64,
    /// Runs finished.
    done: AtomicU64,
    /// A fight panicked: every worker stops taking runs.
    failed: AtomicBool,
    /// The caller asked to stop: no run starts after it.
    stop: &'a AtomicBool,
    progress: &'a (dyn Fn(u64) + Sync),
    /// Where CSV rows go, if anywhere.
    rows: Option<&'a InOrder<'o>>,
}

/// One run being played in a worker's World.
#[derive(Debug, Clone, Copy)]
struct Slot {
    /// The encounter entity, reused run after run.
    entity: Entity,
    /// The run it plays now, and its seed (`None`: free).
    run: Option<(u64, u64)>,
}

/// Whether a worker may start another run now.
enum NextRun {
    /// Run this one.
    Start(u64),
    /// Not yet: the CSV window is full (keep playing the runs on hand).
    Later,
    /// No runs left, or the output stopped.
    Done,
}

impl Play<'_, '_> {
    /// One worker: plays up to `chunk` runs side by side in its own World, tick by tick, and as
    /// soon as one ends folds it into its totals (and its CSV row into the output) and starts
    /// the next run in the same encounter, reset in place: the World never runs a tick for
    /// fights that are over while others go on, and steady play spawns nothing.
    fn worker(&self) -> Result<Aggregate, RunPanic> {
        let _stop = StopOnPanic(self.rows);
        let mut app = self.engine.app();
        let mut settings = self.settings.clone();
        let mut totals = Aggregate::default();
        let mut slots: Vec<Slot> = Vec::new();
        let mut waiting: Option<u64> = None;
        let mut exhausted = false;
        loop {
            let world = app.world_mut();
            // Fill every free slot (and open new ones up to the chunk) with the next runs.
            let mut playing = slots.iter().filter(|s| s.run.is_some()).count();
            while !exhausted && (playing as u64) < self.chunk {
                let i = match self.next_run(&mut waiting, playing) {
                    NextRun::Start(i) => i,
                    NextRun::Later => break,
                    NextRun::Done => {
                        exhausted = true;
                        break;
                    }
                };
                settings.seed = derive_seed(self.config.seed, i);
                let free = slots.iter().position(|s| s.run.is_none());
                let started = match free {
                    Some(k) => world
                        .reset_encounter(slots[k].entity, &settings)
                        .is_ok()
                        .then_some(k),
                    None => world
                        .spawn_encounter(&self.config.encounter, &settings)
                        .ok()
                        .map(|entity| {
                            slots.push(Slot { entity, run: None });
                            slots.len() - 1
                        }),
                };
                match started {
                    Some(k) => {
                        slots[k].run = Some((i, settings.seed));
                        playing += 1;
                    }
                    // The settings were checked before any worker started: a run that cannot
                    // start is skipped (its CSV turn passes).
                    None => self.finish_run(i, settings.seed, None, &mut totals, world),
                }
            }
            if playing == 0 {
                break;
            }
            let report = match catch_unwind(AssertUnwindSafe(|| tick(world))) {
                Ok(report) => report,
                Err(payload) => {
                    self.failed.store(true, Ordering::Relaxed);
                    if let Some(rows) = self.rows {
                        rows.stop();
                    }
                    let in_play: Vec<(u64, u64)> = slots.iter().filter_map(|s| s.run).collect();
                    return Err(RunPanic {
                        runs: self.culprits(&in_play),
                        message: panic_text(payload.as_ref()),
                    });
                }
            };
            // Runs that ended (or, with no encounter able to go on, that never will) are
            // collected, and their slots freed for the next runs.
            let idle = slots.len() - playing;
            if report.ended as usize > idle || report.running == 0 {
                let stuck = report.running == 0;
                for slot in &mut slots {
                    let Some((i, seed)) = slot.run else {
                        continue;
                    };
                    let entity = slot.entity;
                    let over = world
                        .get::<Encounter>(entity)
                        .is_some_and(Encounter::is_over);
                    if over || stuck {
                        let done = if over { Some(entity) } else { None };
                        self.finish_run(i, seed, done, &mut totals, world);
                        slot.run = None;
                    }
                }
                update_messages(world);
                update_messages(world);
                // Removals write a message per component, which only `clear_trackers` (called
                // by `App::update`, never here) rotates out: without it they would pile up.
                world.clear_trackers();
            }
        }
        Ok(totals)
    }

    /// The first of `runs` (played side by side when one of them panicked) that panics when
    /// replayed alone, in a World of its own: the seed worth replaying. All of them, should
    /// none panic alone.
    fn culprits(&self, runs: &[(u64, u64)]) -> Vec<(u64, u64)> {
        /// Ticks a replay may take before it counts as not panicking.
        const REPLAY_TICKS: u32 = 1_000_000;
        let mut settings = self.settings.clone();
        let found: Vec<(u64, u64)> = runs
            .iter()
            .copied()
            .find(|&(_, seed)| {
                settings.seed = seed;
                let mut app = self.engine.app();
                let replay = catch_unwind(AssertUnwindSafe(|| {
                    let world = app.world_mut();
                    if world
                        .spawn_encounter(&self.config.encounter, &settings)
                        .is_err()
                    {
                        return;
                    }
                    for _ in 0..REPLAY_TICKS {
                        if tick(world).running == 0 {
                            return;
                        }
                    }
                }));
                replay.is_err()
            })
            .into_iter()
            .collect();
        if found.is_empty() {
            runs.to_vec()
        } else {
            found
        }
    }

    /// The next run this worker may start, `playing` runs being on hand: the one it took
    /// earlier but could not start, else a new one. With CSV output a run may start only
    /// inside the output's window; a worker with nothing on hand waits for it.
    fn next_run(&self, waiting: &mut Option<u64>, playing: usize) -> NextRun {
        if self.failed.load(Ordering::Relaxed) || self.stop.load(Ordering::Relaxed) {
            return NextRun::Done;
        }
        let i = match waiting.take() {
            Some(i) => i,
            None => self.next.fetch_add(1, Ordering::Relaxed),
        };
        if i >= self.end {
            return NextRun::Done;
        }
        let Some(rows) = self.rows else {
            return NextRun::Start(i);
        };
        match rows.may_start(i) {
            Some(true) => NextRun::Start(i),
            Some(false) if playing > 0 => {
                *waiting = Some(i);
                NextRun::Later
            }
            Some(false) => {
                if rows.wait_for_turn(i) {
                    NextRun::Start(i)
                } else {
                    NextRun::Done
                }
            }
            None => NextRun::Done,
        }
    }

    /// Run `i` (played from `seed`) is over: its encounter's results (`None`: it did not
    /// finish) go into the totals and its CSV row to the output.
    fn finish_run(
        &self,
        i: u64,
        seed: u64,
        encounter: Option<Entity>,
        totals: &mut Aggregate,
        world: &World,
    ) {
        let finished = encounter.and_then(|e| read_finished(world, e));
        if let Some(finished) = &finished {
            totals.add(i, &finished.run, finished.combatants.clone());
            let slot = usize::try_from(i - self.start)
                .ok()
                .and_then(|k| self.winners?.get(k));
            if let (Some(slot), Some(side)) = (slot, finished.run.winner) {
                slot.store(side.saturating_add(1), Ordering::Relaxed);
            }
        }
        if let Some(out) = self.rows {
            let mut rows = CsvRows::new();
            let written = match &finished {
                Some(finished) => rows.push(i, seed, finished, self.sides),
                None => Ok(()),
            };
            match written.and_then(|()| rows.finish(i + 1)) {
                Ok(piece) => out.submit(i, piece),
                Err(e) => out.fail(e.into()),
            }
        }
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        (self.progress)(done);
    }
}

#[cfg(test)]
mod tests {
    use bevy_ecs::prelude::*;
    use fray_core::schedule::FrayTick;

    use super::*;

    fn engine() -> Engine {
        crate::testing::archmage()
    }

    /// The report's JSON (without timing) and the CSV of a batch.
    fn play(
        engine: &Engine,
        id: &str,
        runs: u64,
        threads: usize,
        chunk: usize,
    ) -> (String, String) {
        let config = BatchConfig {
            threads,
            chunk,
            ..BatchConfig::new(id, runs, 31)
        };
        let mut csv = Vec::new();
        let report = run_batch_with_csv(engine, &config, &|_| {}, Some(&mut csv)).unwrap();
        assert_eq!(report.runs, runs);
        (
            report.to_json_without_timing(),
            String::from_utf8(csv).unwrap(),
        )
    }

    #[test]
    fn reports_and_csv_do_not_depend_on_threads_or_chunk_size() {
        let engine = engine();
        for id in ["archmage-bridge", "archmage-mob"] {
            let one = play(&engine, id, 150, 1, 64);
            for (threads, chunk) in [(2, 64), (2, 1), (2, 7), (3, 1000), (1, 5)] {
                let other = play(&engine, id, 150, threads, chunk);
                assert_eq!(
                    one.0, other.0,
                    "{id}: JSON, {threads} threads, chunk {chunk}"
                );
                assert_eq!(
                    one.1, other.1,
                    "{id}: CSV, {threads} threads, chunk {chunk}"
                );
            }
        }
    }

    #[test]
    fn the_csv_has_a_header_and_one_row_per_run_in_order() {
        let engine = engine();
        let (json, csv) = play(&engine, "archmage-bridge", 40, 2, 3);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 41);
        assert!(lines[0].starts_with("run,seed,winner,ending,rounds,turns,actions,rejections,"));
        // Two columns per combatant: the header names the report's combatants.
        let report: serde_json::Value = serde_json::from_str(&json).unwrap();
        let combatants = report["combatants"].as_array().unwrap();
        assert_eq!(lines[0].split(',').count(), 8 + 2 * combatants.len());
        assert!(lines[0].contains(&format!("{} hp", combatants[0]["name"].as_str().unwrap())));
        for (i, line) in lines[1..].iter().enumerate() {
            let mut fields = line.split(',');
            assert_eq!(fields.next(), Some(i.to_string().as_str()));
            assert_eq!(
                fields.next(),
                Some(derive_seed(31, i as u64).to_string().as_str())
            );
        }
        // The same runs without a CSV give the same report.
        let config = BatchConfig {
            threads: 1,
            ..BatchConfig::new("archmage-bridge", 40, 31)
        };
        assert_eq!(
            run_batch(&engine, &config)
                .unwrap()
                .to_json_without_timing(),
            json
        );
    }

    #[test]
    fn a_csv_write_error_stops_the_batch() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::other("no space left"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let engine = engine();
        let config = BatchConfig {
            threads: 2,
            chunk: 2,
            ..BatchConfig::new("archmage-bridge", 400, 1)
        };
        let done = AtomicU64::new(0);
        let result = run_batch_with_csv(
            &engine,
            &config,
            &|n| {
                done.fetch_max(n, Ordering::Relaxed);
            },
            Some(&mut Full),
        );
        assert_eq!(result.err(), Some(BatchError::Csv("no space left".into())));
        // The first piece failed, so no worker started a chunk a window (2 threads x 2 runs x
        // 2) past it.
        assert!(done.load(Ordering::Relaxed) <= 8);
    }

    /// The seed of run 5 of a batch seeded 31: the trap below panics in that run's fight.
    fn trapped() -> u64 {
        derive_seed(31, 5)
    }

    /// A system that panics in the fight of [`trapped`]'s seed, once it reaches round 2.
    fn trap(encounters: Query<&Encounter>) {
        for e in &encounters {
            assert!(!(e.seed == trapped() && e.round() >= 2), "the trap springs");
        }
    }

    #[test]
    fn a_huge_chunk_or_thread_count_plays_like_a_small_one() {
        // A chunk of `usize::MAX` overflowed the CSV's window (`2 x threads x chunk`), and as
        // many threads as asked were started, however few the runs.
        let engine = engine();
        let small = play(&engine, "archmage-bridge", 5, 1, 1);
        let huge = play(&engine, "archmage-bridge", 5, usize::MAX, usize::MAX);
        assert_eq!(small, huge);
    }

    #[test]
    fn a_panicking_fight_stops_the_batch_and_names_its_run_and_seed() {
        let mut engine = engine();
        engine.install = |app| {
            app.add_plugins((
                FrayCorePlugin {
                    run: FrayRunMode::Manual,
                    ..Default::default()
                },
                fray_ai::FrayAiPlugin,
                fray_archmage::FrayArchmagePlugin,
            ));
            app.add_systems(FrayTick, trap.ambiguous_with_all());
        };
        for (threads, chunk) in [(1, 1), (2, 8)] {
            let config = BatchConfig {
                threads,
                chunk,
                ..BatchConfig::new("archmage-bridge", 40, 31)
            };
            let mut csv = Vec::new();
            let Err(BatchError::Panicked(p)) =
                run_batch_with_csv(&engine, &config, &|_| {}, Some(&mut csv))
            else {
                panic!("the batch should stop on the panic");
            };
            assert_eq!(
                p.runs,
                vec![(5, trapped())],
                "{threads} threads, chunk {chunk}"
            );
            assert!(p.message.contains("the trap springs"), "{}", p.message);
            let text = BatchError::Panicked(p).to_string();
            assert!(
                text.starts_with(&format!("run 5 (seed {})", trapped())),
                "{text}"
            );
        }
    }

    #[test]
    fn a_stopped_batch_reports_and_writes_the_runs_it_played() {
        let engine = engine();
        let config = BatchConfig {
            threads: 2,
            chunk: 4,
            ..BatchConfig::new("archmage-bridge", 100_000, 31)
        };
        let stop = AtomicBool::new(false);
        let mut csv = Vec::new();
        let report = run_batch_until(
            &engine,
            &config,
            &|done| {
                if done >= 20 {
                    stop.store(true, Ordering::Relaxed);
                }
            },
            Some(&mut csv),
            &stop,
        )
        .unwrap();
        assert!((20..1000).contains(&report.runs), "{}", report.runs);
        assert!(report.notes.iter().any(|n| n.contains("stopped early")));
        let rows = String::from_utf8(csv).unwrap().lines().count() as u64;
        assert_eq!(rows, report.runs + 1, "a header and one row per run played");
    }
}
