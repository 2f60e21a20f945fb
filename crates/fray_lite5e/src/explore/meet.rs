//! Monsters met on the way, played out: one meeting a turn. A cautious party flees (a chase,
//! L5-23, [`chase`](crate::explore::chase)); one that does not flee, or is caught, fights, in the
//! dungeon's dark with the lights it carries (L5-18, [`lighting`](crate::explore::lighting)), on the
//! combat tick, written back by the driver
//! ([`settle_fights`](fray_explore::drive::settle_fights)).
//!
//! Ruling: the seed gives lite5e no reaction roll before a fight, so monsters met and not
//! escaped come to blows.

use bevy_ecs::prelude::*;
use fray_explore::meeting::{fight_next_meeting, ready_to_meet};
use fray_explore::prelude::*;

use super::Lite5eExpedition;
use super::chase::flee;
use super::lighting::fight_setup;

/// Plays out the first pending meeting of each lite5e expedition that is not fighting.
pub(super) fn meet(world: &mut World) {
    for expedition in ready_to_meet::<Lite5eExpedition>(world) {
        let cautious = world
            .get::<ExpeditionPolicy>(expedition)
            .is_some_and(|p| p.stance == Stance::Cautious);
        let first = world
            .get::<Meetings>(expedition)
            .and_then(|m| m.pending.first().cloned());
        if cautious
            && let Some(meeting) = first.filter(|m| !m.foes.is_empty())
            && flee(world, expedition, &meeting)
        {
            if let Some(mut meetings) = world.get_mut::<Meetings>(expedition) {
                meetings.pending.remove(0);
            }
            continue;
        }
        fight_next_meeting(world, expedition, |world, meeting| {
            fight_setup(world, expedition, meeting)
        });
    }
}
