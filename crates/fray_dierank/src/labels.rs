//! The labels of offered intents, made once.

use std::sync::{Arc, OnceLock};

/// Labels shared by every combatant's offers.
pub struct Labels {
    /// Leaving carefully.
    pub careful: Arc<str>,
    /// Spending a mastery point on the roll just made (DR-09).
    pub mastery: Arc<str>,
    /// Spending a mastery point on initiative, before the first round (DR-12).
    pub mastery_initiative: Arc<str>,
    /// Readying an attack.
    pub ready: Arc<str>,
    /// Keeping one's mastery points for later.
    pub keep: Arc<str>,
}

impl Labels {
    /// The labels.
    pub fn get() -> &'static Labels {
        static LABELS: OnceLock<Labels> = OnceLock::new();
        LABELS.get_or_init(|| Labels {
            careful: "leave carefully".into(),
            mastery: "spend a mastery point on the roll".into(),
            mastery_initiative: "spend a mastery point on initiative".into(),
            ready: "ready an attack".into(),
            keep: "keep mastery points".into(),
        })
    }
}
