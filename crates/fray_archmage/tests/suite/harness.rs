//! Building apps, spawning fights and forcing dice for archmage tests.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray_archmage::prelude::*;
use fray_content::prelude::*;
use fray_core::prelude::*;

/// The workspace's `content/` directory.
pub fn content_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content")
}

/// A loader that knows the archmage schema and the AI policies.
pub fn loader() -> ContentLoader {
    ContentLoader::new()
        .with_schema(fray_archmage::schema())
        .with_policies(fray_ai::POLICY_NAMES)
}

/// `content/archmage`, loaded once.
pub fn content() -> Arc<ContentDb> {
    static DB: OnceLock<Arc<ContentDb>> = OnceLock::new();
    DB.get_or_init(|| {
        let db = loader()
            .load_paths(&[content_dir().join("archmage")])
            .unwrap_or_else(|e| panic!("content/archmage does not load:\n{e}"));
        Arc::new(db)
    })
    .clone()
}

/// An app with the core (stepped by hand), the AI and archmage, and the content.
pub fn app() -> App {
    app_with(content())
}

/// Like [`app`] with other content.
pub fn app_with(content: Arc<ContentDb>) -> App {
    let mut app = App::new();
    app.add_plugins((
        FrayCorePlugin {
            run: FrayRunMode::Manual,
            step: StepMode::UntilBlocked,
        },
        fray_ai::FrayAiPlugin,
        FrayArchmagePlugin,
    ))
    .insert_resource(Content(content));
    app.finish();
    app.cleanup();
    app
}

/// Spawns a content encounter with logging on.
pub fn spawn(app: &mut App, id: &str, seed: u64) -> Entity {
    app.world_mut()
        .spawn_encounter(id, &EncounterSettings::logged(seed))
        .unwrap()
}

/// A content database built from RON text: statblocks, plus one encounter file per entry.
pub fn content_from(statblocks: &str, encounters: &[&str]) -> Arc<ContentDb> {
    let loader = loader();
    let mut db = ContentDb::default();
    loader
        .add_source(
            &mut db,
            SourceFile::new("test/archmage/blocks.ron", statblocks),
        )
        .unwrap();
    for (i, text) in encounters.iter().enumerate() {
        loader
            .add_source(
                &mut db,
                SourceFile::new(format!("test/archmage/encounters/{i}.ron"), *text),
            )
            .unwrap();
    }
    let problems = loader.validate(&mut db);
    assert!(problems.is_empty(), "{problems:?}");
    Arc::new(db)
}

/// The log of an encounter as text.
pub fn text_log(app: &App, encounter: Entity) -> String {
    let world = app.world();
    let names = LogNames::new(
        world.get::<Roster>(encounter).unwrap(),
        world.get::<EncounterMap>(encounter).unwrap(),
        world.get::<Sides>(encounter).unwrap(),
    );
    names.render(world.get::<CombatLog>(encounter).unwrap())
}

/// The roster entity with this name.
pub fn named(app: &App, encounter: Entity, name: &str) -> Entity {
    app.world()
        .get::<Roster>(encounter)
        .unwrap()
        .entries
        .iter()
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("no combatant named {name}"))
        .entity
}

/// Forces the encounter's dice.
pub fn script(app: &mut App, encounter: Entity, faces: &[u32]) {
    app.world_mut()
        .entity_mut(encounter)
        .insert(EncounterRng::scripted(faces.iter().copied()));
}

/// Scripted faces left.
pub fn faces_left(app: &App, encounter: Entity) -> usize {
    app.world()
        .get::<EncounterRng>(encounter)
        .unwrap()
        .scripted_remaining()
        .unwrap_or(0)
}

/// Runs until the encounter waits on an external controller or ends.
pub fn settle(app: &mut App) {
    run_until_blocked(app.world_mut(), 100_000);
}

/// Whose turn it is.
pub fn actor(app: &App, encounter: Entity) -> Option<Entity> {
    app.world().get::<Turn>(encounter).unwrap().actor
}

/// Sends a request from player `player` and settles.
pub fn order(app: &mut App, actor: Entity, player: u32, intent: Intent) {
    app.world_mut().write_message(ActionRequest {
        actor,
        controller: PlayerId(player),
        intent,
    });
    settle(app);
}

/// The options of the encounter's current decision.
pub fn options(app: &App, encounter: Entity) -> Vec<ActionOption> {
    app.world()
        .get::<ActionOptions>(encounter)
        .unwrap()
        .list
        .clone()
}

/// Current hit points.
pub fn hp(app: &App, e: Entity) -> Hp {
    *app.world().get::<Hp>(e).unwrap()
}

/// Log events of the encounter.
pub fn events(app: &App, encounter: Entity) -> Vec<LogEvent> {
    app.world()
        .get::<CombatLog>(encounter)
        .unwrap()
        .entries()
        .iter()
        .map(|e| e.event.clone())
        .collect()
}
