//! Fray's headless runner: plays an encounter many times, in parallel, and sums it up.
//!
//! Each worker thread owns one `App` (one World and one combat schedule, built once) and plays
//! chunks of runs in it, many encounters side by side. Run `i` always uses the seed
//! `derive_seed(master, i)`, and results are gathered by run index, so every aggregate is the
//! same whatever the thread count or chunk size; only the `timing` section depends on the
//! machine.
//!
//! ```no_run
//! use fray_sim::prelude::*;
//! # fn engine() -> Engine { unimplemented!() }
//! let engine = engine(); // the rulesets' plugins and the loaded content
//! let report = run_batch(&engine, &BatchConfig::new("archmage-bridge", 1000, 42)).unwrap();
//! println!("{}", report.summary_table());
//! ```

pub mod batch;
pub mod engine;
pub mod plot;
pub mod record;
pub mod report;
pub mod single;
pub mod stats;

/// The types most users need.
pub mod prelude {
    pub use crate::batch::{BatchConfig, BatchError, run_batch};
    pub use crate::engine::Engine;
    pub use crate::record::{CombatantRecord, RunRecord};
    pub use crate::report::BatchReport;
    pub use crate::single::{Fight, play_one};
}
