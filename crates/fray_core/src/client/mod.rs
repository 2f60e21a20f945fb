//! What a game client asks the engine: whose decision is it, and what may they do.
//!
//! After [`run_until_blocked`](crate::drive::run_until_blocked) returns with an encounter
//! blocked, [`decisions`] lists the decisions it waits on: the acting combatant's turn, a
//! declaration, or the reactions offered in an open reaction window, each with every legal
//! intent, its cost in the ruleset's words and its exact preview. Answer with an
//! [`ActionRequest`](crate::request::ActionRequest) carrying one of the offered intents.
//!
//! To draw the fight, a client also asks [`budget`] (what a combatant has left to spend) and
//! [`battle_gauges`] (the ruleset's battle-wide counters, such as an escalation die), and
//! [`vocabulary`] for the ruleset's words; each answers for any ruleset. A game's systems read
//! the same through [`FrayClient`], with budgets and gauges published as the [`Budget`] and
//! [`BattleGauges`] components after each step.

mod published;
mod system_param;

pub(crate) use published::publish_gauges;
pub use published::{BattleGauges, Budget};
pub use system_param::{CombatantView, CombatantViewItem, FrayClient};

use std::borrow::Cow;
use std::sync::Arc;

use bevy_ecs::prelude::*;

use crate::combatant::Controller;
use crate::cost::Cost;
use crate::encounter::{Encounter, InEncounter};
use crate::flow::Phase;
use crate::gauge::Gauge;
use crate::intent::Intent;
pub use crate::kit::DecisionKind;
use crate::options::{ActionOption, ActionOptions};
use crate::preview::Preview;
use crate::spawn::{CommonWords, Ruleset, Rulesets};
use crate::turn::Turn;
use crate::vocabulary::Vocabulary;

/// One option of a decision, as a client shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct DecisionOption {
    /// The intent to send.
    pub intent: Intent,
    /// What it costs.
    pub cost: Cost,
    /// The cost in the ruleset's words (`standard action`, `3.0s`).
    pub cost_text: Cow<'static, str>,
    /// A short label (`Longsword`).
    pub label: Arc<str>,
    /// What it would do (computed for every option an external controller is offered).
    pub preview: Preview,
    /// What the ruleset tells a player beside the preview's numbers, one line each: the
    /// effect it inflicts by name, the uses left of a limited power, how bad a hit may be.
    pub notes: Vec<String>,
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
    /// Turn, reaction or declaration.
    pub kind: DecisionKind,
    /// The legal intents.
    pub options: Vec<DecisionOption>,
    /// What a reaction answers (`None` for turns and declarations).
    pub answers: Option<ReactionCause>,
}

/// The action a reaction decision answers, so a client can say "Brannoc may react to the
/// Cinder Hound engaging him (a readied action)".
#[derive(Debug, Clone, PartialEq)]
pub struct ReactionCause {
    /// Who provoked.
    pub provoker: Entity,
    /// What the provoker is doing, when the ruleset offered reactions against an intent.
    pub intent: Option<Intent>,
    /// The kind of provocation, in the ruleset's words (`moving away while engaged`).
    pub why: Cow<'static, str>,
}

/// The decisions `encounter` waits on now (empty when it is over or runs by itself).
///
/// ```
/// # use bevy_ecs::prelude::*;
/// # let world = World::new();
/// # let encounter = Entity::PLACEHOLDER;
/// for decision in fray_core::client::decisions(&world, encounter) {
///     for option in &decision.options {
///         println!("{}: {} ({}), hit {:.0}%", option.label, option.cost_text, option.intent.kind(), option.preview.hit_chance * 100.0);
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
    read_decisions(
        DecisionParts {
            encounter,
            phase: e.phase(),
            turn,
            options: world.get::<ActionOptions>(encounter),
            words: vocabulary(world, encounter),
        },
        |actor| world.get::<Controller>(actor).cloned(),
    )
}

/// What [`decisions`] reads of an encounter, however the client reaches it (the World, or
/// [`FrayClient`]'s queries).
struct DecisionParts<'a> {
    encounter: Entity,
    phase: Phase,
    turn: &'a Turn,
    options: Option<&'a ActionOptions>,
    words: &'static dyn Vocabulary,
}

/// The decisions an encounter waits on, from its parts and its combatants' controllers.
fn read_decisions(
    parts: DecisionParts<'_>,
    controller: impl Fn(Entity) -> Option<Controller>,
) -> Vec<Decision> {
    let DecisionParts {
        encounter,
        phase,
        turn,
        options,
        words,
    } = parts;
    let shown = |list: &[ActionOption]| -> Vec<DecisionOption> {
        list.iter()
            .map(|o| DecisionOption {
                intent: o.intent,
                cost: o.cost,
                cost_text: words.cost(o.cost),
                label: o.label.clone(),
                preview: o.preview.unwrap_or_default(),
                notes: o.notes.clone(),
            })
            .collect()
    };
    match phase {
        Phase::Acting | Phase::Declaring => {
            let Some(actor) = turn.actor else {
                return Vec::new();
            };
            let Some(options) = options else {
                return Vec::new();
            };
            if !options.is_current(turn.actor, turn.version)
                || turn.request.is_some()
                || turn.approved.is_some()
            {
                return Vec::new();
            }
            let kind = if phase == Phase::Acting {
                DecisionKind::Turn
            } else {
                DecisionKind::Declaration
            };
            controller(actor)
                .map(|controller| Decision {
                    encounter,
                    actor,
                    controller,
                    kind,
                    options: shown(&options.list),
                    answers: None,
                })
                .into_iter()
                .collect()
        }
        Phase::Reacting => {
            let answers = turn.window.provoker.map(|provoker| ReactionCause {
                provoker,
                intent: turn.window.intent,
                why: turn.window.why.clone(),
            });
            turn.window
                .pending()
                .filter_map(|i| {
                    let reactor = turn.window.reactors()[i].reactor;
                    Some(Decision {
                        encounter,
                        actor: reactor,
                        controller: controller(reactor)?,
                        kind: DecisionKind::Reaction,
                        options: shown(turn.window.offers(i)),
                        answers: answers.clone(),
                    })
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

/// The ruleset `encounter` is played under, when it is registered.
fn ruleset_of(world: &World, encounter: Entity) -> Option<&dyn Ruleset> {
    Rulesets::of(world, encounter).map(|r| r.as_ref() as &dyn Ruleset)
}

/// The words of `encounter`'s ruleset (conditions, damage types, costs); the core's common
/// words when the ruleset is unknown.
pub fn vocabulary(world: &World, encounter: Entity) -> &'static dyn Vocabulary {
    ruleset_of(world, encounter).map_or(&CommonWords, |r| r.vocabulary())
}

/// What combatant `who` has left to spend, in its ruleset's words: action slots, seconds of
/// a gauge, action points... Empty when the ruleset shows none (or `who` is no combatant).
pub fn budget(world: &World, who: Entity) -> Vec<Gauge> {
    world
        .get::<InEncounter>(who)
        .and_then(|e| ruleset_of(world, e.0))
        .map(|r| r.budget(world, who))
        .unwrap_or_default()
}

/// The numbers combatant `who` is judged by, in its ruleset's words (archmage: AC, PD, MD;
/// B/X: AC, THAC0, saves), for a client that inspects it. Empty when the ruleset shows none.
pub fn stats(world: &World, who: Entity) -> Vec<Gauge> {
    world
        .get::<InEncounter>(who)
        .and_then(|e| ruleset_of(world, e.0))
        .map(|r| r.stats(world, who))
        .unwrap_or_default()
}

/// The terms of `encounter`'s ruleset a client explains, each with what it means.
pub fn glossary(world: &World, encounter: Entity) -> &'static [(&'static str, &'static str)] {
    ruleset_of(world, encounter).map_or(&[], |r| r.glossary())
}

/// The battle-wide counters of `encounter` its ruleset shows (archmage's escalation die).
pub fn battle_gauges(world: &World, encounter: Entity) -> Vec<Gauge> {
    ruleset_of(world, encounter)
        .map(|r| r.battle_gauges(world, encounter))
        .unwrap_or_default()
}
