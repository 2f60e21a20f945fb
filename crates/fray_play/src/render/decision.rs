//! The person's decision: every legal option grouped with its cost, and the exact preview of
//! the highlighted one.

use fray_core::client::budget;
use fray_core::intent::IntentKind;
use fray_core::kit::DecisionKind;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use crate::app::App;
use crate::menu::{Entry, Group, aimed, name};
use crate::render::scroll_marks;

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
    let title = format!(" {} - {what} ", name(world, decision.actor));
    let [list, preview] =
        Layout::horizontal([Constraint::Percentage(62), Constraint::Percentage(38)]).areas(area);
    let mut lines = Vec::new();
    // What the decider has left to spend, on a line of its own (a title would cut it).
    let gauges: Vec<String> = budget(world, decision.actor)
        .iter()
        .map(ToString::to_string)
        .collect();
    let width = usize::from(list.width.saturating_sub(2)).max(8);
    if !gauges.is_empty() {
        let budget = format!("budget: {}", gauges.join(", "));
        for piece in wrap(&budget, width) {
            lines.push(Line::styled(piece, Style::new().fg(Color::Yellow)));
        }
    }
    if let Some(a) = &decision.answers {
        // What is being answered: the provoker's action as it was offered, and why it provokes.
        let action = a.intent.map_or_else(
            || "acting".to_string(),
            |intent| {
                aimed(
                    world,
                    decision.encounter,
                    Some(a.provoker),
                    &intent,
                    intent.kind().to_string(),
                )
            },
        );
        let answered = Style::new().fg(Color::Yellow);
        let what = format!("{}: {action}", name(world, a.provoker));
        let why = format!("(provokes: {})", a.why);
        for piece in wrap(&what, width).into_iter().chain(wrap(&why, width)) {
            lines.push(Line::styled(piece, answered));
        }
    }
    // The menu: each option numbered (the first nine take a digit key), its label wrapped
    // rather than cut, its cost at the right of its first line.
    let mut highlighted = 0..0;
    let mut last: Option<Group> = None;
    for (i, entry) in app.menu().iter().enumerate() {
        if last != Some(entry.group) {
            lines.push(Line::styled(
                entry.group.title(),
                Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
            ));
            last = Some(entry.group);
        }
        let chosen = i == app.selected();
        let style = if chosen {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        } else {
            Style::new()
        };
        let number = if i < 9 {
            format!("{}", i + 1)
        } else {
            " ".to_string()
        };
        let marker = format!("{}{number} ", if chosen { ">" } else { " " });
        let cost = format!(" {}", entry.option.cost_text);
        let room = width.saturating_sub(marker.width() + cost.width()).max(8);
        let start = lines.len();
        for (row, piece) in wrap(&entry.text, room).into_iter().enumerate() {
            let pad = room.saturating_sub(piece.width());
            let mut spans = vec![Span::styled(
                format!(
                    "{}{piece}{}",
                    if row == 0 {
                        marker.clone()
                    } else {
                        " ".repeat(marker.width())
                    },
                    " ".repeat(pad)
                ),
                style,
            )];
            if row == 0 {
                spans.push(Span::styled(cost.clone(), Style::new().fg(Color::DarkGray)));
            }
            lines.push(Line::from(spans));
        }
        if chosen {
            highlighted = start..lines.len();
        }
    }
    let height = usize::from(list.height.saturating_sub(2));
    let scroll = highlighted.end.saturating_sub(height);
    let below = lines.len().saturating_sub(scroll + height);
    let block = scroll_marks(Block::bordered().title(title), scroll, below);
    frame.render_widget(
        Paragraph::new(lines)
            .scroll((u16::try_from(scroll).unwrap_or(0), 0))
            .block(block),
        list,
    );
    let detail = app
        .menu()
        .get(app.selected())
        .map(preview_lines)
        .unwrap_or_default();
    frame.render_widget(
        Paragraph::new(detail)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(" Preview ")),
        preview,
    );
}

/// `text` in pieces of at most `width` columns, broken at spaces where it can be.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut piece = String::new();
    for word in text.split(' ') {
        let wanted = if piece.is_empty() {
            word.width()
        } else {
            piece.width() + 1 + word.width()
        };
        if wanted > width && !piece.is_empty() {
            pieces.push(std::mem::take(&mut piece));
        }
        if !piece.is_empty() {
            piece.push(' ');
        }
        // A word longer than a whole line is cut where the line ends.
        for c in word.chars() {
            if piece.width() + c.width().unwrap_or(0) > width {
                pieces.push(std::mem::take(&mut piece));
            }
            piece.push(c);
        }
    }
    pieces.push(piece);
    pieces
}

/// The exact preview of an option, line by line; numbers a ruleset leaves at zero are left out,
/// and so are the odds of what cannot fail (a move, ending the turn); then what the ruleset
/// says of it in words.
pub fn preview_lines(entry: &Entry) -> Vec<Line<'static>> {
    let p = &entry.option.preview;
    let pct = |x: f32| format!("{:.0}%", x * 100.0);
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let mut lines = vec![
        Line::styled(entry.text.clone(), bold),
        Line::raw(format!("cost: {}", entry.option.cost_text)),
    ];
    let kind = entry.option.intent.kind();
    let odds = match kind {
        IntentKind::Attack => Some("hit"),
        IntentKind::UseAbility => Some("success"),
        // A readied action's odds are worked out when it fires, against whoever sets it off.
        IntentKind::Ready => None,
        _ if p.hit_chance > 0.0 && p.hit_chance < 1.0 => Some("success"),
        _ => None,
    };
    if let Some(odds) = odds {
        let caveat = if p.lost > 0.0 { " if it goes off" } else { "" };
        lines.push(Line::raw(format!("{odds}{caveat}: {}", pct(p.hit_chance))));
    }
    if p.lost > 0.0 {
        lines.push(Line::raw(format!("lost before it acts: {}", pct(p.lost))));
    }
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
    if p.averts > 0.0 {
        lines.push(Line::raw(format!("damage averted: {:.1}", p.averts)));
    }
    if p.spends > 0.0 {
        lines.push(Line::raw(format!(
            "spends {} of what is left of a limited pool",
            pct(p.spends)
        )));
    }
    if p.routs > 0.0 {
        lines.push(Line::raw(format!("breaks their morale: {}", pct(p.routs))));
    }
    // What the ruleset tells beside the numbers: the effect by name, the uses left, how bad a
    // hit may be.
    lines.extend(entry.option.notes.iter().cloned().map(Line::raw));
    lines
}
