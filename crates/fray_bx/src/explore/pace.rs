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
    movement_in(world.get_resource::<Content>(), statblock)
}

/// [`movement`], from the content at hand.
fn movement_in(content: Option<&Content>, statblock: &str) -> i32 {
    content
        .and_then(|c| c.0.statblocks::<BxBlock>("bx"))
        .and_then(|set| set.get(statblock))
        .and_then(|block| match block {
            BxBlock::Monster(m) => Some(m.movement),
            BxBlock::Character(c) => Some(c.movement),
            _ => None,
        })
        .unwrap_or(BASE_PACE.cast_signed())
}

/// The base movement rate of the slowest living one of `members`, in feet per turn
/// ([`encumbrance::party_rate`]; [`BASE_PACE`] when nobody is alive).
fn slowest_living<'a>(
    content: Option<&Content>,
    members: impl Iterator<Item = (&'a Character, &'a Vitals)>,
) -> u32 {
    let living = members
        .filter(|(_, vitals)| vitals.is_alive())
        .map(|(c, _)| u32::try_from(movement_in(content, &c.statblock)).ok());
    encumbrance::party_rate(living).unwrap_or(BASE_PACE)
}

/// The base movement rate of the party's slowest living member, in feet per turn.
pub(super) fn party_rate(world: &World, expedition: Entity) -> u32 {
    let Some(party) = world.get::<Party>(expedition) else {
        return BASE_PACE;
    };
    let members = party
        .order
        .iter()
        .filter_map(|m| world.get::<Character>(*m).zip(world.get::<Vitals>(*m)));
    slowest_living(world.get_resource::<Content>(), members)
}

/// The pace of a party whose slowest member moves `rate` feet a turn (BX-02).
pub fn pace_of(rate: u32) -> Pace {
    Pace {
        unknown: rate,
        familiar: rate.saturating_mul(FAMILIAR_MULTIPLIER),
    }
}

/// B/X expeditions in a dungeon, with their party and pace.
type InDungeon<'w, 's> = Query<
    'w,
    's,
    (&'static Expedition, &'static Party, &'static mut Pace),
    (With<BxExpedition>, With<Position>),
>;

/// Sets each B/X party's dungeon pace from its slowest living member, before it moves.
pub(super) fn set_pace(
    content: Option<Res<Content>>,
    mut expeditions: InDungeon,
    members: Query<(&Character, &Vitals), With<MemberOf>>,
) {
    for (expedition, party, mut current) in &mut expeditions {
        if expedition.state != ExpeditionState::Underway {
            continue;
        }
        let rate = slowest_living(
            content.as_deref(),
            party.order.iter().filter_map(|m| members.get(*m).ok()),
        );
        current.set_if_neq(pace_of(rate));
    }
}
