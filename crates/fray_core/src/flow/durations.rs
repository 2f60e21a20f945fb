//! Effects whose durations run out: at a round's start, at the start and end of a turn, and
//! when the fight ends (see [`effect`](crate::effect) for what each duration means).
//!
//! Within one encounter, effects end in the order they were applied.

use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryFilter;

use crate::combatant::Status;
use crate::condition::Conditions;
use crate::effect::{Duration, Effect, Effects};
use crate::ids::CombatantId;
use crate::lineup::Lineup;
use crate::log::{CombatLog, LogEvent};
use crate::turn::Turn;
use crate::vocabulary::Vocabulary;

/// The combatants' effects and conditions, as the caller queries them.
pub(crate) type EffectsQuery<'w, 's, F> =
    Query<'w, 's, (&'static mut Conditions, &'static mut Effects), F>;

/// Ends the effects of `roster`'s combatants that `due` picks, in the order they were
/// applied, logging each. `scratch` is reused between calls.
fn end_due<F: QueryFilter>(
    lineup: &mut Lineup,
    effects: &mut EffectsQuery<'_, '_, F>,
    log: &mut CombatLog,
    vocabulary: &dyn Vocabulary,
    scratch: &mut Vec<(u32, u16)>,
    due: impl Fn(Entity, &Effect) -> bool,
) {
    scratch.clear();
    for (i, (entity, row)) in lineup.iter().enumerate() {
        if row.effects == 0 {
            continue;
        }
        let Ok((_, list)) = effects.get(entity) else {
            continue;
        };
        let index = u16::try_from(i).unwrap_or(u16::MAX);
        scratch.extend(
            list.iter()
                .filter(|e| due(entity, e))
                .map(|e| (e.serial, index)),
        );
    }
    if scratch.is_empty() {
        return;
    }
    scratch.sort_unstable();
    for &(serial, index) in scratch.iter() {
        let Some(&entity) = lineup.entities().get(usize::from(index)) else {
            continue;
        };
        let Ok((mut conditions, mut list)) = effects.get_mut(entity) else {
            continue;
        };
        if let Some(effect) = list.remove(serial) {
            conditions.recompute(list.conditions());
            if let Some(row) = lineup.get_mut(usize::from(index)) {
                row.conditions.clone_from(&conditions);
                row.effects = list.len();
            }
            log.record(|| LogEvent::EffectEnded {
                target: CombatantId(index),
                effect: effect.describe_end(vocabulary),
            });
        }
    }
}

/// At a round start: ends `Rounds(n)` effects that are due, and turn-bound effects whose
/// creature no longer takes turns.
pub(crate) fn at_round_start<F: QueryFilter>(
    round: u32,
    lineup: &mut Lineup,
    effects: &mut EffectsQuery<'_, '_, F>,
    statuses: &Query<&mut Status, F>,
    log: &mut CombatLog,
    vocabulary: &dyn Vocabulary,
    scratch: &mut Vec<(u32, u16)>,
) {
    end_due(
        lineup,
        effects,
        log,
        vocabulary,
        scratch,
        |bearer, e| match e.duration {
            Duration::Rounds(n) => round >= e.applied_round.saturating_add(n),
            Duration::StartOfNextTurn(_) | Duration::EndOfNextTurn(_) => e
                .follows(bearer)
                .is_none_or(|who| statuses.get(who).map_or(true, |s| !s.takes_turns())),
            _ => false,
        },
    );
}

/// At the start of the turn's actor's turn: ends `StartOfNextTurn` effects that follow it.
pub(crate) fn at_turn_start<F: QueryFilter>(
    turn: &Turn,
    lineup: &mut Lineup,
    effects: &mut EffectsQuery<'_, '_, F>,
    log: &mut CombatLog,
    vocabulary: &dyn Vocabulary,
    scratch: &mut Vec<(u32, u16)>,
) {
    let Some(actor) = turn.actor else { return };
    let serial = turn.serial;
    end_due(lineup, effects, log, vocabulary, scratch, |bearer, e| {
        matches!(e.duration, Duration::StartOfNextTurn(_))
            && e.follows(bearer) == Some(actor)
            && serial > e.applied_turn
    });
}

/// At the end of the turn's actor's turn (not a delayed one): ends `EndOfNextTurn` effects
/// that follow it.
pub(crate) fn at_turn_end<F: QueryFilter>(
    turn: &Turn,
    lineup: &mut Lineup,
    effects: &mut EffectsQuery<'_, '_, F>,
    log: &mut CombatLog,
    vocabulary: &dyn Vocabulary,
    scratch: &mut Vec<(u32, u16)>,
) {
    let Some(actor) = turn.actor else { return };
    if turn.delayed {
        return;
    }
    let serial = turn.serial;
    end_due(lineup, effects, log, vocabulary, scratch, |bearer, e| {
        matches!(e.duration, Duration::EndOfNextTurn(_))
            && e.follows(bearer) == Some(actor)
            && serial > e.applied_turn
    });
}

/// When a fight ends: every effect but `UntilRest` and `Permanent` ones ends, unlogged.
pub(crate) fn at_battle_end<F: QueryFilter>(
    lineup: &mut Lineup,
    effects: &mut EffectsQuery<'_, '_, F>,
) {
    for index in 0..lineup.len() {
        let Some(&entity) = lineup.entities().get(index) else {
            continue;
        };
        let Ok((mut conditions, mut list)) = effects.get_mut(entity) else {
            continue;
        };
        if list
            .iter()
            .all(|e| matches!(e.duration, Duration::UntilRest | Duration::Permanent))
        {
            continue;
        }
        list.remove_where(
            |e| !matches!(e.duration, Duration::UntilRest | Duration::Permanent),
            |_| {},
        );
        conditions.recompute(list.conditions());
        if let Some(row) = lineup.get_mut(index) {
            row.conditions.clone_from(&conditions);
            row.effects = list.len();
        }
    }
}
