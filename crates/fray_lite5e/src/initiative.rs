//! Initiative (L5-06): combatants act in DEX score order, higher first, the same every round.
//! Ties (RULES.md's ruling): the higher DEX modifier, then a d20 rolled once by each tied
//! combatant at the start of the fight (higher first; equal rolls keep roster order). An
//! ambush breaks the order for its first round: the ambushing side acts first, in its own DEX
//! order. A combatant may delay to a slower count ([`crate::resolve`]).

use bevy_ecs::prelude::*;
use fray_core::combatant::Initiative;
use fray_core::log::LogEvent;
use fray_core::turn::TurnEntry;
use smallvec::SmallVec;

use crate::Ctx;
use crate::check::score;
use crate::sheet::{Ability, modifier};

/// Counts above every DEX score: the ambushers' first round.
const AMBUSH: i32 = 1000;

/// Sets everyone's initiative: DEX score, tie-breaker modifier x 100 + a d20 when tied.
pub fn roll(ctx: &mut Ctx) {
    let everyone: SmallVec<[Entity; 16]> = ctx.roster().entities().collect();
    let dex: SmallVec<[i32; 16]> = everyone
        .iter()
        .map(|&e| score(ctx, e, Ability::Dex))
        .collect();
    for (i, &who) in everyone.iter().enumerate() {
        let count = dex[i];
        let tied = dex.iter().filter(|&&d| d == count).count() > 1;
        let rolled = tied.then(|| ctx.roll_die(20));
        let tiebreak = rolled
            .as_ref()
            .map_or(0, |r| i32::try_from(r.total).unwrap_or(0));
        let tiebreak = modifier(count).saturating_mul(100).saturating_add(tiebreak);
        if let Some(mut init) = ctx.initiative_mut(who) {
            *init = Initiative { count, tiebreak };
        }
        if let Some(mut f) = ctx.fighter_mut(who) {
            f.state.initiative = (count, tiebreak);
        }
        let id = ctx.id(who);
        ctx.record(|_| LogEvent::Initiative {
            who: id,
            count,
            roll: None,
        });
        // The tie-breaker after the initiative it breaks.
        if let Some(r) = rolled.and_then(|r| r.roll) {
            let purpose = format!("to break the tie on initiative {count}");
            ctx.log_roll(who, &purpose, Some(r), None, None);
        }
    }
    order(ctx);
}

/// Fills the turn order from everyone's initiative; in an ambush's first round the ambushers
/// come first.
pub fn order(ctx: &mut Ctx) {
    let ambush = (ctx.round() <= 1).then_some(ctx.battle().ambush).flatten();
    let entries: SmallVec<[TurnEntry; 16]> = ctx
        .roster()
        .entities()
        .filter_map(|e| {
            let (count, tiebreak) = ctx.fighter(e)?.state.initiative;
            let first = ambush.is_some_and(|s| ctx.side(e) == Some(s));
            let count = if first {
                count.saturating_add(AMBUSH)
            } else {
                count
            };
            Some(TurnEntry::combatant(e, count, tiebreak))
        })
        .collect();
    ctx.order_mut().set(entries);
}
