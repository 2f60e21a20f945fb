//! The entry point of a game's edit of a combatant: checks what it can and hands the edit to
//! the combatant's ruleset.

use bevy_ecs::prelude::*;

use super::{Edit, EditError};

/// Makes `edit` to combatant `who`, for the game's reason `why` (`"potion"`, `"trapdoor"`):
/// checked, clamped, logged, passed to its ruleset so its own state follows, and the decision
/// on hand offered again at once. On an error nothing changed.
///
/// Call it between ticks (from a system outside [`FraySet::Step`](crate::schedule::FraySet),
/// or with `&mut World` in a test). Observers of [`events`](crate::events) see what it did at
/// the next step.
pub fn apply(world: &mut World, who: Entity, edit: Edit, why: &str) -> Result<(), EditError> {
    edit.check_amount()?;
    let (encounter, _, ruleset) = super::target(world, who)?;
    crate::lineup::rebuild_in(world, encounter);
    ruleset.apply_edit(world, encounter, who, edit, why)
}
