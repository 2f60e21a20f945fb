//! How fast a B/X party moves (BX-02): at the base rate of its slowest living member, in feet
//! per turn while it explores, and three times that through ground it knows. Each dungeon turn
//! begins by setting the expedition's [`Pace`] from the party as it stands, so a slow member
//! who dies no longer holds the others back; outdoors, [`wilderness`](crate::explore::wilderness)
//! turns the same rate into miles a day.
//!
//! Ruling: a member's rate is its statblock's `move` (the content gives each character the rate
//! of its armour, the basic encumbrance of BX-03); treasure carried does not slow the party
//! yet, for the seed leaves "a significant amount" to the referee.

use bevy_ecs::prelude::*;
use fray_core::spawn::Content;
use fray_explore::prelude::*;

use super::encumbrance;
use super::{BASE_PACE, BxExpedition};
use crate::statblock::BxBlock;

/// Feet per turn through known ground, as a multiple of the exploring rate (BX-02).
pub const FAMILIAR_MULTIPLIER: u32 = 3;

/// A B/X statblock's base movement rate in feet per turn; [`BASE_PACE`] when the content does
/// not say (an unknown statblock).
pub(super) fn movement(world: &World, statblock: &str) -> i32 {
    world
        .get_resource::<Content>()
        .and_then(|c| c.0.statblocks::<BxBlock>("bx"))
        .and_then(|set| set.get(statblock))
        .and_then(|block| match block {
            BxBlock::Monster(m) => Some(m.movement),
            BxBlock::Character(c) => Some(c.movement),
            _ => None,
        })
        .unwrap_or(BASE_PACE.cast_signed())
}

/// The base movement rate of the party's slowest living member, in feet per turn
/// ([`encumbrance::party_rate`]; [`BASE_PACE`] for a party with nobody alive).
pub(super) fn party_rate(world: &World, expedition: Entity) -> u32 {
    let Some(party) = world.get::<Party>(expedition) else {
        return BASE_PACE;
    };
    let living = party
        .order
        .iter()
        .filter(|m| world.get::<Vitals>(**m).is_some_and(Vitals::is_alive))
        .filter_map(|m| world.get::<Character>(*m))
        .map(|c| u32::try_from(movement(world, &c.statblock)).ok());
    encumbrance::party_rate(living).unwrap_or(BASE_PACE)
}

/// The pace of a party whose slowest member moves `rate` feet a turn (BX-02).
pub fn pace_of(rate: u32) -> Pace {
    Pace {
        unknown: rate,
        familiar: rate.saturating_mul(FAMILIAR_MULTIPLIER),
    }
}

/// Sets each B/X party's dungeon pace from its slowest living member, before it moves.
pub(super) fn set_pace(world: &mut World) {
    let mut query =
        world.query_filtered::<(Entity, &Expedition), (With<BxExpedition>, With<Position>)>();
    let underway: Vec<Entity> = query
        .iter(world)
        .filter(|(_, e)| e.state == ExpeditionState::Underway)
        .map(|(entity, _)| entity)
        .collect();
    for expedition in underway {
        let pace = pace_of(party_rate(world, expedition));
        if let Some(mut current) = world.get_mut::<Pace>(expedition)
            && *current != pace
        {
            *current = pace;
        }
    }
}
