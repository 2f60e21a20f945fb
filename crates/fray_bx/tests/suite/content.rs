//! Every B/X content file loads; every encounter plays out with AI on both sides.

use std::sync::{Arc, OnceLock};

use fray_content::db::ContentDb;
use fray_core::prelude::*;

use crate::bench::BENCH;

/// `content/bx`, loaded once.
fn content() -> Arc<ContentDb> {
    static DB: OnceLock<Arc<ContentDb>> = OnceLock::new();
    DB.get_or_init(|| BENCH.content()).clone()
}

#[test]
fn every_bx_content_file_loads() {
    let db = content();
    let count = |kind: &str| {
        db.statblock_summaries("bx")
            .iter()
            .filter(|s| s.kind == kind)
            .count()
    };
    assert!(count("monster") >= 10);
    assert!(count("character") >= 12);
    assert!(count("class") >= 4);
    assert!(count("spell") >= 4);
    assert!(db.encounters().filter(|e| e.ruleset == "bx").count() >= 5);
}

#[test]
fn every_bx_encounter_ends_decided_with_every_policy_and_no_rejection() {
    let db = content();
    let ids: Vec<String> = db
        .encounters()
        .filter(|e| e.ruleset == "bx")
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
        run_until_blocked(app.world_mut(), 200_000);
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
