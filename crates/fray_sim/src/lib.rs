//! Fray's headless runner: plays an encounter many times, in parallel, and sums it up.
//!
//! Each worker thread owns one `App` (one World and one combat schedule, built once) and plays
//! chunks of runs in it, many encounters side by side. Run `i` always uses the seed
//! `derive_seed(master, i)`. As each run finishes it is read out of the World, folded into its
//! worker's running totals ([`aggregate::Aggregate`]: integer counters and a histogram) and
//! despawned, so memory stays flat however many runs a batch has. The totals are merged at the
//! end, and every figure of the report is computed from them exactly, so the report is the
//! same whatever the thread count or chunk size; only the `timing` section depends on the
//! machine. The per-run CSV is streamed in run order while the batch plays
//! ([`batch::run_batch_with_csv`]).
//!
//! A batch can be split into shards played apart (other processes, other machines): shard
//! `I/N` ([`shard::Shard`]) plays its contiguous share of the runs with the seeds they have in
//! the whole batch and writes a [`part::Part`]; [`part::merge`] sums the parts into the report
//! of the whole batch, exactly.
//!
//! ```
//! use std::sync::Arc;
//! use fray_core::prelude::*;
//! use fray_sim::prelude::*;
//!
//! // The rulesets' plugins and the loaded content.
//! let content = fray_content::loader::ContentLoader::new()
//!     .with_schema(fray_archmage::schema())
//!     .with_policies(fray_ai::POLICY_NAMES)
//!     .load_paths(&[concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/archmage")])
//!     .expect("the built-in content loads");
//! let engine = Engine::new(
//!     |app| {
//!         app.add_plugins((
//!             FrayCorePlugin { run: FrayRunMode::Manual, ..Default::default() },
//!             fray_ai::FrayAiPlugin,
//!             fray_archmage::FrayArchmagePlugin,
//!         ));
//!     },
//!     Arc::new(content),
//! );
//! let report = run_batch(&engine, &BatchConfig::new("archmage-bridge", 200, 42)).unwrap();
//! assert_eq!(report.runs, 200);
//! println!("{}", report.summary_table());
//! ```

pub mod aggregate;
pub mod batch;
pub mod compare;
pub mod config;
mod csv_rows;
pub mod endings;
pub mod engine;
pub mod finished;
pub mod histogram;
pub mod identity;
pub mod in_order;
pub mod part;
pub mod plot;
pub mod record;
pub mod report;
pub mod shard;
pub mod significance;
pub mod single;
pub mod stats;
pub mod survival;
pub mod table_cell;
#[cfg(test)]
mod testing;
pub mod tournament;
pub mod tune;
pub mod tuned_file;
pub mod watch;

/// The types most users need.
pub mod prelude {
    pub use crate::aggregate::Aggregate;
    pub use crate::batch::{BatchConfig, BatchError, run_batch};
    pub use crate::engine::Engine;
    pub use crate::record::{CombatantRecord, RunRecord};
    pub use crate::report::BatchReport;
    pub use crate::single::{Fight, play_one};
}
