//! Every die-rank content file loads, with the statblocks, maps and encounters the issue asks
//! for (the conformance suite plays every encounter with each AI policy).

use fray_content::db::ContentDb;
use fray_dierank::statblock::DrBlock;

use crate::bench::BENCH;

#[test]
fn every_dierank_content_file_loads_with_what_the_issue_asks() {
    let db: std::sync::Arc<ContentDb> = BENCH.content();
    let count = |kind: &str| {
        db.statblock_summaries("dierank")
            .iter()
            .filter(|s| s.kind == kind)
            .count()
    };
    assert!(count("monster") >= 8);
    assert!(count("hero") >= 4);
    let set = db.statblocks::<DrBlock>("dierank").unwrap();
    let monsters: Vec<_> = set
        .iter()
        .filter_map(|b| match b {
            DrBlock::Monster(m) => Some(m),
            DrBlock::Hero(_) => None,
        })
        .collect();
    assert!(monsters.iter().all(|m| (1..=3).contains(&m.rank)));
    assert!(monsters.iter().any(|m| m.swims || m.climbs));
    let encounters: Vec<_> = db.encounters().filter(|e| e.ruleset == "dierank").collect();
    assert!(encounters.len() >= 5);
    // A monster group sharing mastery points, and a fight across water or a cliff.
    assert!(encounters.iter().any(|e| {
        e.sides.iter().any(|s| {
            let grouped: Vec<_> = s.combatants.iter().filter(|c| c.group.is_some()).collect();
            grouped.iter().map(|c| c.count).sum::<u16>() > 1
        })
    }));
    assert!(encounters.iter().any(|e| {
        db.resolve_map(e)
            .is_some_and(|m| m.regions.iter().any(|r| r.terrain.water || r.terrain.climb))
    }));
}

#[test]
fn casts_tells_the_built_in_casters_from_the_others() {
    // No spells in die-rank: the mystic's ember lance is a special like a troll's.
    fray_testkit::standing::assert_casters(
        &BENCH,
        "dr-troll-marsh",
        &[],
        &[
            "mystic",
            "warden",
            "brawler",
            "scout",
            "mire-troll",
            "bog-imp",
        ],
    );
}

#[test]
fn can_harm_says_every_combatant_can_harm_every_foe() {
    // die-rank has no immunity: the defense die resists each attack (DR-04), it does not stop them all.
    fray_testkit::standing::assert_harmless(&BENCH, "dr-troll-marsh", &[]);
}
