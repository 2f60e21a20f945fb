//! Saving an expedition mid-way and loading it into another World, where it continues exactly
//! as the original would have.
//!
//! An expedition is saved with `fray_core`'s
//! [`save_entities`](fray_core::save::save_entities): the expedition entity, its members, its
//! place (the dungeon or wilderness entity and every area, passage, site and leg
//! [`PartOf`](crate::place::PartOf) it) and the fight under way, if any (its encounter and combatants). Every
//! component carrying expedition state is registered by type, under the name its type gives
//! (`fray_explore::Party`, `fray_core::persistent::saved_name`): this crate's in
//! [`FrayExplorePlugin`](crate::FrayExplorePlugin), each ruleset's in its explore plugin. The
//! expedition's own dice ([`ExpeditionRng`](crate::rng::ExpeditionRng)) are saved with
//! their state, so the loaded expedition draws the same numbers.
//!
//! Content is not saved: a dungeon or wilderness carries its spec whole
//! ([`Dungeon::spec`](crate::place::Dungeon::spec),
//! [`Wilderness::spec`](crate::landscape::Wilderness::spec)), so a save loads even if the
//! content changed since; statblocks are referenced by id, and fights need the same rulesets'
//! plugins (and the `Content` resource) in the World the save is loaded into.

use std::collections::HashSet;

use bevy_app::App;
use bevy_ecs::prelude::*;
use fray_core::FrayAppExt;
use fray_core::persistent::saved_name;
use fray_core::save::{
    SaveError, encounter_entities, load_entities, restore_encounter, save_entities,
};

use crate::activity::{CurrentActivity, Plan};
use crate::death::DiedAt;
use crate::expedition_state::Expedition;
use crate::fighting::{FightCount, Fighting};
use crate::journey::{DayMarch, March};
use crate::landscape::{Leg, Site, Whereabouts, Wilderness};
use crate::light::Light;
use crate::log::ExpeditionLog;
use crate::meetings::Meetings;
use crate::mount::Mounts;
use crate::party::{Afflictions, Character, MemberOf, Party, PartyMembers, Supplies, Vitals};
use crate::place::{
    Area, Discoveries, Door, Dungeon, DungeonParts, Haul, Pace, PartOf, Passage, Position, Stock,
    Trap, Treasure,
};
use crate::policy::{ExpeditionPolicy, PolicyState};
use crate::rng::ExpeditionRng;
use crate::time::Clock;
use crate::timekeeping::{Timekeeping, TurnSpan};
use crate::vessel::Vessel;
use crate::xp::XpGained;

/// What a saved expedition's first entity must be.
const EXPEDITION: &str = "an expedition";

/// Registers this crate's components that carry expedition state.
pub(crate) fn register(app: &mut App) {
    app.persist::<(
        Expedition,
        ExpeditionRng,
        ExpeditionLog,
        Clock,
        Timekeeping,
        TurnSpan,
        Party,
        Plan,
        CurrentActivity,
        Meetings,
        FightCount,
        Fighting,
    )>()
    .persist::<(
        Position,
        Pace,
        Discoveries,
        Haul,
        ExpeditionPolicy,
        PolicyState,
        Whereabouts,
        March,
        DayMarch,
        Vessel,
        Mounts,
        MemberOf,
    )>()
    .persist::<(
        Character,
        Vitals,
        Supplies,
        Afflictions,
        XpGained,
        DiedAt,
        Light,
        Dungeon,
        Wilderness,
        PartOf,
        Area,
        Stock,
    )>()
    .persist::<(Treasure, Trap, Passage, Door, Site, Leg)>()
    // Saved as `Member` before it was `MemberOf`.
    .rename_saved("fray_explore::Member", saved_name::<MemberOf>());
}

/// The entities an expedition is saved as, the expedition first: its members (in the order
/// they joined), its place and the place's parts, and the fight under way's encounter and
/// combatants. Empty if `expedition` is not one.
pub fn expedition_entities(world: &World, expedition: Entity) -> Vec<Entity> {
    if world.get::<Expedition>(expedition).is_none() {
        return Vec::new();
    }
    let mut entities = vec![expedition];
    if let Some(members) = world.get::<PartyMembers>(expedition) {
        entities.extend(members.iter());
    }
    if let Some(party) = world.get::<Party>(expedition) {
        entities.extend(party.order.iter().copied());
    }
    let place = world
        .get::<Position>(expedition)
        .map(|p| p.dungeon)
        .or_else(|| world.get::<Whereabouts>(expedition).map(|w| w.wilderness));
    if let Some(place) = place {
        entities.push(place);
        if let Some(parts) = world.get::<DungeonParts>(place) {
            entities.extend(parts.iter());
        }
    }
    if let Some(fighting) = world.get::<Fighting>(expedition) {
        entities.extend(encounter_entities(world, fighting.encounter));
    }
    let mut seen = HashSet::with_capacity(entities.len());
    entities.retain(|e| seen.insert(*e));
    entities
}

/// Saves an expedition and every entity belonging to it ([`expedition_entities`]) as RON.
/// Load it with [`load_expedition`].
pub fn save_expedition(world: &World, expedition: Entity) -> Result<String, SaveError> {
    let entities = expedition_entities(world, expedition);
    if entities.is_empty() {
        return Err(SaveError::NotA {
            expected: EXPEDITION,
        });
    }
    save_entities(world, &entities)
}

/// Loads an expedition saved by [`save_expedition`] into `world` and returns the new
/// expedition entity. The World needs the same plugins as the one it was saved from
/// ([`FrayExplorePlugin`](crate::FrayExplorePlugin), the rulesets' plugins and explore
/// plugins) and, to play on, the same content. On error (text that is no saved expedition, a
/// format this build does not read, a component no plugin registered) the World is left as it
/// was.
pub fn load_expedition(world: &mut World, text: &str) -> Result<Entity, SaveError> {
    let fresh = load_entities(world, text, |world, fresh| match fresh.first() {
        Some(&e) if world.get::<Expedition>(e).is_some() => Ok(()),
        _ => Err(SaveError::NotA {
            expected: EXPEDITION,
        }),
    })?;
    let expedition = fresh.first().copied().ok_or(SaveError::NotA {
        expected: EXPEDITION,
    })?;
    if let Some(encounter) = world.get::<Fighting>(expedition).map(|f| f.encounter) {
        restore_encounter(world, encounter);
    }
    Ok(expedition)
}
