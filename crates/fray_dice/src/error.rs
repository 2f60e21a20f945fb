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

    /// The input on one line and a caret under the column on the next.
    pub fn caret(&self, input: &str) -> String {
        format!("{input}\n{}^", " ".repeat(self.column.saturating_sub(1)))
    }
}
