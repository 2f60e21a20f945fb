//! Why an edit was refused.

use thiserror::Error;

use crate::combatant::Status;
use crate::ids::RegionId;

/// Why an edit could not be made; nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EditError {
    /// The entity is not a combatant of an encounter.
    #[error("that entity is not a combatant of an encounter")]
    NotACombatant,
    /// The encounter's ruleset is not added to this app, or is not written on the kit (only
    /// kit rulesets take edits).
    #[error("the encounter's ruleset `{0}` takes no edits here: add its plugin to the app")]
    NotEditable(String),
    /// The fight is over.
    #[error("the fight is over: nothing in it can change")]
    FightOver,
    /// A negative amount of healing or damage.
    #[error("an edit's amount cannot be negative (got {0})")]
    Negative(i32),
    /// The combatant is dead, fled or surrendered: only reviving or a new status reaches it.
    #[error("the combatant is {0:?}: revive it (Edit::Revive) or set its status first")]
    Gone(Status),
    /// Revive asked for a combatant already in the fight.
    #[error("the combatant is already active: heal it instead")]
    AlreadyActive,
    /// A status of active asked for a combatant with no hit points left.
    #[error("the combatant has {0} HP: revive it with hit points (Edit::Revive) instead")]
    NoHitPoints(i32),
    /// The region is not on the encounter's map.
    #[error("region {0} is not on the encounter's map (it has {1} regions)")]
    NoSuchRegion(RegionId, usize),
    /// The ruleset gives the condition no meaning: an effect of it would do nothing.
    #[error("the ruleset `{ruleset}` has no condition {condition}; its conditions are: {known}")]
    UnusedCondition {
        /// The ruleset.
        ruleset: String,
        /// The condition asked for, by the ruleset's word or code.
        condition: String,
        /// The conditions the ruleset uses, by name.
        known: String,
    },
}
