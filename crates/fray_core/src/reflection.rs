//! The core's components and resources in Bevy's type registry, so an inspector
//! (bevy-inspector-egui, a remote protocol client) shows and edits a fight.
//!
//! Plain data reflects field by field (`Hp`, `Initiative`, `Roster`...); state the core keeps
//! consistent itself (the log, the turn's pipeline, effects, engagement, the map) reflects as
//! an opaque value: an inspector shows it through `Debug` and can copy it, but not poke at
//! its insides, which the [edit API](crate::edit) exists for.

use bevy_app::App;

use crate::client::{BattleGauges, Budget};
use crate::combatant::{
    Combatant, CombatantTactics, Controller, Hp, Initiative, Leader, Morale, Side, StatblockRef,
    Status, Tally,
};
use crate::condition::Conditions;
use crate::effect::Effects;
use crate::encounter::{Encounter, Groups, InEncounter, Roster, Sides};
use crate::engagement::Engagement;
use crate::log::CombatLog;
use crate::morale::MoraleState;
use crate::options::ActionOptions;
use crate::outcome::TickReport;
use crate::region::{EncounterMap, InRegion, Region, RegionLinks};
use crate::turn::{Turn, TurnOrder};

/// Registers every public component and resource of the core with the app's type registry.
pub(crate) fn register_types(app: &mut App) {
    app.register_type::<Combatant>()
        .register_type::<Hp>()
        .register_type::<Side>()
        .register_type::<Controller>()
        .register_type::<Initiative>()
        .register_type::<Status>()
        .register_type::<Morale>()
        .register_type::<Leader>()
        .register_type::<CombatantTactics>()
        .register_type::<StatblockRef>()
        .register_type::<Tally>()
        .register_type::<Conditions>()
        .register_type::<Effects>()
        .register_type::<Engagement>()
        .register_type::<InRegion>()
        .register_type::<InEncounter>()
        .register_type::<Budget>()
        .register_type::<Encounter>()
        .register_type::<Turn>()
        .register_type::<TurnOrder>()
        .register_type::<ActionOptions>()
        .register_type::<Roster>()
        .register_type::<Sides>()
        .register_type::<Groups>()
        .register_type::<MoraleState>()
        .register_type::<CombatLog>()
        .register_type::<EncounterMap>()
        .register_type::<BattleGauges>()
        .register_type::<Region>()
        .register_type::<RegionLinks>()
        .register_type::<TickReport>()
        .register_type::<crate::FrayStepping>();
}
