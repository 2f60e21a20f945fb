//! Resolving the duel's intents: their price, opportunity attacks, then the intent.

use bevy_ecs::prelude::*;
use fray_core::cost::Timing;
use fray_core::effect::{Duration, EffectSpec, SaveDifficulty};
use fray_core::kit::{NoPause, Resolution, Step};
use fray_core::log::LogEvent;
use fray_core::prelude::Intent;
use fray_core::turn::Approved;

use super::{Ctx, DuelRules};
use crate::toys::strike::{can_act, melee_strike, stats};
use crate::toys::words::{ACTION, FIRE, MOVE, provocation};

impl Resolution for DuelRules {
    fn goes_on(ctx: &Ctx, actor: Entity) -> bool {
        can_act(ctx, actor)
    }

    /// Spends the attack or the move.
    fn pay(ctx: &mut Ctx, approved: &Approved) {
        let cost = approved.legal.cost;
        if cost.timing != Timing::Turn || cost.is_free() {
            return;
        }
        if let Some(mut f) = ctx.fighter_mut(approved.actor) {
            match cost.unit {
                ACTION => f.state.standard = false,
                MOVE => f.state.movement = false,
                _ => {}
            }
        }
    }

    /// An opportunity attack on the one leaving.
    fn react(
        ctx: &mut Ctx,
        approved: &Approved,
        kind: u8,
        reactor: Entity,
        reaction: Intent,
    ) -> bool {
        if !can_act(ctx, reactor) {
            return false;
        }
        let provoker = approved.actor;
        let (who, against) = (ctx.id(reactor), ctx.id(provoker));
        ctx.record(|_| LogEvent::Reaction {
            who,
            against,
            provocation: provocation(kind).into_owned(),
        });
        if let Intent::Attack { target, .. } = reaction {
            hit(ctx, reactor, target, "opportunity attack");
        }
        true
    }

    /// The intent itself.
    fn execute(ctx: &mut Ctx, approved: &Approved) -> Step<NoPause> {
        let actor = approved.actor;
        match approved.intent {
            Intent::Attack { target, .. } => hit(ctx, actor, target, "strike"),
            Intent::Engage { target } => ctx.engage(actor, target, true),
            Intent::Move { to } => {
                ctx.release_all(actor);
                ctx.move_to(actor, to);
            }
            Intent::Delay => delay(ctx, actor),
            _ => {}
        }
        Step::Done
    }

    /// The turn is over once it delayed, or spent its attack and its move.
    fn turn_over(ctx: &Ctx, approved: &Approved) -> bool {
        approved.intent == Intent::Delay
            || ctx
                .fighter(approved.actor)
                .is_none_or(|f| !f.state.standard && !f.state.movement)
    }
}

/// `attacker` strikes `target`; a burning attacker's hit sets it on fire.
fn hit(ctx: &mut Ctx, attacker: Entity, target: Entity, name: &str) {
    let burn = stats(ctx, attacker).map_or(0, |me| me.burn);
    if melee_strike(ctx, (attacker, target), name) && burn > 0 {
        let burn = EffectSpec::ongoing(FIRE, burn, Duration::SaveEnds(SaveDifficulty::Normal))
            .named("burn");
        ctx.apply(target, Some(attacker), burn);
    }
}

/// `actor` delays, its turn moving after the next one's.
fn delay(ctx: &mut Ctx, actor: Entity) {
    if ctx.delay_turn() {
        ctx.note(Some(actor), || "delays.".into());
    }
}
