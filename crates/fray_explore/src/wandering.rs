//! Wandering-monster entries, as a dungeon level's or a wilderness terrain's table lists them,
//! and rolling them.

use fray_dice::Dice;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::foes::Foes;
use crate::rolls::TurnDice;

/// One entry of a wandering table: a statblock and how many come, in dice notation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WanderingEntry {
    /// The statblock id.
    pub statblock: String,
    /// How many come (`1d6`, `2`).
    pub count: String,
}

/// Rolls a wandering table's `entries` (named `table` in the log): one die with a side per
/// entry picks the monsters, then their count is rolled. `None` for no entries or a count
/// that does not parse.
pub fn roll_entries(
    table: &str,
    entries: &[WanderingEntry],
    dice: &mut TurnDice<'_>,
) -> Option<Foes> {
    let sides = u32::try_from(entries.len()).ok().filter(|n| *n > 0)?;
    let face = dice.die(table, sides);
    let entry = entries.get(usize::try_from(face).ok()?.checked_sub(1)?)?;
    let count = Dice::parse(&entry.count).ok()?;
    let count = dice.roll("how many come", &count);
    Some(Foes {
        statblock: entry.statblock.clone(),
        count: u16::try_from(count.max(1)).unwrap_or(u16::MAX),
    })
}
