//! AI policies for Fray. They know intents and previews, never rulesets: a policy picks one of
//! the legal options the ruleset offered (so it cannot emit an illegal intent), scoring them by
//! their previews and by what it can see of the fight (hit points, sides, regions).
//!
//! Policies, chosen per side in the encounter file (`controller: Ai("tactical")`):
//!
//! - [`Policy::Random`]: a uniformly random legal option - also a robustness fuzzer.
//! - [`Policy::Aggressive`]: close in and attack, focus the most damaged reachable enemy,
//!   never flee.
//! - [`Policy::Tactical`]: scores every option by its preview (hit chance times damage,
//!   finishing blows, opportunity attacks drawn, healing the hurt, escaping when badly hurt,
//!   respecting broken morale).
//!
//! Each encounter gets its own AI random stream, derived from the encounter's seed, so AI
//! choices are as deterministic as the dice and never disturb the rules' dice stream.

mod choose;
pub mod policy;
mod situation;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray_core::prelude::*;

pub use choose::AiRng;
pub use policy::Policy;

/// The names of the built-in policies, for content validation.
pub const POLICY_NAMES: [&str; 3] = ["random", "aggressive", "tactical"];

/// The types most users need.
pub mod prelude {
    pub use crate::policy::Policy;
    pub use crate::{FrayAiPlugin, POLICY_NAMES};
}

/// Adds the AI controller to the combat schedule.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrayAiPlugin;

impl Plugin for FrayAiPlugin {
    fn build(&self, app: &mut App) {
        app.register_saved::<AiRng>("fray_ai::AiRng").add_systems(
            FrayTick,
            (choose::seed_ai_streams, choose::choose_intents)
                .chain()
                .in_set(ControllerSystems::Choose),
        );
    }
}
