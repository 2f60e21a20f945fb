//! Exhaustion between fights (OHO-21): a member's levels, 1 to 6, carry from fight to fight
//! of an expedition as its `exhaustion` affliction; at level 5 it is unconscious (down,
//! carried by the party), at 6 it dies.
//!
//! Ruling: the seed names no way to lose exhaustion, so it lasts for the expedition.

use bevy_ecs::prelude::*;
use fray_explore::prelude::*;

use crate::rules::MAX_EXHAUSTION;
use crate::state::OhoState;

/// The affliction that holds a member's exhaustion level.
pub const EXHAUSTION: &str = "exhaustion";

/// The level at which a creature is unconscious (OHO-21).
pub const UNCONSCIOUS_AT: u8 = 5;

/// The member's exhaustion goes onto its fresh `combatant`.
pub(super) fn carry_in(world: &mut World, member: Entity, combatant: Entity) {
    let level = world
        .get::<Afflictions>(member)
        .map_or(0, |a| a.level(EXHAUSTION));
    if let Some(mut state) = world.get_mut::<OhoState>(combatant) {
        state.exhaustion = level.min(MAX_EXHAUSTION);
    }
}

/// The `combatant`'s exhaustion at the end of its fight is written back to its member, who is
/// down from level 5 and dead at 6.
pub(super) fn carry_out(world: &mut World, member: Entity, combatant: Entity) {
    let Some(level) = world.get::<OhoState>(combatant).map(|s| s.exhaustion) else {
        return;
    };
    let Ok(mut entity) = world.get_entity_mut(member) else {
        return;
    };
    match entity.get_mut::<Afflictions>() {
        Some(mut afflictions) => {
            afflictions.set(EXHAUSTION, level);
        }
        None if level > 0 => {
            let mut afflictions = Afflictions::default();
            afflictions.set(EXHAUSTION, level);
            entity.insert(afflictions);
        }
        None => {}
    }
    if let Some(mut vitals) = entity.get_mut::<Vitals>() {
        if level >= MAX_EXHAUSTION {
            vitals.life = Life::Dead;
        } else if level >= UNCONSCIOUS_AT && vitals.life == Life::Alive {
            vitals.life = Life::Down;
        }
    }
}
