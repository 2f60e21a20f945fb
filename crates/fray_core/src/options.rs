//! What the deciding combatant may do now: each legal intent with its cost, and its preview
//! once someone asked for it.
//!
//! The kit fills an encounter's [`ActionOptions`] whenever a combatant has a decision to make,
//! from the ruleset's candidates that pass its legality check. AI policies choose from it
//! (asking previews only of the options they weigh); game UIs show it, with every preview
//! worked out, when an external controller decides.

use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use std::sync::Arc;

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::cost::Cost;
use crate::intent::Intent;
use crate::legality::Legal;
use crate::preview::Preview;

/// One legal intent with its price and, once asked for, its preview.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActionOption {
    /// The intent to send.
    pub intent: Intent,
    /// What it costs.
    pub cost: Cost,
    /// What it would do (`None` until someone asked).
    pub preview: Option<Preview>,
    /// A short label for a UI (`Longsword`, `move (2 moves + dash)`).
    pub label: Arc<str>,
    /// What a player is told beside the preview, in the ruleset's words
    /// ([`Previews::notes`](crate::kit::Previews::notes)); empty for an AI's options.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl ActionOption {
    /// An option just offered: `intent` at the price `legal` gives, with no preview yet.
    pub(crate) fn offered(intent: Intent, legal: &Legal, label: Arc<str>) -> Self {
        Self {
            intent,
            cost: legal.cost,
            preview: None,
            label,
            notes: Vec::new(),
        }
    }
}

impl MapEntities for ActionOption {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        self.intent.map_entities(mapper);
    }
}

/// The options of the encounter's current decision (held on the encounter entity), with what
/// each provokes.
#[derive(Component, Debug, Clone, Default, PartialEq, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct ActionOptions {
    /// Whose options these are.
    pub actor: Option<Entity>,
    /// The turn version they were computed for (stale when the turn's differs).
    pub version: u32,
    /// The legal intents, `EndTurn` included when the turn may end.
    pub list: Vec<ActionOption>,
    /// What the legality check said of each, by index in `list`.
    pub legal: Vec<Legal>,
    /// Only the options an AI decider may take are listed: the kinds its policy never takes
    /// were left out unchecked. A player's options are always whole.
    pub partial: bool,
}

impl ActionOptions {
    /// True when these options were computed for `actor` at turn version `version`.
    pub fn is_current(&self, actor: Option<Entity>, version: u32) -> bool {
        self.actor.is_some() && self.actor == actor && self.version == version
    }

    /// Starts a new list for `actor` at `version` (keeps the allocations).
    pub fn reset(&mut self, actor: Option<Entity>, version: u32) {
        self.actor = actor;
        self.version = version;
        self.list.clear();
        self.legal.clear();
        self.partial = false;
    }

    /// Forgets the options (nobody is deciding).
    pub fn clear(&mut self) {
        self.reset(None, 0);
    }

    /// Adds a legal option.
    pub fn push(&mut self, intent: Intent, legal: Legal, label: Arc<str>) {
        self.list.push(ActionOption::offered(intent, &legal, label));
        self.legal.push(legal);
    }

    /// Inserts a legal option at `index` (at the end when past it).
    pub(crate) fn insert(&mut self, index: usize, intent: Intent, legal: Legal, label: Arc<str>) {
        let at = index.min(self.list.len());
        self.list
            .insert(at, ActionOption::offered(intent, &legal, label));
        self.legal.insert(at.min(self.legal.len()), legal);
    }

    /// The index of the option offering exactly this intent.
    pub fn find(&self, intent: &Intent) -> Option<usize> {
        self.list.iter().position(|o| &o.intent == intent)
    }
}
