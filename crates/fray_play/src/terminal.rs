//! Putting the client on a real terminal: checks before starting, the event loop with the
//! other sides paced, and the terminal restored on every way out (quitting, errors, panics).

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event};

use crate::app::App;
use crate::render::MIN_SIZE;
use crate::setup::{PlayError, PlaySetup};

/// How long to wait for a key when nothing else is due.
const IDLE_POLL: Duration = Duration::from_millis(250);

/// Steps run between two draws when skipping ahead.
const SKIP_BATCH: usize = 8;

/// Restores the terminal when dropped: on a normal return, on `?`, and while unwinding.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

/// Plays the fight `setup` names on this process's terminal until the person quits.
///
/// Refuses to start, with a readable error, when standard output is not a terminal or the
/// terminal is too small. Ratatui's panic hook restores the terminal before a panic message.
pub fn run(setup: PlaySetup) -> Result<(), PlayError> {
    let mut app = App::new(setup)?;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(PlayError::NotATerminal);
    }
    let (width, height) = crossterm::terminal::size().map_err(|e| PlayError::Io(e.to_string()))?;
    if width < MIN_SIZE.0 || height < MIN_SIZE.1 {
        return Err(PlayError::TooSmall {
            have: (width, height),
            need: MIN_SIZE,
        });
    }
    let mut terminal = ratatui::try_init().map_err(|e| PlayError::Io(e.to_string()))?;
    let _restore = Restore;
    let io = |e: std::io::Error| PlayError::Io(e.to_string());
    let mut next_step = Instant::now() + app.pacing().delay();
    loop {
        app.draw(&mut terminal).map_err(io)?;
        if app.should_quit() {
            return Ok(());
        }
        let now = Instant::now();
        let wait = if app.waiting_on_person() {
            IDLE_POLL
        } else {
            next_step.saturating_duration_since(now)
        };
        if event::poll(wait).map_err(io)? {
            if let Event::Key(key) = event::read().map_err(io)? {
                app.handle_key(key);
            }
            continue;
        }
        if !app.waiting_on_person() && Instant::now() >= next_step {
            let batch = if app.pacing().skipping { SKIP_BATCH } else { 1 };
            for _ in 0..batch {
                if !app.advance() {
                    break;
                }
            }
            next_step = Instant::now() + app.pacing().delay();
        }
    }
}
