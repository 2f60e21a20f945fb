//! The labels of OHO's offers that do not come from a weapon, made once (cloning an `Arc<str>`
//! allocates nothing).

use std::sync::{Arc, OnceLock};

use crate::rules::Stride;

/// Labels shared by every offer.
pub(crate) struct Labels {
    /// Withholding a move out of the way.
    pub withhold_move: Arc<str>,
    /// `move (2 moves + dash)`, by moves (0-3) and dashes (0-7).
    moves: Vec<Vec<Arc<str>>>,
}

impl Labels {
    /// The labels.
    pub fn get() -> &'static Labels {
        static LABELS: OnceLock<Labels> = OnceLock::new();
        LABELS.get_or_init(|| Labels {
            withhold_move: Arc::from("withhold a move"),
            moves: (0..4u8)
                .map(|moves| {
                    (0..8u8)
                        .map(|dashes| {
                            let s = Stride { moves, dashes };
                            Arc::from(format!("move ({})", s.describe()))
                        })
                        .collect()
                })
                .collect(),
        })
    }

    /// The label of a move paid with `s`.
    pub fn movement(&self, s: Stride) -> Arc<str> {
        self.moves
            .get(usize::from(s.moves))
            .and_then(|m| m.get(usize::from(s.dashes)))
            .cloned()
            .unwrap_or_else(|| Arc::from(format!("move ({})", s.describe())))
    }
}
