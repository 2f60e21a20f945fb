//! lite5e expeditions saved mid-way (fights under way included) and loaded into a fresh World play
//! on exactly as the original did.

use std::sync::Arc;

use bevy_app::App;
use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_core::drive::tick;
use fray_core::encounter::Encounter;
use fray_explore::prelude::*;

use super::Lite5eExplorePlugin;
use super::delve_tests::content;

/// An app that explores and fights in lite5e with `content`.
fn app_with(content: Arc<ContentDb>) -> App {
    use fray_core::prelude::*;
    let mut app = App::new();
    app.add_plugins((
        FrayCorePlugin {
            run: FrayRunMode::Manual,
            ..Default::default()
        },
        fray_ai::FrayAiPlugin,
        crate::FrayLite5ePlugin,
        FrayExplorePlugin,
        Lite5eExplorePlugin,
    ));
    app.insert_resource(Content(content));
    app.finish();
    app.cleanup();
    app
}

fn underway(world: &World, e: Entity) -> bool {
    world
        .get::<Expedition>(e)
        .is_some_and(|x| x.state == ExpeditionState::Underway)
}

/// Whether `e`'s fight is still being played.
fn mid_fight(world: &World, e: Entity) -> bool {
    world
        .get::<Fighting>(e)
        .and_then(|f| world.get::<Encounter>(f.encounter))
        .is_some_and(|enc| !enc.is_over())
}

/// Plays the rest of the expedition as [`run_expeditions`] does, from a point just after
/// `played` turns (the last turn's fights not settled yet), then ends it if out of time.
fn play_on(world: &mut World, e: Entity, mut played: u32, max_turns: u32) {
    settle_fights(world);
    while played < max_turns && underway(world, e) {
        explore_turn(world);
        settle_fights(world);
        played += 1;
    }
    out_of_time(world);
}

/// Plays expedition `id` on `seed` turn by turn, saving it at the start and after every turn
/// (as each fight starts, and again a few actions into it); loads each save into a fresh App
/// and plays it to the end; the loaded expedition's log and final state (its whole save) must
/// be the original's.
/// Returns how many saves were taken while a fight was under way.
fn saves_continue_identically(db: &Arc<ContentDb>, id: &str, seed: u64) -> usize {
    let max_turns = db.document::<ExpeditionSpec>(id).unwrap().max_turns;
    let mut app = app_with(db.clone());
    let world = app.world_mut();
    let e = world.spawn_delve_from(db, id, seed, true).unwrap();
    let mut saves = vec![(0, save_expedition(world, e).unwrap())];
    let mut in_fights = 0;
    let mut played = 0;
    while played < max_turns && underway(world, e) {
        explore_turn(world);
        played += 1;
        saves.push((played, save_expedition(world, e).unwrap()));
        if mid_fight(world, e) {
            in_fights += 1;
            for _ in 0..3 {
                tick(world);
            }
            if mid_fight(world, e) {
                saves.push((played, save_expedition(world, e).unwrap()));
                in_fights += 1;
            }
        }
        settle_fights(world);
    }
    out_of_time(world);
    let log = world.get::<ExpeditionLog>(e).unwrap().clone();
    let end = save_expedition(world, e).unwrap();
    for (at, text) in saves {
        let mut again = app_with(db.clone());
        let world = again.world_mut();
        let loaded = load_expedition(world, &text).unwrap();
        play_on(world, loaded, at, max_turns);
        assert_eq!(
            world.get::<ExpeditionLog>(loaded).unwrap().entries(),
            log.entries(),
            "{id} seed {seed}, saved after turn {at}"
        );
        assert_eq!(
            save_expedition(world, loaded).unwrap(),
            end,
            "{id} seed {seed}, saved after turn {at}"
        );
    }
    in_fights
}

#[test]
fn the_warren_delve_saved_at_every_turn_and_mid_fight_loads_and_plays_on_identically() {
    let db = content();
    let fights: usize = (0..6)
        .map(|seed| saves_continue_identically(&db, "lite5e-warren-delve", seed))
        .sum();
    assert!(fights > 0, "some saves were taken mid-fight");
}

#[test]
fn the_reedwater_run_saved_at_every_turn_and_mid_fight_loads_and_plays_on_identically() {
    let db = content();
    let fights: usize = (0..6)
        .map(|seed| saves_continue_identically(&db, "lite5e-reedwater-run", seed))
        .sum();
    assert!(fights > 0, "some saves were taken mid-fight");
}
