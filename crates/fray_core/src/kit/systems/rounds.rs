//! Walking the turn order: rounds open, declarations are taken in turn, turns begin.

use bevy_ecs::prelude::*;

use super::Scratch;
use crate::flow;
use crate::flow::durations;
use crate::flow::phase::Phase;
use crate::flow::walk::{self, Next};
use crate::kit::{Ctx, Rules, TurnBegins};

/// Walks from the current actor to the next one (applying the deferred status changes of
/// simultaneous steps as they end), then to its turn or the next round.
pub(super) fn walk_on<R: Rules>(ctx: &mut Ctx<R>) -> Option<Entity> {
    loop {
        let next = {
            let e = &mut ctx.e;
            walk::next(&mut e.turn, &mut e.order, e.roster, &ctx.m.status)
        };
        match next {
            Next::Actor(actor) => {
                if R::has_turn(ctx, actor) {
                    return Some(actor);
                }
            }
            Next::RoundOver => return None,
            Next::Unit(unit) => {
                let mut steps = R::steps(ctx, unit);
                steps.count = steps.count.max(1);
                ctx.e.turn.steps = steps;
            }
            Next::StepOver => {
                let mut deferred = std::mem::take(&mut ctx.e.turn.deferred);
                for &(who, status) in &deferred {
                    ctx.apply_status(who, status);
                }
                deferred.clear();
                ctx.e.turn.deferred = deferred;
            }
        }
    }
}

/// The round's turns begin: the log says so, and the first actor's turn starts (or, with
/// nobody in the order in the first round, the fight cannot start; with nobody having a turn,
/// the round passes).
pub(super) fn open_round<R: Rules>(ctx: &mut Ctx<R>) {
    {
        let e = &mut ctx.e;
        walk::open_round(&e.encounter, &mut e.turn, &mut e.order, &mut e.log);
    }
    match walk_on(ctx) {
        Some(actor) => {
            let e = &mut ctx.e;
            walk::go_to(&mut e.encounter, &mut e.turn, &mut e.log, Some(actor));
        }
        None if ctx.e.encounter.round() <= 1 && ctx.e.order.is_empty() => {
            let outcome = crate::outcome::Outcome {
                winner: None,
                ending: crate::outcome::Ending::Aborted,
                round: 0,
            };
            let e = &mut ctx.e;
            flow::end(&mut e.encounter, &mut e.log, outcome);
        }
        // Nobody has a turn this round ([`Rounds::has_turn`]), or nobody takes turns at all
        // (the fight's outcome ends it): the round passes, so the round limit still applies.
        None => {
            let e = &mut ctx.e;
            walk::go_to(&mut e.encounter, &mut e.turn, &mut e.log, None);
        }
    }
}

/// The next combatant asked to declare ([`Rounds::declares`]), after the current one.
pub(super) fn next_declarer<R: Rules>(ctx: &mut Ctx<R>) -> Option<Entity> {
    loop {
        let who = walk::next_declarer(&mut ctx.e.turn, ctx.e.roster, &ctx.m.status)?;
        if R::declares(ctx, who) {
            return Some(who);
        }
    }
}

/// Everyone has declared: the ruleset's follow-up, then the round's turns.
pub(super) fn finish_declarations<R: Rules>(ctx: &mut Ctx<R>) {
    R::declarations_done(ctx);
    ctx.e.options.clear();
    // The declarations may have ended the fight (B/X: a parley the other side accepts).
    if ctx.e.encounter.phase() != Phase::Ended {
        open_round(ctx);
    }
}

/// The actor's turn begins.
pub(super) fn begin_turn<R: Rules>(ctx: &mut Ctx<R>, scratch: &mut Scratch) {
    let actor = ctx.e.turn.actor;
    let who = actor.map(|a| ctx.id(a));
    {
        let (e, m) = (&mut ctx.e, &mut *ctx.m);
        walk::begin_turn(&mut e.encounter, &mut e.turn, &mut e.log, who);
        durations::at_turn_start(
            &e.turn,
            &mut e.lineup,
            &mut m.conditions,
            &mut e.log,
            R::vocabulary(),
            &mut scratch.effects,
        );
    }
    let Some(actor) = actor else {
        flow::open_turn(&mut ctx.e.encounter, false);
        return;
    };
    let begins = R::turn_start(ctx, actor);
    let acts = begins == TurnBegins::Act && ctx.is_active(actor);
    if begins == TurnBegins::Skip {
        flow::end_turn(&mut ctx.e.encounter, &mut ctx.e.turn);
    }
    flow::open_turn(&mut ctx.e.encounter, acts);
}
