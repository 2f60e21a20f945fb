//! Afflicting a member from a procedure: the level changes and the log says so.

use bevy_ecs::prelude::*;

use crate::log::{ExploreEvent, note};
use crate::party::{Afflictions, Character};

/// Sets `member`'s lasting affliction `name` to `level` (0 lifts it) and, if that changed
/// anything, logs [`ExploreEvent::Afflicted`] on `expedition`. Returns whether it changed; a
/// member without [`Afflictions`] is left alone.
///
/// ```
/// use bevy_ecs::prelude::*;
/// use fray_explore::affliction::afflict;
/// use fray_explore::prelude::*;
///
/// let mut world = World::new();
/// let expedition = world.spawn(ExpeditionLog::new(true)).id();
/// let member = world.spawn(Afflictions::default()).id();
/// assert!(afflict(&mut world, expedition, member, "weary", 1));
/// assert!(!afflict(&mut world, expedition, member, "weary", 1));
/// assert_eq!(world.get::<Afflictions>(member).unwrap().level("weary"), 1);
/// assert_eq!(world.get::<ExpeditionLog>(expedition).unwrap().entries().len(), 1);
/// ```
pub fn afflict(
    world: &mut World,
    expedition: Entity,
    member: Entity,
    name: &str,
    level: u8,
) -> bool {
    let changed = world
        .get_mut::<Afflictions>(member)
        .is_some_and(|mut afflictions| afflictions.set(name, level));
    if changed {
        let who = world
            .get::<Character>(member)
            .map(|c| c.name.clone())
            .unwrap_or_default();
        note(
            world,
            expedition,
            ExploreEvent::Afflicted {
                who,
                affliction: name.into(),
                level,
            },
        );
    }
    changed
}
