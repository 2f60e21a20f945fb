//! The expedition's own random stream, from which its turns' dice are drawn.

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use fray_core::rng::{EncounterRng, derive_seed};
use fray_dice::DieSource;
use serde::{Deserialize, Serialize};

/// The expedition's own random stream, apart from those of the fights it spawns (each fight
/// gets its own seed derived from the expedition's, so a fight never disturbs the clock's
/// dice). It is fray_core's portable ChaCha8 stream, saved and scriptable the same way.
#[derive(Component, Debug, Clone, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct ExpeditionRng(pub EncounterRng);

impl ExpeditionRng {
    /// Which stream of the expedition's seed the clock's dice use.
    const STREAM: u64 = 0xE5_E5_E5;

    /// The stream of an expedition spawned with `seed`.
    pub fn for_expedition(seed: u64) -> Self {
        Self(EncounterRng::from_seed(derive_seed(seed, Self::STREAM)))
    }
}

impl DieSource for ExpeditionRng {
    fn roll_die(&mut self, sides: u32) -> u32 {
        self.0.roll_die(sides)
    }
}
