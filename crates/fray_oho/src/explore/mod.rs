//! OHO's between-fight rules on the adventure clock (`fray_explore`).
//!
//! A member's exhaustion levels carry from fight to fight of an expedition ([`exhaustion`],
//! OHO-21), and so does its progress: the experience each proficiency check earns, summed
//! across fights into proficiency points and levels ([`experience`], OHO-22 to OHO-24).
//! Monsters met come to blows (the seed has no reaction roll).
//!
//! Rulings: the seed gives no exploration time, so the clock keeps 10-minute turns, a torch
//! burns an hour and a lantern four; a round is the 6.5-second Action/Time Gauge, 7 seconds
//! on the clock's whole seconds; a hero at 0 health or below outside a fight is down (dying
//! or unconscious), not dead.
//!
//! Not built yet: a member left down between fights getting back up; spending proficiency
//! points and open level-ups.
//!
//! [`exhaustion`]: crate::explore::exhaustion
//! [`experience`]: crate::explore::experience

/// Exhaustion carried from fight to fight (OHO-21).
pub mod exhaustion;
/// Experience, points and levels summed across fights (OHO-22 to OHO-24).
pub mod experience;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use fray_core::FrayAppExt;
use fray_core::persistent::saved_name;
use fray_explore::prelude::*;
use serde::{Deserialize, Serialize};

use self::experience::Experience;

/// An OHO round on the clock (a ruling: see the module's docs).
pub const ROUND: GameTime = GameTime::from_seconds(7);

/// Marks an expedition that follows OHO's procedures.
#[derive(Component, Debug, Clone, Copy, Default, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct OhoExpedition;

/// OHO's procedures, as the expedition model sees them.
#[derive(Debug, Clone, Copy, Default)]
pub struct OhoProcedure;

impl Procedure for OhoProcedure {
    fn ruleset(&self) -> &'static str {
        crate::ruleset::ID
    }

    fn timekeeping(&self) -> Timekeeping {
        Timekeeping::untimed(ROUND)
    }

    fn build_expedition(&self, expedition: &mut EntityWorldMut<'_>) -> Result<(), ExploreError> {
        expedition.insert(OhoExpedition);
        Ok(())
    }

    /// The member's exhaustion carries into the fight (OHO-21), and the fight keeps its log
    /// for the experience its checks earn (OHO-22).
    fn enter_fight(&self, world: &mut World, member: Entity, combatant: Entity) {
        exhaustion::carry_in(world, member, combatant);
        experience::keep_log(world, combatant);
    }

    /// The experience earned is added to the member's progress (OHO-22 to OHO-24), its
    /// exhaustion written back (OHO-21), and a member at 0 health or below is down.
    fn leave_fight(&self, world: &mut World, member: Entity, combatant: Entity) {
        experience::carry_out(world, member, combatant);
        exhaustion::carry_out(world, member, combatant);
        if let Some(mut vitals) = world.get_mut::<Vitals>(member)
            && vitals.life == Life::Alive
            && vitals.hp <= 0
        {
            vitals.life = Life::Down;
        }
    }

    /// At 0 health or below a hero is dying, not dead: outside a fight, it is down.
    fn at_zero_hp(&self) -> Life {
        Life::Down
    }
}

impl ExploreRules for OhoProcedure {
    type Marker = OhoExpedition;

    fn saved(app: &mut App) {
        app.persist::<(Experience,)>()
            // Saved under `explore::` paths before they were saved by type.
            .rename_saved(
                "fray_oho::explore::OhoExpedition",
                saved_name::<OhoExpedition>(),
            )
            .rename_saved("fray_oho::explore::Experience", saved_name::<Experience>());
    }
}

/// Adds OHO's exploration procedures. Add [`FrayExplorePlugin`] first.
pub type OhoExplorePlugin = ProcedurePlugin<OhoProcedure>;

#[cfg(test)]
mod tests;
