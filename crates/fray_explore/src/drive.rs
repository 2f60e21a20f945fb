//! Playing expedition turns from code.

use bevy_ecs::prelude::*;

use crate::expedition::{Expedition, ExpeditionState};
use crate::schedule::ExploreTick;

/// Plays one exploration turn of every expedition under way.
pub fn explore_turn(world: &mut World) {
    world.run_schedule(ExploreTick);
}

/// Plays turns until no expedition is under way or `max_turns` turns were played; returns how
/// many were played.
pub fn run_expeditions(world: &mut World, max_turns: u32) -> u32 {
    world
        .try_schedule_scope(ExploreTick, |world, schedule| {
            let mut played = 0;
            while played < max_turns && any_underway(world) {
                schedule.run(world);
                played += 1;
            }
            played
        })
        .unwrap_or(0)
}

/// Whether any expedition is still under way.
pub fn any_underway(world: &mut World) -> bool {
    let mut query = world.query::<&Expedition>();
    query
        .iter(world)
        .any(|e| e.state == ExpeditionState::Underway)
}
