//! The `archmage` ruleset (seed 003): escalation-die combat, on the core's ruleset kit.
//!
//! d20 attacks against AC, PD or MD; the escalation die for heroes; engagement with
//! opportunity attacks, disengage checks and intercepts; crits, fumbles, miss damage;
//! ongoing damage with saves; conditions that never stack; resistances; temporary hit points;
//! death saves, recoveries, rallies and stabilizing; readied actions, delays, interrupts and
//! ambushes; quick rests and full heal-ups between fights. Rule ids (AR-01..AR-43) are named in
//! the docs and tests of the code that implements them.
//!
//! ```no_run
//! use bevy_app::App;
//! use fray_archmage::FrayArchmagePlugin;
//! use fray_core::prelude::*;
//! let mut app = App::new();
//! app.add_plugins((FrayCorePlugin::default(), FrayArchmagePlugin));
//! ```

mod attack;
/// Battle-wide state and the ruleset's options.
pub mod battle;
/// Between fights on an expedition: recoveries and rests on the adventure clock (AR-24,
/// AR-39).
pub mod explore;
/// The components of a combatant, and attack odds.
pub mod fighter;
mod gauges;
mod labels;
mod legality;
/// What a player is told of an attack or a power besides its preview.
mod notes;
mod ops;
mod preview;
/// How narration refers back to a combatant.
mod pronoun;
mod readied;
mod resolve;
/// Quick rests and full heal-ups between fights (AR-39).
pub mod rest;
/// The rules as pure functions.
pub mod rules;
/// Spawning from content.
pub mod ruleset;
/// Compiled combatant numbers.
pub mod sheet;
/// The economy: standard, move and quick actions.
pub mod slots;
/// The statblock schema.
pub mod statblock;
/// Per-combatant changing state.
pub mod state;
mod turns;
/// Archmage's own words: conditions, damage types, maneuvers, costs, provocations.
pub mod vocabulary;

use bevy_app::prelude::*;
use fray_content::schema::Schema;
use fray_core::kit::{RulesetDescriptor, RulesetPlugin};
use fray_core::prelude::*;

pub use ruleset::ArchmageRules;

/// The types most users need.
pub mod prelude {
    pub use crate::battle::Archmage;
    pub use crate::rest::{RestHealing, full_heal_up, quick_rest};
    pub use crate::ruleset::ArchmageRuleset;
    pub use crate::sheet::Sheet;
    pub use crate::slots::{ActionSlots, Slot};
    pub use crate::statblock::ArchBlock;
    pub use crate::state::ArchState;
    pub use crate::vocabulary::COUP_DE_GRACE;
    pub use crate::{ArchmageRules, FrayArchmagePlugin, schema};
}

/// The statblock schema, for content loaders.
pub fn schema() -> Schema<statblock::ArchBlock> {
    Schema::new(ruleset::ID, battle::OPTIONS)
}

/// The archmage ruleset, as programs install it: the `fray` facade's list of rulesets holds it.
pub const RULESET: RulesetDescriptor = RulesetDescriptor::new::<
    FrayArchmagePlugin,
    explore::ArchmageExplorePlugin,
>(ruleset::ID, |loader| loader.with_schema(schema()))
.with_maneuvers(&[vocabulary::COUP_DE_GRACE]);

/// The context of an archmage encounter.
pub(crate) type Ctx<'a, 'i, 'w, 's> = fray_core::kit::Ctx<'a, 'i, 'w, 's, ArchmageRules>;

/// A combatant as archmage's legality check judges it.
pub(crate) type Me<'c, 's> = fray_core::kit::Actor<'c, 's, ArchmageRules>;

/// Adds the archmage ruleset: its spawning, its saved components and the kit's systems for it.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrayArchmagePlugin;

impl Plugin for FrayArchmagePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(RulesetPlugin::<ArchmageRules>::new(
            ruleset::ArchmageRuleset::default(),
        ))
        .init_resource::<preview::AttackMemo>()
        .persist::<(
            battle::Archmage,
            sheet::Sheet,
            state::ArchState,
            slots::ActionSlots,
        )>();
    }
}
