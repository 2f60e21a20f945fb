//! Riding and flying on wilderness days (BX-11, "Flying" and "Flying Mounts"): a flying
//! creature covers double the miles it could travel overland, terrain does not affect air
//! travel, and a winged beast carries burdens by its hit dice (3 HD a being half a human's
//! size, 6 HD an adult human, 12 HD a large animal such as a horse, 24 HD a very large one such
//! as an elephant).
//!
//! Rulings (the seed leaves them to the referee):
//! - a party with mounts (the expedition's [`Mounts`]) travels at the mounts' base movement
//!   rate; a flying mount's statblock `move` is its flying rate;
//! - every rider is an adult human for the flying mounts table (statblocks give no sizes): a
//!   winged mount of fewer than 6 HD cannot carry its rider, and the party goes on foot;
//! - flying, the party loses its way as over clear land (1 in 6: terrain does not count), a
//!   forced march still adds half, and it flies over water legs rather than sailing them;
//! - wandering monsters are still checked by the terrain below.

use bevy_ecs::prelude::*;
use fray_core::spawn::Content;
use fray_explore::prelude::*;

use super::wilderness::{day_miles, miles_per_day};
use crate::statblock::BxBlock;
use crate::tables::HitDice;

/// What a winged beast of some hit dice can carry ("Flying Mounts").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Burden {
    /// Nothing (fewer than 3 HD).
    Nothing,
    /// A being about half the size of an adult human (3 HD).
    HalfHuman,
    /// An adult human (6 HD).
    Human,
    /// A large animal like a horse (12 HD).
    LargeAnimal,
    /// A very large animal like an elephant (24 HD).
    VeryLargeAnimal,
}

/// The most a winged beast of `hd` whole hit dice can carry.
pub fn carries(hd: u8) -> Burden {
    match hd {
        0..=2 => Burden::Nothing,
        3..=5 => Burden::HalfHuman,
        6..=11 => Burden::Human,
        12..=23 => Burden::LargeAnimal,
        _ => Burden::VeryLargeAnimal,
    }
}

/// The miles a creature of base rate `feet` flies in a day: double its overland miles.
pub fn flying_miles_per_day(feet: u32) -> u32 {
    miles_per_day(feet).saturating_mul(2)
}

/// The miles a party flying at `feet` makes in a day, forced march or not: double what it would
/// make over clear land, whatever the terrain; `None` on overflow.
pub fn flying_day_miles(feet: u32, forced: bool) -> Option<u32> {
    day_miles(feet, Terrain::Clear, forced)?.checked_mul(2)
}

/// How the party travels today on its mounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Riding {
    /// The mounts' base movement rate, in feet per turn.
    pub feet: u32,
    /// Whether they fly.
    pub flying: bool,
}

/// How the party of `expedition` rides, if it has mounts that can carry it: `Ok(None)` without
/// mounts, `Err` naming a winged mount too small for a rider (the party walks).
pub fn riding(world: &World, expedition: Entity) -> Result<Option<Riding>, String> {
    let Some(Mounts(mount)) = world.get::<Mounts>(expedition) else {
        return Ok(None);
    };
    let Some(BxBlock::Monster(block)) = world
        .get_resource::<Content>()
        .and_then(|c| c.0.statblocks::<BxBlock>("bx"))
        .and_then(|set| set.get(&mount.statblock))
    else {
        return Err(format!("no mount statblock `{}`", mount.statblock));
    };
    if mount.flying {
        let hd = HitDice::parse(&block.hd).map_or(0, HitDice::level);
        if carries(hd) < Burden::Human {
            return Err(format!(
                "the {} ({hd} HD) cannot carry a rider: a winged mount needs 6 HD",
                block.name
            ));
        }
    }
    Ok(Some(Riding {
        feet: u32::try_from(block.movement.max(0)).unwrap_or(0),
        flying: mount.flying,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bx11_a_flyer_covers_double_its_overland_miles() {
        // "a creature with a movement rate of 120' could travel 24 miles in a day overland, but
        // could fly 48 miles in a day."
        assert_eq!(miles_per_day(120), 24);
        assert_eq!(flying_miles_per_day(120), 48);
        assert_eq!(flying_miles_per_day(360), 144);
        assert_eq!(
            flying_miles_per_day(u32::MAX),
            u32::MAX / 5 * 2,
            "no overflow"
        );
        // Terrain does not count; a forced march adds half.
        assert_eq!(flying_day_miles(120, false), Some(48));
        assert_eq!(flying_day_miles(120, true), Some(72));
    }

    #[test]
    fn bx11_a_winged_beast_carries_by_its_hit_dice() {
        assert_eq!(carries(2), Burden::Nothing);
        assert_eq!(carries(3), Burden::HalfHuman);
        assert_eq!(carries(5), Burden::HalfHuman);
        assert_eq!(carries(6), Burden::Human);
        assert_eq!(carries(11), Burden::Human);
        assert_eq!(carries(12), Burden::LargeAnimal);
        assert_eq!(carries(24), Burden::VeryLargeAnimal);
    }
}
