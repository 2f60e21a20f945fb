//! Wilderness days played through a real `App` with forced dice (BX-09 outdoors, BX-11,
//! BX-12), and the built-in trek played to its end.

use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_content::source::SourceFile;
use fray_core::combatant::Controller;
use fray_core::drive::run_until_blocked;
use fray_core::encounter::{Roster, Sides};
use fray_core::log::CombatLog;
use fray_core::log_text::LogNames;
use fray_core::region::EncounterMap;
use fray_core::rng::EncounterRng;
use fray_explore::fight::{MONSTER_SIDE, PARTY_SIDE};
use fray_explore::prelude::*;

use super::super::meet;
use super::{expedition, fighting_app, rats};

/// A toy wilderness: one leg of `miles` across `terrain` from `home` to `far`, and a table of
/// giant rats for every terrain the tests use.
fn toy(terrain: &str, miles: u32) -> WildernessSpec {
    let text = format!(
        r#"Wilderness(id: "toy", name: "Toy", ruleset: "bx", start: "home",
            sites: [(id: "home", terrain: Settled), (id: "far", name: "Far Tor", terrain: Hills)],
            legs: [(from: "home", to: "far", miles: {miles}, terrain: {terrain})],
            wandering: [(terrain: Swamp, entries: [(statblock: "giant-rat", count: "2"),
                (statblock: "giant-rat", count: "3")])],
        )"#
    );
    SourceFile::new("toy.ron", text).parse().unwrap()
}

/// A bold party of two thieves (120', nine days of rations each) in `wild`, its expedition
/// taking `fields` (RON) and this plan's `extra` fields, with these dice.
fn thieves(
    world: &mut World,
    wild: WildernessSpec,
    fields: &str,
    extra_plan: &str,
    faces: Vec<u32>,
) -> Entity {
    let text = format!(
        r#"Expedition(id: "trek", name: "Trek", ruleset: "bx", wilderness: "toy",
            party: [(name: "Aldo", statblock: "thief-1", hp: 8, supplies: (rations: 9)),
                    (name: "Dara", statblock: "thief-1", hp: 8, supplies: (rations: 9))],
            {fields}
            plan: (goal: "far", {extra_plan} policy: (stance: Bold)))"#
    );
    let spec: ExpeditionSpec = SourceFile::new("trek.ron", text).parse().unwrap();
    let e = world.spawn_journey(&spec, Arc::new(wild), 1, true).unwrap();
    world
        .entity_mut(e)
        .insert(ExpeditionRng(EncounterRng::scripted(faces)));
    e
}

/// The two thieves journeying to `far` and home, marching `march`, with these dice.
fn journey(world: &mut World, wild: WildernessSpec, march: &str, faces: Vec<u32>) -> Entity {
    thieves(world, wild, "", &format!("march: {march},"), faces)
}

/// The two thieves on `mount` (RON) journeying to `far`, with these dice.
fn ride(world: &mut World, wild: WildernessSpec, mount: &str, faces: Vec<u32>) -> Entity {
    thieves(world, wild, &format!("mount: {mount},"), "", faces)
}

fn covered(world: &World, e: Entity) -> Option<u32> {
    world.get::<Whereabouts>(e).unwrap().trek.map(|t| t.covered)
}

fn events(world: &World, e: Entity) -> Vec<ExploreEvent> {
    world
        .get::<ExpeditionLog>(e)
        .unwrap()
        .entries()
        .iter()
        .map(|x| x.event.clone())
        .collect()
}

#[test]
fn bx11_a_day_in_the_woods_makes_16_miles_and_a_lost_day_on_2_in_6_makes_none() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // Day 1: wandering 6 (woods: 2 in 6, none), losing direction 3 (2 in 6: not lost),
    // foraging 6. Day 2: wandering 6, losing direction 2 (lost), foraging 6.
    let e = journey(world, toy("Woods", 40), "Normal", vec![6, 3, 6, 6, 2, 6]);
    explore_turn(world);
    assert_eq!(covered(world, e), Some(16), "120' / 5 = 24, a third slower");
    assert_eq!(world.get::<Clock>(e).unwrap().elapsed(), GameTime::DAY);
    explore_turn(world);
    assert_eq!(covered(world, e), Some(16), "lost: no way made");
    assert!(
        events(world, e)
            .iter()
            .any(|x| matches!(x, ExploreEvent::Lost { terrain } if terrain == "woods"))
    );
    assert_eq!(
        world.get::<Clock>(e).unwrap().elapsed(),
        GameTime::DAY.checked_mul(2).unwrap()
    );
    let party = world.get::<Party>(e).unwrap().order.clone();
    assert_eq!(
        world.get::<Supplies>(party[0]).unwrap().rations,
        7,
        "a ration a day"
    );
    assert_eq!(
        world
            .get::<ExpeditionRng>(e)
            .unwrap()
            .0
            .scripted_remaining(),
        Some(0)
    );
}

#[test]
fn bx11_a_forced_march_makes_36_miles_in_clear_land_then_the_party_rests_a_day_and_heals() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // Day 1: wandering 6, losing direction 6 (clear: 1 in 6), foraging 6.
    let e = journey(world, toy("Clear", 100), "Forced", vec![6, 6, 6]);
    explore_turn(world);
    assert_eq!(covered(world, e), Some(36));
    // Day 2 (rest): wandering 6; Aldo is wounded, and the day of rest heals him 1d3 = 2
    // (BX-06).
    let aldo = world.get::<Party>(e).unwrap().order[0];
    world.get_mut::<Vitals>(aldo).unwrap().wound(3);
    world
        .entity_mut(e)
        .insert(ExpeditionRng(EncounterRng::scripted([6, 2])));
    explore_turn(world);
    assert_eq!(world.get::<Vitals>(aldo).unwrap().hp, 7);
    assert_eq!(
        covered(world, e),
        Some(36),
        "the day after a forced march is rest"
    );
    assert!(
        events(world, e)
            .iter()
            .any(|x| matches!(x, ExploreEvent::Halted { why } if why.contains("forced march")))
    );
    assert_eq!(
        world
            .get::<ExpeditionRng>(e)
            .unwrap()
            .0
            .scripted_remaining(),
        Some(0)
    );
}

#[test]
fn bx11_a_road_is_never_lost_and_makes_36_miles_and_foraging_feeds_1d6() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // Wandering 6; no roll to lose the road; foraging 1, then 1d6 = 3.
    let e = journey(world, toy("Road", 30), "Normal", vec![6, 1, 3]);
    explore_turn(world);
    assert_eq!(covered(world, e), None, "30 miles of road: there in a day");
    let log = events(world, e);
    assert!(
        log.iter()
            .any(|x| matches!(x, ExploreEvent::Reached { site } if site == "Far Tor"))
    );
    assert!(
        log.iter()
            .any(|x| matches!(x, ExploreEvent::FoodFound { rations: 3, .. }))
    );
    let party = world.get::<Party>(e).unwrap().order.clone();
    // 9 + 2 found (Aldo gets the first and third) - 1 eaten.
    assert_eq!(world.get::<Supplies>(party[0]).unwrap().rations, 10);
    assert_eq!(world.get::<Supplies>(party[1]).unwrap().rations, 9);
}

#[test]
fn bx09_outdoors_the_check_is_daily_at_the_terrains_chance_3_in_6_in_a_swamp() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // Day 1: wandering 4 (swamp: 3 in 6, none), lost 6, forage 6. Day 2: wandering 3 (met),
    // the table's d2 = 2 (three rats), lost 6, forage 6.
    let e = journey(
        world,
        toy("Swamp", 100),
        "Normal",
        vec![4, 6, 6, 3, 2, 6, 6],
    );
    explore_turn(world);
    assert_eq!(world.get::<Meetings>(e).unwrap().total, 0);
    explore_turn(world);
    let met = events(world, e).into_iter().find_map(|x| match x {
        ExploreEvent::MonstersMet {
            foes, distance_ft, ..
        } => Some((foes, distance_ft)),
        _ => None,
    });
    assert_eq!(
        met,
        Some(("3 x Giant Rat".into(), 0)),
        "the distance is the fight's to roll, after surprise"
    );
    assert!(
        world.get::<Fighting>(e).is_some(),
        "the meeting became a fight"
    );
}

/// A wilderness meeting with two rats, both sides played from outside, the fight's dice
/// forced to `faces`; the fight's log as text.
fn outdoor_meeting(faces: Vec<u32>) -> String {
    let mut app = fighting_app();
    let world = app.world_mut();
    let (e, _) = expedition(world, vec![Activity::Explore], vec![]);
    world.entity_mut(e).insert(Whereabouts {
        wilderness: e,
        site: e,
        trek: None,
        visited: Default::default(),
        terrain: Terrain::Clear,
    });
    let meeting = Meeting {
        at: GameTime::ZERO,
        source: MeetingSource::Wandering,
        distance_ft: 0,
        foes: rats(2),
        area: None,
    };
    let mut setup = meet::setup(world, e, meeting);
    assert_eq!(setup.options.ruleset.get("light"), None, "no light by day");
    setup.controllers = vec![
        (
            PARTY_SIDE.into(),
            Controller::External(fray_core::ids::PlayerId(1)),
        ),
        (
            MONSTER_SIDE.into(),
            Controller::External(fray_core::ids::PlayerId(2)),
        ),
    ];
    let encounter = world.start_fight_with(e, setup).unwrap();
    world
        .entity_mut(encounter)
        .insert(EncounterRng::scripted(faces));
    run_until_blocked(world, 1_000);
    match (
        world.get::<Roster>(encounter),
        world.get::<EncounterMap>(encounter),
        world.get::<Sides>(encounter),
        world.get::<CombatLog>(encounter),
    ) {
        (Some(r), Some(m), Some(s), Some(log)) => LogNames::new(r, m, s).render(log),
        _ => String::new(),
    }
}

#[test]
fn bx09_outdoors_monsters_are_met_4d6_x_10_yards_away() {
    // Surprise: the party 3, the monsters 4 (nobody surprised); 4d6 = 2 + 3 + 4 + 5 = 14.
    let log = outdoor_meeting(vec![3, 4, 2, 3, 4, 5, 1, 1]);
    assert!(log.contains("The sides meet 140 yards apart"), "{log}");
}

#[test]
fn bx09_outdoors_with_surprise_monsters_are_met_1d4_x_10_yards_away() {
    // The party's d6 shows 1: surprised; the monsters 4; 1d4 = 3.
    let log = outdoor_meeting(vec![1, 4, 3, 1, 1]);
    assert!(log.contains("The sides meet 30 yards apart"), "{log}");
}

#[test]
fn the_thornmoor_trek_loads_and_plays_to_an_end_on_every_seed() {
    use fray_core::spawn::Content;
    let mut app = fighting_app();
    let db = app.world().resource::<Content>().0.clone();
    let spec = db.document::<ExpeditionSpec>("bx-thornmoor-trek").unwrap();
    let wild = db
        .document::<WildernessSpec>(spec.wilderness.as_deref().unwrap())
        .unwrap();
    assert!(wild.sites.len() >= 5);
    let world = app.world_mut();
    let mut endings = Vec::new();
    for seed in 0..12 {
        let e = world
            .spawn_delve_from(&db, "bx-thornmoor-trek", seed, true)
            .unwrap();
        run_expeditions(world, spec.max_turns);
        let state = world.get::<Expedition>(e).unwrap().state;
        let log = world.get::<ExpeditionLog>(e).unwrap();
        assert!(
            matches!(state, ExpeditionState::Ended(_)),
            "seed {seed}: {:#?}",
            log.entries()
        );
        assert!(
            log.entries()
                .iter()
                .any(|x| matches!(x.event, ExploreEvent::Reached { .. })),
            "seed {seed}: the party moves"
        );
        if std::env::var("FRAY_SHOW").is_ok() {
            for x in log.entries() {
                eprintln!("{:?} {}", x.at, x.event.text());
            }
        }
        endings.push(state);
        let place = world.get::<Whereabouts>(e).unwrap().wilderness;
        world.despawn(e);
        world.despawn(place);
    }
    assert!(
        endings.contains(&ExpeditionState::Ended(ExpeditionEnding::Journeyed)),
        "{endings:?}"
    );
}

/// The two thieves aboard `vessel` (RON) on one water leg of 100 miles, with these dice.
fn voyage(world: &mut World, leg: &str, vessel: &str, faces: Vec<u32>) -> Entity {
    let wild = format!(
        r#"Wilderness(id: "toy", name: "Toy", ruleset: "bx", start: "home",
            sites: [(id: "home", terrain: Settled), (id: "far", terrain: Settled)],
            legs: [(from: "home", to: "far", miles: 100, {leg})])"#
    );
    let wild: WildernessSpec = SourceFile::new("toy.ron", wild).parse().unwrap();
    thieves(world, wild, &format!("vessel: {vessel},"), "", faces)
}

#[test]
fn bx12_a_rowed_boat_downstream_makes_its_rate_over_five_plus_1d6_plus_6_miles() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // Wandering 6 (river: 2 in 6); a river is not lost; no sails, no wind; current 1d6 = 3.
    let e = voyage(
        world,
        "terrain: River, current: Downstream",
        "(name: \"Punt\", kind: Boat, movement: 120)",
        vec![6, 3],
    );
    explore_turn(world);
    assert_eq!(covered(world, e), Some(24 + 9));
}

#[test]
fn bx12_a_near_gale_doubles_the_sailing_rate_and_a_10_percent_roll_lets_water_in() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // Wandering 6; lost 6 (a lake, in sight of land: 2 in 6); wind 5 + 6 = 11, a near gale;
    // d100 = 5: the seaworthy vessel takes on water (10%): 24 x 2 x 2/3 = 32 miles.
    let e = voyage(
        world,
        "terrain: Lake",
        "(name: \"Heron\", kind: Boat, movement: 120, sails: true)",
        vec![6, 6, 5, 6, 5],
    );
    explore_turn(world);
    assert_eq!(covered(world, e), Some(32));
    assert!(world.get::<Vessel>(e).unwrap().taking_water);
}

#[test]
fn bx12_an_unseaworthy_ship_without_a_navigator_is_lost_at_sea_and_a_gale_sinks_it_on_80_percent() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // Wandering 6; lost 6 (at sea without a navigator: always); wind 6 + 6 = 12, a gale; not in
    // sight of land, so no beaching; d100 = 80: it sinks.
    let e = voyage(
        world,
        "terrain: Sea",
        "(name: \"Tub\", kind: Ship, movement: 120, sails: true, seaworthy: false)",
        vec![6, 6, 6, 6, 80],
    );
    explore_turn(world);
    assert_eq!(
        world.get::<Expedition>(e).unwrap().state,
        ExpeditionState::Ended(ExpeditionEnding::Wrecked)
    );
}

#[test]
fn bx11_griffons_fly_double_their_overland_miles_whatever_the_terrain() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // Griffons fly 360': 72 miles overland, 144 flying, the swamp below not counting. The day:
    // wandering 6 (swamp: 3 in 6, none), losing direction in the air 2 (as clear land, 1 in 6:
    // not lost, where the swamp's 3 in 6 would have lost them), foraging 6.
    let flight = r#"(statblock: "griffon", flying: true)"#;
    let e = ride(world, toy("Swamp", 300), flight, vec![6, 2, 6]);
    explore_turn(world);
    assert_eq!(covered(world, e), Some(144));
    let rolls = format!("{:?}", events(world, e));
    assert!(rolls.contains("losing direction in the air"), "{rolls}");
    // Ridden (not flying), griffons go 72 miles over clear land, halved in the swamp: 36.
    let mut app = fighting_app();
    let world = app.world_mut();
    let ridden = r#"(statblock: "griffon")"#;
    let e = ride(world, toy("Swamp", 300), ridden, vec![6, 4, 6]);
    explore_turn(world);
    assert_eq!(covered(world, e), Some(36));
}

#[test]
fn bx11_a_hippogriff_of_3_hd_cannot_carry_a_rider_and_the_party_walks() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // Thieves on foot in the woods: 16 miles. Wandering 6, losing direction 3, foraging 6.
    let flight = r#"(statblock: "hippogriff", flying: true)"#;
    let e = ride(world, toy("Woods", 300), flight, vec![6, 3, 6]);
    explore_turn(world);
    assert_eq!(covered(world, e), Some(16));
    assert!(events(world, e).iter().any(|x| matches!(
        x,
        ExploreEvent::OnFoot { why } if why.contains("Hippogriff (3 HD) cannot carry a rider")
    )));
}

#[test]
fn bx15_a_mounted_party_evades_at_its_mounts_rate() {
    let mut app = fighting_app();
    let world = app.world_mut();
    let e = ride(
        world,
        toy("Clear", 300),
        r#"(statblock: "griffon", flying: true)"#,
        vec![],
    );
    world.entity_mut(e).insert(ExpeditionPolicy {
        stance: Stance::Cautious,
        ..ExpeditionPolicy::default()
    });
    let meeting = Meeting {
        at: GameTime::ZERO,
        source: MeetingSource::Wandering,
        distance_ft: 0,
        foes: rats(2),
        area: None,
    };
    // Two fleeing two: 70%; griffons (360') are more than twice as fast as rats (120'): +25%.
    let setup = meet::setup(world, e, meeting);
    assert_eq!(
        setup.options.ruleset.get("evade_chance"),
        Some(&fray_content::options::OptionValue::Int(95))
    );
}

#[test]
fn an_unknown_mount_is_a_content_error_at_its_line() {
    let loader = fray_explore::charter::with_expeditions(
        fray_content::loader::ContentLoader::new()
            .with_schema(crate::schema())
            .with_policies(fray_ai::POLICY_NAMES),
    );
    let mut db = loader
        .load_paths(&[concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/bx")])
        .unwrap();
    let text = r#"Expedition(id: "bad-flight", name: "Bad", ruleset: "bx", wilderness: "bx-thornmoor",
    party: [(name: "Aldo", statblock: "thief-1", hp: 8)],
    mount: (statblock: "grifon", flying: true),
    plan: (goal: "barrow-hill"))"#;
    loader
        .add_source(&mut db, SourceFile::new("bad.ron", text))
        .unwrap();
    let found: Vec<String> = loader
        .validate(&mut db)
        .iter()
        .map(|d| format!("{d} {}", d.help.clone().unwrap_or_default()))
        .collect();
    assert!(
        found.iter().any(|p| p.starts_with("bad.ron:3:")
            && p.contains("unknown bx statblock `grifon`")
            && p.contains("`griffon`")),
        "{found:#?}"
    );
}
