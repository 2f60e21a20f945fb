//! The end of the fight: the outcome and every combatant's tallies.

use fray_core::combatant::{Hp, Side, Status, Tally};
use fray_core::encounter::{Encounter, Roster, Sides};
use fray_core::ids::SideId;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use crate::app::App;
use crate::render::side_name;

/// Draws the outcome and the tallies.
pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let world = app.fight().world();
    let encounter = app.fight().encounter();
    let outcome = world
        .get::<Encounter>(encounter)
        .and_then(Encounter::outcome)
        .map_or_else(
            || "The fight is over.".to_string(),
            |o| o.describe(|s| side_name(app, s)),
        );
    let roster = world.get::<Roster>(encounter);
    // Names as wide as the longest (the other columns take 41), cut only when the panel is
    // narrower than that.
    let side_width = world
        .get::<Sides>(encounter)
        .and_then(|sides| {
            (0..sides.len())
                .filter_map(|s| u8::try_from(s).ok())
                .map(|s| sides.name(SideId(s)).width())
                .max()
        })
        .unwrap_or(0)
        .max(4);
    let room = usize::from(area.width.saturating_sub(2)).saturating_sub(side_width + 37);
    let name_width = roster
        .map_or(9, |r| {
            r.entries.iter().map(|e| e.name.width()).max().unwrap_or(9)
        })
        .clamp(9, room.max(9));
    let mut lines = vec![
        Line::styled(
            outcome,
            Style::new().fg(Color::Magenta).add_modifier(Modifier::BOLD),
        ),
        Line::raw(""),
        Line::styled(
            format!(
                "{:<name_width$} {:<side_width$} {:<9} {:>7} {:>5} {:>5} {:>5}",
                "combatant", "side", "status", "HP", "dealt", "taken", "falls"
            ),
            Style::new().add_modifier(Modifier::BOLD),
        ),
    ];
    if let Some(roster) = roster {
        for entry in &roster.entries {
            let who = entry.entity;
            let tally = world.get::<Tally>(who).copied().unwrap_or_default();
            let status = world.get::<Status>(who).copied().unwrap_or_default();
            let hp = world
                .get::<Hp>(who)
                .map_or_else(String::new, |h| format!("{}/{}", h.current, h.max));
            let side = world
                .get::<Side>(who)
                .map_or_else(String::new, |s| side_name(app, s.0));
            let name = fit(&entry.name, name_width);
            let side = fit(&side, side_width);
            lines.push(Line::raw(format!(
                "{name} {side} {:<9} {hp:>7} {:>5} {:>5} {:>5}",
                format!("{status:?}").to_lowercase(),
                tally.damage_dealt,
                tally.damage_taken,
                tally.times_dropped
            )));
        }
    }
    lines.push(Line::raw(""));
    lines.push(Line::raw("q quits; l loads the saved fight."));
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(" The end ")),
        area,
    );
}

/// `text` padded to `columns`, or cut to them with a closing `…` when longer.
fn fit(text: &str, columns: usize) -> String {
    if text.width() <= columns {
        return format!("{text}{}", " ".repeat(columns - text.width()));
    }
    let mut cut = String::new();
    for c in text.chars() {
        if cut.width() + c.width().unwrap_or(0) + 1 > columns {
            break;
        }
        cut.push(c);
    }
    let pad = columns.saturating_sub(cut.width() + 1);
    format!("{cut}…{}", " ".repeat(pad))
}
