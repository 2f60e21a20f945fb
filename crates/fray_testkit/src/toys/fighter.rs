//! A toy combatant's own components: its numbers, and the state its toy keeps on it.

use bevy_ecs::component::Mutable;
use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryData;
use serde::{Deserialize, Serialize};

use crate::toys::ToyBlock;

/// A toy combatant's numbers, from its statblock.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ToyStats {
    /// Bonus to the d20 of its attack.
    pub attack: i32,
    /// Damage of a hit.
    pub damage: i32,
    /// What an attack total must reach to hit it (before bonuses from effects).
    pub defense: i32,
    /// Ongoing damage its hits leave (`duel`).
    pub burn: i32,
    /// Damage of its missile attack (`sides`).
    pub missile: i32,
    /// Damage of its spell (`declare`).
    pub spell: i32,
    /// Action points a turn (`next_turn`).
    pub ap: u8,
    /// Shield spells (`pause`).
    pub shield: u8,
}

impl ToyStats {
    /// The numbers of a statblock.
    pub fn of(block: &ToyBlock) -> Self {
        Self {
            attack: block.attack,
            damage: block.damage,
            defense: block.defense,
            burn: block.burn,
            missile: block.missile,
            spell: block.spell,
            ap: block.ap,
            shield: block.shield,
        }
    }
}

/// A toy's components of a combatant, as its
/// [`RulesBase::Fighter`](fray_core::kit::RulesBase::Fighter): its numbers and the toy's own state
/// `S`.
#[derive(QueryData)]
#[query_data(mutable)]
pub struct ToyFighter<S: Component<Mutability = Mutable>> {
    /// Its numbers.
    pub stats: &'static ToyStats,
    /// The toy's state of it.
    pub state: &'static mut S,
}
