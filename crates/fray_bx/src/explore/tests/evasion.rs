//! Evasion and pursuit played through a real `App` with forced dice (BX-15): running and its
//! exhaustion in the dungeon, the wilderness table and its day-by-day pursuit, and the water's
//! table.

use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_content::options::OptionValue;
use fray_content::source::SourceFile;
use fray_core::effect::{BonusTo, Effects};
use fray_core::rng::EncounterRng;
use fray_explore::prelude::*;

use super::super::evasion::EXHAUSTED;
use super::super::meet;
use super::super::wilderness::TravelDays;
use super::{expedition, fighting_app, rats};

fn goblins(count: u16) -> Vec<Foes> {
    vec![Foes {
        statblock: "mire-goblin".into(),
        count,
    }]
}

fn meeting(distance_ft: u32, foes: Vec<Foes>) -> Meeting {
    Meeting {
        at: GameTime::ZERO,
        source: MeetingSource::Wandering,
        distance_ft,
        foes,
        area: None,
    }
}

fn cautious() -> ExpeditionPolicy {
    ExpeditionPolicy {
        stance: Stance::Cautious,
        ..ExpeditionPolicy::default()
    }
}

fn logged(world: &World, e: Entity) -> String {
    format!("{:?}", world.get::<ExpeditionLog>(e).unwrap().entries())
}

#[test]
fn bx15_runners_no_faster_than_their_pursuers_run_30_rounds_and_fight_exhausted() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // The party moves at its cleric's 60 ft, as fast as the mire goblins: it drops a ration,
    // the goblins' d6 shows 4 and they come on. The gap neither closes nor opens: after 30
    // rounds the runners are exhausted and caught.
    let (e, [aldo, bea]) = expedition(world, vec![Activity::Explore], vec![4]);
    world.get_mut::<Supplies>(bea).unwrap().rations = 2;
    world.entity_mut(e).insert((cautious(), Haul::default()));
    let setup = meet::setup(world, e, meeting(50, goblins(2)));
    assert_eq!(
        setup.options.ruleset.get("evade"),
        None,
        "caught: no evasion"
    );
    let log = logged(world, e);
    assert!(
        log.contains("party 60 ft, monsters 60 ft, 50 ft apart: dropped food, but the pursuers come on (4 on a d6); ran 30 rounds, caught"),
        "{log}"
    );
    for m in [aldo, bea] {
        assert_eq!(world.get::<Afflictions>(m).unwrap().level(EXHAUSTED), 3);
    }
    // The party rests its three turns first thing, then goes on with its plan.
    let plan: Vec<Activity> = world.get::<Plan>(e).unwrap().0.iter().cloned().collect();
    assert_eq!(
        plan,
        vec![
            Activity::Rest,
            Activity::Rest,
            Activity::Rest,
            Activity::Explore
        ]
    );
    // In the fight: -2 to hit, to damage and to AC.
    world.start_fight_with(e, setup).unwrap();
    let pairs = world.get::<Fighting>(e).unwrap().members.clone();
    let effects = world.get::<Effects>(pairs[0].1).unwrap();
    assert_eq!(effects.bonus(BonusTo::Attacks), -2);
    assert_eq!(effects.bonus(BonusTo::Damage), -2);
    assert_eq!(effects.bonus(BonusTo::Defenses), -2);
}

#[test]
fn bx15_exhaustion_lasts_until_three_full_turns_of_rest() {
    let mut app = fighting_app();
    let world = app.world_mut();
    let plan = vec![
        Activity::Rest,
        Activity::Explore,
        Activity::Rest,
        Activity::Rest,
    ];
    // Wandering checks at turns 2 and 4 miss.
    let (_, [aldo, _]) = expedition(world, plan, vec![6, 6]);
    world
        .get_mut::<Afflictions>(aldo)
        .unwrap()
        .set(EXHAUSTED, 3);
    let level = |world: &World| world.get::<Afflictions>(aldo).unwrap().level(EXHAUSTED);
    explore_turn(world);
    assert_eq!(level(world), 2);
    explore_turn(world);
    assert_eq!(level(world), 2, "a turn of exploring is no rest");
    explore_turn(world);
    assert_eq!(level(world), 1);
    explore_turn(world);
    assert_eq!(level(world), 0, "three turns of rest lift it");
}

#[test]
fn bx15_a_faster_party_that_outruns_its_pursuers_is_not_exhausted() {
    let mut app = fighting_app();
    let world = app.world_mut();
    let (e, [aldo, bea]) = expedition(world, vec![Activity::Explore], vec![]);
    world.get_mut::<Vitals>(bea).unwrap().life = Life::Dead;
    world.entity_mut(e).insert((cautious(), Haul::default()));
    // The fighter's 90 ft against the goblins' 60 from 100 ft: out of sight in round 1.
    let setup = meet::setup(world, e, meeting(100, goblins(2)));
    assert_eq!(
        setup.options.ruleset.get("evade_chance"),
        Some(&OptionValue::Int(100))
    );
    assert!(logged(world, e).contains("outran them; ran 1 round"));
    assert!(!world.get::<Afflictions>(aldo).unwrap().has(EXHAUSTED));
}

/// A cautious B/X party of two outdoors in `terrain`, aboard a vessel of `vessel` ft a turn if
/// given.
fn outdoors(world: &mut World, terrain: Terrain, vessel: Option<u32>) -> Entity {
    let (e, _) = expedition(world, vec![Activity::Explore], vec![]);
    world.entity_mut(e).insert((
        cautious(),
        Haul::default(),
        Whereabouts {
            wilderness: e,
            site: e,
            trek: None,
            visited: Default::default(),
            terrain,
        },
    ));
    if let Some(movement) = vessel {
        let spec: VesselSpec = SourceFile::new(
            "boat.ron",
            format!("(name: \"Skiff\", kind: Boat, movement: {movement})"),
        )
        .parse()
        .unwrap();
        world.entity_mut(e).insert(Vessel {
            spec,
            taking_water: false,
        });
    }
    e
}

#[test]
fn bx15_outdoors_the_chance_is_the_table_by_group_sizes_with_a_pursuit_by_day() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // Two members flee three rats: 1-4 fleeing, 2-3 pursuers: 70%. The rats (120) are twice
    // as fast as the party (its cleric's 60): -25%. Faster pursuers: the pursuit may catch up.
    let e = outdoors(world, Terrain::Clear, None);
    let setup = meet::setup(world, e, meeting(0, rats(3)));
    let options = &setup.options.ruleset;
    assert_eq!(options.get("evade_chance"), Some(&OptionValue::Int(45)));
    assert_eq!(
        options.get("pursuit"),
        Some(&OptionValue::Text("wilderness-faster".into()))
    );
    assert!(logged(world, e).contains("2 fleeing 3: 70%, -25% for speed"));
    // In the woods, from four goblins as slow as the party: 90%, +25% for the woods: 100%,
    // and a pursuit that cannot catch up.
    let e = outdoors(world, Terrain::Woods, None);
    let setup = meet::setup(world, e, meeting(0, goblins(4)));
    let options = &setup.options.ruleset;
    assert_eq!(options.get("evade_chance"), Some(&OptionValue::Int(100)));
    assert_eq!(
        options.get("pursuit"),
        Some(&OptionValue::Text("wilderness".into()))
    );
}

#[test]
fn bx15_on_the_water_the_chance_is_the_table_by_the_difference_of_speeds() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // A skiff of 90 ft a turn is 30 ft a round; rats swim 120 a turn, 40 a round: 10 ft
    // slower, 50%; the pursuers close at least 30 ft a round, so a failure is caught.
    let e = outdoors(world, Terrain::River, Some(90));
    let setup = meet::setup(world, e, meeting(0, rats(2)));
    let options = &setup.options.ruleset;
    assert_eq!(options.get("evade_chance"), Some(&OptionValue::Int(50)));
    assert_eq!(options.get("pursuit"), None);
    // A galley of 450 a turn (150 a round) outruns them: 80%.
    let e = outdoors(world, Terrain::Lake, Some(450));
    let setup = meet::setup(world, e, meeting(0, rats(2)));
    assert_eq!(
        setup.options.ruleset.get("evade_chance"),
        Some(&OptionValue::Int(80))
    );
}

#[test]
fn bx15_the_days_of_a_wilderness_pursuit_are_spent_fleeing_with_no_way_made() {
    let mut app = fighting_app();
    let world = app.world_mut();
    let wild: WildernessSpec = SourceFile::new(
        "toy.ron",
        r#"Wilderness(id: "toy", name: "Toy", ruleset: "bx", start: "home",
            sites: [(id: "home", terrain: Settled), (id: "far", terrain: Settled)],
            legs: [(from: "home", to: "far", miles: 200, terrain: Road)])"#,
    )
    .parse()
    .unwrap();
    let spec: ExpeditionSpec = SourceFile::new(
        "trek.ron",
        r#"Expedition(id: "trek", name: "Trek", ruleset: "bx", wilderness: "toy",
            party: [(name: "Aldo", statblock: "thief-1", hp: 8, supplies: (rations: 9))],
            plan: (goal: "far", policy: (stance: Bold)))"#,
    )
    .parse()
    .unwrap();
    let e = world.spawn_journey(&spec, Arc::new(wild), 1, true).unwrap();
    // A pursuit of three days: the meeting's day and two more.
    world.get_mut::<TravelDays>(e).unwrap().fleeing = 2;
    // Day 1 and 2: the wandering check (6) each; no way is made, nothing is foraged.
    world
        .entity_mut(e)
        .insert(ExpeditionRng(EncounterRng::scripted([6, 6])));
    explore_turn(world);
    explore_turn(world);
    assert_eq!(world.get::<TravelDays>(e).unwrap().fleeing, 0);
    assert_eq!(world.get::<TravelDays>(e).unwrap().since_rest, 2);
    let covered = world
        .get::<Whereabouts>(e)
        .unwrap()
        .trek
        .map_or(0, |t| t.covered);
    assert_eq!(covered, 0);
    let log = logged(world, e);
    assert_eq!(
        log.matches("it flees its pursuers in a random direction")
            .count(),
        2,
        "{log}"
    );
}

#[test]
fn bx15_a_pursuit_the_fight_plays_over_two_days_leaves_one_more_day_of_fleeing() {
    use fray_core::drive::run_until_blocked;
    use fray_core::outcome::Ending as FightEnding;
    let mut app = fighting_app();
    let world = app.world_mut();
    // 45% against three faster rats (see above). Surprise 3 and 4; 4d6 yards 2 + 3 + 4 + 5; the
    // evasion 50 (fails); day 1: catching up 70 (no), evading 60 (no); day 2: catching up 80
    // (no), evading 10: away after two days.
    let e = outdoors(world, Terrain::Clear, None);
    let setup = meet::setup(world, e, meeting(0, rats(3)));
    let encounter = world.start_fight_with(e, setup).unwrap();
    world.entity_mut(encounter).insert(EncounterRng::scripted([
        3, 4, 2, 3, 4, 5, 50, 70, 60, 80, 10,
    ]));
    run_until_blocked(world, 1_000);
    let result = world.end_fight(e).unwrap();
    assert_eq!(result.outcome.map(|o| o.ending), Some(FightEnding::Evaded));
    assert_eq!(world.get::<TravelDays>(e).unwrap().fleeing, 1);
}
