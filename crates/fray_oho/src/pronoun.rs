//! How narration refers back to a combatant it names: a hero as "they", a monster as "it".

use bevy_ecs::prelude::*;
use fray_core::grammar::Pronoun;

use crate::Ctx;

/// `who`'s pronoun: "they" for a hero, "it" for a monster (or what is no combatant here).
pub(crate) fn pronoun(ctx: &Ctx, who: Entity) -> Pronoun {
    Pronoun::of(ctx.fighter(who).is_some_and(|f| f.sheet.0.hero))
}
