//! The log panel: every roll with its dice and modifiers, newest at the bottom.

use bevy_ecs::prelude::*;
use fray_core::encounter::{Roster, Sides};
use fray_core::log::{CombatLog, LogEvent};
use fray_core::log_text::LogNames;
use fray_core::region::EncounterMap;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::app::App;

/// The log as lines of text, each with its style, through the core's log renderer.
pub fn lines(world: &World, encounter: Entity) -> Vec<(String, Style)> {
    let (Some(log), Some(roster), Some(map), Some(sides)) = (
        world.get::<CombatLog>(encounter),
        world.get::<Roster>(encounter),
        world.get::<EncounterMap>(encounter),
        world.get::<Sides>(encounter),
    ) else {
        return Vec::new();
    };
    let names = LogNames::new(roster, map, sides);
    let mut out = Vec::with_capacity(log.entries().len());
    for entry in log.entries() {
        let (indent, style) = match &entry.event {
            LogEvent::RoundStarted => {
                out.push((
                    format!("-- Round {} --", entry.round),
                    Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
                ));
                continue;
            }
            LogEvent::TurnEnded { .. } => continue,
            LogEvent::TurnStarted { .. } => ("", Style::new().add_modifier(Modifier::BOLD)),
            LogEvent::Attack { hit: true, .. } => ("  ", Style::new().fg(Color::Green)),
            LogEvent::Attack { hit: false, .. } => ("  ", Style::new().fg(Color::DarkGray)),
            LogEvent::Damage { .. } | LogEvent::Rejected { .. } => {
                ("  ", Style::new().fg(Color::Red))
            }
            LogEvent::Healed { .. } => ("  ", Style::new().fg(Color::Green)),
            LogEvent::StatusChanged { .. } => (
                "  ",
                Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            ),
            LogEvent::Ended { .. } => (
                "",
                Style::new().fg(Color::Magenta).add_modifier(Modifier::BOLD),
            ),
            _ => ("  ", Style::new()),
        };
        out.push((format!("{indent}{}", names.describe(&entry.event)), style));
    }
    out
}

/// Draws the log, scrolled back as the person asked.
pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let all = lines(app.fight().world(), app.fight().encounter());
    let inner_width = usize::from(area.width.saturating_sub(2)).max(1);
    let height = usize::from(area.height.saturating_sub(2));
    // Wrapped lines take more rows: walk back from the newest, past the rows scrolled back,
    // until the panel is full.
    let rows_of = |text: &str| text.chars().count().div_ceil(inner_width).max(1);
    let (mut skipped, mut rows, mut end, mut first) = (0, 0, all.len(), all.len());
    for (i, (text, _)) in all.iter().enumerate().rev() {
        let need = rows_of(text);
        if skipped < app.log_scroll() {
            skipped += need;
            end = i;
            first = i;
            continue;
        }
        if rows + need > height {
            break;
        }
        rows += need;
        first = i;
    }
    let shown: Vec<Line> = all
        .into_iter()
        .take(end)
        .skip(first)
        .map(|(text, style)| Line::from(Span::styled(text, style)))
        .collect();
    let title = if app.log_scroll() > 0 {
        " Log (scrolled back: PgDn) "
    } else {
        " Log "
    };
    frame.render_widget(
        Paragraph::new(shown)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(title)),
        area,
    );
}
