//! What an expedition came to, for people and tools: one run's
//! [`DelveSummary`](crate::report::DelveSummary), and a batch's running
//! [`DelveTally`](crate::report::DelveTally) (flat memory, mergeable).

use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use serde::Serialize;

use crate::charter::ExpeditionSpec;
use crate::expedition::{Ending, Expedition, ExpeditionState, Timekeeping};
use crate::fight::FightCount;
use crate::landscape::Whereabouts;
use crate::meeting::Meetings;
use crate::party::{Character, Life, Party, Supplies, Vitals};
use crate::place::Haul;
use crate::time::{Clock, GameTime};

/// One member at the end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MemberSummary {
    /// Its name.
    pub name: String,
    /// Its hit points and maximum.
    pub hp: (i32, i32),
    /// Alive, down or dead.
    pub life: Life,
}

/// What one expedition came to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DelveSummary {
    /// How it ended (`None`: still under way).
    pub ending: Option<Ending>,
    /// Game time spent.
    pub elapsed: GameTime,
    /// Exploration turns spent (the ruleset's turns, or days in a wilderness; rounded down).
    pub turns: u64,
    /// The party.
    pub members: Vec<MemberSummary>,
    /// Monsters met, in all and wandering.
    pub met: (u32, u32),
    /// Fights played.
    pub fights: u32,
    /// Torches taken from the party's supplies (lit or relit).
    pub torches_used: u32,
    /// Rations eaten or dropped.
    pub rations_used: u32,
    /// Treasure carried out, in gold pieces (0 unless the party got out).
    pub treasure: u32,
}

impl DelveSummary {
    /// The summary of `expedition`, which set out as `spec` says.
    pub fn of(world: &World, expedition: Entity, spec: &ExpeditionSpec) -> Option<Self> {
        let state = world.get::<Expedition>(expedition)?.state;
        let elapsed = world.get::<Clock>(expedition)?.elapsed();
        // A turn in the wilderness is a day (see `journey`).
        let turn = if world.get::<Whereabouts>(expedition).is_some() {
            GameTime::DAY
        } else {
            world.get::<Timekeeping>(expedition)?.turn
        };
        let order = &world.get::<Party>(expedition)?.order;
        let mut members = Vec::with_capacity(order.len());
        let (mut torches, mut rations) = (0u32, 0u32);
        for &m in order {
            let (Some(c), Some(v), Some(s)) = (
                world.get::<Character>(m),
                world.get::<Vitals>(m),
                world.get::<Supplies>(m),
            ) else {
                continue;
            };
            members.push(MemberSummary {
                name: c.name.clone(),
                hp: (v.hp, v.max_hp),
                life: v.life,
            });
            torches = torches.saturating_add(s.torches);
            rations = rations.saturating_add(s.rations);
        }
        let start = |f: fn(&Supplies) -> u32| {
            spec.party
                .iter()
                .fold(0u32, |n, p| n.saturating_add(f(&p.supplies)))
        };
        let ending = match state {
            ExpeditionState::Underway => None,
            ExpeditionState::Ended(e) => Some(e),
        };
        let out = matches!(
            ending,
            Some(Ending::Returned | Ending::TurnedBack | Ending::Journeyed)
        );
        let meetings = world.get::<Meetings>(expedition);
        Some(Self {
            ending,
            elapsed,
            turns: elapsed.checked_div(turn).unwrap_or(0),
            members,
            met: meetings.map_or((0, 0), |m| (m.total, m.wandering)),
            fights: world.get::<FightCount>(expedition).map_or(0, |f| f.0),
            torches_used: start(|s| s.torches).saturating_sub(torches),
            rations_used: start(|s| s.rations).saturating_sub(rations),
            treasure: if out {
                world.get::<Haul>(expedition).map_or(0, |h| h.0)
            } else {
                0
            },
        })
    }
}

/// A batch of expeditions summed up: running totals only.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct DelveTally {
    /// Runs counted.
    pub runs: u64,
    /// Runs by ending (`under way` for runs cut short).
    pub endings: BTreeMap<String, u64>,
    /// Runs each member came through alive, by name.
    pub survived: BTreeMap<String, u64>,
    /// Exploration turns, in all.
    pub turns: u64,
    /// Seconds of game time, in all.
    pub seconds: u64,
    /// Monsters met, in all.
    pub met: u64,
    /// Wandering monsters met, in all.
    pub wandering: u64,
    /// Fights, in all.
    pub fights: u64,
    /// Torches used, in all.
    pub torches: u64,
    /// Rations used, in all.
    pub rations: u64,
    /// Treasure carried out, in all.
    pub treasure: u64,
}

impl DelveTally {
    /// Counts one run.
    pub fn add(&mut self, run: &DelveSummary) {
        self.runs = self.runs.saturating_add(1);
        let ending = run.ending.map_or("under way", Ending::label).to_string();
        let n = self.endings.entry(ending).or_default();
        *n = n.saturating_add(1);
        for m in &run.members {
            let n = self.survived.entry(m.name.clone()).or_default();
            if m.life != Life::Dead {
                *n = n.saturating_add(1);
            }
        }
        self.turns = self.turns.saturating_add(run.turns);
        self.seconds = self.seconds.saturating_add(run.elapsed.seconds());
        self.met = self.met.saturating_add(u64::from(run.met.0));
        self.wandering = self.wandering.saturating_add(u64::from(run.met.1));
        self.fights = self.fights.saturating_add(u64::from(run.fights));
        self.torches = self.torches.saturating_add(u64::from(run.torches_used));
        self.rations = self.rations.saturating_add(u64::from(run.rations_used));
        self.treasure = self.treasure.saturating_add(u64::from(run.treasure));
    }

    /// Adds another tally's runs (a batch's shards, in any order: the sums do not depend on
    /// it).
    pub fn merge(&mut self, other: &Self) {
        self.runs = self.runs.saturating_add(other.runs);
        for (ending, n) in &other.endings {
            let m = self.endings.entry(ending.clone()).or_default();
            *m = m.saturating_add(*n);
        }
        for (name, n) in &other.survived {
            let m = self.survived.entry(name.clone()).or_default();
            *m = m.saturating_add(*n);
        }
        self.turns = self.turns.saturating_add(other.turns);
        self.seconds = self.seconds.saturating_add(other.seconds);
        self.met = self.met.saturating_add(other.met);
        self.wandering = self.wandering.saturating_add(other.wandering);
        self.fights = self.fights.saturating_add(other.fights);
        self.torches = self.torches.saturating_add(other.torches);
        self.rations = self.rations.saturating_add(other.rations);
        self.treasure = self.treasure.saturating_add(other.treasure);
    }

    /// The mean of a total over the runs.
    pub fn mean(&self, total: u64) -> f64 {
        if self.runs == 0 {
            0.0
        } else {
            total as f64 / self.runs as f64
        }
    }
}
