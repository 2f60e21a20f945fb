//! What a session of `fray play` starts from, and why it may fail to start.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use bevy_app::App as BevyApp;
use fray_content::db::ContentDb;
use fray_core::combatant::Controller;

/// Everything needed to start playing an encounter.
#[derive(Clone)]
pub struct PlaySetup {
    /// Adds the core, the AI and the rulesets to a Bevy app (the facade's `FrayPlugins`, run
    /// manually).
    pub install: fn(&mut BevyApp),
    /// The loaded content.
    pub content: Arc<ContentDb>,
    /// The encounter id.
    pub encounter: String,
    /// The side the person plays (`None`: the first side the file gives to an external
    /// controller, else the first side).
    pub side: Option<String>,
    /// The seed of the fight.
    pub seed: u64,
    /// AI policies for other sides, by side name (`--ai`).
    pub ai: Vec<(String, Controller)>,
    /// Where `s` saves and `l` loads.
    pub save_path: PathBuf,
}

/// Why a fight could not be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// The encounter id is unknown; the known ones follow.
    UnknownEncounter(String, Vec<String>),
    /// The side is not one of the encounter's; its sides follow.
    UnknownSide(String, Vec<String>),
    /// The engine refused to spawn the encounter.
    Spawn(String),
    /// `--ai` names the side the person plays.
    AiForOwnSide(String),
    /// A save could not be written or read.
    Save(String),
    /// Standard output is not a terminal.
    NotATerminal,
    /// The terminal is smaller than the screen needs.
    TooSmall {
        /// Columns and rows there are.
        have: (u16, u16),
        /// Columns and rows needed.
        need: (u16, u16),
    },
    /// The terminal failed.
    Io(String),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::UnknownEncounter(id, known) => write!(
                f,
                "unknown encounter `{id}`; run `fray list` to see them all (e.g. {})",
                known.iter().take(3).cloned().collect::<Vec<_>>().join(", ")
            ),
            PlayError::UnknownSide(side, sides) => write!(
                f,
                "the encounter has no side `{side}`; pick one of: {}",
                sides.join(", ")
            ),
            PlayError::Spawn(why) => write!(f, "the encounter cannot start: {why}"),
            PlayError::AiForOwnSide(side) => write!(
                f,
                "you play `{side}`, so `--ai {side}=...` would do nothing: drop it, or play another side with --side"
            ),
            PlayError::Save(why) => write!(f, "{why}"),
            PlayError::NotATerminal => f.write_str(
                "`fray play` needs a terminal: run it in an interactive shell, not through a pipe or a file (for a fight without a person, use `fray run`)",
            ),
            PlayError::TooSmall { have, need } => write!(
                f,
                "the terminal is {}x{}, `fray play` needs at least {}x{}: enlarge the window or shrink the font",
                have.0, have.1, need.0, need.1
            ),
            PlayError::Io(why) => write!(f, "the terminal failed: {why}"),
        }
    }
}

impl std::error::Error for PlayError {}
