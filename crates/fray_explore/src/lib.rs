//! The adventure clock: expeditions through dungeons and wilderness, as entities on the same
//! ECS as the fights.
//!
//! - **Entities.** An expedition ([`Expedition`](expedition_state::Expedition), its own seeded
//!   [`ExpeditionRng`](rng::ExpeditionRng), [`ExpeditionLog`](log::ExpeditionLog),
//!   [`Clock`](time::Clock), the ruleset's [`Timekeeping`](timekeeping::Timekeeping), its
//!   [`Party`](party::Party) in marching order and its [`Plan`](activity::Plan)); party members
//!   ([`Character`](party::Character), [`Vitals`](party::Vitals),
//!   [`Supplies`](party::Supplies), [`Afflictions`](party::Afflictions) and a lit
//!   [`Light`](light::Light)), which persist from turn to turn, with the XP they gained
//!   ([`XpGained`](xp::XpGained)) and, once dead, when they died ([`DiedAt`](death::DiedAt)).
//! - **The tick.** [`ExploreTick`](tick::ExploreTick) plays one turn of every expedition in
//!   ordered phases ([`ExploreSystems`](tick::ExploreSystems)).
//! - **The seam.** A ruleset implements [`Procedure`](procedure::Procedure) and
//!   [`ExploreRules`](procedure_plugin::ExploreRules) (its marker, its systems in the phases,
//!   filtered by the marker on the expedition, and its saved components) and adds
//!   [`ProcedurePlugin`](procedure_plugin::ProcedurePlugin);
//!   [`Procedure::enter_fight`](procedure::Procedure::enter_fight) carries a member's lasting
//!   state into a fight.
//! - **Fights.** [`FightExt`](fight::FightExt) spawns an encounter from the party's living
//!   members and the monsters met, and writes its results back when it is over.
//! - **Meetings.** Monsters met on the way wait in [`Meetings`](meetings::Meetings), and are played out
//!   ([`meeting`]).
//!
//! - **Places.** A dungeon file ([`DungeonSpec`](dungeon::DungeonSpec)) spawns as entities
//!   ([`place`]): areas with their monsters, treasure and traps, passages with their doors. The
//!   party moves through them ([`travel`]) by its plan.
//! - **Expedition files.** [`ExpeditionSpec`](charter::ExpeditionSpec) names a dungeon, a party
//!   and a plan with its [`ExpeditionPolicy`](policy::ExpeditionPolicy); both kinds of file load through
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
/// Why an expedition or a member could not be spawned.
pub mod error;
/// Spawning expeditions and their parties.
pub mod expedition;
/// The expedition component: under way, or how it ended.
pub mod expedition_state;
/// Fights on the way, spawned from the party and written back.
pub mod fight;
/// The fight an expedition is in, and how many it has fought.
pub mod fighting;
/// Monsters of one statblock, met together.
pub mod foes;
/// Journeys through a wilderness by days.
pub mod journey;
/// Wildernesses, their sites and legs, as entities.
pub mod landscape;
/// Light sources burning down.
pub mod light;
/// The expedition's log.
pub mod log;
/// Playing out the monsters met on the way.
pub mod meeting;
/// Monsters met on the way, waiting to be played out.
pub mod meetings;
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
/// One plugin for any ruleset's exploration procedures.
pub mod procedure_plugin;
/// What expeditions came to: one run's summary, a batch's tally.
pub mod report;
/// The expedition's own random stream.
pub mod rng;
/// A turn's dice, drawn from the expedition's stream and logged.
pub mod rolls;
/// Saving and loading expeditions.
pub mod save;
/// The exploration schedule, with the model's own systems in its phases.
pub mod schedule;
/// The kinds of terrain a wilderness is made of.
pub mod terrain;
/// The exploration tick and its phases.
pub mod tick;
/// Game time and the clock.
pub mod time;
/// A ruleset's units of time and light, and the span of the turn being played.
pub mod timekeeping;
/// Moving through a dungeon.
pub mod travel;
/// Taking treasure into the party's haul.
mod treasure;
/// The checks dungeon, wilderness and expedition files share.
pub mod validation;
/// The party's vessel on the water.
pub mod vessel;
/// Wandering-monster entries and rolling them.
pub mod wandering;
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
    pub use crate::error::ExploreError;
    pub use crate::expedition::{ExpeditionSettings, MemberSpec, SpawnExpeditionExt};
    pub use crate::expedition_state::{Expedition, ExpeditionEnding, ExpeditionState};
    pub use crate::fight::{FightError, FightExt, FightResult, FightSetup};
    pub use crate::fighting::{FightCount, Fighting};
    pub use crate::foes::Foes;
    pub use crate::journey::{DayMarch, March};
    pub use crate::landscape::{Leg, Site, Trek, Whereabouts, Wilderness};
    pub use crate::light::{Light, LightKind};
    pub use crate::log::{ExpeditionLog, ExploreEvent};
    pub use crate::meetings::{Meeting, MeetingSource, Meetings};
    pub use crate::mount::{MountSpec, Mounts};
    pub use crate::party::{
        Afflictions, Character, Life, MemberOf, Party, PartyMembers, Supplies, Vitals,
    };
    pub use crate::place::{
        Area, Discoveries, Door, Dungeon, Haul, Pace, Passage, Position, Stock, Trap, Treasure,
    };
    pub use crate::policy::{ExpeditionPolicy, PolicyState, Stance};
    pub use crate::procedure::{ExploreAppExt, Procedure, ProcedureSystems, Procedures};
    pub use crate::procedure_plugin::{ExploreRules, ProcedurePlugin};
    pub use crate::report::{DelveSummary, DelveTally, MemberSummary};
    pub use crate::rng::ExpeditionRng;
    pub use crate::rolls::{TurnDice, with_turn_dice};
    pub use crate::save::{load_expedition, save_expedition};
    pub use crate::terrain::Terrain;
    pub use crate::tick::{ExploreSystems, ExploreTick};
    pub use crate::time::{Clock, GameTime};
    pub use crate::timekeeping::{Timekeeping, TurnSpan};
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
