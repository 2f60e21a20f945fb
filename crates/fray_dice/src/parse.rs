//! The notation parser: recursive descent over characters, every error located by column.

use crate::error::DiceError;
use crate::expr::{
    BinOp, Cmp, CmpOp, Dice, Func, MAX_DEPTH, MAX_DICE, MAX_LEN, MAX_SIDES, Node, Select, Term,
};

/// Reading an expression is the parser's; the expression knows nothing of notation.
impl Dice {
    /// Parses an expression.
    pub fn parse(text: &str) -> Result<Self, DiceError> {
        let node = parse(text)?;
        let canonical = node.to_string();
        // Written out in full (`k1` is `kh1`), an expression must still read back: saves and
        // reports store it so.
        let written = canonical.chars().count();
        if written > MAX_LEN {
            return Err(DiceError::new(
                1,
                format!(
                    "the expression is {written} characters long written out in full \
                     (`k1` reads `kh1`); at most {MAX_LEN}"
                ),
            ));
        }
        Ok(Self::new(node, canonical))
    }
}

pub(crate) fn parse(text: &str) -> Result<Node, DiceError> {
    if text.chars().nth(MAX_LEN).is_some() {
        return Err(DiceError::new(
            MAX_LEN + 1,
            format!("expected at most {MAX_LEN} characters"),
        ));
    }
    let mut p = Parser {
        s: text.chars().collect(),
        i: 0,
        depth: 0,
    };
    p.skip_ws();
    if p.at_end() {
        return Err(p.error("expected a dice expression, found nothing"));
    }
    let node = p.expr()?;
    p.skip_ws();
    if !p.at_end() {
        return Err(p.error(format!("unexpected `{}`", p.s[p.i])));
    }
    Ok(node)
}

struct Parser {
    s: Vec<char>,
    i: usize,
    depth: usize,
}

impl Parser {
    fn at_end(&self) -> bool {
        self.i >= self.s.len()
    }

    fn peek(&self) -> Option<char> {
        self.s.get(self.i).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.s.get(self.i + k).copied()
    }

    fn error(&self, message: impl Into<String>) -> DiceError {
        DiceError::new(self.i + 1, message)
    }

    fn error_at(&self, at: usize, message: impl Into<String>) -> DiceError {
        DiceError::new(at + 1, message)
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn eat_word(&mut self, word: &str) -> bool {
        let n = word.chars().count();
        if self.s.len() >= self.i + n
            && self.s[self.i..self.i + n]
                .iter()
                .zip(word.chars())
                .all(|(a, b)| a.eq_ignore_ascii_case(&b))
        {
            self.i += n;
            true
        } else {
            false
        }
    }

    fn enter(&mut self) -> Result<(), DiceError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error(format!("expression nested more than {MAX_DEPTH} deep")));
        }
        Ok(())
    }

    fn expr(&mut self) -> Result<Node, DiceError> {
        self.enter()?;
        let mut left = self.product()?;
        loop {
            self.skip_ws();
            let op = match self.peek() {
                Some('+') => BinOp::Add,
                Some('-') => BinOp::Sub,
                _ => break,
            };
            self.i += 1;
            self.skip_ws();
            let right = self.product()?;
            left = Node::Bin(op, Box::new(left), Box::new(right));
        }
        self.depth -= 1;
        Ok(left)
    }

    fn product(&mut self) -> Result<Node, DiceError> {
        let mut left = self.unary()?;
        loop {
            self.skip_ws();
            if !self.eat('*') {
                break;
            }
            self.skip_ws();
            let right = self.unary()?;
            left = Node::Bin(BinOp::Mul, Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Node, DiceError> {
        self.skip_ws();
        if self.eat('-') {
            self.enter()?;
            let inner = self.unary()?;
            self.depth -= 1;
            return Ok(Node::Neg(Box::new(inner)));
        }
        if self.eat('+') {
            self.enter()?;
            let inner = self.unary()?;
            self.depth -= 1;
            return Ok(inner);
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<Node, DiceError> {
        self.skip_ws();
        let start = self.i;
        match self.peek() {
            Some('(') => {
                self.i += 1;
                let inner = self.expr()?;
                self.skip_ws();
                if !self.eat(')') {
                    return Err(self.error(format!(
                        "expected `)` to close the `(` at column {}",
                        start + 1
                    )));
                }
                Ok(Node::Group(Box::new(inner)))
            }
            Some(c) if c.is_ascii_digit() => {
                let n = self.number()?;
                if matches!(self.peek(), Some('d' | 'D')) {
                    self.dice(Some((n, start)))
                } else {
                    Ok(Node::Const(n))
                }
            }
            Some('d' | 'D') => self.dice(None),
            Some('m' | 'M') => {
                let func = if self.eat_word("min") {
                    Func::Min
                } else if self.eat_word("max") {
                    Func::Max
                } else {
                    return Err(
                        self.error("expected a number, a die such as `d6`, `(`, `min(` or `max(`")
                    );
                };
                self.skip_ws();
                if !self.eat('(') {
                    return Err(self.error("expected `(` after the function name"));
                }
                let a = self.expr()?;
                self.skip_ws();
                if !self.eat(',') {
                    return Err(self.error("expected `,` between the two arguments"));
                }
                let b = self.expr()?;
                self.skip_ws();
                if !self.eat(')') {
                    return Err(self.error("expected `)` after the second argument"));
                }
                Ok(Node::Call(func, Box::new(a), Box::new(b)))
            }
            Some(c) => Err(self.error(format!(
                "expected a number, a die such as `d6`, or `(`, found `{c}`"
            ))),
            None => Err(self.error("expected a number, a die such as `d6`, or `(` at the end")),
        }
    }

    fn number(&mut self) -> Result<i64, DiceError> {
        let start = self.i;
        let mut value: i64 = 0;
        while let Some(c) = self.peek().filter(char::is_ascii_digit) {
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(i64::from(c as u8 - b'0')))
                .ok_or_else(|| self.error_at(start, "number too large"))?;
            self.i += 1;
        }
        if self.i == start {
            return Err(self.error("expected a number"));
        }
        Ok(value)
    }

    fn dice(&mut self, count: Option<(i64, usize)>) -> Result<Node, DiceError> {
        let count = match count {
            Some((n, at)) => {
                if n < 1 || n > i64::from(MAX_DICE) {
                    return Err(self.error_at(at, format!("roll between 1 and {MAX_DICE} dice")));
                }
                n as u32
            }
            None => 1,
        };
        self.i += 1; // the `d`
        let sides_at = self.i;
        let (sides, percent) = if self.eat('%') {
            (100, true)
        } else if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            let n = self.number()?;
            if n < 1 || n > i64::from(MAX_SIDES) {
                return Err(self.error_at(sides_at, format!("a die has 1 to {MAX_SIDES} sides")));
            }
            (n as u32, false)
        } else {
            return Err(self.error("expected a die size after `d`"));
        };
        let mut term = Term::plain(count, sides);
        term.percent = percent;
        self.modifiers(&mut term)?;
        Ok(Node::Dice(term))
    }

    /// Whether a keep or drop of `select` leaves some of `count` dice: keeping more than are
    /// rolled, or dropping them all, is refused rather than read silently.
    fn fits(&self, at: usize, select: Select, count: u32) -> Result<(), DiceError> {
        match select {
            Select::KeepHigh(n) | Select::KeepLow(n) if n > count => {
                Err(self.error_at(at, format!("keeps {n} dice of the {count} rolled")))
            }
            Select::DropHigh(n) | Select::DropLow(n) if n >= count => Err(self.error_at(
                at,
                format!("drops {n} dice of the {count} rolled: none would be left"),
            )),
            _ => Ok(()),
        }
    }

    fn modifiers(&mut self, term: &mut Term) -> Result<(), DiceError> {
        loop {
            let at = self.i;
            let twice = |p: &Self, what: &str| p.error_at(at, format!("`{what}` is given twice"));
            if self.eat_word("kh")
                || self.eat_word("kl")
                || self.eat_word("dh")
                || self.eat_word("dl")
                || self.eat_word("ph")
                || self.eat_word("pl")
            {
                let word: String = self.s[at..self.i]
                    .iter()
                    .collect::<String>()
                    .to_ascii_lowercase();
                let n = self.count_arg(&word)?;
                if term.select.is_some() {
                    return Err(self.error_at(at, "only one keep or drop per term"));
                }
                let select = match word.as_str() {
                    "kh" => Select::KeepHigh(n),
                    "kl" => Select::KeepLow(n),
                    "dh" | "ph" => Select::DropHigh(n),
                    _ => Select::DropLow(n),
                };
                self.fits(at, select, term.count)?;
                term.select = Some(select);
            } else if self.peek().is_some_and(|c| c.eq_ignore_ascii_case(&'k'))
                && self.peek_at(1).is_some_and(|c| c.is_ascii_digit())
            {
                self.i += 1;
                let n = self.count_arg("k")?;
                if term.select.is_some() {
                    return Err(self.error_at(at, "only one keep or drop per term"));
                }
                self.fits(at, Select::KeepHigh(n), term.count)?;
                term.select = Some(Select::KeepHigh(n));
            } else if self.eat_word("ro") {
                if term.reroll_once.is_some() {
                    return Err(twice(self, "ro"));
                }
                term.reroll_once = Some(self.cmp("ro")?);
            } else if self.eat_word("rr") {
                if term.reroll_until.is_some() {
                    return Err(twice(self, "rr"));
                }
                let c = self.cmp("rr")?;
                if matches_every_face(c, term.sides) {
                    return Err(self.error_at(at, "`rr` would reroll every face forever"));
                }
                term.reroll_until = Some(c);
            } else if self.eat('!') || self.eat_word("e") {
                if term.explode.is_some() {
                    return Err(self.error_at(at, "only one explosion (`!` or `e`) per term"));
                }
                let c = if self.s[at] == '!' {
                    Cmp {
                        op: CmpOp::Eq,
                        value: i64::from(term.sides),
                    }
                } else {
                    self.cmp("e")?
                };
                if matches_every_face(c, term.sides) {
                    return Err(self.error_at(at, "the die would explode on every face"));
                }
                term.explode = Some(c);
            } else if self.eat_word("mi") {
                if term.at_least.is_some() {
                    return Err(twice(self, "mi"));
                }
                term.at_least = Some(self.clamp_arg("mi")?);
                self.check_clamps(term, at)?;
            } else if self.eat_word("ma") {
                if term.at_most.is_some() {
                    return Err(twice(self, "ma"));
                }
                term.at_most = Some(self.clamp_arg("ma")?);
                self.check_clamps(term, at)?;
            } else if self.eat_word("cs") {
                if term.count_successes.is_some() {
                    return Err(twice(self, "cs"));
                }
                term.count_successes = Some(self.cmp("cs")?);
            } else {
                break;
            }
        }
        if let Some(c) = self.peek().filter(|c| c.is_ascii_alphabetic()) {
            return Err(self.error(format!(
                "unknown modifier starting with `{c}` (expected kh, kl, dh, dl, ro, rr, !, e, mi, ma or cs)"
            )));
        }
        Ok(())
    }

    fn clamp_arg(&mut self, what: &str) -> Result<i64, DiceError> {
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(self.error(format!("expected a number after `{what}`")));
        }
        self.number()
    }

    /// Refuses `mi` above `ma`, pointing at the second of the two (written at `at`).
    fn check_clamps(&self, term: &Term, at: usize) -> Result<(), DiceError> {
        match (term.at_least, term.at_most) {
            (Some(lo), Some(hi)) if lo > hi => {
                Err(self.error_at(at, format!("`mi{lo}` is above `ma{hi}`")))
            }
            _ => Ok(()),
        }
    }

    fn count_arg(&mut self, what: &str) -> Result<u32, DiceError> {
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(self.error(format!("expected how many dice after `{what}`")));
        }
        let at = self.i;
        let n = self.number()?;
        u32::try_from(n).map_err(|_| self.error_at(at, "too many dice"))
    }

    fn cmp(&mut self, what: &str) -> Result<Cmp, DiceError> {
        let op = if self.eat_word("<=") {
            CmpOp::Le
        } else if self.eat_word(">=") {
            CmpOp::Ge
        } else if self.eat('<') {
            CmpOp::Lt
        } else if self.eat('>') {
            CmpOp::Gt
        } else {
            self.eat('=');
            CmpOp::Eq
        };
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(self.error(format!("expected a number after `{what}`")));
        }
        Ok(Cmp {
            op,
            value: self.number()?,
        })
    }
}

/// Whether a comparison matches every face of a die (so rerolling or exploding never stops).
fn matches_every_face(c: Cmp, sides: u32) -> bool {
    c.matching_faces(sides) == (1, i64::from(sides))
}

#[cfg(test)]
mod tests {
    use crate::Dice;

    fn canon(s: &str) -> String {
        Dice::parse(s).unwrap().to_string()
    }

    #[test]
    fn parses_the_notation() {
        assert_eq!(canon("d20"), "d20");
        assert_eq!(canon("1d20 + 5"), "d20+5");
        assert_eq!(canon("d%"), "d%");
        assert_eq!(canon("4D6KH3"), "4d6kh3");
        assert_eq!(canon("4d6k3"), "4d6kh3");
        assert_eq!(canon("4d6dl1"), "4d6dl1");
        assert_eq!(canon("4d6pl1"), "4d6dl1");
        assert_eq!(canon("2d20kl1"), "2d20kl1");
        assert_eq!(canon("1d20ro1"), "d20ro1");
        assert_eq!(canon("1d20rr<3"), "d20rr<3");
        assert_eq!(canon("3d6!"), "3d6!");
        assert_eq!(canon("3d6e>=5"), "3d6e>=5");
        assert_eq!(canon("1d20mi10"), "d20mi10");
        assert_eq!(canon("6d6cs>=5"), "6d6cs>=5");
        assert_eq!(canon("6d6cs6"), "6d6cs=6");
        assert_eq!(canon("-(2d6+3)*2"), "-(2d6+3)*2");
        assert_eq!(canon("min(d20, d20)"), "min(d20, d20)");
        assert_eq!(canon("max(1d6, 3) - 1"), "max(d6, 3)-1");
        assert_eq!(canon("MIN( d4 ,d4 )"), "min(d4, d4)");
        assert_eq!(canon("1d20ro<3"), "d20ro<3");
        assert_eq!(canon("1d20rr>18"), "d20rr>18");
        assert_eq!(canon("6d6cs>4"), "6d6cs>4");
        assert_eq!(canon("6d6cs=6"), "6d6cs=6");
        assert_eq!(canon("d6e6"), "d6!");
        assert_eq!(canon("2d6!+3"), "2d6!+3");
        assert_eq!(canon("4d6dh1"), "4d6dh1");
        assert_eq!(canon("1d20ma15mi5"), "d20mi5ma15");
        assert_eq!(canon("4d6kh3rr1"), "4d6rr1kh3");
        assert_eq!(canon("3d%"), "3d%");
        assert_eq!(canon("\t2 *\n(3 - -1)"), "2*(3--1)");
        assert_eq!(canon("1000d1000000"), "1000d1000000");
        for sides in [2, 3, 16, 24, 30, 36, 48, 60] {
            assert_eq!(canon(&format!("d{sides}")), format!("d{sides}"));
        }
    }

    #[test]
    fn errors_say_what_was_expected_and_where() {
        let cases = [
            ("2d", 3, "expected a die size after `d`"),
            ("", 1, "found nothing"),
            ("1d20+", 6, "at the end"),
            ("4d6kh", 6, "expected how many dice after `kh`"),
            ("(1d6", 5, "expected `)`"),
            ("1d6 7", 5, "unexpected `7`"),
            ("0d6", 1, "roll between 1 and 1000 dice"),
            ("d0", 2, "a die has 1 to"),
            ("1001d6", 1, "roll between"),
            ("1d6x", 4, "unknown modifier"),
            ("1d1rr1", 4, "forever"),
            ("1d1!", 4, "every face"),
            ("1d6kh1kl1", 7, "only one keep or drop"),
            ("4d6kh5", 4, "keeps 5 dice of the 4 rolled"),
            ("2d20k3", 5, "keeps 3 dice of the 2 rolled"),
            ("4d6dl4", 4, "none would be left"),
            ("1d6mi5ma2", 7, "above"),
            ("1d6mi", 6, "expected a number after `mi`"),
            ("99999999999999999999", 1, "too large"),
            ("1d6 + @", 7, "found `@`"),
            ("2d6+é", 5, "found `é`"),
            ("ä+2d", 1, "found `ä`"),
            ("1d20+2d", 8, "expected a die size after `d`"),
            ("d1000001", 2, "a die has 1 to 1000000 sides"),
            ("min(d4)", 7, "expected `,`"),
            ("max d4", 5, "expected `(`"),
            ("mix(1, 2)", 1, "`min(` or `max(`"),
            ("d6cs", 5, "expected a number after `cs`"),
            ("d6ro", 5, "expected a number after `ro`"),
            ("d6e", 4, "expected a number after `e`"),
            ("1d6!!", 5, "only one explosion"),
            ("d6rr1rr2", 6, "`rr` is given twice"),
            ("d6rr<7", 3, "forever"),
            ("d6e>0", 3, "every face"),
            ("1d%%", 4, "unexpected `%`"),
            ("2d6)", 4, "unexpected `)`"),
            (")", 1, "found `)`"),
            ("d6*", 4, "at the end"),
            ("   ", 4, "found nothing"),
        ];
        for (input, column, text) in cases {
            let err = Dice::parse(input).unwrap_err();
            assert_eq!(err.column(), column, "{input}: {err}");
            assert!(err.message().contains(text), "{input}: {err}");
        }
    }

    #[test]
    fn deep_nesting_is_refused_not_overflowed() {
        let nested = |depth: usize| "(".repeat(depth) + "1" + &")".repeat(depth);
        assert!(Dice::parse(&nested(40)).is_ok());
        let err = Dice::parse(&nested(1000)).unwrap_err();
        assert!(err.message().contains("nested more than 64"), "{err}");
        assert!(Dice::parse(&"-".repeat(1000)).is_err());
        let long = "1+".repeat(3000) + "1";
        let err = Dice::parse(&long).unwrap_err();
        assert_eq!(err.column(), 4097);
        assert!(Dice::parse(&"1+".repeat(2000)).is_err());
        assert!(Dice::parse(&("1+".repeat(2000) + "1")).is_ok());
    }
}
