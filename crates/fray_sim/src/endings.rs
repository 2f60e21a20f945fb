//! How a batch's runs ended, counted.

use fray_core::prelude::*;
use serde::{Deserialize, Serialize};

/// How runs ended.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct EndingCounts {
    /// Losers taken out.
    pub victory: u64,
    /// Losers fled.
    pub fled: u64,
    /// Losers surrendered.
    pub surrendered: u64,
    /// Nobody left standing.
    pub mutual_destruction: u64,
    /// Round limit reached.
    pub round_limit: u64,
    /// Stalled (a defect; should be 0).
    pub stalled: u64,
    /// No fight: the sides parted (B/X reaction rolls).
    #[serde(default)]
    pub parley: u64,
    /// No fight: a side evaded before combat (B/X).
    #[serde(default)]
    pub evaded: u64,
}

impl EndingCounts {
    /// Counts one run that ended so (an aborted run counts as stalled).
    pub fn count(&mut self, ending: Ending) {
        match ending {
            Ending::Victory => self.victory += 1,
            Ending::Fled => self.fled += 1,
            Ending::Surrendered => self.surrendered += 1,
            Ending::MutualDestruction => self.mutual_destruction += 1,
            Ending::RoundLimit => self.round_limit += 1,
            Ending::Stalled | Ending::Aborted => self.stalled += 1,
            Ending::Parley => self.parley += 1,
            Ending::Evaded => self.evaded += 1,
        }
    }

    /// Adds another batch's counts to these.
    pub fn merge(&mut self, other: &Self) {
        self.victory += other.victory;
        self.fled += other.fled;
        self.surrendered += other.surrendered;
        self.mutual_destruction += other.mutual_destruction;
        self.round_limit += other.round_limit;
        self.stalled += other.stalled;
        self.parley += other.parley;
        self.evaded += other.evaded;
    }
}
