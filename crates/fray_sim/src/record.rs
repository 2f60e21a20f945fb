//! What one run leaves behind.

use bevy_ecs::prelude::*;
use fray_core::combatant::{StatblockRef, Tally};
use fray_core::prelude::*;
use serde::{Deserialize, Serialize};

/// One combatant at the end of a run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatantRecord {
    /// Display name.
    pub name: String,
    /// Statblock id.
    pub statblock: String,
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

/// One run of an encounter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunRecord {
    /// The run's index in the batch.
    pub index: u64,
    /// Its seed.
    pub seed: u64,
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
    /// Every combatant, in roster order.
    pub combatants: Vec<CombatantRecord>,
}

impl RunRecord {
    /// Reads the record of a finished encounter out of the world: `None` if it has not ended,
    /// or it or one of its combatants is no longer there.
    pub fn read(world: &World, encounter: Entity, index: u64, seed: u64) -> Option<Self> {
        let e = world.get::<Encounter>(encounter)?;
        let outcome = e.outcome()?;
        let roster = world.get::<Roster>(encounter)?;
        let combatants = roster
            .entries
            .iter()
            .map(|entry| {
                let c = world.get_entity(entry.entity).ok()?;
                let hp = c.get::<Hp>().copied().unwrap_or(Hp::new(0));
                let tally = c.get::<Tally>().copied().unwrap_or_default();
                Some(CombatantRecord {
                    name: entry.name.clone(),
                    statblock: c
                        .get::<StatblockRef>()
                        .map_or_else(|| entry.statblock.clone(), |s| s.0.clone()),
                    side: entry.side.0,
                    status: c.get::<Status>().copied().unwrap_or(Status::Dead),
                    hp: hp.current,
                    max_hp: hp.max,
                    damage_dealt: tally.damage_dealt,
                    damage_taken: tally.damage_taken,
                    times_dropped: tally.times_dropped,
                    morale_broken: c.get::<Morale>().is_some_and(|m| m.broken),
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Self {
            index,
            seed,
            winner: outcome.winner.map(|s| s.0),
            ending: outcome.ending,
            rounds: outcome.round,
            turns: e.turns(),
            actions: e.actions(),
            rejections: e.rejections(),
            combatants,
        })
    }
}
