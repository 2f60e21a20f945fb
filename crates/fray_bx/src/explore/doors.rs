//! Forcing stuck doors (BX-10): "the chance of forcing open a stuck door depends on the
//! character's Strength". The seed points to its ability score table for the figure without
//! giving it; Fray uses the classic B/X "open doors" column, read from the STR modifier that
//! B/X statblocks carry: a modifier of -1 or less (STR 3-8) forces 1 in 6, +0 (9-12) 2 in 6,
//! +1 (13-15) 3 in 6, +2 (16-17) 4 in 6 and +3 (18) 5 in 6.
//!
//! Ruling: the party's strongest standing member makes the try (the seed lets any character
//! try; the strongest is who a party sends). A failed try spends the turn, and the party tries
//! again next turn. Not played: the seed's "a failed attempt eliminates any possibility of
//! surprise" against the monsters beyond (the meeting does not know which door it came
//! through).

use bevy_ecs::prelude::*;
use fray_core::spawn::Content;
use fray_explore::prelude::*;

use crate::statblock::BxBlock;

/// The chance in 6 of forcing a stuck door for a character of STR modifier `str_mod`.
pub fn force_in_6(str_mod: i32) -> u8 {
    match str_mod {
        i32::MIN..=-1 => 1,
        0 => 2,
        1 => 3,
        2 => 4,
        _ => 5,
    }
}

/// The strongest standing member of `expedition`: its name and STR modifier (a statblock
/// without one counts as +0).
pub fn strongest(world: &World, expedition: Entity) -> Option<(String, i32)> {
    let blocks = world
        .get_resource::<Content>()
        .and_then(|c| c.0.statblocks::<BxBlock>("bx"));
    world
        .get::<Party>(expedition)?
        .order
        .iter()
        .filter(|m| world.get::<Vitals>(**m).is_some_and(Vitals::is_up))
        .filter_map(|m| world.get::<Character>(*m))
        .map(|c| {
            let str_mod = blocks
                .and_then(|set| set.get(&c.statblock))
                .and_then(|block| match block {
                    BxBlock::Character(ch) => Some(ch.str),
                    _ => None,
                })
                .unwrap_or(0);
            (c.name.clone(), str_mod)
        })
        // The first of the strongest in marching order.
        .fold(None, |best: Option<(String, i32)>, next| match best {
            Some(b) if b.1 >= next.1 => Some(b),
            _ => Some(next),
        })
}

/// Whether the party of `expedition` forces a stuck door this turn: its strongest member rolls
/// its chance in 6 with the expedition's dice (opens if it has no stream or nobody stands).
pub fn party_forces(world: &mut World, expedition: Entity) -> bool {
    let Some((name, str_mod)) = strongest(world, expedition) else {
        return true;
    };
    let chance = force_in_6(str_mod);
    with_turn_dice(world, expedition, |dice| {
        dice.in_six(
            &format!("{name} forcing a stuck door (STR {str_mod:+}, {chance} in 6)"),
            chance,
        )
    })
    .unwrap_or(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bx10_forcing_a_door_is_1_to_5_in_6_by_strength() {
        assert_eq!(force_in_6(-3), 1);
        assert_eq!(force_in_6(-1), 1);
        assert_eq!(force_in_6(0), 2);
        assert_eq!(force_in_6(1), 3);
        assert_eq!(force_in_6(2), 4);
        assert_eq!(force_in_6(3), 5);
        assert_eq!(force_in_6(9), 5, "no better than 5 in 6");
    }
}
