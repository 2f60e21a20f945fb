//! What a client shows of a ruleset's live state.

use bevy_ecs::prelude::*;

use crate::gauge::Gauge;

use super::RulesBase;

/// Presentation: the gauges a client shows, read between ticks. Both default to none.
pub trait Presentation: RulesBase {
    /// What combatant `who` has left to spend, for a client to show (action slots, seconds of
    /// a gauge, action points, reaction and mastery points), in the ruleset's words.
    fn budget(world: &World, who: Entity) -> Vec<Gauge> {
        let _ = (world, who);
        Vec::new()
    }

    /// The battle-wide counters of `encounter` a client shows (the escalation die).
    fn battle_gauges(world: &World, encounter: Entity) -> Vec<Gauge> {
        let _ = (world, encounter);
        Vec::new()
    }
}
