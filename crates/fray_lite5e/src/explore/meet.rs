//! Monsters met on the way, played out: one meeting a turn becomes a lite5e fight on the
//! combat tick, written back by the driver
//! ([`settle_fights`](fray_explore::drive::settle_fights)).
//!
//! Ruling: the seed gives lite5e no reaction or evasion procedure before a fight (chases,
//! L5-23, are not built yet), so every meeting with monsters comes to blows.

use bevy_ecs::prelude::*;
use fray_explore::meeting::ready_to_meet;
use fray_explore::prelude::*;

use super::Lite5eExpedition;

/// Plays out the first pending meeting of each lite5e expedition that is not fighting.
pub(super) fn meet(world: &mut World) {
    for expedition in ready_to_meet::<Lite5eExpedition>(world) {
        let meeting = match world.get_mut::<Meetings>(expedition) {
            Some(mut m) if !m.pending.is_empty() => m.pending.remove(0),
            _ => continue,
        };
        if meeting.foes.is_empty() {
            continue;
        }
        let setup = FightSetup {
            foes: meeting.foes.clone(),
            meeting: Some(meeting),
            ..FightSetup::default()
        };
        if let Err(e) = world.start_fight_with(expedition, setup) {
            let at = world
                .get::<Clock>(expedition)
                .map(Clock::elapsed)
                .unwrap_or_default();
            if let Some(mut log) = world.get_mut::<ExpeditionLog>(expedition) {
                log.record(at, || ExploreEvent::NoFight {
                    reason: e.to_string(),
                });
            }
        }
    }
}
