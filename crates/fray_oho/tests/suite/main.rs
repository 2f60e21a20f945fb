//! The OHO ruleset's tests: every rule by id (OHO-01..OHO-24) through the whole pipeline with
//! forced dice, when a combatant is out of the fight, and the content.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod content;
mod harness;
mod rules_attack;
mod rules_engagement;
mod rules_injuries;
mod rules_progression;
mod rules_time;
mod rules_vitals;
