//! A game's edit of a combatant, made in its ruleset's context: the same operations the rules
//! use, then the ruleset's word on it, then the decision offered again.

use bevy_ecs::prelude::*;
use bevy_ecs::system::SystemState;

use crate::combatant::Status;
use crate::edit::{Edit, EditError};
use crate::kit::{Ctx, Kit, Rules, systems};
use crate::log::LogEvent;

/// Runs `play` with the context of `encounter` of ruleset `R`, out of the schedule (`None` when
/// it is not one of `R`'s encounters).
pub(crate) fn with_ctx<R: Rules, T>(
    world: &mut World,
    encounter: Entity,
    play: impl FnOnce(&mut Ctx<'_, '_, '_, '_, R>) -> T,
) -> Option<T> {
    let mut state = SystemState::<Kit<R>>::new(world);
    let out = {
        let Kit {
            mut encounters,
            mut members,
        } = state.get_mut(world).ok()?;
        let parts = encounters.get_mut(encounter).ok()?;
        let mut ctx = Ctx::new(parts, &mut members);
        play(&mut ctx)
    };
    state.apply(world);
    Some(out)
}

/// Makes `edit` to `who` (see [`crate::edit::apply`]): checked against its state, logged as
/// the game's, made with the context's operations, then [`TurnFlow::edited`](crate::kit::TurnFlow::edited) and
/// [`TurnFlow::vitals`](crate::kit::TurnFlow::vitals), and the decision on hand offered again.
pub(crate) fn apply<R: Rules>(
    ctx: &mut Ctx<R>,
    who: Entity,
    edit: Edit,
    why: &str,
) -> Result<(), EditError> {
    let Some(hp) = ctx.hp(who) else {
        return Err(EditError::NotACombatant);
    };
    let status = ctx.status(who);
    match edit {
        Edit::Heal(_) | Edit::Damage(_) | Edit::SetHp(_) | Edit::MoveTo(_) | Edit::Remove
            if status.is_gone() =>
        {
            return Err(EditError::Gone(status));
        }
        Edit::Revive(_) if status.is_active() => return Err(EditError::AlreadyActive),
        Edit::SetStatus(Status::Active) if hp.current <= 0 => {
            return Err(EditError::NoHitPoints(hp.current));
        }
        Edit::MoveTo(to) if usize::from(to.0) >= ctx.map().len() => {
            return Err(EditError::NoSuchRegion(to, ctx.map().len()));
        }
        _ => {}
    }
    if ctx.logging() {
        let id = ctx.id(who);
        ctx.log_mut().push(LogEvent::Edited {
            who: id,
            edit,
            why: why.to_string(),
        });
    }
    match edit {
        Edit::Heal(n) => {
            ctx.heal(who, n);
        }
        Edit::Damage(n) => {
            ctx.deal_damage(who, n, Default::default(), Some(why), None);
        }
        Edit::SetHp(n) => {
            let floor = R::HP_FLOOR.unwrap_or(hp.max.saturating_neg());
            ctx.change_hp(who, |h| h.current = n.clamp(floor.min(h.max), h.max));
        }
        Edit::Revive(n) => {
            ctx.change_hp(who, |h| h.current = n.clamp(1.min(h.max), h.max));
            ctx.apply_status(who, Status::Active);
        }
        Edit::MoveTo(to) => {
            ctx.release_all(who);
            ctx.move_to(who, to);
        }
        Edit::Remove => {
            ctx.release_all(who);
            ctx.apply_status(who, Status::Fled);
        }
        Edit::SetStatus(s) => {
            if !s.is_active() {
                ctx.release_all(who);
            }
            ctx.apply_status(who, s);
        }
    }
    if matches!(edit, Edit::Revive(_) | Edit::Remove | Edit::SetStatus(_)) {
        // The game's status stands: a fall waiting for a simultaneous step's end is cancelled.
        ctx.e.turn.forget_deferred(who);
    }
    R::edited(ctx, who, edit);
    R::vitals(ctx, who);
    ctx.touch();
    systems::reoffer(ctx);
    Ok(())
}
