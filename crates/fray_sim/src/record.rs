//! What one run leaves behind, as an owned value (`fray run --format json`, the demo's
//! closing lines). Batches do not keep these: they fold each run into an
//! [`Aggregate`](crate::aggregate::Aggregate).

use bevy_ecs::prelude::*;
use fray_core::prelude::*;
use serde::{Deserialize, Serialize};

use crate::finished::{FinishedRun, read_finished};

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
    /// Reads the record of a finished encounter out of the world (through
    /// [`read_finished`]): `None` if it has not ended, or it or one of its combatants is no
    /// longer there.
    pub fn read(world: &World, encounter: Entity, index: u64, seed: u64) -> Option<Self> {
        let FinishedRun { run, combatants } = read_finished(world, encounter)?;
        Some(Self {
            index,
            seed,
            winner: run.winner,
            ending: run.ending,
            rounds: run.rounds,
            turns: run.turns,
            actions: run.actions,
            rejections: run.rejections,
            combatants: combatants
                .map(|c| CombatantRecord {
                    name: c.name.to_owned(),
                    statblock: c.statblock.to_owned(),
                    side: c.side,
                    status: c.status,
                    hp: c.hp,
                    max_hp: c.max_hp,
                    damage_dealt: c.damage_dealt,
                    damage_taken: c.damage_taken,
                    times_dropped: c.times_dropped,
                    morale_broken: c.morale_broken,
                })
                .collect(),
        })
    }
}
