//! The labels of offered intents, made once.

use std::sync::{Arc, OnceLock};

/// Labels shared by every combatant's offers.
pub struct Labels {
    /// Closing with an enemy.
    pub engage: Arc<str>,
    /// A fighting withdrawal.
    pub withdrawal: Arc<str>,
    /// Leaving the battle.
    pub leave: Arc<str>,
    /// Declaring nothing.
    pub nothing: Arc<str>,
    /// Speaking with the other sides (BX-14).
    pub parley: Arc<str>,
}

impl Labels {
    /// The labels.
    pub fn get() -> &'static Labels {
        static LABELS: OnceLock<Labels> = OnceLock::new();
        LABELS.get_or_init(|| Labels {
            engage: "close to melee".into(),
            withdrawal: "fighting withdrawal".into(),
            leave: "leave the battle".into(),
            nothing: "declare nothing".into(),
            parley: "parley".into(),
        })
    }
}
