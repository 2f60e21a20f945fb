//! The `bx` ruleset (seed 004, the classic old-school system), on the core's ruleset kit: a
//! d6 per side each round, the attack matrix, five saving throws, declared spells that a blow
//! disrupts, slow weapons, withdrawals and retreats, 2d6 morale, surprise and reactions. Rule
//! ids (BX-01..BX-28, see `RULES.md`) are named in the docs and tests of the code that
//! implements them.
//!
//! The round (BX-18): combatants declare spells and movement out of melee ([`turns`]); each
//! side rolls a d6 (ties act at once, or roll again); then each side in order checks morale
//! ([`morale`]) and plays its turn in four steps - movement ([`movement`]), missiles, spells,
//! melee - every member acting in each step. Slow weapons strike after every side.
//!
//! Where the text leaves a call to the referee, Fray's rulings are documented where they
//! apply: regions and movement ([`movement`]), what "from behind" means ([`attack`]), who
//! checks morale and when ([`morale`]), reactions that do not come to blows ([`opening`]).
//!
//! ```
//! use bevy_app::App;
//! use fray_core::prelude::*;
//! use fray_bx::prelude::*;
//!
//! let mut app = App::new();
//! app.add_plugins((FrayCorePlugin { run: FrayRunMode::Manual, ..Default::default() }, FrayBxPlugin));
//! app.finish();
//! let loader = fray_content::ContentLoader::new().with_schema(fray_bx::schema());
//! assert!(loader.schema("bx").is_some());
//! ```

/// Making an attack.
pub mod attack;
/// What a combatant has left this round, for clients.
pub mod budget;
mod derived;
/// Spells lost to a blow or a failed save before the caster acts.
pub mod disruption;
/// Exploration procedures on the adventure clock: the dungeon turn.
pub mod explore;
/// A combatant's components and what its conditions allow.
pub mod fighter;
mod labels;
mod legality;
/// Morale.
pub mod morale;
/// Movement, withdrawals and retreats.
pub mod movement;
/// How an encounter opens: surprise, distance, reactions.
pub mod opening;
/// The encounter options.
pub mod options;
/// Spells and special attacks.
pub mod powers;
/// Previews.
pub mod preview;
/// How narration refers back to a combatant.
mod pronoun;
mod resolve;
/// Spawning from content.
pub mod ruleset;
/// Saving throws.
pub mod saves;
/// Compiled combatant numbers.
pub mod sheet;
/// The statblock schema.
pub mod statblock;
/// Per-combatant and per-encounter changing state.
pub mod state;
/// The attack matrix and the saving throw tables.
pub mod tables;
/// The round: declarations, initiative and the steps of a side's turn.
pub mod turns;
/// B/X's own words.
pub mod vocabulary;

use bevy_app::prelude::*;
use fray_content::schema::Schema;
use fray_core::kit::{RulesetDescriptor, RulesetPlugin};
use fray_core::prelude::*;

pub use ruleset::BxRules;

/// The types most users need.
pub mod prelude {
    pub use crate::ruleset::BxRuleset;
    pub use crate::sheet::Sheet;
    pub use crate::statblock::BxBlock;
    pub use crate::state::{Bx, BxState};
    pub use crate::{BxRules, FrayBxPlugin, schema};
}

/// The statblock schema, for content loaders.
pub fn schema() -> Schema<statblock::BxBlock> {
    Schema::new(ruleset::ID, options::OPTIONS).with_derived(derived::derived)
}

/// The B/X ruleset, as programs install it: the `fray` facade's list of rulesets holds it.
pub const RULESET: RulesetDescriptor = RulesetDescriptor::new::<
    FrayBxPlugin,
    explore::BxExplorePlugin,
>(ruleset::ID, |loader| loader.with_schema(schema()))
.with_maneuvers(&[vocabulary::SUBDUE]);

/// The context of a B/X encounter.
pub(crate) type Ctx<'a, 'i, 'w, 's> = fray_core::kit::Ctx<'a, 'i, 'w, 's, BxRules>;

/// A combatant as B/X's legality check judges it.
pub(crate) type Me<'c, 's> = fray_core::kit::Actor<'c, 's, BxRules>;

/// Adds the B/X ruleset: its spawning, its saved components and the kit's systems for it.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrayBxPlugin;

impl Plugin for FrayBxPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(RulesetPlugin::<BxRules>::new(ruleset::BxRuleset::default()))
            .persist::<(state::Bx, state::BxState, sheet::Sheet)>();
    }
}
