//! `Outcome`: fights that can no longer go on end; the tick's report counts every encounter.

use bevy_ecs::prelude::*;

use super::{Scratch, StatusChanged};
use crate::flow::durations;
use crate::flow::outcome::{progress, settle, side_outcome};
use crate::flow::phase::Phase;
use crate::kit::{Ctx, Kit, Rules};
use crate::outcome::{Progress, TickReport};

/// `Outcome`: a fight with at most one side able to fight, past its round limit or stalled
/// ends; what lasts only a fight ends with it; the tick's report counts every encounter.
pub(crate) fn outcome<R: Rules>(
    mut params: ParamSet<(StatusChanged<R>, Kit<R>)>,
    mut report: ResMut<TickReport>,
    mut scratch: Local<Scratch>,
) {
    scratch.encounters.clear();
    scratch
        .encounters
        .extend(params.p0().iter().map(|(_, of, _)| of.0));
    scratch.encounters.sort_unstable();
    scratch.encounters.dedup();
    let mut kit = params.p1();
    let Kit {
        encounters,
        members,
    } = &mut kit;
    for parts in encounters.iter_mut() {
        if parts.encounter.phase() == Phase::Ended {
            report.count(Progress::Ended);
            continue;
        }
        let mut ctx = Ctx::new(parts, members);
        let touched = scratch.encounters.binary_search(&ctx.e.entity).is_ok();
        let ending = if touched && ctx.e.encounter.phase() != Phase::Setup {
            side_outcome(ctx.e.roster, ctx.e.sides, |e| {
                ctx.m.status.get(e).ok().copied()
            })
        } else {
            None
        };
        let state = progress(&ctx.e.encounter, &ctx.e.turn, &ctx.e.options, |e| {
            ctx.m.controllers.get(e).is_ok_and(|c| c.is_external())
        });
        let state = {
            let e = &mut ctx.e;
            settle(&mut e.encounter, &e.turn, &mut e.log, ending, state)
        };
        if state == Progress::Ended {
            ctx.e.resolving.clear();
            {
                let (e, m) = (&mut ctx.e, &mut *ctx.m);
                durations::at_battle_end(&mut e.lineup, &mut m.conditions);
            }
            R::battle_end(&mut ctx);
            // What the fight's end changed (the fallen stabilized or dead at last) counts now:
            // no later tick of this encounter runs the turn's bookkeeping.
            let m = &mut *ctx.m;
            for entry in &ctx.e.roster.entries {
                if let (Ok(status), Ok(mut tally)) =
                    (m.status.get(entry.entity), m.tally.get_mut(entry.entity))
                {
                    tally.note_status(*status);
                }
            }
        }
        report.count(state);
    }
}
