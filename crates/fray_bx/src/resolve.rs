//! Paying for and resolving an approved intent, and when a combatant's turn in a step is over.

use bevy_ecs::prelude::*;
use fray_core::cost::Cost;
use fray_core::intent::Intent;
use fray_core::kit::{self, NoPause, Resolution};
use fray_core::turn::Approved;

use crate::attack::perform;
use crate::movement::{can_step, leave};
use crate::powers::cast;
use crate::turns::{Step, step};
use crate::vocabulary::FEET;
use crate::{BxRules, Ctx};

impl Resolution for BxRules {
    /// Pays `approved`: movement from the round's feet, an attack or a power marked as made.
    fn pay(ctx: &mut Ctx, approved: &Approved) {
        let Some(mut f) = ctx.fighter_mut(approved.actor) else {
            return;
        };
        let Cost { amount, unit, .. } = approved.legal.cost;
        match approved.intent {
            Intent::Move { .. } | Intent::Engage { .. } | Intent::Flee => {
                if unit == FEET {
                    f.state.feet = f.state.feet.saturating_sub(i32::from(amount));
                }
                f.state.moved = true;
            }
            Intent::Attack { attack, .. } => {
                if let Some(bit) = 1u32.checked_shl(u32::from(attack.0)) {
                    f.state.attacked |= bit;
                }
            }
            Intent::UseAbility { ability, .. } => {
                f.state.powered = true;
                f.state.use_power(ability);
            }
            _ => {}
        }
    }

    /// Only an actor still in the fight goes on.
    fn goes_on(ctx: &Ctx, actor: Entity) -> bool {
        ctx.is_active(actor)
    }

    /// Resolves `approved`.
    fn execute(ctx: &mut Ctx, approved: &Approved) -> kit::Step<NoPause> {
        let actor = approved.actor;
        match approved.intent {
            Intent::Move { to } => ctx.move_to(actor, to),
            Intent::Engage { target } => {
                let there = ctx.region(target);
                ctx.move_to(actor, there);
                ctx.engage(actor, target, true);
            }
            Intent::Attack {
                target,
                attack,
                maneuver,
            } => perform(ctx, actor, target, attack, maneuver),
            Intent::UseAbility {
                ability,
                target: Some(target),
            } => cast(ctx, actor, ability, target),
            Intent::Flee => leave(ctx, actor),
            _ => {}
        }
        kit::Step::Done
    }

    /// Whether `approved` ends the actor's turn in this step: closing to melee, a missile, a
    /// spell or a power do; movement when no region more can be reached; melee once every melee
    /// attack is made (a character attacks once).
    fn turn_over(ctx: &Ctx, approved: &Approved) -> bool {
        let Some(f) = ctx.fighter(approved.actor) else {
            return true;
        };
        match (step(ctx), approved.intent) {
            (Step::Movement, Intent::Move { .. }) => !can_step(f.state.feet, ctx.battle().hop_feet),
            (Step::Melee | Step::Slow, Intent::Attack { .. }) => {
                let sheet = &f.sheet.0;
                sheet.character
                    || sheet
                        .attacks
                        .iter()
                        .enumerate()
                        .filter(|(_, a)| !a.is_missile())
                        .all(|(i, _)| f.state.has_attacked(u16::try_from(i).unwrap_or(u16::MAX)))
                    || !ctx.foes(approved.actor).any(|e| ctx.is_active(e))
            }
            _ => true,
        }
    }
}
