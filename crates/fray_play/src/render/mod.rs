//! Drawing the screen: the battlefield and turn order, the person's decision, the log, and
//! what covers them (help, the quit question, the end of the fight).

pub mod battlefield;
pub mod decision;
pub mod end;
pub mod log;
pub mod overlay;

use ratatui::backend::Backend;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::{Frame, Terminal};

use crate::app::{App, Overlay};

/// The smallest screen the client draws on: columns, rows.
pub const MIN_SIZE: (u16, u16) = (100, 30);

/// Drawing a session is the renderer's: the session knows nothing of the screen.
impl App {
    /// Draws the screen on `terminal`.
    pub fn draw<B: Backend>(&self, terminal: &mut Terminal<B>) -> Result<(), B::Error> {
        terminal.draw(|frame| draw(frame, self))?;
        Ok(())
    }

    /// The log as text, one line an entry (what the log panel shows).
    pub fn log_lines(&self) -> Vec<String> {
        log::lines(self.fight().world(), self.fight().encounter())
            .into_iter()
            .map(|(text, _)| text)
            .collect()
    }
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        too_small(frame, area);
        return;
    }
    let [title, body, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(10),
        Constraint::Length(1),
    ])
    .areas(area);
    frame.render_widget(Paragraph::new(title_line(app)), title);
    // At the end, the tallies get more room.
    let share = if app.fight().is_over() { 66 } else { 64 };
    let [left, right] = Layout::horizontal([
        Constraint::Percentage(share),
        Constraint::Percentage(100 - share),
    ])
    .areas(body);
    // The battlefield takes the rows it needs, up to 60% of the height; decisions get the rest.
    let wanted = battlefield::rows(app, left.width).saturating_add(2);
    let cap = left.height.saturating_mul(3) / 5;
    let [field, lower] =
        Layout::vertical([Constraint::Length(wanted.min(cap)), Constraint::Min(8)]).areas(left);
    battlefield::draw(frame, field, app);
    if app.fight().is_over() {
        end::draw(frame, lower, app);
    } else {
        decision::draw(frame, lower, app);
    }
    log::draw(frame, right, app);
    frame.render_widget(Paragraph::new(status_line(app)), status);
    match app.overlay() {
        Overlay::None => {}
        Overlay::Help => overlay::help(frame, area, app),
        Overlay::Inspect { who } => overlay::inspect(frame, area, app, who),
        Overlay::ConfirmQuit => overlay::confirm_quit(frame, area),
        Overlay::ConfirmLeave { .. } => {
            let label = app
                .menu()
                .get(app.selected())
                .map_or_else(String::new, |e| e.text.to_string());
            overlay::confirm_leave(frame, area, &label);
        }
    }
}

/// The message drawn instead of the screen when the terminal is too small.
fn too_small(frame: &mut Frame, area: Rect) {
    let text = format!(
        "The terminal is {}x{}; fray play needs {}x{}. Enlarge the window (or press q to quit).",
        area.width, area.height, MIN_SIZE.0, MIN_SIZE.1
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

/// The top line: the encounter, its ruleset, the round and the battle-wide counters.
fn title_line(app: &App) -> Line<'static> {
    let world = app.fight().world();
    let encounter = app.fight().encounter();
    let round = world
        .get::<fray_core::encounter::Encounter>(encounter)
        .map_or(0, fray_core::encounter::Encounter::round);
    let mut spans = vec![
        Span::styled(
            format!(" {} ", app.title()),
            Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED),
        ),
        Span::raw(format!(
            "  {}  round {round}",
            crate::menu::ruleset(world, encounter)
        )),
    ];
    for gauge in app.battle_gauges() {
        spans.push(Span::styled(
            format!("  {gauge}"),
            Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
        ));
    }
    spans.push(Span::raw(format!(
        "  you: {}",
        side_name(app, app.fight().side())
    )));
    Line::from(spans)
}

/// The bottom line: the latest notice, else what the keys do now.
fn status_line(app: &App) -> Line<'static> {
    if let Some(notice) = app.notice() {
        let style = if notice.error {
            Style::new().fg(Color::Red).add_modifier(Modifier::BOLD)
        } else {
            Style::new().fg(Color::Green)
        };
        return Line::from(Span::styled(format!(" {}", notice.text), style));
    }
    let pace = app.pacing().describe();
    let text = if app.fight().is_over() {
        " The fight is over.  PgUp/PgDn scroll the log   s save   l load   q quit".to_string()
    } else if app.decision().is_some() {
        format!(" ↑/↓ or j/k choose   Enter take it   ? help   s save   l load   q quit   ({pace})")
    } else {
        format!(" The other sides are playing...   Space skip ahead   +/- {pace}   ? help   q quit")
    };
    Line::from(Span::styled(text, Style::new().fg(Color::DarkGray)))
}

/// A side's name.
pub fn side_name(app: &App, side: fray_core::ids::SideId) -> String {
    app.fight()
        .world()
        .get::<fray_core::encounter::Sides>(app.fight().encounter())
        .map_or_else(|| "?".to_string(), |s| s.name(side).to_string())
}

/// `block` with how many rows are out of sight above and below its text, at the right of its
/// top and bottom borders (`↑ 3 more`, `↓ 5 more`).
pub fn scroll_marks(block: Block<'_>, above: usize, below: usize) -> Block<'_> {
    let mark = |text: String| Line::styled(text, Style::new().fg(Color::Cyan)).right_aligned();
    let mut block = block;
    if above > 0 {
        block = block.title_top(mark(format!(" ↑ {above} more ")));
    }
    if below > 0 {
        block = block.title_bottom(mark(format!(" ↓ {below} more ")));
    }
    block
}

/// Each side's tag, shown beside its combatants so sides are told apart without colour: the
/// shortest start of its name no other side's name shares (`H` for Heroes, `R` for Raiders),
/// else its number.
pub fn side_tags(app: &App) -> Vec<String> {
    let names: Vec<String> = app
        .fight()
        .world()
        .get::<fray_core::encounter::Sides>(app.fight().encounter())
        .map(|sides| {
            (0..sides.len())
                .filter_map(|s| u8::try_from(s).ok())
                .map(|s| sides.name(fray_core::ids::SideId(s)).to_string())
                .collect()
        })
        .unwrap_or_default();
    let start = |name: &str, n: usize| name.chars().take(n).collect::<String>().to_uppercase();
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            (1..=3)
                .map(|n| start(name, n))
                .find(|tag| {
                    !tag.is_empty()
                        && names
                            .iter()
                            .enumerate()
                            .all(|(j, other)| j == i || start(other, tag.chars().count()) != *tag)
                })
                .unwrap_or_else(|| (i + 1).to_string())
        })
        .collect()
}
