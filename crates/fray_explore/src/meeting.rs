//! Monsters met on the way, waiting to be played out (reaction, evasion or a fight).

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::time::GameTime;

/// Where a meeting came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MeetingSource {
    /// A wandering-monster check came up.
    Wandering,
}

/// Monsters met: when, from where and how far off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meeting {
    /// The expedition's clock when they were met.
    pub at: GameTime,
    /// Why they were met.
    pub source: MeetingSource,
    /// How far off they are, in feet.
    pub distance_ft: u32,
}

/// The meetings of an expedition, oldest first: those not yet played out, and every one met
/// so far for statistics.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meetings {
    /// Met and not yet played out.
    pub pending: Vec<Meeting>,
    /// How many were met, in all.
    pub total: u32,
}

impl Meetings {
    /// Notes a new meeting.
    pub fn meet(&mut self, meeting: Meeting) {
        self.pending.push(meeting);
        self.total = self.total.saturating_add(1);
    }
}
