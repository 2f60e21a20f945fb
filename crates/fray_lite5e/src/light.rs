//! Light in combat (L5-18): each region has a light level, carried light sources raise it;
//! darkness, dim and brilliant light give their advantages and disadvantages, and darksight
//! inverts darkness.
//!
//! Fray's rulings: a region's light is the brighter of the map's level and the brightest light
//! carried by a combatant standing in it. An attack takes the attacker's region's light for the
//! attack and the target's for the defense: darkness gives disadvantage on the attack and on
//! the defense (so the attacker gains advantage), dim light the same for ranged attacks only,
//! brilliant light disadvantage on long-range attacks (the far band). Darksight inverts
//! darkness: a darksighted attacker in darkness has advantage, a darksighted defender in
//! darkness defends with advantage (the attacker has disadvantage). Stealth has advantage in
//! darkness and dim light and disadvantage in brilliant light.

use bevy_ecs::prelude::*;
use fray_content::map::Light;
use fray_core::ids::RegionId;
use smallvec::SmallVec;

use crate::Ctx;

/// A light level as a rank (0 darkness, 1 dim, 2 well lit, 3 brilliant).
pub fn rank(light: Light) -> u8 {
    match light {
        Light::Darkness => 0,
        Light::Dim => 1,
        Light::WellLit => 2,
        Light::Brilliant => 3,
    }
}

/// The light level of a rank.
pub fn of_rank(rank: u8) -> Light {
    match rank {
        0 => Light::Darkness,
        1 => Light::Dim,
        2 => Light::WellLit,
        _ => Light::Brilliant,
    }
}

/// Notes who carries a light, once as the fight begins (see [`crate::state::L5::carriers`]).
pub fn note_carriers(ctx: &mut Ctx) {
    let carriers: SmallVec<[(u16, u8); 4]> = ctx
        .roster()
        .entities()
        .enumerate()
        .filter_map(|(i, e)| {
            let light = ctx.fighter(e).and_then(|f| f.sheet.0.light)?;
            Some((u16::try_from(i).ok()?, rank(light)))
        })
        .collect();
    ctx.battle_mut().carriers = carriers;
}

/// The light in `region` now: the map's level raised by light carried there.
pub fn level(ctx: &Ctx, region: RegionId) -> Light {
    let battle = ctx.battle();
    let base = battle.light.get(region.index()).copied().unwrap_or(2);
    let carried = battle
        .carriers
        .iter()
        .filter(|&&(_, light)| light > base)
        .filter_map(|&(i, light)| {
            let e = ctx.roster().entries.get(usize::from(i))?.entity;
            (ctx.status(e).takes_turns() && ctx.region(e) == region).then_some(light)
        })
        .max()
        .unwrap_or(0);
    of_rank(base.max(carried))
}

/// Net advantages and disadvantages light gives an attack by `attacker` on `target`:
/// `(advantages, disadvantages)`. `ranged` for a ranged attack, `far` for one at long range.
pub fn attack(ctx: &Ctx, attacker: Entity, target: Entity, ranged: bool, far: bool) -> (u32, u32) {
    let sees = |e: Entity| ctx.fighter(e).is_some_and(|f| f.sheet.0.darksight);
    let (mut adv, mut dis) = (0, 0);
    match level(ctx, ctx.region(attacker)) {
        Light::Darkness if sees(attacker) => adv += 1,
        Light::Darkness => dis += 1,
        Light::Dim if ranged => dis += 1,
        Light::Brilliant if far => dis += 1,
        _ => {}
    }
    match level(ctx, ctx.region(target)) {
        Light::Darkness if sees(target) => dis += 1,
        Light::Darkness => adv += 1,
        Light::Dim if ranged => adv += 1,
        _ => {}
    }
    (adv, dis)
}

/// Disadvantages light gives `who`'s morale: darkness hampers the morale of surfacers (L5-18).
/// Fray's ruling: a surfacer is a creature without darksight; one that sees in the dark keeps
/// its nerve there.
pub fn morale(ctx: &Ctx, who: Entity) -> u32 {
    let sees = ctx.fighter(who).is_some_and(|f| f.sheet.0.darksight);
    u32::from(!sees && level(ctx, ctx.region(who)) == Light::Darkness)
}

/// Advantages and disadvantages light gives stealth in `region`.
pub fn stealth(ctx: &Ctx, region: RegionId) -> (u32, u32) {
    match level(ctx, region) {
        Light::Darkness | Light::Dim => (1, 0),
        Light::Brilliant => (0, 1),
        Light::WellLit => (0, 0),
    }
}
