//! Significance tests and effect sizes for comparing two batches: the two-proportion z-test
//! (independent runs), a paired test of proportions on discordant runs (McNemar's, for runs
//! played from the same seeds), and the Mann-Whitney U test of two round histograms.
//!
//! Every test is two-sided at the 5% level and computed exactly from integer counts.

use serde::{Deserialize, Serialize};

use crate::histogram::Histogram;

/// The two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A difference of two proportions, `b - a`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ProportionTest {
    /// `p_b - p_a`.
    pub difference: f64,
    /// Its 95% confidence interval.
    pub ci95: [f64; 2],
    /// The test statistic.
    pub z: f64,
    /// The two-sided p-value.
    pub p_value: f64,
    /// Cohen's h: `2 asin √p_b - 2 asin √p_a` (0.2 small, 0.5 medium, 0.8 large).
    pub cohens_h: f64,
    /// Whether the runs were paired (played from the same seeds).
    pub paired: bool,
}

impl ProportionTest {
    /// Whether the difference is significant at 5%.
    pub fn significant(&self) -> bool {
        self.p_value < 0.05
    }
}

/// The two-sided p-value of a standard normal statistic.
///
/// ```
/// use fray_sim::significance::p_two_sided;
/// assert!((p_two_sided(1.959_964) - 0.05).abs() < 1e-6);
/// assert_eq!(p_two_sided(0.0), 1.0);
/// ```
pub fn p_two_sided(z: f64) -> f64 {
    if z.is_nan() || z == 0.0 {
        return 1.0;
    }
    erfc(z.abs() / std::f64::consts::SQRT_2).min(1.0)
}

/// The complementary error function: Numerical Recipes' `erfcc` (Chebyshev fit), with a
/// fractional error below 1.2e-7 everywhere.
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

fn cohens_h(pa: f64, pb: f64) -> f64 {
    2.0 * pb.sqrt().asin() - 2.0 * pa.sqrt().asin()
}

/// The two-proportion z-test of `xa` successes in `na` runs against `xb` in `nb`, for
/// independent runs: pooled standard error for the test, unpooled for the 95% (Wald)
/// interval of the difference `p_b - p_a`.
///
/// ```
/// use fray_sim::significance::two_proportions;
/// let t = two_proportions(500, 1000, 560, 1000);
/// assert!((t.difference - 0.06).abs() < 1e-12);
/// assert!(t.significant() && t.ci95[0] > 0.0);
/// assert!(!two_proportions(50, 100, 52, 100).significant());
/// ```
pub fn two_proportions(xa: u64, na: u64, xb: u64, nb: u64) -> ProportionTest {
    let (fa, fb) = (na.max(1) as f64, nb.max(1) as f64);
    let (pa, pb) = (xa as f64 / fa, xb as f64 / fb);
    let difference = pb - pa;
    let pooled = (xa + xb) as f64 / (fa + fb);
    let se0 = (pooled * (1.0 - pooled) * (1.0 / fa + 1.0 / fb)).sqrt();
    let z = if se0 > 0.0 { difference / se0 } else { 0.0 };
    let se = (pa * (1.0 - pa) / fa + pb * (1.0 - pb) / fb).sqrt();
    ProportionTest {
        difference,
        ci95: [difference - Z95 * se, difference + Z95 * se],
        z,
        p_value: p_two_sided(z),
        cohens_h: cohens_h(pa, pb),
        paired: false,
    }
}

/// The paired test of two proportions over the same `n` runs (runs played from the same
/// seeds): `only_a` runs succeeded in A alone, `only_b` in B alone, `both` in both. The test
/// is McNemar's (`z = (b - a) / √(a + b)` on the discordant runs), the 95% interval of the
/// difference the Wald interval of paired proportions. With common random numbers the runs
/// agree more often than independent runs would, so this is tighter than
/// [`two_proportions`] on the same counts.
///
/// ```
/// use fray_sim::significance::paired_proportions;
/// let same = paired_proportions(0, 0, 600, 1000);
/// assert_eq!((same.difference, same.p_value), (0.0, 1.0));
/// assert!(paired_proportions(10, 40, 500, 1000).significant());
/// ```
pub fn paired_proportions(only_a: u64, only_b: u64, both: u64, n: u64) -> ProportionTest {
    let f = n.max(1) as f64;
    let (a, b) = (only_a as f64, only_b as f64);
    let difference = (b - a) / f;
    let discordant = a + b;
    let z = if discordant > 0.0 {
        (b - a) / discordant.sqrt()
    } else {
        0.0
    };
    let se = ((discordant - (b - a) * (b - a) / f).max(0.0)).sqrt() / f;
    let pa = (both as f64 + a) / f;
    let pb = (both as f64 + b) / f;
    ProportionTest {
        difference,
        ci95: [difference - Z95 * se, difference + Z95 * se],
        z,
        p_value: p_two_sided(z),
        cohens_h: cohens_h(pa, pb),
        paired: true,
    }
}

/// The Mann-Whitney U test of B's rounds against A's.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RankTest {
    /// U of B: the pairs (a run of A, a run of B) where B's is longer, ties counting half.
    pub u: f64,
    /// The normal statistic (tie-corrected variance).
    pub z: f64,
    /// The two-sided p-value.
    pub p_value: f64,
    /// The rank-biserial correlation `2U / (n_a n_b) - 1`: from -1 (every B run shorter)
    /// through 0 to 1 (every B run longer).
    pub rank_biserial: f64,
}

impl RankTest {
    /// Whether the difference is significant at 5%.
    pub fn significant(&self) -> bool {
        self.p_value < 0.05
    }
}

/// The Mann-Whitney U test of `b` against `a`, computed from the histograms: tied values get
/// their midrank, which a histogram gives exactly, and the variance its tie correction.
///
/// ```
/// use fray_sim::histogram::Histogram;
/// use fray_sim::significance::mann_whitney;
/// let (mut a, mut b) = (Histogram::default(), Histogram::default());
/// for v in [1, 2, 3] { a.add(v); }
/// for v in [4, 5, 6] { b.add(v); }
/// let t = mann_whitney(&a, &b);
/// assert_eq!((t.u, t.rank_biserial), (9.0, 1.0));
/// assert_eq!(mann_whitney(&a, &a).rank_biserial, 0.0);
/// ```
pub fn mann_whitney(a: &Histogram, b: &Histogram) -> RankTest {
    let (na, nb) = (a.total() as f64, b.total() as f64);
    let n = na + nb;
    let len = a.counts().len().max(b.counts().len());
    let mut below = 0.0;
    let mut rank_sum_b = 0.0;
    let mut ties = 0.0;
    for v in 0..len {
        let ca = a.counts().get(v).copied().unwrap_or(0) as f64;
        let cb = b.counts().get(v).copied().unwrap_or(0) as f64;
        let t = ca + cb;
        if t == 0.0 {
            continue;
        }
        let midrank = below + (t + 1.0) / 2.0;
        rank_sum_b += cb * midrank;
        ties += t * t * t - t;
        below += t;
    }
    let u = rank_sum_b - nb * (nb + 1.0) / 2.0;
    let pairs = na * nb;
    let variance = if n > 1.0 {
        pairs / 12.0 * ((n + 1.0) - ties / (n * (n - 1.0)))
    } else {
        0.0
    };
    let z = if variance > 0.0 {
        (u - pairs / 2.0) / variance.sqrt()
    } else {
        0.0
    };
    RankTest {
        u,
        z,
        p_value: p_two_sided(z),
        rank_biserial: if pairs > 0.0 {
            2.0 * u / pairs - 1.0
        } else {
            0.0
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p_values_match_the_normal_table() {
        for (z, p) in [
            (0.0, 1.0),
            (1.0, 0.317_310_5),
            (2.575_829, 0.01),
            (3.290_527, 0.001),
        ] {
            assert!((p_two_sided(z) - p).abs() < 1e-6, "{z}: {}", p_two_sided(z));
            assert!((p_two_sided(-z) - p).abs() < 1e-6);
        }
    }

    #[test]
    fn mann_whitney_matches_the_pairwise_count() {
        // U counted pair by pair, ties a half.
        let xs = [3u32, 3, 4, 7, 7, 7, 9, 2];
        let ys = [1u32, 3, 7, 7, 8, 8, 10];
        let (mut a, mut b) = (Histogram::default(), Histogram::default());
        xs.iter().for_each(|v| a.add(*v));
        ys.iter().for_each(|v| b.add(*v));
        let mut u = 0.0;
        for x in xs {
            for y in ys {
                u += if y > x {
                    1.0
                } else if y == x {
                    0.5
                } else {
                    0.0
                };
            }
        }
        let t = mann_whitney(&a, &b);
        assert_eq!(t.u, u);
        assert!((t.rank_biserial - (2.0 * u / 56.0 - 1.0)).abs() < 1e-12);
        // Swapping the samples mirrors the statistic.
        let back = mann_whitney(&b, &a);
        assert!((back.z + t.z).abs() < 1e-12 && (back.p_value - t.p_value).abs() < 1e-12);
        // All tied: no evidence either way.
        let mut same = Histogram::default();
        same.add(4);
        same.add(4);
        assert_eq!(mann_whitney(&same, &same).p_value, 1.0);
    }

    #[test]
    fn the_two_proportion_test_is_symmetric_and_centred() {
        let ab = two_proportions(30, 100, 45, 120);
        let ba = two_proportions(45, 120, 30, 100);
        assert!((ab.z + ba.z).abs() < 1e-12 && (ab.cohens_h + ba.cohens_h).abs() < 1e-12);
        assert!(ab.ci95[0] < ab.difference && ab.difference < ab.ci95[1]);
        assert_eq!(two_proportions(0, 10, 0, 10).p_value, 1.0);
    }
}
