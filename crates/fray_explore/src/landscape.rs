//! A wilderness as entities: spawned from its
//! [`WildernessSpec`](crate::wilderness::WildernessSpec), its sites (with the monsters living
//! there and their treasure) and the legs between them, and where an expedition stands in it
//! ([`Whereabouts`](crate::landscape::Whereabouts)). The sites and legs are
//! [`PartOf`](crate::place::PartOf) the wilderness, so despawning it despawns them.

use bevy_reflect::Reflect;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use bevy_ecs::entity::{EntityMapper, MapEntities};
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::place::{PartOf, Stock, Treasure};
use crate::terrain::Terrain;
use crate::wilderness::{Current, WildernessSpec};

/// A wilderness spawned into the World: the content it came from, and its sites by id. A saved
/// expedition carries its wilderness's spec whole, so it loads without the content.
#[derive(Component, Debug, Clone, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
#[component(map_entities)]
pub struct Wilderness {
    /// The content it was spawned from.
    pub spec: Arc<WildernessSpec>,
    /// Its site entities, by site id.
    pub sites: BTreeMap<String, Entity>,
    /// Its leg entities, in the spec's order.
    pub legs: Vec<Entity>,
    /// The starting site's entity.
    pub start: Entity,
}

impl MapEntities for Wilderness {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        for site in self.sites.values_mut() {
            site.map_entities(mapper);
        }
        self.legs.map_entities(mapper);
        self.start.map_entities(mapper);
    }
}

/// A site of a wilderness.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Site {
    /// Its id in the wilderness.
    pub id: String,
    /// Its display name.
    pub name: String,
    /// The terrain around it.
    pub terrain: Terrain,
}

/// A leg between two sites.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Leg {
    /// One end.
    #[entities]
    pub a: Entity,
    /// The other end.
    #[entities]
    pub b: Entity,
    /// Its length in miles.
    pub miles: u32,
    /// The ground or water it crosses.
    pub terrain: Terrain,
    /// A river's current, seen going from `a` to `b`.
    pub current: Option<Current>,
}

impl Leg {
    /// The end across from `site`, if the leg touches it.
    pub fn across(&self, site: Entity) -> Option<Entity> {
        if self.a == site {
            Some(self.b)
        } else if self.b == site {
            Some(self.a)
        } else {
            None
        }
    }

    /// The current seen going toward `to`.
    pub fn current_toward(&self, to: Entity) -> Option<Current> {
        if to == self.b {
            self.current
        } else {
            self.current.map(Current::reversed)
        }
    }
}

/// Where an expedition stands in its wilderness, and what it has reached.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Whereabouts {
    /// The wilderness entity.
    #[entities]
    pub wilderness: Entity,
    /// The site the party is at (or last left, while on a leg).
    #[entities]
    pub site: Entity,
    /// On a leg: which one, toward which site, and how far along.
    #[entities]
    pub trek: Option<Trek>,
    /// Sites reached at least once.
    #[entities]
    pub visited: BTreeSet<Entity>,
    /// The terrain of the day: the leg's while on one, else the site's.
    pub terrain: Terrain,
}

/// A leg being travelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trek {
    /// The leg.
    pub leg: Entity,
    /// The site it leads to.
    pub to: Entity,
    /// Miles covered so far.
    pub covered: u32,
    /// A river's current, seen going toward `to`.
    pub current: Option<Current>,
}

impl MapEntities for Trek {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        self.leg.map_entities(mapper);
        self.to.map_entities(mapper);
    }
}

/// Spawns a wilderness's sites and legs from its spec; returns the wilderness entity.
/// References the spec does not resolve (content validation refuses them) are left out.
pub fn spawn_wilderness(world: &mut World, spec: Arc<WildernessSpec>) -> Entity {
    let wilderness = world.spawn_empty().id();
    let mut sites = BTreeMap::new();
    for site in &spec.sites {
        if sites.contains_key(&site.id) {
            continue;
        }
        let e = world.spawn((
            PartOf(wilderness),
            Site {
                id: site.id.clone(),
                name: if site.name.is_empty() {
                    site.id.clone()
                } else {
                    site.name.clone()
                },
                terrain: site.terrain,
            },
            Stock(
                site.monsters
                    .iter()
                    .filter(|f| f.count > 0)
                    .cloned()
                    .collect(),
            ),
            Treasure(site.treasure),
        ));
        sites.insert(site.id.clone(), e.id());
    }
    let mut legs = Vec::new();
    for leg in &spec.legs {
        let (Some(&a), Some(&b)) = (sites.get(&leg.from), sites.get(&leg.to)) else {
            continue;
        };
        let e = world.spawn((
            PartOf(wilderness),
            Leg {
                a,
                b,
                miles: leg.miles,
                terrain: leg.terrain,
                current: leg.current,
            },
        ));
        legs.push(e.id());
    }
    let start = sites
        .get(&spec.start)
        .copied()
        .or_else(|| sites.values().next().copied())
        .unwrap_or(wilderness);
    world.entity_mut(wilderness).insert(Wilderness {
        spec,
        sites,
        legs,
        start,
    });
    wilderness
}
