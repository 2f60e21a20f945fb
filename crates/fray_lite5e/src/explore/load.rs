//! Load on the expedition (L5-05, exploration side): each load a member carries above its STR
//! costs it 5 ft of speed and gives it disadvantage on all checks; at 0 ft it cannot move.
//!
//! A member's load is its statblock's `load` (its gear), its supplies (torches, flasks of oil
//! and days of rations, five to a load) and its coins (500 to a load, L5-26): its own purse
//! ([`Supplies::gold`]) and its share of the party's [`Haul`]. The load goes with it into its
//! fights (the combat's speed and disadvantage, L5-05), its checks out of a fight have
//! disadvantage ([`checks`](crate::explore::checks)), and the party explores at the pace of its slowest
//! member (`pace`).
//!
//! Rulings (the seed gives no weights but for coins):
//! - supplies weigh five to a load, and coins 500 to a load, in whole loads (less rides in the
//!   spare room of a pack);
//! - the haul is carried evenly by the members who are up (the first in marching order takes
//!   what does not divide); members who are down carry nothing, and are carried;
//! - the party explores 1 800 ft a travel turn at 30 ft of speed, and in proportion to its
//!   slowest member's speed otherwise;
//! - a party with a member at 0 ft that carries coins of the haul leaves coins behind, a load
//!   each for every member up, until all can move or the coins no longer weigh on it (the least valuable load goes first, as in L5-20); a member
//!   whose own gear still stops it (its STR lost to injuries) leaves loads of gear behind until
//!   it moves 5 ft (its [`DROPPED`](crate::explore::load::DROPPED) affliction counts them; they stay behind).

use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_explore::log::note;
use fray_explore::prelude::*;

use super::checks::{block, score};
use super::coins::{COINS_PER_LOAD, loads};
use super::{Lite5eExpedition, PACE_FEET};
use crate::sheet::Sheet;

/// Supplies (torches, flasks, days of rations) to a load.
pub const ITEMS_PER_LOAD: u32 = 5;

/// Feet of speed each load above STR costs.
pub const FEET_PER_LOAD: u32 = 5;

/// The affliction counting the loads of gear a member left behind.
pub const DROPPED: &str = "dropped-load";

/// The base speed the exploring pace is reckoned at.
pub const BASE_SPEED: u32 = 30;

/// The loads `supplies` weigh (coins apart).
pub fn supply_loads(supplies: &Supplies) -> u32 {
    supplies
        .torches
        .saturating_add(supplies.oil_flasks)
        .saturating_add(supplies.rations)
        / ITEMS_PER_LOAD
}

/// Speed with `load` carried by a member of `strength` and `base` speed: 5 ft less per load
/// above STR, never below 0.
pub fn speed(base: u32, strength: i32, load: u32) -> u32 {
    let over = i64::from(load).saturating_sub(i64::from(strength)).max(0);
    let cost = over.saturating_mul(i64::from(FEET_PER_LOAD));
    u32::try_from(i64::from(base).saturating_sub(cost).max(0)).unwrap_or(0)
}

/// The coins of the haul `member` carries: an even share among the members up, the first
/// taking what does not divide; nothing for a member who is not up.
pub fn haul_share(world: &World, member: Entity) -> u64 {
    let Some(expedition) = world.get::<MemberOf>(member).map(|m| m.0) else {
        return 0;
    };
    let haul = u64::from(world.get::<Haul>(expedition).map_or(0, |h| h.0));
    let up: Vec<Entity> = world
        .get::<Party>(expedition)
        .map(|p| p.order.clone())
        .unwrap_or_default()
        .into_iter()
        .filter(|m| world.get::<Vitals>(*m).is_some_and(Vitals::is_up))
        .collect();
    let Some(i) = up.iter().position(|m| *m == member) else {
        return 0;
    };
    let n = u64::try_from(up.len()).unwrap_or(1).max(1);
    haul / n + if i == 0 { haul % n } else { 0 }
}

/// Everything `member` carries, in loads: gear, supplies and coins.
pub fn member_load(world: &World, member: Entity) -> u32 {
    let left = world
        .get::<Afflictions>(member)
        .map_or(0, |a| a.level(DROPPED));
    let gear = block(world, member).map_or(0, |b| u32::from(b.load.saturating_sub(left)));
    let supplies = world.get::<Supplies>(member).copied().unwrap_or_default();
    let coins = u64::from(supplies.gold).saturating_add(haul_share(world, member));
    let coins = u32::try_from(loads(coins)).unwrap_or(u32::MAX);
    gear.saturating_add(supply_loads(&supplies))
        .saturating_add(coins)
}

/// The loads `member` carries above its STR now.
pub fn overload(world: &World, member: Entity) -> u32 {
    let over =
        i64::from(member_load(world, member)).saturating_sub(i64::from(score(world, member, 0)));
    u32::try_from(over.max(0)).unwrap_or(u32::MAX)
}

/// `member`'s speed now, with what it carries.
pub fn member_speed(world: &World, member: Entity) -> u32 {
    let base = block(world, member).map_or(BASE_SPEED, |b| u32::from(b.speed));
    speed(base, score(world, member, 0), member_load(world, member))
}

/// The exploring pace of a party whose slowest member moves `slowest` ft.
pub fn pace_for(slowest: u32) -> Pace {
    let feet = u64::from(PACE_FEET).saturating_mul(u64::from(slowest)) / u64::from(BASE_SPEED);
    let feet = u32::try_from(feet).unwrap_or(u32::MAX);
    Pace {
        unknown: feet,
        familiar: feet,
    }
}

/// Why coins and gear are left behind when a member cannot move under them, as the log says.
const TOO_HEAVY: &str = "too heavy to move";

/// Each lite5e expedition in a dungeon, before it moves: a member at 0 ft makes the party
/// leave coins of its haul behind, then the party's pace is its slowest member's.
pub(super) fn pace(world: &mut World) {
    let mut query = world
        .query_filtered::<(Entity, &Expedition, &Party), (With<Lite5eExpedition>, With<Position>)>(
        );
    let moving: Vec<(Entity, Vec<Entity>)> = query
        .iter(world)
        .filter(|(_, e, _)| e.state == ExpeditionState::Underway)
        .map(|(entity, _, party)| (entity, party.order.clone()))
        .collect();
    for (expedition, order) in moving {
        let up: Vec<Entity> = order
            .into_iter()
            .filter(|m| world.get::<Vitals>(*m).is_some_and(Vitals::is_up))
            .collect();
        let slowest = |world: &World| up.iter().map(|m| member_speed(world, *m)).min();
        // Coins help only a member they weigh on: one at 0 ft carrying a load of them.
        let stopped_by_coins = |world: &World| {
            up.iter()
                .any(|m| member_speed(world, *m) == 0 && loads(haul_share(world, *m)) > 0)
        };
        let mut dropped = 0u64;
        while stopped_by_coins(world) {
            let Some(mut haul) = world.get_mut::<Haul>(expedition) else {
                break;
            };
            if haul.0 == 0 {
                break;
            }
            let load = COINS_PER_LOAD.saturating_mul(u64::try_from(up.len()).unwrap_or(1));
            let drop = u32::try_from(load).unwrap_or(u32::MAX).min(haul.0);
            haul.0 -= drop;
            dropped = dropped.saturating_add(u64::from(drop));
        }
        if dropped > 0 {
            note(
                world,
                expedition,
                ExploreEvent::Dropped {
                    who: "the party".into(),
                    what: "gp".into(),
                    amount: dropped,
                    why: TOO_HEAVY.into(),
                },
            );
        }
        for &member in &up {
            drop_gear(world, expedition, member);
        }
        let pace = pace_for(slowest(world).unwrap_or(BASE_SPEED));
        world.entity_mut(expedition).insert(pace);
    }
}

/// A member at 0 ft with no coins left to drop leaves loads of gear behind until it moves
/// 5 ft (none when its base speed is under 5 ft: nothing it carries stops it).
fn drop_gear(world: &mut World, expedition: Entity, member: Entity) {
    if member_speed(world, member) > 0 {
        return;
    }
    let base = block(world, member).map_or(BASE_SPEED, |b| u32::from(b.speed));
    let Some(allowed) = (base / FEET_PER_LOAD).checked_sub(1) else {
        return;
    };
    let excess = overload(world, member).saturating_sub(allowed);
    let Ok(excess) = u8::try_from(excess) else {
        return;
    };
    if excess == 0 {
        return;
    }
    let Some(mut afflictions) = world.get_mut::<Afflictions>(member) else {
        return;
    };
    let left = afflictions.level(DROPPED).saturating_add(excess);
    afflictions.set(DROPPED, left);
    let who = super::checks::name(world, member);
    note(
        world,
        expedition,
        ExploreEvent::Dropped {
            who,
            what: noun(u64::from(excess), ("load of gear", "loads of gear")).into(),
            amount: u64::from(excess),
            why: TOO_HEAVY.into(),
        },
    );
}

/// `count` loads of what `member` carries, lost on an arduous way home (L5-20), or as many as
/// it has; each kind lost is logged. Returns the loads lost.
///
/// Ruling: the seed's GM picks, "starting with less valuable and less secure items, and
/// working up to weapons and armor"; Fray takes whole loads of supplies first (five items a
/// load: rations, then torches, then flasks of oil), then coins (500 a load: its share of the
/// haul first, which leaves the party's haul, then its own purse), then its gear (its
/// statblock's load, weapons and armour last), counted by its [`DROPPED`] affliction.
pub fn lose_loads(world: &mut World, expedition: Entity, member: Entity, count: u32) -> u32 {
    // Rations, torches, flasks; gp; loads of gear.
    let mut supplies = [0u64; 3];
    let (mut coins, mut gear) = (0u64, 0u64);
    let mut lost = 0;
    while lost < count {
        if let Some(items) = lose_supplies(world, member) {
            for (sum, n) in supplies.iter_mut().zip(items) {
                *sum = sum.saturating_add(u64::from(n));
            }
        } else if let Some(gp) = lose_coins(world, expedition, member) {
            coins = coins.saturating_add(gp);
        } else if lose_gear(world, member) {
            gear = gear.saturating_add(1);
        } else {
            break;
        }
        lost += 1;
    }
    let who = super::checks::name(world, member);
    let kinds = [
        ("ration", "rations"),
        ("torch", "torches"),
        ("flask of oil", "flasks of oil"),
    ]
    .into_iter()
    .zip(supplies)
    .chain([
        (("gp", "gp"), coins),
        (("load of gear", "loads of gear"), gear),
    ]);
    for (what, amount) in kinds.filter(|(_, n)| *n > 0) {
        note(
            world,
            expedition,
            ExploreEvent::Dropped {
                who: who.clone(),
                what: noun(amount, what).into(),
                amount,
                why: "lost on the arduous way home".into(),
            },
        );
    }
    lost
}

/// The noun for `amount` of a thing, from its singular and plural (`1 ration`, `5 rations`).
fn noun(amount: u64, (one, many): (&'static str, &'static str)) -> &'static str {
    if amount == 1 { one } else { many }
}

/// A load of `member`'s supplies (rations first, then torches, then flasks), if it carries a
/// whole load: the items lost of each kind.
fn lose_supplies(world: &mut World, member: Entity) -> Option<[u32; 3]> {
    let mut supplies = world.get_mut::<Supplies>(member)?;
    if supply_loads(&supplies) == 0 {
        return None;
    }
    let mut left = ITEMS_PER_LOAD;
    let mut taken = [0u32; 3];
    let s = &mut *supplies;
    for (slot, took) in [&mut s.rations, &mut s.torches, &mut s.oil_flasks]
        .into_iter()
        .zip(&mut taken)
    {
        let take = (*slot).min(left);
        *slot -= take;
        left -= take;
        *took = take;
    }
    Some(taken)
}

/// A load of coins `member` carries (its share of the haul first, then its purse), if it
/// carries a whole load: the coins lost.
fn lose_coins(world: &mut World, expedition: Entity, member: Entity) -> Option<u64> {
    let share = haul_share(world, member);
    let purse = world.get::<Supplies>(member).map_or(0, |s| s.gold);
    if loads(share.saturating_add(u64::from(purse))) == 0 {
        return None;
    }
    let from_haul = u32::try_from(share.min(COINS_PER_LOAD)).unwrap_or(0);
    let from_purse = u32::try_from(COINS_PER_LOAD)
        .unwrap_or(0)
        .saturating_sub(from_haul)
        .min(purse);
    if let Some(mut haul) = world.get_mut::<Haul>(expedition) {
        haul.0 = haul.0.saturating_sub(from_haul);
    }
    if let Some(mut supplies) = world.get_mut::<Supplies>(member) {
        supplies.gold = supplies.gold.saturating_sub(from_purse);
    }
    Some(u64::from(from_haul).saturating_add(u64::from(from_purse)))
}

/// A load of `member`'s gear left behind, if it has any left.
fn lose_gear(world: &mut World, member: Entity) -> bool {
    let gear = block(world, member).map_or(0, |b| b.load);
    let Some(mut afflictions) = world.get_mut::<Afflictions>(member) else {
        return false;
    };
    let left = afflictions.level(DROPPED);
    if left >= gear {
        return false;
    }
    afflictions.set(DROPPED, left.saturating_add(1));
    true
}

/// What a member carries goes with it into the fight: its combatant's load (the combat's
/// speed and disadvantage, L5-05).
pub(super) fn carry_in(world: &mut World, member: Entity, combatant: Entity) {
    let load = u8::try_from(member_load(world, member)).unwrap_or(u8::MAX);
    let Some(sheet) = world.get::<Sheet>(combatant) else {
        return;
    };
    if sheet.0.load == load {
        return;
    }
    let mut data = (*sheet.0).clone();
    data.load = load;
    world
        .entity_mut(combatant)
        .insert(Sheet::new(Arc::new(data)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn l505_each_load_above_str_costs_5_ft_and_at_0_ft_nobody_moves() {
        // The seed's example: STR 10, 30 ft, 11 load: 25 ft.
        assert_eq!(speed(30, 10, 11), 25);
        assert_eq!(speed(30, 10, 10), 30);
        assert_eq!(speed(30, 10, 16), 0);
        assert_eq!(speed(30, 10, 99), 0);
        assert_eq!(pace_for(25).unknown, 1_500);
        assert_eq!(pace_for(0).unknown, 0);
    }

    #[test]
    fn l505_supplies_weigh_five_to_a_load() {
        let s = Supplies {
            torches: 4,
            oil_flasks: 3,
            rations: 3,
            gold: 0,
        };
        assert_eq!(supply_loads(&s), 2);
    }
}
