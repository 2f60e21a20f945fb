//! The labels of archmage's offered options, made once.

use std::sync::{Arc, OnceLock};

/// Labels shared by every offer, made once (cloning an `Arc<str>` allocates nothing).
pub(crate) struct Labels {
    pub delay: Arc<str>,
    pub flee: Arc<str>,
    pub end_turn: Arc<str>,
    pub engage: Arc<str>,
    pub movement: Arc<str>,
    pub disengage: Arc<str>,
    pub rally: Arc<str>,
    pub stabilize: Arc<str>,
    pub ready: Arc<str>,
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
            delay: Arc::from("delay"),
            flee: Arc::from("flee (the whole party)"),
            end_turn: Arc::from("end turn"),
            engage: Arc::from("engage"),
            movement: Arc::from("move"),
            disengage: Arc::from("disengage"),
            rally: Arc::from("rally"),
            stabilize: Arc::from("stabilize"),
            ready: Arc::from("ready"),
            ready_move: Arc::from("ready a move"),
            ready_engage: Arc::from("ready to engage"),
            ready_disengage: Arc::from("ready to disengage"),
            readied: Arc::from("readied action"),
            intercept: Arc::from("intercept"),
        })
    }
}
