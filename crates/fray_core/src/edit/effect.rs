//! An effect put on a combatant by the game.

use bevy_ecs::prelude::*;

use super::{EditError, changed, unused_condition};
use crate::condition::Conditions;
use crate::effect::{Effect, EffectKind, EffectSpec, Effects};
use crate::encounter::Encounter;
use crate::log::{CombatLog, LogEvent};
use crate::turn::Turn;

/// Applies an effect from `source` to `target`, as an attack or power of its ruleset would:
/// logged, its conditions at once, the same-named ones not stacking, and the decision on hand
/// offered again. A condition the ruleset gives no meaning
/// ([`Vocabulary::conditions`](crate::vocabulary::Vocabulary::conditions)) is refused with the
/// ruleset's list, and nothing changes.
pub fn apply_effect(
    world: &mut World,
    target: Entity,
    source: Option<Entity>,
    spec: EffectSpec,
) -> Result<(), EditError> {
    let (encounter, id, ruleset) = super::target(world, target)?;
    let words = ruleset.vocabulary();
    if let EffectKind::Condition(c) = spec.kind
        && !words.conditions().contains(&c)
    {
        return Err(unused_condition(ruleset.id(), words, c));
    }
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
