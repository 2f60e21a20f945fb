//! Experience across the fights of an expedition (OHO-22 to OHO-24): every proficiency check
//! a member makes in a fight earns experience for its governing ability
//! ([`Progression::record_fight`](crate::progression::Progression::record_fight), from the
//! fight's combat log), summed on the member from fight to fight into proficiency points
//! (every 500 of an ability) and levels (level x 1000). The experience earned is also awarded
//! as the expedition's XP ([`award_xp`]), which reports read the same way in every ruleset.
//!
//! The checks are read from the fight's log, so an OHO fight on an expedition always keeps
//! one, whether or not the expedition logs. Ruling: the member's progress starts from its
//! statblock's level and ranks at its first fight; level-ups it earns stay open (what to buy
//! is the player's, between expeditions).

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use fray_core::encounter::{InEncounter, Roster};
use fray_core::log::CombatLog;
use fray_core::spawn::Content;
use fray_explore::log::note;
use fray_explore::prelude::*;
use serde::{Deserialize, Serialize};

use crate::progression::{Progression, checks_in};
use crate::ruleset::ID;
use crate::statblock::OhoBlock;

/// A member's progress, carried from fight to fight.
#[derive(Component, Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Experience(pub Progression);

/// The fight `combatant` is in keeps its combat log: its checks earn experience.
pub(super) fn keep_log(world: &mut World, combatant: Entity) {
    let Some(encounter) = world.get::<InEncounter>(combatant).map(|e| e.0) else {
        return;
    };
    if let Some(mut log) = world.get_mut::<CombatLog>(encounter) {
        log.set_enabled(true);
    }
}

/// The experience `combatant` earned in its fight is added to its member's progress, logged.
pub(super) fn carry_out(world: &mut World, member: Entity, combatant: Entity) {
    let Some(encounter) = world.get::<InEncounter>(combatant).map(|e| e.0) else {
        return;
    };
    let Some(who) = world
        .get::<Roster>(encounter)
        .and_then(|r| r.id_of(combatant))
    else {
        return;
    };
    let mut progress = match world.get::<Experience>(member) {
        Some(e) => e.0.clone(),
        None => starting(world, member),
    };
    let Some(log) = world.get::<CombatLog>(encounter) else {
        return;
    };
    let earned: u64 = checks_in(log)
        .iter()
        .filter(|c| c.who == who)
        .map(|c| u64::from(c.experience()))
        .sum();
    let gains = progress.record_fight(log, who);
    world.entity_mut(member).insert(Experience(progress));
    award_xp(world, member, earned);
    let Some(expedition) = world.get::<MemberOf>(member).map(|m| m.0) else {
        return;
    };
    let name = world
        .get::<Character>(member)
        .map(|c| c.name.clone())
        .unwrap_or_default();
    for (what, amount) in [
        ("proficiency points", u64::from(gains.points)),
        ("levels", u64::from(gains.levels)),
    ] {
        if amount > 0 {
            let who = name.clone();
            let what = what.into();
            note(
                world,
                expedition,
                ExploreEvent::Gained { who, what, amount },
            );
        }
    }
}

/// A member's progress before its first fight: its statblock's level and ranks (level 1
/// without one).
fn starting(world: &World, member: Entity) -> Progression {
    world
        .get::<Character>(member)
        .and_then(|c| {
            let blocks = world
                .get_resource::<Content>()?
                .0
                .statblocks::<OhoBlock>(ID)?;
            blocks.get(&c.statblock)?.creature().map(Progression::of)
        })
        .unwrap_or_else(|| Progression::new(1))
}
