//! `Setup`: new fights set up and begun.

use super::each_in_phase;
use crate::flow;
use crate::flow::phase::Phase;
use crate::kit::{Kit, Rules};

/// `Setup`: the ruleset sets new fights up (initiative); the fight begins.
pub(crate) fn setup<R: Rules>(mut kit: Kit<R>) {
    each_in_phase(
        &mut kit,
        |phase| phase == Phase::Setup,
        |ctx, _| {
            if ctx.e.order.is_empty() {
                R::setup(ctx);
            }
            flow::begin(&mut ctx.e.encounter);
        },
    );
}
