//! Game time and the expedition's clock.
//!
//! Time is kept in whole seconds of game time ([`GameTime`](crate::time::GameTime)), so every ruleset's units convert
//! exactly: a B/X round is 10 s, a turn 10 minutes (60 rounds) and an hour 6 turns (BX-01); a
//! lite5e round is 6 s and a travel turn an hour (L5-19). A ruleset names its own units through
//! its [`Procedure`](crate::procedure::Procedure); the clock only counts seconds.

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use serde::{Deserialize, Serialize};

/// A span of game time, in whole seconds.
///
/// ```
/// use fray_explore::time::GameTime;
/// assert_eq!(GameTime::TURN.seconds(), 600);
/// assert_eq!(GameTime::HOUR.checked_div(GameTime::TURN), Some(6));
/// assert_eq!(GameTime::turns(3).and_then(|t| t.checked_add(GameTime::HOUR)), GameTime::turns(9));
/// ```
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
pub struct GameTime(u64);

impl GameTime {
    /// No time at all.
    pub const ZERO: Self = Self(0);
    /// A minute.
    pub const MINUTE: Self = Self(60);
    /// A ten-minute turn (B/X's dungeon turn, BX-01).
    pub const TURN: Self = Self(600);
    /// An hour.
    pub const HOUR: Self = Self(3_600);
    /// A day.
    pub const DAY: Self = Self(86_400);

    /// This many seconds.
    pub const fn from_seconds(seconds: u64) -> Self {
        Self(seconds)
    }

    /// The whole seconds.
    pub const fn seconds(self) -> u64 {
        self.0
    }

    /// `n` ten-minute turns, or `None` on overflow.
    pub fn turns(n: u64) -> Option<Self> {
        Self::TURN.checked_mul(n)
    }

    /// `n` hours, or `None` on overflow.
    pub fn hours(n: u64) -> Option<Self> {
        Self::HOUR.checked_mul(n)
    }

    /// `n` days, or `None` on overflow.
    pub fn days(n: u64) -> Option<Self> {
        Self::DAY.checked_mul(n)
    }

    /// The sum, or `None` on overflow.
    pub fn checked_add(self, other: Self) -> Option<Self> {
        self.0.checked_add(other.0).map(Self)
    }

    /// The difference, or `None` when `other` is longer.
    pub fn checked_sub(self, other: Self) -> Option<Self> {
        self.0.checked_sub(other.0).map(Self)
    }

    /// The difference, or zero when `other` is longer.
    pub fn saturating_sub(self, other: Self) -> Self {
        Self(self.0.saturating_sub(other.0))
    }

    /// `n` times this span, or `None` on overflow.
    pub fn checked_mul(self, n: u64) -> Option<Self> {
        self.0.checked_mul(n).map(Self)
    }

    /// How many whole `unit`s fit in this span (`None` for a zero unit).
    pub fn checked_div(self, unit: Self) -> Option<u64> {
        self.0.checked_div(unit.0)
    }
}

/// The expedition's clock: the game time elapsed since it set out, and the turns it has
/// played (each tick of [`ExploreTick`](crate::tick::ExploreTick) it was under way).
///
/// ```
/// use fray_explore::time::{Clock, GameTime};
/// let mut clock = Clock::default();
/// clock.advance(GameTime::turns(7).unwrap());
/// assert_eq!(clock.count(GameTime::TURN), 7);
/// assert_eq!(clock.count(GameTime::HOUR), 1);
/// ```
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Clock {
    elapsed: GameTime,
    #[serde(default)]
    turns: u32,
}

impl Clock {
    /// The time elapsed since the expedition set out.
    pub fn elapsed(&self) -> GameTime {
        self.elapsed
    }

    /// The turns played so far: what a turn budget (an expedition's `max_turns`) counts.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Counts one more turn played.
    pub fn count_turn(&mut self) {
        self.turns = self.turns.saturating_add(1);
    }

    /// Whole `unit`s elapsed (0 for a zero unit).
    pub fn count(&self, unit: GameTime) -> u64 {
        self.elapsed.checked_div(unit).unwrap_or(0)
    }

    /// Moves the clock on by `span`; saturates at the end of time rather than wrapping.
    pub fn advance(&mut self, span: GameTime) {
        self.elapsed = self.elapsed.checked_add(span).unwrap_or(GameTime(u64::MAX));
    }

    /// How many `unit` boundaries lie in `(from, to]`: how often something that happens every
    /// `unit` happened while the clock moved from `from` to `to` (0 for a zero unit).
    ///
    /// ```
    /// use fray_explore::time::{Clock, GameTime};
    /// let two_turns = GameTime::turns(2).unwrap();
    /// // From turn 1 to turn 4, one passes turn 2 and turn 4: two checks every two turns.
    /// assert_eq!(
    ///     Clock::boundaries(GameTime::TURN, GameTime::turns(4).unwrap(), two_turns),
    ///     2
    /// );
    /// ```
    pub fn boundaries(from: GameTime, to: GameTime, unit: GameTime) -> u64 {
        let before = from.checked_div(unit).unwrap_or(0);
        let after = to.checked_div(unit).unwrap_or(0);
        after.saturating_sub(before)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bx01_a_turn_is_sixty_ten_second_rounds_and_an_hour_six_turns() {
        let bx_round = GameTime::from_seconds(10);
        assert_eq!(GameTime::TURN.checked_div(bx_round), Some(60));
        assert_eq!(GameTime::HOUR.checked_div(GameTime::TURN), Some(6));
        assert_eq!(GameTime::DAY.checked_div(GameTime::TURN), Some(144));
    }

    #[test]
    fn l519_a_travel_turn_is_an_hour_of_six_second_rounds() {
        let lite5e_round = GameTime::from_seconds(6);
        assert_eq!(GameTime::HOUR.checked_div(lite5e_round), Some(600));
        assert_eq!(GameTime::DAY.checked_div(GameTime::HOUR), Some(24));
    }

    #[test]
    fn clock_counts_whole_units_and_saturates() {
        let mut clock = Clock::default();
        clock.advance(GameTime::from_seconds(3_599));
        assert_eq!(clock.count(GameTime::HOUR), 0);
        assert_eq!(clock.count(GameTime::TURN), 5);
        clock.advance(GameTime::from_seconds(1));
        assert_eq!(clock.count(GameTime::HOUR), 1);
        clock.advance(GameTime::from_seconds(u64::MAX));
        assert_eq!(clock.elapsed().seconds(), u64::MAX);
        assert_eq!(clock.count(GameTime::ZERO), 0);
    }

    #[test]
    fn overflowing_spans_are_none() {
        assert_eq!(GameTime::days(u64::MAX), None);
        assert_eq!(GameTime::TURN.checked_sub(GameTime::HOUR), None);
        assert_eq!(
            GameTime::TURN.saturating_sub(GameTime::HOUR),
            GameTime::ZERO
        );
    }
}
