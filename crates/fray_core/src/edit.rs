//! Changing a fight from outside the schedule, between ticks: what a game does when a trap goes
//! off, a spell of its own lands, or a designer pokes at a fight in a test.
//!
//! Games may also write the components themselves (`Hp`, `Status`...); these functions do what
//! the kit would have done with the same change: log it, recompute what follows from it, and
//! mark the situation changed so the decision on hand is offered again.

use bevy_ecs::prelude::*;
use thiserror::Error;

use crate::combatant::Combatant;
use crate::condition::Conditions;
use crate::effect::{Effect, EffectSpec, Effects};
use crate::encounter::{Encounter, InEncounter};
use crate::log::{CombatLog, LogEvent};
use crate::spawn::{CommonWords, Rulesets};
use crate::turn::Turn;
use crate::vocabulary::Vocabulary;

/// Why an edit could not be made; nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EditError {
    /// The entity is not a combatant of an encounter.
    #[error("that entity is not a combatant of an encounter")]
    NotACombatant,
}

/// Applies an effect from `source` to `target`, as an attack or power of its ruleset would:
/// logged, its conditions at once, the same-named ones not stacking.
pub fn apply_effect(
    world: &mut World,
    target: Entity,
    source: Option<Entity>,
    spec: EffectSpec,
) -> Result<(), EditError> {
    let (encounter, id) = match (
        world.get::<InEncounter>(target),
        world.get::<Combatant>(target),
    ) {
        (Some(of), Some(c)) => (of.0, c.id),
        _ => return Err(EditError::NotACombatant),
    };
    let words: &dyn Vocabulary = match world.get::<Encounter>(encounter) {
        Some(e) => world
            .get_resource::<Rulesets>()
            .and_then(|r| r.get(&e.ruleset))
            .map_or(&CommonWords, |r| r.vocabulary()),
        None => return Err(EditError::NotACombatant),
    };
    let (round, serial) = {
        let Some(mut e) = world.get_mut::<Encounter>(encounter) else {
            return Err(EditError::NotACombatant);
        };
        (e.round(), e.take_effect_serial())
    };
    let turn = world.get::<Turn>(encounter).map_or(0, |t| t.serial);
    let described = Effect {
        kind: spec.kind,
        source,
        magnitude: spec.magnitude,
        duration: spec.duration,
        name: None,
        applied_round: round,
        applied_turn: turn,
        checked_turn: 0,
        serial,
    }
    .describe(words);
    if let Some(mut log) = world.get_mut::<CombatLog>(encounter) {
        log.push(LogEvent::EffectApplied {
            target: id,
            effect: described,
        });
    }
    let mut entity = world.entity_mut(target);
    if let Some(mut effects) = entity.get_mut::<Effects>()
        && effects.add(spec, source, (round, turn, serial))
    {
        let list: Vec<_> = effects.conditions().collect();
        if let Some(mut conditions) = entity.get_mut::<Conditions>() {
            conditions.recompute(list);
        }
    }
    changed(world, encounter);
    Ok(())
}

/// Marks `encounter`'s situation changed after an edit: the decision on hand is offered anew.
pub fn changed(world: &mut World, encounter: Entity) {
    if let Some(mut turn) = world.get_mut::<Turn>(encounter) {
        turn.touch();
    }
}
