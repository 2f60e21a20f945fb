//! `Setup`, first: lineup rows copied again from components changed outside the kit.

use bevy_ecs::prelude::*;

use super::LineupChanged;
use crate::kit::{Rules, RulesBase};
use crate::lineup::Lineup;
use crate::turn::Turn;

/// `Setup`, first: every row of a lineup whose combatant changed since the last tick is
/// copied again from its components. The kit's own changes are there already; anything else
/// (a game between ticks, a test) marks the decision on hand stale, so it is offered again.
pub(crate) fn sync<R: Rules>(
    changed: LineupChanged<R>,
    mut encounters: Query<(&mut Lineup, &mut Turn), With<<R as RulesBase>::Battle>>,
) {
    for (who, of, parts) in &changed {
        let Ok((mut lineup, mut turn)) = encounters.get_mut(of.0) else {
            continue;
        };
        let Some(index) = lineup.index(who) else {
            continue;
        };
        let outside = lineup
            .bypass_change_detection()
            .get_mut(index)
            .is_some_and(|row| row.refresh(parts));
        if outside {
            lineup.set_changed();
            turn.touch();
        }
    }
}
