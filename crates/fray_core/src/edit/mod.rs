//! Changing a fight from outside the schedule, between ticks: what a game does when a potion is
//! drunk, a trapdoor opens, a spell of its own lands, or a designer pokes at a fight in a test.
//!
//! [`apply`] makes one [`Edit`] of a combatant - heal, damage, set hit points, revive, move,
//! remove, set status - as the rules would have made it: checked first (an edit that cannot be
//! made is an [`EditError`] and changes nothing), clamped to the combatant's bounds, logged as
//! the game's edit ([`LogEvent::Edited`](crate::log::LogEvent::Edited)) followed by what it did
//! (damage, healing, a move, a status), passed to the ruleset
//! ([`TurnFlow::edited`](crate::kit::TurnFlow::edited), then its vitals) so its own state
//! follows, and the decision on hand offered again at once. [`apply_effect`] puts an effect on
//! a combatant the same way.
//!
//! ```
//! use fray_core::edit::{Edit, EditError};
//! // What a game asks for; `fray_core::edit::apply(world, hero, Edit::Heal(7), "potion")` makes it.
//! let potion = Edit::Heal(7);
//! assert_eq!(potion.to_string(), "heals 7 HP");
//! assert_eq!(EditError::Negative(-3).to_string(), "an edit's amount cannot be negative (got -3)");
//! ```
//!
//! Games may also write the components themselves (`Hp`, `Status`...); the next tick then
//! reads them, but nothing is logged, the ruleset's own state may disagree (a combatant given
//! hit points may still be dying), and engagements are not released. [`changed`] re-reads the
//! components and re-offers the decision after such a write.

pub(crate) mod change;
mod combatant;
mod effect;
pub(crate) mod error;

pub use change::Edit;
pub use combatant::apply;
pub use effect::apply_effect;
pub use error::EditError;

use bevy_ecs::prelude::*;

use crate::condition::Condition;
use std::sync::Arc;

use crate::combatant::Combatant;
use crate::encounter::{Encounter, InEncounter};
use crate::ids::CombatantId;
use crate::spawn::{Ruleset, Rulesets};
use crate::turn::Turn;

/// What every edit checks first: `who` is a combatant of an encounter still running, whose
/// ruleset this app has. Returns the encounter, the combatant's roster id and the ruleset.
fn target(
    world: &World,
    who: Entity,
) -> Result<(Entity, CombatantId, Arc<dyn Ruleset>), EditError> {
    let (encounter, id) = match (world.get::<InEncounter>(who), world.get::<Combatant>(who)) {
        (Some(of), Some(c)) => (of.0, c.id),
        _ => return Err(EditError::NotACombatant),
    };
    let Some(e) = world.get::<Encounter>(encounter) else {
        return Err(EditError::NotACombatant);
    };
    if e.is_over() {
        return Err(EditError::FightOver);
    }
    match Rulesets::of(world, encounter) {
        Some(ruleset) => Ok((encounter, id, ruleset.clone())),
        None => Err(EditError::NotEditable(e.ruleset.clone())),
    }
}

/// What an edit refused for `condition` says: the ruleset's conditions by name.
pub(crate) fn unused_condition(
    ruleset: &str,
    words: &dyn crate::vocabulary::Vocabulary,
    condition: Condition,
) -> EditError {
    let known: Vec<String> = words
        .conditions()
        .iter()
        .map(|c| words.condition(*c).into_owned())
        .collect();
    EditError::UnusedCondition {
        ruleset: ruleset.to_string(),
        condition: words.condition(condition).into_owned(),
        known: if known.is_empty() {
            "none".into()
        } else {
            known.join(", ")
        },
    }
}

/// Marks `encounter`'s situation changed after a game wrote its components directly: its
/// lineup is read again from the components and the decision on hand is offered anew, at once
/// (the options a client reads next are the new ones). [`apply`] and [`apply_effect`] do this
/// themselves.
pub fn changed(world: &mut World, encounter: Entity) {
    crate::lineup::rebuild_in(world, encounter);
    if let Some(mut turn) = world.get_mut::<Turn>(encounter) {
        turn.touch();
    }
    if let Some(ruleset) = Rulesets::of(world, encounter).cloned() {
        ruleset.reoffer(world, encounter);
    }
}
