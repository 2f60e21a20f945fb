//! Commands from external controllers and the answers to every action.
//!
//! A game client writes [`ActionRequest`] messages. The core checks authority and timing (only
//! an actor's own controller may command it, only on its turn or in a reaction window offered to
//! it, never when it is down or the fight is over), then checks the intent against the options
//! the ruleset offered. Every request is answered with [`ActionResolved`] or [`ActionRejected`];
//! a rejected request changes nothing but the log (CORE-02).

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::combatant::{Combatant, Controller, Status};
use crate::encounter::{Encounter, InEncounter, Phase, Roster};
use crate::ids::PlayerId;
use crate::intent::Intent;
use crate::log::{CombatLog, LogEvent};
use crate::options::ActionOptions;
use crate::turn::{Approved, Request, Turn};

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

/// A request was refused; nothing changed.
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
    /// It is not this combatant's turn and it has no reaction to make.
    NotYourTurn,
    /// The combatant cannot act (down, dead, fled...).
    CannotAct(Status),
    /// The fight is over.
    EncounterOver,
    /// A request for this turn is already waiting.
    AlreadyRequested,
    /// Not a legal intent now; the ruleset's explanation.
    Illegal(String),
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
        }
    }
}

/// Reads external requests: authority and timing first, then the request waits for validation
/// (or, in a reaction window, is recorded as the reactor's answer if it was offered).
pub(crate) fn receive_requests(
    mut requests: MessageReader<ActionRequest>,
    mut rejected: MessageWriter<ActionRejected>,
    actors: Query<(&Controller, &InEncounter, &Status, &Combatant)>,
    mut encounters: Query<(&mut Encounter, &mut Turn, &mut CombatLog)>,
) {
    for request in requests.read() {
        let mut reject = |encounter: Option<Entity>, reason: RejectReason| {
            rejected.write(ActionRejected {
                encounter,
                actor: request.actor,
                intent: request.intent.clone(),
                reason,
            });
        };
        let Ok((controller, in_encounter, status, combatant)) = actors.get(request.actor) else {
            reject(None, RejectReason::UnknownActor);
            continue;
        };
        let encounter_entity = in_encounter.0;
        let Ok((mut encounter, mut turn, mut log)) = encounters.get_mut(encounter_entity) else {
            reject(None, RejectReason::UnknownActor);
            continue;
        };
        let reason = if *controller != Controller::External(request.controller) {
            Some(RejectReason::NotYourCombatant)
        } else if encounter.phase == Phase::Ended {
            Some(RejectReason::EncounterOver)
        } else if !status.is_active() {
            Some(RejectReason::CannotAct(*status))
        } else if encounter.phase == Phase::Reacting {
            match turn.window.as_mut() {
                Some(window) => window
                    .answer(request.actor, &request.intent)
                    .err()
                    .map(|why| RejectReason::Illegal(why.to_string())),
                None => Some(RejectReason::NotYourTurn),
            }
        } else if encounter.phase != Phase::Acting || turn.actor != Some(request.actor) {
            Some(RejectReason::NotYourTurn)
        } else if turn.request.is_some() || turn.approved.is_some() {
            Some(RejectReason::AlreadyRequested)
        } else {
            turn.request = Some(Request {
                actor: request.actor,
                intent: request.intent.clone(),
                from: Some(request.controller),
            });
            None
        };
        if let Some(reason) = reason {
            encounter.rejections += 1;
            log.record(|| LogEvent::Rejected {
                who: Some(combatant.id),
                intent: format!("{:?}", request.intent.kind()),
                reason: reason.to_string(),
            });
            reject(Some(encounter_entity), reason);
        }
    }
}

/// Approves a waiting request whose intent is among the offered options (with that option's
/// cost). Requests that are not offered stay for the ruleset to explain, then are rejected.
pub(crate) fn validate_requests(mut encounters: Query<(&Encounter, &mut Turn, &ActionOptions)>) {
    for (encounter, mut turn, options) in &mut encounters {
        if encounter.phase != Phase::Acting || turn.approved.is_some() {
            continue;
        }
        let Some(request) = &turn.request else {
            continue;
        };
        if !options.is_current(&turn) {
            continue;
        }
        if let Some(option) = options.find(&request.intent) {
            let approved = Approved {
                actor: request.actor,
                intent: request.intent.clone(),
                cost: option.cost,
            };
            turn.request = None;
            turn.approved = Some(approved);
        }
    }
}

/// Rejects requests still waiting after validation, with the ruleset's reason if it gave one.
pub(crate) fn reject_illegal(
    mut encounters: Query<(Entity, &mut Encounter, &mut Turn, &mut CombatLog, &Roster)>,
    mut rejected: MessageWriter<ActionRejected>,
) {
    for (entity, mut encounter, mut turn, mut log, roster) in &mut encounters {
        let Some(request) = turn.request.take() else {
            continue;
        };
        encounter.rejections += 1;
        let reason = RejectReason::Illegal(
            turn.rejection
                .take()
                .unwrap_or_else(|| "that is not a legal action now".to_string()),
        );
        log.record(|| LogEvent::Rejected {
            who: roster.id_of(request.actor),
            intent: format!("{:?}", request.intent.kind()),
            reason: reason.to_string(),
        });
        rejected.write(ActionRejected {
            encounter: Some(entity),
            actor: request.actor,
            intent: request.intent,
            reason,
        });
    }
}

/// Sends `ActionResolved` for every intent resolved this tick and counts them.
pub(crate) fn acknowledge_resolved(
    mut encounters: Query<(Entity, &mut Encounter, &mut Turn)>,
    mut resolved: MessageWriter<ActionResolved>,
) {
    for (entity, mut encounter, mut turn) in &mut encounters {
        if turn.resolved.is_empty() {
            continue;
        }
        encounter.actions += turn.resolved.len() as u32;
        for (actor, intent) in turn.resolved.drain(..) {
            resolved.write(ActionResolved {
                encounter: entity,
                actor,
                intent,
            });
        }
    }
}
