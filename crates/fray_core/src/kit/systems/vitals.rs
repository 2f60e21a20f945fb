//! Vitals: the ruleset's word on whoever its watch saw change.

use bevy_ecs::prelude::*;

use super::Watched;
use crate::flow::phase::Phase;
use crate::ids::CombatantId;
use crate::kit::{Ctx, Kit, Rules};

/// Runs [`TurnFlow::vitals`] for every combatant [`RulesBase::Watch`] saw change, encounter by
/// encounter in roster order.
pub(super) fn vitals<R: Rules>(kit: &mut Kit<R>, touched: &[(Entity, CombatantId, Entity)]) {
    let Kit {
        encounters,
        members,
    } = kit;
    for group in touched.chunk_by(|a, b| a.0 == b.0) {
        let Ok(parts) = encounters.get_mut(group[0].0) else {
            continue;
        };
        if parts.encounter.phase() == Phase::Ended {
            continue;
        }
        let mut ctx = Ctx::new(parts, members);
        for &(_, _, who) in group {
            R::vitals(&mut ctx, who);
        }
    }
}

/// Gathers the combatants [`RulesBase::Watch`] saw change, sorted by encounter and roster id.
pub(super) fn gather_watched<R: Rules>(
    watched: &Watched<R>,
    out: &mut Vec<(Entity, CombatantId, Entity)>,
) {
    out.clear();
    out.extend(watched.iter().map(|(who, of, c)| (of.0, c.id, who)));
    out.sort_unstable();
}
