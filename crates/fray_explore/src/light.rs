//! Light sources that burn down with the clock and are relit from the bearer's supplies.

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::party::Supplies;
use crate::time::GameTime;

/// A kind of light source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum LightKind {
    /// A torch: burns once, then a fresh torch is needed.
    Torch,
    /// A lantern: burns a flask of oil at a time.
    Lantern,
}

/// The light source a member carries lit, and the burning time it has left.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Light {
    /// What burns.
    pub kind: LightKind,
    /// Burning time left before it needs a fresh torch or flask.
    pub left: GameTime,
}

/// What burning for a while did to a light.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Burned {
    /// Still burning.
    Burning,
    /// Burned out and relit this many times from supplies; still burning.
    Relit(u32),
    /// Burned out, and nothing is left to relight it (after relighting this many times).
    Out(u32),
}

impl Light {
    /// Burns the light for `span`, relighting it from `supplies` (a torch for a torch, a
    /// flask of oil for a lantern) each time it burns out; `duration` is how long one torch
    /// or flask lasts. A zero duration cannot burn and goes out at once.
    ///
    /// ```
    /// use fray_explore::light::{Burned, Light, LightKind};
    /// use fray_explore::party::Supplies;
    /// use fray_explore::time::GameTime;
    /// let mut torch = Light { kind: LightKind::Torch, left: GameTime::TURN };
    /// let mut supplies = Supplies { torches: 1, ..Default::default() };
    /// let hour = GameTime::HOUR;
    /// assert_eq!(torch.burn(GameTime::TURN, hour, &mut supplies), Burned::Relit(1));
    /// assert_eq!((torch.left, supplies.torches), (hour, 0));
    /// ```
    pub fn burn(&mut self, span: GameTime, duration: GameTime, supplies: &mut Supplies) -> Burned {
        let mut remaining = span;
        let mut relit = 0u32;
        loop {
            if self.left > remaining {
                self.left = self.left.saturating_sub(remaining);
                return if relit == 0 {
                    Burned::Burning
                } else {
                    Burned::Relit(relit)
                };
            }
            remaining = remaining.saturating_sub(self.left);
            self.left = GameTime::ZERO;
            let stock = match self.kind {
                LightKind::Torch => &mut supplies.torches,
                LightKind::Lantern => &mut supplies.oil_flasks,
            };
            if *stock == 0 || duration == GameTime::ZERO {
                return Burned::Out(relit);
            }
            *stock -= 1;
            relit = relit.saturating_add(1);
            self.left = duration;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_light_burns_out_exactly_at_its_duration() {
        let mut lantern = Light {
            kind: LightKind::Lantern,
            left: GameTime::TURN,
        };
        let mut supplies = Supplies::default();
        assert_eq!(
            lantern.burn(GameTime::TURN, GameTime::HOUR, &mut supplies),
            Burned::Out(0)
        );
        assert_eq!(lantern.left, GameTime::ZERO);
    }

    #[test]
    fn a_long_span_uses_several_torches() {
        let mut torch = Light {
            kind: LightKind::Torch,
            left: GameTime::HOUR,
        };
        let mut supplies = Supplies {
            torches: 5,
            ..Default::default()
        };
        let three_hours = GameTime::hours(3).unwrap();
        let half = GameTime::from_seconds(1_800);
        assert_eq!(
            torch.burn(
                three_hours.checked_add(half).unwrap(),
                GameTime::HOUR,
                &mut supplies
            ),
            Burned::Relit(3)
        );
        assert_eq!((torch.left, supplies.torches), (half, 2));
    }
}
