//! Monsters met together, by statblock, as content and meetings name them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Monsters of one statblock, met together.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Foes {
    /// The statblock id in the expedition's ruleset.
    pub statblock: String,
    /// How many.
    pub count: u16,
}

/// `2 goblin, 1 hobgoblin`.
pub fn describe(foes: &[Foes]) -> String {
    foes.iter()
        .map(|f| format!("{} {}", f.count, f.statblock))
        .collect::<Vec<_>>()
        .join(", ")
}
