//! The `oho` ruleset (seed 000, Open Hero Odyssey): a 6.5-second Action/Time Gauge spent
//! across a turn and on reactions, d6 proficiency pools, attack against defense pools,
//! Fortitude against damage with injuries, called shots, one-way engagement, withheld actions,
//! full-round actions, exhaustion - and, after a fight, experience, proficiency points and
//! levels. Rule ids (OHO-01..OHO-24, see `RULES.md`) are named in the docs and tests of the
//! code that implements them.
//!
//! Where the text is silent, Fray's rulings are documented where they apply: initiative
//! ([`turns`](crate) rolls each Reflex pool), when a combatant is out of the fight
//! ([`vitals`]), movement and dashes ([`rules::stride`]), injuries by damage type
//! ([`injuries`]), conditions ([`fighter`]) and progression ([`progression`]).
//!
//! ```
//! use bevy_app::App;
//! use fray_core::prelude::*;
//! use fray_oho::prelude::*;
//!
//! let mut app = App::new();
//! app.add_plugins((FrayCorePlugin { run: FrayRunMode::Manual, ..Default::default() }, FrayOhoPlugin));
//! app.finish();
//! let loader = fray_content::ContentLoader::new().with_schema(fray_oho::schema());
//! assert!(loader.schema("oho").is_some());
//! ```

mod attack;
mod ctx;
mod explain;
/// The components of a combatant queried together, and what conditions take from its rolls.
pub mod fighter;
/// Exact odds of attacks for previews, with their cache.
pub mod odds;
mod offer;
/// Experience, proficiency points, levels and tiers from a fight's log (OHO-22..OHO-24).
pub mod progression;
mod resolve;
/// The rules' numbers as constants and pure functions.
pub mod rules;
/// The seam to the core: spawning from content.
pub mod ruleset;
/// Compiled combatant numbers.
pub mod sheet;
/// The statblock schema.
pub mod statblock;
/// Per-combatant and per-encounter changing state.
pub mod state;
mod turns;
/// When a combatant is out of the fight.
pub mod vitals;

pub use attack::{Location, injuries};

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray_content::schema::Schema;
use fray_core::prelude::*;

/// The types most users need.
pub mod prelude {
    pub use crate::odds::OddsCache;
    pub use crate::progression::{Progression, checks_in, experience_from_log};
    pub use crate::ruleset::OhoRuleset;
    pub use crate::sheet::Sheet;
    pub use crate::statblock::{Ability, OhoBlock};
    pub use crate::state::{Oho, OhoState};
    pub use crate::{FrayOhoPlugin, schema};
}

/// The statblock schema, for content loaders.
pub fn schema() -> Schema<statblock::OhoBlock> {
    Schema::new(ruleset::ID, ruleset::OPTIONS)
}

/// Adds the OHO ruleset: its spawning, its saved components and its systems.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrayOhoPlugin;

impl Plugin for FrayOhoPlugin {
    fn build(&self, app: &mut App) {
        app.register_ruleset(ruleset::OhoRuleset::default())
            .register_saved::<state::Oho>("fray_oho::Oho")
            .register_saved::<state::OhoState>("fray_oho::OhoState")
            .register_saved::<sheet::Sheet>("fray_oho::Sheet")
            .init_resource::<odds::OddsCache>()
            .add_systems(
                FrayTick,
                (
                    turns::roll_initiative.in_set(RulesetSystems::Initiative),
                    resolve::land_full_rounds.in_set(RulesetSystems::RoundStart),
                    turns::start_turn.in_set(RulesetSystems::TurnStart),
                    offer::offer.in_set(RulesetSystems::Offer),
                    explain::explain.in_set(RulesetSystems::Explain),
                    resolve::resolve.in_set(RulesetSystems::Resolve),
                    turns::vitals.in_set(RulesetSystems::Vitals),
                )
                    .in_set(RulesetSystemsOf(ruleset::ID)),
            );
    }
}
