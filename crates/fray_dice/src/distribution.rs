//! Exact probability distributions of dice expressions.
//!
//! Sums are exact convolutions; keep/drop terms use order statistics (a walk over the faces
//! that shares the dice out binomially, so `100d20kh3` or ten levels of advantage on a d60 are
//! cheap); rerolls, clamps and success counts transform each die's distribution exactly.
//! Exploding dice are followed until the chance of exploding again drops below 1e-18 (at most
//! [`MAX_REPEATS`](crate::expr::MAX_REPEATS) explosions, where rolling stops too), so their
//! probabilities may be short by less than 1e-18.
//!
//! Work is bounded: an expression whose distribution would need more than
//! [`MAX_SUPPORT`](crate::distribution::MAX_SUPPORT) distinct totals or more than
//! [`MAX_WORK`](crate::distribution::MAX_WORK) elementary steps is refused with
//! [`DistributionError::TooLarge`] (after at most a fraction of a second) rather than computed
//! slowly. `1000d6` and `d1000000` are fine; `2d1000000` (two million totals) or `1000d6dl1`
//! (too many ways to rank the kept dice) are refused. So is an expression any part of which
//! may total beyond ±[`MAX_TOTAL`](crate::distribution::MAX_TOTAL) (`2d6mi4611686018427387904`,
//! `d2*9223372036854775807`): rolling saturates there, and its odds are not worth computing.

use std::collections::BTreeMap;

use thiserror::Error;

use crate::expr::{BinOp, Cmp, Dice, Func, MAX_REPEATS, Node, Term};

/// At most this many distinct totals.
pub const MAX_SUPPORT: usize = 1_000_000;
/// At most this many elementary steps (pairs of probabilities combined).
pub const MAX_WORK: u64 = 50_000_000;
/// Every part of an expression whose distribution is computed totals within
/// `-MAX_TOTAL..=MAX_TOTAL` (2^62), so that sums and differences of two parts never overflow.
pub const MAX_TOTAL: i64 = 1 << 62;

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
    max_work: u64,
    expr: String,
}

impl Budget {
    fn spend(&mut self, steps: u64) -> Result<(), DistributionError> {
        self.work = self.work.saturating_add(steps);
        if self.work > self.max_work {
            return Err(self.too_large(if self.max_work == MAX_WORK {
                "50 million steps"
            } else {
                "the steps it was allowed"
            }));
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

    /// A fair die with faces `1..=sides` (0 sides count as 1).
    ///
    /// # Panics
    ///
    /// With more than [`MAX_SUPPORT`] sides.
    pub fn uniform(sides: u32) -> Self {
        let sides = sides.max(1);
        assert!(
            sides as usize <= MAX_SUPPORT,
            "a d{sides} has more than {MAX_SUPPORT} faces"
        );
        Self {
            min: 1,
            probs: vec![1.0 / sides as f64; sides as usize],
        }
    }

    /// Builds a distribution from `(value, probability)` pairs (summed per value; values
    /// with probability 0 at either end are dropped). No pairs make the certain 0.
    ///
    /// ```
    /// use fray_dice::Distribution;
    /// let coin = Distribution::from_pairs([(0, 0.5), (1, 0.25), (1, 0.25)]);
    /// assert_eq!(coin.probability(1), 0.5);
    /// assert_eq!((coin.min(), coin.max()), (0, 1));
    /// ```
    ///
    /// # Panics
    ///
    /// When the values span more than [`MAX_SUPPORT`] totals: distributions are stored
    /// densely, from the smallest total to the largest.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (i64, f64)>) -> Self {
        let map: BTreeMap<i64, f64> = pairs.into_iter().fold(BTreeMap::new(), |mut m, (v, p)| {
            *m.entry(v).or_insert(0.0) += p;
            m
        });
        let (Some((&min, _)), Some((&max, _))) = (map.first_key_value(), map.last_key_value())
        else {
            return Self::point(0);
        };
        let span = i128::from(max) - i128::from(min) + 1;
        assert!(
            span <= MAX_SUPPORT as i128,
            "a distribution from {min} to {max} spans more than {MAX_SUPPORT} totals"
        );
        let mut probs = vec![0.0; span as usize];
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
        let span = i64::try_from(self.probs.len().saturating_sub(1)).unwrap_or(i64::MAX);
        self.min.saturating_add(span)
    }

    /// P(total = `value`).
    pub fn probability(&self, value: i64) -> f64 {
        usize::try_from(i128::from(value) - i128::from(self.min))
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
        budget.check(
            Self {
                min: self.min + other.min,
                probs,
            }
            .trimmed(),
        )
    }

    /// The product of two independent totals.
    fn product(&self, other: &Self, budget: &mut Budget) -> Result<Self, DistributionError> {
        // A product is monotone in each factor, so its extremes are products of extremes.
        let corners = [
            self.min.saturating_mul(other.min),
            self.min.saturating_mul(other.max()),
            self.max().saturating_mul(other.min),
            self.max().saturating_mul(other.max()),
        ];
        let (lo, hi) = corners
            .iter()
            .fold((i64::MAX, i64::MIN), |(l, h), c| (l.min(*c), h.max(*c)));
        if i128::from(hi) - i128::from(lo) >= MAX_SUPPORT as i128 {
            return Err(budget.too_large("a million distinct totals"));
        }
        budget.spend((self.probs.len() as u64).saturating_mul(other.probs.len() as u64))?;
        let mut probs = vec![0.0; (hi - lo + 1) as usize];
        for (a, p) in self.iter() {
            for (b, q) in other.iter() {
                probs[(a.saturating_mul(b) - lo) as usize] += p * q;
            }
        }
        Ok(Self { min: lo, probs }.trimmed())
    }

    /// The larger of two independent totals: it is `v` when `a = v` and `b <= v`, or when
    /// `a < v` and `b = v`.
    fn highest(&self, other: &Self, budget: &mut Budget) -> Result<Self, DistributionError> {
        let (lo, hi) = (self.min.min(other.min), self.max().max(other.max()));
        let len = usize::try_from(i128::from(hi) - i128::from(lo) + 1).unwrap_or(usize::MAX);
        if len > MAX_SUPPORT {
            return Err(budget.too_large("a million distinct totals"));
        }
        budget.spend(len as u64)?;
        let (mut a_below, mut b_at_most) = (0.0, 0.0);
        let mut probs = Vec::with_capacity(len);
        for v in lo..=hi {
            let (a, b) = (self.probability(v), other.probability(v));
            b_at_most += b;
            probs.push(a * b_at_most + a_below * b);
            a_below += a;
        }
        Ok(Self { min: lo, probs }.trimmed())
    }

    fn negate(&self) -> Self {
        let mut probs = self.probs.clone();
        probs.reverse();
        Self {
            min: self.max().saturating_neg(),
            probs,
        }
    }
}

impl Dice {
    /// The exact distribution of the total (see the module docs for the limits).
    pub fn distribution(&self) -> Result<Distribution, DistributionError> {
        self.distribution_within(MAX_WORK)
    }

    /// [`distribution`](Self::distribution), worked out once per expression and kept: for
    /// the damage dice a preview weighs at every decision.
    ///
    /// ```
    /// use fray_dice::Dice;
    /// let dice = Dice::parse("2d6").unwrap();
    /// assert_eq!(dice.table().map(|d| d.mean()), Ok(7.0));
    /// assert_eq!(dice.table().cloned(), dice.distribution());
    /// ```
    pub fn table(&self) -> Result<&Distribution, DistributionError> {
        self.table
            .get_or_init(|| Box::new(self.distribution()))
            .as_ref()
            .as_ref()
            .map_err(Clone::clone)
    }

    /// [`distribution`](Self::distribution) with at most `max_work` elementary steps (at most
    /// [`MAX_WORK`]): for a caller that must answer quickly, a tooltip drawn every frame say.
    /// Refused with [`DistributionError::TooLarge`] past it.
    ///
    /// ```
    /// use fray_dice::Dice;
    /// let dice = Dice::parse("20d6").unwrap();
    /// assert!(dice.distribution_within(100).is_err());
    /// assert_eq!(dice.distribution_within(10_000), dice.distribution());
    /// ```
    pub fn distribution_within(&self, max_work: u64) -> Result<Distribution, DistributionError> {
        let mut budget = Budget {
            work: 0,
            max_work: max_work.min(MAX_WORK),
            expr: self.to_string(),
        };
        node_distribution(&self.node, &mut budget)
    }
}

fn node_distribution(node: &Node, budget: &mut Budget) -> Result<Distribution, DistributionError> {
    let (lo, hi) = crate::expr::bounds(node);
    if lo < -MAX_TOTAL || hi > MAX_TOTAL {
        return Err(budget.too_large("totals within ±2^62"));
    }
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
                BinOp::Mul => a.product(&b, budget),
            }
        }
        Node::Call(func, a, b) => {
            let a = node_distribution(a, budget)?;
            let b = node_distribution(b, budget)?;
            match func {
                Func::Min => Ok(a.negate().highest(&b.negate(), budget)?.negate()),
                Func::Max => a.highest(&b, budget),
            }
        }
    }
}

/// The distribution of one die of a term after rerolls, explosion and clamps.
fn die_distribution(term: &Term, budget: &mut Budget) -> Result<Distribution, DistributionError> {
    let sides = term.sides;
    let s = sides as f64;
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
    }
    .trimmed();
    let value = match term.explode {
        None => base,
        Some(c) => exploded(&base, c, sides, budget)?,
    };
    if term.at_least.is_none() && term.at_most.is_none() {
        return Ok(value);
    }
    // Clamping never reorders values, so the clamped support runs from the clamped ends.
    let lo = term.clamp(value.min());
    let mut probs = vec![0.0; (term.clamp(value.max()) - lo + 1) as usize];
    for (v, p) in value.iter() {
        probs[(term.clamp(v) - lo) as usize] += p;
    }
    Ok(Distribution { min: lo, probs }.trimmed())
}

/// The value of a die whose first face follows `base` and that explodes on the faces `c`
/// matches: each such face adds another die, itself exploding, at most
/// [`MAX_REPEATS`](crate::expr::MAX_REPEATS) times in all.
fn exploded(
    base: &Distribution,
    c: Cmp,
    sides: u32,
    budget: &mut Budget,
) -> Result<Distribution, DistributionError> {
    let s = f64::from(sides);
    // The parser refuses explosions on every face, so some faces end a chain.
    let (a, b) = c.matching_faces(sides);
    let exploding = (b - a + 1).max(0);
    let p_explode = exploding as f64 / s;
    // Follow chains until another explosion is less likely than 1e-18.
    let mut depth = MAX_REPEATS;
    let needed = (-18.0 / p_explode.log10()).ceil();
    if needed.is_finite() && needed >= 0.0 {
        depth = depth.min(needed as u32);
    }
    // `chain` is the value of the extra dice after the first face exploded, with `k` more
    // explosions allowed: a face that does not explode, or one that does plus another chain.
    let mut chain = Distribution::uniform(sides);
    for _ in 1..depth.max(1) {
        let top = b.saturating_add(chain.max());
        if top > MAX_SUPPORT as i64 {
            return Err(budget.too_large("a million distinct totals"));
        }
        budget.spend(
            (exploding as u64).saturating_mul(chain.probs.len() as u64) + u64::from(sides),
        )?;
        let mut next = Distribution::uniform(sides);
        for face in a..=b {
            next.probs[(face - 1) as usize] = 0.0;
        }
        let mut next = Some(next);
        for face in a..=b {
            add_shifted(&mut next, &chain, face, 1.0 / s, 1);
        }
        chain = next.map_or_else(|| Distribution::uniform(sides), Distribution::trimmed);
    }
    if b.saturating_add(chain.max()) > MAX_SUPPORT as i64 {
        return Err(budget.too_large("a million distinct totals"));
    }
    budget.spend((exploding as u64).saturating_mul(chain.probs.len() as u64) + u64::from(sides))?;
    let mut value = Some(Distribution {
        min: base.min,
        probs: base
            .iter()
            .map(|(f, p)| if c.test(f) { 0.0 } else { p })
            .collect(),
    });
    for (face, p) in base.iter().filter(|(f, _)| c.test(*f)) {
        add_shifted(&mut value, &chain, face, p, 1);
    }
    Ok(value.map_or_else(|| base.clone(), Distribution::trimmed))
}

fn term_distribution(term: &Term, budget: &mut Budget) -> Result<Distribution, DistributionError> {
    let die = die_distribution(term, budget)?;
    let n = term.count as usize;
    if term.select.is_none() {
        if let Some(c) = term.count_successes {
            // As a share of the whole rather than a bare sum, so that a die that always (or
            // never) succeeds has a chance of exactly 1 (or 0): six sixths summed are a hair
            // below 1, which gave `6d6cs>0` totals below its minimum of 6.
            let (hit, miss) = die.iter().fold((0.0, 0.0), |(hit, miss), (v, p)| {
                if c.test(v) {
                    (hit + p, miss)
                } else {
                    (hit, miss + p)
                }
            });
            let p = if hit > 0.0 { hit / (hit + miss) } else { 0.0 };
            return Ok(binomial(n, p));
        }
        let mut total = Distribution::point(0);
        for _ in 0..n {
            total = total.convolve(&die, budget)?;
        }
        return Ok(total);
    }
    let (lo, hi) = term.kept_range(n);
    // What one kept die adds to the total: its value, or 1 if it counts as a success.
    let worth = |v: i64| match term.count_successes {
        Some(c) => i64::from(c.test(v)),
        None => v,
    };
    // Faces in the order dice are ranked, so that the kept dice come first: ascending for
    // `kl`/`dh` (kept ranks `lo..hi`), descending for `kh`/`dl` (kept ranks `n-hi..n-lo`).
    let mut faces: Vec<(i64, f64)> = die.iter().collect();
    let kept = if hi <= n - lo {
        lo..hi
    } else {
        faces.reverse();
        n - hi..n - lo
    };
    kept_total(&faces, n, kept, worth, budget)
}

/// The distribution of the total worth of the dice ranked `kept` when `n` independent dice
/// show `faces` (value, probability), ranked in the order of `faces`.
///
/// Faces are visited in rank order. The state is how many dice rank before the current face
/// (`placed`) and the total so far; each face takes a binomial share of the dice still
/// unplaced, conditioned on their faces coming at or after it. Once the kept ranks are all
/// filled, the rest of the dice do not matter, so the state is final: work grows with the
/// number of faces, the last kept rank and the totals, not with the number of dice.
fn kept_total(
    faces: &[(i64, f64)],
    n: usize,
    kept: std::ops::Range<usize>,
    worth: impl Fn(i64) -> i64,
    budget: &mut Budget,
) -> Result<Distribution, DistributionError> {
    if kept.is_empty() {
        return Ok(Distribution::point(0));
    }
    let worths = faces.iter().map(|(v, _)| worth(*v));
    let (low, high) = worths.fold((i64::MAX, i64::MIN), |(l, h), w| (l.min(w), h.max(w)));
    let width = (high - low).saturating_mul(kept.len() as i64);
    if width >= MAX_SUPPORT as i64 {
        return Err(budget.too_large("a million distinct totals"));
    }
    // No total, partial or final, is below this.
    let floor = low.min(0).saturating_mul(kept.len() as i64);
    let ln_fact: Vec<f64> = (0..=n)
        .scan(0.0, |acc, k| {
            if k > 0 {
                *acc += (k as f64).ln();
            }
            Some(*acc)
        })
        .collect();
    // Probability mass of the faces from each one on, for the conditional shares.
    let mut rest: Vec<f64> = faces
        .iter()
        .rev()
        .scan(0.0, |acc, (_, p)| {
            *acc += p;
            Some(*acc)
        })
        .collect();
    rest.reverse();
    let fill = kept.end;
    let mut states: Vec<Option<Distribution>> = vec![None; fill];
    states[0] = Some(Distribution::point(0));
    let mut done: Option<Distribution> = None;
    let mut shares = Vec::with_capacity(fill);
    for (i, &(value, p)) in faces.iter().enumerate() {
        let q = if i + 1 == faces.len() {
            1.0
        } else {
            (p / rest[i]).min(1.0)
        };
        let w = worth(value);
        budget.spend(fill as u64)?;
        let mut next: Vec<Option<Distribution>> = vec![None; fill];
        for (placed, state) in states.iter_mut().enumerate() {
            let Some(total) = state.take() else {
                continue;
            };
            // P(c of the unplaced dice show this face), for each c short of filling the kept
            // ranks (there are always enough dice left to fill them); the rest fills them.
            let to_fill = fill - placed;
            shares.clear();
            shares.extend((0..to_fill).map(|c| binomial_pmf(n - placed, c, q, &ln_fact)));
            let short: f64 = shares.iter().sum();
            let filling = if short <= 0.5 {
                1.0 - short
            } else {
                // A small remainder: sum it directly, since `1 - short` would lose it.
                binomial_tail(n - placed, to_fill, q, &ln_fact, budget)?
            };
            let kept_here = |c: usize| {
                let (a, b) = (placed.max(kept.start), (placed + c).min(kept.end));
                b.saturating_sub(a) as i64
            };
            for (c, share) in shares.iter().enumerate() {
                if *share > 0.0 {
                    budget.spend(total.probs.len() as u64)?;
                    let shift = w * kept_here(c);
                    add_shifted(&mut next[placed + c], &total, shift, *share, floor);
                }
            }
            if filling > 0.0 {
                budget.spend(total.probs.len() as u64)?;
                add_shifted(&mut done, &total, w * kept_here(to_fill), filling, floor);
            }
        }
        states = next;
    }
    Ok(done.map_or_else(|| Distribution::point(0), Distribution::trimmed))
}

/// P(X = c) for X ~ Binomial(n, q), in log space so large `n` neither overflows nor underflows.
fn binomial_pmf(n: usize, c: usize, q: f64, ln_fact: &[f64]) -> f64 {
    if q >= 1.0 {
        return f64::from(u8::from(c == n));
    }
    if q <= 0.0 {
        return f64::from(u8::from(c == 0));
    }
    let ln_choose = ln_fact[n] - ln_fact[c] - ln_fact[n - c];
    (ln_choose + c as f64 * q.ln() + (n - c) as f64 * (-q).ln_1p()).exp()
}

/// P(X >= c) for X ~ Binomial(n, q), summed from `c` up until the terms, past the mode, stop
/// mattering.
fn binomial_tail(
    n: usize,
    c: usize,
    q: f64,
    ln_fact: &[f64],
    budget: &mut Budget,
) -> Result<f64, DistributionError> {
    let mut sum = 0.0;
    let mut previous = f64::INFINITY;
    for k in c..=n {
        budget.spend(1)?;
        let term = binomial_pmf(n, k, q, ln_fact);
        sum += term;
        if term < previous && term <= sum * 1e-18 {
            break;
        }
        previous = term;
    }
    Ok(sum)
}

/// Adds `weight` times `from` shifted by `shift` into `into`, widening it as needed. Widening
/// toward lower totals leaves headroom (down to `floor` at most), so that filling a
/// distribution from its top down costs amortized constant time per total.
fn add_shifted(
    into: &mut Option<Distribution>,
    from: &Distribution,
    shift: i64,
    weight: f64,
    floor: i64,
) {
    let lo = from.min + shift;
    let hi = lo + from.probs.len() as i64 - 1;
    let dst = into.get_or_insert_with(|| Distribution {
        min: lo,
        probs: Vec::new(),
    });
    if dst.probs.is_empty() {
        dst.min = lo;
    }
    if lo < dst.min {
        let headroom = (dst.min - dst.probs.len() as i64).max(floor);
        let new_min = lo.min(headroom);
        let grow = (dst.min - new_min) as usize;
        dst.probs.splice(0..0, std::iter::repeat_n(0.0, grow));
        dst.min = new_min;
    }
    let len = (hi - dst.min + 1) as usize;
    if dst.probs.len() < len {
        dst.probs.resize(len, 0.0);
    }
    let offset = (lo - dst.min) as usize;
    for (d, p) in dst.probs[offset..].iter_mut().zip(&from.probs) {
        *d += p * weight;
    }
}

/// The number of successes among `n` dice that each succeed with probability `p`.
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

    #[test]
    fn totals_near_the_64_bit_limits_are_refused_instead_of_overflowing() {
        // Found by the `dice` fuzz target: `18d2*1999999999999999947` overflowed computing
        // the distribution's largest total; sums and clamps of huge parts overflowed too.
        for expr in [
            "18d2*1999999999999999947",
            "1d2*9223372036854775807+1d2*9223372036854775807",
            "-(1d2*9223372036854775807)-1d2*9223372036854775807",
            "2d6mi9223372036854775807",
            "4d6mi9223372036854775807kh2",
            "max(1d2*9223372036854775807, -9223372036854775807-1d2)",
            "min(2d6mi9223372036854775800, 3)",
            "-(0-9223372036854775807-1)",
            "(0-9223372036854775807-1)*1d2",
        ] {
            let dice = Dice::parse(expr).unwrap();
            assert!(
                matches!(dice.distribution(), Err(DistributionError::TooLarge { .. })),
                "{expr}"
            );
        }
        let d = dist("2*2305843009213693952 - d1");
        assert_eq!((d.min(), d.max()), (MAX_TOTAL - 1, MAX_TOTAL - 1));
        assert_eq!(Distribution::point(i64::MAX).probability(i64::MIN), 0.0);
        assert_eq!(Distribution::point(i64::MAX).max(), i64::MAX);
    }

    #[test]
    fn counting_successes_that_always_or_never_happen_stays_within_the_bounds() {
        // Found by the `dice` fuzz target: `6d6cs>0` (every face succeeds) had totals 0..=6,
        // its chance of success summed to a hair below 1.
        for (expr, total) in [
            ("6d6cs>0", 6),
            ("6d6cs>=1", 6),
            ("6d6cs>6", 0),
            ("3d8cs<9", 3),
        ] {
            let dice = Dice::parse(expr).unwrap();
            let d = dice.distribution().unwrap();
            assert_eq!((d.min(), d.max()), (total, total), "{expr}");
            assert_eq!((dice.min(), dice.max()), (total, total), "{expr}");
            assert_eq!(d.probability(total), 1.0, "{expr}");
        }
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
        let err = Dice::parse("1000d6dl1")
            .unwrap()
            .distribution()
            .unwrap_err();
        assert!(err.to_string().contains("50 million steps"), "{err}");
        assert!(
            Dice::parse("d1000000*d1000000")
                .unwrap()
                .distribution()
                .is_err()
        );
    }

    #[test]
    fn a_smaller_step_budget_refuses_sooner_and_says_so() {
        let dice = Dice::parse("30d6").unwrap();
        let refused = dice.distribution_within(10).unwrap_err();
        assert!(
            refused.to_string().contains("the steps it was allowed"),
            "{refused}"
        );
        assert_eq!(dice.distribution_within(u64::MAX), dice.distribution());
        assert!(dice.distribution_within(100_000).is_ok());
    }

    /// The distribution of a keep/drop term by brute force: every sequence of die values,
    /// sorted, kept and scored as a roll is.
    fn brute_force(expr: &str) -> Distribution {
        let dice = Dice::parse(expr).unwrap();
        let Node::Dice(term) = &dice.node else {
            panic!("{expr} is not a single term");
        };
        let mut budget = Budget {
            work: 0,
            max_work: MAX_WORK,
            expr: expr.to_string(),
        };
        let die: Vec<(i64, f64)> = die_distribution(term, &mut budget)
            .unwrap()
            .iter()
            .collect();
        let n = term.count as usize;
        let mut pairs = Vec::new();
        for mut index in 0..die.len().pow(n as u32) {
            let mut values = Vec::with_capacity(n);
            let mut p = 1.0;
            for _ in 0..n {
                let (v, q) = die[index % die.len()];
                values.push(v);
                p *= q;
                index /= die.len();
            }
            values.sort_unstable();
            let (lo, hi) = term.kept_range(n);
            pairs.push((term.score(values[lo..hi].iter().copied()), p));
        }
        Distribution::from_pairs(pairs)
    }

    #[test]
    fn keep_and_drop_match_brute_force() {
        for expr in [
            "4d6kh3",
            "4d6dl1",
            "3d6kl2",
            "4d6dh1",
            "5d4kh2",
            "5d4kl3",
            "3d8kh1",
            "4d3kh0",
            "3d4kh3",
            "5d6kh3cs>=5",
            "4d6dl1cs=1",
            "3d4rr1kh2",
            "3d6ro<3kl1",
            "2d4!kh1",
            "3d6mi3ma5kh2",
            "4d2kh2",
        ] {
            let (exact, brute) = (dist(expr), brute_force(expr));
            assert_eq!(
                (exact.min(), exact.max()),
                (brute.min(), brute.max()),
                "{expr}"
            );
            for (v, p) in brute.iter() {
                assert!((exact.probability(v) - p).abs() < 1e-12, "{expr} at {v}");
            }
        }
    }

    #[test]
    fn many_dice_and_many_advantage_levels_are_cheap() {
        let d = dist("100d20kh3");
        assert_eq!((d.min(), d.max()), (3, 60));
        // P(the three highest of 100d20 are all 20) = P(at least three 20s).
        let none_or_few: f64 = (0..3)
            .map(|k: i32| {
                let choose = (0..k).fold(1.0, |c, i| c * f64::from(100 - i) / f64::from(i + 1));
                choose * 0.05f64.powi(k) * 0.95f64.powi(100 - k)
            })
            .sum();
        assert!((d.probability(60) - (1.0 - none_or_few)).abs() < 1e-12);
        // Ten levels of advantage on a d60: P(best of 11 is at most v) = (v/60)^11.
        let best = dist("11d60kh1");
        for v in [1, 30, 59] {
            assert!((best.at_most(v) - (v as f64 / 60.0).powi(11)).abs() < 1e-12);
        }
        let total: f64 = dist("1000d6kh3").iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-9);
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
