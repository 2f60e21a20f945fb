//! Saving a running encounter to RON and loading it into another World (CORE-03).
//!
//! An encounter is saved as the list of its entities - the encounter, then its members in their
//! current order - each with the RON text of every registered component. Entity references are
//! written as positions in that list and remapped to fresh entities on load, so the loaded
//! encounter (RNG state included) continues exactly as the original would have. Rulesets
//! register their own components with [`FrayAppExt::register_saved`](crate::FrayAppExt).

use std::collections::{BTreeMap, HashMap};

use bevy_ecs::entity::EntityMapper;
use bevy_ecs::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::encounter::{Encounter, EncounterMembers};

/// The save format version this build writes and reads.
pub const SAVE_FORMAT: u32 = 1;

/// A saved encounter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedEncounter {
    /// [`SAVE_FORMAT`] when written.
    pub format: u32,
    /// Entities: the encounter first, then its members.
    pub entities: Vec<SavedEntity>,
}

/// One saved entity: component name to RON text.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SavedEntity {
    /// Components by registered name.
    pub components: BTreeMap<String, String>,
}

/// Why saving or loading failed. A failed load leaves the World as it was.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SaveError {
    /// The entity is not an encounter.
    #[error("entity is not an encounter")]
    NotAnEncounter,
    /// The text is not a saved encounter.
    #[error("not a saved encounter: {0}")]
    Parse(String),
    /// Written by an incompatible version.
    #[error("save format {found} is not supported (this build reads {SAVE_FORMAT})")]
    Format {
        /// The version found.
        found: u32,
    },
    /// A component name this World does not know (a ruleset plugin is missing).
    #[error("unknown component `{0}`: is its ruleset's plugin added?")]
    UnknownComponent(String),
    /// A component failed to (de)serialize.
    #[error("component `{name}`: {message}")]
    Component {
        /// The component.
        name: String,
        /// What went wrong.
        message: String,
    },
}

type SaveFn = fn(&World, Entity, &mut dyn EntityMapper) -> Option<Result<String, String>>;
type LoadFn = fn(&mut World, Entity, &str, &mut dyn EntityMapper) -> Result<(), String>;

#[derive(Clone, Copy)]
struct SaveEntry {
    name: &'static str,
    save: SaveFn,
    load: LoadFn,
}

/// The components saved with an encounter, by name.
#[derive(Resource, Default, Clone)]
pub struct SaveRegistry {
    entries: Vec<SaveEntry>,
}

impl SaveRegistry {
    /// Registers a component under a stable name (`"fray_core::Hp"`). Its entity references are
    /// remapped through [`Component::map_entities`].
    pub fn register<C>(&mut self, name: &'static str)
    where
        C: Component + Clone + Serialize + DeserializeOwned,
    {
        if self.entries.iter().any(|e| e.name == name) {
            return;
        }
        self.entries.push(SaveEntry {
            name,
            save: save_component::<C>,
            load: load_component::<C>,
        });
    }
}

fn save_component<C: Component + Clone + Serialize>(
    world: &World,
    entity: Entity,
    mut mapper: &mut dyn EntityMapper,
) -> Option<Result<String, String>> {
    let mut value = world.get::<C>(entity)?.clone();
    C::map_entities(&mut value, &mut mapper);
    Some(ron::to_string(&value).map_err(|e| e.to_string()))
}

fn load_component<C: Component + DeserializeOwned>(
    world: &mut World,
    entity: Entity,
    text: &str,
    mut mapper: &mut dyn EntityMapper,
) -> Result<(), String> {
    let mut value: C = ron::from_str(text).map_err(|e| e.to_string())?;
    C::map_entities(&mut value, &mut mapper);
    world.entity_mut(entity).insert(value);
    Ok(())
}

/// Maps entities to and from positions in the saved list.
struct PositionMapper {
    map: HashMap<Entity, Entity>,
}

impl EntityMapper for PositionMapper {
    fn get_mapped(&mut self, source: Entity) -> Entity {
        self.map
            .get(&source)
            .copied()
            .unwrap_or(Entity::PLACEHOLDER)
    }

    fn set_mapped(&mut self, source: Entity, target: Entity) {
        self.map.insert(source, target);
    }
}

fn position_entity(i: usize) -> Entity {
    u32::try_from(i)
        .ok()
        .and_then(Entity::from_raw_u32)
        .unwrap_or(Entity::PLACEHOLDER)
}

/// Saves an encounter and everything that belongs to it as RON.
pub fn save_encounter(world: &World, encounter: Entity) -> Result<String, SaveError> {
    if world.get::<Encounter>(encounter).is_none() {
        return Err(SaveError::NotAnEncounter);
    }
    let registry = world
        .get_resource::<SaveRegistry>()
        .cloned()
        .unwrap_or_default();
    let mut entities = vec![encounter];
    if let Some(members) = world.get::<EncounterMembers>(encounter) {
        entities.extend(members.iter());
    }
    let mut mapper = PositionMapper {
        map: entities
            .iter()
            .enumerate()
            .map(|(i, e)| (*e, position_entity(i)))
            .collect(),
    };
    let mut saved = SavedEncounter {
        format: SAVE_FORMAT,
        entities: Vec::with_capacity(entities.len()),
    };
    for &entity in &entities {
        let mut out = SavedEntity::default();
        for entry in &registry.entries {
            if let Some(result) = (entry.save)(world, entity, &mut mapper) {
                let text = result.map_err(|message| SaveError::Component {
                    name: entry.name.to_string(),
                    message,
                })?;
                out.components.insert(entry.name.to_string(), text);
            }
        }
        saved.entities.push(out);
    }
    ron::ser::to_string_pretty(&saved, ron::ser::PrettyConfig::default())
        .map_err(|e| SaveError::Parse(e.to_string()))
}

/// Loads a saved encounter into `world` (which needs the same rulesets' plugins) and returns the
/// new encounter entity. On error nothing is left behind.
pub fn load_encounter(world: &mut World, text: &str) -> Result<Entity, SaveError> {
    let saved: SavedEncounter = ron::from_str(text).map_err(|e| SaveError::Parse(e.to_string()))?;
    if saved.format != SAVE_FORMAT {
        return Err(SaveError::Format {
            found: saved.format,
        });
    }
    if saved.entities.is_empty() {
        return Err(SaveError::NotAnEncounter);
    }
    let registry = world
        .get_resource::<SaveRegistry>()
        .cloned()
        .unwrap_or_default();
    for entity in &saved.entities {
        for name in entity.components.keys() {
            if !registry.entries.iter().any(|e| e.name == name) {
                return Err(SaveError::UnknownComponent(name.clone()));
            }
        }
    }
    let fresh: Vec<Entity> = saved
        .entities
        .iter()
        .map(|_| world.spawn_empty().id())
        .collect();
    let mut mapper = PositionMapper {
        map: fresh
            .iter()
            .enumerate()
            .map(|(i, e)| (position_entity(i), *e))
            .collect(),
    };
    for (entity, saved_entity) in fresh.iter().zip(&saved.entities) {
        for entry in &registry.entries {
            let Some(text) = saved_entity.components.get(entry.name) else {
                continue;
            };
            if let Err(message) = (entry.load)(world, *entity, text, &mut mapper) {
                for e in &fresh {
                    world.despawn(*e);
                }
                return Err(SaveError::Component {
                    name: entry.name.to_string(),
                    message,
                });
            }
        }
    }
    if world.get::<Encounter>(fresh[0]).is_none() {
        for e in &fresh {
            world.despawn(*e);
        }
        return Err(SaveError::NotAnEncounter);
    }
    crate::lineup::rebuild_in(world, fresh[0]);
    Ok(fresh[0])
}
