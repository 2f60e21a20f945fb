//! A shard of a batch: which of a batch's runs one machine (or one job of an array) plays.
//!
//! Shard `I/N` (0-based `I`, as Slurm's `SLURM_ARRAY_TASK_ID` and Kubernetes'
//! `JOB_COMPLETION_INDEX` count) plays the contiguous runs `⌊R·I/N⌋ .. ⌊R·(I+1)/N⌋` of a
//! batch of `R` runs: the shards cover every run once, differ in size by at most one run, and
//! keep the CSV in run order when their rows are put one after the other. Run `i` uses the
//! seed `derive_seed(seed, i)` whichever shard plays it, so the shards together play exactly
//! the runs of the whole batch.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Shard `index` of `count` (0-based: `0/3`, `1/3`, `2/3`).
///
/// ```
/// use fray_sim::shard::Shard;
/// let shard: Shard = "1/3".parse().unwrap();
/// assert_eq!(shard.runs(10), 3..6);
/// assert_eq!(Shard::WHOLE.runs(10), 0..10);
/// assert!("3/3".parse::<Shard>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Shard {
    /// Which shard, from 0.
    pub index: u64,
    /// How many shards the batch is split into (at least 1).
    pub count: u64,
}

impl Shard {
    /// The whole batch: shard 0 of 1.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count`, if `index < count`.
    pub fn new(index: u64, count: u64) -> Option<Self> {
        (index < count).then_some(Self { index, count })
    }

    /// The runs this shard plays of a batch of `runs` runs: a contiguous range, empty when
    /// there are more shards than runs.
    pub fn runs(&self, runs: u64) -> Range<u64> {
        let at = |k: u64| {
            let k = u128::from(k.min(self.count));
            // `runs * k / count <= runs`, so it fits back in a u64.
            u64::try_from(u128::from(runs) * k / u128::from(self.count.max(1))).unwrap_or(runs)
        };
        at(self.index)..at(self.index.saturating_add(1))
    }
}

impl Default for Shard {
    fn default() -> Self {
        Self::WHOLE
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Why a text is not a shard.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// Not `I/N` with two whole numbers.
    #[error("`{0}` is not a shard: write I/N, e.g. 0/3 (the first of three)")]
    Syntax(String),
    /// `N` is 0.
    #[error("a batch splits into at least one shard (`{0}` has N = 0)")]
    NoShards(String),
    /// `I` is not below `N`.
    #[error(
        "shard `{0}` does not exist: shards count from 0, so I/N needs I < N (0/{1} .. {2}/{1})"
    )]
    OutOfRange(String, u64, u64),
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let syntax = || ShardError::Syntax(text.to_string());
        let (i, n) = text.trim().split_once('/').ok_or_else(syntax)?;
        let index: u64 = i.trim().parse().map_err(|_| syntax())?;
        let count: u64 = n.trim().parse().map_err(|_| syntax())?;
        if count == 0 {
            return Err(ShardError::NoShards(text.to_string()));
        }
        Shard::new(index, count).ok_or(ShardError::OutOfRange(text.to_string(), count, count - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_every_run_once_in_order() {
        for runs in [0, 1, 2, 5, 10, 99, 1000] {
            for count in [1, 2, 3, 7, 11] {
                let mut next = 0;
                for index in 0..count {
                    let r = Shard { index, count }.runs(runs);
                    assert_eq!(r.start, next, "{runs} runs, {index}/{count}");
                    assert!(r.end - r.start <= runs / count + 1);
                    next = r.end;
                }
                assert_eq!(next, runs);
            }
        }
        let huge = Shard { index: 2, count: 3 }.runs(u64::MAX);
        assert_eq!(huge.end, u64::MAX);
    }

    #[test]
    fn bad_shards_are_refused_with_a_reason() {
        assert_eq!("2/3".parse(), Ok(Shard { index: 2, count: 3 }));
        assert_eq!(" 0 / 1 ".parse(), Ok(Shard::WHOLE));
        for (text, says) in [
            ("3/3", "shards count from 0"),
            ("5/3", "I < N"),
            ("0/0", "at least one shard"),
            ("1", "write I/N"),
            ("a/b", "write I/N"),
            ("-1/3", "write I/N"),
            ("", "write I/N"),
        ] {
            let e = text.parse::<Shard>().unwrap_err().to_string();
            assert!(e.contains(says), "{text}: {e}");
        }
    }
}
