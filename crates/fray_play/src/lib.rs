//! `fray play`: a person plays a fight in the terminal, as a game client would.
//!
//! The client knows no ruleset. It drives the engine through the public embedding API alone:
//! it spawns an encounter, asks [`decisions`](fray_core::client::decisions) what the player may
//! do (with each option's cost and exact preview), answers with an
//! [`ActionRequest`](fray_core::request::ActionRequest), shows the
//! [`ActionRejected`](fray_core::request::ActionRejected) reason when the core refuses one,
//! reads budgets and battle-wide counters through [`client::budget`](fray_core::client::budget)
//! and [`client::battle_gauges`](fray_core::client::battle_gauges), saves and loads with
//! [`save_encounter`](fray_core::save::save_encounter), and prints the log through
//! [`LogNames`](fray_core::log_text::LogNames).
//!
//! [`App`] is the testable core: it takes key events and renders to any ratatui `Backend`
//! (tests use `TestBackend`); [`terminal::run`] puts it on a real terminal.
//!
//! ```
//! use fray_play::keys::Command;
//! assert_eq!(Command::from_char('?'), Some(Command::Help));
//! ```

pub mod app;
pub mod fight;
pub mod keys;
pub mod menu;
pub mod pacing;
pub mod render;
pub mod setup;
pub mod terminal;

pub use app::App;
pub use setup::{PlayError, PlaySetup};
