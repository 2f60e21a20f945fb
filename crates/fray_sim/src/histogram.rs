//! A histogram of small counts (rounds per run) with exact order statistics.

use serde::{Deserialize, Serialize};

/// How many times each value was seen: `counts()[v]` is the count of `v`. Its order statistics
/// are those of the sorted list of every value seen, computed without the list.
///
/// ```
/// use fray_sim::histogram::Histogram;
/// let mut h = Histogram::default();
/// for v in [3, 1, 4, 1, 5, 9, 2, 6] {
///     h.add(v);
/// }
/// assert_eq!((h.total(), h.sum(), h.max()), (8, 31, 9));
/// assert_eq!(h.median(), 3.5); // sorted: 1 1 2 3 4 5 6 9
/// assert_eq!(h.quantile(0.95), 9);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Histogram {
    counts: Vec<u64>,
}

impl Histogram {
    /// Counts one more `value`.
    pub fn add(&mut self, value: u32) {
        let i = value as usize;
        if self.counts.len() <= i {
            self.counts.resize(i + 1, 0);
        }
        self.counts[i] += 1;
    }

    /// Adds another histogram's counts to this one's.
    pub fn merge(&mut self, other: &Self) {
        if self.counts.len() < other.counts.len() {
            self.counts.resize(other.counts.len(), 0);
        }
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            *mine += theirs;
        }
    }

    /// The count of each value, from 0 to the largest seen.
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// How many values were seen.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The sum of every value seen.
    pub fn sum(&self) -> u64 {
        self.counts
            .iter()
            .enumerate()
            .map(|(v, n)| v as u64 * n)
            .sum()
    }

    /// The largest value seen (0 if none).
    pub fn max(&self) -> u32 {
        self.counts
            .iter()
            .rposition(|n| *n > 0)
            .map_or(0, |v| v as u32)
    }

    /// The `k`th smallest value seen, from 0 (`sorted[k]`), if there are more than `k`.
    pub fn nth(&self, k: u64) -> Option<u32> {
        let mut below = 0;
        for (v, n) in self.counts.iter().enumerate() {
            below += n;
            if k < below {
                return Some(v as u32);
            }
        }
        None
    }

    /// The `q` quantile (0..=1), nearest-rank: the value of rank `ceil(q * n)` (at least 1) in
    /// the sorted list; 0 if empty.
    pub fn quantile(&self, q: f64) -> u32 {
        let n = self.total();
        if n == 0 {
            return 0;
        }
        let rank = ((q * n as f64).ceil() as u64).clamp(1, n);
        self.nth(rank - 1).unwrap_or(0)
    }

    /// The median (the mean of the middle two for an even count); 0 if empty.
    pub fn median(&self) -> f64 {
        let n = self.total();
        let at = |k| f64::from(self.nth(k).unwrap_or(0));
        match n {
            0 => 0.0,
            n if n % 2 == 1 => at(n / 2),
            n => (at(n / 2 - 1) + at(n / 2)) / 2.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The order statistics as they were computed on the sorted list of every run.
    fn quantile_of_sorted(sorted: &[u32], q: f64) -> u32 {
        if sorted.is_empty() {
            return 0;
        }
        let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
        sorted[rank - 1]
    }

    fn median_of_sorted(sorted: &[u32]) -> f64 {
        match sorted.len() {
            0 => 0.0,
            n if n % 2 == 1 => f64::from(sorted[n / 2]),
            n => (f64::from(sorted[n / 2 - 1]) + f64::from(sorted[n / 2])) / 2.0,
        }
    }

    #[test]
    fn order_statistics_match_the_sorted_list() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for len in 0..200_usize {
            let mut values: Vec<u32> = (0..len)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    ((state >> 33) % 23) as u32
                })
                .collect();
            let mut h = Histogram::default();
            for v in &values {
                h.add(*v);
            }
            values.sort_unstable();
            assert_eq!(h.total(), len as u64);
            assert_eq!(h.median(), median_of_sorted(&values), "{values:?}");
            for q in [0.0, 0.05, 0.25, 0.5, 0.9, 0.95, 0.99, 1.0] {
                assert_eq!(
                    h.quantile(q),
                    quantile_of_sorted(&values, q),
                    "{q} {values:?}"
                );
            }
            assert_eq!(h.max(), values.last().copied().unwrap_or(0));
            assert_eq!(h.sum(), values.iter().map(|v| u64::from(*v)).sum::<u64>());
        }
    }

    #[test]
    fn merging_adds_counts_in_any_order() {
        let mut a = Histogram::default();
        let mut b = Histogram::default();
        for v in [1, 7, 7, 2] {
            a.add(v);
        }
        for v in [12, 0] {
            b.add(v);
        }
        let mut ab = a.clone();
        ab.merge(&b);
        let mut ba = b.clone();
        ba.merge(&a);
        assert_eq!(ab, ba);
        assert_eq!(ab.total(), 6);
        assert_eq!(ab.max(), 12);
        assert_eq!(ab.counts()[7], 2);
        let mut empty = Histogram::default();
        empty.merge(&Histogram::default());
        assert_eq!(empty, Histogram::default());
    }
}
