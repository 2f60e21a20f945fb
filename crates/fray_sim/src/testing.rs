//! The engines the unit tests play: archmage's rulesets and content, plus a small duel.

use std::sync::Arc;

use fray_content::source::SourceFile;
use fray_core::prelude::*;

use crate::engine::Engine;

/// A one-on-one fight, fast to play many times: the fighter against a reed goblin.
pub(crate) const DUEL: &str = r#"Encounter(
    id: "test-duel", name: "Test duel", ruleset: "archmage",
    map: Named("bridge-crossing"),
    sides: [
        (name: "Heroes", controller: Ai("aggressive"), combatants: [
            (statblock: "fighter-1", region: "west-bank"),
        ]),
        (name: "Raiders", controller: Ai("aggressive"), combatants: [
            (statblock: "reed-goblin", region: "west-bank"),
        ]),
    ],
)"#;

/// The fighter against a mob of goblin skulkers (mooks: damage carries over from one to the
/// next), as many as a test likes.
pub(crate) const MOB: &str = r#"Encounter(
    id: "test-mob", name: "Test mob", ruleset: "archmage",
    map: Named("bridge-crossing"),
    sides: [
        (name: "Heroes", controller: Ai("aggressive"), combatants: [
            (statblock: "fighter-1", region: "west-bank"),
        ]),
        (name: "Skulkers", controller: Ai("aggressive"), combatants: [
            (statblock: "reed-goblin-mook", count: 3, region: "west-bank"),
        ]),
    ],
)"#;

/// Archmage's rulesets and content, with [`DUEL`] as `test-duel` and [`MOB`] as `test-mob`.
pub(crate) fn archmage() -> Engine {
    let loader = fray_content::loader::ContentLoader::new()
        .with_schema(fray_archmage::schema())
        .with_policies(fray_ai::POLICY_NAMES);
    let mut content = loader
        .load_paths(&[concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../content/archmage"
        )])
        .unwrap();
    loader
        .add_source(&mut content, SourceFile::new("test-duel.ron", DUEL))
        .unwrap();
    loader
        .add_source(&mut content, SourceFile::new("test-mob.ron", MOB))
        .unwrap();
    Engine::new(install, Arc::new(content))
}

/// Adds the core, the AI and archmage.
pub(crate) fn install(app: &mut bevy_app::App) {
    app.add_plugins((
        FrayCorePlugin {
            run: FrayRunMode::Manual,
            ..Default::default()
        },
        fray_ai::FrayAiPlugin,
        fray_archmage::FrayArchmagePlugin,
    ));
}
