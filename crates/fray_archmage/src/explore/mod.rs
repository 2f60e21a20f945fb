//! archmage's between-fight rules on the adventure clock (`fray_explore`).
//!
//! An archmage hero's recoveries (AR-24) and its used daily and recharge powers carry from
//! fight to fight of an expedition ([`lasting`]); after each fight it takes a quick rest, and
//! after every fourth a full heal-up ([`rest`], AR-39), both the combat side's own
//! ([`crate::rest`]). Monsters met come to blows (the seed has no reaction roll).
//!
//! Rulings: the seed gives no exploration time, so the clock keeps 6-second rounds and
//! 10-minute turns, a torch burns an hour and a lantern four; a hero brought to 0 hit points
//! outside a fight is down (unconscious, AR-23), not dead.
//!
//! Not built yet: the campaign loss of an early heal-up; a recovery spent without having one
//! at a quick rest (the combat side's quick rest spends only recoveries the hero has).
//!
//! [`lasting`]: crate::explore::lasting
//! [`rest`]: crate::explore::rest

/// Recoveries and used powers carried from fight to fight (AR-24, AR-39).
pub mod lasting;
/// Quick rests and full heal-ups between fights (AR-39).
pub mod rest;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use fray_core::FrayAppExt;
use fray_core::persistent::saved_name;
use fray_explore::prelude::*;
use serde::{Deserialize, Serialize};

use self::lasting::Lasting;

/// An archmage round (a ruling: see the module's docs).
pub const ROUND: GameTime = GameTime::from_seconds(6);

/// Marks an expedition that follows archmage's procedures.
#[derive(Component, Debug, Clone, Copy, Default, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct ArchmageExpedition;

/// archmage's procedures, as the expedition model sees them.
#[derive(Debug, Clone, Copy, Default)]
pub struct ArchmageProcedure;

impl Procedure for ArchmageProcedure {
    fn ruleset(&self) -> &'static str {
        crate::ruleset::ID
    }

    fn timekeeping(&self) -> Timekeeping {
        Timekeeping::untimed(ROUND)
    }

    fn build_expedition(&self, expedition: &mut EntityWorldMut<'_>) -> Result<(), ExploreError> {
        expedition.insert(ArchmageExpedition);
        Ok(())
    }

    /// The hero's recoveries left, its recovery debt and its used powers carry into the fight
    /// (AR-24).
    fn enter_fight(&self, world: &mut World, member: Entity, combatant: Entity) {
        lasting::carry_in(world, member, combatant);
    }

    /// The hero rests (a quick rest, or a full heal-up after every fourth fight, AR-39), and
    /// what lasts is written back.
    fn leave_fight(&self, world: &mut World, member: Entity, combatant: Entity) {
        rest::after_fight(world, member, combatant);
        lasting::carry_out(world, member, combatant);
    }

    /// At 0 hit points a hero is unconscious (AR-23): outside a fight, it is down.
    fn at_zero_hp(&self) -> Life {
        Life::Down
    }
}

impl ExploreRules for ArchmageProcedure {
    type Marker = ArchmageExpedition;

    fn saved(app: &mut App) {
        app.persist::<(Lasting,)>()
            // Saved under `explore::` paths before they were saved by type.
            .rename_saved(
                "fray_archmage::explore::ArchmageExpedition",
                saved_name::<ArchmageExpedition>(),
            )
            .rename_saved("fray_archmage::explore::Lasting", saved_name::<Lasting>());
    }
}

/// Adds archmage's exploration procedures. Add [`FrayExplorePlugin`] first.
pub type ArchmageExplorePlugin = ProcedurePlugin<ArchmageProcedure>;

#[cfg(test)]
mod tests;
