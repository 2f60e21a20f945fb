//! AI against AI: many encounters of a toy, each side under a built-in policy, played to the
//! end in one World.

use std::sync::Arc;

use bevy_app::App;
use fray_content::prelude::*;
use fray_core::prelude::*;
use fray_core::rng::derive_seed;

use crate::harness::Bench;

/// The id of the arena's encounter in [`app`]'s content.
pub const ENCOUNTER: &str = "arena";

/// An app of `bench`'s toy whose content holds one encounter, [`ENCOUNTER`], on `map` (a map
/// reference as an encounter file writes it) between `sides` (the RON of an encounter's
/// `sides: [...]` list, AI controllers named there).
///
/// # Panics
/// When the encounter does not load: a defect of the test.
pub fn app(bench: &Bench, map: &str, sides: &str) -> App {
    let text = format!(
        "Encounter(id: \"{ENCOUNTER}\", name: \"Arena\", ruleset: \"{}\", map: {map}, sides: {sides})",
        bench.ruleset
    );
    let loader = bench.loader();
    let mut db = ContentDb::default();
    let sources = [
        (
            format!("arena/{}/blocks.ron", bench.ruleset),
            bench.blocks.to_string(),
        ),
        (
            format!("arena/{}/encounters/arena.ron", bench.ruleset),
            text,
        ),
    ];
    for (path, text) in sources {
        loader
            .add_source(&mut db, SourceFile::new(&path, text))
            .unwrap_or_else(|e| panic!("{path} does not parse: {e:?}"));
    }
    let problems = loader.validate(&mut db);
    assert!(problems.is_empty(), "{problems:?}");
    bench.app_with(Arc::new(db))
}

/// Plays `runs` encounters of [`app`], run `i` seeded with `derive_seed(seed, i)`, all in one
/// World until every one waits or ends. Returns each encounter's final state, in run order.
///
/// # Panics
/// When the encounter does not load or spawn: a defect of the test.
pub fn play(bench: &Bench, map: &str, sides: &str, seed: u64, runs: u64) -> Vec<Encounter> {
    let mut app = app(bench, map, sides);
    let world = app.world_mut();
    let encounters: Vec<_> = (0..runs)
        .map(|i| {
            world
                .spawn_encounter(ENCOUNTER, &EncounterSettings::quiet(derive_seed(seed, i)))
                .unwrap_or_else(|e| panic!("the arena does not spawn: {e}"))
        })
        .collect();
    run_until_blocked(world, 1_000_000);
    encounters
        .into_iter()
        .map(|e| {
            world
                .get::<Encounter>(e)
                .cloned()
                .unwrap_or_else(|| panic!("encounter {e} is gone"))
        })
        .collect()
}
