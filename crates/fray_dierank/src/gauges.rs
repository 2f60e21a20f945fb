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
}
