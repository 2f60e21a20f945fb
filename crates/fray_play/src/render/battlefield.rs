//! The battlefield: each region with its links and who stands there (HP, engagements,
//! conditions, effects), then the turn order with the current actor and its budget.

use bevy_ecs::prelude::*;
use fray_core::client::{budget, vocabulary};
use fray_core::combatant::{Hp, Side, Status};
use fray_core::condition::Conditions;
use fray_core::effect::{EffectKind, Effects};
use fray_core::encounter::{Groups, Roster, Sides};
use fray_core::engagement::Engagement;
use fray_core::region::{EncounterMap, InRegion};
use fray_core::turn::{ActingUnit, Turn, TurnOrder};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::app::App;
use crate::menu::name;
use crate::render::{scroll_marks, side_tags};

/// Cells of an HP bar.
const BAR: usize = 10;

/// Draws the battlefield: the regions, then the turn order and the actor's budget, which stay
/// in sight when the regions need more rows than there are (those scroll to the actor, with
/// how many rows are out of sight in the border).
pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let inner = area.width.saturating_sub(2);
    let footer = footer_lines(app);
    let footer_rows = height(&footer, inner).min(area.height.saturating_sub(3));
    let block = Block::bordered().title(" Battlefield ");
    let inside = block.inner(area);
    let [regions_area, footer_area] =
        Layout::vertical([Constraint::Min(1), Constraint::Length(footer_rows)]).areas(inside);
    let (regions, actor_row) = region_lines(app, inner);
    let shown = usize::from(regions_area.height);
    let total = usize::from(height(&regions, inner));
    // Scroll so the actor's row shows, with a row of context above it where there is room.
    let scroll = actor_row
        .map_or(0, |row| row.saturating_sub(shown.saturating_sub(2)))
        .min(total.saturating_sub(shown));
    let below = total.saturating_sub(scroll + shown);
    let block = scroll_marks(block, scroll, below);
    frame.render_widget(block, area);
    frame.render_widget(
        Paragraph::new(regions)
            .wrap(Wrap { trim: false })
            .scroll((u16::try_from(scroll).unwrap_or(u16::MAX), 0)),
        regions_area,
    );
    frame.render_widget(
        Paragraph::new(footer).wrap(Wrap { trim: false }),
        footer_area,
    );
}

/// Rows the battlefield needs inside a border `width` columns wide.
pub fn rows(app: &App, width: u16) -> u16 {
    let inner = width.saturating_sub(2);
    height(&region_lines(app, inner).0, inner).saturating_add(height(&footer_lines(app), inner))
}

/// Rows `lines` take wrapped in `width` columns.
fn height(lines: &[Line], width: u16) -> u16 {
    let columns = usize::from(width).max(1);
    let rows: usize = lines
        .iter()
        .map(|l| l.width().div_ceil(columns).max(1))
        .sum();
    u16::try_from(rows).unwrap_or(u16::MAX)
}

/// The regions and who stands in each, for a panel `width` columns wide inside, with the row
/// the acting combatant is on.
fn region_lines(app: &App, width: u16) -> (Vec<Line<'static>>, Option<usize>) {
    let world = app.fight().world();
    let encounter = app.fight().encounter();
    let mut lines = Vec::new();
    let mut actor_row = None;
    let (Some(map), Some(roster)) = (
        world.get::<EncounterMap>(encounter),
        world.get::<Roster>(encounter),
    ) else {
        return (lines, None);
    };
    let actor = world.get::<Turn>(encounter).and_then(|t| t.actor());
    let tags = side_tags(app);
    for region in map.ids() {
        let links: Vec<&str> = map
            .neighbours(region)
            .iter()
            .map(|r| map.name(*r))
            .collect();
        let mut head = vec![Span::styled(
            map.name(region).to_string(),
            Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
        )];
        if !links.is_empty() {
            head.push(Span::styled(
                format!("  <-> {}", links.join(", ")),
                Style::new().fg(Color::DarkGray),
            ));
        }
        lines.push(Line::from(head));
        for who in roster.entities() {
            if world.get::<InRegion>(who).map(|r| r.0) == Some(region) {
                if actor == Some(who) {
                    actor_row = Some(usize::from(height(&lines, width)));
                }
                lines.extend(combatant_lines(app, &tags, who, actor == Some(who), width));
            }
        }
    }
    (lines, actor_row)
}

/// The turn order and who acts now with what it has left.
fn footer_lines(app: &App) -> Vec<Line<'static>> {
    let world = app.fight().world();
    let encounter = app.fight().encounter();
    let mut lines = Vec::new();
    if let Some(order) = order_line(app) {
        lines.push(order);
    }
    let actor = world.get::<Turn>(encounter).and_then(|t| t.actor());
    if let Some(actor) = actor {
        let gauges: Vec<String> = budget(world, actor)
            .iter()
            .map(ToString::to_string)
            .collect();
        let mut now = vec![
            Span::styled("Now: ", Style::new().add_modifier(Modifier::BOLD)),
            Span::raw(name(world, actor)),
        ];
        if !gauges.is_empty() {
            now.push(Span::styled(
                format!("  ({})", gauges.join(", ")),
                Style::new().fg(Color::Yellow),
            ));
        }
        lines.push(Line::from(now));
    }
    lines
}

/// One combatant: marker, side tag (`tags`, by side), name, HP bar and status, then its
/// engagements, conditions and effects on the same line when they fit in `width`, else on a
/// line of their own.
fn combatant_lines(
    app: &App,
    tags: &[String],
    who: Entity,
    acting: bool,
    width: u16,
) -> Vec<Line<'static>> {
    let world = app.fight().world();
    let words = vocabulary(world, app.fight().encounter());
    let side = world.get::<Side>(who).map(|s| s.0);
    let mine = side == Some(app.fight().side());
    let tag = side
        .and_then(|s| tags.get(usize::from(s.0)).cloned())
        .unwrap_or_default();
    let status = world.get::<Status>(who).copied().unwrap_or_default();
    let mut name_style = Style::new().fg(if mine { Color::Green } else { Color::Red });
    if acting {
        name_style = name_style.add_modifier(Modifier::BOLD);
    }
    if !status.is_active() {
        name_style = name_style.add_modifier(Modifier::DIM);
    }
    let mut spans = vec![
        Span::raw(if acting { " > " } else { "   " }),
        Span::styled(format!("{tag:<3} "), name_style),
        Span::styled(format!("{:<26}", clip(&name(world, who), 26)), name_style),
    ];
    if let Some(hp) = world.get::<Hp>(who) {
        spans.extend(hp_bar(hp));
    }
    if !status.is_active() {
        spans.push(Span::styled(
            format!(" [{}]", format!("{status:?}").to_lowercase()),
            Style::new().fg(Color::Yellow),
        ));
    }
    let mut details = Vec::new();
    if let Some(engagement) = world.get::<Engagement>(who) {
        let foes: Vec<String> = engagement.foes().map(|f| name(world, f)).collect();
        if !foes.is_empty() {
            details.push(Span::styled(
                format!("  engaged: {}", foes.join(", ")),
                Style::new().fg(Color::Magenta),
            ));
        }
    }
    let mut marks: Vec<String> = Vec::new();
    let mut from_effects = Vec::new();
    if let Some(effects) = world.get::<Effects>(who) {
        for effect in effects.iter() {
            if let EffectKind::Condition(c) = effect.kind {
                from_effects.push(c);
            }
            marks.push(effect.describe(words));
        }
    }
    if let Some(conditions) = world.get::<Conditions>(who) {
        for c in conditions.iter().filter(|c| !from_effects.contains(c)) {
            marks.push(words.condition(c).into_owned());
        }
    }
    if !marks.is_empty() {
        details.push(Span::styled(
            format!("  {}", marks.join("; ")),
            Style::new().fg(Color::Yellow),
        ));
    }
    let head: usize = spans.iter().map(Span::width).sum();
    let extra: usize = details.iter().map(Span::width).sum();
    if details.is_empty() {
        vec![Line::from(spans)]
    } else if head + extra <= usize::from(width) {
        spans.extend(details);
        vec![Line::from(spans)]
    } else {
        let mut second = vec![Span::raw("     ")];
        second.extend(details);
        vec![Line::from(spans), Line::from(second)]
    }
}

/// An HP bar and its numbers.
fn hp_bar(hp: &Hp) -> Vec<Span<'static>> {
    let fraction = hp.fraction();
    let filled = ((fraction * BAR as f32).round() as usize).min(BAR);
    let color = if fraction > 0.5 {
        Color::Green
    } else if fraction > 0.25 {
        Color::Yellow
    } else {
        Color::Red
    };
    let temp = if hp.temp > 0 {
        format!("+{}", hp.temp)
    } else {
        String::new()
    };
    vec![
        Span::styled("#".repeat(filled), Style::new().fg(color)),
        Span::styled(".".repeat(BAR - filled), Style::new().fg(Color::DarkGray)),
        Span::raw(format!(" {:>3}/{:<3}{temp}", hp.current, hp.max)),
    ]
}

/// The turn order, the unit acting now highlighted (`None` while there is none yet, as
/// before side initiative is rolled).
fn order_line(app: &App) -> Option<Line<'static>> {
    let world = app.fight().world();
    let encounter = app.fight().encounter();
    let mut spans = vec![Span::styled(
        "Order: ",
        Style::new().add_modifier(Modifier::BOLD),
    )];
    let order = world
        .get::<TurnOrder>(encounter)
        .filter(|o| !o.is_empty())?;
    let current = order.current();
    let tags = side_tags(app);
    let tag = |e: Entity| {
        world
            .get::<Side>(e)
            .and_then(|s| tags.get(usize::from(s.0.0)))
            .map_or_else(String::new, |t| format!(" [{t}]"))
    };
    for (i, entry) in order.entries().iter().enumerate() {
        let who = match entry.unit {
            ActingUnit::Combatant(e) => format!("{}{}", name(world, e), tag(e)),
            ActingUnit::Group(g) => world
                .get::<Groups>(encounter)
                .map_or_else(|| "?".to_string(), |gs| gs.name(g).to_string()),
            ActingUnit::Sides(set) => world.get::<Sides>(encounter).map_or_else(
                || "?".to_string(),
                |sides| {
                    (0..sides.len())
                        .filter_map(|s| u8::try_from(s).ok())
                        .map(fray_core::ids::SideId)
                        .filter(|s| set.contains(*s))
                        .map(|s| sides.name(s).to_string())
                        .collect::<Vec<_>>()
                        .join(" + ")
                },
            ),
        };
        if i > 0 {
            spans.push(Span::raw(" > "));
        }
        let style = if current.is_some_and(|c| std::ptr::eq(c, entry)) {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        } else {
            Style::new()
        };
        spans.push(Span::styled(format!("{who} ({})", entry.count), style));
    }
    Some(Line::from(spans))
}

/// `text` cut to `width` characters.
fn clip(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}
