//! Monsters met in the dungeon, played out (the sequence's step 3, "if monsters are
//! encountered, follow the procedure described in Encounters"): one meeting a turn becomes a
//! B/X encounter whose opening rolls surprise and the distance (BX-13), lets a party that
//! chose to flee evade (BX-15, worked out in [`evasion`](crate::explore::evasion)) and the monsters
//! react when the party speaks first (BX-14); the fight, if any, is played by the ruleset and
//! written back by the driver ([`settle_fights`](fray_explore::drive::settle_fights)).
//!
//! Rulings:
//! - both sides are unaware of each other (each rolls for surprise), except that a party
//!   carrying a light in the dungeon's dark cannot surprise the monsters;
//! - wandering monsters stand at the distance their check rolled (BX-09); monsters living in an
//!   area are met at a rolled dungeon distance, 2d6 x 10 ft (BX-13);
//! - a cautious party speaks first (the monsters roll their reaction) and flees when it can
//!   escape; a bold party fights.

use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use fray_content::encounter::{EncounterOptions, MapRef};
use fray_content::map::{Light as MapLight, MapSpec};
use fray_content::options::OptionValue;
use fray_core::spawn::Content;
use fray_explore::fight::PARTY_SIDE;
use fray_explore::meeting::{fight_next_meeting, ready_to_meet};
use fray_explore::prelude::*;

use super::BxExpedition;
use super::evasion::{Dropped, Evasion, dungeon_evasion};
use crate::statblock::BxBlock;

/// A party or monster whose movement the content does not say moves at the seed's base rate.
const BASE_MOVE: i32 = 120;

/// Plays out the first pending meeting of each B/X expedition that is not fighting.
pub(super) fn meet(world: &mut World) {
    for expedition in ready_to_meet::<BxExpedition>(world) {
        fight_next_meeting(world, expedition, |world, meeting| {
            setup(world, expedition, meeting)
        });
    }
}

/// The encounter a meeting becomes: its options by the party's stance and light, and its
/// map: the dungeon's dark, or the wilderness by day (ruling: journeys travel by day, so no
/// light counts outdoors).
pub fn setup(world: &mut World, expedition: Entity, meeting: Meeting) -> FightSetup {
    let stance = world
        .get::<Policy>(expedition)
        .map_or(Stance::Bold, |p| p.stance);
    let members: Vec<Entity> = world
        .get::<Party>(expedition)
        .map(|p| p.order.clone())
        .unwrap_or_default();
    let up: Vec<Entity> = members
        .into_iter()
        .filter(|m| world.get::<Vitals>(*m).is_some_and(Vitals::is_up))
        .collect();
    let text = |s: &str| OptionValue::Text(s.to_string());
    let outdoors = world.get::<Whereabouts>(expedition).is_some();
    let mut options = BTreeMap::new();
    options.insert("unaware".to_string(), text("all"));
    if !outdoors && up.iter().any(|m| world.get::<Light>(*m).is_some()) {
        options.insert("light".to_string(), text(PARTY_SIDE));
    }
    if meeting.distance_ft > 0 {
        let feet = i64::from(meeting.distance_ft).clamp(5, 1000);
        options.insert("region_feet".to_string(), OptionValue::Int(feet));
    } else if outdoors {
        // Outdoors, 4d6 x 10 yards, or 1d4 x 10 yards if either side is surprised (BX-09,
        // BX-13): the fight's opening rolls it after surprise.
        options.insert("distance".to_string(), text("wilderness"));
    } else {
        options.insert("distance".to_string(), text("dungeon"));
    }
    if stance == Stance::Cautious {
        // A cautious party may speak first: one of its members declares the parley in the
        // fight's first round, and the monsters react to its CHA (BX-14).
        options.insert("parley".to_string(), text(PARTY_SIDE));
        let party_speed = up
            .iter()
            .filter_map(|m| world.get::<Character>(*m))
            .map(|c| movement(world, &c.statblock))
            .min()
            .unwrap_or(BASE_MOVE);
        let monster_speed = meeting
            .foes
            .iter()
            .map(|f| movement(world, &f.statblock))
            .min()
            .unwrap_or(BASE_MOVE);
        if flee(world, expedition, &up, party_speed, monster_speed) {
            options.insert("evade".to_string(), text(PARTY_SIDE));
            options.insert("evade_chance".to_string(), OptionValue::Int(100));
        }
    }
    let mut map = MapSpec::builtin("near-far").unwrap_or_else(|| MapSpec {
        id: "near-far".into(),
        name: "Near and far".into(),
        regions: Vec::new(),
        links: Vec::new(),
    });
    if outdoors {
        map.id = "wilderness-day".into();
    } else {
        map.id = "dungeon-dark".into();
        for region in &mut map.regions {
            region.light = MapLight::Darkness;
        }
    }
    FightSetup {
        foes: meeting.foes.clone(),
        options: EncounterOptions {
            ruleset: options,
            ..EncounterOptions::default()
        },
        meeting: Some(meeting),
        map: Some(MapRef::Inline(map)),
        controllers: Vec::new(),
    }
}

/// A B/X statblock's base movement rate in feet per turn.
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
        .unwrap_or(BASE_MOVE)
}

/// The party's evasion (BX-15): whether it gets away, dropping food or treasure when it is
/// not faster (lost whether or not the pursuers stop).
fn flee(world: &mut World, expedition: Entity, up: &[Entity], party: i32, monsters: i32) -> bool {
    let carrier = up
        .iter()
        .copied()
        .filter(|m| world.get::<Supplies>(*m).is_some_and(|s| s.rations > 0))
        .max_by_key(|m| world.get::<Supplies>(*m).map_or(0, |s| s.rations));
    let haul = world.get::<Haul>(expedition).map_or(0, |h| h.0);
    let drop = if carrier.is_some() {
        Some(Dropped::Food)
    } else if haul > 0 {
        Some(Dropped::Treasure)
    } else {
        None
    };
    let at = world
        .get::<Clock>(expedition)
        .map(Clock::elapsed)
        .unwrap_or_default();
    let mut entity = world.entity_mut(expedition);
    let Some(mut rng) = entity.get_mut::<ExpeditionRng>() else {
        return false;
    };
    let evasion = dungeon_evasion(&mut *rng, party, monsters, drop);
    if let Some(mut log) = entity.get_mut::<ExpeditionLog>() {
        if let Evasion::Stopped(what, roll) | Evasion::NotStopped(what, roll) = evasion {
            log.record(at, || ExploreEvent::Roll {
                what: format!("pursuers stop for the dropped {what:?} (3 in 6)").to_lowercase(),
                dice: "1d6".into(),
                faces: vec![roll.face],
                result: i64::from(roll.face),
                success: Some(roll.success),
            });
        }
        log.record(at, || ExploreEvent::Evasion {
            escapes: evasion.escapes(),
            how: format!(
                "party {party} ft, monsters {monsters} ft: {}",
                words(evasion)
            ),
        });
    }
    match evasion {
        Evasion::Stopped(Dropped::Food, _) | Evasion::NotStopped(Dropped::Food, _) => {
            if let Some(mut s) = carrier.and_then(|c| world.get_mut::<Supplies>(c)) {
                s.rations = s.rations.saturating_sub(1);
            }
        }
        Evasion::Stopped(Dropped::Treasure, _) | Evasion::NotStopped(Dropped::Treasure, _) => {
            if let Some(mut h) = world.get_mut::<Haul>(expedition) {
                h.0 = h.0.saturating_sub(h.0 / 2);
            }
        }
        Evasion::Outran | Evasion::Caught => {}
    }
    evasion.escapes()
}

/// An evasion in words, for the log.
fn words(evasion: Evasion) -> String {
    let dropped = |what: Dropped| match what {
        Dropped::Food => "food",
        Dropped::Treasure => "treasure",
    };
    match evasion {
        Evasion::Outran => "outran them".into(),
        Evasion::Stopped(what, roll) => format!(
            "dropped {}, and the pursuers stop for it ({} on a d6)",
            dropped(what),
            roll.face
        ),
        Evasion::NotStopped(what, roll) => format!(
            "dropped {}, but the pursuers come on ({} on a d6)",
            dropped(what),
            roll.face
        ),
        Evasion::Caught => "nothing to drop: caught".into(),
    }
}
