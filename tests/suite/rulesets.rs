//! Every ruleset in one App and one World: the schedule builds without ambiguities, and
//! encounters of different rulesets side by side play exactly as they do alone (CORE-01). And
//! every ruleset's content is real: each spawnable statblock fights in some encounter (the
//! imported bestiaries' in `imported_play`, each against a standard party).

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray::prelude::*;

fn app() -> App {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap();
    let mut app = App::new();
    app.add_plugins(FrayPlugins {
        run: FrayRunMode::Manual,
        ..Default::default()
    })
    .insert_resource(Content(content));
    app.finish();
    app.cleanup();
    app
}

/// One encounter of each ruleset's content, as `(id, seed)`.
fn one_of_each() -> Vec<(String, u64)> {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    content
        .encounters()
        .filter(|e| seen.insert(e.ruleset.clone()))
        .map(|e| (e.id.clone(), 17))
        .collect()
}

fn play(app: &mut App, fights: &[(String, u64)]) -> Vec<String> {
    let spawned: Vec<Entity> = fights
        .iter()
        .map(|(id, seed)| {
            app.world_mut()
                .spawn_encounter(id, &EncounterSettings::logged(*seed))
                .unwrap()
        })
        .collect();
    run_until_blocked(app.world_mut(), 1_000_000);
    spawned
        .into_iter()
        .map(|e| {
            let world = app.world();
            assert!(world.get::<Encounter>(e).unwrap().is_over());
            world.get::<CombatLog>(e).unwrap().to_json_lines()
        })
        .collect()
}

#[test]
fn core01_encounters_of_every_ruleset_share_a_world_and_play_as_they_do_alone() {
    let fights = one_of_each();
    assert!(fights.len() >= 2, "{fights:?}");
    // Together in one World (the schedule with every ruleset's systems is built here, with
    // ambiguity detection set to error: it would panic on any unordered conflict).
    let together = play(&mut app(), &fights);
    for (i, fight) in fights.iter().enumerate() {
        let alone = play(&mut app(), std::slice::from_ref(fight));
        assert_eq!(
            alone[0], together[i],
            "{} differs beside other rulesets",
            fight.0
        );
    }
}

#[test]
fn every_spawnable_statblock_of_every_ruleset_fights_in_an_encounter() {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap();
    let fighting: std::collections::BTreeSet<(&str, &str)> = content
        .encounters()
        .flat_map(|e| {
            e.sides
                .iter()
                .flat_map(|s| s.combatants.iter())
                .map(|c| (e.ruleset.as_str(), c.statblock.as_str()))
        })
        .collect();
    let imported = |s: &fray::content::schema::StatblockSummary| {
        s.source
            .and_then(|i| content.sources().get(i))
            .is_some_and(|f| {
                crate::import::BESTIARIES
                    .iter()
                    .any(|b| f.path.starts_with(b.dir()))
            })
    };
    let mut checked = 0;
    for ruleset in content.rulesets() {
        for s in content.statblock_summaries(ruleset) {
            if s.spawnable && !imported(s) {
                assert!(
                    fighting.contains(&(ruleset, s.id.as_str())),
                    "{ruleset} `{}` fights in no encounter",
                    s.id
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "{checked}");
}
