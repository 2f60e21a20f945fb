//! The archmage ruleset's tests: every rule by id, the content, whole fights.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod arch;
mod bench;
mod content;
mod previews;
mod rules_attacks;
mod rules_conditions;
mod rules_dying;
mod rules_engagement;
mod rules_turns;
