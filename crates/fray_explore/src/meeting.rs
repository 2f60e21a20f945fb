//! Playing out the monsters met on the way (reaction, evasion or a fight).

use bevy_ecs::prelude::*;

use crate::expedition_state::{Expedition, ExpeditionState};
use crate::fight::{FightExt, FightSetup};
use crate::fighting::Fighting;
use crate::log::{ExpeditionLog, ExploreEvent};
pub use crate::meetings::{Meeting, MeetingSource, Meetings};
use crate::time::Clock;

/// The expeditions marked with `M` (a ruleset's marker) that are under way, not fighting, and
/// have a meeting waiting: a ruleset's meeting system plays out the first of each.
pub fn ready_to_meet<M: Component>(world: &mut World) -> Vec<Entity> {
    let mut query =
        world.query_filtered::<(Entity, &Expedition, &Meetings, Has<Fighting>), With<M>>();
    query
        .iter(world)
        .filter(|(_, e, m, fighting)| {
            e.state == ExpeditionState::Underway && !fighting && !m.pending.is_empty()
        })
        .map(|(e, ..)| e)
        .collect()
}

/// Plays out `expedition`'s oldest waiting meeting as the fight `setup` builds from it; a
/// meeting with nobody in it is dropped, and a fight that cannot start is noted in the log.
pub fn fight_next_meeting(
    world: &mut World,
    expedition: Entity,
    setup: impl FnOnce(&mut World, Meeting) -> FightSetup,
) {
    let meeting = match world.get_mut::<Meetings>(expedition) {
        Some(mut m) if !m.pending.is_empty() => m.pending.remove(0),
        _ => return,
    };
    if meeting.foes.is_empty() {
        return;
    }
    let setup = setup(world, meeting);
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

/// A meeting system for a ruleset with no procedure of its own before blows (no reaction
/// roll, no evasion): each expedition marked with `M` that is ready to meet fights its oldest
/// waiting meeting, a turn at a time, on the default map. Add it to the
/// [`Meet`](crate::tick::ExploreSystems::Meet) phase with
/// [`ExploreAppExt::add_procedure_systems`](crate::procedure::ExploreAppExt::add_procedure_systems).
pub fn fight_meetings<M: Component>(world: &mut World) {
    for expedition in ready_to_meet::<M>(world) {
        fight_next_meeting(world, expedition, |_, meeting| FightSetup {
            foes: meeting.foes.clone(),
            meeting: Some(meeting),
            ..FightSetup::default()
        });
    }
}
