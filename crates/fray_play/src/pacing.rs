//! How fast the other sides play: one action per frame, a frame every so often.

use std::time::Duration;

/// The delays between two actions of the other sides, slowest first.
const DELAYS_MS: [u64; 5] = [1600, 900, 450, 200, 60];

/// The pace of the other sides' actions.
///
/// ```
/// use fray_play::pacing::Pacing;
/// let mut pace = Pacing::default();
/// let normal = pace.delay();
/// pace.faster();
/// assert!(pace.delay() < normal);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pacing {
    level: usize,
    /// Play on without pauses until the person is asked something.
    pub skipping: bool,
}

impl Default for Pacing {
    fn default() -> Self {
        Self {
            level: 2,
            skipping: false,
        }
    }
}

impl Pacing {
    /// The wait before the next action of the other sides.
    pub fn delay(&self) -> Duration {
        if self.skipping {
            return Duration::ZERO;
        }
        Duration::from_millis(DELAYS_MS.get(self.level).copied().unwrap_or(450))
    }

    /// One step faster.
    pub fn faster(&mut self) {
        self.level = (self.level + 1).min(DELAYS_MS.len() - 1);
    }

    /// One step slower.
    pub fn slower(&mut self) {
        self.level = self.level.saturating_sub(1);
    }

    /// The speed as `n/5`.
    pub fn describe(&self) -> String {
        format!("speed {}/{}", self.level + 1, DELAYS_MS.len())
    }
}
