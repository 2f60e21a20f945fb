//! The labels of offered intents, made once.

use std::sync::{Arc, OnceLock};

/// Labels shared by every combatant's offers.
pub struct Labels {
    /// Moving to a region.
    pub moving: Arc<str>,
    /// Hiding.
    pub hide: Arc<str>,
    /// Stabilizing an ally.
    pub stabilize: Arc<str>,
    /// Retreating.
    pub retreat: Arc<str>,
    /// Delaying.
    pub delay: Arc<str>,
    /// Ending the turn.
    pub end_turn: Arc<str>,
}

impl Labels {
    /// The labels.
    pub fn get() -> &'static Labels {
        static LABELS: OnceLock<Labels> = OnceLock::new();
        LABELS.get_or_init(|| Labels {
            moving: "move".into(),
            hide: "hide".into(),
            stabilize: "stabilize".into(),
            retreat: "retreat".into(),
            delay: "delay".into(),
            end_turn: "end turn".into(),
        })
    }
}
