//! Traps (L5-27): a trap is a dangerous check like any other, defined by the dungeon's
//! content: the ability its victim checks, the DC, the damage it deals when the check fails,
//! and what else it may do (a poisoned needle's corruption, L5-25).
//!
//! The model springs a trap as the party crosses its area unawares, on the first member up
//! ([`travel`](fray_explore::travel)); lite5e then rolls the victim's check
//! ([`Procedure::trap_check`]): d20 + the ability's modifier against the DC, with disadvantage
//! when the victim is burdened (L5-05, L5-14, L5-24) and when the party carries no light (in
//! darkness, "predicting danger" has disadvantage, L5-18). A success avoids the trap wholly;
//! a failure takes its damage and its affliction.
//!
//! Rulings: a trap without a check always strikes (the seed lets the GM deny a check unless
//! the players said how they watch for traps); a success avoids all of it, not half.

use bevy_ecs::prelude::*;
use fray_explore::log::note;
use fray_explore::prelude::*;

use super::checks::{ability_index, member_check, name};
use super::corruption;
use super::lighting::party_lit;

/// The victim of a sprung trap checks to avoid it; returns whether it did. A trap that
/// strikes gives its affliction.
pub(super) fn trap_check(
    world: &mut World,
    expedition: Entity,
    victim: Entity,
    trap: &Trap,
) -> bool {
    let avoided = trap.check.as_ref().is_some_and(|check| {
        let Some(index) = ability_index(&check.ability) else {
            return false;
        };
        let dark = u32::from(!party_lit(world, expedition));
        let what = format!("{} avoids the {}", name(world, victim), trap.name);
        member_check(
            world,
            expedition,
            victim,
            index,
            &what,
            (0, dark),
            i64::from(check.dc),
        )
        .is_some_and(|c| c.success())
    });
    if avoided {
        note(
            world,
            expedition,
            ExploreEvent::TrapSprung {
                trap: trap.name.clone(),
                who: name(world, victim),
                damage: 0,
            },
        );
        return true;
    }
    if trap.afflicts.as_deref() == Some(corruption::CORRUPTION) {
        corruption::expose(world, expedition, victim, corruption::CORRUPTION_DC);
    }
    false
}
