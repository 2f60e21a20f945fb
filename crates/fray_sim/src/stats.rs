//! Small statistics: Wilson intervals. (Order statistics of rounds are
//! [`Histogram`](crate::histogram::Histogram)'s.)

/// The 95% Wilson score interval of `successes` in `n` trials.
///
/// ```
/// use fray_sim::stats::wilson95;
/// let (lo, hi) = wilson95(50, 100);
/// assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3);
/// assert_eq!(wilson95(0, 0), (0.0, 1.0));
/// ```
pub fn wilson95(successes: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_stays_in_bounds() {
        let (lo, hi) = wilson95(100, 100);
        assert!(lo > 0.95 && hi > 0.999_999);
        let (lo, _) = wilson95(0, 100);
        assert!(lo < 1e-12);
    }
}
