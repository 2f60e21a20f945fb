//! Taking the treasure of a dungeon's area or a wilderness's site into the party's haul.

use bevy_ecs::prelude::*;

use crate::landscape::Site;
use crate::log::{ExploreEvent, note};
use crate::place::{Area, Haul, Treasure};

/// Takes the treasure of `area` (a dungeon's area or a wilderness's site) into the party's
/// haul.
pub(crate) fn take_treasure(world: &mut World, expedition: Entity, area: Entity) {
    let gold = match world.get_mut::<Treasure>(area) {
        Some(mut t) if t.0 > 0 => std::mem::take(&mut t.0),
        _ => return,
    };
    if let Some(mut haul) = world.get_mut::<Haul>(expedition) {
        haul.0 = haul.0.saturating_add(gold);
    }
    let name = world
        .get::<Area>(area)
        .map(|a| a.name.clone())
        .or_else(|| world.get::<Site>(area).map(|s| s.name.clone()))
        .unwrap_or_default();
    note(
        world,
        expedition,
        ExploreEvent::TreasureTaken { area: name, gold },
    );
}
