//! What covers the screen: the key help, the quit question, and the question before leaving
//! the fight.

use ratatui::Frame;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use bevy_ecs::prelude::*;
use fray_core::client::{budget, glossary, stats, vocabulary};
use fray_core::combatant::{Hp, Side, Status};
use fray_core::condition::Conditions;
use fray_core::effect::Effects;
use fray_core::engagement::Engagement;

use crate::app::App;
use crate::keys::HELP;
use crate::menu::name;
use crate::render::side_name;

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

/// The key help, then the terms of the fight's ruleset and of the options every ruleset
/// offers.
pub fn help(frame: &mut Frame, area: Rect, app: &App) {
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let term = |keys: &str, what: &str| {
        Line::from(vec![
            Span::styled(format!(" {keys:<22}"), bold),
            Span::raw(what.to_string()),
        ])
    };
    let mut lines: Vec<Line> = HELP.iter().map(|(keys, what)| term(keys, what)).collect();
    lines.push(Line::raw(""));
    lines.push(Line::raw(
        " Your side's decisions appear below the battlefield, each with its cost and the exact",
    ));
    lines.push(Line::raw(" odds of the highlighted option."));
    let glossary = glossary(app.fight().world(), app.fight().encounter());
    if !glossary.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled(" The ruleset's terms", bold));
        lines.extend(glossary.iter().map(|(t, what)| term(t, what)));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(" Options every ruleset may offer", bold));
    lines.extend(OPTION_TERMS.iter().map(|(t, what)| term(t, what)));
    boxed(
        frame,
        area,
        lines,
        120,
        " Keys and terms (? or Esc to close) ".to_string(),
    );
}

/// What the options the core names mean.
const OPTION_TERMS: &[(&str, &str)] = &[
    (
        "engage / disengage",
        "close in on an enemy and lock it in melee / try to get free",
    ),
    (
        "ready, withhold",
        "hold an action until something sets it off, then take it first",
    ),
    ("delay", "act later in the round"),
    ("defend", "give up acting to be harder to hit"),
    ("rally", "catch your breath and heal"),
    ("stabilize", "tend a fallen ally so it does not die"),
    (
        "retreat / flee",
        "leave the fight in good order / run (the whole side, in some rulesets)",
    ),
    (
        "surrender",
        "give yourself up: out of the fight for good, at the foes' mercy",
    ),
    (
        "provokes",
        "draws opportunity attacks from the enemies it leaves or passes",
    ),
];

/// What combatant `who` is: side, hit points, status, the numbers its ruleset judges it by,
/// its budget, conditions and effects, and whom it is engaged with.
pub fn inspect(frame: &mut Frame, area: Rect, app: &App, who: Entity) {
    let world = app.fight().world();
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let row = |what: &str, value: String| {
        Line::from(vec![
            Span::styled(format!(" {what:<12}"), bold),
            Span::raw(value),
        ])
    };
    let mut lines = Vec::new();
    if let Some(side) = world.get::<Side>(who) {
        lines.push(row("side", side_name(app, side.0)));
    }
    if let Some(hp) = world.get::<Hp>(who) {
        let temp = if hp.temp > 0 {
            format!(" (+{} temporary)", hp.temp)
        } else {
            String::new()
        };
        lines.push(row("HP", format!("{} of {}{temp}", hp.current, hp.max)));
    }
    if let Some(status) = world.get::<Status>(who) {
        lines.push(row("status", format!("{status:?}").to_lowercase()));
    }
    for gauge in stats(world, who) {
        lines.push(row(&gauge.name, gauge.text));
    }
    let budget: Vec<String> = budget(world, who).iter().map(ToString::to_string).collect();
    if !budget.is_empty() {
        lines.push(row("budget", budget.join(", ")));
    }
    let words = vocabulary(world, app.fight().encounter());
    let mut marks: Vec<String> = Vec::new();
    if let Some(effects) = world.get::<Effects>(who) {
        marks.extend(effects.iter().map(|e| e.describe(words)));
    }
    if let Some(conditions) = world.get::<Conditions>(who) {
        marks.extend(conditions.iter().map(|c| words.condition(c).into_owned()));
    }
    marks.dedup();
    lines.push(row(
        "conditions",
        if marks.is_empty() {
            "none".to_string()
        } else {
            marks.join("; ")
        },
    ));
    if let Some(engagement) = world.get::<Engagement>(who) {
        let foes: Vec<String> = engagement.foes().map(|f| name(world, f)).collect();
        if !foes.is_empty() {
            lines.push(row("engaged", foes.join(", ")));
        }
    }
    let title = format!(" {} (any key closes) ", name(world, who));
    boxed(frame, area, lines, 80, title);
}

/// `lines` in a bordered box titled `title`, at most `width` columns wide and as tall as they
/// need (within `area`), in the middle of `area`, over what is under it.
fn boxed(frame: &mut Frame, area: Rect, lines: Vec<Line<'_>>, width: u16, title: String) {
    let height = u16::try_from(lines.len())
        .unwrap_or(u16::MAX)
        .saturating_add(2)
        .min(area.height);
    let rect = centered(area, area.width.min(width), height);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(title)),
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
