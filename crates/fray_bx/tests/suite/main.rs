//! The B/X ruleset's tests: the tables, and every rule by id with forced dice.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod bench;
mod content;
mod footing;
mod rules;
mod tables;
