//! What covers the screen: the key help, the quit question, and the question before leaving
//! the fight.

use ratatui::Frame;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use crate::keys::HELP;

/// A box of `width` x `height` in the middle of `area`.
fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let [row] = Layout::vertical([Constraint::Length(height)])
        .flex(Flex::Center)
        .areas(area);
    let [cell] = Layout::horizontal([Constraint::Length(width)])
        .flex(Flex::Center)
        .areas(row);
    cell
}

/// The key help.
pub fn help(frame: &mut Frame, area: Rect) {
    let mut lines: Vec<Line> = HELP
        .iter()
        .map(|(keys, what)| {
            Line::from(vec![
                Span::styled(
                    format!(" {keys:<14}"),
                    Style::new().add_modifier(Modifier::BOLD),
                ),
                Span::raw(*what),
            ])
        })
        .collect();
    lines.push(Line::raw(""));
    lines.push(Line::raw(
        " Your side's decisions appear below the battlefield, each with",
    ));
    lines.push(Line::raw(
        " its cost and the exact odds of the highlighted option.",
    ));
    let height = u16::try_from(lines.len()).unwrap_or(12) + 2;
    let rect = centered(area, 76, height);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(" Keys (? or Esc to close) ")),
        rect,
    );
}

/// "Quit?"
pub fn confirm_quit(frame: &mut Frame, area: Rect) {
    let rect = centered(area, 44, 5);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(vec![
            Line::raw(" Quit the fight? Unsaved progress is lost."),
            Line::raw(""),
            Line::styled(
                " y / Enter: quit    n / Esc: keep playing",
                Style::new().add_modifier(Modifier::BOLD),
            ),
        ])
        .block(Block::bordered().title(" Quit ")),
        rect,
    );
}

/// "Leave the fight?", before an option that takes the person's combatants out of it.
pub fn confirm_leave(frame: &mut Frame, area: Rect, label: &str) {
    let rect = centered(area, 56, 6);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(vec![
            Line::raw(format!(" {label}")),
            Line::raw(" It leaves the fight, and there is no coming back."),
            Line::raw(""),
            Line::styled(
                " y / Enter: do it    n / Esc: choose again",
                Style::new().add_modifier(Modifier::BOLD),
            ),
        ])
        .block(Block::bordered().title(" Leave the fight? ")),
        rect,
    );
}
