//! How fights end: a side with nobody able and willing to fight loses.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::combatant::{Controller, Status};
use crate::encounter::{Encounter, InEncounter, Phase, Roster, Sides};
use crate::ids::SideId;
use crate::log::{CombatLog, LogEvent};
use crate::options::ActionOptions;
use crate::turn::Turn;

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

    /// A sentence for the log, with side names from `side_name`.
    pub fn describe(&self, side_name: impl Fn(SideId) -> String) -> String {
        let round = self.round;
        match (self.winner, self.ending) {
            (Some(w), Ending::Fled) => {
                format!("{} win in round {round}: their enemies fled.", side_name(w))
            }
            (Some(w), Ending::Surrendered) => {
                format!(
                    "{} win in round {round}: their enemies surrendered.",
                    side_name(w)
                )
            }
            (Some(w), _) => format!("{} win in round {round}.", side_name(w)),
            (None, Ending::RoundLimit) => format!("Draw: the round limit ({round}) was reached."),
            (None, Ending::Stalled) => format!("Draw: the fight stalled in round {round}."),
            (None, Ending::Aborted) => "The fight could not start.".to_string(),
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
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TickReport {
    /// Encounters that can go on by themselves.
    pub running: u32,
    /// Encounters waiting on an external controller.
    pub blocked: u32,
    /// Encounters that are over.
    pub ended: u32,
}

/// Where an encounter stands: running, waiting on an external controller, or over. It waits
/// only once the options of the decision are offered (so a client always finds them current).
pub fn progress(
    encounter: &Encounter,
    turn: &Turn,
    options: &ActionOptions,
    controllers: &Query<&Controller>,
) -> Progress {
    let external = |e: Entity| controllers.get(e).is_ok_and(Controller::is_external);
    match encounter.phase {
        Phase::Ended => Progress::Ended,
        Phase::Acting
            if turn.request.is_none()
                && turn.approved.is_none()
                && options.is_current(turn)
                && turn.actor.is_some_and(external) =>
        {
            Progress::Blocked
        }
        Phase::Reacting
            if turn
                .window
                .as_ref()
                .is_some_and(|w| w.pending().any(|r| external(r.reactor))) =>
        {
            Progress::Blocked
        }
        _ => Progress::Running,
    }
}

/// Ends encounters where at most one side can still fight, the round limit is passed, or
/// nothing has happened for [`STALL_TICKS`] ticks.
pub(crate) fn decide_outcome(
    mut encounters: Query<(
        Entity,
        &mut Encounter,
        &Turn,
        &ActionOptions,
        &Roster,
        &Sides,
        &mut CombatLog,
    )>,
    changed: Query<&InEncounter, Changed<Status>>,
    statuses: Query<&Status>,
    controllers: Query<&Controller>,
    mut report: ResMut<TickReport>,
    mut touched: Local<Vec<Entity>>,
) {
    touched.clear();
    touched.extend(changed.iter().map(|e| e.0));
    touched.sort_unstable();
    touched.dedup();
    *report = TickReport::default();
    for (entity, mut encounter, turn, options, roster, sides, mut log) in &mut encounters {
        if encounter.phase == Phase::Ended {
            report.ended += 1;
            continue;
        }
        let mut ending = None;
        if encounter.phase != Phase::Setup && touched.binary_search(&entity).is_ok() {
            ending = side_outcome(roster, sides, &statuses);
        }
        if ending.is_none()
            && encounter.phase == Phase::RoundStart
            && encounter.round > encounter.max_rounds
        {
            ending = Some((None, Ending::RoundLimit));
            encounter.round = encounter.max_rounds;
        }
        let state = progress(&encounter, turn, options, &controllers);
        let mark = (encounter.phase, turn.version, turn.serial);
        if encounter.progress_mark == mark && state == Progress::Running {
            encounter.idle_ticks += 1;
        } else {
            encounter.progress_mark = mark;
            encounter.idle_ticks = 0;
        }
        if ending.is_none() && encounter.idle_ticks > STALL_TICKS {
            ending = Some((None, Ending::Stalled));
        }
        match ending {
            Some((winner, ending)) => {
                let outcome = Outcome {
                    winner,
                    ending,
                    round: encounter.round,
                };
                log.push(LogEvent::Ended { outcome });
                encounter.outcome = Some(outcome);
                encounter.phase = Phase::Ended;
                report.ended += 1;
            }
            None if state == Progress::Blocked => report.blocked += 1,
            None => report.running += 1,
        }
    }
}

fn side_outcome(
    roster: &Roster,
    sides: &Sides,
    statuses: &Query<&Status>,
) -> Option<(Option<SideId>, Ending)> {
    let mut standing: Option<SideId> = None;
    let mut standing_count = 0;
    for side in 0..sides.len() {
        let side = SideId(side as u8);
        let able = statuses
            .iter_many(roster.side(side))
            .flatten()
            .any(|s| s.is_active());
        if able {
            standing = Some(side);
            standing_count += 1;
        }
    }
    if standing_count > 1 {
        return None;
    }
    let Some(winner) = standing else {
        return Some((None, Ending::MutualDestruction));
    };
    let (mut fled, mut surrendered) = (false, false);
    for entry in roster.entries.iter().filter(|e| e.side != winner) {
        match statuses.get(entry.entity) {
            Ok(Status::Fled) => fled = true,
            Ok(Status::Surrendered) => surrendered = true,
            _ => {}
        }
    }
    let ending = match (fled, surrendered) {
        (true, _) => Ending::Fled,
        (false, true) => Ending::Surrendered,
        (false, false) => Ending::Victory,
    };
    Some((Some(winner), ending))
}
