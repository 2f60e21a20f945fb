//! Reaction windows: an intent that provokes waits while those it provoked answer.
//!
//! When a ruleset resolves an intent that provokes - leaving an engagement, a ranged attack or a
//! spell next to an enemy, moving past a free enemy, a readied trigger - it *parks* the intent in
//! a [`ReactionWindow`] listing who may react and with what, and sets the encounter to
//! [`Phase::Reacting`](crate::encounter::Phase::Reacting). Each reactor answers (an AI at once, an
//! external controller through an `ActionRequest`), then the ruleset resolves the reactions in
//! the window's order and *then* completes the parked intent - so an opportunity attack lands
//! before the move it punishes is finished.

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::intent::{Intent, Trigger};
use crate::options::ActionOption;
use crate::turn::Approved;

/// What provoked a reaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Provocation {
    /// Moving away from enemies engaging you.
    LeavingEngagement,
    /// A ranged attack while engaged.
    RangedAttack,
    /// Casting a spell while engaged.
    Spellcasting,
    /// Moving past a free enemy (it may intercept).
    MovingPast,
    /// A readied action's trigger.
    Readied(Trigger),
}

impl fmt::Display for Provocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Provocation::LeavingEngagement => "moving away while engaged",
            Provocation::RangedAttack => "a ranged attack while engaged",
            Provocation::Spellcasting => "casting while engaged",
            Provocation::MovingPast => "moving past",
            Provocation::Readied(_) => "a readied action",
        })
    }
}

/// One combatant that may react, what it is offered, and its answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reactor {
    /// Who may react.
    pub reactor: Entity,
    /// What it may do (always including [`Intent::Pass`]).
    pub offers: Vec<ActionOption>,
    /// Its answer, once given.
    pub answer: Option<Intent>,
}

/// A provoking intent waiting on reactions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReactionWindow {
    /// Who provoked.
    pub provoker: Entity,
    /// How.
    pub provocation: Provocation,
    /// The provoking intent, completed after the reactions.
    pub parked: Approved,
    /// Who may react, in the order reactions resolve.
    pub reactors: Vec<Reactor>,
}

impl ReactionWindow {
    /// True when every reactor has answered.
    pub fn is_complete(&self) -> bool {
        self.reactors.iter().all(|r| r.answer.is_some())
    }

    /// Reactors still to answer.
    pub fn pending(&self) -> impl Iterator<Item = &Reactor> {
        self.reactors.iter().filter(|r| r.answer.is_none())
    }

    /// The reactions taken (answers other than `Pass`), in order.
    pub fn reactions(&self) -> impl Iterator<Item = (Entity, &Intent)> {
        self.reactors.iter().filter_map(|r| match &r.answer {
            Some(Intent::Pass) | None => None,
            Some(intent) => Some((r.reactor, intent)),
        })
    }

    /// Records `reactor`'s answer if it is one of its offers and it has not answered yet.
    pub fn answer(&mut self, reactor: Entity, intent: &Intent) -> Result<(), &'static str> {
        let slot = self
            .reactors
            .iter_mut()
            .find(|r| r.reactor == reactor)
            .ok_or("it has no reaction to make now")?;
        if slot.answer.is_some() {
            return Err("it has already answered this reaction");
        }
        if !slot.offers.iter().any(|o| &o.intent == intent) {
            return Err("that is not one of the reactions it may take");
        }
        slot.answer = Some(intent.clone());
        Ok(())
    }
}

impl MapEntities for ReactionWindow {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        self.provoker = mapper.get_mapped(self.provoker);
        self.parked.map_entities(mapper);
        for r in &mut self.reactors {
            r.reactor = mapper.get_mapped(r.reactor);
            r.offers.map_entities(mapper);
            r.answer.map_entities(mapper);
        }
    }
}
