//! Morale triggers: the moments a side's nerve is tested.
//!
//! The core notices the triggers every ruleset shares - the battle starts, a side's first
//! combatant falls, its leader goes down, half of it is out of the fight - each at most once per
//! side and battle, and queues them on the encounter's [`MoraleState`]. A ruleset's
//! [`RulesetSystems::Morale`](crate::schedule::RulesetSystems::Morale) systems roll the checks
//! (or ignore them: archmage uses no morale), and the core clears the queue after.
//! A fallen combatant (down or dead) counts as the side's "first death": in the heat of battle
//! a friend on the ground looks dead.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::combatant::{Leader, Status};
use crate::encounter::{Encounter, InEncounter, Phase, Roster, Sides};
use crate::ids::SideId;
use crate::log::{CombatLog, LogEvent};

/// What tests a side's morale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoraleTrigger {
    /// The battle begins.
    BattleStart,
    /// The side's first combatant falls.
    FirstDeath,
    /// The side's leader is down, dead or gone.
    LeaderDown,
    /// Half of the side is out of the fight.
    HalfOut,
}

impl fmt::Display for MoraleTrigger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoraleTrigger::BattleStart => "the battle begins",
            MoraleTrigger::FirstDeath => "first of the side falls",
            MoraleTrigger::LeaderDown => "the leader is down",
            MoraleTrigger::HalfOut => "half the side is out of the fight",
        })
    }
}

/// Which triggers already fired for one side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideMorale {
    /// First fallen noted.
    pub first_death: bool,
    /// Leader down noted.
    pub leader_down: bool,
    /// Half out noted.
    pub half_out: bool,
}

/// Morale bookkeeping of an encounter.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleState {
    /// Whether the battle-start trigger fired.
    pub started: bool,
    /// Per side, by [`SideId`].
    pub sides: Vec<SideMorale>,
    /// Triggers to check this tick, in the order they happened.
    pub pending: Vec<(SideId, MoraleTrigger)>,
}

/// Notes new morale triggers of encounters where someone's status changed (and battle start).
pub(crate) fn note_morale_triggers(
    mut encounters: Query<(
        &Encounter,
        &Roster,
        &Sides,
        &mut MoraleState,
        &mut CombatLog,
    )>,
    changed: Query<&InEncounter, Changed<Status>>,
    members: Query<(&Status, Has<Leader>)>,
    mut touched: Local<Vec<Entity>>,
) {
    touched.clear();
    touched.extend(changed.iter().map(|e| e.0));
    touched.sort_unstable();
    touched.dedup();
    for (encounter, _, sides, mut state, mut log) in &mut encounters {
        if encounter.phase == Phase::Setup || encounter.phase == Phase::Ended || state.started {
            continue;
        }
        state.started = true;
        state.sides = vec![SideMorale::default(); sides.len()];
        for side in 0..sides.len() {
            let side = SideId(side as u8);
            state.pending.push((side, MoraleTrigger::BattleStart));
            log.push(LogEvent::MoraleTriggered {
                side,
                trigger: MoraleTrigger::BattleStart,
            });
        }
    }
    for &entity in touched.iter() {
        let Ok((encounter, roster, sides, mut state, mut log)) = encounters.get_mut(entity) else {
            continue;
        };
        if encounter.phase == Phase::Ended || !state.started {
            continue;
        }
        for side_index in 0..sides.len() {
            let side = SideId(side_index as u8);
            let (mut total, mut out, mut fallen, mut leader_out) = (0, 0, 0, false);
            for (status, leader) in members.iter_many(roster.side(side)).flatten() {
                total += 1;
                if !status.is_active() {
                    out += 1;
                    leader_out |= leader;
                }
                if matches!(status, Status::Down | Status::Dead) {
                    fallen += 1;
                }
            }
            let Some(flags) = state.sides.get(side_index).copied() else {
                continue;
            };
            let mut fire = |trigger: MoraleTrigger, state: &mut MoraleState| {
                state.pending.push((side, trigger));
                log.push(LogEvent::MoraleTriggered { side, trigger });
            };
            let mut next = flags;
            if fallen > 0 && !flags.first_death {
                next.first_death = true;
                fire(MoraleTrigger::FirstDeath, &mut state);
            }
            if leader_out && !flags.leader_down {
                next.leader_down = true;
                fire(MoraleTrigger::LeaderDown, &mut state);
            }
            if total > 0 && out * 2 >= total && !flags.half_out {
                next.half_out = true;
                fire(MoraleTrigger::HalfOut, &mut state);
            }
            state.sides[side_index] = next;
        }
    }
}

/// Clears the triggers after the rulesets' morale checks ran.
pub(crate) fn clear_morale_triggers(mut states: Query<&mut MoraleState>) {
    for mut state in &mut states {
        if !state.pending.is_empty() {
            state.pending.clear();
        }
    }
}
