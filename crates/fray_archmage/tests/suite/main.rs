//! The archmage ruleset's tests: every rule by id, the content, whole fights.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod content;
mod harness;
mod rules;
