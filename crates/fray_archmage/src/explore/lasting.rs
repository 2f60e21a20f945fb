//! What an archmage hero keeps from fight to fight on an expedition: the recoveries it has
//! left and the ones it used without having them (AR-24), and the daily and recharge attacks
//! and powers it has used (AR-39), until its next full heal-up.

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use serde::{Deserialize, Serialize};

use crate::state::{ArchState, Uses};

/// A member's archmage state between fights. A member without one has not fought yet: its
/// first fight spawns it fresh from its statblock (all recoveries, every power).
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Lasting {
    /// Recoveries left (AR-24).
    pub recoveries: u8,
    /// Recoveries used without having one: -1 to defenses and attacks each, until a full
    /// heal-up (AR-24).
    pub recovery_debt: u8,
    /// Attacks used up (daily, or recharge not yet recharged), by index.
    pub attacks_spent: Uses,
    /// Powers used up, by index.
    pub powers_spent: Uses,
}

impl Lasting {
    /// What of `state` lasts past the fight.
    pub fn of(state: &ArchState) -> Self {
        Self {
            recoveries: state.recoveries,
            recovery_debt: state.recovery_debt,
            attacks_spent: state.attacks_spent,
            powers_spent: state.powers_spent,
        }
    }

    /// Puts it back on a fresh combatant's `state`.
    pub fn restore(&self, state: &mut ArchState) {
        state.recoveries = self.recoveries;
        state.recovery_debt = self.recovery_debt;
        state.attacks_spent = self.attacks_spent;
        state.powers_spent = self.powers_spent;
    }
}

/// The member's lasting state goes onto its fresh `combatant`.
pub(super) fn carry_in(world: &mut World, member: Entity, combatant: Entity) {
    let Some(lasting) = world.get::<Lasting>(member).copied() else {
        return;
    };
    if let Some(mut state) = world.get_mut::<ArchState>(combatant) {
        lasting.restore(&mut state);
    }
}

/// The `combatant`'s lasting state (after its rest) is written back to its member.
pub(super) fn carry_out(world: &mut World, member: Entity, combatant: Entity) {
    let Some(lasting) = world.get::<ArchState>(combatant).map(Lasting::of) else {
        return;
    };
    if let Ok(mut entity) = world.get_entity_mut(member) {
        entity.insert(lasting);
    }
}
