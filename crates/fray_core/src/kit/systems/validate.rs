//! `Validate`: a waiting request is judged by the ruleset's legality check.

use bevy_ecs::message::MessageWriter;

use super::each_in_phase;
use crate::flow::phase::Phase;
use crate::kit::decision::with_reactions;
use crate::kit::{Kit, Rules};
use crate::legality::{Occasion, Scope};
use crate::log::LogEvent;
use crate::request::{ActionRejected, RejectReason};
use crate::turn::Approved;

/// `Validate`: a waiting request on a turn or a declaration is judged by the ruleset's
/// legality check, and approved with its price or refused with its reason.
pub(crate) fn validate<R: Rules>(mut kit: Kit<R>, mut rejected: MessageWriter<ActionRejected>) {
    each_in_phase(
        &mut kit,
        |phase| matches!(phase, Phase::Acting | Phase::Declaring),
        |ctx, phase| {
            let Some(request) = ctx.e.turn.request.take() else {
                return;
            };
            let occasion = if phase == Phase::Acting {
                Occasion::Turn
            } else {
                Occasion::Declaration
            };
            let judged = match request.legal {
                Some(legal) => Ok(with_reactions(
                    ctx,
                    request.actor,
                    &request.intent,
                    &occasion,
                    legal,
                )),
                None => ctx.check(request.actor, &request.intent, &occasion, Scope::Reactions),
            };
            match judged {
                Ok(legal) => {
                    ctx.e.turn.approved = Some(Approved {
                        actor: request.actor,
                        intent: request.intent,
                        legal,
                    });
                }
                Err(refusal) => {
                    let encounter = ctx.e.entity;
                    ctx.e.encounter.rejections = ctx.e.encounter.rejections.saturating_add(1);
                    let reason = RejectReason::Illegal(refusal.0.into_owned());
                    let who = ctx.e.roster.id_of(request.actor);
                    ctx.e.log.record(|| LogEvent::Rejected {
                        who,
                        intent: format!("{:?}", request.intent.kind()),
                        reason: reason.to_string(),
                    });
                    rejected.write(ActionRejected {
                        encounter: Some(encounter),
                        actor: request.actor,
                        intent: request.intent,
                        reason,
                    });
                }
            }
        },
    );
}
