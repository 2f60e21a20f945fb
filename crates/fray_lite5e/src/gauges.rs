//! What a client shows of a lite5e fight: a combatant's active, movement and quick actions.

use crate::sheet::Sheet;
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

    /// AC, the proficiency bonus and the six ability scores.
    fn stats(world: &World, who: Entity) -> Vec<Gauge> {
        world.get::<Sheet>(who).map_or_else(Vec::new, |s| {
            let [str, dex, con, int, wis, cha] = s.0.scores;
            vec![
                Gauge::stat("AC", i32::from(s.0.ac)),
                Gauge::stat("proficiency", i32::from(s.0.proficiency)),
                Gauge::new(
                    "scores",
                    0,
                    None,
                    format!("STR {str} DEX {dex} CON {con} INT {int} WIS {wis} CHA {cha}"),
                ),
            ]
        })
    }

    fn glossary() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "active, movement, quick",
                "the three actions of a turn: an attack or spell, a move, a small thing",
            ),
            (
                "advantage",
                "roll two d20 and keep the higher (disadvantage: the lower)",
            ),
            (
                "proficiency",
                "the bonus a trained creature adds to its attacks and saves",
            ),
            (
                "morale",
                "monsters test their nerve when hurt or outnumbered, and may flee (L5-16)",
            ),
        ]
    }
}
