//! What an expedition came to, for people and tools: one run's
//! [`DelveSummary`](crate::report::DelveSummary), and a batch's running
//! [`DelveTally`](crate::report::DelveTally) (flat memory, mergeable), with each member's XP and
//! when members died and expeditions ended, by turn, for survival curves.

use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use serde::Serialize;

use crate::charter::ExpeditionSpec;
use crate::death::DiedAt;
use crate::expedition_state::{Expedition, ExpeditionEnding, ExpeditionState, UNDER_WAY};
use crate::fighting::FightCount;
use crate::landscape::Whereabouts;
use crate::meetings::Meetings;
use crate::party::{Character, Life, Party, Supplies, Vitals};
use crate::place::Haul;
use crate::time::{Clock, GameTime};
use crate::timekeeping::Timekeeping;
use crate::xp::XpGained;

/// One member at the end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MemberSummary {
    /// Its name.
    pub name: String,
    /// Its hit points and maximum.
    pub hp: (i32, i32),
    /// Alive, down or dead.
    pub life: Life,
    /// XP gained on the expedition ([`XpGained`]; 0 in a ruleset that awards none).
    pub xp: u64,
    /// When it died ([`DiedAt`]; `None` while it lives). A dead member its expedition never
    /// marked (say, killed by hand after the last turn) died at the end.
    pub died_at: Option<GameTime>,
}

/// What one expedition came to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DelveSummary {
    /// How it ended (`None`: still under way).
    pub ending: Option<ExpeditionEnding>,
    /// Game time spent.
    pub elapsed: GameTime,
    /// Exploration turns spent (the ruleset's turns, or days in a wilderness; rounded down).
    pub turns: u64,
    /// The span of one of those turns: the ruleset's turn, or a day in a wilderness.
    pub turn: GameTime,
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
    /// XP the party gained, in all.
    pub xp: u64,
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
        let (mut torches, mut rations, mut xp) = (0u32, 0u32, 0u64);
        for &m in order {
            let (Some(c), Some(v), Some(s)) = (
                world.get::<Character>(m),
                world.get::<Vitals>(m),
                world.get::<Supplies>(m),
            ) else {
                continue;
            };
            let gained = world.get::<XpGained>(m).map_or(0, |x| x.0);
            members.push(MemberSummary {
                name: c.name.clone(),
                hp: (v.hp, v.max_hp),
                life: v.life,
                xp: gained,
                died_at: (v.life == Life::Dead)
                    .then(|| world.get::<DiedAt>(m).map_or(elapsed, |d| d.0)),
            });
            xp = xp.saturating_add(gained);
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
            Some(
                ExpeditionEnding::Returned
                    | ExpeditionEnding::TurnedBack
                    | ExpeditionEnding::Journeyed
            )
        );
        let meetings = world.get::<Meetings>(expedition);
        Some(Self {
            ending,
            elapsed,
            turns: elapsed.checked_div(turn).unwrap_or(0),
            turn,
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
            xp,
        })
    }
}

/// A batch of expeditions summed up: running totals only.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct DelveTally {
    /// Runs counted.
    pub runs: u64,
    /// Runs by ending, by [`ExpeditionEnding::key`] (`under_way` for runs cut short).
    pub endings: BTreeMap<String, u64>,
    /// Runs each member came through alive, by name.
    pub survived: BTreeMap<String, u64>,
    /// Runs in which each member died, by name and by the turn it died in (the turn its
    /// [`MemberSummary::died_at`] falls in, counted as [`DelveTally::turn`] says).
    pub deaths: BTreeMap<String, BTreeMap<u64, u64>>,
    /// Runs by the turn they ended in (runs cut short: the turn they stopped at).
    pub ended: BTreeMap<u64, u64>,
    /// The span of a turn `turns`, `deaths` and `ended` count: the ruleset's turn, or a day in
    /// a wilderness (the same in every run of one expedition; zero before the first run).
    pub turn: GameTime,
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
    /// XP gained, in all.
    pub xp: u64,
    /// XP each member gained, in all, by name.
    pub member_xp: BTreeMap<String, u64>,
}

/// Adds `by` to `n`, saturating.
fn bump(n: &mut u64, by: u64) {
    *n = n.saturating_add(by);
}

/// Adds every count of `from` into `into`.
fn add_counts<K: Ord + Clone>(into: &mut BTreeMap<K, u64>, from: &BTreeMap<K, u64>) {
    for (k, n) in from {
        bump(into.entry(k.clone()).or_default(), *n);
    }
}

impl DelveTally {
    /// Counts one run.
    pub fn add(&mut self, run: &DelveSummary) {
        self.runs = self.runs.saturating_add(1);
        let ending = run
            .ending
            .map_or(UNDER_WAY, ExpeditionEnding::key)
            .to_string();
        bump(self.endings.entry(ending).or_default(), 1);
        bump(self.ended.entry(run.turns).or_default(), 1);
        self.turn = self.turn.max(run.turn);
        for m in &run.members {
            let n = self.survived.entry(m.name.clone()).or_default();
            if m.life != Life::Dead {
                bump(n, 1);
            }
            if let Some(at) = m.died_at {
                let turn = at.checked_div(run.turn).unwrap_or(0);
                let deaths = self.deaths.entry(m.name.clone()).or_default();
                bump(deaths.entry(turn).or_default(), 1);
            }
            bump(self.member_xp.entry(m.name.clone()).or_default(), m.xp);
        }
        self.turns = self.turns.saturating_add(run.turns);
        self.seconds = self.seconds.saturating_add(run.elapsed.seconds());
        self.met = self.met.saturating_add(u64::from(run.met.0));
        self.wandering = self.wandering.saturating_add(u64::from(run.met.1));
        self.fights = self.fights.saturating_add(u64::from(run.fights));
        self.torches = self.torches.saturating_add(u64::from(run.torches_used));
        self.rations = self.rations.saturating_add(u64::from(run.rations_used));
        self.treasure = self.treasure.saturating_add(u64::from(run.treasure));
        self.xp = self.xp.saturating_add(run.xp);
    }

    /// Adds another tally's runs (a batch's shards, in any order: the sums do not depend on
    /// it).
    pub fn merge(&mut self, other: &Self) {
        self.runs = self.runs.saturating_add(other.runs);
        add_counts(&mut self.endings, &other.endings);
        add_counts(&mut self.survived, &other.survived);
        for (name, deaths) in &other.deaths {
            add_counts(self.deaths.entry(name.clone()).or_default(), deaths);
        }
        add_counts(&mut self.ended, &other.ended);
        self.turn = self.turn.max(other.turn);
        self.turns = self.turns.saturating_add(other.turns);
        self.seconds = self.seconds.saturating_add(other.seconds);
        self.met = self.met.saturating_add(other.met);
        self.wandering = self.wandering.saturating_add(other.wandering);
        self.fights = self.fights.saturating_add(other.fights);
        self.torches = self.torches.saturating_add(other.torches);
        self.rations = self.rations.saturating_add(other.rations);
        self.treasure = self.treasure.saturating_add(other.treasure);
        self.xp = self.xp.saturating_add(other.xp);
        add_counts(&mut self.member_xp, &other.member_xp);
    }

    /// The survival curve of `member`: the share of runs in which it was not dead by each
    /// turn, as steps `(turn, share)` (the share holds from that turn until the next step),
    /// from turn 0.
    pub fn survival(&self, member: &str) -> Vec<(u64, f64)> {
        self.steps(self.deaths.get(member))
    }

    /// The share of runs still under way at each turn (not ended by then), as steps like
    /// [`DelveTally::survival`]'s.
    pub fn underway(&self) -> Vec<(u64, f64)> {
        self.steps(Some(&self.ended))
    }

    /// The last turn in which a run ended or a member died (0 before any run).
    pub fn last_turn(&self) -> u64 {
        self.deaths
            .values()
            .chain(std::iter::once(&self.ended))
            .filter_map(|turns| turns.keys().next_back().copied())
            .max()
            .unwrap_or(0)
    }

    /// The share of runs left at each turn when `gone` runs leave at each turn.
    fn steps(&self, gone: Option<&BTreeMap<u64, u64>>) -> Vec<(u64, f64)> {
        let mut left = self.runs;
        let mut steps = Vec::new();
        if gone.is_none_or(|g| !g.contains_key(&0)) {
            steps.push((0, self.mean(left)));
        }
        for (turn, n) in gone.into_iter().flatten() {
            left = left.saturating_sub(*n);
            steps.push((*turn, self.mean(left)));
        }
        steps
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
