//! Small statistics: Wilson intervals and order statistics.

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

/// The `q` quantile (0..=1) of sorted values, nearest-rank.
pub fn quantile(sorted: &[u32], q: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// The median of sorted values (the mean of the middle two for an even count).
pub fn median(sorted: &[u32]) -> f64 {
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => f64::from(sorted[n / 2]),
        n => (f64::from(sorted[n / 2 - 1]) + f64::from(sorted[n / 2])) / 2.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_and_medians() {
        let v = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
        assert_eq!(quantile(&v, 0.95), 10);
        assert_eq!(quantile(&v, 0.5), 5);
        assert_eq!(median(&v), 5.5);
        assert_eq!(median(&[3]), 3.0);
    }

    #[test]
    fn wilson_interval_stays_in_bounds() {
        let (lo, hi) = wilson95(100, 100);
        assert!(lo > 0.95 && hi > 0.999_999);
        let (lo, _) = wilson95(0, 100);
        assert!(lo < 1e-12);
    }
}
