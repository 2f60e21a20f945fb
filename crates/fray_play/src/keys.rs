//! Keys and what they mean.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// What a key asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Highlight the option above.
    Up,
    /// Highlight the option below.
    Down,
    /// Highlight the first option.
    First,
    /// Highlight the last option.
    Last,
    /// Highlight the option with this number (1 to 9, as the menu numbers them).
    Pick(u8),
    /// Take the highlighted option (or confirm).
    Choose,
    /// Show or hide the key help.
    Help,
    /// Show or hide what the highlighted option's target (or the decider) is: its numbers,
    /// conditions and budget.
    Inspect,
    /// Save the fight.
    Save,
    /// Load the saved fight.
    Load,
    /// Quit (asks first).
    Quit,
    /// Yes, to a question.
    Yes,
    /// No, to a question (or close an overlay).
    No,
    /// The other sides play faster.
    Faster,
    /// The other sides play slower.
    Slower,
    /// The other sides play on until the person is asked something.
    SkipAhead,
    /// Scroll the log back.
    LogUp,
    /// Scroll the log forward.
    LogDown,
}

/// The key help, one line a key: keys, then what they do.
pub const HELP: &[(&str, &str)] = &[
    ("Up/Down, k/j", "highlight an option"),
    ("Home/End", "highlight the first / the last option"),
    ("1 to 9", "highlight the option with that number"),
    ("Enter", "take the highlighted option"),
    (
        "Space",
        "skip ahead: the other sides play until you are asked",
    ),
    ("+ / -", "the other sides play faster / slower"),
    ("PgUp/PgDn", "scroll the log"),
    ("s / l", "save the fight / load the save"),
    (
        "i",
        "inspect the highlighted option's target, or who decides",
    ),
    ("?", "show or hide this help and the ruleset's terms"),
    ("q", "quit (asks first); Esc closes a question or the help"),
];

impl Command {
    /// The command of a key press (`None` for keys that mean nothing, and for releases).
    pub fn from_key(key: KeyEvent) -> Option<Self> {
        if key.kind == KeyEventKind::Release {
            return None;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return Some(Command::Quit);
        }
        match key.code {
            KeyCode::Up => Some(Command::Up),
            KeyCode::Down => Some(Command::Down),
            KeyCode::Enter => Some(Command::Choose),
            KeyCode::Esc => Some(Command::No),
            KeyCode::PageUp => Some(Command::LogUp),
            KeyCode::PageDown => Some(Command::LogDown),
            KeyCode::Home => Some(Command::First),
            KeyCode::End => Some(Command::Last),
            KeyCode::Tab => Some(Command::SkipAhead),
            KeyCode::Char(c) => Self::from_char(c),
            _ => None,
        }
    }

    /// The command of a typed character.
    pub fn from_char(c: char) -> Option<Self> {
        match c {
            'k' => Some(Command::Up),
            'j' => Some(Command::Down),
            '?' => Some(Command::Help),
            'i' => Some(Command::Inspect),
            's' => Some(Command::Save),
            'l' => Some(Command::Load),
            'q' => Some(Command::Quit),
            'y' => Some(Command::Yes),
            'n' => Some(Command::No),
            '+' | '=' => Some(Command::Faster),
            '-' => Some(Command::Slower),
            ' ' => Some(Command::SkipAhead),
            '1'..='9' => c
                .to_digit(10)
                .and_then(|d| u8::try_from(d).ok())
                .map(Command::Pick),
            _ => None,
        }
    }
}
