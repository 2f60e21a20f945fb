//! The toy rulesets' tests: each proves a part of the core's turn structure with scripted
//! dice, and plays AI against AI to the end.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod declare;
mod next_turn;
mod pause;
mod sides;
mod simultaneous;
mod tune;
