//! Expeditions saved mid-way (fights under way included) and loaded into a fresh World play
//! on exactly as the original did: the check every exploring ruleset runs on its content.

use std::sync::Arc;

use bevy_app::App;
use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_core::drive::tick;
use fray_core::encounter::Encounter;
use fray_explore::prelude::*;

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

/// Plays expedition `id` of `db` on `seed` turn by turn in an App from `app` (which explores
/// and fights in the expedition's ruleset, with `db` as its content), saving it at the start
/// and after every turn (as each fight starts, and again a few actions into it); loads each
/// save into a fresh App and plays it to the end. Returns how many saves were taken while a
/// fight was under way.
///
/// # Panics
/// When the expedition does not spawn, save or load, or when a loaded expedition's log or
/// final state (its whole save) differs from the original's: the test failing.
pub fn saves_continue_identically(
    app: &dyn Fn(Arc<ContentDb>) -> App,
    db: &Arc<ContentDb>,
    id: &str,
    seed: u64,
) -> usize {
    let max_turns = db
        .document::<ExpeditionSpec>(id)
        .map(|spec| spec.max_turns)
        .unwrap_or_else(|| panic!("no expedition `{id}`"));
    let mut original = app(db.clone());
    let world = original.world_mut();
    let e = world
        .spawn_delve_from(db, id, seed, true)
        .unwrap_or_else(|err| panic!("{id} does not spawn: {err}"));
    let save = |world: &World, e: Entity| {
        save_expedition(world, e).unwrap_or_else(|err| panic!("{id} does not save: {err}"))
    };
    let mut saves = vec![(0, save(world, e))];
    let mut in_fights = 0;
    let mut played = 0;
    while played < max_turns && underway(world, e) {
        explore_turn(world);
        played += 1;
        saves.push((played, save(world, e)));
        if mid_fight(world, e) {
            in_fights += 1;
            for _ in 0..3 {
                tick(world);
            }
            if mid_fight(world, e) {
                saves.push((played, save(world, e)));
                in_fights += 1;
            }
        }
        settle_fights(world);
    }
    out_of_time(world);
    let log = world.get::<ExpeditionLog>(e).cloned().unwrap_or_default();
    let end = save(world, e);
    for (at, text) in saves {
        let mut again = app(db.clone());
        let world = again.world_mut();
        let loaded = load_expedition(world, &text)
            .unwrap_or_else(|err| panic!("{id} seed {seed}, turn {at}: does not load: {err}"));
        play_on(world, loaded, at, max_turns);
        assert_eq!(
            world
                .get::<ExpeditionLog>(loaded)
                .map(ExpeditionLog::entries),
            Some(log.entries()),
            "{id} seed {seed}, saved after turn {at}"
        );
        assert_eq!(
            save(world, loaded),
            end,
            "{id} seed {seed}, saved after turn {at}"
        );
    }
    in_fights
}
