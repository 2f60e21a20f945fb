//! Between fights on an expedition (AR-39): each hero takes a quick rest after every fight,
//! and the party earns a full heal-up after every fourth ("after four battles, you'll usually
//! earn a full heal-up"). Both are the combat side's own
//! [`quick_rest`](crate::rest::quick_rest) and [`full_heal_up`](crate::rest::full_heal_up),
//! taken on the fight's combatant before it is written back to its member.
//!
//! Rulings: at a quick rest a hero spends recoveries until its hit points are full
//! ([`RestHealing::ToFull`](crate::rest::RestHealing::ToFull): the seed lets it use "as many
//! recoveries as you have available", and the party presses on); the heal-up comes after every fourth fight of the
//! expedition, whoever won it; a hero still at 0 hit points or below after its rest (no
//! recoveries left to spend) is down, and the party carries it until the next full heal-up,
//! which reaches the members who sat the fight out.

use bevy_ecs::prelude::*;
use fray_core::combatant::Hp;
use fray_explore::prelude::*;

use super::lasting::Lasting;
use crate::rest::{RestHealing, RestReport, full_heal_up, quick_rest};

/// What the log says a full heal-up gave.
const HEAL_UP: &str = "HP from a full heal-up";

/// Fights between full heal-ups (AR-39).
pub const HEAL_UP_EVERY: u32 = 4;

/// Whether the expedition's `fights`-th fight earns the party a full heal-up.
pub fn earns_heal_up(fights: u32) -> bool {
    fights > 0 && fights.is_multiple_of(HEAL_UP_EVERY)
}

/// `combatant`, standing for `member`, rests after its fight: a full heal-up after every
/// fourth fight, else a quick rest with dice from the expedition's stream; its hit points
/// are then written back to the member, down at 0 or below.
pub(super) fn after_fight(world: &mut World, member: Entity, combatant: Entity) {
    let Some(expedition) = world.get::<MemberOf>(member).map(|m| m.0) else {
        return;
    };
    if !world.get::<Vitals>(member).is_some_and(Vitals::is_alive) {
        return;
    }
    let fights = world.get::<FightCount>(expedition).map_or(0, |c| c.0);
    let who = world
        .get::<Character>(member)
        .map(|c| c.name.clone())
        .unwrap_or_default();
    let before = world.get::<Hp>(combatant).map_or(0, |hp| hp.current);
    let what = if earns_heal_up(fights) {
        full_heal_up(world, combatant).then(|| HEAL_UP.to_string())
    } else {
        let Some(mut rng) = world
            .get_entity_mut(expedition)
            .ok()
            .and_then(|mut e| e.take::<ExpeditionRng>())
        else {
            return;
        };
        let report = quick_rest(world, combatant, RestHealing::ToFull, &mut rng);
        world.entity_mut(expedition).insert(rng);
        let Some(report) = report else {
            return;
        };
        log_recharges(world, expedition, &who, &report);
        let n = report.recoveries_spent;
        Some(format!(
            "HP from {n} recover{}",
            if n == 1 { "y" } else { "ies" }
        ))
    };
    let Some(hp) = world.get::<Hp>(combatant).map(|hp| hp.current) else {
        return;
    };
    if let Some(mut vitals) = world.get_mut::<Vitals>(member) {
        vitals.hp = hp.min(vitals.max_hp);
        vitals.life = if vitals.hp > 0 {
            Life::Alive
        } else {
            Life::Down
        };
    }
    let healed = u64::try_from(hp.saturating_sub(before.max(0))).unwrap_or(0);
    if let Some(what) = what {
        note(world, expedition, who, what, healed);
    }
    if earns_heal_up(fights) {
        heal_up_the_absent(world, expedition);
    }
}

/// The members of `expedition` who are down, and so sat the fight out, get the party's full
/// heal-up too: back up at full hit points, and their lasting state forgotten, so that their
/// next fight spawns them fresh from their statblocks, every recovery and power back (what
/// [`full_heal_up`] leaves a combatant with).
fn heal_up_the_absent(world: &mut World, expedition: Entity) {
    let order = world
        .get::<Party>(expedition)
        .map(|p| p.order.clone())
        .unwrap_or_default();
    for member in order {
        let healed = match world.get_mut::<Vitals>(member) {
            Some(mut vitals) if vitals.life == Life::Down => {
                let healed = vitals.max_hp.saturating_sub(vitals.hp.max(0));
                vitals.hp = vitals.max_hp;
                vitals.life = Life::Alive;
                healed
            }
            _ => continue,
        };
        world.entity_mut(member).remove::<Lasting>();
        let who = world
            .get::<Character>(member)
            .map(|c| c.name.clone())
            .unwrap_or_default();
        let healed = u64::try_from(healed).unwrap_or(0);
        note(world, expedition, who, HEAL_UP.into(), healed);
    }
}

/// Logs the d20 each used recharge attack or power of `who` rolled at its quick rest.
fn log_recharges(world: &mut World, expedition: Entity, who: &str, report: &RestReport) {
    let at = world
        .get::<Clock>(expedition)
        .map_or(GameTime::ZERO, Clock::elapsed);
    let Some(mut log) = world.get_mut::<ExpeditionLog>(expedition) else {
        return;
    };
    for (power, roll, kept) in &report.recharges {
        log.record(at, || ExploreEvent::Roll {
            what: format!("{who}'s {power} recharges"),
            dice: "1d20".into(),
            faces: vec![*roll],
            kept: None,
            modifier: 0,
            result: i64::from(*roll),
            success: Some(*kept),
            verdict: None,
        });
    }
}

/// Logs `amount` hit points `who` regained by `what` (nothing when none).
fn note(world: &mut World, expedition: Entity, who: String, what: String, amount: u64) {
    if amount > 0 {
        let gained = ExploreEvent::Gained { who, what, amount };
        fray_explore::log::note(world, expedition, gained);
    }
}
