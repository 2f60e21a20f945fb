//! The fight an expedition is in, and how many it has fought.

use bevy_ecs::entity::{EntityMapper, MapEntities};
use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use serde::{Deserialize, Serialize};

use crate::meetings::Meeting;

/// The fight an expedition is in: its encounter, which combatant stands for which member,
/// and the meeting it came from.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
#[component(map_entities)]
pub struct Fighting {
    /// The encounter entity.
    pub encounter: Entity,
    /// `(member, combatant)` pairs, in marching order.
    pub members: Vec<(Entity, Entity)>,
    /// The meeting it came from, if any.
    pub meeting: Option<Meeting>,
}

impl MapEntities for Fighting {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        self.encounter.map_entities(mapper);
        for (member, combatant) in &mut self.members {
            member.map_entities(mapper);
            combatant.map_entities(mapper);
        }
        self.meeting.map_entities(mapper);
    }
}

/// How many fights an expedition has played.
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct FightCount(pub u32);
