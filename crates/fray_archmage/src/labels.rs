//! The labels of archmage's offered options, made once.

use std::sync::{Arc, OnceLock};

/// Labels shared by every offer, made once (cloning an `Arc<str>` allocates nothing).
pub(crate) struct Labels {
    pub flee: Arc<str>,
    pub ready_move: Arc<str>,
    pub ready_engage: Arc<str>,
    pub ready_disengage: Arc<str>,
    pub readied: Arc<str>,
    pub intercept: Arc<str>,
}

impl Labels {
    /// The labels.
    pub fn get() -> &'static Labels {
        static LABELS: OnceLock<Labels> = OnceLock::new();
        LABELS.get_or_init(|| Labels {
            flee: Arc::from("flee (the whole party)"),
            ready_move: Arc::from("ready a move"),
            ready_engage: Arc::from("ready to engage"),
            ready_disengage: Arc::from("ready to disengage"),
            readied: Arc::from("readied action"),
            intercept: Arc::from("intercept"),
        })
    }
}
