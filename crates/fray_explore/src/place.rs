//! Places as entities: a dungeon spawned from its [`DungeonSpec`](crate::dungeon::DungeonSpec), its areas and the passages
//! between them (each an entity whose state changes as the party goes: doors forced or found,
//! traps sprung, monsters slain, treasure taken), and where an expedition stands in it.

use bevy_reflect::Reflect;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use bevy_ecs::entity::{EntityMapper, MapEntities};
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::dungeon::{DoorState, DungeonSpec, TrapCheck};
use crate::foes::Foes;

/// A dungeon spawned into the World: the content it came from, and its areas by id. A saved
/// expedition carries its dungeon's spec whole, so it loads without the content.
#[derive(Component, Debug, Clone, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
#[component(map_entities)]
pub struct Dungeon {
    /// The content it was spawned from.
    pub spec: Arc<DungeonSpec>,
    /// Its area entities, by area id.
    pub areas: BTreeMap<String, Entity>,
    /// Its passage entities, in the spec's order.
    pub passages: Vec<Entity>,
    /// The entrance's area entity.
    pub entrance: Entity,
}

impl MapEntities for Dungeon {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        for area in self.areas.values_mut() {
            area.map_entities(mapper);
        }
        self.passages.map_entities(mapper);
        self.entrance.map_entities(mapper);
    }
}

/// Marks an area or a passage as part of a dungeon, or a site or a leg as part of a
/// wilderness (despawning the dungeon or wilderness despawns them).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
#[relationship(relationship_target = DungeonParts)]
pub struct PartOf(pub Entity);

/// Every area and passage of a dungeon (or site and leg of a wilderness).
#[derive(Component, Debug, Default)]
#[relationship_target(relationship = PartOf, linked_spawn)]
pub struct DungeonParts(Vec<Entity>);

/// An area of a dungeon.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Area {
    /// Its id in the dungeon.
    pub id: String,
    /// Its display name.
    pub name: String,
    /// Its level (which wandering table applies there).
    pub level: u8,
}

/// The monsters living in an area, until they are beaten.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Stock(pub Vec<Foes>);

/// Treasure lying in an area, in gold pieces, until taken.
#[derive(
    Component, Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Treasure(pub u32);

/// A trap in an area.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Trap {
    /// What it is.
    pub name: String,
    /// Its damage, in dice notation.
    pub damage: String,
    /// The dangerous check its victim makes to avoid it, if any.
    pub check: Option<TrapCheck>,
    /// The affliction it gives when it strikes, if any (the ruleset's name).
    pub afflicts: Option<String>,
    /// Found by a search: the party goes around it.
    pub found: bool,
    /// Already sprung: it does not spring again.
    pub sprung: bool,
}

/// A passage between two areas.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Passage {
    /// One end.
    #[entities]
    pub a: Entity,
    /// The other end.
    #[entities]
    pub b: Entity,
    /// Its length in feet.
    pub feet: u32,
}

impl Passage {
    /// The end across from `area`, if the passage touches it.
    pub fn across(&self, area: Entity) -> Option<Entity> {
        if self.a == area {
            Some(self.b)
        } else if self.b == area {
            Some(self.a)
        } else {
            None
        }
    }
}

/// A door on a passage.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Door {
    /// Its id in the dungeon.
    pub id: String,
    /// How it stands now (a forced door is `Open`; a found secret door too).
    pub state: DoorState,
}

/// Where an expedition stands in its dungeon, what it has crossed and what is still ahead.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Position {
    /// The dungeon entity.
    #[entities]
    pub dungeon: Entity,
    /// The area the party is in (or last left, while on a passage).
    #[entities]
    pub area: Entity,
    /// On a passage: which one, toward which area, and how far along, in feet.
    #[entities]
    pub travel: Option<Travel>,
    /// Areas entered at least once.
    #[entities]
    pub visited: BTreeSet<Entity>,
    /// Passages crossed at least once (familiar ground: some rulesets move faster there).
    #[entities]
    pub familiar: BTreeSet<Entity>,
}

/// A passage being crossed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Travel {
    /// The passage.
    pub passage: Entity,
    /// The area it leads to.
    pub to: Entity,
    /// Feet covered so far.
    pub covered: u32,
}

impl MapEntities for Travel {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        self.passage.map_entities(mapper);
        self.to.map_entities(mapper);
    }
}

/// How far the party moves in one turn, in feet: through unknown ground, and along passages
/// it has crossed before. Set by the ruleset when the expedition is spawned.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Pace {
    /// Feet per turn in unknown ground.
    pub unknown: u32,
    /// Feet per turn along familiar passages.
    pub familiar: u32,
}

impl Default for Pace {
    fn default() -> Self {
        Self {
            unknown: 120,
            familiar: 120,
        }
    }
}

/// Areas where a search succeeded: their secret doors are found and their traps too (the
/// ruleset's search procedure adds to it; the model's movement reads it).
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Discoveries {
    /// Area ids searched with success.
    pub searched: BTreeSet<String>,
}

/// The treasure the party has taken, in gold pieces.
#[derive(
    Component, Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Haul(pub u32);

/// Spawns a dungeon's areas and passages from its spec; returns the dungeon entity.
/// References the spec does not resolve (content validation refuses them) are left out.
pub fn spawn_dungeon(world: &mut World, spec: Arc<DungeonSpec>) -> Entity {
    let dungeon = world.spawn_empty().id();
    let mut areas = BTreeMap::new();
    for area in &spec.areas {
        if areas.contains_key(&area.id) {
            continue;
        }
        let mut e = world.spawn((
            PartOf(dungeon),
            Area {
                id: area.id.clone(),
                name: if area.name.is_empty() {
                    area.id.clone()
                } else {
                    area.name.clone()
                },
                level: area.level,
            },
            Stock(
                area.monsters
                    .iter()
                    .filter(|f| f.count > 0)
                    .cloned()
                    .collect(),
            ),
            Treasure(area.treasure),
        ));
        if let Some(trap) = &area.trap {
            e.insert(Trap {
                name: trap.name.clone(),
                damage: trap.damage.clone(),
                check: trap.check.clone(),
                afflicts: trap.afflicts.clone(),
                found: false,
                sprung: false,
            });
        }
        areas.insert(area.id.clone(), e.id());
    }
    let mut passages = Vec::new();
    for passage in &spec.passages {
        let (Some(&a), Some(&b)) = (areas.get(&passage.from), areas.get(&passage.to)) else {
            continue;
        };
        let mut e = world.spawn((
            PartOf(dungeon),
            Passage {
                a,
                b,
                feet: passage.feet,
            },
        ));
        if let Some(door) = &passage.door {
            e.insert(Door {
                id: door.id.clone(),
                state: door.state,
            });
        }
        passages.push(e.id());
    }
    let entrance = areas
        .get(&spec.entrance)
        .copied()
        .or_else(|| areas.values().next().copied())
        .unwrap_or(dungeon);
    world.entity_mut(dungeon).insert(Dungeon {
        spec,
        areas,
        passages,
        entrance,
    });
    dungeon
}
