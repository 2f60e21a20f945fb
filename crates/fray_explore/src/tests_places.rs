//! Moving through a dungeon, its doors, traps, monsters and treasure, and the party's policy,
//! with a toy procedure and forced dice.

use std::sync::Arc;

use bevy_app::App;
use bevy_ecs::prelude::*;
use fray_content::source::SourceFile;
use fray_core::rng::EncounterRng;

use crate::prelude::*;

/// A toy ruleset: stuck doors open on 3 in 6, traps spring on 2 in 6, 120 ft a turn (360 on
/// familiar ground).
struct Toy;

impl Procedure for Toy {
    fn ruleset(&self) -> &'static str {
        "toy"
    }

    fn timekeeping(&self) -> Timekeeping {
        Timekeeping {
            round: GameTime::from_seconds(10),
            turn: GameTime::TURN,
            torch: GameTime::HOUR,
            lantern: GameTime::HOUR,
        }
    }

    fn build_expedition(&self, _: &mut EntityWorldMut<'_>) -> Result<(), ExploreError> {
        Ok(())
    }

    fn pace(&self) -> Pace {
        Pace {
            unknown: 120,
            familiar: 360,
        }
    }

    fn force_door(&self, dice: &mut TurnDice<'_>) -> bool {
        dice.in_six("forcing", 3)
    }

    fn trap_springs(&self, dice: &mut TurnDice<'_>) -> bool {
        dice.in_six("trap", 2)
    }
}

/// a - b (stuck door), b - c, trap in b; a - d, 200 ft, a rat in d; c - e (secret door),
/// d - e (locked door); treasure in c and e.
const DUNGEON: &str = r#"Dungeon(
    id: "toy-dungeon", name: "Toy", ruleset: "toy", entrance: "a",
    areas: [
        (id: "a"),
        (id: "b", trap: (name: "spikes", damage: "1d6")),
        (id: "c", treasure: 50),
        (id: "d", monsters: [(statblock: "rat", count: 1)]),
        (id: "e", treasure: 100),
    ],
    passages: [
        (from: "a", to: "b", feet: 30, door: (id: "b-door", state: Stuck)),
        (from: "b", to: "c", feet: 30),
        (from: "a", to: "d", feet: 200),
        (from: "c", to: "e", feet: 20, door: (id: "e-secret", state: Secret)),
        (from: "d", to: "e", feet: 30, door: (id: "e-lock", state: Locked)),
    ],
)"#;

pub(super) fn app() -> App {
    let mut app = App::new();
    app.add_plugins(FrayExplorePlugin).register_procedure(Toy);
    app
}

/// An expedition into the toy dungeon with this plan and policy, one member (8 HP), and these
/// dice.
pub(super) fn delve(
    world: &mut World,
    route: &[&str],
    policy: ExpeditionPolicy,
    faces: Vec<u32>,
) -> (Entity, Entity) {
    let dungeon: DungeonSpec = SourceFile::new("toy.ron", DUNGEON).parse().unwrap();
    let spec = ExpeditionSpec {
        id: "toy-delve".into(),
        name: "Toy delve".into(),
        ruleset: "toy".into(),
        description: String::new(),
        dungeon: Some("toy-dungeon".into()),
        wilderness: None,
        vessel: None,
        mount: None,
        party: vec![PartyMemberSpec {
            name: "Aldo".into(),
            statblock: "fighter".into(),
            hp: 8,
            supplies: Supplies {
                torches: 6,
                ..Supplies::default()
            },
            lit: Some(LightKind::Torch),
        }],
        plan: PlanSpec {
            route: route.iter().map(|s| s.to_string()).collect(),
            goal: None,
            policy,
            march: March::Normal,
        },
        max_turns: 100,
    };
    let e = world
        .spawn_delve(&spec, Arc::new(dungeon), 1, true)
        .unwrap();
    world
        .entity_mut(e)
        .insert(ExpeditionRng(EncounterRng::scripted(faces)));
    let member = world.get::<Party>(e).unwrap().order[0];
    (e, member)
}

pub(super) fn bold() -> ExpeditionPolicy {
    ExpeditionPolicy {
        stance: Stance::Bold,
        rest_every: 0,
        turn_back_below_hp_percent: 0,
        turn_back_light_turns: 0,
    }
}

fn area_of(world: &World, e: Entity) -> String {
    let at = world.get::<Position>(e).unwrap().area;
    world.get::<Area>(at).unwrap().id.clone()
}

fn logged(world: &World, e: Entity) -> Vec<ExploreEvent> {
    world
        .get::<ExpeditionLog>(e)
        .unwrap()
        .entries()
        .iter()
        .map(|x| x.event.clone())
        .collect()
}

#[test]
fn a_party_forces_a_stuck_door_crosses_a_trap_and_takes_the_treasure_beyond() {
    let mut app = app();
    let world = app.world_mut();
    // Turn 1: forcing fails (4), the turn is spent. Turn 2: forced (3), into b. Turn 3: the
    // trap in b springs as the party crosses it (2), 1d6 = 5; into c, 50 gp.
    let (e, aldo) = delve(world, &["c"], bold(), vec![4, 3, 2, 5]);
    explore_turn(world);
    assert_eq!(area_of(world, e), "a");
    assert!(logged(world, e).contains(&ExploreEvent::DoorHolds {
        door: "b-door".into()
    }));
    explore_turn(world);
    assert_eq!(area_of(world, e), "b");
    explore_turn(world);
    assert_eq!(area_of(world, e), "c");
    assert_eq!(world.get::<Vitals>(aldo).unwrap().hp, 3);
    assert_eq!(world.get::<Haul>(e).unwrap().0, 50);
    let events = logged(world, e);
    assert!(events.contains(&ExploreEvent::TrapSprung {
        trap: "spikes".into(),
        who: "Aldo".into(),
        damage: 5,
    }));
    // Back out: b's trap is sprung and the door open, so no more dice; 30 + 30 ft on familiar
    // ground, a turn each (entering an area ends the move), then out.
    run_expeditions(world, 10);
    assert_eq!(
        world.get::<Expedition>(e).unwrap().state,
        ExpeditionState::Ended(ExpeditionEnding::Returned)
    );
}

#[test]
fn a_member_a_trap_kills_is_marked_dead_at_the_end_of_that_turn() {
    let mut app = app();
    let world = app.world_mut();
    // As above: the trap in b deals 5 in turn 3, to Aldo at 5 HP.
    let (e, aldo) = delve(world, &["c"], bold(), vec![4, 3, 2, 5]);
    world.get_mut::<Vitals>(aldo).unwrap().hp = 5;
    explore_turn(world);
    explore_turn(world);
    assert_eq!(world.get::<DiedAt>(aldo), None);
    explore_turn(world);
    assert_eq!(world.get::<Vitals>(aldo).unwrap().life, Life::Dead);
    assert_eq!(
        world.get::<DiedAt>(aldo),
        Some(&DiedAt(GameTime::turns(3).unwrap()))
    );
    assert_eq!(
        world.get::<Expedition>(e).unwrap().state,
        ExpeditionState::Ended(ExpeditionEnding::PartyDead)
    );
    run_expeditions(world, 5);
    assert_eq!(
        world.get::<DiedAt>(aldo),
        Some(&DiedAt(GameTime::turns(3).unwrap())),
        "marked once"
    );
}

#[test]
fn a_long_passage_takes_turns_and_familiar_ground_is_crossed_faster() {
    let mut app = app();
    let world = app.world_mut();
    let (e, _) = delve(world, &["d", "a"], bold(), vec![]);
    explore_turn(world);
    assert_eq!(area_of(world, e), "a", "120 of 200 ft");
    explore_turn(world);
    assert_eq!(area_of(world, e), "d");
    let meetings = world.get::<Meetings>(e).unwrap();
    assert_eq!(meetings.total, 1, "the rat living in d is met");
    assert_eq!(meetings.pending[0].source, MeetingSource::Stocked);
    explore_turn(world);
    assert_eq!(area_of(world, e), "a", "360 ft a turn on familiar ground");
}

#[test]
fn fight_meetings_takes_the_oldest_meeting_and_logs_a_fight_that_cannot_start() {
    let mut app = app();
    let world = app.world_mut();
    let (e, _) = delve(world, &["d", "a"], bold(), vec![]);
    explore_turn(world);
    explore_turn(world);
    assert_eq!(world.get::<Meetings>(e).unwrap().pending.len(), 1);
    // No combat ruleset and no content here: the rat cannot be fought, and the log says why.
    crate::meeting::fight_meetings::<Party>(world);
    assert!(world.get::<Meetings>(e).unwrap().pending.is_empty());
    assert!(world.get::<Fighting>(e).is_none());
    assert!(
        logged(world, e)
            .iter()
            .any(|event| matches!(event, ExploreEvent::NoFight { .. }))
    );
}

#[test]
fn a_secret_door_is_passable_only_once_a_search_found_it_and_a_locked_one_never() {
    let mut app = app();
    let world = app.world_mut();
    let (e, _) = delve(world, &["e"], bold(), vec![3]);
    world.get_mut::<Position>(e).unwrap().area = {
        let dungeon = world.get::<Position>(e).unwrap().dungeon;
        world.get::<Dungeon>(dungeon).unwrap().areas["c"]
    };
    explore_turn(world);
    assert!(logged(world, e).contains(&ExploreEvent::NoWay { to: "e".into() }));
    assert_eq!(area_of(world, e), "c");
    world
        .get_mut::<Plan>(e)
        .unwrap()
        .0
        .push_front(Activity::GoTo { area: "e".into() });
    world
        .get_mut::<Discoveries>(e)
        .unwrap()
        .searched
        .insert("c".into());
    explore_turn(world);
    assert_eq!(area_of(world, e), "e");
    assert!(logged(world, e).contains(&ExploreEvent::DoorOpened {
        door: "e-secret".into(),
        how: "found".into()
    }));
    assert_eq!(world.get::<Haul>(e).unwrap().0, 100);
}

#[test]
fn a_cautious_party_searches_each_new_area_and_rests_by_its_policy() {
    let mut app = app();
    let world = app.world_mut();
    let policy = ExpeditionPolicy {
        stance: Stance::Cautious,
        rest_every: 2,
        ..bold()
    };
    let (e, _) = delve(world, &["d"], policy, vec![]);
    let mut activities = Vec::new();
    for _ in 0..5 {
        explore_turn(world);
        activities.push(
            world
                .get::<CurrentActivity>(e)
                .unwrap()
                .0
                .clone()
                .map(|a| a.label()),
        );
    }
    assert_eq!(
        activities,
        vec![
            Some("moving"),
            Some("moving"),
            Some("resting"),
            Some("searching"),
            Some("moving")
        ]
    );
}

#[test]
fn a_wounded_party_turns_back_and_leaves() {
    let mut app = app();
    let world = app.world_mut();
    let policy = ExpeditionPolicy {
        turn_back_below_hp_percent: 50,
        ..bold()
    };
    let (e, aldo) = delve(world, &["d"], policy, vec![]);
    explore_turn(world);
    world.get_mut::<Vitals>(aldo).unwrap().hp = 3;
    run_expeditions(world, 10);
    assert_eq!(
        world.get::<Expedition>(e).unwrap().state,
        ExpeditionState::Ended(ExpeditionEnding::TurnedBack)
    );
    assert!(logged(world, e).contains(&ExploreEvent::TurnedBack {
        reason: "wounds".into()
    }));
    assert!(world.get::<PolicyState>(e).unwrap().turned_back);
}
