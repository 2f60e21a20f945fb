//! die-rank's between-fight rules on the adventure clock (`fray_explore`).
//!
//! A hero's mastery points carry from a fight to the end of it, and come back at the next
//! turn, out of the contested situation ([`mastery`], DR-11). Out of a fight the party is
//! unhurried, so its rolls take their maximum: forcing a stuck door ([`unhurried`], DR-08).
//! Monsters met come to blows (the seed has no reaction roll).
//!
//! Rulings: the seed gives no exploration time, so the clock keeps 6-second rounds and
//! 10-minute turns, a torch burns an hour and a lantern four; a hero at 0 health falls (the
//! combat side's ruling) and outside a fight is down, carried by the party.
//!
//! Not built yet: a fallen hero getting back up (the seed defines no health, so no healing).
//!
//! [`mastery`]: crate::explore::mastery
//! [`unhurried`]: crate::explore::unhurried

/// Mastery points between fights (DR-11).
pub mod mastery;
/// Rolls out of a fight take their maximum (DR-08).
pub mod unhurried;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use fray_core::FrayAppExt;
use fray_core::persistent::saved_name;
use fray_explore::meeting::fight_meetings;
use fray_explore::prelude::*;
use serde::{Deserialize, Serialize};

use self::mastery::Mastery;

/// A die-rank round (a ruling: see the module's docs).
pub const ROUND: GameTime = GameTime::from_seconds(6);

/// Marks an expedition that follows die-rank's procedures.
#[derive(Component, Debug, Clone, Copy, Default, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct DierankExpedition;

/// die-rank's procedures, as the expedition model sees them.
#[derive(Debug, Clone, Copy, Default)]
pub struct DierankProcedure;

impl Procedure for DierankProcedure {
    fn ruleset(&self) -> &'static str {
        crate::ruleset::ID
    }

    fn timekeeping(&self) -> Timekeeping {
        Timekeeping::untimed(ROUND)
    }

    fn build_expedition(&self, expedition: &mut EntityWorldMut<'_>) -> Result<(), ExploreError> {
        expedition.insert(DierankExpedition);
        Ok(())
    }

    /// The hero's mastery points carry into the fight (DR-11: full unless a fight this turn
    /// spent them).
    fn enter_fight(&self, world: &mut World, member: Entity, combatant: Entity) {
        mastery::carry_in(world, member, combatant);
    }

    /// The points left are written back, and a fallen hero is down.
    fn leave_fight(&self, world: &mut World, member: Entity, combatant: Entity) {
        mastery::carry_out(world, member, combatant);
        if let Some(mut vitals) = world.get_mut::<Vitals>(member)
            && vitals.life == Life::Alive
            && vitals.hp <= 0
        {
            vitals.life = Life::Down;
        }
    }

    /// Unhurried, the party's roll takes its maximum (DR-08).
    fn party_forces_door(&self, world: &mut World, expedition: Entity) -> bool {
        unhurried::forces_door(world, expedition)
    }

    /// At 0 health a hero falls (out, not dead).
    fn at_zero_hp(&self) -> Life {
        Life::Down
    }
}

impl ExploreRules for DierankProcedure {
    type Marker = DierankExpedition;

    /// Mastery points refill each turn (DR-11), and every monster met comes to blows.
    fn systems(app: &mut App) {
        let dierank = DierankProcedure.ruleset();
        app.add_procedure_systems(dierank, ExploreSystems::Act, mastery::refill)
            .add_procedure_systems(
                dierank,
                ExploreSystems::Meet,
                fight_meetings::<DierankExpedition>,
            );
    }

    fn saved(app: &mut App) {
        app.persist::<(Mastery,)>()
            // Saved under `explore::` paths before they were saved by type.
            .rename_saved(
                "fray_dierank::explore::DierankExpedition",
                saved_name::<DierankExpedition>(),
            )
            .rename_saved("fray_dierank::explore::Mastery", saved_name::<Mastery>());
    }
}

/// Adds die-rank's exploration procedures. Add [`FrayExplorePlugin`] first.
pub type DierankExplorePlugin = ProcedurePlugin<DierankProcedure>;

#[cfg(test)]
mod tests;
