//! The person's decision: every legal option grouped with its cost, and the exact preview of
//! the highlighted one.

use fray_core::client::budget;
use fray_core::kit::DecisionKind;
use fray_core::preview::Preview;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::app::App;
use crate::menu::{Group, aimed, name};

/// Draws the decision panel (or says who is acting when the person has nothing to decide).
pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let world = app.fight().world();
    let Some(decision) = app.decision() else {
        let text = if app.pacing().skipping {
            "The other sides are playing (skipping ahead)..."
        } else {
            "The other sides are playing... (Space: skip ahead to your next decision)"
        };
        frame.render_widget(
            Paragraph::new(text).block(Block::bordered().title(" Waiting ")),
            area,
        );
        return;
    };
    let what = match (decision.kind, &decision.answers) {
        (DecisionKind::Turn, _) => "turn".to_string(),
        (DecisionKind::Reaction, Some(a)) => format!("reaction to {}", name(world, a.provoker)),
        (DecisionKind::Reaction, None) => "reaction".to_string(),
        (DecisionKind::Declaration, _) => "declaration".to_string(),
    };
    let gauges: Vec<String> = budget(world, decision.actor)
        .iter()
        .map(ToString::to_string)
        .collect();
    let mut title = format!(" {} - {what} ", name(world, decision.actor));
    if !gauges.is_empty() {
        title.push_str(&format!("({}) ", gauges.join(", ")));
    }
    let [list, preview] =
        Layout::horizontal([Constraint::Percentage(62), Constraint::Percentage(38)]).areas(area);
    // The menu, scrolled so the highlighted line shows.
    let mut lines = Vec::new();
    if let Some(a) = &decision.answers {
        // What is being answered: the provoker's action as it was offered, and why it provokes.
        let action = a.intent.map_or_else(
            || "acting".to_string(),
            |intent| {
                aimed(
                    world,
                    decision.encounter,
                    &intent,
                    intent.kind().to_string(),
                )
            },
        );
        let answered = Style::new().fg(Color::Yellow);
        lines.push(Line::styled(
            format!("{}: {action}", name(world, a.provoker)),
            answered,
        ));
        lines.push(Line::styled(format!("  (provokes: {})", a.why), answered));
    }
    let mut highlighted_row = 0;
    let mut last: Option<Group> = None;
    let width = usize::from(list.width.saturating_sub(4));
    for (i, entry) in app.menu().iter().enumerate() {
        if last != Some(entry.group) {
            lines.push(Line::styled(
                entry.group.title(),
                Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
            ));
            last = Some(entry.group);
        }
        let cost = entry.option.cost_text.to_string();
        let room = width.saturating_sub(cost.chars().count() + 3);
        let text: String = entry.text.chars().take(room).collect();
        let chosen = i == app.selected();
        if chosen {
            highlighted_row = lines.len();
        }
        let style = if chosen {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        } else {
            Style::new()
        };
        lines.push(Line::from(vec![
            Span::styled(
                format!("{} {text:<room$}", if chosen { ">" } else { " " }),
                style,
            ),
            Span::styled(format!(" {cost}"), Style::new().fg(Color::DarkGray)),
        ]));
    }
    let height = usize::from(list.height.saturating_sub(2));
    let scroll = highlighted_row.saturating_sub(height.saturating_sub(2));
    frame.render_widget(
        Paragraph::new(lines)
            .scroll((u16::try_from(scroll).unwrap_or(0), 0))
            .block(Block::bordered().title(title)),
        list,
    );
    let detail = app
        .menu()
        .get(app.selected())
        .map(|e| preview_lines(&e.text, &e.option.cost_text, &e.option.preview))
        .unwrap_or_default();
    frame.render_widget(
        Paragraph::new(detail)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(" Preview ")),
        preview,
    );
}

/// The exact preview of an option, line by line; numbers a ruleset leaves at zero are left out.
pub fn preview_lines(label: &str, cost: &str, p: &Preview) -> Vec<Line<'static>> {
    let pct = |x: f32| format!("{:.0}%", x * 100.0);
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let mut lines = vec![
        Line::styled(label.to_string(), bold),
        Line::raw(format!("cost: {cost}")),
        Line::raw(format!("hit / success: {}", pct(p.hit_chance))),
    ];
    if p.damage_on_hit > 0.0 || p.expected_damage > 0.0 {
        let [least, most] = p.damage_range;
        let range = if most == 0 {
            String::new()
        } else if least == most {
            format!("{least} (mean ")
        } else {
            format!("{least}-{most} (mean ")
        };
        let close = if range.is_empty() { "" } else { ")" };
        lines.push(Line::raw(format!(
            "damage: {range}{:.1}{close} on a hit, {:.1} expected",
            p.damage_on_hit, p.expected_damage
        )));
    }
    if p.kill_chance > 0.0 {
        lines.push(Line::raw(format!(
            "takes the target out: {}",
            pct(p.kill_chance)
        )));
    }
    if p.expected_healing > 0.0 {
        lines.push(Line::raw(format!(
            "healing: {:.1} expected",
            p.expected_healing
        )));
    }
    if p.inflicts > 0.0 {
        lines.push(Line::raw(format!(
            "inflicts a lasting effect: {}",
            pct(p.inflicts)
        )));
    }
    let provokes = match p.provokes {
        0 => "no opportunity attacks".to_string(),
        1 => "provokes 1 opportunity attack".to_string(),
        n => format!("provokes {n} opportunity attacks"),
    };
    lines.push(Line::styled(
        provokes,
        if p.provokes > 0 {
            Style::new().fg(Color::Red)
        } else {
            Style::new()
        },
    ));
    if p.bands.iter().any(|b| *b > 0.0) {
        let bands: Vec<String> = p.bands.iter().map(|b| pct(*b)).collect();
        lines.push(Line::raw(format!("severity bands: {}", bands.join(" / "))));
    }
    if p.lost > 0.0 {
        lines.push(Line::raw(format!("lost before it acts: {}", pct(p.lost))));
    }
    if p.averts > 0.0 {
        lines.push(Line::raw(format!("damage averted: {:.1}", p.averts)));
    }
    if p.spends > 0.0 {
        lines.push(Line::raw(format!(
            "spends {} of a lasting resource",
            pct(p.spends)
        )));
    }
    if p.routs > 0.0 {
        lines.push(Line::raw(format!("breaks their morale: {}", pct(p.routs))));
    }
    lines
}
