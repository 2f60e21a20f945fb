//! Notation errors, located by column.

use thiserror::Error;

/// A dice expression that cannot be parsed: what was expected, and where.
///
/// ```
/// use fray_dice::Dice;
/// let err = Dice::parse("2d").unwrap_err();
/// assert_eq!(err.column(), 3);
/// assert_eq!(err.to_string(), "column 3: expected a die size after `d`");
/// assert_eq!(err.caret("2d"), "2d\n  ^");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("column {column}: {message}")]
pub struct DiceError {
    column: usize,
    message: String,
}

impl DiceError {
    pub(crate) fn new(column: usize, message: impl Into<String>) -> Self {
        Self {
            column,
            message: message.into(),
        }
    }

    /// 1-based column (in characters) of the problem.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What was expected.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The input on one line and a caret under the column on the next. A long input is cut to
    /// a window around the column, with `...` where it was cut.
    ///
    /// ```
    /// use fray_dice::Dice;
    /// let long = format!("{}x", "1+".repeat(3000));
    /// let err = Dice::parse(&long).unwrap_err();
    /// let caret = err.caret(&long);
    /// assert!(caret.lines().all(|l| l.chars().count() <= 80));
    /// assert!(caret.ends_with('^'));
    /// ```
    pub fn caret(&self, input: &str) -> String {
        const BEFORE: usize = 50;
        const AFTER: usize = 20;
        let chars: Vec<char> = input.chars().collect();
        let at = self.column.saturating_sub(1).min(chars.len());
        let start = at.saturating_sub(BEFORE);
        let end = at.saturating_add(AFTER).min(chars.len());
        let mut shown: String = chars[start..end].iter().collect();
        let mut pad = at - start;
        if start > 0 {
            shown.insert_str(0, "...");
            pad += 3;
        }
        if end < chars.len() {
            shown.push_str("...");
        }
        format!("{shown}\n{}^", " ".repeat(pad))
    }
}
