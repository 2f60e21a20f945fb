//! The transitions of an encounter's phase (see the table in [`flow`](crate::flow)).

use crate::encounter::Encounter;
use crate::flow::phase::Phase;
use crate::log::{CombatLog, LogEvent};
use crate::outcome::Outcome;
use crate::turn::Turn;

/// `Setup` -> `RoundStart`: the fight begins with round 1.
pub fn begin(encounter: &mut Encounter) {
    if encounter.phase() == Phase::Setup {
        encounter.round = 1;
        encounter.phase.set(Phase::RoundStart);
    }
}

/// `RoundStart` -> `Declaring`: combatants declare before the round's turns.
pub fn declare(encounter: &mut Encounter) {
    if encounter.phase() == Phase::RoundStart {
        encounter.phase.set(Phase::Declaring);
    }
}

/// `TurnStart` -> `Acting` when the actor acts, `TurnEnd` when it does not.
pub(crate) fn open_turn(encounter: &mut Encounter, acts: bool) {
    if encounter.phase() == Phase::TurnStart {
        encounter
            .phase
            .set(if acts { Phase::Acting } else { Phase::TurnEnd });
    }
}

/// `Acting` -> `Reacting`: a reaction window is open.
pub fn open_window(encounter: &mut Encounter) {
    if encounter.phase() == Phase::Acting {
        encounter.phase.set(Phase::Reacting);
    }
}

/// `Reacting` -> `Acting`: the window is answered.
pub(crate) fn close_window(encounter: &mut Encounter) {
    if encounter.phase() == Phase::Reacting {
        encounter.phase.set(Phase::Acting);
    }
}

/// `TurnStart`, `Acting` or `Reacting` -> `TurnEnd`: the turn is over; whatever was pending
/// is dropped.
pub fn end_turn(encounter: &mut Encounter, turn: &mut Turn) {
    if matches!(
        encounter.phase(),
        Phase::TurnStart | Phase::Acting | Phase::Reacting
    ) {
        turn.request = None;
        turn.approved = None;
        turn.window.clear();
        encounter.phase.set(Phase::TurnEnd);
    }
}

/// -> `TurnStart` for the turn's actor (the walk picked it).
pub(crate) fn start_turn(encounter: &mut Encounter) {
    encounter.phase.set(Phase::TurnStart);
}

/// -> `RoundStart` of the next round (the walk found the order exhausted).
pub(crate) fn next_round(encounter: &mut Encounter) {
    encounter.round = encounter.round.saturating_add(1);
    encounter.phase.set(Phase::RoundStart);
}

/// Any phase -> `Ended` with `outcome`, logged.
pub fn end(encounter: &mut Encounter, log: &mut CombatLog, outcome: Outcome) {
    if encounter.phase() == Phase::Ended {
        return;
    }
    log.push(LogEvent::Ended { outcome });
    encounter.outcome = Some(outcome);
    encounter.phase.set(Phase::Ended);
}

/// Any phase -> `Setup`: the encounter starts over (played again in place), with `seed`.
pub(crate) fn restart(encounter: &mut Encounter, max_rounds: u32, seed: u64) {
    encounter.round = 0;
    encounter.phase.set(Phase::Setup);
    encounter.outcome = None;
    encounter.max_rounds = max_rounds.max(1);
    encounter.next_effect_serial = 0;
    encounter.idle_ticks = 0;
    encounter.progress_mark = (Phase::Setup, 0, 0);
    encounter.actions = 0;
    encounter.rejections = 0;
    encounter.seed = seed;
    encounter.turns = 0;
}
