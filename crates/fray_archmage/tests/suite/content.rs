//! Every archmage content file loads; every encounter plays out with AI on both sides.

use fray_core::prelude::*;

use crate::bench::*;

#[test]
fn every_archmage_content_file_loads() {
    let db = content();
    assert!(
        db.statblock_summaries("archmage")
            .iter()
            .filter(|s| s.kind == "monster")
            .count()
            >= 8
    );
    assert!(
        db.statblock_summaries("archmage")
            .iter()
            .filter(|s| s.kind == "hero")
            .count()
            >= 8
    );
    assert!(db.encounters().filter(|e| e.ruleset == "archmage").count() >= 5);
}

#[test]
fn every_encounter_ends_decided_with_every_policy_and_no_rejection() {
    let db = content();
    let ids: Vec<String> = db
        .encounters()
        .filter(|e| e.ruleset == "archmage")
        .map(|e| e.id.clone())
        .collect();
    for policy in ["tactical", "aggressive", "random"] {
        let mut app = BENCH.app_with(content());
        let mut spawned = Vec::new();
        for id in &ids {
            let sides: Vec<String> = db
                .encounter(id)
                .unwrap()
                .sides
                .iter()
                .map(|s| s.name.clone())
                .collect();
            for seed in 0..40 {
                let mut settings = EncounterSettings::quiet(seed);
                for side in &sides {
                    settings =
                        settings.with_controller(side.clone(), Controller::Ai(policy.into()));
                }
                spawned.push((
                    id.clone(),
                    app.world_mut().spawn_encounter(id, &settings).unwrap(),
                ));
            }
        }
        run_until_blocked(app.world_mut(), 100_000);
        for (id, e) in spawned {
            let encounter = app.world().get::<Encounter>(e).unwrap();
            let outcome = encounter
                .outcome()
                .unwrap_or_else(|| panic!("{id} ({policy}) did not end"));
            assert!(
                !matches!(outcome.ending, Ending::Stalled | Ending::Aborted),
                "{id} ({policy}): {outcome:?}"
            );
            assert_eq!(
                encounter.rejections(),
                0,
                "{id} ({policy}): the AI was refused"
            );
        }
    }
}

#[test]
fn a_logged_fight_reads_like_a_fight() {
    let mut app = BENCH.app_with(content());
    let e = app
        .world_mut()
        .spawn_encounter("archmage-bridge", &EncounterSettings::logged(7))
        .unwrap();
    run_until_blocked(app.world_mut(), 100_000);
    let world = app.world();
    let text = LogNames::new(
        world.get::<Roster>(e).unwrap(),
        world.get::<EncounterMap>(e).unwrap(),
        world.get::<Sides>(e).unwrap(),
    )
    .render(world.get::<CombatLog>(e).unwrap());
    println!("{text}");
    assert!(text.contains("rolls initiative"));
    assert!(text.contains("attacks"));
    assert!(world.get::<Encounter>(e).unwrap().outcome().is_some());
}
