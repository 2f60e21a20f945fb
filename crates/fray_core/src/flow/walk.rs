//! Walking a round: unit by unit in the turn order, step by step within a unit's turn, member
//! by member within a step.

use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryFilter;

use crate::combatant::Status;
use crate::encounter::{Encounter, Roster, RosterEntry};
use crate::flow::transition::{next_round, start_turn};
use crate::log::{CombatLog, LogEvent};
use crate::turn::{ActingUnit, Steps, Turn, TurnOrder};

/// Whether `entry` belongs to `unit`.
fn member_of(unit: ActingUnit, entry: &RosterEntry) -> bool {
    match unit {
        ActingUnit::Combatant(e) => entry.entity == e,
        ActingUnit::Group(g) => entry.group == Some(g),
        ActingUnit::Sides(set) => set.contains(entry.side),
    }
}

/// Whether anyone of `unit` still takes turns (is active or down).
pub(crate) fn unit_takes_turns<F: QueryFilter>(
    unit: ActingUnit,
    roster: &Roster,
    statuses: &Query<&mut Status, F>,
) -> bool {
    let takes = |e: Entity| statuses.get(e).is_ok_and(|s| s.takes_turns());
    match unit {
        ActingUnit::Combatant(e) => takes(e),
        _ => roster
            .entries
            .iter()
            .any(|entry| member_of(unit, entry) && takes(entry.entity)),
    }
}

/// What comes next in the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// This combatant's turn.
    Actor(Entity),
    /// A step of the unit's turn ended (the deferred status changes of a simultaneous step
    /// apply now); walk on.
    StepOver,
    /// A new unit comes up: its steps are planned now (set [`Turn::steps`]); walk on.
    Unit(ActingUnit),
    /// The turn order is exhausted.
    RoundOver,
}

/// The next actor of the round after the turn's current one: the next member of the current
/// step, else the first of the next step, else the first of the next unit that still takes
/// turns (whose steps the caller plans when it comes up).
pub fn next<F: QueryFilter>(
    turn: &mut Turn,
    order: &mut TurnOrder,
    roster: &Roster,
    statuses: &Query<&mut Status, F>,
) -> Next {
    let takes = |e: Entity| statuses.get(e).is_ok_and(|s| s.takes_turns());
    loop {
        if let Some(unit) = turn.unit {
            let from = usize::from(turn.member);
            let found = match unit {
                ActingUnit::Combatant(e) => (from == 0 && takes(e)).then_some((0, e)),
                _ => roster
                    .entries
                    .iter()
                    .enumerate()
                    .skip(from)
                    .find(|(_, entry)| member_of(unit, entry) && takes(entry.entity))
                    .map(|(i, entry)| (i, entry.entity)),
            };
            if let Some((i, actor)) = found {
                turn.member = u16::try_from(i + 1).unwrap_or(u16::MAX);
                turn.actor = Some(actor);
                return Next::Actor(actor);
            }
            let step_over = turn.steps.simultaneous;
            if turn.step.saturating_add(1) < turn.steps.count {
                turn.step += 1;
                turn.member = 0;
            } else {
                turn.unit = None;
            }
            if step_over {
                return Next::StepOver;
            }
            continue;
        }
        let Some(unit) = order.take_next(|u| unit_takes_turns(u, roster, statuses)) else {
            turn.actor = None;
            return Next::RoundOver;
        };
        turn.unit = Some(unit);
        turn.step = 0;
        turn.member = 0;
        turn.steps = Steps::default();
        return Next::Unit(unit);
    }
}

/// The turn's unit, when none of it has acted yet this round - the actor is the first member
/// of the unit's first step still taking turns (a group or sides delay as one) - and no
/// status change of the step is waiting: a unit that may still delay.
fn unit_yet_to_act<F: QueryFilter>(
    turn: &Turn,
    roster: &Roster,
    statuses: &Query<&mut Status, F>,
) -> Option<ActingUnit> {
    let (Some(unit), Some(actor)) = (turn.unit, turn.actor) else {
        return None;
    };
    let takes = |e: Entity| statuses.get(e).is_ok_and(|s| s.takes_turns());
    let first = roster
        .entries
        .iter()
        .find(|entry| member_of(unit, entry) && takes(entry.entity))
        .is_some_and(|entry| entry.entity == actor);
    (turn.step == 0 && first && turn.deferred.is_empty()).then_some(unit)
}

/// Whether the turn's actor may delay: someone still acts after its unit this round, and none
/// of its unit has acted yet this round - the actor is the first member of the unit's first
/// step still taking turns (a group or sides delay as one), and no status change of the step
/// is waiting.
pub fn can_delay<F: QueryFilter>(
    turn: &Turn,
    order: &TurnOrder,
    roster: &Roster,
    statuses: &Query<&mut Status, F>,
) -> bool {
    unit_yet_to_act(turn, roster, statuses).is_some()
        && order
            .upcoming()
            .any(|u| unit_takes_turns(u, roster, statuses))
}

/// Whether the turn's actor may delay into the next round: as for [`can_delay`], none of its
/// unit has acted yet, but nobody acts after it this round; another unit of the order still
/// takes turns.
pub fn can_delay_into_next_round<F: QueryFilter>(
    turn: &Turn,
    order: &TurnOrder,
    roster: &Roster,
    statuses: &Query<&mut Status, F>,
) -> bool {
    let Some(unit) = unit_yet_to_act(turn, roster, statuses) else {
        return false;
    };
    let takes = |u: ActingUnit| unit_takes_turns(u, roster, statuses);
    !order.upcoming().any(takes)
        && order
            .entries()
            .iter()
            .any(|e| e.unit != unit && takes(e.unit))
}

/// The turn's actor delays, if it may ([`can_delay`]): its whole unit moves to just after the
/// next unit still taking turns this round, and the walk leaves it, so its members take their
/// turns when it comes up again. The actor's turn ends without its end-of-turn effects (they
/// come with the turn it takes later).
pub fn delay<F: QueryFilter>(
    turn: &mut Turn,
    order: &mut TurnOrder,
    roster: &Roster,
    statuses: &Query<&mut Status, F>,
) -> bool {
    if !can_delay(turn, order, roster, statuses)
        || !order.delay_current(|u| unit_takes_turns(u, roster, statuses))
    {
        return false;
    }
    turn.delayed = true;
    turn.unit = None;
    turn.member = 0;
    turn.step = 0;
    true
}

/// The turn's actor delays into the next round, if it may ([`can_delay_into_next_round`]): its
/// whole unit moves to the top of the order, so it comes first next round (where it may
/// delay again), and the walk leaves it. The actor's turn ends without its end-of-turn
/// effects, as for [`delay`].
pub fn delay_into_next_round<F: QueryFilter>(
    turn: &mut Turn,
    order: &mut TurnOrder,
    roster: &Roster,
    statuses: &Query<&mut Status, F>,
) -> bool {
    if !can_delay_into_next_round(turn, order, roster, statuses) || !order.delay_current_to_top() {
        return false;
    }
    turn.delayed = true;
    turn.unit = None;
    turn.member = 0;
    turn.step = 0;
    true
}

/// Moves to the actor's `TurnStart`, or (`None`: the order is exhausted) to the next round's
/// `RoundStart`.
pub fn go_to(
    encounter: &mut Encounter,
    turn: &mut Turn,
    log: &mut CombatLog,
    actor: Option<Entity>,
) {
    match actor {
        Some(_) => start_turn(encounter),
        None => {
            turn.actor = None;
            turn.unit = None;
            next_round(encounter);
            log.set_clock(encounter.round, turn.serial);
        }
    }
}

/// A round starts: the log says so and the walk starts over from the top of the order.
pub(crate) fn open_round(
    encounter: &Encounter,
    turn: &mut Turn,
    order: &mut TurnOrder,
    log: &mut CombatLog,
) {
    log.set_clock(encounter.round, turn.serial);
    log.push(LogEvent::RoundStarted);
    order.restart();
    turn.unit = None;
    turn.member = 0;
    turn.step = 0;
}

/// The actor's turn begins: a new serial, a fresh version, nothing pending.
pub(crate) fn begin_turn(
    encounter: &mut Encounter,
    turn: &mut Turn,
    log: &mut CombatLog,
    who: Option<crate::ids::CombatantId>,
) {
    turn.serial = turn.serial.wrapping_add(1);
    turn.touch();
    turn.actions = 0;
    turn.request = None;
    turn.approved = None;
    turn.window.clear();
    turn.delayed = false;
    encounter.turns = encounter.turns.saturating_add(1);
    log.set_clock(encounter.round, turn.serial);
    if let Some(who) = who {
        log.push(LogEvent::TurnStarted { who });
    }
}

/// The actor's turn is over: the log says so and nothing stays pending.
pub(crate) fn finish_turn(
    turn: &mut Turn,
    log: &mut CombatLog,
    who: Option<crate::ids::CombatantId>,
) {
    if let Some(who) = who {
        log.push(LogEvent::TurnEnded { who });
    }
    turn.request = None;
    turn.approved = None;
    turn.window.clear();
}

/// The next combatant to declare, after roster index `turn.member`: active ones, in roster
/// order. Sets the turn's actor.
pub(crate) fn next_declarer<F: QueryFilter>(
    turn: &mut Turn,
    roster: &Roster,
    statuses: &Query<&mut Status, F>,
) -> Option<Entity> {
    let from = usize::from(turn.member);
    let found = roster
        .entries
        .iter()
        .enumerate()
        .skip(from)
        .find(|(_, e)| statuses.get(e.entity).is_ok_and(|s| s.is_active()));
    match found {
        Some((i, entry)) => {
            turn.member = u16::try_from(i + 1).unwrap_or(u16::MAX);
            turn.actor = Some(entry.entity);
            turn.touch();
            Some(entry.entity)
        }
        None => {
            turn.actor = None;
            turn.member = 0;
            None
        }
    }
}
