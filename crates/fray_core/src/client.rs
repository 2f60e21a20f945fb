//! What a game client asks the engine: whose decision is it, and what may they do.
//!
//! After [`run_until_blocked`](crate::drive::run_until_blocked) returns with an encounter
//! blocked, [`decisions`] lists the decisions it waits on: the acting combatant's turn (with
//! every legal intent, its cost and a preview for the UI), or the reactions offered in an open
//! reaction window. Answer with an [`ActionRequest`](crate::request::ActionRequest) carrying
//! one of the offered intents.

use bevy_ecs::prelude::*;

use crate::combatant::Controller;
use crate::encounter::{Encounter, Phase};
use crate::options::{ActionOption, ActionOptions};
use crate::turn::Turn;

/// What kind of decision is waited on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecisionKind {
    /// The combatant's own turn.
    Turn,
    /// A reaction out of turn (opportunity attack, intercept, readied action).
    Reaction,
}

/// A decision an encounter waits on.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The encounter.
    pub encounter: Entity,
    /// Who decides.
    pub actor: Entity,
    /// Its controller.
    pub controller: Controller,
    /// Turn or reaction.
    pub kind: DecisionKind,
    /// The legal intents, each with its cost and preview.
    pub options: Vec<ActionOption>,
}

/// The decisions `encounter` waits on now (empty when it is over or runs by itself).
///
/// ```
/// # use bevy_ecs::prelude::*;
/// # let world = World::new();
/// # let encounter = Entity::PLACEHOLDER;
/// for decision in fray_core::client::decisions(&world, encounter) {
///     for option in &decision.options {
///         println!("{}: {} ({}), hit {:.0}%", option.label, option.cost, option.intent.kind(), option.preview.hit_chance * 100.0);
///     }
/// }
/// ```
pub fn decisions(world: &World, encounter: Entity) -> Vec<Decision> {
    let (Some(e), Some(turn)) = (
        world.get::<Encounter>(encounter),
        world.get::<Turn>(encounter),
    ) else {
        return Vec::new();
    };
    let controller = |actor: Entity| world.get::<Controller>(actor).cloned();
    match e.phase {
        Phase::Acting => {
            let Some(actor) = turn.actor else {
                return Vec::new();
            };
            let Some(options) = world.get::<ActionOptions>(encounter) else {
                return Vec::new();
            };
            if !options.is_current(turn) || turn.request.is_some() || turn.approved.is_some() {
                return Vec::new();
            }
            controller(actor)
                .map(|controller| Decision {
                    encounter,
                    actor,
                    controller,
                    kind: DecisionKind::Turn,
                    options: options.list.clone(),
                })
                .into_iter()
                .collect()
        }
        Phase::Reacting => turn
            .window
            .iter()
            .flat_map(|w| w.pending())
            .filter_map(|r| {
                Some(Decision {
                    encounter,
                    actor: r.reactor,
                    controller: controller(r.reactor)?,
                    kind: DecisionKind::Reaction,
                    options: r.offers.clone(),
                })
            })
            .collect(),
        _ => Vec::new(),
    }
}
