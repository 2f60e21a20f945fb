//! The `lite5e` ruleset (seed 002, the 5e-derived hack), on the core's ruleset kit: checks are
//! a d20 plus modifiers against a DC, with advantage and disadvantage that cancel ([`check`]);
//! combatants act in fixed DEX order ([`initiative`]) with one active, one movement and one
//! quick action a round that trade down ([`legality`], [`resolve`]); attacks use STR, DEX, INT
//! or WIS, a natural 20 doubles damage and a monster's natural 1 that lands on a PC doubles it
//! too ([`attack`]); at 0 HP a combatant is incapacitated until stabilized, then rolls on the
//! injury table ([`injury`]); DC 11 morale ([`morale`]), retreats ([`retreat`]) and light
//! ([`light`]). Rule ids (L5-01..L5-18, see `RULES.md`) are named in the docs and tests of the
//! code that implements them; Fray's rulings are documented where they apply.
//!
//! ```
//! use bevy_app::App;
//! use fray_core::prelude::*;
//! use fray_lite5e::prelude::*;
//!
//! let mut app = App::new();
//! app.add_plugins((FrayCorePlugin { run: FrayRunMode::Manual, ..Default::default() }, FrayLite5ePlugin));
//! app.finish();
//! let loader = fray_content::ContentLoader::new().with_schema(fray_lite5e::schema());
//! assert!(loader.schema("lite5e").is_some());
//! ```

/// Making an attack.
pub mod attack;
/// Checks, advantage and proficiency.
pub mod check;
/// Exploration procedures on the adventure clock: travel turns.
pub mod explore;
/// A combatant's components.
pub mod fighter;
/// The gauges a client shows: a combatant's three actions.
mod gauges;
/// Initiative in DEX order.
pub mod initiative;
/// Incapacitation, stabilizing and the injury table.
pub mod injury;
mod labels;
/// The candidates, the legality function and the action economy.
pub mod legality;
/// Light in combat.
pub mod light;
/// Morale.
pub mod morale;
/// The encounter options.
pub mod options;
/// Previews.
pub mod preview;
/// How narration refers back to a combatant.
mod pronoun;
/// The turn flow, rounds, payment and resolution.
pub mod resolve;
/// Retreat.
pub mod retreat;
/// Damage, healing and injury dice, logged.
pub mod roll;
/// The rules' marker type, and spawning from content.
pub mod ruleset;
/// Compiled combatant numbers.
pub mod sheet;
/// The statblock schema.
pub mod statblock;
/// Per-combatant and per-encounter changing state.
pub mod state;
/// Lite5e's own words.
pub mod vocabulary;

use bevy_app::prelude::*;
use fray_content::schema::Schema;
use fray_core::kit::{RulesetDescriptor, RulesetPlugin};
use fray_core::prelude::*;

pub use ruleset::L5Rules;

/// The types most users need.
pub mod prelude {
    pub use crate::ruleset::L5Ruleset;
    pub use crate::sheet::Sheet;
    pub use crate::statblock::L5Block;
    pub use crate::state::{L5, L5State};
    pub use crate::{FrayLite5ePlugin, L5Rules, schema};
}

/// The statblock schema, for content loaders.
pub fn schema() -> Schema<statblock::L5Block> {
    Schema::new(ruleset::ID, options::OPTIONS)
}

/// The lite5e ruleset, as programs install it: the `fray` facade's list of rulesets holds it.
pub const RULESET: RulesetDescriptor = RulesetDescriptor::new::<
    FrayLite5ePlugin,
    explore::Lite5eExplorePlugin,
>(ruleset::ID, |loader| loader.with_schema(schema()));

/// The context of a lite5e encounter.
pub(crate) type Ctx<'a, 'i, 'w, 's> = fray_core::kit::Ctx<'a, 'i, 'w, 's, L5Rules>;

/// A combatant as lite5e's legality check judges it.
pub(crate) type Me<'c, 's> = fray_core::kit::Actor<'c, 's, L5Rules>;

/// Adds the lite5e ruleset: its spawning, its saved components and the kit's systems for it.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrayLite5ePlugin;

impl Plugin for FrayLite5ePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(RulesetPlugin::<L5Rules>::new(ruleset::L5Ruleset::default()))
            .persist::<(state::L5, state::L5State, sheet::Sheet)>();
    }
}
