//! Commands from external controllers and the answers to every action.
//!
//! A game client writes [`ActionRequest`] messages. The core checks authority and timing (only
//! an actor's own controller may command it, only on its turn, in a declaration asked of it or
//! in a reaction window offered to it, never when it is down or the fight is over), then the
//! ruleset's legality check judges the intent. Every request is answered with
//! [`ActionResolved`] or [`ActionRejected`]; a rejected request changes nothing but the log
//! (CORE-02).

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::combatant::Status;
use crate::ids::PlayerId;
use crate::intent::Intent;

/// An external controller asks one of its combatants to act.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct ActionRequest {
    /// The combatant.
    pub actor: Entity,
    /// The controller sending it (must be the combatant's).
    pub controller: PlayerId,
    /// What to do.
    pub intent: Intent,
}

/// An intent was resolved (for every action, AI or external, so clients can animate).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct ActionResolved {
    /// The encounter.
    pub encounter: Entity,
    /// Who acted.
    pub actor: Entity,
    /// What it did.
    pub intent: Intent,
}

/// A request was refused and changed nothing, or a reaction the request put in its window came
/// to nothing ([`RejectReason::Overtaken`]). Every request is answered once: by this or by
/// [`ActionResolved`] (a pass in a window is resolved when it is taken).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct ActionRejected {
    /// The encounter, when the actor belongs to one.
    pub encounter: Option<Entity>,
    /// The actor named in the request.
    pub actor: Entity,
    /// The refused intent.
    pub intent: Intent,
    /// Why.
    pub reason: RejectReason,
}

/// Why a request was refused, in words a UI can show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum RejectReason {
    /// The actor is not a combatant.
    UnknownActor,
    /// The sender does not control this combatant.
    NotYourCombatant,
    /// It is not this combatant's turn and it has no reaction or declaration to make.
    NotYourTurn,
    /// The combatant cannot act (down, dead, fled...).
    CannotAct(Status),
    /// The fight is over.
    EncounterOver,
    /// A request for this turn is already waiting.
    AlreadyRequested,
    /// Not a legal intent now; the ruleset's explanation.
    Illegal(String),
    /// A reaction taken in its window came to nothing: the fight moved on before its turn
    /// came (its reactor or its foe fell, or the roll it hung on failed). The log says what
    /// happened.
    Overtaken,
}

impl fmt::Display for RejectReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RejectReason::UnknownActor => f.write_str("no such combatant"),
            RejectReason::NotYourCombatant => f.write_str("you do not control that combatant"),
            RejectReason::NotYourTurn => f.write_str("it is not that combatant's turn"),
            RejectReason::CannotAct(status) => write!(f, "that combatant cannot act ({status:?})"),
            RejectReason::EncounterOver => f.write_str("the fight is over"),
            RejectReason::AlreadyRequested => f.write_str("an action is already waiting"),
            RejectReason::Illegal(why) => f.write_str(why),
            RejectReason::Overtaken => {
                f.write_str("the reaction came to nothing: the fight moved on before it")
            }
        }
    }
}
