//! Ruleset options: typed values an encounter file sets by name (`lasting_wounds: true`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// The value of one ruleset option, as written in an encounter file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum OptionValue {
    /// `true` / `false`.
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// A word, such as a variant name.
    // Borrowed in the defaults a ruleset writes as constants: `Text(Cow::Borrowed("matrix"))`.
    Text(Cow<'static, str>),
}

impl OptionValue {
    /// The kind of value, for error messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Bool(_) => "a boolean",
            Self::Int(_) => "a whole number",
            Self::Text(_) => "a string",
        }
    }

    /// True when `self` has the same kind as `other`.
    pub fn same_kind(&self, other: &Self) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Bool(b) => write!(f, "{b}"),
            Self::Int(i) => write!(f, "{i}"),
            Self::Text(s) if s.is_empty() => write!(f, "(none)"),
            Self::Text(s) => write!(f, "{s:?}"),
        }
    }
}

/// An option a ruleset accepts: its name, its default and what it does.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionDef {
    /// The key in `options: (ruleset: { ... })`.
    pub name: &'static str,
    /// The value when the encounter does not set it (also gives the expected kind).
    pub default: OptionValue,
    /// One line for `fray list` and error messages.
    pub doc: &'static str,
}
