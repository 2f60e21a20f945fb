//! The combatant a legality check judges, read once.

use bevy_ecs::prelude::*;
use bevy_ecs::query::ROQueryItem;

use crate::kit::RulesBase;
use crate::lineup::Row;

/// The combatant a legality check judges: its ruleset's components and its row of the lineup, read
/// once for every intent of a decision that [`Legality::check`](crate::kit::Legality::check) is
/// asked about (an offer checks dozens).
pub struct Actor<'c, 's, R: RulesBase> {
    /// The combatant.
    pub entity: Entity,
    /// Its ruleset's components.
    pub fighter: ROQueryItem<'c, 's, R::Fighter>,
    /// Its side, status, region, hit points, conditions and engagements.
    pub row: &'c Row,
}
