//! The lite5e ruleset's tests: every rule by id with forced dice, the previews and the content.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod bench;
mod content;
mod rules;
