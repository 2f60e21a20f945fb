//! The dungeon turn played through a real `App`, with forced dice.

use bevy_app::App;
use bevy_ecs::prelude::*;
use fray_core::rng::EncounterRng;
use fray_explore::prelude::*;

use super::BxExplorePlugin;
use super::rest::WEARY;
use super::searching::Searched;

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((FrayExplorePlugin, BxExplorePlugin::default()));
    app
}

/// A B/X expedition with this plan, two members (a torch each, no spares) and these dice.
fn expedition(world: &mut World, plan: Vec<Activity>, faces: Vec<u32>) -> (Entity, [Entity; 2]) {
    let e = world
        .spawn_expedition(&ExpeditionSettings {
            id: "delve".into(),
            ruleset: "bx".into(),
            seed: 1,
            log: true,
            plan,
        })
        .unwrap();
    let mut member = |name: &str, statblock: &str| {
        world
            .add_member(
                e,
                &MemberSpec {
                    character: Character {
                        name: name.into(),
                        statblock: statblock.into(),
                    },
                    max_hp: 8,
                    supplies: Supplies {
                        torches: 1,
                        ..Default::default()
                    },
                    lit: Some(LightKind::Torch),
                },
            )
            .unwrap()
    };
    let members = [member("Aldo", "fighter-1"), member("Bea", "cleric-1")];
    world
        .entity_mut(e)
        .insert(ExpeditionRng(EncounterRng::scripted(faces)));
    (e, members)
}

fn dice_left(world: &World, e: Entity) -> Option<usize> {
    world
        .get::<ExpeditionRng>(e)
        .unwrap()
        .0
        .scripted_remaining()
}

#[test]
fn bx01_a_bx_turn_is_ten_minutes_of_ten_second_rounds() {
    let mut app = app();
    let world = app.world_mut();
    let (e, _) = expedition(world, vec![Activity::Explore; 1], vec![]);
    let time = *world.get::<Timekeeping>(e).unwrap();
    assert_eq!(time.turn.checked_div(time.round), Some(60));
    assert_eq!(GameTime::HOUR.checked_div(time.turn), Some(6));
    explore_turn(world);
    assert_eq!(world.get::<Clock>(e).unwrap().elapsed(), GameTime::TURN);
}

#[test]
fn bx09_the_dungeon_checks_for_wandering_monsters_every_second_turn() {
    let mut app = app();
    let world = app.world_mut();
    // Turn 2: 1 in 6 comes up, 2d6 = 3 + 4: 70 ft. Turn 4: a 2, nothing.
    let (e, _) = expedition(world, vec![Activity::Explore; 4], vec![1, 3, 4, 2]);
    explore_turn(world);
    assert_eq!(dice_left(world, e), Some(4), "no check on the first turn");
    explore_turn(world);
    let meetings = world.get::<Meetings>(e).unwrap();
    assert_eq!((meetings.total, meetings.wandering), (1, 1));
    let met = world
        .get::<ExpeditionLog>(e)
        .unwrap()
        .entries()
        .iter()
        .find(|entry| matches!(entry.event, ExploreEvent::MonstersMet { .. }))
        .cloned()
        .unwrap();
    assert_eq!(met.at, GameTime::TURN);
    assert_eq!(
        met.event,
        ExploreEvent::MonstersMet {
            source: MeetingSource::Wandering,
            distance_ft: 70,
            foes: String::new(),
        }
    );
    explore_turn(world);
    explore_turn(world);
    assert_eq!(dice_left(world, e), Some(0));
    assert_eq!(world.get::<Meetings>(e).unwrap().total, 1);
}

#[test]
fn bx10_every_living_member_searches_an_area_once() {
    let mut app = app();
    let world = app.world_mut();
    let crypt = Activity::Search {
        area: "crypt".into(),
    };
    // Turn 1: Aldo rolls 5, Bea 1 (found). Turn 2: the wandering check (6); nobody searches
    // the crypt a second time.
    let (e, _) = expedition(world, vec![crypt.clone(), crypt], vec![5, 1, 6]);
    run_expeditions(world, 10);
    assert_eq!(dice_left(world, e), Some(0));
    let searched = &world.get::<Searched>(e).unwrap().0;
    assert!(searched.tried("crypt", "Aldo") && searched.tried("crypt", "Bea"));
    assert!(searched.succeeded("crypt"));
    assert_eq!(
        world.get::<Clock>(e).unwrap().elapsed(),
        GameTime::turns(2).unwrap(),
        "a search takes a turn"
    );
}

#[test]
fn bx10_the_dead_do_not_search() {
    let mut app = app();
    let world = app.world_mut();
    let (e, [aldo, _]) = expedition(
        world,
        vec![Activity::Search {
            area: "crypt".into(),
        }],
        vec![3],
    );
    world.get_mut::<Vitals>(aldo).unwrap().life = Life::Dead;
    explore_turn(world);
    assert_eq!(dice_left(world, e), Some(0));
    assert!(!world.get::<Searched>(e).unwrap().0.tried("crypt", "Aldo"));
}

#[test]
fn bx10_pressing_on_past_the_hour_makes_the_party_weary_until_it_rests() {
    let mut app = app();
    let world = app.world_mut();
    let mut plan = vec![Activity::Explore; 6];
    plan.push(Activity::Rest);
    // Wandering checks at turns 2, 4 and 6 all miss.
    let (e, [aldo, bea]) = expedition(world, plan, vec![6, 6, 6]);
    for _ in 0..5 {
        explore_turn(world);
    }
    assert!(!world.get::<Afflictions>(aldo).unwrap().has(WEARY));
    explore_turn(world);
    assert_eq!(world.get::<Afflictions>(aldo).unwrap().level(WEARY), 1);
    assert_eq!(world.get::<Afflictions>(bea).unwrap().level(WEARY), 1);
    explore_turn(world);
    assert!(!world.get::<Afflictions>(aldo).unwrap().has(WEARY));
    assert_eq!(dice_left(world, e), Some(0));
}

#[test]
fn bx01_a_torch_burns_six_turns() {
    let mut app = app();
    let world = app.world_mut();
    let (e, [aldo, _]) = expedition(world, vec![Activity::Explore; 12], vec![6; 6]);
    world.get_mut::<Supplies>(aldo).unwrap().torches = 1;
    for _ in 0..5 {
        explore_turn(world);
    }
    assert_eq!(world.get::<Supplies>(aldo).unwrap().torches, 1);
    explore_turn(world);
    // The first torch burned out at the end of turn 6; the spare burns.
    assert_eq!(world.get::<Supplies>(aldo).unwrap().torches, 0);
    for _ in 0..6 {
        explore_turn(world);
    }
    assert!(world.get::<Light>(aldo).is_none(), "both torches are spent");
    assert_eq!(dice_left(world, e), Some(0));
}

#[test]
fn core01_the_same_seed_plays_the_same_expedition() {
    let play = || {
        let mut app = app();
        let world = app.world_mut();
        let (e, _) = expedition(world, vec![Activity::Explore; 40], vec![]);
        world
            .entity_mut(e)
            .insert(ExpeditionRng::for_expedition(99));
        run_expeditions(world, 100);
        world.get::<ExpeditionLog>(e).unwrap().clone()
    };
    assert_eq!(play(), play());
}

/// The built-in B/X content, with its dungeons and expeditions.
fn bx_content() -> fray_content::db::ContentDb {
    fray_explore::charter::with_expeditions(
        fray_content::loader::ContentLoader::new()
            .with_schema(crate::schema())
            .with_policies(fray_ai::POLICY_NAMES),
    )
    .load_paths(&[concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/bx")])
    .unwrap()
}

/// An app that explores and fights in B/X, with the built-in content.
fn fighting_app() -> App {
    use fray_core::kit::prelude::*;
    use fray_core::prelude::*;
    let content = bx_content();
    let mut app = App::new();
    app.add_plugins((
        FrayCorePlugin {
            run: FrayRunMode::Manual,
            ..Default::default()
        },
        fray_ai::FrayAiPlugin,
        crate::FrayBxPlugin,
        FrayExplorePlugin,
        BxExplorePlugin::default(),
    ));
    app.insert_resource(Content(std::sync::Arc::new(content)));
    app.finish();
    app.cleanup();
    app
}

fn rats(count: u16) -> Vec<Foes> {
    vec![Foes {
        statblock: "giant-rat".into(),
        count,
    }]
}

#[test]
fn a_fight_starts_from_the_partys_lasting_hit_points_and_leaves_out_the_dead() {
    use fray_core::kit::prelude::*;

    let mut app = fighting_app();
    let world = app.world_mut();
    let (e, [aldo, bea]) = expedition(world, vec![Activity::Explore], vec![]);
    world.get_mut::<Vitals>(aldo).unwrap().hp = 3;
    world.get_mut::<Vitals>(bea).unwrap().life = Life::Dead;
    let encounter = world.start_fight(e, &rats(2)).unwrap();
    let fighting = world.get::<Fighting>(e).unwrap().clone();
    assert_eq!(fighting.encounter, encounter);
    assert_eq!(fighting.members.len(), 1, "the dead stay out");
    let (member, combatant) = fighting.members[0];
    assert_eq!(member, aldo);
    assert_eq!(world.get::<Hp>(combatant).unwrap().current, 3);
    assert_eq!(
        world.get::<Name>(combatant).map(|n| n.as_str().to_string()),
        Some("Aldo".to_string())
    );
    assert_eq!(world.get::<Roster>(encounter).unwrap().len(), 3);
    assert_eq!(
        world.start_fight(e, &rats(1)),
        Err(FightError::AlreadyFighting)
    );
    assert_eq!(world.end_fight(e), Err(FightError::NotOver));
}

#[test]
fn a_finished_fight_writes_wounds_and_deaths_back_and_is_despawned() {
    use fray_core::kit::prelude::*;
    use fray_core::prelude::*;
    let mut app = fighting_app();
    let world = app.world_mut();
    let (e, members) = expedition(world, vec![Activity::Explore], vec![]);
    let encounter = world.start_fight(e, &rats(6)).unwrap();
    let pairs = world.get::<Fighting>(e).unwrap().members.clone();
    run_until_blocked(world, 100_000);
    assert!(world.get::<Encounter>(encounter).unwrap().is_over());
    let after: Vec<(i32, Status)> = pairs
        .iter()
        .map(|(_, c)| {
            (
                world.get::<Hp>(*c).unwrap().current,
                *world.get::<Status>(*c).unwrap(),
            )
        })
        .collect();
    let result = world.end_fight(e).unwrap();
    for (member, (hp, status)) in members.iter().zip(&after) {
        let vitals = world.get::<Vitals>(*member).unwrap();
        assert_eq!(vitals.hp, (*hp).min(8));
        assert_eq!(vitals.is_alive(), *status != Status::Dead);
        let died = world.get::<DiedAt>(*member).map(|d| d.0);
        let now = world.get::<Clock>(e).unwrap().elapsed();
        assert_eq!(died, (*status == Status::Dead).then_some(now));
    }
    assert!(
        result.hp_lost > 0,
        "six rats draw blood: {result:?} {after:?}"
    );
    assert_eq!(
        result.killed.len(),
        after.iter().filter(|(_, s)| *s == Status::Dead).count()
    );
    assert!(
        world.get_entity(encounter).is_err(),
        "the encounter is gone"
    );
    assert!(pairs.iter().all(|(_, c)| world.get_entity(*c).is_err()));
    assert_eq!(world.get::<FightCount>(e).unwrap().0, 1);
    assert_eq!(world.end_fight(e), Err(FightError::NotFighting));
}

#[test]
fn bx10_a_weary_member_fights_at_minus_one_to_hit_and_damage() {
    use fray_core::kit::prelude::*;
    use fray_core::prelude::*;
    let mut app = fighting_app();
    let world = app.world_mut();
    let (e, [aldo, _]) = expedition(world, vec![Activity::Explore], vec![]);
    world.get_mut::<Afflictions>(aldo).unwrap().set(WEARY, 1);
    world.start_fight(e, &rats(1)).unwrap();
    let pairs = world.get::<Fighting>(e).unwrap().members.clone();
    let (weary, fresh) = (pairs[0].1, pairs[1].1);
    let effects = world.get::<Effects>(weary).unwrap();
    assert_eq!(effects.bonus(BonusTo::Attacks), -1);
    assert_eq!(effects.bonus(BonusTo::Damage), -1);
    let fresh = world.get::<Effects>(fresh).unwrap();
    assert_eq!(fresh.bonus(BonusTo::Attacks), 0);
    // The attack rolls carry it: the fight's log names the modifier.
    run_until_blocked(world, 100_000);
    let encounter = world.get::<Fighting>(e).unwrap().encounter;
    let log = format!("{:?}", world.get::<CombatLog>(encounter).unwrap());
    assert!(log.contains("\"effects\""), "{log}");
}

#[test]
fn an_expedition_in_a_fight_sits_its_turns_out() {
    let mut app = fighting_app();
    let world = app.world_mut();
    let (e, _) = expedition(world, vec![Activity::Explore; 3], vec![]);
    world.start_fight(e, &rats(1)).unwrap();
    explore_turn(world);
    assert_eq!(world.get::<Clock>(e).unwrap().elapsed(), GameTime::ZERO);
    assert_eq!(world.get::<Plan>(e).unwrap().0.len(), 3);
}

#[test]
fn a_fight_whose_encounter_is_gone_is_dropped_without_writing_back() {
    let mut app = fighting_app();
    let world = app.world_mut();
    let (e, [aldo, _]) = expedition(world, vec![Activity::Explore], vec![]);
    let encounter = world.start_fight(e, &rats(1)).unwrap();
    world.despawn(encounter);
    assert_eq!(world.end_fight(e), Err(FightError::EncounterGone));
    assert!(world.get::<Fighting>(e).is_none());
    assert_eq!(world.get::<Vitals>(aldo).unwrap().hp, 8);
}

#[test]
fn bx10_the_strongest_member_forces_a_stuck_door_by_its_str() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // Aldo the fighter (STR +1) forces on 1-3; a 3 opens the door. With him dead, Bea the
    // cleric (STR +0) forces on 1-2: the same 3 fails.
    let (e, [aldo, _]) = expedition(world, vec![Activity::Explore], vec![3, 3]);
    assert!(super::doors::party_forces(world, e));
    world.get_mut::<Vitals>(aldo).unwrap().life = Life::Dead;
    assert!(!super::doors::party_forces(world, e));
    let logged = format!("{:?}", world.get::<ExpeditionLog>(e).unwrap().entries());
    assert!(
        logged.contains("Aldo forcing a stuck door (STR +1, 3 in 6)"),
        "{logged}"
    );
    assert!(
        logged.contains("Bea forcing a stuck door (STR +0, 2 in 6)"),
        "{logged}"
    );
    assert_eq!(dice_left(world, e), Some(0));
}

mod evasion;
mod meetings;
mod narration;
mod save;
mod wilderness;
