//! The expedition component: who set out, in which ruleset, and whether it is still under way
//! or how it ended.

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use serde::{Deserialize, Serialize};

/// An expedition: who set out, in which ruleset, and whether it is still under way.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Expedition {
    /// Its id (an expedition file's id, later).
    pub id: String,
    /// The ruleset whose procedures it follows.
    pub ruleset: String,
    /// The seed it was spawned with.
    pub seed: u64,
    /// Under way or ended.
    pub state: ExpeditionState,
}

/// Whether an expedition goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExpeditionState {
    /// Turns are still being played.
    Underway,
    /// It is over.
    Ended(ExpeditionEnding),
}

/// The key a batch counts an expedition under that had not ended.
pub const UNDER_WAY: &str = "under_way";

/// How an expedition ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExpeditionEnding {
    /// The plan ran out: every planned activity was done.
    PlanDone,
    /// Every member is dead.
    PartyDead,
    /// Nobody is left standing: every living member is down, with nobody to carry them out.
    PartyDown,
    /// The party left the dungeon when its plan was done.
    Returned,
    /// The party turned back early (its policy said so) and left the dungeon.
    TurnedBack,
    /// The party came home to the wilderness's starting site when its plan was done.
    Journeyed,
    /// The party's vessel was wrecked or sank.
    Wrecked,
    /// The expedition ran out of turns (the expedition file's `max_turns`) before it ended.
    OutOfTime,
}

impl ExpeditionEnding {
    /// Every ending.
    pub const ALL: [ExpeditionEnding; 8] = [
        Self::PlanDone,
        Self::PartyDead,
        Self::PartyDown,
        Self::Returned,
        Self::TurnedBack,
        Self::Journeyed,
        Self::Wrecked,
        Self::OutOfTime,
    ];

    /// The key a batch's JSON counts it under (`returned`, `party_dead`...); `under_way` counts
    /// expeditions that had not ended.
    pub fn key(self) -> &'static str {
        match self {
            Self::PlanDone => "plan_done",
            Self::PartyDead => "party_dead",
            Self::PartyDown => "party_down",
            Self::Returned => "returned",
            Self::TurnedBack => "turned_back",
            Self::Journeyed => "journeyed",
            Self::Wrecked => "wrecked",
            Self::OutOfTime => "out_of_time",
        }
    }

    /// The words of an ending's [`key`](Self::key), for a summary (`under_way`: "under way").
    ///
    /// ```
    /// use fray_explore::expedition_state::ExpeditionEnding;
    /// assert_eq!(ExpeditionEnding::label_of("returned"), "the party is back out of the dungeon");
    /// assert_eq!(ExpeditionEnding::label_of("under_way"), "under way");
    /// ```
    pub fn label_of(key: &str) -> &str {
        Self::ALL
            .iter()
            .find(|e| e.key() == key)
            .map_or(if key == UNDER_WAY { "under way" } else { key }, |e| {
                e.label()
            })
    }

    /// A short description for logs.
    pub fn label(self) -> &'static str {
        match self {
            Self::PlanDone => "the plan is done",
            Self::PartyDead => "the whole party is dead",
            Self::PartyDown => "nobody is left standing",
            Self::Returned => "the party is back out of the dungeon",
            Self::TurnedBack => "the party turned back and is out of the dungeon",
            Self::Journeyed => "the party is home from its journey",
            Self::Wrecked => "the party's vessel was wrecked",
            Self::OutOfTime => "out of time",
        }
    }
}
