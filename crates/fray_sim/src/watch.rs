//! The runs worth watching: which runs of a batch a designer opens to see a typical fight,
//! the worst and the best for each side, and the longest, kept while the batch plays in flat
//! memory and exactly.
//!
//! Each run gets, for each side, a small whole-number **score** ([`side_score`]): 101 points
//! for a win, plus the share of the side's hit points it ended with, in whole percent (a dead
//! combatant counts none), so 0 to 201, higher better for the side. The batch does not keep
//! the runs: it keeps, per side, a histogram by score in which each score holds its count of
//! runs and the **lowest run index** with that score ([`Bucket`]), and for the longest run
//! its rounds and lowest index. That is at most 202 buckets a side whatever the batch's size
//! (flat memory); counts add and lowest indices take the minimum, so workers' and shards'
//! sketches merge in any order into the same one (deterministic on any thread count, and
//! through `--shard`/`merge`).
//!
//! A pick at quantile *q* ([`Watch::picks`]) takes the score at rank ⌊*q*·(*n*−1)⌋ of the
//! *n* runs sorted by score, which the histogram gives exactly, and the first run (lowest
//! index) with that score: a run whose score is exactly that order statistic. The picks are
//! the median (*q* = ½), the middle of the worst 1% (*q* = 0.005) and of the best 1%
//! (*q* = 0.995) for each side, and the longest run. The run's seed follows from the batch's
//! master seed and the index, so a pick is re-played exactly.

use std::collections::BTreeMap;

use fray_core::prelude::Status;
use serde::{Deserialize, Serialize};

use crate::finished::{CombatantEnd, RunEnd};

/// The highest score: a win (101) with every hit point left (100).
pub const MAX_SCORE: u32 = 201;

/// The runs with one score: how many, and the first of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bucket {
    /// Runs with this score.
    pub runs: u64,
    /// The lowest index of a run with this score.
    pub first: u64,
}

impl Bucket {
    fn add(&mut self, other: Bucket) {
        self.runs += other.runs;
        self.first = self.first.min(other.first);
    }
}

/// The batch's sketch of its runs worth watching (see the [module](self)).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Watch {
    /// Per side index: runs by the side's score.
    pub sides: Vec<BTreeMap<u32, Bucket>>,
    /// The most rounds a run lasted and the first run that lasted them.
    pub longest: Option<Longest>,
}

/// The longest run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Longest {
    /// Its rounds.
    pub rounds: u32,
    /// The lowest index of a run that lasted them.
    pub index: u64,
}

/// What a pick is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PickKind {
    /// The middle of a side's worst 1% of runs.
    Worst,
    /// A side's median run.
    Median,
    /// The middle of a side's best 1% of runs.
    Best,
    /// The longest run.
    Longest,
}

/// One run worth watching.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pick {
    /// What it is.
    pub kind: PickKind,
    /// For whom (a side index; `None` for the longest run).
    pub side: Option<u8>,
    /// The run's index in the batch (its seed is derived from the master seed and it).
    pub index: u64,
    /// Its score for the side, or its rounds for the longest run.
    pub score: u32,
}

/// Side `side`'s score for one run (see the [module](self)).
pub fn side_score<'w>(
    side: u8,
    run: &RunEnd,
    combatants: impl Iterator<Item = CombatantEnd<'w>>,
) -> u32 {
    let (mut left, mut max) = (0i64, 0i64);
    for c in combatants.filter(|c| c.side == side) {
        max += i64::from(c.max_hp.max(0));
        if c.status != Status::Dead {
            left += i64::from(c.hp.clamp(0, c.max_hp.max(0)));
        }
    }
    let percent = if max > 0 { left * 100 / max } else { 0 };
    let won = if run.winner == Some(side) { 101 } else { 0 };
    won + u32::try_from(percent.clamp(0, 100)).unwrap_or(0)
}

impl Watch {
    /// Counts run `index`.
    pub fn add<'w>(
        &mut self,
        index: u64,
        run: &RunEnd,
        combatants: impl Iterator<Item = CombatantEnd<'w>> + Clone,
    ) {
        let sides = combatants
            .clone()
            .map(|c| usize::from(c.side) + 1)
            .max()
            .unwrap_or(0);
        if self.sides.len() < sides {
            self.sides.resize(sides, BTreeMap::new());
        }
        for (side, buckets) in self.sides.iter_mut().enumerate() {
            let Ok(side) = u8::try_from(side) else {
                continue;
            };
            let score = side_score(side, run, combatants.clone());
            let one = Bucket {
                runs: 1,
                first: index,
            };
            buckets
                .entry(score)
                .and_modify(|b| b.add(one))
                .or_insert(one);
        }
        self.note_longest(Longest {
            rounds: run.rounds,
            index,
        });
    }

    fn note_longest(&mut self, candidate: Longest) {
        let longer = self.longest.is_none_or(|l| {
            candidate.rounds > l.rounds
                || (candidate.rounds == l.rounds && candidate.index < l.index)
        });
        if longer {
            self.longest = Some(candidate);
        }
    }

    /// Adds another sketch's runs to this one's (in any order, the same sketch).
    pub fn merge(&mut self, other: &Self) {
        if self.sides.len() < other.sides.len() {
            self.sides.resize(other.sides.len(), BTreeMap::new());
        }
        for (mine, theirs) in self.sides.iter_mut().zip(&other.sides) {
            for (score, bucket) in theirs {
                mine.entry(*score)
                    .and_modify(|b| b.add(*bucket))
                    .or_insert(*bucket);
            }
        }
        if let Some(l) = other.longest {
            self.note_longest(l);
        }
    }

    /// The run at quantile `per_mille`/1000 of side `side`'s runs sorted by score: the first
    /// run with the score at rank ⌊q·(n−1)⌋ (see the [module](self)).
    pub fn at(&self, side: u8, per_mille: u64) -> Option<(u64, u32)> {
        let buckets = self.sides.get(usize::from(side))?;
        let n: u64 = buckets.values().map(|b| b.runs).sum();
        let rank = n.checked_sub(1)? * per_mille.min(1000) / 1000;
        let mut below = 0;
        for (score, bucket) in buckets {
            below += bucket.runs;
            if rank < below {
                return Some((bucket.first, *score));
            }
        }
        None
    }

    /// The runs worth watching: for each side its worst 1%, median and best 1%, then the
    /// longest run (a run may be picked more than once).
    pub fn picks(&self) -> Vec<Pick> {
        let mut picks = Vec::new();
        for side in 0..self.sides.len() {
            let Ok(side) = u8::try_from(side) else {
                continue;
            };
            for (kind, per_mille) in [
                (PickKind::Worst, 5),
                (PickKind::Median, 500),
                (PickKind::Best, 995),
            ] {
                if let Some((index, score)) = self.at(side, per_mille) {
                    picks.push(Pick {
                        kind,
                        side: Some(side),
                        index,
                        score,
                    });
                }
            }
        }
        if let Some(l) = self.longest {
            picks.push(Pick {
                kind: PickKind::Longest,
                side: None,
                index: l.index,
                score: l.rounds,
            });
        }
        picks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_core::prelude::Ending;

    /// A made-up run `i`: side 0 wins one run in three, HP left from `i`.
    fn run(i: u64) -> (RunEnd, Vec<CombatantEnd<'static>>) {
        let end = RunEnd {
            winner: [Some(0), Some(1), None][(i % 3) as usize],
            ending: Ending::Victory,
            rounds: (i * 7 % 13) as u32,
            turns: 1,
            actions: 1,
            rejections: 0,
        };
        let c = |side: u8, hp: i32, status| CombatantEnd {
            name: "x",
            statblock: "x",
            side,
            status,
            hp,
            max_hp: 40,
            damage_dealt: 0,
            damage_taken: 0,
            times_dropped: 0,
            morale_broken: false,
        };
        let hp = (i * 11 % 50) as i32 - 5;
        let combatants = vec![
            c(0, hp, Status::Active),
            c(0, 40 - hp, Status::Active),
            c(1, hp / 2, Status::Dead),
            c(1, 30, Status::Active),
        ];
        (end, combatants)
    }

    fn fold(indices: impl Iterator<Item = u64>) -> Watch {
        let mut w = Watch::default();
        for i in indices {
            let (end, c) = run(i);
            w.add(i, &end, c.into_iter());
        }
        w
    }

    #[test]
    fn a_score_is_a_win_and_the_share_of_hit_points_left() {
        let (end, c) = run(0);
        // Run 0: side 0 wins; hp -5 (counts 0) and 45 (counts 40 of 40): 50%.
        assert_eq!(side_score(0, &end, c.clone().into_iter()), 101 + 50);
        // Side 1 lost; its dead combatant counts nothing, the other 30 of 80.
        assert_eq!(side_score(1, &end, c.into_iter()), 37);
    }

    #[test]
    fn picks_are_exact_order_statistics_and_the_first_run_with_their_score() {
        let n = 1000;
        let w = fold(0..n);
        for side in 0..2u8 {
            let mut scored: Vec<(u32, u64)> = (0..n)
                .map(|i| {
                    let (end, c) = run(i);
                    (side_score(side, &end, c.into_iter()), i)
                })
                .collect();
            scored.sort();
            for per_mille in [5, 500, 995] {
                let rank = ((n - 1) * per_mille / 1000) as usize;
                let (score, _) = scored[rank];
                let first = scored.iter().find(|(s, _)| *s == score).map(|(_, i)| *i);
                assert_eq!(w.at(side, per_mille), first.map(|i| (i, score)));
            }
        }
        let longest = (0..n).map(|i| run(i).0.rounds).max().unwrap();
        let first = (0..n).find(|i| run(*i).0.rounds == longest).unwrap();
        assert_eq!(
            w.longest,
            Some(Longest {
                rounds: longest,
                index: first
            })
        );
        assert_eq!(w.picks().len(), 7);
    }

    #[test]
    fn sketches_merge_in_any_order_into_the_same_one() {
        let whole = fold(0..500);
        assert_eq!(fold((0..500).rev()), whole);
        let parts = [fold(0..123), fold(123..124), fold(124..500)];
        let mut forward = Watch::default();
        for p in &parts {
            forward.merge(p);
        }
        let mut backward = Watch::default();
        for p in parts.iter().rev() {
            backward.merge(p);
        }
        assert_eq!(forward, whole);
        assert_eq!(backward, whole);
        let mut odd = fold((0..500).filter(|i| i % 2 == 1));
        odd.merge(&fold((0..500).filter(|i| i % 2 == 0)));
        assert_eq!(odd, whole);
        // At most one bucket per score: flat whatever the runs.
        assert!(
            whole
                .sides
                .iter()
                .all(|s| s.len() <= MAX_SCORE as usize + 1)
        );
    }

    #[test]
    fn a_sketch_survives_a_round_trip_through_json() {
        let w = fold(0..100);
        let back: Watch = serde_json::from_str(&serde_json::to_string(&w).unwrap()).unwrap();
        assert_eq!(back, w);
    }
}
