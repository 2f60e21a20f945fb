//! What a combatant has left to spend and the battle's counters, published as components so
//! a game's ordinary systems read them ([`FrayClient::budget`](super::FrayClient::budget)).
//!
//! Each ruleset keeps its economy in its own components, which the core cannot name; the
//! ruleset reads them out as [`Gauge`]s from the whole World
//! ([`client::budget`](super::budget)). [`FrayCorePlugin`](crate::FrayCorePlugin) copies them
//! into [`Budget`] and [`BattleGauges`] after each step, in [`FraySet::Step`](crate::FraySet),
//! so a system ordered `.after(FraySet::Step)` sees this frame's. Only fights whose turn moved
//! are read again, and a component is written only when its numbers changed, so
//! `Changed<Budget>` says a combatant spent something.

use bevy_ecs::component::Mutable;
use bevy_ecs::prelude::*;
use bevy_reflect::{Reflect, std_traits::ReflectDefault};

use crate::encounter::Roster;
use crate::gauge::Gauge;
use crate::turn::Turn;

/// What a combatant has left to spend, in its ruleset's words (action slots, seconds of a
/// gauge, action points); empty when its ruleset shows none.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Reflect)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct Budget(pub Vec<Gauge>);

/// The battle-wide counters an encounter's ruleset shows (archmage's escalation die); on the
/// encounter entity.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Reflect)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct BattleGauges(pub Vec<Gauge>);

/// Copies the budgets and battle gauges of every encounter whose turn moved since the last
/// run (an action, a new turn, a game's edit all touch [`Turn`]) into [`Budget`] and
/// [`BattleGauges`], writing only those that changed; an encounter not yet published is
/// published at once. Frames where nothing happened cost a query and nothing more.
pub(crate) fn publish_gauges(world: &mut World) {
    let mut encounters =
        world.query_filtered::<(Entity, &Roster), Or<(Changed<Turn>, Without<BattleGauges>)>>();
    let fights: Vec<(Entity, Vec<Entity>)> = encounters
        .iter(world)
        .map(|(e, roster)| (e, roster.entities().collect()))
        .collect();
    for (encounter, combatants) in fights {
        let gauges = BattleGauges(super::battle_gauges(world, encounter));
        publish(world, encounter, gauges);
        for who in combatants {
            let budget = Budget(super::budget(world, who));
            publish(world, who, budget);
        }
    }
}

/// Puts `value` on `entity` unless it already holds the same (or the entity is gone).
fn publish<C: Component<Mutability = Mutable> + PartialEq>(
    world: &mut World,
    entity: Entity,
    value: C,
) {
    let Ok(mut e) = world.get_entity_mut(entity) else {
        return;
    };
    match e.get_mut::<C>() {
        Some(mut old) => {
            old.set_if_neq(value);
        }
        None => {
            e.insert(value);
        }
    }
}
