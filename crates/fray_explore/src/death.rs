//! When members died: [`DiedAt`](crate::death::DiedAt), on the expedition's clock, for every ruleset alike.
//!
//! The model marks a member the moment it finds it dead: a fight written back
//! ([`FightExt::end_fight`](crate::fight::FightExt::end_fight), after the ruleset's
//! [`Procedure::leave_fight`](crate::procedure::Procedure::leave_fight)), and every turn in
//! `Outcome` ([`ExploreSystems`](crate::tick::ExploreSystems)), after traps, the
//! ruleset's procedures and the clock moving on. Either way the time is the end of the turn the
//! member died in (a fight is written back once its turn's clock has moved on), so a death
//! falls in the same turn whatever killed it.

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use serde::{Deserialize, Serialize};

use crate::party::{Life, MemberOf, Vitals};
use crate::time::{Clock, GameTime};

/// When a dead member died, on its expedition's clock (the end of the turn it died in).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct DiedAt(pub GameTime);

/// Marks every dead member not marked yet with its expedition's clock.
pub(crate) fn note_deaths(
    members: Query<(Entity, &MemberOf, &Vitals), Without<DiedAt>>,
    clocks: Query<&Clock>,
    mut commands: Commands,
) {
    for (entity, member, vitals) in &members {
        if vitals.life == Life::Dead {
            let at = clocks.get(member.0).map_or(GameTime::ZERO, Clock::elapsed);
            commands.entity(entity).insert(DiedAt(at));
        }
    }
}

/// Marks `member` with its expedition's clock if it is dead and not marked yet.
pub(crate) fn note_death(world: &mut World, member: Entity) {
    let dead = world
        .get::<Vitals>(member)
        .is_some_and(|v| v.life == Life::Dead);
    if !dead || world.get::<DiedAt>(member).is_some() {
        return;
    }
    let at = world
        .get::<MemberOf>(member)
        .and_then(|m| world.get::<Clock>(m.0))
        .map_or(GameTime::ZERO, Clock::elapsed);
    world.entity_mut(member).insert(DiedAt(at));
}
