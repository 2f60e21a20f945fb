//! Every archmage content file loads; every encounter plays out with AI on both sides.

use fray_core::prelude::*;

use crate::harness::*;

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
        let mut app = app();
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
        settle(&mut app);
        for (id, e) in spawned {
            let encounter = app.world().get::<Encounter>(e).unwrap();
            let outcome = encounter
                .outcome
                .unwrap_or_else(|| panic!("{id} ({policy}) did not end"));
            assert!(
                !matches!(outcome.ending, Ending::Stalled | Ending::Aborted),
                "{id} ({policy}): {outcome:?}"
            );
            assert_eq!(
                encounter.rejections, 0,
                "{id} ({policy}): the AI was refused"
            );
        }
    }
}

#[test]
fn a_logged_fight_reads_like_a_fight() {
    let mut app = app();
    let e = spawn(&mut app, "archmage-bridge", 7);
    settle(&mut app);
    let text = text_log(&app, e);
    println!("{text}");
    assert!(text.contains("rolls initiative"));
    assert!(text.contains("attacks"));
    assert!(app.world().get::<Encounter>(e).unwrap().outcome.is_some());
}
