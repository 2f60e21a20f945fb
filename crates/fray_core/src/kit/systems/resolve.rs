//! `Resolve`: approved intents resolve, reaction windows close, declarations are taken.

use bevy_ecs::message::MessageWriter;

use super::each_in_phase;
use super::rounds::{finish_declarations, next_declarer};
use crate::flow::phase::Phase;
use crate::kit::resolution;
use crate::kit::{Kit, Rules};
use crate::request::{ActionRejected, ActionResolved, RejectReason};

/// `Resolve`: an approved intent resolves (its reactions first), a complete reaction window
/// closes, or a declaration is taken; every resolution is acknowledged, and every reaction a
/// player asked for that came to nothing is answered as overtaken.
pub(crate) fn resolve<R: Rules>(
    mut kit: Kit<R>,
    mut resolved: MessageWriter<ActionResolved>,
    mut rejected: MessageWriter<ActionRejected>,
) {
    each_in_phase(
        &mut kit,
        |phase| matches!(phase, Phase::Acting | Phase::Reacting | Phase::Declaring),
        |ctx, phase| {
            match phase {
                Phase::Reacting
                    if ctx.e.turn.window.is_open() && ctx.e.turn.window.is_complete() =>
                {
                    resolution::close(ctx);
                }
                Phase::Acting => {
                    if let Some(approved) = ctx.e.turn.approved.take() {
                        resolution::start(ctx, approved);
                    }
                }
                Phase::Declaring => {
                    if let Some(approved) = ctx.e.turn.approved.take() {
                        R::declare(ctx, approved.actor, approved.intent);
                        ctx.e.turn.record_resolved(approved.actor, approved.intent);
                        if R::declares_again(ctx, approved.actor, &approved.intent) {
                            // The same declarer is asked again, with fresh options.
                            ctx.e.turn.touch();
                        } else if next_declarer(ctx).is_none() {
                            finish_declarations(ctx);
                        }
                    }
                }
                _ => {}
            }
            let encounter = ctx.e.entity;
            for (actor, intent) in ctx.e.turn.overtaken.drain(..) {
                rejected.write(ActionRejected {
                    encounter: Some(encounter),
                    actor,
                    intent,
                    reason: RejectReason::Overtaken,
                });
            }
            if ctx.e.turn.resolved.is_empty() {
                return;
            }
            let count = u32::try_from(ctx.e.turn.resolved.len()).unwrap_or(u32::MAX);
            ctx.e.encounter.actions = ctx.e.encounter.actions.saturating_add(count);
            for (actor, intent) in ctx.e.turn.resolved.drain(..) {
                resolved.write(ActionResolved {
                    encounter,
                    actor,
                    intent,
                });
            }
        },
    );
}
