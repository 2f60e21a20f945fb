//! Toy rulesets: rule systems small enough to read in one sitting, each on the core's ruleset
//! kit, each proving one part of it with scripted dice and with AI against AI.
//!
//! | toy | proves |
//! |---|---|
//! | [`duel`] | the whole pipeline of an ordinary fight: individual initiative, engagement and opportunity attacks, ongoing damage with saves, delays, morale, outcomes, saves and loads |
//! | [`sides`] | B/X side initiative: [`ActingUnit::Sides`](fray_core::turn::ActingUnit::Sides) units re-rolled each round, ties rolled again, a side's turn in two steps (missiles, then blows) that every member takes in turn |
//! | [`simultaneous`] | a simultaneous step: every side acts at once, the struck-down still act (and may still be struck), and statuses change together when the step ends |
//!
//! Every toy loads [`ToyBlock`] statblocks, keeps [`ToyStats`] and its own state on each
//! combatant ([`ToyFighter`]), and plugs in as a [`Toy`] with its [`ToyPlugin`]; its
//! `bench()` builds fights with forced dice ([`Bench`](crate::harness::Bench)), and
//! [`arena::play`] plays many AI-against-AI fights of it.

pub mod arena;
mod block;
pub mod duel;
mod fighter;
pub mod initiative;
pub mod sides;
pub mod simultaneous;
pub mod strike;
mod toy;
pub mod words;

pub use block::ToyBlock;
pub use fighter::{ToyFighter, ToyStats};
pub use toy::{Toy, ToyPlugin, ToySpawner, bench, install, loader};
