//! B/X expeditions saved mid-way (fights under way included) and loaded into a fresh World play
//! on exactly as the original did.

use std::sync::Arc;

use bevy_app::App;
use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_explore::prelude::*;
use fray_testkit::expedition_saves::saves_continue_identically;

use super::bx_content;
use crate::explore::BxExplorePlugin;

/// An app that explores and fights in B/X with `content`.
fn app_with(content: Arc<ContentDb>) -> App {
    use fray_core::prelude::*;
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
    app.insert_resource(Content(content));
    app.finish();
    app.cleanup();
    app
}

#[test]
fn the_barrow_raid_saved_at_every_turn_and_mid_fight_loads_and_plays_on_identically() {
    let db = Arc::new(bx_content());
    let fights: usize = (0..6)
        .map(|seed| saves_continue_identically(&app_with, &db, "bx-barrow-raid", seed))
        .sum();
    assert!(fights > 0, "some saves were taken mid-fight");
}

#[test]
fn the_thornmoor_trek_saved_every_day_and_mid_fight_loads_and_plays_on_identically() {
    let db = Arc::new(bx_content());
    let fights: usize = (0..6)
        .map(|seed| saves_continue_identically(&app_with, &db, "bx-thornmoor-trek", seed))
        .sum();
    assert!(fights > 0, "some saves were taken mid-fight");
}

#[test]
fn the_griffon_flight_saved_every_day_and_mid_fight_loads_and_plays_on_identically() {
    let db = Arc::new(bx_content());
    let fights: usize = (0..6)
        .map(|seed| saves_continue_identically(&app_with, &db, "bx-griffon-flight", seed))
        .sum();
    assert!(fights > 0, "some saves were taken mid-fight");
}

#[test]
fn a_bx_save_loaded_without_the_bx_explore_plugin_is_refused_and_changes_nothing() {
    let db = Arc::new(bx_content());
    let mut app = app_with(db.clone());
    let world = app.world_mut();
    let e = world
        .spawn_delve_from(&db, "bx-barrow-raid", 1, true)
        .unwrap();
    explore_turn(world);
    let text = save_expedition(world, e).unwrap();
    let mut bare = App::new();
    bare.add_plugins(FrayExplorePlugin);
    let world = bare.world_mut();
    let before = world.query::<Entity>().iter(world).count();
    assert!(matches!(
        load_expedition(world, &text),
        Err(fray_core::save::SaveError::UnknownComponent(name)) if name.starts_with("fray_bx::")
    ));
    assert_eq!(world.query::<Entity>().iter(world).count(), before);
}
