//! What a batch runs: the encounter, the runs and their seed, threads, chunk, controllers and
//! shard.

use fray_core::prelude::*;

use crate::shard::Shard;

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
    /// The part of the runs to play ([`Shard::WHOLE`] unless told otherwise): shard `I/N`
    /// plays only its runs of the `runs`, each with the seed it has in the whole batch.
    pub shard: Shard,
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
            shard: Shard::WHOLE,
        }
    }
}
