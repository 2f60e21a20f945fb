//! What a client shows of a die-rank fight: a combatant's action points and mastery points.

use bevy_ecs::prelude::*;
use fray_core::gauge::Gauge;
use fray_core::kit::Presentation;

use crate::DrRules;
use crate::sheet::Sheet;
use crate::state::DrState;

impl Presentation for DrRules {
    fn budget(world: &World, who: Entity) -> Vec<Gauge> {
        let (Some(sheet), Some(state)) = (world.get::<Sheet>(who), world.get::<DrState>(who))
        else {
            return Vec::new();
        };
        let mut gauges = vec![Gauge::count(
            "AP",
            i32::from(state.left),
            i32::from(sheet.0.ap),
        )];
        if sheet.0.mp > 0 {
            gauges.push(Gauge::count(
                "MP",
                i32::from(state.mp),
                i32::from(sheet.0.mp),
            ));
        }
        gauges
    }

    /// Rank and the defense and reflexes dice.
    fn stats(world: &World, who: Entity) -> Vec<Gauge> {
        world.get::<Sheet>(who).map_or_else(Vec::new, |s| {
            vec![
                Gauge::stat("rank", i32::from(s.0.rank)),
                Gauge::new("defense", 0, None, s.0.defense.to_string()),
                Gauge::new("reflexes", 0, None, s.0.reflexes.to_string()),
            ]
        })
    }

    fn glossary() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "die rank",
                "a die on the ladder from D2 to D60: shifts move along it (DR-07)",
            ),
            ("AP", "action points: what a turn's actions cost (DR-14)"),
            (
                "MP",
                "mastery points: spent after a roll to add a die, or on initiative (DR-09, DR-12)",
            ),
            (
                "press on",
                "spend a mastery point to keep the turn going after a major action (DR-14)",
            ),
            (
                "rank",
                "how many mastery points one may spend on a roll, and majors one may press",
            ),
        ]
    }
}
