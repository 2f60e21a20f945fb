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
//! - a cautious party speaks first (the monsters roll their reaction) and tries to evade: in
//!   the dungeon when it is faster or has food or treasure to drop (else it stands and fights),
//!   outdoors always (the chance is a roll), at its mounts' rate if it rides; a bold party
//!   fights.

use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use fray_content::encounter::{EncounterOptions, MapRef};
use fray_content::map::{Light as MapLight, MapSpec};
use fray_content::options::OptionValue;
use fray_dice::DieSource;
use fray_explore::fight::PARTY_SIDE;
use fray_explore::log::{Verdicts, note};
use fray_explore::meeting::{fight_next_meeting, ready_to_meet};
use fray_explore::prelude::*;

use super::evasion::{
    DROP_STOPS_IN_6, Dropped, EXHAUSTED, EXHAUSTION_REST_TURNS, Evasion, Run, dungeon_evasion,
    dungeon_run, waterborne_chance, wilderness_chance,
};
use super::flying;
use super::pace::movement;
use super::wilderness::{log_in_six, with_dice};
use super::{BASE_PACE, BxExpedition};

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
pub fn setup(world: &mut World, expedition: Entity, mut meeting: Meeting) -> FightSetup {
    let stance = world
        .get::<ExpeditionPolicy>(expedition)
        .map_or(Stance::Bold, |p| p.stance);
    let members: Vec<Entity> = world
        .get::<Party>(expedition)
        .map(|p| p.order.clone())
        .unwrap_or_default();
    let up: Vec<Entity> = members
        .into_iter()
        .filter(|m| world.get::<Vitals>(*m).is_some_and(Vitals::is_up))
        .collect();
    let text = |s: &str| OptionValue::Text(s.to_string().into());
    let outdoors = world.get::<Whereabouts>(expedition).is_some();
    let mut options = BTreeMap::new();
    options.insert("unaware".to_string(), text("all"));
    if outdoors {
        // Ranges and movement rates in yards (BX-11).
        options.insert("outdoors".to_string(), OptionValue::Bool(true));
    }
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
        // Outdoors, a party on mounts that carry it flees at their rate.
        let mounted = if outdoors {
            flying::riding(world, expedition).ok().flatten()
        } else {
            None
        };
        let party_speed = mounted
            .and_then(|r| i32::try_from(r.feet).ok())
            .or_else(|| {
                up.iter()
                    .filter_map(|m| world.get::<Character>(*m))
                    .map(|c| movement(world, &c.statblock))
                    .min()
            })
            .unwrap_or(BASE_PACE.cast_signed());
        let monster_speed = meeting
            .foes
            .iter()
            .map(|f| movement(world, &f.statblock))
            .min()
            .unwrap_or(BASE_PACE.cast_signed());
        let speeds = Speeds {
            party: party_speed,
            monsters: monster_speed,
        };
        let attempt = if outdoors {
            Some(outdoor_evasion(world, expedition, &up, &meeting, speeds))
        } else {
            let rolled = meeting.distance_ft == 0;
            let escapes = flee(world, expedition, &up, speeds, &mut meeting.distance_ft);
            if rolled && meeting.distance_ft > 0 {
                // The pursuit rolled the distance: the fight is met at it.
                let feet = i64::from(meeting.distance_ft).clamp(5, 1000);
                options.insert("region_feet".to_string(), OptionValue::Int(feet));
                options.remove("distance");
            }
            escapes.then(|| (100, String::new()))
        };
        if let Some((chance, pursuit)) = attempt {
            options.insert("evade".to_string(), text(PARTY_SIDE));
            options.insert(
                "evade_chance".to_string(),
                OptionValue::Int(i64::from(chance)),
            );
            if !pursuit.is_empty() {
                options.insert("pursuit".to_string(), text(&pursuit));
            }
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

/// The party's and the monsters' base movement rates, in feet per turn.
#[derive(Debug, Clone, Copy)]
struct Speeds {
    party: i32,
    monsters: i32,
}

/// Rolls the dungeon encounter distance, 2d6 x 10 ft (BX-13), with the expedition's dice.
fn dungeon_distance(world: &mut World, expedition: Entity) -> u32 {
    with_dice(world, expedition, |rng, log| {
        let faces = vec![rng.roll_die(6), rng.roll_die(6)];
        let feet = faces.iter().sum::<u32>().saturating_mul(10);
        log.roll("encounter distance (x 10 ft)", "2d6", faces, 0);
        feet
    })
    .unwrap_or(BASE_PACE)
}

/// The party's chance to evade outdoors and what follows a failure (BX-15), for the fight's
/// opening to roll after surprise: on the water by the difference of the rates per round (a
/// third of the rates per turn) of its vessel and the slowest monster, caught at once on a
/// failure; on land by the sizes of the two groups, their speeds and the terrain, with a
/// pursuit day by day on a failure.
fn outdoor_evasion(
    world: &mut World,
    expedition: Entity,
    up: &[Entity],
    meeting: &Meeting,
    speeds: Speeds,
) -> (u8, String) {
    let terrain = world
        .get::<Whereabouts>(expedition)
        .map_or(Terrain::Clear, |w| w.terrain);
    let vessel = world
        .get::<Vessel>(expedition)
        .map(|v| i32::try_from(v.spec.movement).unwrap_or(i32::MAX));
    let (chance, pursuit, how) = match vessel {
        Some(vessel) if terrain.is_water() => {
            let (fleeing, pursuing) = (vessel / 3, speeds.monsters / 3);
            let chance = waterborne_chance(fleeing, pursuing);
            let how = format!(
                "on the water, the party's vessel {fleeing} ft a round, monsters {pursuing} ft"
            );
            (chance, String::new(), how)
        }
        _ => {
            let pursuers = meeting
                .foes
                .iter()
                .fold(0u32, |n, f| n.saturating_add(u32::from(f.count)));
            let fleeing = u32::try_from(up.len()).unwrap_or(u32::MAX);
            let worked =
                wilderness_chance(fleeing, pursuers, speeds.party, speeds.monsters, terrain);
            let pursuit = if speeds.monsters > speeds.party {
                "wilderness-faster"
            } else {
                "wilderness"
            };
            let how = format!(
                "{fleeing} fleeing {pursuers}: {}%, {:+}% for speed (party {} ft, monsters {} ft), {:+}% for the {}",
                worked.base,
                worked.speed,
                speeds.party,
                speeds.monsters,
                worked.environment,
                terrain.label(),
            );
            (worked.chance, pursuit.to_string(), how)
        }
    };
    note(
        world,
        expedition,
        ExploreEvent::EvasionChance { chance, how },
    );
    (chance, pursuit)
}

/// The party's evasion in the dungeon (BX-15): whether it gets away, dropping food or
/// treasure when it is not faster (lost whether or not the pursuers stop), and running the
/// pursuit out from `distance` feet (rolled, 2d6 x 10 ft, if 0): runners who ran 30 rounds are
/// exhausted. A party that is not faster and has nothing to drop does not run: it stands and
/// fights.
fn flee(
    world: &mut World,
    expedition: Entity,
    up: &[Entity],
    speeds: Speeds,
    distance: &mut u32,
) -> bool {
    let Speeds { party, monsters } = speeds;
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
    if party <= monsters && drop.is_none() {
        return false;
    }
    if *distance == 0 {
        *distance = dungeon_distance(world, expedition);
    }
    let gap = i32::try_from(*distance).unwrap_or(i32::MAX);
    let Some(evasion) = with_dice(world, expedition, |rng, log| {
        let evasion = dungeon_evasion(rng, party, monsters, drop);
        if let Evasion::Stopped(what, roll) | Evasion::NotStopped(what, roll) = evasion {
            let what = format!(
                "the pursuers to stop for the dropped {} ({DROP_STOPS_IN_6} in 6)",
                dropped_words(what)
            );
            let stop = Verdicts {
                success: "they stop",
                failure: "they come on",
            };
            log_in_six(log, &what, roll, Some(stop));
        }
        evasion
    }) else {
        return false;
    };
    // Pursuers that stop for what was dropped stop at once; otherwise the pursuit is run out.
    let run = match evasion {
        Evasion::Stopped(..) => Run {
            rounds: 1,
            caught: false,
        },
        Evasion::Outran | Evasion::NotStopped(..) | Evasion::Caught => {
            dungeon_run(gap, party, monsters)
        }
    };
    let escapes = evasion.escapes() && !run.caught;
    note(
        world,
        expedition,
        ExploreEvent::Evasion {
            escapes,
            how: format!(
                "party {party} ft, monsters {monsters} ft, {gap} ft apart: {}; ran {} round{}{}",
                words(evasion),
                run.rounds,
                if run.rounds == 1 { "" } else { "s" },
                if run.caught { ", caught" } else { "" }
            ),
        },
    );
    let left_behind = match evasion {
        Evasion::Stopped(Dropped::Food, _) | Evasion::NotStopped(Dropped::Food, _) => carrier
            .and_then(|c| {
                let mut s = world.get_mut::<Supplies>(c)?;
                s.rations = s.rations.saturating_sub(1);
                let who = world.get::<Character>(c)?.name.clone();
                Some((who, "ration", 1))
            }),
        Evasion::Stopped(Dropped::Treasure, _) | Evasion::NotStopped(Dropped::Treasure, _) => {
            world.get_mut::<Haul>(expedition).map(|mut h| {
                let half = h.0 / 2;
                h.0 = h.0.saturating_sub(half);
                ("the party".to_string(), "gp", half)
            })
        }
        Evasion::Outran | Evasion::Caught => None,
    };
    if let Some((who, what, amount)) = left_behind.filter(|(_, _, amount)| *amount > 0) {
        note(
            world,
            expedition,
            ExploreEvent::Dropped {
                who,
                what: what.into(),
                amount: u64::from(amount),
                why: "dropped for the pursuers".into(),
            },
        );
    }
    if run.exhausts() {
        exhaust(world, expedition, up);
    }
    escapes
}

/// Runners who ran 30 rounds are exhausted until they have rested three full turns (BX-15).
/// Ruling: the party takes those turns of rest first thing, before the rest of its plan (after
/// the fight, if it was caught).
fn exhaust(world: &mut World, expedition: Entity, up: &[Entity]) {
    if let Some(mut plan) = world.get_mut::<Plan>(expedition) {
        let resting = plan
            .0
            .iter()
            .take_while(|a| matches!(a, Activity::Rest))
            .count();
        for _ in resting..usize::from(EXHAUSTION_REST_TURNS) {
            plan.0.push_front(Activity::Rest);
        }
    }
    for &member in up {
        afflict(world, expedition, member, EXHAUSTED, EXHAUSTION_REST_TURNS);
    }
}

/// What a fleeing party drops, in words.
fn dropped_words(what: Dropped) -> &'static str {
    match what {
        Dropped::Food => "food",
        Dropped::Treasure => "treasure",
    }
}

/// An evasion in words, for the log.
fn words(evasion: Evasion) -> String {
    match evasion {
        Evasion::Outran => "outran them".into(),
        Evasion::Stopped(what, roll) => format!(
            "dropped {}, and the pursuers stop for it ({} on a d6)",
            dropped_words(what),
            roll.face
        ),
        Evasion::NotStopped(what, roll) => format!(
            "dropped {}, but the pursuers come on ({} on a d6)",
            dropped_words(what),
            roll.face
        ),
        Evasion::Caught => "nothing to drop: caught".into(),
    }
}
