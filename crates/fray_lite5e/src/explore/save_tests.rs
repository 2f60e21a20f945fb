//! lite5e expeditions saved mid-way (fights under way included) and loaded into a fresh World play
//! on exactly as the original did.

use std::sync::Arc;

use bevy_app::App;
use fray_content::db::ContentDb;
use fray_explore::prelude::*;
use fray_testkit::expedition_saves::saves_continue_identically;

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
        Lite5eExplorePlugin::default(),
    ));
    app.insert_resource(Content(content));
    app.finish();
    app.cleanup();
    app
}

#[test]
fn the_warren_delve_saved_at_every_turn_and_mid_fight_loads_and_plays_on_identically() {
    let db = content();
    let fights: usize = (0..6)
        .map(|seed| saves_continue_identically(&app_with, &db, "lite5e-warren-delve", seed))
        .sum();
    assert!(fights > 0, "some saves were taken mid-fight");
}

#[test]
fn the_reedwater_run_saved_at_every_turn_and_mid_fight_loads_and_plays_on_identically() {
    let db = content();
    let fights: usize = (0..6)
        .map(|seed| saves_continue_identically(&app_with, &db, "lite5e-reedwater-run", seed))
        .sum();
    assert!(fights > 0, "some saves were taken mid-fight");
}
