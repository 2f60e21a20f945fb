//! Cross-crate tests: the command line, batch determinism, content, the random-policy fuzz.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod checksums;
mod cli;
mod conformance;
mod determinism;
mod edit;
mod embed;
mod embed_params;
mod embed_step;
mod events;
mod floor;
mod fuzz;
mod import;
mod imported_play;
mod modules;
mod reference;
mod reflect;
mod rulesets;
mod shard;
mod snapshot;
