//! The `oho` ruleset (seed 000, Open Hero Odyssey), on the core's ruleset kit: a 6.5-second
//! Action/Time Gauge spent across a turn and on reactions, d6 proficiency pools, attack against
//! defense pools, Fortitude against damage with injuries, called shots, one-way engagement,
//! withheld actions, full-round actions, exhaustion - and, after a fight, experience,
//! proficiency points and levels. Rule ids (OHO-01..OHO-24, see `RULES.md`) are named in the
//! docs and tests of the code that implements them.
//!
//! Where the text is silent, Fray's rulings are documented where they apply: initiative
//! (rolled on each Reflex pool), when a combatant is out of the fight ([`vitals`]), movement and
//! dashes ([`rules::stride`]), injuries by damage type ([`injury`]), conditions ([`fighter`])
//! and progression ([`progression`]).
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
/// The body parts a called shot aims at, as maneuvers.
pub mod body;
mod candidates;
/// Between fights on an expedition: exhaustion and experience carried from fight to fight
/// (OHO-21 to OHO-24).
pub mod explore;
/// The components of a combatant, and what conditions take from its rolls.
pub mod fighter;
/// Frightened: its effect, from the encounter's options (OHO-20).
pub mod frightened;
/// The economy: the time gauge and costs in its seconds.
pub mod gauge;
/// What an injury leaves, by damage type and where the blow lands.
pub mod injury;
mod labels;
mod legality;
/// Exact odds of attacks for previews, with their cache.
pub mod odds;
mod ops;
/// What a client shows: the gauge, the numbers a combatant is judged by, OHO's terms.
mod presentation;
mod preview;
/// Experience, proficiency points, levels and tiers from a fight's log (OHO-22..OHO-24).
pub mod progression;
/// How narration refers back to a combatant.
mod pronoun;
mod resolve;
/// The rules' numbers as constants and pure functions.
pub mod rules;
/// The rules' marker type, and spawning from content.
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
/// OHO's own words: conditions, damage types, called shots, costs, provocations.
pub mod vocabulary;

use bevy_app::prelude::*;
use fray_content::schema::Schema;
use fray_core::kit::{RulesetDescriptor, RulesetPlugin};
use fray_core::prelude::*;

pub use injury::{Location, injuries};
pub use ruleset::OhoRules;

/// The types most users need.
pub mod prelude {
    pub use crate::body::BodyPart;
    pub use crate::gauge::Atg;
    pub use crate::odds::OddsCache;
    pub use crate::progression::{Progression, checks_in, experience_from_log};
    pub use crate::ruleset::OhoRuleset;
    pub use crate::sheet::Sheet;
    pub use crate::statblock::{Ability, OhoBlock};
    pub use crate::state::{Oho, OhoState};
    pub use crate::{FrayOhoPlugin, OhoRules, schema};
}

/// The statblock schema, for content loaders.
pub fn schema() -> Schema<statblock::OhoBlock> {
    Schema::new(ruleset::ID, ruleset::OPTIONS).with_option_check(frightened::option_problem)
}

/// The OHO ruleset, as programs install it: the `fray` facade's list of rulesets holds it.
pub const RULESET: RulesetDescriptor = RulesetDescriptor::new::<
    FrayOhoPlugin,
    explore::OhoExplorePlugin,
>(ruleset::ID, |loader| loader.with_schema(schema()))
.with_maneuvers(&[
    body::CALLED_HEAD,
    body::CALLED_ARM,
    body::CALLED_LEG,
    body::CALLED_GROIN,
]);

/// The context of an OHO encounter.
pub(crate) type Ctx<'a, 'i, 'w, 's> = fray_core::kit::Ctx<'a, 'i, 'w, 's, OhoRules>;

/// A combatant as OHO's legality check judges it.
pub(crate) type Me<'c, 's> = fray_core::kit::Actor<'c, 's, OhoRules>;

/// Adds the OHO ruleset: its spawning, its saved components, its odds cache and the kit's
/// systems for it.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrayOhoPlugin;

impl Plugin for FrayOhoPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<odds::OddsCache>()
            .add_plugins(RulesetPlugin::<OhoRules>::new(
                ruleset::OhoRuleset::default(),
            ))
            .persist::<(state::Oho, state::OhoState, sheet::Sheet, gauge::Atg)>();
    }
}
