//! What a client shows of a lite5e fight: a combatant's active, movement and quick actions.

use bevy_ecs::prelude::*;
use fray_core::gauge::Gauge;
use fray_core::kit::Presentation;

use crate::L5Rules;
use crate::state::L5State;

impl Presentation for L5Rules {
    fn budget(world: &World, who: Entity) -> Vec<Gauge> {
        world.get::<L5State>(who).map_or_else(Vec::new, |s| {
            vec![
                Gauge::flag("active", s.active),
                Gauge::flag("movement", s.movement),
                Gauge::flag("quick", s.quick),
            ]
        })
    }
}
