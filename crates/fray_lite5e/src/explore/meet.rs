//! Monsters met on the way, played out: one meeting a turn becomes a lite5e fight on the
//! combat tick, written back by the driver
//! ([`settle_fights`](fray_explore::drive::settle_fights)).
//!
//! Ruling: the seed gives lite5e no reaction or evasion procedure before a fight (chases,
//! L5-23, are not built yet), so every meeting with monsters comes to blows.

use bevy_ecs::prelude::*;
use fray_explore::meeting::{fight_next_meeting, ready_to_meet};
use fray_explore::prelude::*;

use super::Lite5eExpedition;

/// Plays out the first pending meeting of each lite5e expedition that is not fighting.
pub(super) fn meet(world: &mut World) {
    for expedition in ready_to_meet::<Lite5eExpedition>(world) {
        fight_next_meeting(world, expedition, |_, meeting| FightSetup {
            foes: meeting.foes.clone(),
            meeting: Some(meeting),
            ..FightSetup::default()
        });
    }
}
