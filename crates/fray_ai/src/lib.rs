//! AI policies for Fray. They know intents and previews, never rulesets: a policy picks one of
//! the legal options the ruleset offered (so it cannot emit an illegal intent), scoring them by
//! their previews and by what it can see of the fight (hit points, sides, regions).
//!
//! Policies, chosen per side in the encounter file (`controller: Ai("tactical")`):
//!
//! - [`Policy::Random`]: three decisions in four the aggressive policy's choice, the fourth
//!   a random legal option, every one as likely but fleeing (a twentieth as likely) and
//!   surrendering (never) - a baseline, and a robustness fuzzer.
//! - [`Policy::Aggressive`]: close in and attack, focus the most damaged reachable enemy,
//!   back off, flee or surrender only when its tactics say so (`keep_range`,
//!   `withdraw_below`, `flee_below`, `surrender_below`) or (but for surrender) it can harm no
//!   foe.
//! - [`Policy::Tactical`]: scores every option by its preview (hit chance times damage,
//!   finishing blows, opportunity attacks drawn, healing the hurt, escaping when badly hurt,
//!   respecting broken morale).
//! - [`Policy::Lookahead`] (`lookahead:N`, e.g. `lookahead:200`): plays the tactical policy's
//!   best candidates forward in copies of the encounter with the engine itself, `N` rollouts
//!   per decision in all, and takes the best on average ([`lookahead`]).
//!
//! Both scoring policies read each combatant's tactics from content (`tactics: (...)`: whom
//! to strike first, focus fire, whom to guard, keeping range, when to withdraw, flee or
//! surrender, when to spend what does not come back; see `docs/tactics.md`); the random policy
//! ignores them.
//! Whatever its tactics, a combatant that can harm no foe leaves the fight when it can: its
//! options' previews tell, or, where no option strikes at a foe, its ruleset's word on each
//! foe ([`Standing::can_harm`](fray_core::kit::Standing::can_harm)).
//!
//! The kit asks [`BuiltinPolicies`] for every AI decision; a policy asks for the exact preview
//! only of the options it weighs. AI choices draw from the encounter's controllers' stream,
//! derived from its seed, so they are as deterministic as the dice and never disturb the rules'
//! dice.

mod choose;
pub mod lookahead;
pub mod policy;
mod situation;
mod tactics;

use std::sync::Arc;

use bevy_app::prelude::*;
use fray_core::kit::AiControllers;

pub use choose::BuiltinPolicies;
pub use policy::Policy;

/// The names of the built-in policies that take no parameter. `lookahead:N` is a policy too
/// ([`check_policy`] knows every name).
pub const POLICY_NAMES: [&str; 3] = ["random", "aggressive", "tactical"];

/// Whether `name` names a built-in policy (one of [`POLICY_NAMES`], or `lookahead:N` with `N`
/// from [`Policy::MIN_ROLLOUTS`] to [`Policy::MAX_ROLLOUTS`]), or why not: what content
/// validation and the command line's `--ai` ask.
///
/// ```
/// assert!(fray_ai::check_policy("lookahead:200").is_ok());
/// assert!(fray_ai::check_policy("lookahead:0").is_err());
/// assert!(fray_ai::check_policy("clever").is_err());
/// ```
pub fn check_policy(name: &str) -> Result<(), String> {
    name.parse::<Policy>().map(|_| ())
}

/// The types most users need.
pub mod prelude {
    pub use crate::policy::Policy;
    pub use crate::{FrayAiPlugin, POLICY_NAMES, check_policy};
}

/// Installs the built-in policies as the AI controllers the kit asks.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrayAiPlugin;

impl Plugin for FrayAiPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(AiControllers(Arc::new(BuiltinPolicies)));
    }
}
