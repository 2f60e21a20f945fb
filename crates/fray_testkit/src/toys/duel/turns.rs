//! The duel's initiative, turns, burns and morale.

use bevy_ecs::prelude::*;
use fray_core::combatant::Status;
use fray_core::effect::{Duration, Effect, EffectKind};
use fray_core::ids::SideId;
use fray_core::kit::{Rounds, TurnBegins, TurnFlow};
use fray_core::morale::MoraleTrigger;
use smallvec::SmallVec;

use super::{Ctx, DuelRules, DuelState, MoraleRule};
use crate::toys::initiative::roll_units;
use crate::toys::strike::fall;
use crate::toys::words::FIRE;

impl TurnFlow for DuelRules {
    /// A d20 for each combatant; the order holds every round.
    fn setup(ctx: &mut Ctx) {
        let entries = roll_units(ctx, 20);
        ctx.order_mut().set(entries);
    }

    /// A fresh attack and move.
    fn turn_start(ctx: &mut Ctx, actor: Entity) -> TurnBegins {
        if let Some(mut f) = ctx.fighter_mut(actor) {
            *f.state = DuelState {
                standard: true,
                movement: true,
            };
        }
        TurnBegins::Act
    }

    /// Morale: once half of `side` is out, the rest flees or surrenders, as the option says.
    fn morale(ctx: &mut Ctx, side: SideId, trigger: MoraleTrigger) {
        ctx.battle_mut().seen.push((side, trigger));
        let status = match (trigger, ctx.battle().morale) {
            (MoraleTrigger::HalfOut, MoraleRule::Flee) => Status::Fled,
            (MoraleTrigger::HalfOut, MoraleRule::Surrender) => Status::Surrendered,
            _ => return,
        };
        let standing: SmallVec<[Entity; 8]> = ctx
            .roster()
            .side(side)
            .filter(|&e| ctx.is_active(e))
            .collect();
        for who in standing {
            ctx.set_status(who, status);
        }
    }

    /// The end of a burning creature's turn: each burn deals its damage, then a save (11+ on a
    /// d20) puts it out. A creature the burns slew rolls no more saves.
    fn turn_end(ctx: &mut Ctx, actor: Entity) {
        let serial = ctx.turn().serial();
        let due: SmallVec<[Effect; 4]> = ctx
            .effects(actor)
            .map(|list| {
                list.iter()
                    .filter(|e| {
                        matches!(e.kind, EffectKind::Ongoing(_)) && e.due_at_turn_end(serial)
                    })
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        for effect in due {
            if ctx.hp(actor).is_none_or(|hp| hp.current <= 0) {
                return;
            }
            ctx.deal_damage(actor, effect.magnitude, FIRE, Some("burn"), effect.source);
            ctx.mark_checked(actor, effect.serial, serial);
            if let Duration::SaveEnds(difficulty) = effect.duration
                && ctx.hp(actor).is_some_and(|hp| hp.current > 0)
            {
                let save = ctx.roll_die(20);
                let target = i64::from(difficulty.target());
                let saved = save.total >= target;
                ctx.log_roll(
                    actor,
                    "save against the burn",
                    save.roll,
                    Some(target),
                    Some(saved),
                );
                if saved {
                    ctx.end_effect(actor, effect.serial);
                }
            }
        }
    }

    /// At 0 hit points a creature dies.
    fn vitals(ctx: &mut Ctx, who: Entity) {
        fall(ctx, who);
    }
}

impl Rounds for DuelRules {}
