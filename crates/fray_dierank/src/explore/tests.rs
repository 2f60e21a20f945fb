//! die-rank's between-fight rules across the fights of an expedition, with the expedition's
//! dice scripted.

use std::sync::Arc;

use bevy_app::App;
use bevy_ecs::prelude::*;
use fray_core::drive::run_until_blocked;
use fray_core::prelude::*;
use fray_core::rng::EncounterRng;
use fray_explore::prelude::*;

use super::DierankExplorePlugin;
use super::mastery::Mastery;
use super::unhurried::{forces_door, party_strength};
use crate::state::DrState;

fn content() -> Arc<fray_content::db::ContentDb> {
    Arc::new(
        fray_explore::charter::with_expeditions(
            fray_content::loader::ContentLoader::new()
                .with_schema(crate::schema())
                .with_policies(fray_ai::POLICY_NAMES),
        )
        .load_paths(&[concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../content/dierank"
        )])
        .unwrap(),
    )
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        FrayCorePlugin {
            run: FrayRunMode::Manual,
            ..Default::default()
        },
        fray_ai::FrayAiPlugin,
        crate::FrayDierankPlugin,
        FrayExplorePlugin,
        DierankExplorePlugin::default(),
    ));
    app.insert_resource(Content(content()));
    app.finish();
    app.cleanup();
    app
}

/// An expedition of one member of `statblock`, exploring for `turns` turns.
fn party_of_one(world: &mut World, statblock: &str, hp: i32, turns: usize) -> (Entity, Entity) {
    let e = world
        .spawn_expedition(&ExpeditionSettings {
            id: "mill".into(),
            ruleset: "dierank".into(),
            seed: 11,
            log: true,
            plan: vec![Activity::Explore; turns],
        })
        .unwrap();
    let member = world
        .add_member(
            e,
            &MemberSpec {
                character: Character {
                    name: "Hero".into(),
                    statblock: statblock.into(),
                },
                max_hp: hp,
                supplies: Supplies::default(),
                lit: None,
            },
        )
        .unwrap();
    (e, member)
}

/// Starts a fight against one bog imp; returns the member's fresh combatant.
fn start(world: &mut World, e: Entity) -> Entity {
    let foes = [Foes {
        statblock: "bog-imp".into(),
        count: 1,
    }];
    world.start_fight(e, &foes).unwrap();
    world.get::<Fighting>(e).unwrap().members[0].1
}

#[test]
fn dr11_mp_spent_in_a_fight_come_back_at_the_next_turn_and_are_full_in_the_next_fight() {
    let mut app = app();
    let world = app.world_mut();
    let (e, warden) = party_of_one(world, "warden", 10, 1);
    let combatant = start(world, e);
    assert_eq!(world.get::<DrState>(combatant).unwrap().mp, 3);
    run_until_blocked(world, 100_000);
    world.entity_mut(combatant).insert(Status::Active);
    world.get_mut::<Hp>(combatant).unwrap().current = 10;
    world.get_mut::<DrState>(combatant).unwrap().mp = 1;
    world.end_fight(e).unwrap();
    assert_eq!(
        *world.get::<Mastery>(warden).unwrap(),
        Mastery { mp: 1, max: 3 },
        "two spent, still spent as the fight ends"
    );
    explore_turn(world);
    assert_eq!(world.get::<Mastery>(warden).unwrap().mp, 3, "refilled");
    let combatant = start(world, e);
    assert_eq!(world.get::<DrState>(combatant).unwrap().mp, 3);
}

#[test]
fn dr11_a_second_fight_in_the_same_turn_starts_with_the_mp_left() {
    let mut app = app();
    let world = app.world_mut();
    let (e, warden) = party_of_one(world, "warden", 10, 0);
    let combatant = start(world, e);
    run_until_blocked(world, 100_000);
    world.entity_mut(combatant).insert(Status::Active);
    world.get_mut::<Hp>(combatant).unwrap().current = 10;
    world.get_mut::<DrState>(combatant).unwrap().mp = 0;
    world.end_fight(e).unwrap();
    assert_eq!(world.get::<Mastery>(warden).unwrap().mp, 0);
    let combatant = start(world, e);
    assert_eq!(world.get::<DrState>(combatant).unwrap().mp, 0);
}

#[test]
fn dr08_an_unhurried_party_forces_a_stuck_door_with_its_biggest_die_at_its_maximum() {
    let mut app = app();
    let world = app.world_mut();
    // The warden's spear is a D10: unhurried, a 10, which no Hard D8 beats.
    let (e, _) = party_of_one(world, "warden", 10, 0);
    assert_eq!(party_strength(world, e), Some(fray_dice::DieRank::D10));
    world
        .entity_mut(e)
        .insert(ExpeditionRng(EncounterRng::scripted(vec![8])));
    assert!(forces_door(world, e));
    // A bog imp's claw is a D6: its 6 meets a difficulty of 6, not one of 7.
    let (e, _) = party_of_one(world, "bog-imp", 3, 0);
    world
        .entity_mut(e)
        .insert(ExpeditionRng(EncounterRng::scripted(vec![6, 7])));
    assert!(forces_door(world, e));
    assert!(!forces_door(world, e));
    let rng = &world.get::<ExpeditionRng>(e).unwrap().0;
    assert_eq!(rng.scripted_remaining(), Some(0));
}

#[test]
fn dr11_the_mill_delve_plays_to_an_end_on_every_seed() {
    let mut app = app();
    let db = app.world().resource::<Content>().0.clone();
    let spec = db.document::<ExpeditionSpec>("dierank-mill-delve").unwrap();
    let world = app.world_mut();
    let mut fights = 0;
    for seed in 0..8 {
        let e = world
            .spawn_delve_from(&db, "dierank-mill-delve", seed, true)
            .unwrap();
        run_expeditions(world, spec.max_turns);
        let state = world.get::<Expedition>(e).unwrap().state;
        assert!(matches!(state, ExpeditionState::Ended(_)), "seed {seed}");
        fights += world.get::<FightCount>(e).map_or(0, |c| c.0);
        let dungeon = world.get::<Position>(e).unwrap().dungeon;
        world.despawn(e);
        world.despawn(dungeon);
    }
    assert!(fights > 0, "the mill's imps are met");
}

#[test]
fn the_mill_delve_saved_at_every_turn_and_mid_fight_loads_and_plays_on_identically() {
    let with = |db: Arc<fray_content::db::ContentDb>| {
        let mut app = app();
        app.insert_resource(Content(db));
        app
    };
    let db = content();
    let fights: usize = (0..4)
        .map(|seed| {
            fray_testkit::expedition_saves::saves_continue_identically(
                &with,
                &db,
                "dierank-mill-delve",
                seed,
            )
        })
        .sum();
    assert!(fights > 0, "some saves were taken mid-fight");
}
