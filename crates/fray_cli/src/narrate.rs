//! Narrating a fight: the log as colored text, and the closing lines.

use std::fmt::Write as _;

use console::Style;
use fray_core::prelude::*;
use fray_sim::record::RunRecord;

/// The log as text, colored by what happened when `color` is on.
pub fn narrate(names: &LogNames, log: &CombatLog, color: bool) -> String {
    let style = |s: Style| s.force_styling(color);
    let mut out = String::new();
    for entry in log.entries() {
        let text = names.describe(&entry.event);
        let (indent, s) = match &entry.event {
            LogEvent::RoundStarted => {
                let _ = writeln!(
                    out,
                    "{}",
                    style(Style::new().cyan().bold())
                        .apply_to(format!("-- Round {} --", entry.round))
                );
                continue;
            }
            LogEvent::TurnStarted { .. } => ("", style(Style::new().bold())),
            LogEvent::Attack {
                hit: true,
                crit: true,
                ..
            } => ("  ", style(Style::new().green().bold())),
            LogEvent::Attack { hit: true, .. } => ("  ", style(Style::new().green())),
            LogEvent::Attack { hit: false, .. } => ("  ", style(Style::new().dim())),
            LogEvent::Damage { .. } | LogEvent::Rejected { .. } => {
                ("  ", style(Style::new().red()))
            }
            LogEvent::Healed { .. } => ("  ", style(Style::new().green())),
            LogEvent::StatusChanged { .. } => ("  ", style(Style::new().yellow().bold())),
            LogEvent::Ended { .. } => ("", style(Style::new().magenta().bold())),
            LogEvent::TurnEnded { .. } => continue,
            _ => ("  ", style(Style::new())),
        };
        let _ = writeln!(out, "{indent}{}", s.apply_to(text));
    }
    out
}

/// One closing line per combatant: side, status, hit points, damage dealt and taken.
pub fn closing_lines(record: &RunRecord, sides: &[String], color: bool) -> String {
    let mut out = String::new();
    for c in &record.combatants {
        let side = sides.get(usize::from(c.side)).map_or("?", String::as_str);
        let status = match c.status {
            Status::Active => Style::new().green(),
            Status::Down => Style::new().yellow(),
            Status::Dead => Style::new().red(),
            Status::Fled | Status::Surrendered => Style::new().dim(),
        }
        .force_styling(color)
        .apply_to(format!("{:?}", c.status).to_lowercase());
        let _ = writeln!(
            out,
            "  {:<30} {:<12} {:<13} {:>4}/{:<4} HP  dealt {:>4}  taken {:>4}",
            c.name, side, status, c.hp, c.max_hp, c.damage_dealt, c.damage_taken
        );
    }
    out
}
