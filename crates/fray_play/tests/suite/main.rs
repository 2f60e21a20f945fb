//! The client's tests, in one binary: rendering snapshots, a whole fight played by keys,
//! save and load, and refused requests.

mod common;
mod gauges;
mod lookahead;
mod newcomer;
mod refusal;
mod save_load;
mod scripted;
mod snapshots;
