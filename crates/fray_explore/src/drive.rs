//! Playing expedition turns from code, and the fights on the way.

use bevy_ecs::prelude::*;
use fray_core::drive::{MAX_TICKS_PER_RUN, run_until_blocked};
use fray_core::encounter::Encounter;

use crate::expedition_state::{Expedition, ExpeditionEnding, ExpeditionState};
use crate::fight::FightExt;
use crate::fighting::Fighting;
use crate::log::{ExpeditionLog, ExploreEvent};
use crate::tick::ExploreTick;

/// Plays one exploration turn of every expedition under way.
pub fn explore_turn(world: &mut World) {
    world.run_schedule(ExploreTick);
}

/// Plays turns until no expedition is under way or `max_turns` turns were played; returns how
/// many were played. After each turn, the fights it started are played on the combat tick and
/// written back ([`settle_fights`]).
pub fn run_expeditions(world: &mut World, max_turns: u32) -> u32 {
    let mut played = 0;
    while played < max_turns && any_underway(world) {
        explore_turn(world);
        settle_fights(world);
        played += 1;
    }
    played
}

/// Plays the fights expeditions are in on the combat tick until each is over (or waits on an
/// external controller), then writes the finished ones back with
/// [`FightExt::end_fight`]; returns how many were written back.
pub fn settle_fights(world: &mut World) -> usize {
    let mut query = world.query::<(Entity, &Fighting)>();
    let fighting: Vec<(Entity, Entity)> =
        query.iter(world).map(|(e, f)| (e, f.encounter)).collect();
    if fighting.is_empty() {
        return 0;
    }
    let running = |world: &World| {
        fighting
            .iter()
            .any(|(_, enc)| world.get::<Encounter>(*enc).is_some_and(|e| !e.is_over()))
    };
    if running(world) {
        run_until_blocked(world, MAX_TICKS_PER_RUN);
    }
    fighting
        .iter()
        .filter(|(expedition, _)| world.end_fight(*expedition).is_ok())
        .count()
}

/// Whether any expedition is still under way.
pub fn any_underway(world: &mut World) -> bool {
    let mut query = world.query::<&Expedition>();
    query
        .iter(world)
        .any(|e| e.state == ExpeditionState::Underway)
}

/// Ends every expedition still under way as out of time (after its last allowed turn).
pub fn out_of_time(world: &mut World) {
    let mut query = world.query::<(&mut Expedition, &crate::time::Clock, &mut ExpeditionLog)>();
    for (mut expedition, clock, mut log) in query.iter_mut(world) {
        if expedition.state == ExpeditionState::Underway {
            expedition.state = ExpeditionState::Ended(ExpeditionEnding::OutOfTime);
            log.record(clock.elapsed(), || ExploreEvent::Ended {
                reason: ExpeditionEnding::OutOfTime.label().into(),
            });
        }
    }
}
