//! The combat log: every roll, every state change and every rejection of an encounter.
//!
//! Entries name combatants, regions and sides by their indices, never by entity, so the same
//! fight gives the same log in any World, on any thread, before and after a save; words a
//! ruleset defines (damage types, costs) are recorded as text. The log is stored here and
//! rendered by [`log_text`](crate::log_text) as readable text, or as JSON lines. When disabled
//! (batch runs) nothing is recorded and callers skip building entries: check
//! [`CombatLog::enabled`] first, or use [`CombatLog::record`] with a closure.

use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use std::borrow::Cow;

use bevy_ecs::prelude::*;
use fray_dice::Roll;
use serde::{Deserialize, Serialize};

use crate::combatant::Status;
use crate::ids::{CombatantId, RegionId, SideId};
use crate::morale::MoraleTrigger;
use crate::outcome::Outcome;

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum LogEvent {
    /// The fight begins.
    BattleStarted {
        /// Content id of the encounter.
        encounter: String,
        /// Ruleset id.
        ruleset: String,
    },
    /// A combatant's initiative.
    Initiative {
        /// Whose.
        who: CombatantId,
        /// The count it acts on.
        count: i32,
        /// The roll, when one was made (`None` when shared or fixed).
        roll: Option<Roll>,
    },
    /// A round begins.
    RoundStarted,
    /// A combatant's turn begins.
    TurnStarted {
        /// Whose turn.
        who: CombatantId,
    },
    /// A combatant's turn ends.
    TurnEnded {
        /// Whose turn.
        who: CombatantId,
    },
    /// A roll with its dice, modifiers and result.
    Roll {
        /// Who rolled (`None` for the table).
        who: Option<CombatantId>,
        /// What for (`death save`, `disengage`...).
        purpose: String,
        /// The dice and result.
        roll: Roll,
        /// The number to reach, when there is one.
        target: Option<i64>,
        /// Whether it succeeded, when that is decided by the roll alone.
        success: Option<bool>,
    },
    /// An attack roll against a defense.
    Attack {
        /// Who attacks.
        attacker: CombatantId,
        /// Who is attacked.
        target: CombatantId,
        /// The attack's name.
        attack: String,
        /// The attack roll (natural die and modifiers).
        roll: Roll,
        /// The defense's name (`AC`, `PD`, `defense roll`), with its arithmetic when modifiers
        /// moved it from the statblock's (`AC 17 - 4 =`, before the value).
        defense: String,
        /// The defense's value.
        against: i64,
        /// Hit or miss.
        hit: bool,
        /// A critical hit.
        crit: bool,
    },
    /// Damage taken.
    Damage {
        /// Who takes it.
        target: CombatantId,
        /// How much (after halving, doubling and reduction).
        amount: i32,
        /// Its type, in the ruleset's words (empty when it has none).
        kind: Cow<'static, str>,
        /// How much temporary hit points absorbed.
        absorbed: i32,
        /// Hit points after.
        hp: i32,
        /// How it came about, when the ruleset says (`ongoing fire`, `opportunity attack`,
        /// `miss damage`, `critical hit: 8 x2`).
        cause: Option<String>,
    },
    /// Hit points regained.
    Healed {
        /// Who.
        target: CombatantId,
        /// How much.
        amount: i32,
        /// Hit points after.
        hp: i32,
    },
    /// Movement between regions.
    Moved {
        /// Who moves.
        who: CombatantId,
        /// From.
        from: RegionId,
        /// To.
        to: RegionId,
    },
    /// Engagement in melee.
    Engaged {
        /// Who engages.
        who: CombatantId,
        /// Whom.
        target: CombatantId,
    },
    /// Free of every enemy engaging it.
    Disengaged {
        /// Who.
        who: CombatantId,
    },
    /// An effect takes hold.
    EffectApplied {
        /// On whom.
        target: CombatantId,
        /// What (`dazed (save ends)`, `5 ongoing fire`).
        effect: String,
    },
    /// An effect ends.
    EffectEnded {
        /// On whom.
        target: CombatantId,
        /// What.
        effect: String,
    },
    /// A combatant's status changes (down, dead, fled...).
    StatusChanged {
        /// Who.
        who: CombatantId,
        /// The new status.
        status: Status,
    },
    /// Budget spent.
    Spent {
        /// Who.
        who: CombatantId,
        /// What it cost, in the ruleset's words (`3.0s`).
        cost: Cow<'static, str>,
        /// What is left, in the ruleset's words (`3.5s left`).
        left: String,
    },
    /// A reaction is taken out of turn.
    Reaction {
        /// Who reacts.
        who: CombatantId,
        /// Against whom.
        against: CombatantId,
        /// What provoked it.
        provocation: String,
    },
    /// A request was refused; nothing changed.
    Rejected {
        /// The actor named in the request (`None` when unknown).
        who: Option<CombatantId>,
        /// The intent, described.
        intent: String,
        /// Why.
        reason: String,
    },
    /// A morale trigger fired for a side.
    MoraleTriggered {
        /// The side.
        side: SideId,
        /// What happened.
        trigger: MoraleTrigger,
    },
    /// A game changed a combatant between ticks ([`crate::edit::apply`]); what the change did
    /// follows (damage, healing, a move, a status).
    Edited {
        /// Who.
        who: CombatantId,
        /// The change.
        edit: crate::edit::change::Edit,
        /// The game's reason (`potion`, `trapdoor`).
        why: String,
    },
    /// Anything else a ruleset wants to say.
    Note {
        /// About whom.
        who: Option<CombatantId>,
        /// What.
        text: String,
    },
    /// The fight is over.
    Ended {
        /// How it ended.
        outcome: Outcome,
    },
}

/// A log event with the round and turn it happened in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LogEntry {
    /// Round number.
    pub round: u32,
    /// Turn serial within the encounter.
    pub turn: u32,
    /// What happened.
    pub event: LogEvent,
}

/// An encounter's log.
#[derive(Component, Debug, Clone, Default, PartialEq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct CombatLog {
    enabled: bool,
    round: u32,
    turn: u32,
    entries: Vec<LogEntry>,
}

impl CombatLog {
    /// A log that records (`true`) or ignores everything (`false`).
    pub fn new(enabled: bool) -> Self {
        Self {
            enabled,
            ..Self::default()
        }
    }

    /// Whether entries are recorded. Check before building an expensive event.
    #[inline]
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// Empties the log for a new fight (keeping its allocation) and records or not.
    pub fn restart(&mut self, enabled: bool) {
        self.enabled = enabled;
        self.round = 0;
        self.turn = 0;
        self.entries.clear();
    }

    /// Turns recording on or off.
    pub fn set_enabled(&mut self, enabled: bool) {
        self.enabled = enabled;
    }

    /// Sets the round and turn stamped on the next entries (the core does this).
    pub fn set_clock(&mut self, round: u32, turn: u32) {
        self.round = round;
        self.turn = turn;
    }

    /// Records an event, if enabled.
    #[inline]
    pub fn push(&mut self, event: LogEvent) {
        if self.enabled {
            self.entries.push(LogEntry {
                round: self.round,
                turn: self.turn,
                event,
            });
        }
    }

    /// Records the event `make` builds, only when enabled (so nothing is built otherwise).
    #[inline]
    pub fn record(&mut self, make: impl FnOnce() -> LogEvent) {
        if self.enabled {
            self.push(make());
        }
    }

    /// Every entry so far.
    pub fn entries(&self) -> &[LogEntry] {
        &self.entries
    }

    /// Entries after the first `cursor` ones (for clients that animate as the fight runs).
    pub fn since(&self, cursor: usize) -> &[LogEntry] {
        self.entries.get(cursor..).unwrap_or(&[])
    }

    /// The log as JSON lines, one entry per line.
    pub fn to_json_lines(&self) -> String {
        let mut out = String::new();
        for entry in &self.entries {
            if let Ok(line) = serde_json::to_string(entry) {
                out.push_str(&line);
                out.push('\n');
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disabled_log_records_nothing_and_builds_nothing() {
        let mut log = CombatLog::new(false);
        log.record(|| unreachable!("not built when disabled"));
        log.push(LogEvent::RoundStarted);
        assert!(log.entries().is_empty());
    }

    #[test]
    fn core05_entries_carry_round_and_turn_and_render_as_json_lines() {
        let mut log = CombatLog::new(true);
        log.set_clock(2, 5);
        log.push(LogEvent::Note {
            who: None,
            text: "hello".into(),
        });
        assert_eq!(log.entries()[0].round, 2);
        let json = log.to_json_lines();
        assert_eq!(json.lines().count(), 1);
        assert!(json.contains("\"turn\":5"));
    }
}
