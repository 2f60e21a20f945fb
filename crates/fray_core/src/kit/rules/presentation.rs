//! What a client shows of a ruleset's live state.

use bevy_ecs::prelude::*;

use crate::gauge::Gauge;

use super::RulesBase;

/// Presentation: the gauges, numbers and words a client shows, read between ticks. All
/// default to none.
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

    /// The numbers combatant `who` is judged by, for a client that inspects it: its defenses
    /// and the like (archmage: AC, PD and MD; B/X: AC, THAC0 and saves), in the ruleset's
    /// words.
    fn stats(world: &World, who: Entity) -> Vec<Gauge> {
        let _ = (world, who);
        Vec::new()
    }

    /// The ruleset's own terms a client explains, each with what it means (`escalation die`,
    /// `ATG`, `mastery point`).
    fn glossary() -> &'static [(&'static str, &'static str)] {
        &[]
    }
}
