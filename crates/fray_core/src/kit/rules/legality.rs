//! What a combatant may do: the candidates and the one legality function.

use crate::intent::Intent;
use crate::kit::{Actor, Ctx, Offer};
use crate::legality::{Legal, Occasion, Refusal, Scope};

use super::RulesBase;

/// Legality: the intents worth asking about, and the one function that judges them. Offers,
/// rejections and the reactions an intent provokes all come from [`Legality::check`].
pub trait Legality: RulesBase {
    /// The intents worth checking for the offer's actor on its occasion, in the order a UI
    /// lists them: call [`Offer::consider`] with each. Only those [`Legality::check`] passes
    /// are offered.
    fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, Self>);

    /// The legality function: whether `actor` may do `intent` now, on `occasion`, and if so its
    /// price and (for [`Scope::Reactions`]) the reactions it provokes, else why not. The answer
    /// must not depend on `scope` except for [`Legal::provoked`]. The kit reads the actor once
    /// ([`Ctx::actor`]) for all the intents of a decision; a request from an entity that is no
    /// combatant of the ruleset is refused before this is asked.
    fn check(
        ctx: &Ctx<Self>,
        actor: &Actor<'_, '_, Self>,
        intent: &Intent,
        occasion: &Occasion,
        scope: Scope,
    ) -> Result<Legal, Refusal>;
}
