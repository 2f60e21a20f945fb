//! What a client shows of an OHO fight: the time left on a combatant's gauge, the numbers it
//! is judged by, and OHO's own terms.

use bevy_ecs::prelude::*;
use fray_core::gauge::Gauge;
use fray_core::kit::Presentation;

use crate::OhoRules;
use crate::gauge::Atg;
use crate::sheet::Sheet;

impl Presentation for OhoRules {
    /// The time left on `who`'s gauge, of its full gauge (`3.5s of 6.5s`).
    fn budget(world: &World, who: Entity) -> Vec<Gauge> {
        world
            .get::<Atg>(who)
            .map(|a| {
                let text = format!(
                    "{:.1}s of {:.1}s",
                    f32::from(a.remaining) / 10.0,
                    f32::from(a.max) / 10.0
                );
                Gauge::new("ATG", i32::from(a.remaining), Some(i32::from(a.max)), text)
            })
            .into_iter()
            .collect()
    }

    /// Reflex, Dodge and Fortitude ranks and the armour's damage reduction.
    fn stats(world: &World, who: Entity) -> Vec<Gauge> {
        world.get::<Sheet>(who).map_or_else(Vec::new, |s| {
            vec![
                Gauge::stat("Reflex", i32::from(s.0.reflex)),
                Gauge::stat("Dodge", i32::from(s.0.dodge)),
                Gauge::stat("Fortitude", i32::from(s.0.fortitude)),
                Gauge::stat("armour", s.0.reduction),
            ]
        })
    }

    fn glossary() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "ATG",
                "the Action/Time Gauge: 6.5 seconds each turn, spent on every action (OHO-01)",
            ),
            (
                "withhold",
                "hold an attack or a move until a trigger, for a reaction's time and its own (OHO-05)",
            ),
            (
                "Fortitude",
                "rolled against the damage of a hit: failing by more brings injuries, disabling, dying (OHO-11)",
            ),
            (
                "armour",
                "damage reduction taken off a hit before Fortitude (OHO-10)",
            ),
            (
                "called shot",
                "aim at a body part: harder to hit, worse for the target",
            ),
        ]
    }
}
