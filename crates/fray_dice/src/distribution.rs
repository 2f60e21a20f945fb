//! Exact probability distributions of dice expressions.
//!
//! Sums are exact convolutions; keep/drop terms enumerate the multisets of dice faces with
//! their multinomial probabilities; rerolls, clamps and success counts transform each die's
//! distribution exactly. Exploding dice are followed until the chance of going on drops below
//! 1e-18 (or [`MAX_REPEATS`](crate::expr::MAX_REPEATS) explosions, where rolling stops too).
//! Work is bounded: an expression whose distribution would need more than
//! [`MAX_SUPPORT`] distinct totals or more than [`MAX_WORK`] elementary steps is refused
//! with [`DistributionError::TooLarge`] rather than computed slowly.

use std::collections::BTreeMap;

use thiserror::Error;

use crate::expr::{BinOp, Cmp, Dice, Func, MAX_REPEATS, Node, Term};

/// At most this many distinct totals.
pub const MAX_SUPPORT: usize = 1_000_000;
/// At most this many elementary steps (pairs combined, multisets enumerated).
pub const MAX_WORK: u64 = 50_000_000;

/// Why a distribution was not computed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DistributionError {
    /// Too many outcomes to compute exactly.
    #[error("the exact distribution of `{expr}` needs more than {limit}; sample it instead")]
    TooLarge {
        /// The expression.
        expr: String,
        /// The limit passed, in words.
        limit: &'static str,
    },
}

/// The exact probability of every total of an expression.
///
/// ```
/// use fray_dice::Dice;
/// let d = Dice::parse("2d6").unwrap().distribution().unwrap();
/// assert!((d.probability(7) - 6.0 / 36.0).abs() < 1e-12);
/// assert!((d.mean() - 7.0).abs() < 1e-12);
/// assert!((d.at_least(11) - 3.0 / 36.0).abs() < 1e-12);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Distribution {
    min: i64,
    probs: Vec<f64>,
}

/// How two independent totals compare.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Comparison {
    /// P(a > b).
    pub greater: f64,
    /// P(a = b).
    pub equal: f64,
    /// P(a < b).
    pub less: f64,
}

struct Budget {
    work: u64,
    expr: String,
}

impl Budget {
    fn spend(&mut self, steps: u64) -> Result<(), DistributionError> {
        self.work = self.work.saturating_add(steps);
        if self.work > MAX_WORK {
            return Err(self.too_large("50 million steps"));
        }
        Ok(())
    }

    fn too_large(&self, limit: &'static str) -> DistributionError {
        DistributionError::TooLarge {
            expr: self.expr.clone(),
            limit,
        }
    }

    fn check(&self, d: Distribution) -> Result<Distribution, DistributionError> {
        if d.probs.len() > MAX_SUPPORT {
            return Err(self.too_large("a million distinct totals"));
        }
        Ok(d)
    }
}

impl Distribution {
    /// A certain value.
    pub fn point(value: i64) -> Self {
        Self {
            min: value,
            probs: vec![1.0],
        }
    }

    /// A fair die with faces `1..=sides`.
    pub fn uniform(sides: u32) -> Self {
        let sides = sides.max(1);
        Self {
            min: 1,
            probs: vec![1.0 / sides as f64; sides as usize],
        }
    }

    /// Builds a distribution from `(value, probability)` pairs (summed per value).
    pub fn from_pairs(pairs: impl IntoIterator<Item = (i64, f64)>) -> Self {
        let map: BTreeMap<i64, f64> = pairs.into_iter().fold(BTreeMap::new(), |mut m, (v, p)| {
            *m.entry(v).or_insert(0.0) += p;
            m
        });
        let (Some((&min, _)), Some((&max, _))) = (map.first_key_value(), map.last_key_value())
        else {
            return Self::point(0);
        };
        let mut probs = vec![0.0; (max - min) as usize + 1];
        for (v, p) in map {
            probs[(v - min) as usize] += p;
        }
        Self { min, probs }.trimmed()
    }

    fn trimmed(mut self) -> Self {
        let first = self.probs.iter().position(|p| *p > 0.0).unwrap_or(0);
        let last = self.probs.iter().rposition(|p| *p > 0.0).unwrap_or(0);
        if first > 0 || last + 1 < self.probs.len() {
            self.probs = self.probs[first..=last.max(first)].to_vec();
            self.min += first as i64;
        }
        self
    }

    /// The smallest possible total.
    pub fn min(&self) -> i64 {
        self.min
    }

    /// The largest possible total.
    pub fn max(&self) -> i64 {
        self.min + self.probs.len() as i64 - 1
    }

    /// P(total = `value`).
    pub fn probability(&self, value: i64) -> f64 {
        usize::try_from(value - self.min)
            .ok()
            .and_then(|i| self.probs.get(i))
            .copied()
            .unwrap_or(0.0)
    }

    /// P(total >= `value`).
    pub fn at_least(&self, value: i64) -> f64 {
        self.iter()
            .filter(|(v, _)| *v >= value)
            .map(|(_, p)| p)
            .sum()
    }

    /// P(total <= `value`).
    pub fn at_most(&self, value: i64) -> f64 {
        self.iter()
            .filter(|(v, _)| *v <= value)
            .map(|(_, p)| p)
            .sum()
    }

    /// The mean.
    pub fn mean(&self) -> f64 {
        self.iter().map(|(v, p)| v as f64 * p).sum()
    }

    /// The standard deviation.
    pub fn std_dev(&self) -> f64 {
        let mean = self.mean();
        self.iter()
            .map(|(v, p)| (v as f64 - mean).powi(2) * p)
            .sum::<f64>()
            .sqrt()
    }

    /// Every total with a non-zero probability, ascending.
    pub fn iter(&self) -> impl Iterator<Item = (i64, f64)> + '_ {
        self.probs
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0.0)
            .map(|(i, p)| (self.min + i as i64, *p))
    }

    /// How a total of `self` compares with an independent total of `other` (an attack pool
    /// against a defense pool: P(attack > defense), ties, P(attack < defense)).
    ///
    /// ```
    /// use fray_dice::Distribution;
    /// let c = Distribution::uniform(6).compare(&Distribution::uniform(6));
    /// assert!((c.equal - 1.0 / 6.0).abs() < 1e-12);
    /// assert!((c.greater - c.less).abs() < 1e-12);
    /// ```
    pub fn compare(&self, other: &Distribution) -> Comparison {
        let mut below = 0.0; // P(other < v), advanced as v grows
        let mut greater = 0.0;
        let mut equal = 0.0;
        let mut other_iter = other.iter().peekable();
        for (v, p) in self.iter() {
            while let Some(&(w, q)) = other_iter.peek() {
                if w < v {
                    below += q;
                    other_iter.next();
                } else {
                    break;
                }
            }
            greater += p * below;
            equal += p * other.probability(v);
        }
        Comparison {
            greater,
            equal,
            less: (1.0 - greater - equal).max(0.0),
        }
    }

    fn convolve(&self, other: &Self, budget: &mut Budget) -> Result<Self, DistributionError> {
        budget.spend((self.probs.len() * other.probs.len()) as u64)?;
        let mut probs = vec![0.0; self.probs.len() + other.probs.len() - 1];
        for (i, p) in self.probs.iter().enumerate() {
            if *p == 0.0 {
                continue;
            }
            for (j, q) in other.probs.iter().enumerate() {
                probs[i + j] += p * q;
            }
        }
        budget.check(Self {
            min: self.min + other.min,
            probs,
        })
    }

    fn combine(
        &self,
        other: &Self,
        budget: &mut Budget,
        f: impl Fn(i64, i64) -> i64,
    ) -> Result<Self, DistributionError> {
        budget.spend((self.probs.len() * other.probs.len()) as u64)?;
        let mut pairs = BTreeMap::new();
        for (a, p) in self.iter() {
            for (b, q) in other.iter() {
                *pairs.entry(f(a, b)).or_insert(0.0) += p * q;
            }
        }
        if pairs.len() > MAX_SUPPORT {
            return Err(budget.too_large("a million distinct totals"));
        }
        let (min, max) = match (pairs.first_key_value(), pairs.last_key_value()) {
            (Some((&lo, _)), Some((&hi, _))) => (lo, hi),
            _ => return Ok(Self::point(0)),
        };
        if (max - min) as u128 >= MAX_SUPPORT as u128 {
            return Err(budget.too_large("a million distinct totals"));
        }
        Ok(Self::from_pairs(pairs))
    }

    fn negate(&self) -> Self {
        let mut probs = self.probs.clone();
        probs.reverse();
        Self {
            min: -self.max(),
            probs,
        }
    }
}

impl Dice {
    /// The exact distribution of the total (see the module docs for the limits).
    pub fn distribution(&self) -> Result<Distribution, DistributionError> {
        let mut budget = Budget {
            work: 0,
            expr: self.to_string(),
        };
        node_distribution(&self.node, &mut budget)
    }
}

fn node_distribution(node: &Node, budget: &mut Budget) -> Result<Distribution, DistributionError> {
    match node {
        Node::Const(v) => Ok(Distribution::point(*v)),
        Node::Dice(term) => term_distribution(term, budget),
        Node::Neg(n) => Ok(node_distribution(n, budget)?.negate()),
        Node::Group(n) => node_distribution(n, budget),
        Node::Bin(op, a, b) => {
            let a = node_distribution(a, budget)?;
            let b = node_distribution(b, budget)?;
            match op {
                BinOp::Add => a.convolve(&b, budget),
                BinOp::Sub => a.convolve(&b.negate(), budget),
                BinOp::Mul => a.combine(&b, budget, i64::saturating_mul),
            }
        }
        Node::Call(func, a, b) => {
            let a = node_distribution(a, budget)?;
            let b = node_distribution(b, budget)?;
            match func {
                Func::Min => a.combine(&b, budget, i64::min),
                Func::Max => a.combine(&b, budget, i64::max),
            }
        }
    }
}

/// The distribution of one die of a term after rerolls, explosion and clamps.
fn die_distribution(term: &Term, budget: &mut Budget) -> Result<Distribution, DistributionError> {
    let sides = term.sides;
    let s = sides as f64;
    let test = |c: Option<Cmp>, v: i64| c.is_some_and(|c| c.test(v));
    // The face after rerolls.
    let mut face = vec![1.0 / s; sides as usize];
    if let Some(c) = term.reroll_until {
        let keep: f64 = (1..=sides as i64).filter(|v| !c.test(*v)).count() as f64 / s;
        for (i, p) in face.iter_mut().enumerate() {
            *p = if c.test(i as i64 + 1) { 0.0 } else { *p / keep };
        }
    }
    if let Some(c) = term.reroll_once {
        let redo: f64 = face
            .iter()
            .enumerate()
            .filter(|(i, _)| c.test(*i as i64 + 1))
            .map(|(_, p)| p)
            .sum();
        for (i, p) in face.iter_mut().enumerate() {
            let stays = if c.test(i as i64 + 1) { 0.0 } else { *p };
            *p = stays + redo / s;
        }
    }
    budget.spend(sides as u64)?;
    let base = Distribution {
        min: 1,
        probs: face,
    };
    let value = match term.explode {
        None => base,
        Some(c) => {
            // chain(n): the rest of an explosion chain after n explosions (raw dice).
            let p_explode = (1..=sides as i64).filter(|v| c.test(*v)).count() as f64 / s;
            let mut depth = MAX_REPEATS;
            if p_explode < 1.0 {
                let needed = (-18.0 / p_explode.log10()).ceil();
                if needed.is_finite() && needed >= 0.0 {
                    depth = depth.min(needed as u32);
                }
            }
            let mut chain = Distribution::uniform(sides);
            for _ in 1..depth.max(1) {
                let mut pairs: Vec<(i64, f64)> = Vec::new();
                for g in 1..=sides as i64 {
                    if test(Some(c), g) {
                        for (v, p) in chain.iter() {
                            pairs.push((g + v, p / s));
                        }
                    } else {
                        pairs.push((g, 1.0 / s));
                    }
                }
                budget.spend(pairs.len() as u64)?;
                chain = budget.check(Distribution::from_pairs(pairs))?;
            }
            let mut pairs: Vec<(i64, f64)> = Vec::new();
            for (f, p) in base.iter() {
                if test(Some(c), f) {
                    pairs.extend(chain.iter().map(|(v, q)| (f + v, p * q)));
                } else {
                    pairs.push((f, p));
                }
            }
            budget.spend(pairs.len() as u64)?;
            budget.check(Distribution::from_pairs(pairs))?
        }
    };
    if term.at_least.is_some() || term.at_most.is_some() {
        Ok(Distribution::from_pairs(
            value.iter().map(|(v, p)| (term.clamp(v), p)),
        ))
    } else {
        Ok(value)
    }
}

fn term_distribution(term: &Term, budget: &mut Budget) -> Result<Distribution, DistributionError> {
    let die = die_distribution(term, budget)?;
    let n = term.count as usize;
    if term.select.is_none() {
        if let Some(c) = term.count_successes {
            let p: f64 = die.iter().filter(|(v, _)| c.test(*v)).map(|(_, p)| p).sum();
            return Ok(binomial(n, p));
        }
        let mut total = Distribution::point(0);
        for _ in 0..n {
            total = total.convolve(&die, budget)?;
        }
        return Ok(total);
    }
    // Keep/drop: enumerate multisets of faces with multinomial probabilities.
    let faces: Vec<(i64, f64)> = die.iter().collect();
    let multisets = multiset_count(n as u64, faces.len() as u64);
    if multisets > MAX_SUPPORT as u64 {
        return Err(budget.too_large("a million combinations of kept dice"));
    }
    budget.spend(multisets.saturating_mul(faces.len() as u64))?;
    let ln_fact: Vec<f64> = (0..=n)
        .scan(0.0, |acc, k| {
            if k > 0 {
                *acc += (k as f64).ln();
            }
            Some(*acc)
        })
        .collect();
    let (lo, hi) = term.kept_range(n);
    let mut out: BTreeMap<i64, f64> = BTreeMap::new();
    let mut counts = vec![0usize; faces.len()];
    enumerate(&faces, 0, n, &mut counts, &mut |counts| {
        let mut ln_p = ln_fact[n];
        for (c, (_, p)) in counts.iter().zip(&faces) {
            ln_p += *c as f64 * p.ln() - ln_fact[*c];
        }
        let mut position = 0;
        let kept = counts
            .iter()
            .zip(&faces)
            .flat_map(|(c, (v, _))| std::iter::repeat_n(*v, *c));
        let score = term.score(kept.filter(|_| {
            let inside = (lo..hi).contains(&position);
            position += 1;
            inside
        }));
        *out.entry(score).or_insert(0.0) += ln_p.exp();
    });
    Ok(Distribution::from_pairs(out))
}

/// Calls `visit` with every way to put `left` dice among faces `i..`.
fn enumerate(
    faces: &[(i64, f64)],
    i: usize,
    left: usize,
    counts: &mut Vec<usize>,
    visit: &mut impl FnMut(&[usize]),
) {
    if i + 1 == faces.len() {
        counts[i] = left;
        visit(counts);
        counts[i] = 0;
        return;
    }
    for c in 0..=left {
        counts[i] = c;
        enumerate(faces, i + 1, left - c, counts, visit);
    }
    counts[i] = 0;
}

/// C(n + k - 1, k - 1), saturating.
fn multiset_count(n: u64, k: u64) -> u64 {
    if k == 0 {
        return 0;
    }
    let (top, r) = (n + k - 1, (k - 1).min(n));
    let mut c: u128 = 1;
    for i in 0..r {
        c = c * u128::from(top - i) / u128::from(i + 1);
        if c > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    c as u64
}

fn binomial(n: usize, p: f64) -> Distribution {
    let mut probs = vec![0.0; n + 1];
    probs[0] = 1.0;
    for _ in 0..n {
        for k in (0..=n).rev() {
            let stay = probs[k] * (1.0 - p);
            let up = if k > 0 { probs[k - 1] * p } else { 0.0 };
            probs[k] = stay + up;
        }
    }
    Distribution { min: 0, probs }.trimmed()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::ChaCha8Rng;

    fn dist(expr: &str) -> Distribution {
        Dice::parse(expr).unwrap().distribution().unwrap()
    }

    /// Chi-square of `n` seeded rolls against the exact distribution; returns (statistic,
    /// degrees of freedom).
    fn chi_square(expr: &str, n: usize, seed: u64) -> (f64, usize) {
        let dice = Dice::parse(expr).unwrap();
        let d = dice.distribution().unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut counts: BTreeMap<i64, usize> = BTreeMap::new();
        for _ in 0..n {
            *counts.entry(dice.roll_total(&mut rng)).or_insert(0) += 1;
        }
        let mut stat = 0.0;
        let mut cells = 0;
        for (v, p) in d.iter() {
            let expected = p * n as f64;
            let observed = *counts.get(&v).unwrap_or(&0) as f64;
            stat += (observed - expected).powi(2) / expected;
            cells += 1;
        }
        assert!(
            counts.keys().all(|v| d.probability(*v) > 0.0),
            "{expr}: impossible total rolled"
        );
        (stat, cells - 1)
    }

    #[test]
    fn seeded_rolls_match_exact_distributions_by_chi_square() {
        // 99.9% critical values of chi-square for the degrees of freedom involved.
        for (expr, critical) in [
            ("d6", 20.52),
            ("2d6", 29.59),
            ("4d6kh3", 39.25),
            ("2d20kh1", 43.82),
        ] {
            let (stat, df) = chi_square(expr, 100_000, 20261122);
            assert!(stat < critical, "{expr}: chi-square {stat:.2} with {df} df");
        }
    }

    #[test]
    fn known_small_distributions() {
        let d = dist("4d6kh3");
        assert!((d.mean() - 12.2446).abs() < 1e-4);
        assert!((d.probability(18) - 21.0 / 1296.0).abs() < 1e-12);
        let adv = dist("2d20kh1");
        assert!((adv.probability(20) - 39.0 / 400.0).abs() < 1e-12);
        assert!((adv.mean() - 13.825).abs() < 1e-9);
        let dis = dist("2d20kl1");
        assert!((dis.mean() - 7.175).abs() < 1e-9);
        let total: f64 = dist("3d6!").iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert!((dist("d6!").mean() - 4.2).abs() < 1e-9);
        let rr = dist("d6rr<3");
        assert!((rr.probability(1)).abs() < 1e-15 && (rr.probability(3) - 0.25).abs() < 1e-12);
        let cs = dist("6d6cs>=5");
        assert!((cs.mean() - 2.0).abs() < 1e-12);
        assert_eq!((dist("d20mi10").min(), dist("d20mi10").max()), (10, 20));
        assert!((dist("d20mi10").probability(10) - 0.5).abs() < 1e-12);
        assert!((dist("2d6-2d6").mean()).abs() < 1e-12);
        assert!((dist("min(d20, d20)").mean() - 7.175).abs() < 1e-9);
        assert!((dist("d4*2").probability(8) - 0.25).abs() < 1e-12);
    }

    #[test]
    fn reroll_once_is_exact() {
        // d4ro1: P(1) = 1/16, P(k) = 1/4 + 1/16 for k = 2..4.
        let d = dist("d4ro1");
        assert!((d.probability(1) - 1.0 / 16.0).abs() < 1e-12);
        assert!((d.probability(3) - 5.0 / 16.0).abs() < 1e-12);
    }

    #[test]
    fn huge_distributions_are_refused_clearly() {
        let err = Dice::parse("1000d1000000")
            .unwrap()
            .distribution()
            .unwrap_err();
        assert!(err.to_string().contains("sample it instead"), "{err}");
        assert!(Dice::parse("100d20kh3").unwrap().distribution().is_err());
        assert!(
            Dice::parse("d1000000*d1000000")
                .unwrap()
                .distribution()
                .is_err()
        );
    }

    #[test]
    fn opposed_pools_compare_exactly() {
        let a = dist("3d6");
        let c = a.compare(&a);
        assert!((c.greater + c.equal + c.less - 1.0).abs() < 1e-12);
        assert!((c.greater - c.less).abs() < 1e-12);
        let d20 = Distribution::uniform(20);
        let c = d20.compare(&Distribution::point(10));
        assert!((c.greater - 0.5).abs() < 1e-12 && (c.equal - 0.05).abs() < 1e-12);
    }
}
