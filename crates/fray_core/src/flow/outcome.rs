//! The end of a fight and the moments that test a side's nerve: morale triggers, outcomes, the
//! round limit, stalls, and what each encounter waits for after a tick.

use bevy_ecs::prelude::*;

use crate::combatant::Status;
use crate::encounter::{Encounter, Roster, Sides};
use crate::flow::phase::Phase;
use crate::flow::transition::end;
use crate::ids::SideId;
use crate::log::{CombatLog, LogEvent};
use crate::morale::{MoraleState, MoraleTrigger, SideMorale};
use crate::options::ActionOptions;
use crate::outcome::{Ending, Outcome, Progress, STALL_TICKS};
use crate::turn::Turn;

/// Whether the fight has begun and its battle-start trigger is not noted yet: callers holding
/// the state behind change detection ask first, so that the ticks of every other moment leave
/// it (and the log) unmarked.
pub(crate) fn battle_start_due(encounter: &Encounter, state: &MoraleState) -> bool {
    !matches!(encounter.phase(), Phase::Setup | Phase::Ended) && !state.started
}

/// Notes the battle-start trigger once the fight has begun.
pub(crate) fn note_battle_start(
    encounter: &Encounter,
    sides: &Sides,
    state: &mut MoraleState,
    log: &mut CombatLog,
) {
    if !battle_start_due(encounter, state) {
        return;
    }
    state.started = true;
    state.sides.clear();
    state.sides.resize(sides.len(), SideMorale::default());
    for side in 0..sides.len() {
        let side = SideId(u8::try_from(side).unwrap_or(u8::MAX));
        state.pending.push((side, MoraleTrigger::BattleStart));
        log.push(LogEvent::MoraleTriggered {
            side,
            trigger: MoraleTrigger::BattleStart,
        });
    }
}

/// A combatant as the morale triggers see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TriggerView {
    /// Its status: down and dead count as fallen.
    pub status: Status,
    /// Whether it counts as out of the fight for the half-out trigger (killed or otherwise
    /// incapacitated, as the ruleset judges it).
    pub out: bool,
    /// Whether it leads its side.
    pub leader: bool,
}

/// Notes the triggers that statuses now fire (first fallen, leader down, half out), each once
/// per side and battle. `member` tells how the triggers see a combatant.
pub(crate) fn note_status_triggers(
    encounter: &Encounter,
    roster: &Roster,
    sides: &Sides,
    state: &mut MoraleState,
    log: &mut CombatLog,
    member: impl Fn(Entity) -> Option<TriggerView>,
) {
    if encounter.phase() == Phase::Ended || !state.started {
        return;
    }
    for side_index in 0..sides.len() {
        let side = SideId(u8::try_from(side_index).unwrap_or(u8::MAX));
        let (mut total, mut out, mut fallen, mut leader_out) = (0usize, 0usize, 0usize, false);
        for view in roster.side(side).filter_map(&member) {
            let TriggerView {
                status,
                out: counts_out,
                leader,
            } = view;
            total += 1;
            if counts_out {
                out += 1;
            }
            // The leader trigger is its fall or flight, not a spell's sleep.
            if !status.is_active() {
                leader_out |= leader;
            }
            if matches!(status, Status::Down | Status::Dead) {
                fallen += 1;
            }
        }
        let Some(flags) = state.sides.get(side_index).copied() else {
            continue;
        };
        let mut next = flags;
        let mut fire = |trigger: MoraleTrigger, state: &mut MoraleState| {
            state.pending.push((side, trigger));
            log.push(LogEvent::MoraleTriggered { side, trigger });
        };
        if fallen > 0 && !flags.first_death {
            next.first_death = true;
            fire(MoraleTrigger::FirstDeath, state);
        }
        if leader_out && !flags.leader_down {
            next.leader_down = true;
            fire(MoraleTrigger::LeaderDown, state);
        }
        if total > 0 && out * 2 >= total && !flags.half_out {
            next.half_out = true;
            fire(MoraleTrigger::HalfOut, state);
        }
        state.sides[side_index] = next;
    }
}

/// The outcome when at most one side has anyone able to fight: the winner and how the losers
/// went, or nobody left standing.
pub(crate) fn side_outcome(
    roster: &Roster,
    sides: &Sides,
    status: impl Fn(Entity) -> Option<Status>,
) -> Option<(Option<SideId>, Ending)> {
    let mut standing: Option<SideId> = None;
    let mut standing_count = 0;
    for side in 0..sides.len() {
        let side = SideId(u8::try_from(side).unwrap_or(u8::MAX));
        if roster.side(side).filter_map(&status).any(Status::is_active) {
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
        match status(entry.entity) {
            Some(Status::Fled) => fled = true,
            Some(Status::Surrendered) => surrendered = true,
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

/// Where an encounter stands: running, waiting on an external controller, or over. It waits
/// only once the options of the decision are offered (so a client always finds them current).
pub(crate) fn progress(
    encounter: &Encounter,
    turn: &Turn,
    options: &ActionOptions,
    external: impl Fn(Entity) -> bool,
) -> Progress {
    match encounter.phase() {
        Phase::Ended => Progress::Ended,
        Phase::Acting | Phase::Declaring
            if turn.request.is_none()
                && turn.approved.is_none()
                && options.is_current(turn.actor, turn.version)
                && turn.actor.is_some_and(&external) =>
        {
            Progress::Blocked
        }
        Phase::Reacting
            if turn
                .window
                .pending()
                .any(|i| external(turn.window.reactors()[i].reactor)) =>
        {
            Progress::Blocked
        }
        _ => Progress::Running,
    }
}

/// Ends the encounter when `ending` (from `side_outcome`) says so, when the round limit is
/// passed, or when nothing has happened for [`STALL_TICKS`] ticks; returns where it stands.
///
/// Between rounds - the next round's number set, none of its rules run and nothing of it
/// logged - a fight that ends ended in the round before: the last blow of a round, or the
/// falls at the end of its last simultaneous step, end the fight in that round.
pub(crate) fn settle(
    encounter: &mut Encounter,
    turn: &Turn,
    log: &mut CombatLog,
    mut ending: Option<(Option<SideId>, Ending)>,
    progress: Progress,
) -> Progress {
    if encounter.phase() == Phase::Ended {
        return Progress::Ended;
    }
    let between_rounds = encounter.phase() == Phase::RoundStart && encounter.round > 1;
    if ending.is_none() && between_rounds && encounter.round > encounter.max_rounds {
        ending = Some((None, Ending::RoundLimit));
    }
    let mark = (encounter.phase(), turn.version, turn.serial);
    if encounter.progress_mark == mark && progress == Progress::Running {
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
            if between_rounds {
                encounter.round -= 1;
                log.set_clock(encounter.round, turn.serial);
            }
            let outcome = Outcome {
                winner,
                ending,
                round: encounter.round,
            };
            end(encounter, log, outcome);
            Progress::Ended
        }
        None => progress,
    }
}

/// Starts the tick's report over (each ruleset's outcome step counts its encounters into it).
pub(crate) fn reset_report(mut report: ResMut<crate::outcome::TickReport>) {
    *report = crate::outcome::TickReport::default();
}
