//! The die-rank ruleset's tests: every rule by id with forced dice, and the content.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod bench;
mod content;
mod rules;
