//! Rolls the expedition makes out of combat (DR-08): unhurried and under no duress, a roll
//! takes its maximum ([`unhurried`]) against the difficulty die the GM rolls (DR-02).
//!
//! The clock's one such roll is forcing a stuck door. Rulings: the heroes' statblocks have no
//! strength die, so the party forces a door with the biggest melee attack die among its
//! members who are up (an arm, not a bow or a spell); a stuck door is Hard (a D8, the seed's
//! steep cliff); a party that fails tries again next turn, as the model has it.

use bevy_ecs::prelude::*;
use fray_core::spawn::Content;
use fray_dice::DieRank;
use fray_explore::prelude::*;

use crate::ruleset::ID;
use crate::statblock::{CreatureBlock, DrBlock};
use crate::uncontested::{unhurried, unhurried_succeeds};

/// The difficulty of a stuck door: Hard (a ruling).
pub const STUCK_DOOR: DieRank = DieRank::D8;

/// The biggest melee attack die of the members of `expedition` who are up, by their
/// statblocks.
pub fn party_strength(world: &World, expedition: Entity) -> Option<DieRank> {
    let blocks = world
        .get_resource::<Content>()?
        .0
        .statblocks::<DrBlock>(ID)?;
    let party = world.get::<Party>(expedition)?;
    party
        .order
        .iter()
        .filter(|m| world.get::<Vitals>(**m).is_some_and(Vitals::is_up))
        .filter_map(|m| world.get::<Character>(*m))
        .filter_map(|c| blocks.get(&c.statblock))
        .flat_map(|b| {
            creature(b)
                .attacks
                .iter()
                .filter(|a| !a.ranged)
                .map(|a| a.die)
        })
        .max()
}

/// The numbers of a statblock, hero or monster.
fn creature(block: &DrBlock) -> &CreatureBlock {
    match block {
        DrBlock::Hero(c) | DrBlock::Monster(c) => c,
    }
}

/// Whether the party of `expedition` forces a stuck door: its strongest die, unhurried, takes
/// its maximum against a rolled Hard difficulty; a party with no die to use fails.
pub(super) fn forces_door(world: &mut World, expedition: Entity) -> bool {
    let Some(die) = party_strength(world, expedition) else {
        return false;
    };
    let roll = die.shift(0);
    with_turn_dice(world, expedition, |dice| {
        let what = format!(
            "stuck door: Hard {STUCK_DOOR:?} against the party's unhurried {}",
            unhurried(roll)
        );
        let difficulty = dice.die(&what, STUCK_DOOR.sides());
        unhurried_succeeds(roll, i64::from(difficulty))
    })
    .unwrap_or(true)
}
