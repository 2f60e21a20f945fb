//! Regions: the nodes of an encounter's map, and distances counted in hops.

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use serde::{Deserialize, Serialize};

use fray_content::map::MapSpec;
pub use fray_content::map::{Light, TerrainSpec as Terrain};

use crate::ids::RegionId;

/// A region of the map.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq)]
pub struct Region {
    /// Its index in the encounter's map.
    pub id: RegionId,
    /// Its id in the map's content (`ford`, `east-bank`), which stays put when the display
    /// name is reworded or translated.
    #[serde(default)]
    pub content_id: String,
    /// Display name.
    pub name: String,
    /// Relative size.
    pub size: u16,
    /// Its ground.
    pub terrain: Terrain,
    /// Its light.
    pub light: Light,
}

/// The regions next to a region.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[component(map_entities)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct RegionLinks(pub Vec<Entity>);

impl MapEntities for RegionLinks {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        self.0.map_entities(mapper);
    }
}

/// The region a combatant stands in.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Reflect)]
#[reflect(Component, Debug, PartialEq)]
pub struct InRegion(pub RegionId);

/// How far apart two regions are, in the words rulesets use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RangeBand {
    /// The same region.
    Same,
    /// Neighbouring regions.
    Adjacent,
    /// Two or more hops apart (the number of hops).
    Far(u8),
    /// No path.
    Unreachable,
}

/// An encounter's map: region entities, names, terrain, neighbours and hop distances.
///
/// ```
/// use fray_content::map::MapSpec;
/// use fray_core::ids::RegionId;
/// use fray_core::region::{EncounterMap, RangeBand};
/// let spec = MapSpec::builtin("near-far").unwrap();
/// let map = EncounterMap::from_spec(&spec, vec![]);
/// assert_eq!(map.hops(RegionId(0), RegionId(1)), 1);
/// assert_eq!(map.band(RegionId(0), RegionId(1)), RangeBand::Adjacent);
/// ```
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[component(map_entities)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct EncounterMap {
    /// Region entities by [`RegionId`] (empty for a map not spawned into a World).
    pub entities: Vec<Entity>,
    #[serde(default)]
    content_ids: Vec<String>,
    names: Vec<String>,
    terrain: Vec<Terrain>,
    neighbours: Vec<Vec<RegionId>>,
    hops: Vec<u8>,
}

impl MapEntities for EncounterMap {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        self.entities.map_entities(mapper);
    }
}

impl EncounterMap {
    /// Hop count meaning "no path".
    pub const UNREACHABLE: u8 = u8::MAX;

    /// Builds the map of a spec; `entities` are the spawned region entities (may be empty).
    pub fn from_spec(spec: &MapSpec, entities: Vec<Entity>) -> Self {
        let n = spec.regions.len();
        let adjacency = spec.adjacency();
        let neighbours: Vec<Vec<RegionId>> = adjacency
            .iter()
            .map(|list| {
                let mut ids: Vec<RegionId> = list.iter().map(|&j| RegionId(j as u16)).collect();
                ids.sort();
                ids
            })
            .collect();
        let mut hops = vec![Self::UNREACHABLE; n * n];
        for start in 0..n {
            hops[start * n + start] = 0;
            let mut frontier = vec![start];
            let mut distance = 0u8;
            while !frontier.is_empty() && distance < Self::UNREACHABLE - 1 {
                distance += 1;
                let mut next = Vec::new();
                for &i in &frontier {
                    for &j in &adjacency[i] {
                        if hops[start * n + j] == Self::UNREACHABLE {
                            hops[start * n + j] = distance;
                            next.push(j);
                        }
                    }
                }
                frontier = next;
            }
        }
        Self {
            entities,
            content_ids: spec.regions.iter().map(|r| r.id.clone()).collect(),
            names: spec
                .regions
                .iter()
                .map(|r| {
                    if r.name.is_empty() {
                        r.id.clone()
                    } else {
                        r.name.clone()
                    }
                })
                .collect(),
            terrain: spec.regions.iter().map(|r| r.terrain).collect(),
            neighbours,
            hops,
        }
    }

    /// Number of regions.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True for a map without regions.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Every region id.
    pub fn ids(&self) -> impl Iterator<Item = RegionId> + '_ {
        (0..self.len()).map(|i| RegionId(i as u16))
    }

    /// A region's display name.
    pub fn name(&self, id: RegionId) -> &str {
        self.names.get(id.index()).map_or("?", String::as_str)
    }

    /// A region's id in the map's content (empty for a map saved before content ids were kept).
    pub fn content_id(&self, id: RegionId) -> &str {
        self.content_ids.get(id.index()).map_or("", String::as_str)
    }

    /// The region whose content id is `content_id` (what a game names in its own data: the
    /// region a trapdoor drops into), if the map has one.
    ///
    /// ```
    /// use fray_content::map::MapSpec;
    /// use fray_core::ids::RegionId;
    /// use fray_core::region::EncounterMap;
    /// let map = EncounterMap::from_spec(&MapSpec::builtin("near-far").unwrap(), vec![]);
    /// let far = map.find(map.content_id(RegionId(1))).unwrap();
    /// assert_eq!(far, RegionId(1));
    /// assert_eq!(map.find("no such region"), None);
    /// ```
    pub fn find(&self, content_id: &str) -> Option<RegionId> {
        self.content_ids
            .iter()
            .position(|c| c == content_id)
            .and_then(|i| u16::try_from(i).ok())
            .map(RegionId)
    }

    /// A region's terrain.
    pub fn terrain(&self, id: RegionId) -> Terrain {
        self.terrain.get(id.index()).copied().unwrap_or_default()
    }

    /// The regions next to `id`, in id order.
    pub fn neighbours(&self, id: RegionId) -> &[RegionId] {
        self.neighbours.get(id.index()).map_or(&[], Vec::as_slice)
    }

    /// Hops between two regions ([`Self::UNREACHABLE`] when there is no path or an id is
    /// out of range).
    #[inline]
    pub fn hops(&self, a: RegionId, b: RegionId) -> u8 {
        let n = self.len();
        if a.index() >= n || b.index() >= n {
            return Self::UNREACHABLE;
        }
        self.hops[a.index() * n + b.index()]
    }

    /// The range band between two regions.
    pub fn band(&self, a: RegionId, b: RegionId) -> RangeBand {
        match self.hops(a, b) {
            0 => RangeBand::Same,
            1 => RangeBand::Adjacent,
            Self::UNREACHABLE => RangeBand::Unreachable,
            n => RangeBand::Far(n),
        }
    }

    /// The first step from `from` on a shortest path to `to` (the lowest region id among equals),
    /// or `None` when already there or unreachable.
    pub fn step_toward(&self, from: RegionId, to: RegionId) -> Option<RegionId> {
        let d = self.hops(from, to);
        if d == 0 || d == Self::UNREACHABLE {
            return None;
        }
        self.neighbours(from)
            .iter()
            .copied()
            .find(|&n| self.hops(n, to) == d - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_content::map::RegionSpec;

    fn line(n: usize) -> MapSpec {
        let mut spec = MapSpec::builtin("single").unwrap();
        spec.regions = (0..n)
            .map(|i| RegionSpec {
                id: format!("r{i}"),
                name: String::new(),
                size: 1,
                terrain: Terrain::default(),
                light: Light::WellLit,
            })
            .collect();
        spec.links = (1..n)
            .map(|i| (format!("r{}", i - 1), format!("r{i}")))
            .collect();
        spec
    }

    #[test]
    fn hops_and_steps_follow_the_graph() {
        let map = EncounterMap::from_spec(&line(4), vec![]);
        assert_eq!(map.hops(RegionId(0), RegionId(3)), 3);
        assert_eq!(map.band(RegionId(0), RegionId(3)), RangeBand::Far(3));
        assert_eq!(map.step_toward(RegionId(0), RegionId(3)), Some(RegionId(1)));
        assert_eq!(map.step_toward(RegionId(2), RegionId(2)), None);
        assert_eq!(
            map.hops(RegionId(0), RegionId(9)),
            EncounterMap::UNREACHABLE
        );
        assert_eq!(map.name(RegionId(1)), "r1");
    }
}
