//! Why an expedition or a member could not be spawned.

use thiserror::Error;

/// Why an expedition or a member could not be spawned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ExploreError {
    /// No procedures are registered for the ruleset.
    #[error("no exploration procedures for ruleset `{0}`: add its explore plugin")]
    UnknownRuleset(String),
    /// The entity is not an expedition.
    #[error("that entity is not an expedition")]
    NotAnExpedition,
    /// A member's name is already taken in the party.
    #[error("the party already has a member named `{0}`")]
    DuplicateMember(String),
    /// The ruleset refused.
    #[error("{0}")]
    Ruleset(String),
    /// No expedition file has this id.
    #[error("no expedition `{0}` in the content")]
    UnknownExpedition(String),
    /// No dungeon file has this id.
    #[error("no dungeon `{0}` in the content")]
    UnknownDungeon(String),
    /// No wilderness file has this id.
    #[error("no wilderness `{0}` in the content")]
    UnknownWilderness(String),
    /// The expedition file names neither a dungeon nor a wilderness (or both).
    #[error("expedition `{0}` must name a dungeon or a wilderness")]
    NoPlace(String),
}
