//! External controllers' requests: authority and timing, before the ruleset judges legality.

use bevy_ecs::prelude::*;

use crate::combatant::{Combatant, Controller, Status};
use crate::encounter::{Encounter, InEncounter};
use crate::flow::inbox::RequestInbox;
use crate::flow::phase::Phase;
use crate::intent::Intent;
use crate::log::{CombatLog, LogEvent};
use crate::request::{ActionRejected, ActionResolved, RejectReason};
use crate::turn::{Request, Turn};

/// Answers the requests in the [`RequestInbox`], oldest first. Only an actor's own controller may command it, only on its turn,
/// in a declaration asked of it, or in a reaction window offered to it, never when it cannot
/// act or the fight is over. A request on a turn or a declaration waits for the ruleset's
/// legality check; an answer in a reaction window is recorded if it is one of the reactor's
/// offers. Anything else is rejected at once, with a reason, and changes nothing.
pub(crate) fn receive_requests(
    mut inbox: ResMut<RequestInbox>,
    mut rejected: MessageWriter<ActionRejected>,
    mut resolved: MessageWriter<ActionResolved>,
    actors: Query<(&Controller, &InEncounter, &Status, &Combatant)>,
    mut encounters: Query<(&mut Encounter, &mut Turn, &mut CombatLog)>,
) {
    for request in &inbox.take() {
        let mut reject = |encounter: Option<Entity>, reason: RejectReason| {
            rejected.write(ActionRejected {
                encounter,
                actor: request.actor,
                intent: request.intent,
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
        let phase = encounter.phase();
        let reason = if *controller != Controller::External(request.controller) {
            Some(RejectReason::NotYourCombatant)
        } else if phase == Phase::Ended {
            Some(RejectReason::EncounterOver)
        } else if !status.is_active() {
            Some(RejectReason::CannotAct(*status))
        } else if phase == Phase::Reacting {
            if turn.window.is_open() {
                let answer = turn
                    .window
                    .answer(request.actor, &request.intent)
                    .err()
                    .map(|why| RejectReason::Illegal(why.to_string()));
                // A pass is done once it is taken: it is answered now (a reaction taken is
                // answered when it resolves).
                if answer.is_none() && request.intent == Intent::Pass {
                    resolved.write(ActionResolved {
                        encounter: encounter_entity,
                        actor: request.actor,
                        intent: Intent::Pass,
                    });
                }
                answer
            } else {
                Some(RejectReason::NotYourTurn)
            }
        } else if !matches!(phase, Phase::Acting | Phase::Declaring)
            || turn.actor != Some(request.actor)
        {
            Some(RejectReason::NotYourTurn)
        } else if turn.request.is_some() || turn.approved.is_some() {
            Some(RejectReason::AlreadyRequested)
        } else {
            turn.request = Some(Request {
                actor: request.actor,
                intent: request.intent,
                from: Some(request.controller),
                legal: None,
            });
            None
        };
        if let Some(reason) = reason {
            encounter.rejections = encounter.rejections.saturating_add(1);
            log.record(|| LogEvent::Rejected {
                who: Some(combatant.id),
                intent: format!("{:?}", request.intent.kind()),
                reason: reason.to_string(),
            });
            reject(Some(encounter_entity), reason);
        }
    }
}
