//! The `archmage` ruleset (seed 003): escalation-die combat.
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
mod ctx;
mod explain;
/// The components of a combatant queried together, and attack odds.
pub mod fighter;
mod offer;
mod resolve;
/// Quick rests and full heal-ups between fights (AR-39).
pub mod rest;
/// The rules as pure functions.
pub mod rules;
/// The seam to the core: spawning from content.
pub mod ruleset;
/// Compiled combatant numbers.
pub mod sheet;
/// The statblock schema.
pub mod statblock;
/// Per-combatant changing state.
pub mod state;
mod turns;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray_content::schema::Schema;
use fray_core::prelude::*;

/// The types most users need.
pub mod prelude {
    pub use crate::battle::Archmage;
    pub use crate::rest::{RestHealing, full_heal_up, quick_rest};
    pub use crate::ruleset::ArchmageRuleset;
    pub use crate::sheet::Sheet;
    pub use crate::statblock::ArchBlock;
    pub use crate::state::ArchState;
    pub use crate::{FrayArchmagePlugin, schema};
}

/// The statblock schema, for content loaders.
pub fn schema() -> Schema<statblock::ArchBlock> {
    Schema::new(ruleset::ID, battle::OPTIONS)
}

/// Adds the archmage ruleset: its spawning, its saved components and its systems.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrayArchmagePlugin;

impl Plugin for FrayArchmagePlugin {
    fn build(&self, app: &mut App) {
        app.register_ruleset(ruleset::ArchmageRuleset::default())
            .register_saved::<battle::Archmage>("fray_archmage::Archmage")
            .register_saved::<sheet::Sheet>("fray_archmage::Sheet")
            .register_saved::<state::ArchState>("fray_archmage::ArchState")
            .add_systems(
                FrayTick,
                (
                    turns::roll_initiative.in_set(RulesetSystems::Initiative),
                    turns::start_round.in_set(RulesetSystems::RoundStart),
                    turns::start_turn.in_set(RulesetSystems::TurnStart),
                    offer::offer.in_set(RulesetSystems::Offer),
                    explain::explain.in_set(RulesetSystems::Explain),
                    resolve::resolve.in_set(RulesetSystems::Resolve),
                    turns::vitals.in_set(RulesetSystems::Vitals),
                    (turns::end_turn, turns::vitals)
                        .chain()
                        .in_set(RulesetSystems::TurnEnd),
                    turns::close_battle.in_set(RulesetSystems::BattleEnd),
                )
                    .in_set(RulesetSystemsOf(ruleset::ID)),
            );
    }
}
