//! A ruleset's units of time and light, and the span of the turn being played.

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use serde::{Deserialize, Serialize};

use crate::light::LightKind;
use crate::time::GameTime;

/// A ruleset's units of time and light, set on the expedition from its
/// [`Procedure`](crate::procedure::Procedure) when it is spawned.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Timekeeping {
    /// One combat round (B/X 10 s, lite5e 6 s).
    pub round: GameTime,
    /// One exploration turn (B/X's 10-minute dungeon turn, lite5e's hourly travel turn).
    pub turn: GameTime,
    /// How long a torch burns.
    pub torch: GameTime,
    /// How long a lantern burns on one flask of oil.
    pub lantern: GameTime,
}

impl Timekeeping {
    /// The timekeeping of a ruleset whose seed gives no exploration time (a ruling each such
    /// ruleset shares): `round`-long combat rounds, 10-minute turns, a torch burning an hour
    /// and a lantern four hours on a flask.
    pub fn untimed(round: GameTime) -> Self {
        Self {
            round,
            turn: GameTime::TURN,
            torch: GameTime::HOUR,
            lantern: GameTime::HOUR.checked_mul(4).unwrap_or(GameTime::HOUR),
        }
    }

    /// How long one torch or one flask of `kind` burns.
    pub fn light_duration(&self, kind: LightKind) -> GameTime {
        match kind {
            LightKind::Torch => self.torch,
            LightKind::Lantern => self.lantern,
        }
    }
}

/// How long the turn being played lasts. Set to the ruleset's turn when the turn starts; the
/// ruleset's activity systems may make it longer (a rest of a day, a search of two turns); the
/// clock moves on by it when the turn ends.
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct TurnSpan(pub GameTime);
