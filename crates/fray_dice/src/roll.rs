//! A rolled expression: its total and the breakdown of every die, for logs.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One die as rolled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RolledDie {
    /// Its value after rerolls, explosions and clamps.
    pub value: i64,
    /// Whether it counts (not dropped by keep/drop).
    pub kept: bool,
    /// For success counting: whether it is a success.
    pub success: Option<bool>,
    /// Faces rerolled away before the final one.
    pub discarded: Vec<u32>,
    /// For an exploding die: every face of its chain (empty when it did not explode).
    pub chain: Vec<u32>,
}

/// The breakdown of a rolled expression.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum RollNode {
    /// A constant.
    Const(i64),
    /// A dice term.
    Dice {
        /// Every die, in rolling order.
        dice: Vec<RolledDie>,
        /// The term's total.
        total: i64,
    },
    /// Negation.
    Neg(Box<RollNode>),
    /// `+`, `-` or `*`.
    Bin {
        /// The operator.
        op: char,
        /// Left operand.
        left: Box<RollNode>,
        /// Right operand.
        right: Box<RollNode>,
    },
    /// `min(..)` or `max(..)`.
    Call {
        /// The function.
        func: String,
        /// Its arguments.
        args: Vec<RollNode>,
    },
    /// Parentheses.
    Group(Box<RollNode>),
    /// A named modifier added by a rule (`+2 escalation`).
    Modifier {
        /// The amount.
        value: i64,
        /// Why.
        label: String,
    },
}

impl RollNode {
    /// The node's value.
    pub fn total(&self) -> i64 {
        match self {
            RollNode::Const(v) | RollNode::Modifier { value: v, .. } => *v,
            RollNode::Dice { total, .. } => *total,
            RollNode::Neg(n) => n.total().saturating_neg(),
            RollNode::Bin { op, left, right } => {
                let (a, b) = (left.total(), right.total());
                match op {
                    '+' => a.saturating_add(b),
                    '-' => a.saturating_sub(b),
                    _ => a.saturating_mul(b),
                }
            }
            RollNode::Call { func, args } => {
                let values = args.iter().map(RollNode::total);
                if func == "min" {
                    values.min().unwrap_or(0)
                } else {
                    values.max().unwrap_or(0)
                }
            }
            RollNode::Group(n) => n.total(),
        }
    }

    /// Pushes the value of every kept die under this node, in rolling order.
    fn kept_dice(&self, out: &mut Vec<i64>) {
        match self {
            RollNode::Dice { dice, .. } => {
                out.extend(dice.iter().filter(|d| d.kept).map(|d| d.value));
            }
            RollNode::Neg(n) | RollNode::Group(n) => n.kept_dice(out),
            RollNode::Bin { left, right, .. } => {
                left.kept_dice(out);
                right.kept_dice(out);
            }
            RollNode::Call { args, .. } => args.iter().for_each(|a| a.kept_dice(out)),
            RollNode::Const(_) | RollNode::Modifier { .. } => {}
        }
    }

    fn first_die(&self) -> Option<&RolledDie> {
        match self {
            RollNode::Dice { dice, .. } => dice.iter().find(|d| d.kept),
            RollNode::Neg(n) | RollNode::Group(n) => n.first_die(),
            RollNode::Bin { left, right, .. } => left.first_die().or_else(|| right.first_die()),
            RollNode::Call { args, .. } => args.iter().find_map(RollNode::first_die),
            RollNode::Const(_) | RollNode::Modifier { .. } => None,
        }
    }
}

/// A rolled expression: notation, breakdown and total. Renders as
/// `2d20kh1+5 = [17, (4)] + 5 = 22`; dropped dice and rerolled-away faces are in parentheses,
/// exploding chains read `6!+6!+2`, successes are starred.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    notation: String,
    parts: RollNode,
    total: i64,
}

impl Roll {
    pub(crate) fn new(notation: String, parts: RollNode) -> Self {
        let total = parts.total();
        Self {
            notation,
            parts,
            total,
        }
    }

    /// The total.
    #[inline]
    pub fn total(&self) -> i64 {
        self.total
    }

    /// The notation rolled (with any added modifiers).
    pub fn notation(&self) -> &str {
        &self.notation
    }

    /// The breakdown.
    pub fn parts(&self) -> &RollNode {
        &self.parts
    }

    /// The breakdown as the log writes it: `[17, (4)] + 5`.
    pub fn breakdown(&self) -> String {
        self.parts.to_string()
    }

    /// The value of every die that counts, in rolling order (dropped dice left out).
    ///
    /// ```
    /// use fray_dice::{Dice, ScriptedDice};
    /// let roll = Dice::parse("2d20kh1+5").unwrap().roll(&mut ScriptedDice::new([17, 4]));
    /// assert_eq!(roll.kept_dice(), vec![17]);
    /// assert_eq!(roll.breakdown(), "[17, (4)] + 5");
    /// ```
    pub fn kept_dice(&self) -> Vec<i64> {
        let mut out = Vec::new();
        self.parts.kept_dice(&mut out);
        out
    }

    /// The value of the first kept die: the natural roll of a `d20+5` attack.
    pub fn natural(&self) -> Option<i64> {
        self.parts.first_die().map(|d| d.value)
    }

    /// Adds a named modifier (`+2` for the escalation die); zero adds nothing.
    ///
    /// ```
    /// use fray_dice::{Dice, ScriptedDice};
    /// let roll = Dice::parse("d20+5").unwrap().roll(&mut ScriptedDice::new([12]))
    ///     .plus(2, "escalation").plus(-4, "dazed");
    /// assert_eq!(roll.total(), 15);
    /// assert_eq!(roll.to_string(), "d20+5+2-4 = [12] + 5 + 2 (escalation) - 4 (dazed) = 15");
    /// ```
    pub fn plus(mut self, value: i64, label: &str) -> Self {
        if value == 0 {
            return self;
        }
        let sign = if value < 0 { '-' } else { '+' };
        self.notation.push(sign);
        self.notation.push_str(&value.unsigned_abs().to_string());
        self.parts = RollNode::Bin {
            op: '+',
            left: Box::new(self.parts),
            right: Box::new(RollNode::Modifier {
                value,
                label: label.to_string(),
            }),
        };
        self.total = self.parts.total();
        self
    }
}

impl fmt::Display for RolledDie {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for face in &self.discarded {
            write!(f, "({face}) ")?;
        }
        let body = if self.chain.is_empty() {
            self.value.to_string()
        } else {
            let faces: Vec<String> = self.chain.iter().map(u32::to_string).collect();
            faces.join("!+")
        };
        if self.kept {
            f.write_str(&body)?;
        } else {
            write!(f, "({body})")?;
        }
        if self.success == Some(true) {
            f.write_str("*")?;
        }
        Ok(())
    }
}

impl fmt::Display for RollNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RollNode::Const(v) => write!(f, "{v}"),
            RollNode::Dice { dice, .. } => {
                f.write_str("[")?;
                for (i, d) in dice.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{d}")?;
                }
                f.write_str("]")
            }
            RollNode::Neg(n) => write!(f, "-{n}"),
            RollNode::Bin { left, right, .. } if matches!(**right, RollNode::Modifier { .. }) => {
                write!(f, "{left} {right}")
            }
            RollNode::Bin { op, left, right } => write!(f, "{left} {op} {right}"),
            RollNode::Call { func, args } => {
                write!(f, "{func}(")?;
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{a}")?;
                }
                f.write_str(")")
            }
            RollNode::Group(n) => write!(f, "({n})"),
            RollNode::Modifier { value, label } => {
                let sign = if *value < 0 { '-' } else { '+' };
                write!(f, "{sign} {} ({label})", value.unsigned_abs())
            }
        }
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} = {} = {}", self.notation, self.parts, self.total)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Dice, ScriptedDice};

    fn show(expr: &str, faces: &[u32]) -> String {
        let mut dice = ScriptedDice::new(faces.iter().copied());
        let roll = Dice::parse(expr).unwrap().roll(&mut dice);
        assert_eq!(dice.remaining(), 0, "{expr} used fewer faces than scripted");
        roll.to_string()
    }

    #[test]
    fn breakdowns_read_like_the_table() {
        assert_eq!(
            show("2d20kh1+5", &[17, 4]),
            "2d20kh1+5 = [17, (4)] + 5 = 22"
        );
        assert_eq!(
            show("4d6kh3", &[2, 5, 6, 1]),
            "4d6kh3 = [2, 5, 6, (1)] = 13"
        );
        assert_eq!(show("1d20ro1", &[1, 15]), "d20ro1 = [(1) 15] = 15");
        assert_eq!(show("1d20rr<3", &[1, 2, 9]), "d20rr<3 = [(1) (2) 9] = 9");
        assert_eq!(show("2d6!", &[6, 6, 2, 3]), "2d6! = [6!+6!+2, 3] = 17");
        assert_eq!(
            show("4d6cs>=5", &[5, 2, 6, 1]),
            "4d6cs>=5 = [5*, 2, 6*, 1] = 2"
        );
        assert_eq!(show("1d20mi10", &[3]), "d20mi10 = [10] = 10");
        assert_eq!(show("-(1d4+1)*2", &[3]), "-(d4+1)*2 = -([3] + 1) * 2 = -8");
        assert_eq!(
            show("min(d20, d20)", &[7, 12]),
            "min(d20, d20) = min([7], [12]) = 7"
        );
    }

    #[test]
    fn rolls_serialize_for_the_structured_log() {
        let roll = Dice::parse("2d20kh1+5")
            .unwrap()
            .roll(&mut ScriptedDice::new([17, 4]));
        let json = serde_json::to_string(&roll).unwrap();
        let back: crate::Roll = serde_json::from_str(&json).unwrap();
        assert_eq!(back, roll);
        assert_eq!(back.natural(), Some(17));
    }
}
