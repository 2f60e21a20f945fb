//! The end of the fight: the outcome and every combatant's tallies.

use fray_core::combatant::{Hp, Side, Status, Tally};
use fray_core::encounter::{Encounter, Roster};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

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
    let mut lines = vec![
        Line::styled(
            outcome,
            Style::new().fg(Color::Magenta).add_modifier(Modifier::BOLD),
        ),
        Line::raw(""),
        Line::styled(
            format!(
                "{:<20} {:<8} {:<9} {:>7} {:>5} {:>5} {:>5}",
                "combatant", "side", "status", "HP", "dealt", "taken", "falls"
            ),
            Style::new().add_modifier(Modifier::BOLD),
        ),
    ];
    if let Some(roster) = world.get::<Roster>(encounter) {
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
            let name: String = entry.name.chars().take(20).collect();
            let side: String = side.chars().take(8).collect();
            lines.push(Line::raw(format!(
                "{name:<20} {side:<8} {:<9} {hp:>7} {:>5} {:>5} {:>5}",
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
