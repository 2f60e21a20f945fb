//! `TurnEnd`: end-of-turn rules and effects, the next actor, and the bookkeeping of the gone.

use bevy_ecs::prelude::*;

use super::bookkeeping::{book_status, mirror_engagements, note_triggers};
use super::rounds::walk_on;
use super::vitals::{gather_watched, vitals};
use super::{Scratch, TurnEndParams};
use crate::flow::durations;
use crate::flow::outcome::{battle_start_due, note_battle_start};
use crate::flow::phase::Phase;
use crate::flow::walk::{self};
use crate::kit::{Ctx, Kit, Rules};

/// `TurnEnd`: the ruleset's end-of-turn rules (and the vitals they call for), effects that end
/// with the turn, the next actor or round; then engagements of the gone are dropped, falls are
/// counted and morale triggers noted.
pub(crate) fn turn_end<R: Rules>(mut params: TurnEndParams<R>, mut scratch: Local<Scratch>) {
    {
        let mut kit = params.p2();
        let Kit {
            encounters,
            members,
        } = &mut kit;
        for parts in encounters.iter_mut() {
            if parts.encounter.phase() != Phase::TurnEnd || parts.turn.delayed {
                continue;
            }
            let Some(actor) = parts.turn.actor else {
                continue;
            };
            let mut ctx = Ctx::new(parts, members);
            R::turn_end(&mut ctx, actor);
        }
    }
    gather_watched(&params.p0(), &mut scratch.touched);
    {
        let mut kit = params.p2();
        vitals(&mut kit, &scratch.touched);
        let Kit {
            encounters,
            members,
        } = &mut kit;
        for parts in encounters.iter_mut() {
            if parts.encounter.phase() != Phase::TurnEnd {
                continue;
            }
            let mut ctx = Ctx::new(parts, members);
            let who = ctx.e.turn.actor.map(|a| ctx.id(a));
            {
                let (e, m) = (&mut ctx.e, &mut *ctx.m);
                durations::at_turn_end(
                    &e.turn,
                    &mut e.lineup,
                    &mut m.conditions,
                    &mut e.log,
                    R::vocabulary(),
                    &mut scratch.effects,
                );
                walk::finish_turn(&mut e.turn, &mut e.log, who);
            }
            let next = walk_on(&mut ctx);
            let e = &mut ctx.e;
            walk::go_to(&mut e.encounter, &mut e.turn, &mut e.log, next);
        }
    }
    // Bookkeeping.
    let scratch = &mut *scratch;
    scratch.gone.clear();
    scratch
        .gone
        .extend(params.p1().iter().map(|(who, of, s)| (of.0, who, *s)));
    scratch
        .gone
        .sort_unstable_by_key(|(encounter, who, _)| (*encounter, *who));
    scratch.unsettled.clear();
    scratch.unsettled.extend(params.p3().iter().map(|of| of.0));
    scratch.unsettled.sort_unstable();
    scratch.unsettled.dedup();
    let mut kit = params.p2();
    let Kit {
        encounters,
        members,
    } = &mut kit;
    scratch.encounters.clear();
    scratch.released.clear();
    for &(encounter, who, status) in &scratch.gone {
        book_status(members, who, status, &mut scratch.released);
        if scratch.encounters.last() != Some(&encounter) {
            scratch.encounters.push(encounter);
        }
    }
    for mut parts in encounters.iter_mut() {
        let touched = scratch.encounters.binary_search(&parts.entity).is_ok();
        if touched {
            // The engagements of the gone were dropped above: their rows follow.
            mirror_engagements(&mut parts.lineup, members, &scratch.released);
        }
        let touched = touched || scratch.unsettled.binary_search(&parts.entity).is_ok();
        if battle_start_due(&parts.encounter, &parts.morale) {
            note_battle_start(
                &parts.encounter,
                parts.sides,
                &mut parts.morale,
                &mut parts.log,
            );
        }
        if touched {
            note_triggers(&mut parts, members);
        }
    }
}
