//! Monsters met on the way: each meeting, where it came from, and an expedition's meetings
//! waiting to be played out.

use bevy_ecs::entity::{EntityMapper, MapEntities};
use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use serde::{Deserialize, Serialize};

use crate::foes::Foes;
use crate::time::GameTime;

/// Where a meeting came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MeetingSource {
    /// A wandering-monster check came up.
    Wandering,
    /// The party entered an area where monsters live.
    Stocked,
}

impl MeetingSource {
    /// A short name for logs and reports.
    pub fn label(self) -> &'static str {
        match self {
            Self::Wandering => "wandering",
            Self::Stocked => "placed",
        }
    }
}

/// Monsters met: when, from where, how far off, who they are and where they live.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meeting {
    /// The expedition's clock when they were met.
    pub at: GameTime,
    /// Why they were met.
    pub source: MeetingSource,
    /// How far off they are, in feet (0 when the ruleset rolls it as the fight opens).
    pub distance_ft: u32,
    /// Who they are (empty when nothing says: no wandering table for the level).
    pub foes: Vec<Foes>,
    /// The area they live in, for placed monsters (beating them clears it).
    pub area: Option<Entity>,
}

impl MapEntities for Meeting {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        self.area.map_entities(mapper);
    }
}

/// The meetings of an expedition, oldest first: those not yet played out, and how many were
/// met so far, by source, for statistics.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Meetings {
    /// Met and not yet played out.
    #[entities]
    pub pending: Vec<Meeting>,
    /// How many were met, in all.
    pub total: u32,
    /// How many of them were wandering monsters.
    pub wandering: u32,
}

impl Meetings {
    /// Notes a new meeting.
    pub fn meet(&mut self, meeting: Meeting) {
        if meeting.source == MeetingSource::Wandering {
            self.wandering = self.wandering.saturating_add(1);
        }
        self.pending.push(meeting);
        self.total = self.total.saturating_add(1);
    }
}
