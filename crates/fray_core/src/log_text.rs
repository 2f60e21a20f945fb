//! The combat log as text for people: names instead of indices, one line per entry, a header
//! before each round.

use std::fmt::Write as _;

use crate::combatant::Status;
use crate::encounter::{Roster, Sides};
use crate::ids::{CombatantId, RegionId, SideId};
use crate::log::{CombatLog, LogEvent};
use crate::region::EncounterMap;

/// Names to render a log with: combatants, regions and sides by index.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LogNames {
    /// By [`CombatantId`].
    pub combatants: Vec<String>,
    /// By [`RegionId`].
    pub regions: Vec<String>,
    /// By [`SideId`].
    pub sides: Vec<String>,
}

impl LogNames {
    /// The names of an encounter.
    pub fn new(roster: &Roster, map: &EncounterMap, sides: &Sides) -> Self {
        Self {
            combatants: roster.entries.iter().map(|e| e.name.clone()).collect(),
            regions: (0..map.len())
                .map(|i| map.name(RegionId(i as u16)).to_string())
                .collect(),
            sides: sides.0.iter().map(|s| s.name.clone()).collect(),
        }
    }

    fn who(&self, id: CombatantId) -> &str {
        self.combatants.get(id.index()).map_or("?", String::as_str)
    }

    fn region(&self, id: RegionId) -> &str {
        self.regions.get(id.index()).map_or("?", String::as_str)
    }

    fn side(&self, id: SideId) -> &str {
        self.sides.get(id.index()).map_or("?", String::as_str)
    }

    /// One entry as a line of text (without the round prefix).
    pub fn describe(&self, event: &LogEvent) -> String {
        match event {
            LogEvent::BattleStarted { encounter, ruleset } => {
                format!("Battle `{encounter}` begins ({ruleset}).")
            }
            LogEvent::Initiative { who, count, roll } => match roll {
                Some(roll) => format!("{} rolls initiative: {roll}.", self.who(*who)),
                None => format!("{} acts on initiative {count}.", self.who(*who)),
            },
            LogEvent::RoundStarted => "Round begins.".to_string(),
            LogEvent::TurnStarted { who } => format!("{}'s turn.", self.who(*who)),
            LogEvent::TurnEnded { who } => format!("{} ends the turn.", self.who(*who)),
            LogEvent::Roll {
                who,
                purpose,
                roll,
                target,
                success,
            } => {
                let mut s = match who {
                    Some(w) => format!("{} rolls {purpose}: {roll}", self.who(*w)),
                    None => format!("Roll for {purpose}: {roll}"),
                };
                if let Some(t) = target {
                    let _ = write!(s, " vs {t}");
                }
                match success {
                    Some(true) => s.push_str(", success."),
                    Some(false) => s.push_str(", failure."),
                    None => s.push('.'),
                }
                s
            }
            LogEvent::Attack {
                attacker,
                target,
                attack,
                roll,
                defense,
                against,
                hit,
                crit,
            } => format!(
                "{} attacks {} with {attack}: {roll} vs {defense} {against}, {}.",
                self.who(*attacker),
                self.who(*target),
                match (hit, crit) {
                    (true, true) => "critical hit",
                    (true, false) => "hit",
                    (false, _) => "miss",
                }
            ),
            LogEvent::Damage {
                target,
                amount,
                kind,
                absorbed,
                hp,
                cause,
            } => {
                let mut s = if kind.is_empty() {
                    format!("{} takes {amount} damage", self.who(*target))
                } else {
                    format!("{} takes {amount} {kind} damage", self.who(*target))
                };
                if let Some(cause) = cause {
                    let _ = write!(s, " ({cause})");
                }
                if *absorbed > 0 {
                    let _ = write!(s, ", {absorbed} absorbed by temporary hit points");
                }
                let _ = write!(s, " -> {hp} HP.");
                s
            }
            LogEvent::Healed { target, amount, hp } => {
                format!("{} regains {amount} HP -> {hp} HP.", self.who(*target))
            }
            LogEvent::Moved { who, from, to } => format!(
                "{} moves from {} to {}.",
                self.who(*who),
                self.region(*from),
                self.region(*to)
            ),
            LogEvent::Engaged { who, target } => {
                format!("{} engages {}.", self.who(*who), self.who(*target))
            }
            LogEvent::Disengaged { who } => format!("{} is no longer engaged.", self.who(*who)),
            LogEvent::EffectApplied { target, effect } => {
                format!("{} is now {effect}.", self.who(*target))
            }
            LogEvent::EffectEnded { target, effect } => {
                format!("{} is no longer {effect}.", self.who(*target))
            }
            LogEvent::StatusChanged { who, status } => {
                let what = match status {
                    Status::Active => "is back in the fight",
                    Status::Down => "goes down",
                    Status::Dead => "dies",
                    Status::Fled => "flees the battle",
                    Status::Surrendered => "surrenders",
                };
                format!("{} {what}.", self.who(*who))
            }
            LogEvent::Spent { who, cost, left } => {
                format!("{} spends {cost} ({left}).", self.who(*who))
            }
            LogEvent::Reaction {
                who,
                against,
                provocation,
            } => format!(
                "{} reacts to {} ({provocation}).",
                self.who(*who),
                self.who(*against)
            ),
            LogEvent::Rejected {
                who,
                intent,
                reason,
            } => match who {
                Some(w) => format!("Rejected: {} cannot {intent}: {reason}.", self.who(*w)),
                None => format!("Rejected: {intent}: {reason}."),
            },
            LogEvent::MoraleTriggered { side, trigger } => {
                format!("Morale trigger for {}: {trigger}.", self.side(*side))
            }
            LogEvent::Edited { who, edit, why } => {
                let what = match edit {
                    crate::edit::change::Edit::MoveTo(r) => format!("moved to {}", self.region(*r)),
                    other => other.to_string(),
                };
                format!("Game edit ({why}): {} {what}.", self.who(*who))
            }
            LogEvent::Note { who, text } => match who {
                Some(w) => format!("{} {text}", self.who(*w)),
                None => text.clone(),
            },
            LogEvent::Ended { outcome } => outcome.describe(|s| self.side(s).to_string()),
        }
    }

    /// The whole log as text, one line per entry, with a round header before each round.
    pub fn render(&self, log: &CombatLog) -> String {
        let mut out = String::new();
        for entry in log.entries() {
            if matches!(entry.event, LogEvent::RoundStarted) {
                let _ = writeln!(out, "-- Round {} --", entry.round);
                continue;
            }
            let indent = if matches!(entry.event, LogEvent::TurnStarted { .. }) {
                ""
            } else {
                "  "
            };
            let _ = writeln!(out, "{indent}{}", self.describe(&entry.event));
        }
        out
    }
}
