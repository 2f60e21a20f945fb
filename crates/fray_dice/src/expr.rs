//! Parsed dice expressions: roll them, bound them, print them.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::DiceError;
use crate::roll::{Roll, RollNode, RolledDie};
use crate::source::DieSource;

/// At most this many dice in one term (`1000d6`).
pub const MAX_DICE: u32 = 1000;
/// At most this many sides on a die.
pub const MAX_SIDES: u32 = 1_000_000;
/// A die explodes at most this many times; the last face then stands.
pub const MAX_REPEATS: u32 = 100;

/// A comparison against a face: `=5`, `<3`, `>=5`...
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cmp {
    pub op: CmpOp,
    pub value: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CmpOp {
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Cmp {
    #[inline]
    pub fn test(self, v: i64) -> bool {
        match self.op {
            CmpOp::Eq => v == self.value,
            CmpOp::Lt => v < self.value,
            CmpOp::Le => v <= self.value,
            CmpOp::Gt => v > self.value,
            CmpOp::Ge => v >= self.value,
        }
    }
}

impl fmt::Display for Cmp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = match self.op {
            CmpOp::Eq => "",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        };
        write!(f, "{op}{}", self.value)
    }
}

/// Which dice of a term count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Select {
    KeepHigh(u32),
    KeepLow(u32),
    DropHigh(u32),
    DropLow(u32),
}

/// One `NdM` term with its modifiers. Per-die modifiers apply in a fixed order: rerolls,
/// explosion, clamps; then keep/drop; then success counting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Term {
    pub count: u32,
    pub sides: u32,
    pub percent: bool,
    pub reroll_until: Option<Cmp>,
    pub reroll_once: Option<Cmp>,
    pub explode: Option<Cmp>,
    pub at_least: Option<i64>,
    pub at_most: Option<i64>,
    pub select: Option<Select>,
    pub count_successes: Option<Cmp>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Func {
    Min,
    Max,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Node {
    Const(i64),
    Dice(Term),
    Neg(Box<Node>),
    Bin(BinOp, Box<Node>, Box<Node>),
    Call(Func, Box<Node>, Box<Node>),
    Group(Box<Node>),
}

/// A parsed dice expression: parse once, roll many times.
///
/// Syntax (after Avrae's `d20`): `NdM` or `dM` (any size 1..=1,000,000, `d%` is `d100`);
/// integers; `+ - *`, unary minus, parentheses, `min(a, b)`, `max(a, b)`; per term: keep or
/// drop highest/lowest (`kh3`, `k3`, `kl1`, `dh1`, `dl1`, `ph1`, `pl1`), reroll once (`ro1`,
/// `ro<3`) or until not matching (`rr1`), explode (`!` on the highest face, or `e>=5`), clamp
/// each die (`mi3` at least 3, `ma5` at most 5), count successes (`cs>=5`). Comparisons are
/// `N` (equal), `<N`, `<=N`, `>N`, `>=N`.
///
/// ```
/// use fray_dice::{Dice, ScriptedDice};
/// let dice = Dice::parse("4d6kh3").unwrap();
/// assert_eq!((dice.min(), dice.max()), (3, 18));
/// assert_eq!(dice.roll_total(&mut ScriptedDice::new([2, 5, 6, 1])), 13);
/// assert_eq!(dice.to_string(), "4d6kh3");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dice {
    pub(crate) node: Node,
    text: String,
}

impl Dice {
    /// Parses an expression.
    pub fn parse(text: &str) -> Result<Self, DiceError> {
        let node = crate::parse::parse(text)?;
        let canonical = node.to_string();
        Ok(Self {
            node,
            text: canonical,
        })
    }

    /// `count` dice of `sides` sides, summed (a pool, OHO-07).
    pub fn pool(count: u32, sides: u32) -> Self {
        Self::from_term(Term::plain(count.min(MAX_DICE), sides.clamp(1, MAX_SIDES)))
    }

    /// One die of `sides` sides.
    pub fn die(sides: u32) -> Self {
        Self::pool(1, sides)
    }

    /// One die rolled with advantage (`level > 0`: roll `1 + level`, keep the highest) or
    /// disadvantage (`level < 0`: keep the lowest), DR-05.
    pub fn die_with_advantage(sides: u32, level: i32) -> Self {
        let extra = level.unsigned_abs().min(MAX_DICE - 1);
        let mut term = Term::plain(1 + extra, sides.clamp(1, MAX_SIDES));
        if level > 0 {
            term.select = Some(Select::KeepHigh(1));
        } else if level < 0 {
            term.select = Some(Select::KeepLow(1));
        }
        Self::from_term(term)
    }

    /// This expression plus a constant.
    pub fn plus(&self, bonus: i64) -> Self {
        if bonus == 0 {
            return self.clone();
        }
        let (op, value) = if bonus < 0 {
            (BinOp::Sub, bonus.saturating_neg())
        } else {
            (BinOp::Add, bonus)
        };
        let node = Node::Bin(
            op,
            Box::new(self.node.clone()),
            Box::new(Node::Const(value)),
        );
        let text = node.to_string();
        Self { node, text }
    }

    fn from_term(term: Term) -> Self {
        let node = Node::Dice(term);
        let text = node.to_string();
        Self { node, text }
    }

    /// Rolls with a breakdown (for logs).
    pub fn roll(&self, src: &mut (impl DieSource + ?Sized)) -> Roll {
        let part = roll_node(&self.node, src);
        Roll::new(self.text.clone(), part)
    }

    /// Rolls the total only, without allocating (the fast path).
    #[inline]
    pub fn roll_total(&self, src: &mut (impl DieSource + ?Sized)) -> i64 {
        total_node(&self.node, src)
    }

    /// The smallest total possible.
    pub fn min(&self) -> i64 {
        bounds(&self.node).0
    }

    /// The largest total possible.
    pub fn max(&self) -> i64 {
        bounds(&self.node).1
    }

    /// The canonical notation.
    pub fn notation(&self) -> &str {
        &self.text
    }

    /// When the whole expression is a plain `NdM` term with no modifiers: `(count, sides)`.
    pub fn as_pool(&self) -> Option<(u32, u32)> {
        match &self.node {
            Node::Dice(t) if *t == Term::plain(t.count, t.sides) => Some((t.count, t.sides)),
            _ => None,
        }
    }
}

impl FromStr for Dice {
    type Err = DiceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl Serialize for Dice {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for Dice {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Dice::parse(&text).map_err(|e| serde::de::Error::custom(format!("bad dice `{text}`: {e}")))
    }
}

impl Term {
    pub(crate) fn plain(count: u32, sides: u32) -> Self {
        Self {
            count,
            sides,
            percent: false,
            reroll_until: None,
            reroll_once: None,
            explode: None,
            at_least: None,
            at_most: None,
            select: None,
            count_successes: None,
        }
    }

    /// Rolls one die with the per-die modifiers; calls `seen` with each discarded face and
    /// returns the explosion chain's faces through `chain` (first face included).
    #[inline]
    fn roll_one(
        &self,
        src: &mut (impl DieSource + ?Sized),
        mut discarded: impl FnMut(u32),
        mut chain: impl FnMut(u32),
    ) -> i64 {
        let mut face = src.roll_die(self.sides);
        if let Some(c) = self.reroll_until {
            // The parser guarantees some face does not match, so this ends.
            while c.test(face as i64) {
                discarded(face);
                face = src.roll_die(self.sides);
            }
        }
        if let Some(c) = self.reroll_once
            && c.test(face as i64)
        {
            discarded(face);
            face = src.roll_die(self.sides);
        }
        let mut value = face as i64;
        chain(face);
        if let Some(c) = self.explode {
            let mut last = face;
            let mut n = 0;
            while c.test(last as i64) && n < MAX_REPEATS {
                last = src.roll_die(self.sides);
                chain(last);
                value += last as i64;
                n += 1;
            }
        }
        self.clamp(value)
    }

    #[inline]
    pub(crate) fn clamp(&self, mut value: i64) -> i64 {
        if let Some(lo) = self.at_least {
            value = value.max(lo);
        }
        if let Some(hi) = self.at_most {
            value = value.min(hi);
        }
        value
    }

    /// Which of `n` dice sorted ascending count: the index range kept.
    pub(crate) fn kept_range(&self, n: usize) -> (usize, usize) {
        match self.select {
            None => (0, n),
            Some(Select::KeepHigh(k)) => (n.saturating_sub(k as usize), n),
            Some(Select::KeepLow(k)) => (0, (k as usize).min(n)),
            Some(Select::DropHigh(k)) => (0, n.saturating_sub(k as usize)),
            Some(Select::DropLow(k)) => ((k as usize).min(n), n),
        }
    }

    /// The contribution of the kept dice values.
    #[inline]
    pub(crate) fn score(&self, kept: impl Iterator<Item = i64>) -> i64 {
        match self.count_successes {
            Some(c) => kept.filter(|v| c.test(*v)).count() as i64,
            None => kept.fold(0i64, |a, v| a.saturating_add(v)),
        }
    }

    fn total(&self, src: &mut (impl DieSource + ?Sized)) -> i64 {
        if self.select.is_none() {
            let mut sum = 0i64;
            let mut successes = 0i64;
            for _ in 0..self.count {
                let v = self.roll_one(src, |_| {}, |_| {});
                match self.count_successes {
                    Some(c) => successes += i64::from(c.test(v)),
                    None => sum = sum.saturating_add(v),
                }
            }
            return if self.count_successes.is_some() {
                successes
            } else {
                sum
            };
        }
        const STACK: usize = 32;
        if self.count as usize <= STACK {
            let mut values = [0i64; STACK];
            let n = self.count as usize;
            for v in values.iter_mut().take(n) {
                *v = self.roll_one(src, |_| {}, |_| {});
            }
            let values = &mut values[..n];
            values.sort_unstable();
            let (lo, hi) = self.kept_range(n);
            self.score(values[lo..hi].iter().copied())
        } else {
            let mut values: Vec<i64> = (0..self.count)
                .map(|_| self.roll_one(src, |_| {}, |_| {}))
                .collect();
            values.sort_unstable();
            let (lo, hi) = self.kept_range(values.len());
            self.score(values[lo..hi].iter().copied())
        }
    }

    fn roll(&self, src: &mut (impl DieSource + ?Sized)) -> RollNode {
        let mut dice: Vec<RolledDie> = Vec::with_capacity(self.count as usize);
        for _ in 0..self.count {
            let mut discarded = Vec::new();
            let mut chain = Vec::new();
            let value = self.roll_one(src, |f| discarded.push(f), |f| chain.push(f));
            if chain.len() == 1 {
                chain.clear();
            }
            dice.push(RolledDie {
                value,
                kept: true,
                success: None,
                discarded,
                chain,
            });
        }
        let mut order: Vec<usize> = (0..dice.len()).collect();
        order.sort_by_key(|&i| (dice[i].value, i));
        let (lo, hi) = self.kept_range(dice.len());
        for (rank, &i) in order.iter().enumerate() {
            dice[i].kept = (lo..hi).contains(&rank);
        }
        if let Some(c) = self.count_successes {
            for d in dice.iter_mut().filter(|d| d.kept) {
                d.success = Some(c.test(d.value));
            }
        }
        let total = self.score(dice.iter().filter(|d| d.kept).map(|d| d.value));
        RollNode::Dice { dice, total }
    }

    /// Smallest and largest value of one die after per-die modifiers.
    pub(crate) fn die_bounds(&self) -> (i64, i64) {
        let allowed = |f: &i64| self.reroll_until.is_none_or(|c| !c.test(*f));
        let sides = self.sides as i64;
        let lo = (1..=sides).find(allowed).unwrap_or(1);
        let mut hi = (1..=sides).rev().find(allowed).unwrap_or(sides);
        if let Some(c) = self.explode
            && (1..=sides).any(|f| c.test(f))
        {
            hi = sides.saturating_mul(MAX_REPEATS as i64 + 1);
        }
        (self.clamp(lo).min(self.clamp(hi)), self.clamp(hi))
    }

    fn bounds(&self) -> (i64, i64) {
        let (lo, hi) = self.kept_range(self.count as usize);
        let kept = (hi - lo) as i64;
        if let Some(c) = self.count_successes {
            let (dlo, dhi) = self.die_bounds();
            let any_success = (dlo..=dhi.min(dlo + 10_000)).any(|v| c.test(v)) || c.test(dhi);
            let all_success = (dlo..=dhi.min(dlo + 10_000)).all(|v| c.test(v));
            return (
                if all_success { kept } else { 0 },
                if any_success { kept } else { 0 },
            );
        }
        let (dlo, dhi) = self.die_bounds();
        (dlo.saturating_mul(kept), dhi.saturating_mul(kept))
    }
}

fn apply(op: BinOp, a: i64, b: i64) -> i64 {
    match op {
        BinOp::Add => a.saturating_add(b),
        BinOp::Sub => a.saturating_sub(b),
        BinOp::Mul => a.saturating_mul(b),
    }
}

fn call(func: Func, a: i64, b: i64) -> i64 {
    match func {
        Func::Min => a.min(b),
        Func::Max => a.max(b),
    }
}

fn total_node(node: &Node, src: &mut (impl DieSource + ?Sized)) -> i64 {
    match node {
        Node::Const(v) => *v,
        Node::Dice(t) => t.total(src),
        Node::Neg(n) => total_node(n, src).saturating_neg(),
        Node::Bin(op, a, b) => {
            let a = total_node(a, src);
            apply(*op, a, total_node(b, src))
        }
        Node::Call(f, a, b) => {
            let a = total_node(a, src);
            call(*f, a, total_node(b, src))
        }
        Node::Group(n) => total_node(n, src),
    }
}

fn roll_node(node: &Node, src: &mut (impl DieSource + ?Sized)) -> RollNode {
    match node {
        Node::Const(v) => RollNode::Const(*v),
        Node::Dice(t) => t.roll(src),
        Node::Neg(n) => RollNode::Neg(Box::new(roll_node(n, src))),
        Node::Bin(op, a, b) => {
            let a = roll_node(a, src);
            let b = roll_node(b, src);
            RollNode::Bin {
                op: match op {
                    BinOp::Add => '+',
                    BinOp::Sub => '-',
                    BinOp::Mul => '*',
                },
                left: Box::new(a),
                right: Box::new(b),
            }
        }
        Node::Call(f, a, b) => {
            let a = roll_node(a, src);
            let b = roll_node(b, src);
            RollNode::Call {
                func: match f {
                    Func::Min => "min".to_string(),
                    Func::Max => "max".to_string(),
                },
                args: vec![a, b],
            }
        }
        Node::Group(n) => RollNode::Group(Box::new(roll_node(n, src))),
    }
}

/// Smallest and largest total of a node.
pub(crate) fn bounds(node: &Node) -> (i64, i64) {
    match node {
        Node::Const(v) => (*v, *v),
        Node::Dice(t) => t.bounds(),
        Node::Neg(n) => {
            let (lo, hi) = bounds(n);
            (hi.saturating_neg(), lo.saturating_neg())
        }
        Node::Bin(op, a, b) => {
            let (alo, ahi) = bounds(a);
            let (blo, bhi) = bounds(b);
            let c = [
                apply(*op, alo, blo),
                apply(*op, alo, bhi),
                apply(*op, ahi, blo),
                apply(*op, ahi, bhi),
            ];
            match op {
                BinOp::Sub => (alo.saturating_sub(bhi), ahi.saturating_sub(blo)),
                _ => (
                    c.iter().copied().min().unwrap_or(0),
                    c.iter().copied().max().unwrap_or(0),
                ),
            }
        }
        Node::Call(f, a, b) => {
            let (alo, ahi) = bounds(a);
            let (blo, bhi) = bounds(b);
            (call(*f, alo, blo), call(*f, ahi, bhi))
        }
        Node::Group(n) => bounds(n),
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count != 1 {
            write!(f, "{}", self.count)?;
        }
        if self.percent {
            f.write_str("d%")?;
        } else {
            write!(f, "d{}", self.sides)?;
        }
        if let Some(c) = self.reroll_until {
            write!(f, "rr{c}")?;
        }
        if let Some(c) = self.reroll_once {
            write!(f, "ro{c}")?;
        }
        if let Some(c) = self.explode {
            if c.op == CmpOp::Eq && c.value == self.sides as i64 {
                f.write_str("!")?;
            } else {
                write!(f, "e{c}")?;
            }
        }
        if let Some(v) = self.at_least {
            write!(f, "mi{v}")?;
        }
        if let Some(v) = self.at_most {
            write!(f, "ma{v}")?;
        }
        match self.select {
            Some(Select::KeepHigh(k)) => write!(f, "kh{k}")?,
            Some(Select::KeepLow(k)) => write!(f, "kl{k}")?,
            Some(Select::DropHigh(k)) => write!(f, "dh{k}")?,
            Some(Select::DropLow(k)) => write!(f, "dl{k}")?,
            None => {}
        }
        if let Some(c) = self.count_successes {
            let c = if c.op == CmpOp::Eq {
                format!("={}", c.value)
            } else {
                c.to_string()
            };
            write!(f, "cs{c}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Node::Const(v) => write!(f, "{v}"),
            Node::Dice(t) => write!(f, "{t}"),
            Node::Neg(n) => write!(f, "-{n}"),
            Node::Bin(op, a, b) => {
                let op = match op {
                    BinOp::Add => '+',
                    BinOp::Sub => '-',
                    BinOp::Mul => '*',
                };
                write!(f, "{a}{op}{b}")
            }
            Node::Call(func, a, b) => {
                let name = match func {
                    Func::Min => "min",
                    Func::Max => "max",
                };
                write!(f, "{name}({a}, {b})")
            }
            Node::Group(n) => write!(f, "({n})"),
        }
    }
}
