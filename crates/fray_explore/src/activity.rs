//! What the party does with each turn: a plan of activities, taken one per turn.

use bevy_reflect::Reflect;
use std::collections::VecDeque;

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

/// One turn's activity, as every ruleset knows it. How long it takes and what it rolls is the
/// ruleset's procedure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Activity {
    /// Move on through unexplored ground.
    Explore,
    /// Search the area `area` for secret doors and traps (every living member searches).
    Search {
        /// The area's id.
        area: String,
    },
    /// Listen at the door `door` (every living member listens).
    Listen {
        /// The door's id.
        door: String,
    },
    /// Rest.
    Rest,
    /// Move toward the area `area` of the dungeon by the shortest way the party knows, one
    /// step a turn; the activity stays first in the plan until the party is there.
    GoTo {
        /// The area's id.
        area: String,
    },
    /// Leave the dungeon by its entrance (going there first), or come home to the
    /// wilderness's starting site (journeying there first): the expedition is over.
    Leave,
    /// Journey toward the site `site` of the wilderness by the shortest way the party knows,
    /// a day's march a turn; the activity stays first in the plan until the party is there.
    Journey {
        /// The site's id.
        site: String,
    },
    /// Hunt for a day (the sole activity of the day: no travel, no rest).
    Hunt,
}

impl Activity {
    /// A short name for logs.
    pub fn label(&self) -> &'static str {
        match self {
            Self::Explore => "exploring",
            Self::Search { .. } => "searching",
            Self::Listen { .. } => "listening",
            Self::Rest => "resting",
            Self::GoTo { .. } => "moving",
            Self::Leave => "leaving",
            Self::Journey { .. } => "journeying",
            Self::Hunt => "hunting",
        }
    }
}

/// The activities the party will take, first first. When it runs out, the expedition ends.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Plan(pub VecDeque<Activity>);

/// The activity of the turn being played (set in
/// [`ExploreSystems::Plan`](crate::tick::ExploreSystems::Plan), resolved in `Act`).
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct CurrentActivity(pub Option<Activity>);
