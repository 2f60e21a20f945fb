//! AI policies for Fray. They know intents and previews, never rulesets: a policy picks one of
//! the legal options the ruleset offered (so it cannot emit an illegal intent), scoring them by
//! their previews and by what it can see of the fight (hit points, sides, regions).
//!
//! Policies, chosen per side in the encounter file (`controller: Ai("tactical")`):
//!
//! - [`Policy::Random`]: a random legal option, every one as likely but fleeing (a twentieth
//!   as likely) - a baseline, and a robustness fuzzer.
//! - [`Policy::Aggressive`]: close in and attack, focus the most damaged reachable enemy,
//!   flee only when its tactics say so or it can harm no foe.
//! - [`Policy::Tactical`]: scores every option by its preview (hit chance times damage,
//!   finishing blows, opportunity attacks drawn, healing the hurt, escaping when badly hurt,
//!   respecting broken morale).
//!
//! Both scoring policies read each combatant's tactics from content (`tactics: (...)`: whom
//! to strike first, focus fire, whom to guard, keeping range, when to withdraw or flee, when
//! to spend what does not come back; see `docs/tactics.md`); the random policy ignores them.
//! Whatever its tactics, a combatant that can harm no foe leaves the fight when it can.
//!
//! The kit asks [`BuiltinPolicies`] for every AI decision; a policy asks for the exact preview
//! only of the options it weighs. AI choices draw from the encounter's controllers' stream,
//! derived from its seed, so they are as deterministic as the dice and never disturb the rules'
//! dice.

mod choose;
pub mod policy;
mod situation;
mod tactics;

use std::sync::Arc;

use bevy_app::prelude::*;
use fray_core::kit::AiControllers;

pub use choose::BuiltinPolicies;
pub use policy::Policy;

/// The names of the built-in policies, for content validation.
pub const POLICY_NAMES: [&str; 3] = ["random", "aggressive", "tactical"];

/// The types most users need.
pub mod prelude {
    pub use crate::policy::Policy;
    pub use crate::{FrayAiPlugin, POLICY_NAMES};
}

/// Installs the built-in policies as the AI controllers the kit asks.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrayAiPlugin;

impl Plugin for FrayAiPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(AiControllers(Arc::new(BuiltinPolicies)));
    }
}
