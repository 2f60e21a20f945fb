//! What a legal intent would do, for policies and clients.

use bevy_ecs::prelude::*;

use crate::intent::Intent;
use crate::kit::Ctx;
use crate::legality::{Legal, Occasion};
use crate::preview::Preview;

use super::RulesBase;

/// Previews: the exact odds and results of a legal intent, computed on demand (once per
/// option and decision, when a policy or a client asks).
pub trait Previews: RulesBase {
    /// What a legal intent would do, exactly, without rolling. `legal` is what
    /// [`Legality::check`](super::Legality::check) said of it, at least its price
    /// ([`Scope::Price`](crate::legality::Scope::Price)): a preview that counts the reactions
    /// the intent provokes works them out with the same code `check` uses.
    fn preview(
        ctx: &mut Ctx<Self>,
        actor: Entity,
        intent: &Intent,
        legal: &Legal,
        occasion: &Occasion,
    ) -> Preview;
}
