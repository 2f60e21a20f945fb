//! What a client shows of an archmage fight: a combatant's action slots and the escalation die.

use bevy_ecs::prelude::*;
use fray_core::gauge::Gauge;
use fray_core::kit::Presentation;

use crate::ArchmageRules;
use crate::battle::Archmage;
use crate::slots::ActionSlots;

impl Presentation for ArchmageRules {
    fn budget(world: &World, who: Entity) -> Vec<Gauge> {
        world.get::<ActionSlots>(who).map_or_else(Vec::new, |s| {
            vec![
                Gauge::flag("standard", s.standard),
                Gauge::flag("move", s.movement),
                Gauge::flag("quick", s.quick),
            ]
        })
    }

    fn battle_gauges(world: &World, encounter: Entity) -> Vec<Gauge> {
        world
            .get::<Archmage>(encounter)
            .map(|b| {
                let die = i32::from(b.escalation);
                Gauge::new("escalation die", die, Some(6), format!("+{die}"))
            })
            .into_iter()
            .collect()
    }
}
