//! What a client shows of an archmage fight: a combatant's action slots and the escalation die.

use crate::sheet::Sheet;
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

    /// Level, AC, PD and MD (with what conditions take off them in the fight's rolls).
    fn stats(world: &World, who: Entity) -> Vec<Gauge> {
        world.get::<Sheet>(who).map_or_else(Vec::new, |s| {
            vec![
                Gauge::stat("level", i32::from(s.0.level)),
                Gauge::stat("AC", s.0.ac),
                Gauge::stat("PD", s.0.pd),
                Gauge::stat("MD", s.0.md),
            ]
        })
    }

    fn glossary() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "escalation die",
                "from round 2 it rises by 1 a round, up to 6; heroes add it to their attacks (AR-11)",
            ),
            (
                "standard, move, quick",
                "the three actions of a turn: an attack or a power, a move, a small thing",
            ),
            (
                "ready",
                "spend the standard action to act later, just before a trigger (AR-03)",
            ),
            (
                "intercept",
                "an unengaged creature engages an enemy moving past it and stops it (AR-15)",
            ),
            (
                "AC, PD, MD",
                "armour class, physical defense and mental defense: what attacks must reach",
            ),
            (
                "recoveries",
                "a hero's store of healing, spent at 0 HP and in rests (AR-24)",
            ),
        ]
    }
}
