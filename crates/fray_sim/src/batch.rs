//! Playing N runs of an encounter across worker threads.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use fray_content::suggest::help_for;
use fray_core::prelude::*;
use fray_core::rng::derive_seed;
use fray_core::spawn::SpawnError;
use thiserror::Error;

use crate::engine::Engine;
use crate::record::RunRecord;
use crate::report::{BatchReport, Timing};

/// What to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchConfig {
    /// The encounter's content id.
    pub encounter: String,
    /// How many runs.
    pub runs: u64,
    /// The master seed (run `i` uses `derive_seed(seed, i)`).
    pub seed: u64,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Runs played side by side in one World ([`DEFAULT_CHUNK`] unless told otherwise).
    pub chunk: usize,
    /// Controllers to use instead of the file's, by side name.
    pub controllers: Vec<(String, Controller)>,
}

/// Runs played side by side in one World by default. Fewer per World keep each worker's
/// encounters in its caches (256 ran 5-10% slower than 64 on the built-in 4v4s, and more so
/// with bigger encounters); far fewer spread each tick's fixed cost over too few fights.
pub const DEFAULT_CHUNK: usize = 64;

impl BatchConfig {
    /// `runs` runs of `encounter` from `seed`, on every core, [`DEFAULT_CHUNK`] at a time per
    /// World.
    pub fn new(encounter: impl Into<String>, runs: u64, seed: u64) -> Self {
        Self {
            encounter: encounter.into(),
            runs,
            seed,
            threads: 0,
            chunk: DEFAULT_CHUNK,
            controllers: Vec::new(),
        }
    }
}

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
}

/// Plays the batch. `progress` is called with the number of runs finished so far (from worker
/// threads, in no particular order of calls).
pub fn run_batch_with_progress(
    engine: &Engine,
    config: &BatchConfig,
    progress: &(dyn Fn(u64) + Sync),
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
    // External sides cannot answer in a batch: they play the tactical AI unless told otherwise.
    let mut controllers = config.controllers.clone();
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
    // Refuse bad settings before any thread starts.
    let mut probe = engine.app();
    let settings = EncounterSettings {
        seed: config.seed,
        log: false,
        controllers: controllers.clone(),
    };
    probe
        .world_mut()
        .spawn_encounter(&config.encounter, &settings)
        .map_err(|e| BatchError::Spawn(config.encounter.clone(), e))?;
    drop(probe);

    let threads = if config.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        config.threads
    };
    let chunk = config.chunk.max(1) as u64;
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let started = Instant::now();
    let mut records: Vec<RunRecord> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut app = engine.app();
                    let mut out = Vec::new();
                    loop {
                        let start = next.fetch_add(chunk, Ordering::Relaxed);
                        if start >= config.runs {
                            break;
                        }
                        let end = (start + chunk).min(config.runs);
                        let world = app.world_mut();
                        let spawned: Vec<(u64, u64, Option<bevy_ecs::entity::Entity>)> = (start
                            ..end)
                            .map(|i| {
                                let seed = derive_seed(config.seed, i);
                                let settings = EncounterSettings {
                                    seed,
                                    log: false,
                                    controllers: controllers.clone(),
                                };
                                (
                                    i,
                                    seed,
                                    world.spawn_encounter(&config.encounter, &settings).ok(),
                                )
                            })
                            .collect();
                        run_until_blocked(world, fray_core::drive::MAX_TICKS_PER_RUN);
                        for (i, seed, entity) in spawned {
                            if let Some(entity) = entity {
                                if let Some(record) = RunRecord::read(world, entity, i, seed) {
                                    out.push(record);
                                }
                                world.despawn(entity);
                            }
                        }
                        update_messages(world);
                        update_messages(world);
                        let finished =
                            done.fetch_add(end - start, Ordering::Relaxed) + (end - start);
                        progress(finished);
                    }
                    out
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_default())
            .collect()
    });
    let wall = started.elapsed();
    records.sort_by_key(|r| r.index);
    let timing = Timing::measure(&records, wall, threads, config.chunk);
    Ok(BatchReport::from_records(
        spec, config, records, timing, notes,
    ))
}

/// Plays the batch without progress reports.
pub fn run_batch(engine: &Engine, config: &BatchConfig) -> Result<BatchReport, BatchError> {
    run_batch_with_progress(engine, config, &|_| {})
}
