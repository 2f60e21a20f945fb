//! Who is locked in melee with whom.
//!
//! Engagement is stored as directed edges: `a` *engages* `b`. Rulesets where engagement is
//! mutual (archmage) add both directions; OHO's one-way engagement adds one. The helpers keep
//! both ends of every edge in sync (the kit's context calls them, and the core drops the edges
//! of combatants that leave the fight for good).

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryFilter;
use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// A combatant's engagements.
///
/// ```
/// use bevy_ecs::prelude::*;
/// use fray_core::engagement::{engage, Engagement};
/// let mut world = World::new();
/// let a = world.spawn(Engagement::default()).id();
/// let b = world.spawn(Engagement::default()).id();
/// world.run_system_once(move |mut q: Query<&mut Engagement>| engage(&mut q, a, b, true)).unwrap();
/// # use bevy_ecs::system::RunSystemOnce;
/// assert!(world.get::<Engagement>(b).unwrap().is_engaged_with(a));
/// ```
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[component(map_entities)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct Engagement {
    engaging: Edges,
    engaged_by: Edges,
}

/// One direction of a combatant's engagements (few: no allocation for up to four).
type Edges = SmallVec<[Entity; 4]>;

impl Engagement {
    /// Whom this combatant engages.
    pub fn engaging(&self) -> &[Entity] {
        &self.engaging
    }

    /// Who engages this combatant.
    pub fn engaged_by(&self) -> &[Entity] {
        &self.engaged_by
    }

    /// Engaged in either direction with anyone.
    pub fn is_engaged(&self) -> bool {
        !(self.engaging.is_empty() && self.engaged_by.is_empty())
    }

    /// Engaged in either direction with `other`.
    pub fn is_engaged_with(&self, other: Entity) -> bool {
        self.engaging.contains(&other) || self.engaged_by.contains(&other)
    }

    /// Forgets every engagement (a fresh fight; keeps the allocations).
    pub fn clear(&mut self) {
        self.engaging.clear();
        self.engaged_by.clear();
    }

    /// Everyone engaged with this combatant in either direction, each once, in the order the
    /// engagements were made.
    pub fn foes(&self) -> impl Iterator<Item = Entity> + '_ {
        self.engaging.iter().copied().chain(
            self.engaged_by
                .iter()
                .copied()
                .filter(|e| !self.engaging.contains(e)),
        )
    }

    /// Number of distinct combatants engaged with this one.
    pub fn foe_count(&self) -> usize {
        self.foes().count()
    }
}

impl MapEntities for Engagement {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        for e in self.engaging.iter_mut().chain(self.engaged_by.iter_mut()) {
            *e = mapper.get_mapped(*e);
        }
    }
}

/// `who` engages `target` (and `target` engages `who` too when `mutual`). Idempotent.
pub fn engage<F: QueryFilter>(
    engagements: &mut Query<&mut Engagement, F>,
    who: Entity,
    target: Entity,
    mutual: bool,
) {
    if who == target {
        return;
    }
    add_edge(engagements, who, target);
    if mutual {
        add_edge(engagements, target, who);
    }
}

fn add_edge<F: QueryFilter>(engagements: &mut Query<&mut Engagement, F>, from: Entity, to: Entity) {
    if let Ok(mut e) = engagements.get_mut(from)
        && !e.engaging.contains(&to)
    {
        e.engaging.push(to);
    }
    if let Ok(mut e) = engagements.get_mut(to)
        && !e.engaged_by.contains(&from)
    {
        e.engaged_by.push(from);
    }
}

/// Removes every engagement between `a` and `b`, in both directions.
pub fn release<F: QueryFilter>(engagements: &mut Query<&mut Engagement, F>, a: Entity, b: Entity) {
    for (x, y) in [(a, b), (b, a)] {
        if let Ok(mut e) = engagements.get_mut(x)
            && e.is_engaged_with(y)
        {
            e.engaging.retain(|o| *o != y);
            e.engaged_by.retain(|o| *o != y);
        }
    }
}

/// `who` stops engaging `target`; if `target` engages `who` too, that engagement stays (for
/// one-way engagement, as OHO's).
pub fn stop_engaging<F: QueryFilter>(
    engagements: &mut Query<&mut Engagement, F>,
    who: Entity,
    target: Entity,
) {
    if let Ok(mut e) = engagements.get_mut(who) {
        e.engaging.retain(|o| *o != target);
    }
    if let Ok(mut e) = engagements.get_mut(target) {
        e.engaged_by.retain(|o| *o != who);
    }
}

/// Removes `who` from every engagement, in both directions.
pub fn release_all<F: QueryFilter>(engagements: &mut Query<&mut Engagement, F>, who: Entity) {
    loop {
        let foe = match engagements.get(who) {
            Ok(e) => e.foes().next(),
            Err(_) => return,
        };
        let Some(foe) = foe else { return };
        release(engagements, who, foe);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_ecs::system::RunSystemOnce;

    #[test]
    fn one_way_and_mutual_engagement_and_release() {
        let mut world = World::new();
        let a = world.spawn(Engagement::default()).id();
        let b = world.spawn(Engagement::default()).id();
        let c = world.spawn(Engagement::default()).id();
        world
            .run_system_once(move |mut q: Query<&mut Engagement>| {
                engage(&mut q, a, b, false);
                engage(&mut q, c, b, true);
                engage(&mut q, c, b, true);
            })
            .unwrap();
        let eb = world.get::<Engagement>(b).unwrap().clone();
        assert_eq!(eb.engaged_by(), &[a, c]);
        assert_eq!(eb.engaging(), &[c]);
        assert_eq!(eb.foe_count(), 2);
        assert!(
            !world
                .get::<Engagement>(a)
                .unwrap()
                .engaged_by()
                .contains(&b)
        );
        world
            .run_system_once(move |mut q: Query<&mut Engagement>| release_all(&mut q, b))
            .unwrap();
        for e in [a, b, c] {
            assert!(!world.get::<Engagement>(e).unwrap().is_engaged());
        }
    }

    #[test]
    fn stopping_one_way_keeps_the_other_direction() {
        let mut world = World::new();
        let a = world.spawn(Engagement::default()).id();
        let b = world.spawn(Engagement::default()).id();
        world
            .run_system_once(move |mut q: Query<&mut Engagement>| {
                engage(&mut q, a, b, true);
                stop_engaging(&mut q, a, b);
            })
            .unwrap();
        let (ea, eb) = (
            world.get::<Engagement>(a).unwrap(),
            world.get::<Engagement>(b).unwrap(),
        );
        assert_eq!((ea.engaging(), ea.engaged_by()), (&[][..], &[b][..]));
        assert_eq!((eb.engaging(), eb.engaged_by()), (&[a][..], &[][..]));
    }
}
