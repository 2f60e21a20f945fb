//! Reading a finished encounter out of the World: the one place that knows where a run's
//! results live. Everything else (the per-run [`RunRecord`](crate::record::RunRecord), a
//! batch's [`Aggregate`](crate::aggregate::Aggregate) and its CSV rows) is built from what
//! [`read_finished`] returns, without reading the World itself.

use bevy_ecs::prelude::*;
use fray_core::combatant::{StatblockRef, Tally};
use fray_core::kit::prelude::*;

/// A finished run's own numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunEnd {
    /// Winning side index, if any.
    pub winner: Option<u8>,
    /// How it ended.
    pub ending: Ending,
    /// Rounds played.
    pub rounds: u32,
    /// Turns played.
    pub turns: u32,
    /// Intents resolved.
    pub actions: u32,
    /// Requests rejected (zero for a sound AI).
    pub rejections: u32,
}

/// One combatant at the end of a run, its names borrowed from the World (nothing is allocated
/// to read it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CombatantEnd<'w> {
    /// Display name.
    pub name: &'w str,
    /// Statblock id.
    pub statblock: &'w str,
    /// Side index.
    pub side: u8,
    /// Status at the end.
    pub status: Status,
    /// Hit points at the end.
    pub hp: i32,
    /// Maximum hit points.
    pub max_hp: i32,
    /// Damage dealt.
    pub damage_dealt: i64,
    /// Damage taken.
    pub damage_taken: i64,
    /// Times it went down or died.
    pub times_dropped: u32,
    /// Its morale broke.
    pub morale_broken: bool,
}

/// A finished run as the World holds it: its numbers and its combatants in roster order.
#[derive(Debug, Clone)]
pub struct FinishedRun<C> {
    /// The run's own numbers.
    pub run: RunEnd,
    /// Every combatant, in roster order (an iterator of [`CombatantEnd`]; clone it to walk the
    /// roster again).
    pub combatants: C,
}

/// Reads a finished encounter out of the world: `None` if it has not ended, or it or one of its
/// combatants is no longer there. Nothing is allocated: the combatants are read as they are
/// iterated, their names borrowed from the roster.
pub fn read_finished(
    world: &World,
    encounter: Entity,
) -> Option<FinishedRun<impl Iterator<Item = CombatantEnd<'_>> + Clone + '_>> {
    let e = world.get::<Encounter>(encounter)?;
    let outcome = e.outcome()?;
    let roster = world.get::<Roster>(encounter)?;
    // Every combatant must be there, so the iterator below never skips one.
    if roster
        .entries
        .iter()
        .any(|entry| world.get_entity(entry.entity).is_err())
    {
        return None;
    }
    let combatants = roster.entries.iter().filter_map(move |entry| {
        let c = world.get_entity(entry.entity).ok()?;
        let hp = c.get::<Hp>().copied().unwrap_or(Hp::new(0));
        let tally = c.get::<Tally>().copied().unwrap_or_default();
        Some(CombatantEnd {
            name: &entry.name,
            statblock: c
                .get::<StatblockRef>()
                .map_or(entry.statblock.as_str(), |s| s.0.as_str()),
            side: entry.side.0,
            status: c.get::<Status>().copied().unwrap_or(Status::Dead),
            hp: hp.current,
            max_hp: hp.max,
            damage_dealt: tally.damage_dealt,
            damage_taken: tally.damage_taken,
            times_dropped: tally.times_dropped,
            morale_broken: c.get::<Morale>().is_some_and(|m| m.broken),
        })
    });
    Some(FinishedRun {
        run: RunEnd {
            winner: outcome.winner.map(|s| s.0),
            ending: outcome.ending,
            rounds: outcome.round,
            turns: e.turns(),
            actions: e.actions(),
            rejections: e.rejections(),
        },
        combatants,
    })
}
