//! The adventure clock: expeditions through dungeons and wilderness, as entities on the same
//! ECS as the fights.
//!
//! - **Entities.** An expedition ([`Expedition`](expedition::Expedition), its own seeded
//!   [`ExpeditionRng`](expedition::ExpeditionRng), [`ExpeditionLog`](log::ExpeditionLog),
//!   [`Clock`](time::Clock), the ruleset's [`Timekeeping`](expedition::Timekeeping), its
//!   [`Party`](party::Party) in marching order and its [`Plan`](activity::Plan)); party members
//!   ([`Character`](party::Character), [`Vitals`](party::Vitals),
//!   [`Supplies`](party::Supplies), [`Afflictions`](party::Afflictions) and a lit
//!   [`Light`](light::Light)), which persist from turn to turn, with the XP they gained
//!   ([`XpGained`](xp::XpGained)) and, once dead, when they died ([`DiedAt`](death::DiedAt)).
//! - **The tick.** [`ExploreTick`](schedule::ExploreTick) plays one turn of every expedition in
//!   ordered phases ([`ExploreSystems`](schedule::ExploreSystems)).
//! - **The seam.** A ruleset implements [`Procedure`](procedure::Procedure), registers it with
//!   [`ExploreAppExt::register_procedure`](procedure::ExploreAppExt::register_procedure) and
//!   adds its systems to the phases, filtered by its marker on the expedition;
//!   [`Procedure::enter_fight`](procedure::Procedure::enter_fight) carries a member's lasting
//!   state into a fight.
//! - **Fights.** [`FightExt`](fight::FightExt) spawns an encounter from the party's living
//!   members and the monsters met, and writes its results back when it is over.
//! - **Meetings.** Monsters met on the way wait in [`Meetings`](meeting::Meetings).
//!
//! - **Places.** A dungeon file ([`DungeonSpec`](dungeon::DungeonSpec)) spawns as entities
//!   ([`place`]): areas with their monsters, treasure and traps, passages with their doors. The
//!   party moves through them ([`travel`]) by its plan.
//! - **Expedition files.** [`ExpeditionSpec`](charter::ExpeditionSpec) names a dungeon, a party
//!   and a plan with its [`Policy`](policy::Policy); both kinds of file load through
//!   `fray_content` ([`DocumentKind`](fray_content::document::DocumentKind)) with located
//!   problems, and [`SpawnDelveExt`](charter::SpawnDelveExt) spawns one.
//!
//! - **Wilderness.** A wilderness file ([`WildernessSpec`](wilderness::WildernessSpec)) spawns
//!   as entities ([`landscape`]): sites and the legs between them, each leg with its
//!   [`Terrain`](terrain::Terrain) and miles. An expedition that names a wilderness plays
//!   day-long turns and journeys leg by leg ([`journey`]): the ruleset works out each day's
//!   [`DayMarch`](journey::DayMarch) (miles, lost or not) and the model moves the party.
//!
//! - **Saving.** [`save_expedition`](save::save_expedition) writes an expedition mid-way, with
//!   its party, its place and the fight under way, as RON;
//!   [`load_expedition`](save::load_expedition) loads it into another World, where it continues
//!   exactly as the original would have.
//!
//! Not built yet: an expedition that journeys to a dungeon and delves it.

/// What the party does with each turn.
pub mod activity;
/// Afflicting members from procedures, with a log line.
pub mod affliction;
/// Expedition files and spawning them.
pub mod charter;
/// When members died.
pub mod death;
/// Playing expedition turns from code.
pub mod drive;
/// Dungeon files.
pub mod dungeon;
/// The expedition entity and spawning it.
pub mod expedition;
/// Fights on the way, spawned from the party and written back.
pub mod fight;
/// Journeys through a wilderness by days.
pub mod journey;
/// Wildernesses, their sites and legs, as entities.
pub mod landscape;
/// Light sources burning down.
pub mod light;
/// The expedition's log.
pub mod log;
/// Monsters met on the way.
pub mod meeting;
/// The party's mounts on a journey.
pub mod mount;
/// The party's persistent characters.
pub mod party;
/// Dungeons, their areas and passages, as entities.
pub mod place;
/// The party's policy: stance, rests, turning back.
pub mod policy;
/// The seam through which rulesets supply their procedures.
pub mod procedure;
/// What expeditions came to: one run's summary, a batch's tally.
pub mod report;
/// A turn's dice, drawn from the expedition's stream and logged.
pub mod rolls;
/// Saving and loading expeditions.
pub mod save;
/// The exploration schedule and its phases.
pub mod schedule;
/// The kinds of terrain a wilderness is made of.
pub mod terrain;
/// Game time and the clock.
pub mod time;
/// Moving through a dungeon.
pub mod travel;
/// The party's vessel on the water.
pub mod vessel;
/// Wilderness files.
pub mod wilderness;
/// Experience members gain.
pub mod xp;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_places;
#[cfg(test)]
mod tests_report;
#[cfg(test)]
mod tests_save;
#[cfg(test)]
mod tests_wilderness;

use bevy_app::prelude::*;

/// The types most users need.
pub mod prelude {
    pub use crate::FrayExplorePlugin;
    pub use crate::activity::{Activity, CurrentActivity, Plan};
    pub use crate::affliction::afflict;
    pub use crate::charter::{ExpeditionSpec, PartyMemberSpec, PlanSpec, SpawnDelveExt};
    pub use crate::death::DiedAt;
    pub use crate::drive::{
        any_underway, explore_turn, out_of_time, run_expeditions, settle_fights,
    };
    pub use crate::dungeon::{DoorState, DungeonSpec, TrapCheck};
    pub use crate::expedition::{
        Ending, Expedition, ExpeditionRng, ExpeditionSettings, ExpeditionState, ExploreError,
        MemberSpec, SpawnExpeditionExt, Timekeeping, TurnSpan,
    };
    pub use crate::fight::{
        FightCount, FightError, FightExt, FightResult, FightSetup, Fighting, Foes,
    };
    pub use crate::journey::{DayMarch, March};
    pub use crate::landscape::{Leg, Site, Trek, Whereabouts, Wilderness};
    pub use crate::light::{Light, LightKind};
    pub use crate::log::{ExpeditionLog, ExploreEvent};
    pub use crate::meeting::{Meeting, MeetingSource, Meetings};
    pub use crate::mount::{MountSpec, Mounts};
    pub use crate::party::{
        Afflictions, Character, Life, Member, Members, Party, Supplies, Vitals,
    };
    pub use crate::place::{
        Area, Discoveries, Door, Dungeon, Haul, Pace, Passage, Position, Stock, Trap, Treasure,
    };
    pub use crate::policy::{Policy, PolicyState, Stance};
    pub use crate::procedure::{ExploreAppExt, Procedure, ProcedureSystems, Procedures};
    pub use crate::report::{DelveSummary, DelveTally, MemberSummary};
    pub use crate::rolls::{TurnDice, with_turn_dice};
    pub use crate::save::{load_expedition, save_expedition};
    pub use crate::schedule::{ExploreSystems, ExploreTick};
    pub use crate::terrain::Terrain;
    pub use crate::time::{Clock, GameTime};
    pub use crate::vessel::{Vessel, VesselKind, VesselSpec};
    pub use crate::wilderness::{Current, WildernessSpec};
    pub use crate::xp::{XpGained, award_xp};
}

/// Adds the exploration schedule and the procedures registry, and registers the components
/// saved with an expedition ([`save`]). Rulesets' explore plugins go after it.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrayExplorePlugin;

impl Plugin for FrayExplorePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<procedure::Procedures>()
            .add_schedule(schedule::build_schedule());
        save::register(app);
    }
}
