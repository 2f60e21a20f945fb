//! The `dierank` ruleset (seed 001, the die-rank system), on the core's ruleset kit: every
//! rating is a die of the ladder D2..D60, an attack is the attacker's die against the
//! defender's, each multiple of success a point of damage; turns are spent in action points
//! of minor, major and exclusive actions, interrupts paid from the next turn; mastery points
//! are spent after a roll, answered back and forth, pooled by monster groups; the map is
//! regions. Rule ids (DR-01..DR-18, see `RULES.md`) are named in the docs and tests of the
//! code that implements them; `fray_dice` holds the ladder, shifts, advantage and contests.
//!
//! **Health (Fray's ruling; the seed defines none).** Each creature has `health` points in
//! its statblock; each success of an attack on it takes one. At 0 a monster dies and a hero
//! falls - out of the fight either way. Changing the numbers is a content edit.
//!
//! Other rulings are documented where they apply: mastery recovery ([`mastery::recover`]),
//! interrupts and readied attacks ([`resolve`]), regions and movement ([`movement`]),
//! initiative ties and mastery points on initiative ([`initiative`]).
//!
//! ```
//! use bevy_app::App;
//! use fray_core::prelude::*;
//! use fray_dierank::prelude::*;
//!
//! let mut app = App::new();
//! app.add_plugins((FrayCorePlugin { run: FrayRunMode::Manual, ..Default::default() }, FrayDierankPlugin));
//! app.finish();
//! let loader = fray_content::ContentLoader::new().with_schema(fray_dierank::schema());
//! assert!(loader.schema("dierank").is_some());
//! ```

/// Resisted rolls and the mastery exchange's state.
pub mod contest;
/// Between fights on an expedition: mastery points back, unhurried rolls at their maximum
/// (DR-08, DR-11).
pub mod explore;
/// A combatant's components.
pub mod fighter;
mod gauges;
/// Initiative, ties, mastery on initiative and delays.
pub mod initiative;
mod labels;
/// The candidates and the legality function.
pub mod legality;
/// Mastery points: pools, spending, recovery.
pub mod mastery;
/// Regions and movement.
pub mod movement;
/// Previews.
pub mod preview;
/// How narration refers back to a combatant.
mod pronoun;
/// Turns, payment and resolution.
pub mod resolve;
/// Spawning from content.
pub mod ruleset;
/// Compiled combatant numbers.
pub mod sheet;
/// The statblock schema.
pub mod statblock;
/// Per-combatant and per-encounter changing state.
pub mod state;
/// Rolls out of combat.
pub mod uncontested;
/// Die-rank's own words.
pub mod vocabulary;

use bevy_app::prelude::*;
use fray_content::schema::Schema;
use fray_core::kit::{RulesetDescriptor, RulesetPlugin};
use fray_core::prelude::*;

pub use ruleset::DrRules;

/// The types most users need.
pub mod prelude {
    pub use crate::ruleset::DrRuleset;
    pub use crate::sheet::Sheet;
    pub use crate::statblock::DrBlock;
    pub use crate::state::{Dr, DrState};
    pub use crate::{DrRules, FrayDierankPlugin, schema};
}

/// The statblock schema, for content loaders (die-rank has no encounter options).
pub fn schema() -> Schema<statblock::DrBlock> {
    Schema::new(ruleset::ID, &[])
}

/// The die-rank ruleset, as programs install it: the `fray` facade's list of rulesets holds it.
pub const RULESET: RulesetDescriptor = RulesetDescriptor::new::<
    FrayDierankPlugin,
    explore::DierankExplorePlugin,
>(ruleset::ID, |loader| loader.with_schema(schema()))
.with_maneuvers(&[vocabulary::PRESS]);

/// The context of a die-rank encounter.
pub(crate) type Ctx<'a, 'i, 'w, 's> = fray_core::kit::Ctx<'a, 'i, 'w, 's, DrRules>;

/// A combatant as die-rank's legality check judges it.
pub(crate) type Me<'c, 's> = fray_core::kit::Actor<'c, 's, DrRules>;

/// Adds the die-rank ruleset: its spawning, its saved components and the kit's systems for it.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrayDierankPlugin;

impl Plugin for FrayDierankPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(RulesetPlugin::<DrRules>::new(ruleset::DrRuleset::default()))
            .persist::<(state::Dr, state::DrState, sheet::Sheet)>();
    }
}
