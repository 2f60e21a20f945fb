//! The labels of offered intents, made once.

use std::sync::{Arc, OnceLock};

/// Labels shared by every combatant's offers.
pub struct Labels {
    /// Moving to a region.
    pub moving: Arc<str>,
    /// Closing with an enemy.
    pub engage: Arc<str>,
    /// A fighting withdrawal.
    pub withdrawal: Arc<str>,
    /// A retreat.
    pub retreat: Arc<str>,
    /// Leaving the battle.
    pub leave: Arc<str>,
    /// Declaring nothing.
    pub nothing: Arc<str>,
    /// Speaking with the other sides (BX-14).
    pub parley: Arc<str>,
    /// Ending the turn.
    pub end_turn: Arc<str>,
}

impl Labels {
    /// The labels.
    pub fn get() -> &'static Labels {
        static LABELS: OnceLock<Labels> = OnceLock::new();
        LABELS.get_or_init(|| Labels {
            moving: "move".into(),
            engage: "close to melee".into(),
            withdrawal: "fighting withdrawal".into(),
            retreat: "retreat".into(),
            leave: "leave the battle".into(),
            nothing: "declare nothing".into(),
            parley: "parley".into(),
            end_turn: "end turn".into(),
        })
    }
}
