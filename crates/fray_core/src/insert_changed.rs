//! Writing components only where they differ, for resets in place.
//!
//! [`reset_encounter`](crate::spawn::SpawnEncounterExt::reset_encounter) plays a fight again
//! on the same entities. Inserting every starting component anew would mark all of them as
//! changed, so whatever watches change detection (a client's autosave, the lineup's cache, a
//! test proving a refused request changed nothing) would see the whole fight rewritten. A
//! reset writes through [`InsertChangedExt::insert_changed`] instead: a component equal to
//! the one the entity holds is left untouched, unmarked.

use bevy_ecs::component::Mutable;
use bevy_ecs::prelude::*;

/// Components that can be written into an entity only where they differ: a tuple of one to
/// eight components, each comparable.
pub trait ChangedBundle {
    /// Inserts each component the entity lacks, replaces each that differs, and leaves the
    /// equal ones as they are.
    fn write_changed(self, entity: &mut EntityWorldMut<'_>);
}

/// Writes `value` into `entity` unless it holds an equal one.
fn write_one<C: Component<Mutability = Mutable> + PartialEq>(
    entity: &mut EntityWorldMut<'_>,
    value: C,
) {
    match entity.get_mut::<C>() {
        Some(mut held) => {
            held.set_if_neq(value);
        }
        None => {
            entity.insert(value);
        }
    }
}

/// Implements [`ChangedBundle`] for a tuple of components, written in order.
macro_rules! changed_tuple {
    ($($name:ident),+) => {
        impl<$($name: Component<Mutability = Mutable> + PartialEq),+> ChangedBundle
            for ($($name,)+)
        {
            #[allow(non_snake_case)]
            fn write_changed(self, entity: &mut EntityWorldMut<'_>) {
                let ($($name,)+) = self;
                $(write_one(entity, $name);)+
            }
        }
    };
}

changed_tuple!(A);
changed_tuple!(A, B);
changed_tuple!(A, B, C);
changed_tuple!(A, B, C, D);
changed_tuple!(A, B, C, D, E);
changed_tuple!(A, B, C, D, E, F);
changed_tuple!(A, B, C, D, E, F, G);
changed_tuple!(A, B, C, D, E, F, G, H);

/// [`insert_changed`](Self::insert_changed) on an entity.
pub trait InsertChangedExt {
    /// Writes `bundle`'s components into the entity, each only where it differs from the one
    /// the entity holds (or is missing), so change detection marks only what really changed.
    /// A ruleset's [`build_combatant`](crate::spawn::Ruleset::build_combatant) writes its
    /// components this way: it runs at every reset in place too.
    fn insert_changed(&mut self, bundle: impl ChangedBundle) -> &mut Self;
}

impl InsertChangedExt for EntityWorldMut<'_> {
    fn insert_changed(&mut self, bundle: impl ChangedBundle) -> &mut Self {
        bundle.write_changed(self);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Component, Debug, Clone, Copy, PartialEq, Default)]
    struct Score(u32);

    #[derive(Component, Debug, Clone, Copy, PartialEq, Default)]
    struct Label(u8);

    /// Whether `C` of `entity` changed since the world's tick `since`.
    fn changed_since<C: Component>(world: &World, entity: Entity, since: u32) -> bool {
        let Some(ticks) = world.entity(entity).get_change_ticks::<C>() else {
            return false;
        };
        ticks.is_changed(
            bevy_ecs::change_detection::Tick::new(since),
            world.read_change_tick(),
        )
    }

    #[test]
    fn equal_components_are_left_unmarked_and_different_ones_written() {
        let mut world = World::new();
        let e = world.spawn((Score(3), Label(1))).id();
        let since = world.change_tick().get();
        world.increment_change_tick();

        world.entity_mut(e).insert_changed((Score(3), Label(2)));
        assert!(
            !changed_since::<Score>(&world, e, since),
            "equal: untouched"
        );
        assert!(
            changed_since::<Label>(&world, e, since),
            "different: written"
        );
        assert_eq!(world.get::<Label>(e), Some(&Label(2)));
    }

    #[test]
    fn missing_components_are_inserted() {
        let mut world = World::new();
        let e = world.spawn(Score(1)).id();
        world.entity_mut(e).insert_changed((Label(7),));
        assert_eq!(world.get::<Label>(e), Some(&Label(7)));
        assert_eq!(world.get::<Score>(e), Some(&Score(1)));
    }
}
