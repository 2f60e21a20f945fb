//! `Aftermath`: vitals of whoever changed; a fallen actor's turn ends.

use bevy_ecs::prelude::*;

use super::rounds::{finish_declarations, next_declarer};
use super::vitals::{gather_watched, vitals};
use super::{Scratch, Watched, each_in_phase};
use crate::flow;
use crate::flow::phase::Phase;
use crate::kit::{Kit, Rules};

/// `Aftermath`: vitals of whoever changed; an actor that fell ends its turn; a declarer that
/// fell declares nothing (the next one declares).
pub(crate) fn aftermath<R: Rules>(
    mut params: ParamSet<(Watched<R>, Kit<R>)>,
    mut scratch: Local<Scratch>,
) {
    gather_watched(&params.p0(), &mut scratch.touched);
    let mut kit = params.p1();
    vitals(&mut kit, &scratch.touched);
    each_in_phase(
        &mut kit,
        |phase| matches!(phase, Phase::Acting | Phase::Reacting | Phase::Declaring),
        |ctx, phase| {
            let active = ctx
                .e
                .turn
                .actor
                .and_then(|a| ctx.m.status.get(a).ok())
                .is_some_and(|s| s.is_active());
            if active {
                return;
            }
            if phase == Phase::Declaring {
                ctx.e.turn.request = None;
                ctx.e.turn.approved = None;
                if next_declarer(ctx).is_none() {
                    finish_declarations(ctx);
                }
                return;
            }
            ctx.e.resolving.clear();
            flow::end_turn(&mut ctx.e.encounter, &mut ctx.e.turn);
        },
    );
}
