//! Saving a running encounter (or any closed set of entities) to RON and loading it into
//! another World (CORE-03).
//!
//! A closed set of entities is saved as a list ([`save_entities`]), each with the RON text of
//! every registered component. Entity references are written as positions in that list and
//! remapped to fresh entities on load ([`load_entities`]), so what was saved (RNG state
//! included) continues exactly as the original would have. An encounter is saved as the list of
//! its entities - the encounter, then its members in their current order
//! ([`save_encounter`]); other crates save their own sets the same way (`fray_explore` saves
//! expeditions). Rulesets register their own components with
//! [`FrayAppExt::register_saved`](crate::FrayAppExt).

use std::collections::{BTreeMap, HashMap};

use bevy_ecs::change_detection::Tick;
use bevy_ecs::component::ComponentId;
use bevy_ecs::entity::EntityMapper;
use bevy_ecs::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::encounter::{Encounter, EncounterMembers};

/// The save format version this build writes and reads.
pub const SAVE_FORMAT: u32 = 1;

/// A saved set of entities (for an encounter: the encounter first, then its members).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedEntities {
    /// [`SAVE_FORMAT`] when written.
    pub format: u32,
    /// Entities, in the order they were given to [`save_entities`].
    pub entities: Vec<SavedEntity>,
    /// The saved entities' own ids ([`Entity::to_bits`]), in the same order, so a load can say
    /// which new entity stands for which saved one ([`load_encounter_mapped`]). Empty in
    /// snapshots and in saves written before it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub saved_as: Vec<u64>,
}

/// No entities yet (what [`refresh_snapshot`] fills whole).
impl Default for SavedEntities {
    fn default() -> Self {
        Self {
            format: SAVE_FORMAT,
            entities: Vec::new(),
            saved_as: Vec::new(),
        }
    }
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
    /// The entity or the saved text is not what the caller expected (`expected` says what:
    /// "an expedition").
    #[error("not {expected}")]
    NotA {
        /// What was expected, with its article.
        expected: &'static str,
    },
    /// An entity to save does not exist.
    #[error("entity {0} does not exist")]
    NoSuchEntity(Entity),
    /// The text is not a save (of an encounter or any set of entities).
    #[error("not a save: {0}")]
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
type ComponentIdFn = fn(&World) -> Option<ComponentId>;
type LoadFn = fn(&mut World, Entity, &str, &mut dyn EntityMapper) -> Result<(), String>;
type CopyFn = fn(&World, Entity, &mut World, Entity, &mut dyn EntityMapper);

#[derive(Clone, Copy)]
struct SaveEntry {
    name: &'static str,
    component: ComponentIdFn,
    save: SaveFn,
    load: LoadFn,
    copy: CopyFn,
}

/// The components saved with an encounter (or any saved set of entities), by name.
#[derive(Resource, Default, Clone)]
pub struct SaveRegistry {
    entries: Vec<SaveEntry>,
    /// Names components were saved under before, each with its name now: older saves load.
    renamed: Vec<(&'static str, &'static str)>,
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
            component: World::component_id::<C>,
            save: save_component::<C>,
            load: load_component::<C>,
            copy: copy_component::<C>,
        });
    }

    /// Loads a component saved under `old` (by an older version) as the one registered as
    /// `now`. Saves are written under `now`.
    pub fn rename(&mut self, old: &'static str, now: &'static str) {
        if !self.renamed.contains(&(old, now)) {
            self.renamed.push((old, now));
        }
    }

    /// Whether a saved component's name is registered, now or as an older name.
    fn knows(&self, name: &str) -> bool {
        self.entries.iter().any(|e| e.name == name)
            || self.renamed.iter().any(|(old, _)| *old == name)
    }

    /// The saved text of `entry`'s component in `saved`, under its name or an older one.
    fn text_in<'s>(&self, saved: &'s SavedEntity, entry: &SaveEntry) -> Option<&'s String> {
        saved.components.get(entry.name).or_else(|| {
            self.renamed
                .iter()
                .filter(|(_, now)| *now == entry.name)
                .find_map(|(old, _)| saved.components.get(*old))
        })
    }

    /// The registered names, in the order they were registered.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.entries.iter().map(|e| e.name)
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

fn copy_component<C: Component + Clone>(
    from: &World,
    entity: Entity,
    to: &mut World,
    copy: Entity,
    mut mapper: &mut dyn EntityMapper,
) {
    if let Some(value) = from.get::<C>(entity) {
        let mut value = value.clone();
        C::map_entities(&mut value, &mut mapper);
        to.entity_mut(copy).insert(value);
    }
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

/// The entities an encounter is saved as: the encounter, then its members in their current
/// order. Empty if `encounter` is not one.
pub fn encounter_entities(world: &World, encounter: Entity) -> Vec<Entity> {
    if world.get::<Encounter>(encounter).is_none() {
        return Vec::new();
    }
    let mut entities = vec![encounter];
    if let Some(members) = world.get::<EncounterMembers>(encounter) {
        entities.extend(members.iter());
    }
    entities
}

/// Saves a closed set of entities as RON: every registered component of each, in the order
/// given (an entity given twice is saved once, where it first appears). References to entities
/// in the set are written as positions in it; references to entities outside it are lost (they
/// load as [`Entity::PLACEHOLDER`]), so the set should hold everything its entities point at.
pub fn save_entities(world: &World, entities: &[Entity]) -> Result<String, SaveError> {
    let mut saved = snapshot_entities(world, entities)?;
    saved.saved_as = entities.iter().map(|e| e.to_bits()).collect();
    ron::ser::to_string_pretty(&saved, ron::ser::PrettyConfig::default())
        .map_err(|e| SaveError::Parse(e.to_string()))
}

/// What [`save_entities`] writes, before it is written: each entity's registered components,
/// each as compact RON. Two snapshots are equal exactly when the saves are (a cheaper way to
/// compare states than the saved text).
pub fn snapshot_entities(world: &World, entities: &[Entity]) -> Result<SavedEntities, SaveError> {
    let mut saved = SavedEntities::default();
    write_snapshot(world, entities, &mut saved, None, |_| true, None)?;
    Ok(saved)
}

/// A component whose saved text [`refresh_snapshot`] changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnapshotChange {
    /// The entity's position in the saved set.
    pub entity: usize,
    /// The component's registered name.
    pub component: &'static str,
    /// Its text before (`None`: the entity did not have it).
    pub before: Option<String>,
    /// Its text now (`None`: the entity no longer has it).
    pub after: Option<String>,
}

/// Brings `snapshot`, taken of `entities` by [`snapshot_entities`] or by this function (the
/// same list; an entity past the snapshot's end is written whole, so an empty
/// [`SavedEntities::default`] fills completely), up to date with what was written after the
/// change tick `since`: only the components Bevy's change detection marks as changed since
/// then are serialized again, and those removed are dropped. Components whose registered name
/// `saved` refuses are not looked at (a long log, say: start from an empty snapshot to leave
/// them out). Returns each component whose text changed.
///
/// Much cheaper than a new snapshot when little changed: a client autosaving every turn, or a
/// test proving that a refused request changed nothing. A value changed without change
/// detection (`bypass_change_detection`) is not seen. On an error the snapshot may be partly
/// refreshed: take a new one.
pub fn refresh_snapshot(
    world: &World,
    entities: &[Entity],
    snapshot: &mut SavedEntities,
    since: Tick,
    saved: impl Fn(&str) -> bool,
) -> Result<Vec<SnapshotChange>, SaveError> {
    let mut changes = Vec::new();
    write_snapshot(
        world,
        entities,
        snapshot,
        Some(since),
        saved,
        Some(&mut changes),
    )?;
    Ok(changes)
}

/// Writes into `snapshot` the components of `entities` that `saved` accepts: all of them, or
/// with `since` only those written after it (and those it does not hold yet), noting in
/// `changes` each whose text changed.
fn write_snapshot(
    world: &World,
    entities: &[Entity],
    snapshot: &mut SavedEntities,
    since: Option<Tick>,
    saved: impl Fn(&str) -> bool,
    mut changes: Option<&mut Vec<SnapshotChange>>,
) -> Result<(), SaveError> {
    let empty = SaveRegistry::default();
    let registry = world.get_resource::<SaveRegistry>().unwrap_or(&empty);
    let mut list: Vec<Entity> = Vec::with_capacity(entities.len());
    for &entity in entities {
        if world.get_entity(entity).is_err() {
            return Err(SaveError::NoSuchEntity(entity));
        }
        if !list.contains(&entity) {
            list.push(entity);
        }
    }
    let mut mapper = PositionMapper {
        map: list
            .iter()
            .enumerate()
            .map(|(i, e)| (*e, position_entity(i)))
            .collect(),
    };
    let now = world.read_change_tick();
    snapshot
        .entities
        .resize_with(list.len(), SavedEntity::default);
    for ((position, &entity), out) in list.iter().enumerate().zip(&mut snapshot.entities) {
        let Ok(found) = world.get_entity(entity) else {
            return Err(SaveError::NoSuchEntity(entity));
        };
        for entry in registry.entries.iter().filter(|e| saved(e.name)) {
            let ticks = (entry.component)(world).and_then(|id| found.get_change_ticks_by_id(id));
            let held = out.components.get(entry.name);
            let (before, after) = match (ticks, since) {
                (None, _) => match out.components.remove(entry.name) {
                    Some(before) => (Some(before), None),
                    None => continue,
                },
                (Some(ticks), Some(since)) if held.is_some() && !ticks.is_changed(since, now) => {
                    continue;
                }
                (Some(_), _) => {
                    let Some(result) = (entry.save)(world, entity, &mut mapper) else {
                        continue;
                    };
                    let text = result.map_err(|message| SaveError::Component {
                        name: entry.name.to_string(),
                        message,
                    })?;
                    if held == Some(&text) {
                        continue;
                    }
                    let after = changes.is_some().then(|| text.clone());
                    (out.components.insert(entry.name.to_string(), text), after)
                }
            };
            if let Some(changes) = changes.as_deref_mut() {
                changes.push(SnapshotChange {
                    entity: position,
                    component: entry.name,
                    before,
                    after,
                });
            }
        }
    }
    Ok(())
}

/// Loads a set of entities saved by [`save_entities`] into `world` (which needs the plugins
/// that registered their components) as fresh entities, in the saved order, and returns them.
/// `check` then looks at what was loaded (the first entity is the one the caller expects, say);
/// if it refuses, or anything else fails, every loaded entity is despawned and the World is left
/// as it was.
pub fn load_entities(
    world: &mut World,
    text: &str,
    check: impl FnOnce(&World, &[Entity]) -> Result<(), SaveError>,
) -> Result<Vec<Entity>, SaveError> {
    let saved: SavedEntities = ron::from_str(text).map_err(|e| SaveError::Parse(e.to_string()))?;
    load_saved(world, &saved, check)
}

/// [`load_entities`] of a save already read.
fn load_saved(
    world: &mut World,
    saved: &SavedEntities,
    check: impl FnOnce(&World, &[Entity]) -> Result<(), SaveError>,
) -> Result<Vec<Entity>, SaveError> {
    if saved.format != SAVE_FORMAT {
        return Err(SaveError::Format {
            found: saved.format,
        });
    }
    let registry = world
        .get_resource::<SaveRegistry>()
        .cloned()
        .unwrap_or_default();
    for entity in &saved.entities {
        for name in entity.components.keys() {
            if !registry.knows(name) {
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
            let Some(text) = registry.text_in(saved_entity, entry) else {
                continue;
            };
            if let Err(message) = (entry.load)(world, *entity, text, &mut mapper) {
                despawn_all(world, &fresh);
                return Err(SaveError::Component {
                    name: entry.name.to_string(),
                    message,
                });
            }
        }
    }
    if let Err(e) = check(world, &fresh) {
        despawn_all(world, &fresh);
        return Err(e);
    }
    Ok(fresh)
}

/// Despawns the entities still there (despawning one may have despawned others with it).
fn despawn_all(world: &mut World, entities: &[Entity]) {
    for &e in entities {
        if world.get_entity(e).is_ok() {
            world.despawn(e);
        }
    }
}

/// Copies a closed set of entities of `from` into `to` (which has the same registered
/// components, or none: a bare World takes them too) as fresh entities, in the given order,
/// and returns them: what [`save_entities`] then [`load_entities`] would make, without the
/// text. Only the components whose registered name `copied` accepts are copied (the caller
/// gives the others their own values). References between the entities are remapped to the
/// copies; references to entities outside the set become [`Entity::PLACEHOLDER`]. A missing
/// entity is an error and copies nothing. The registry is `from`'s (or `registry`, when given,
/// for a `from` that has none: a bare World holding an earlier copy).
pub fn copy_entities(
    from: &World,
    entities: &[Entity],
    to: &mut World,
    registry: Option<&SaveRegistry>,
    copied: impl Fn(&str) -> bool,
) -> Result<Vec<Entity>, SaveError> {
    let empty = SaveRegistry::default();
    let registry = registry
        .or_else(|| from.get_resource::<SaveRegistry>())
        .unwrap_or(&empty);
    if let Some(&missing) = entities.iter().find(|e| from.get_entity(**e).is_err()) {
        return Err(SaveError::NoSuchEntity(missing));
    }
    let fresh: Vec<Entity> = entities.iter().map(|_| to.spawn_empty().id()).collect();
    let mut mapper = PositionMapper {
        map: entities
            .iter()
            .copied()
            .zip(fresh.iter().copied())
            .collect(),
    };
    for (&entity, &copy) in entities.iter().zip(&fresh) {
        for entry in registry.entries.iter().filter(|e| copied(e.name)) {
            (entry.copy)(from, entity, to, copy, &mut mapper);
        }
    }
    Ok(fresh)
}

/// Saves an encounter and everything that belongs to it ([`encounter_entities`]) as RON.
pub fn save_encounter(world: &World, encounter: Entity) -> Result<String, SaveError> {
    let entities = encounter_entities(world, encounter);
    if entities.is_empty() {
        return Err(SaveError::NotAnEncounter);
    }
    save_entities(world, &entities)
}

/// Loads a saved encounter into `world` (which needs the same rulesets' plugins) and returns the
/// new encounter entity. On error nothing is left behind.
pub fn load_encounter(world: &mut World, text: &str) -> Result<Entity, SaveError> {
    load_encounter_mapped(world, text).map(|loaded| loaded.encounter)
}

/// A loaded encounter: its new entity, and which new entity stands for each saved one (a
/// game relinks its sprites, sounds and UI with it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadedEncounter {
    /// The new encounter entity.
    pub encounter: Entity,
    /// `(saved, loaded)` for every saved entity (the encounter, its combatants, its regions),
    /// in the saved order; empty for a save written before saves recorded their ids.
    pub entities: Vec<(Entity, Entity)>,
}

impl LoadedEncounter {
    /// The new entity of the saved entity `saved`.
    pub fn get(&self, saved: Entity) -> Option<Entity> {
        self.entities
            .iter()
            .find(|(s, _)| *s == saved)
            .map(|(_, loaded)| *loaded)
    }
}

/// [`load_encounter`], with the map from the saved entities to the new ones.
///
/// ```
/// use bevy_ecs::prelude::*;
/// use fray_core::save::load_encounter_mapped;
/// let mut world = World::new();
/// let before = world.query::<Entity>().iter(&world).count();
/// // Not a save: refused, nothing loaded.
/// assert!(load_encounter_mapped(&mut world, "not a save").is_err());
/// assert_eq!(world.query::<Entity>().iter(&world).count(), before);
/// ```
pub fn load_encounter_mapped(world: &mut World, text: &str) -> Result<LoadedEncounter, SaveError> {
    let saved: SavedEntities = ron::from_str(text).map_err(|e| SaveError::Parse(e.to_string()))?;
    let fresh = load_saved(world, &saved, |world, fresh| match fresh.first() {
        Some(&e) if world.get::<Encounter>(e).is_some() => Ok(()),
        _ => Err(SaveError::NotAnEncounter),
    })?;
    let encounter = fresh.first().copied().ok_or(SaveError::NotAnEncounter)?;
    restore_encounter(world, encounter);
    let entities = saved
        .saved_as
        .iter()
        .zip(&fresh)
        .filter_map(|(bits, loaded)| Some((Entity::try_from_bits(*bits)?, *loaded)))
        .collect();
    Ok(LoadedEncounter {
        encounter,
        entities,
    })
}

/// Rebuilds what an encounter derives from its saved components and does not save (its
/// lineup). [`load_encounter`] calls it; code that loads an encounter among other entities with
/// [`load_entities`] calls it on the encounter.
pub fn restore_encounter(world: &mut World, encounter: Entity) {
    crate::lineup::rebuild_in(world, encounter);
}
