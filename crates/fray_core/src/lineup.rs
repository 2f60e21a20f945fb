//! The lineup: what the rules read most of every combatant of an encounter, side by side.
//!
//! The components on the combatants (`Hp`, `Status`, `InRegion`, `Conditions`, `Engagement`)
//! are the system of record. Rules read them hundreds of times per action (every candidate of
//! an offer asks who is an enemy, who is engaged, who still stands), and each read of a
//! component by entity is a random access into the World. The [`Lineup`] keeps a copy of
//! them on the encounter, one [`Row`] per combatant in roster order, so that those reads are
//! array reads:
//!
//! - the kit's context writes a component and its row together (a ruleset cannot write one
//!   without the other);
//! - at the start of every tick, the kit copies into the rows whatever anything else changed
//!   since (a game between ticks, a save loaded), and marks the decision on hand stale;
//! - spawning, resetting and loading an encounter build it afresh.
//!
//! A change a game makes to these components from a system inside the tick is seen from the
//! next tick on.

mod positions;

use bevy_ecs::prelude::*;

use self::positions::Positions;

use crate::combatant::{Hp, Status};
use crate::condition::Conditions;
use crate::effect::Effects;
use crate::encounter::{Roster, RosterEntry};
use crate::engagement::Engagement;
use crate::ids::{RegionId, SideId};
use crate::region::InRegion;

/// One combatant's copy of the components the rules read most.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// Its side.
    pub side: SideId,
    /// Its status.
    pub status: Status,
    /// Its region.
    pub region: RegionId,
    /// Its hit points.
    pub hp: Hp,
    /// Its conditions.
    pub conditions: Conditions,
    /// Its engagements.
    pub engagement: Engagement,
    /// How many effects it bears.
    pub effects: usize,
}

/// The components a [`Row`] copies, as a query reads them.
pub(crate) type RowParts<'a> = (
    &'a Status,
    &'a InRegion,
    &'a Hp,
    &'a Conditions,
    &'a Engagement,
    &'a Effects,
);

impl Row {
    /// The row of a combatant of side `side`, from its components.
    pub fn new(
        side: SideId,
        (status, region, hp, conditions, engagement, effects): RowParts<'_>,
    ) -> Self {
        Self {
            side,
            status: *status,
            region: region.0,
            hp: *hp,
            conditions: conditions.clone(),
            engagement: engagement.clone(),
            effects: effects.len(),
        }
    }

    /// The row of a combatant that has none of the components (gone from the World).
    fn missing(side: SideId) -> Self {
        Self {
            side,
            status: Status::Dead,
            region: RegionId(0),
            hp: Hp {
                current: 0,
                max: 0,
                temp: 0,
            },
            conditions: Conditions::default(),
            engagement: Engagement::default(),
            effects: 0,
        }
    }

    /// Copies the components into this row; true if anything differed.
    pub fn refresh(
        &mut self,
        (status, region, hp, conditions, engagement, effects): RowParts<'_>,
    ) -> bool {
        let mut changed = false;
        if self.effects != effects.len() {
            self.effects = effects.len();
            changed = true;
        }
        if self.status != *status {
            self.status = *status;
            changed = true;
        }
        if self.region != region.0 {
            self.region = region.0;
            changed = true;
        }
        if self.hp != *hp {
            self.hp = *hp;
            changed = true;
        }
        if self.conditions != *conditions {
            self.conditions.clone_from(conditions);
            changed = true;
        }
        if self.engagement != *engagement {
            self.engagement.clone_from(engagement);
            changed = true;
        }
        changed
    }
}

/// Every combatant of an encounter, in roster order, with a copy of what the rules read most
/// (see the [module docs](self)). Derived data: never saved, rebuilt from the components.
#[derive(Component, Debug, Clone, Default)]
pub struct Lineup {
    /// The combatants, in roster order.
    entities: Vec<Entity>,
    /// Their rows, in the same order.
    rows: Vec<Row>,
    /// Each combatant's position by entity (without it, every lookup of a 3 000-combatant
    /// fight walked the roster, and a decision that weighs every foe cost the cube of the
    /// fight's size).
    positions: Positions,
}

impl PartialEq for Lineup {
    fn eq(&self, other: &Self) -> bool {
        // The positions follow from the entities.
        self.entities == other.entities && self.rows == other.rows
    }
}

impl Eq for Lineup {}

impl Lineup {
    /// The lineup of `roster`, reading each combatant's components with `read` (a combatant
    /// without them counts as dead: positions stay roster ids).
    pub fn build(roster: &Roster, mut read: impl FnMut(&RosterEntry) -> Option<Row>) -> Self {
        let mut lineup = Self::default();
        lineup.rebuild(roster, &mut read);
        lineup
    }

    /// Builds this lineup again for `roster`, keeping its allocations.
    pub fn rebuild(&mut self, roster: &Roster, mut read: impl FnMut(&RosterEntry) -> Option<Row>) {
        self.entities.clear();
        self.rows.clear();
        for entry in &roster.entries {
            self.entities.push(entry.entity);
            self.rows
                .push(read(entry).unwrap_or_else(|| Row::missing(entry.side)));
        }
        self.positions.rebuild(&self.entities);
    }

    /// A lineup of these combatants and rows, in this order (for tools and tests that look
    /// at a fight without a World).
    pub fn from_rows(rows: impl IntoIterator<Item = (Entity, Row)>) -> Self {
        let (entities, rows): (Vec<Entity>, Vec<Row>) = rows.into_iter().unzip();
        Self {
            positions: Positions::of(&entities),
            entities,
            rows,
        }
    }

    /// The lineup of an encounter as `world` holds it now.
    pub fn read(world: &World, roster: &Roster) -> Self {
        Self::build(roster, |entry| {
            let entity = world.get_entity(entry.entity).ok()?;
            Some(Row::new(
                entry.side,
                (
                    entity.get::<Status>()?,
                    entity.get::<InRegion>()?,
                    entity.get::<Hp>()?,
                    entity.get::<Conditions>()?,
                    entity.get::<Engagement>()?,
                    entity.get::<Effects>()?,
                ),
            ))
        })
    }

    /// How many combatants.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// True for an encounter without combatants.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The position of a combatant.
    #[inline]
    pub fn index(&self, e: Entity) -> Option<usize> {
        self.positions.find(&self.entities, e)
    }

    /// A combatant's row.
    #[inline]
    pub fn row(&self, e: Entity) -> Option<&Row> {
        self.index(e).map(|i| &self.rows[i])
    }

    /// A combatant's row, to change it with its components.
    #[inline]
    pub(crate) fn row_mut(&mut self, e: Entity) -> Option<&mut Row> {
        self.index(e).map(|i| &mut self.rows[i])
    }

    /// The row at a position (a roster id's index).
    pub fn get(&self, index: usize) -> Option<&Row> {
        self.rows.get(index)
    }

    /// The row at a position, to change it with its components.
    pub(crate) fn get_mut(&mut self, index: usize) -> Option<&mut Row> {
        self.rows.get_mut(index)
    }

    /// The combatants in roster order.
    pub fn entities(&self) -> &[Entity] {
        &self.entities
    }

    /// Every combatant and its row, in roster order.
    pub fn iter(&self) -> impl Iterator<Item = (Entity, &Row)> {
        self.entities.iter().copied().zip(&self.rows)
    }

    /// The combatants whose row differs from their components in `world`, with what differs:
    /// empty when the lineup is true to the World (tests check it after every tick).
    pub fn differences(&self, world: &World, roster: &Roster) -> Vec<String> {
        let truth = Self::read(world, roster);
        if truth == *self {
            return Vec::new();
        }
        let mut out = Vec::new();
        if truth.entities != self.entities {
            out.push(format!(
                "combatants {:?} instead of {:?}",
                self.entities, truth.entities
            ));
        }
        for ((e, mine), (_, true_row)) in self.iter().zip(truth.iter()) {
            if mine != true_row {
                out.push(format!("{e}: {mine:?} instead of {true_row:?}"));
            }
        }
        out
    }
}

/// Builds the lineup of `encounter` afresh from its combatants' components (when it is
/// spawned, reset or loaded), inserting it if it has none.
pub(crate) fn rebuild_in(world: &mut World, encounter: Entity) {
    let Some(roster) = world.get::<Roster>(encounter) else {
        return;
    };
    let fresh = Lineup::read(world, roster);
    let Ok(mut entity) = world.get_entity_mut(encounter) else {
        return;
    };
    match entity.get_mut::<Lineup>() {
        Some(mut lineup) => lineup.clone_from(&fresh),
        None => {
            entity.insert(fresh);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entity(n: u32) -> Entity {
        Entity::from_raw_u32(n).unwrap_or(Entity::PLACEHOLDER)
    }

    fn lineup(len: u32) -> Lineup {
        Lineup::from_rows((0..len).map(|n| {
            let side = SideId(u8::try_from(n % 2).unwrap_or(0));
            (entity(n + 1), Row::missing(side))
        }))
    }

    #[test]
    fn a_long_lineup_finds_every_combatant_where_a_search_would() {
        for len in [0, 1, 32, 33, 3_000] {
            let lineup = lineup(len);
            for (i, &e) in lineup.entities().iter().enumerate() {
                assert_eq!(lineup.index(e), Some(i), "{len} rows");
                assert_eq!(lineup.row(e).map(|r| r.side), lineup.get(i).map(|r| r.side));
            }
            assert_eq!(lineup.index(entity(len + 10)), None, "{len} rows");
        }
    }

    #[test]
    fn spread_out_entities_and_two_generations_of_one_index_are_found_exactly() {
        // Indices far apart: too wide for a table.
        let far =
            Lineup::from_rows([1, 1_000_000, 77].map(|n| (entity(n), Row::missing(SideId(0)))));
        for (i, &e) in far.entities().iter().enumerate() {
            assert_eq!(far.index(e), Some(i));
        }
        assert_eq!(far.index(entity(2)), None);
        // One index, two generations: each found at its own place, neither for a third.
        let old = entity(5);
        let generation = |n: u32| {
            Entity::from_index_and_generation(
                old.index(),
                bevy_ecs::entity::EntityGeneration::FIRST.after_versions(n),
            )
        };
        let both = Lineup::from_rows([
            (old, Row::missing(SideId(0))),
            (generation(1), Row::missing(SideId(1))),
        ]);
        assert_eq!(both.index(old), Some(0));
        assert_eq!(both.index(generation(1)), Some(1));
        assert_eq!(both.index(generation(2)), None);
        // A stale generation is not found in a table either.
        let one = Lineup::from_rows([(old, Row::missing(SideId(0)))]);
        assert_eq!(one.index(generation(1)), None);
    }

    #[test]
    fn a_combatant_listed_twice_is_found_at_its_first_place_and_equality_ignores_the_index() {
        let rows = |n| (0..n).map(|i| (entity(1 + i % 40), Row::missing(SideId(0))));
        let long = Lineup::from_rows(rows(80));
        assert_eq!(long.index(entity(1)), Some(0));
        assert_eq!(long.index(entity(40)), Some(39));
        let mut rebuilt = long.clone();
        rebuilt.positions = Positions::default();
        assert_eq!(rebuilt, long, "the index follows from the entities");
    }
}
