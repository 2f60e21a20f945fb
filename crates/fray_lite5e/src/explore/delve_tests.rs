//! lite5e delves from content, fights on the way, and what the fights leave behind.

use std::sync::Arc;

use bevy_app::App;
use bevy_ecs::prelude::*;
use fray_core::combatant::Status;
use fray_core::drive::run_until_blocked;
use fray_core::prelude::*;
use fray_explore::prelude::*;

use super::injuries::{LOST, SHAKEN};
use super::{Lite5eExplorePlugin, PACE_FEET};
use crate::state::L5State;

pub(super) fn content() -> Arc<fray_content::db::ContentDb> {
    Arc::new(
        fray_explore::charter::with_expeditions(
            fray_content::loader::ContentLoader::new()
                .with_schema(crate::schema())
                .with_policies(fray_ai::POLICY_NAMES),
        )
        .load_paths(&[concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/lite5e")])
        .unwrap(),
    )
}

pub(super) fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        FrayCorePlugin {
            run: FrayRunMode::Manual,
            ..Default::default()
        },
        fray_ai::FrayAiPlugin,
        crate::FrayLite5ePlugin,
        FrayExplorePlugin,
        Lite5eExplorePlugin::default(),
    ));
    app.insert_resource(Content(content()));
    app.finish();
    app.cleanup();
    app
}

/// Plays the warren delve to its end on seeds 0..12 (logged or not), calling `check` with each
/// finished expedition and its spec before it is despawned.
fn every_seed(log: bool, mut check: impl FnMut(&mut World, Entity, &ExpeditionSpec, u64)) {
    let mut app = app();
    let db = app.world().resource::<Content>().0.clone();
    let spec = db
        .document::<ExpeditionSpec>("lite5e-warren-delve")
        .unwrap();
    let world = app.world_mut();
    for seed in 0..12 {
        let e = world
            .spawn_delve_from(&db, "lite5e-warren-delve", seed, log)
            .unwrap();
        assert_eq!(world.get::<Pace>(e).unwrap().unknown, PACE_FEET);
        run_expeditions(world, spec.max_turns);
        check(world, e, spec, seed);
        let dungeon = world.get::<Position>(e).unwrap().dungeon;
        world.despawn(e);
        world.despawn(dungeon);
    }
}

#[test]
fn the_warren_delve_loads_and_plays_to_an_end_on_every_seed() {
    let mut fights = 0;
    every_seed(true, |world, e, _, seed| {
        let state = world.get::<Expedition>(e).unwrap().state;
        assert!(
            matches!(state, ExpeditionState::Ended(_)),
            "seed {seed}: {:#?}",
            world.get::<ExpeditionLog>(e).unwrap().entries()
        );
        fights += world.get::<FightCount>(e).unwrap().0;
    });
    assert!(fights > 0, "the warren's goblins are met");
}

#[test]
fn l526_the_warren_delve_s_xp_is_the_gold_carried_out_on_every_seed() {
    let mut carried = 0;
    every_seed(false, |world, e, spec, seed| {
        out_of_time(world);
        let summary = DelveSummary::of(world, e, spec).unwrap();
        assert_eq!(summary.xp, u64::from(summary.treasure), "seed {seed}");
        // Each member's XP is the gold its purse gained.
        let order = world.get::<Party>(e).unwrap().order.clone();
        for ((member, start), m) in order.iter().zip(&spec.party).zip(&summary.members) {
            let gold = world.get::<Supplies>(*member).unwrap().gold;
            assert_eq!(m.xp, u64::from(gold - start.supplies.gold), "seed {seed}");
        }
        carried += summary.treasure;
    });
    assert!(carried > 0, "some parties come out with gold");
}

/// An expedition of the warren with a fight against one goblin, played to its end.
fn fought(world: &mut World) -> (Entity, Vec<(Entity, Entity)>) {
    let db = world.resource::<Content>().0.clone();
    let e = world
        .spawn_delve_from(&db, "lite5e-warren-delve", 5, true)
        .unwrap();
    let foes = [Foes {
        statblock: "cave-goblin".into(),
        count: 1,
    }];
    world.start_fight(e, &foes).unwrap();
    run_until_blocked(world, 100_000);
    let pairs = world.get::<Fighting>(e).unwrap().members.clone();
    (e, pairs)
}

#[test]
fn l514_injuries_carry_from_fight_to_fight_through_the_members_afflictions() {
    let mut app = app();
    let world = app.world_mut();
    let (e, pairs) = fought(world);
    let (brannoc, combatant) = pairs[0];
    {
        let mut state = world.get_mut::<L5State>(combatant).unwrap();
        state.lost[0] = 3;
        state.parts.push(1);
        state.shaken = true;
    }
    world.end_fight(e).unwrap();
    let afflictions = world.get::<Afflictions>(brannoc).unwrap();
    assert_eq!(afflictions.level(LOST[0]), 3);
    assert!(afflictions.has("lost-part-1") && afflictions.has(SHAKEN));
    let foes = [Foes {
        statblock: "cave-goblin".into(),
        count: 1,
    }];
    world.start_fight(e, &foes).unwrap();
    let combatant = world.get::<Fighting>(e).unwrap().members[0].1;
    let state = world.get::<L5State>(combatant).unwrap();
    assert_eq!(state.lost[0], 3);
    assert_eq!(state.parts.as_slice(), &[1]);
    assert!(state.shaken);
}

#[test]
fn l513_a_member_still_down_when_the_fight_ends_is_left_down_and_comes_to_after_a_travel_turn() {
    let mut app = app();
    let world = app.world_mut();
    let (e, pairs) = fought(world);
    let (wren, combatant) = pairs[2];
    world.entity_mut(combatant).insert(Status::Down);
    let result = world.end_fight(e).unwrap();
    assert_eq!(result.down, vec![wren]);
    let vitals = *world.get::<Vitals>(wren).unwrap();
    assert_eq!((vitals.life, vitals.hp), (Life::Down, 0));
    // Down, it neither fights nor counts as standing; an hour later it is up at 1 HP.
    explore_turn(world);
    let vitals = *world.get::<Vitals>(wren).unwrap();
    assert_eq!((vitals.life, vitals.hp), (Life::Alive, 1));
}
