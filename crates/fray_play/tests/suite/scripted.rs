//! A whole fight played by keys, as a person would, with no refused request.

use fray_core::encounter::Encounter;
use fray_core::log::LogEvent;

use crate::common::{play, screen, session};

#[test]
fn a_person_plays_a_whole_fight_by_keys() {
    for encounter in [
        "archmage-bridge",
        "oho-crossroads",
        "bx-goblin-cave",
        "dr-ford",
        "l5-guild-duel",
    ] {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mut app = session(encounter, 3, dir.path());
        let keys = play(&mut app, 10_000);
        assert!(app.fight().is_over(), "{encounter}: the fight ended");
        assert!(
            !keys.is_empty(),
            "{encounter}: the person decided something"
        );
        let world = app.fight().world();
        let rejections = world
            .get::<Encounter>(app.fight().encounter())
            .map(Encounter::rejections);
        assert_eq!(rejections, Some(0), "{encounter}: no request was refused");
        let log = app
            .fight()
            .log()
            .map(|l| l.entries().to_vec())
            .unwrap_or_default();
        assert!(
            !log.iter()
                .any(|e| matches!(e.event, LogEvent::Rejected { .. })),
            "{encounter}: no rejection in the log"
        );
        let end = screen(&app, 140, 44);
        assert!(end.contains("The end"), "{encounter}: the end shows\n{end}");
        // The same seed and the same keys give the same log.
        let again_dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mut again = session(encounter, 3, again_dir.path());
        crate::common::replay(&mut again, &keys);
        assert_eq!(
            app.log_lines(),
            again.log_lines(),
            "{encounter}: deterministic"
        );
    }
}

#[test]
fn every_built_in_encounter_plays_to_the_end_by_keys() {
    let content = crate::common::content();
    let mut ids: Vec<String> = content.encounters().map(|e| e.id.clone()).collect();
    ids.sort();
    for encounter in ids {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mut app = session(&encounter, 1, dir.path());
        play(&mut app, 10_000);
        assert!(app.fight().is_over(), "{encounter}: the fight ended");
    }
}
