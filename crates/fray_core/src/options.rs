//! What the acting combatant may do now: each legal intent with its cost and a preview.
//!
//! Rulesets fill an encounter's [`ActionOptions`] (in [`RulesetSystems::Offer`]) whenever the
//! acting combatant has a decision to make. AI policies choose from it; game UIs show it; the
//! core validates requests against it, so "legal" is defined in exactly one place.
//!
//! [`RulesetSystems::Offer`]: crate::schedule::RulesetSystems::Offer

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

use crate::budget::Cost;
use crate::intent::Intent;
use crate::turn::Turn;

/// What an intent would do, computed without rolling (exact odds, not samples).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Preview {
    /// Chance an attack hits (or a check succeeds); 1 for intents that cannot fail.
    pub hit_chance: f32,
    /// Mean damage to the target when the attack hits.
    pub damage_on_hit: f32,
    /// Mean damage overall (hits, crits and miss damage weighted by chance), summed over every
    /// enemy the intent would strike (a group attack counts each of its targets).
    pub expected_damage: f32,
    /// Chance the target is taken out of the fight by this intent.
    pub kill_chance: f32,
    /// Mean hit points healed.
    pub expected_healing: f32,
    /// Chance the intent leaves a target with a lasting effect it does not have yet besides
    /// its damage: a condition, ongoing damage, a curse, exhaustion (archmage: a power's effect
    /// on a hit or a miss; OHO: a weapon's rider when the Fortitude roll fails). Zero when
    /// the intent inflicts nothing new.
    #[serde(default)]
    pub inflicts: f32,
    /// Opportunity attacks or other reactions this intent would draw.
    pub provokes: u8,
    /// How bad a hit is, as a ruleset-defined distribution over five severity bands, worst
    /// last (OHO: Fortitude holds, fails by 10 or less, by 11-20, by 21-30, by more than 30).
    /// All zero when the ruleset has no such bands.
    pub bands: [f32; 5],
}

impl Preview {
    /// A preview for an intent that cannot fail and does no damage.
    pub fn certain() -> Self {
        Self {
            hit_chance: 1.0,
            ..Self::default()
        }
    }
}

/// One legal intent with its price and preview.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActionOption {
    /// The intent to send.
    pub intent: Intent,
    /// What it costs.
    pub cost: Cost,
    /// What it would do.
    pub preview: Preview,
    /// A short label for a UI (`Longsword vs Grik`).
    pub label: Arc<str>,
}

impl MapEntities for ActionOption {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        self.intent.map_entities(mapper);
    }
}

/// The options of the encounter's current decision (held on the encounter entity).
#[derive(Component, Debug, Clone, Default, PartialEq)]
pub struct ActionOptions {
    /// Whose options these are.
    pub actor: Option<Entity>,
    /// The [`Turn::version`] they were computed for (stale when it differs).
    pub version: u32,
    /// The legal intents, `EndTurn` included when the turn may end.
    pub list: Vec<ActionOption>,
}

impl ActionOptions {
    /// True when these options were computed for the turn's current state.
    pub fn is_current(&self, turn: &Turn) -> bool {
        self.actor.is_some() && self.actor == turn.actor && self.version == turn.version
    }

    /// Starts a new list for the turn's current state (keeps the allocation).
    pub fn reset(&mut self, turn: &Turn) {
        self.actor = turn.actor;
        self.version = turn.version;
        self.list.clear();
    }

    /// Adds an option.
    pub fn push(&mut self, intent: Intent, cost: Cost, preview: Preview, label: Arc<str>) {
        self.list.push(ActionOption {
            intent,
            cost,
            preview,
            label,
        });
    }

    /// The option offering exactly this intent.
    pub fn find(&self, intent: &Intent) -> Option<&ActionOption> {
        self.list.iter().find(|o| &o.intent == intent)
    }
}
