//! Spells lost to a blow or a failed save before the caster could act (BX-21).

use bevy_ecs::prelude::*;

use crate::Ctx;
use crate::pronoun::pronoun;

/// A caster hit, or failing a save, before its turn loses its declared spell (BX-21): before
/// its side has acted, or under individual initiative before its own count came (an ally who
/// acted first does not protect it). `why` says what happened to it.
pub fn disrupt(ctx: &mut Ctx, who: Entity, why: &str) {
    let Some(side) = ctx.side(who) else {
        return;
    };
    let acted = if ctx.battle().options.individual {
        ctx.fighter(who).is_some_and(|f| f.state.acted)
    } else {
        ctx.battle().begun.contains(side)
    };
    if acted {
        return;
    }
    let lost = ctx.fighter_mut(who).is_some_and(|mut f| {
        if f.state.spell().is_some() {
            f.state.spell_lost = true;
            if let Some(crate::state::Declared::Spell { power, .. }) = f.state.declared {
                f.state.use_power(power);
            }
            true
        } else {
            false
        }
    });
    if lost {
        ctx.tell(Some(who), |c| {
            let p = pronoun(c, who);
            format!(
                "{why} before {} act: {} spell is lost.",
                p.agree("it could", "they could"),
                p.possessive()
            )
        });
    }
}
