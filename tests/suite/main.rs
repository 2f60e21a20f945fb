//! Cross-crate tests: the command line, batch determinism, content, the random-policy fuzz.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod adhoc;
mod checksums;
mod cli;
mod conformance;
mod determinism;
mod edit;
mod embed;
mod embed_params;
mod embed_step;
mod events;
mod events_doc;
mod floor;
mod fuzz;
mod html;
mod ids;
mod import;
mod imported_play;
mod lookahead;
mod modules;
mod properties;
mod reference;
mod reflect;
mod results_json;
mod round_limit;
mod rulesets;
mod saved_names;
mod shard;
mod snapshot;
mod tactics;
mod trial;
