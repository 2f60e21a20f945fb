//! How fights end: a side with nobody able and willing to fight loses.

use bevy_ecs::prelude::*;
use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use serde::{Deserialize, Serialize};

use crate::ids::SideId;

/// How a fight ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ending {
    /// The losers were all taken out.
    Victory,
    /// The losers ran (at least one fled, none surrendered).
    Fled,
    /// The losers gave up.
    Surrendered,
    /// Nobody is left standing.
    MutualDestruction,
    /// The round limit was reached: a draw.
    RoundLimit,
    /// The encounter stopped making progress (a ruleset or AI defect): a draw, logged.
    Stalled,
    /// The encounter could not start (no initiative was rolled).
    Aborted,
    /// No fight: the sides parted without one (B/X: the monsters' reaction roll was not
    /// hostile).
    Parley,
    /// No fight: a side evaded the encounter before combat began (B/X).
    Evaded,
}

/// The result of a fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning side, if any.
    pub winner: Option<SideId>,
    /// How it ended.
    pub ending: Ending,
    /// The round it ended in.
    pub round: u32,
}

impl Outcome {
    /// True when nobody won.
    pub fn is_draw(&self) -> bool {
        self.winner.is_none()
    }

    /// A sentence for the log, with side names from `side_name` (a side's name may be singular
    /// or plural: the sentence's subject is the side).
    ///
    /// ```
    /// use fray_core::ids::SideId;
    /// use fray_core::outcome::{Ending, Outcome};
    /// let won = Outcome { winner: Some(SideId(0)), ending: Ending::Victory, round: 3 };
    /// assert_eq!(won.describe(|_| "Party".into()), "The Party side wins in round 3.");
    /// ```
    pub fn describe(&self, side_name: impl Fn(SideId) -> String) -> String {
        let round = self.round;
        match (self.winner, self.ending) {
            (Some(w), Ending::Fled) => format!(
                "The {} side wins in round {round}: its enemies fled.",
                side_name(w)
            ),
            (Some(w), Ending::Surrendered) => format!(
                "The {} side wins in round {round}: its enemies surrendered.",
                side_name(w)
            ),
            (Some(w), _) => format!("The {} side wins in round {round}.", side_name(w)),
            (None, Ending::RoundLimit) => format!("Draw: the round limit ({round}) was reached."),
            (None, Ending::Stalled) => format!("Draw: the fight stalled in round {round}."),
            (None, Ending::Aborted) => "The fight could not start.".to_string(),
            (_, Ending::Parley) => "No fight: the sides part ways.".to_string(),
            (_, Ending::Evaded) => "No fight: a side evaded the encounter.".to_string(),
            (None, _) => format!("Nobody is left standing after round {round}."),
        }
    }
}

/// Ticks without progress before an encounter is declared stalled.
pub const STALL_TICKS: u32 = 64;

/// What an encounter is waiting for after a tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// It can go on by itself.
    Running,
    /// It waits on an external controller.
    Blocked,
    /// It is over.
    Ended,
}

/// Counts of encounters by [`Progress`] after the last tick.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq, Reflect)]
#[reflect(Resource, Debug, PartialEq, Default)]
pub struct TickReport {
    /// Encounters that can go on by themselves.
    pub running: u32,
    /// Encounters waiting on an external controller.
    pub blocked: u32,
    /// Encounters that are over.
    pub ended: u32,
}

impl TickReport {
    /// Counts one encounter.
    pub fn count(&mut self, progress: Progress) {
        match progress {
            Progress::Running => self.running += 1,
            Progress::Blocked => self.blocked += 1,
            Progress::Ended => self.ended += 1,
        }
    }
}
