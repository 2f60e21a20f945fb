//! The labels of offered intents, made once.

use std::sync::{Arc, OnceLock};

/// Labels shared by every combatant's offers.
pub struct Labels {
    /// Hiding.
    pub hide: Arc<str>,
}

impl Labels {
    /// The labels.
    pub fn get() -> &'static Labels {
        static LABELS: OnceLock<Labels> = OnceLock::new();
        LABELS.get_or_init(|| Labels {
            hide: "hide".into(),
        })
    }
}
