//! The client API's gauges: each ruleset's budget and battle-wide counters, through the core.

use fray_core::client::{battle_gauges, budget};

use crate::common::session;

#[test]
fn each_ruleset_shows_its_budget_through_the_core() {
    for (encounter, gauge) in [
        ("archmage-bridge", "standard"),
        ("oho-crossroads", "ATG"),
        ("dr-ford", "AP"),
        ("l5-guild-duel", "active"),
        ("bx-goblin-cave", "movement"),
    ] {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mut app = session(encounter, 7, dir.path());
        app.settle();
        let actor = app
            .decision()
            .map(|d| d.actor)
            .unwrap_or_else(|| panic!("{encounter}: a decision"));
        let names: Vec<String> = budget(app.fight().world(), actor)
            .iter()
            .map(|g| g.name.to_string())
            .collect();
        assert!(names.iter().any(|n| n == gauge), "{encounter}: {names:?}");
    }
}

#[test]
fn archmage_shows_its_escalation_die_and_others_show_none() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let app = session("archmage-bridge", 7, dir.path());
    let gauges = battle_gauges(app.fight().world(), app.fight().encounter());
    assert_eq!(
        gauges.iter().map(|g| g.name.as_ref()).collect::<Vec<_>>(),
        ["escalation die"]
    );
    let app = session("bx-goblin-cave", 7, dir.path());
    assert!(battle_gauges(app.fight().world(), app.fight().encounter()).is_empty());
}
