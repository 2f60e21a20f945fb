//! `TurnStart`: a round starts (maybe with declarations), then a turn.

use bevy_ecs::prelude::*;

use super::Scratch;
use super::each_in_phase;
use super::rounds::{begin_turn, finish_declarations, next_declarer, open_round};
use crate::flow;
use crate::flow::durations;
use crate::flow::phase::Phase;
use crate::kit::{Kit, RoundPlan, Rules};

/// `TurnStart`: a round starts (the ruleset's round-start rules, round-bound effects, maybe
/// declarations), then a turn: a new serial, start-of-turn effects, the ruleset's start-of-turn
/// rules, and the actor acts or not.
pub(crate) fn turn_start<R: Rules>(mut kit: Kit<R>, mut scratch: Local<Scratch>) {
    each_in_phase(
        &mut kit,
        |phase| matches!(phase, Phase::RoundStart | Phase::TurnStart),
        |ctx, _| {
            if ctx.e.encounter.phase() == Phase::RoundStart {
                let plan = R::round_start(ctx);
                if ctx.e.encounter.phase() == Phase::Ended {
                    // The ruleset concluded the fight ([`Ctx::conclude`]).
                    return;
                }
                {
                    let (e, m) = (&mut ctx.e, &mut *ctx.m);
                    durations::at_round_start(
                        e.encounter.round(),
                        &mut e.lineup,
                        &mut m.conditions,
                        &m.status,
                        &mut e.log,
                        R::vocabulary(),
                        &mut scratch.effects,
                    );
                }
                if plan == RoundPlan::Declarations {
                    ctx.e.turn.member = 0;
                    flow::declare(&mut ctx.e.encounter);
                    let first = next_declarer(ctx);
                    if first.is_none() {
                        finish_declarations(ctx);
                    }
                    return;
                }
                open_round(ctx);
            }
            if ctx.e.encounter.phase() == Phase::TurnStart {
                begin_turn(ctx, &mut scratch);
            }
        },
    );
}
