//! Every lite5e content file loads, with the statblocks, maps and encounters the issue asks
//! for (the conformance suite plays every encounter with each AI policy).

use std::collections::BTreeSet;

use fray_content::db::ContentDb;
use fray_content::map::Light;
use fray_lite5e::statblock::{AttackKind, L5Block};

use crate::bench::BENCH;

#[test]
fn every_lite5e_content_file_loads_with_what_the_issue_asks() {
    let db: std::sync::Arc<ContentDb> = BENCH.content();
    let set = db.statblocks::<L5Block>("lite5e").unwrap();
    let monsters: Vec<_> = set
        .iter()
        .filter_map(|b| match b {
            L5Block::Monster(m) => Some(m),
            L5Block::Pc(_) => None,
        })
        .collect();
    let pcs: Vec<_> = set
        .iter()
        .filter_map(|b| match b {
            L5Block::Pc(c) => Some(c),
            L5Block::Monster(_) => None,
        })
        .collect();
    assert!(monsters.len() >= 8);
    assert!(monsters.iter().any(|m| m.darksight));
    assert!(monsters.iter().any(|m| m.hidden && m.stealthy));
    assert!(monsters.iter().any(|m| m.morale > 0));
    assert!(pcs.len() >= 4);
    assert!(pcs.iter().all(|c| (1..=4).contains(&c.level)));
    assert!(pcs.iter().any(|c| c.light.is_some()));
    let levels: BTreeSet<u8> = pcs.iter().map(|c| c.level).collect();
    assert!(levels.len() >= 3);
    let attacks: Vec<_> = pcs.iter().flat_map(|c| c.attacks.iter()).collect();
    assert!(attacks.iter().any(|a| a.heal));
    assert!(
        attacks
            .iter()
            .any(|a| a.kind == AttackKind::Arcane && !a.heal)
    );
    assert!(
        attacks
            .iter()
            .any(|a| a.kind == AttackKind::Divine && !a.heal)
    );
    let encounters: Vec<_> = db.encounters().filter(|e| e.ruleset == "lite5e").collect();
    assert!(encounters.len() >= 5);
    // An ambush, a fight in darkness, a leader fight.
    assert!(encounters.iter().any(|e| e.options.ambush.is_some()));
    assert!(encounters.iter().any(|e| {
        db.resolve_map(e)
            .is_some_and(|m| m.regions.iter().any(|r| r.light == Light::Darkness))
    }));
    assert!(encounters.iter().any(|e| {
        e.sides
            .iter()
            .any(|s| s.combatants.iter().any(|c| c.leader))
    }));
    // An even 4v4.
    assert!(encounters.iter().any(|e| {
        e.sides.len() == 2
            && e.sides
                .iter()
                .all(|s| s.combatants.iter().map(|c| c.count).sum::<u16>() == 4)
    }));
}

#[test]
fn casts_tells_the_built_in_casters_from_the_others() {
    // Arcane and divine spells make casters (a healer too); swords, bows and knives do not.
    fray_testkit::standing::assert_casters(
        &BENCH,
        "l5-guild-duel",
        &["wizard-2", "cleric-2", "hedge-mage", "hedge-priest"],
        &["fighter-3", "rogue-3", "sellsword", "cutpurse"],
    );
}

#[test]
fn can_harm_says_every_combatant_can_harm_every_foe() {
    // lite5e's statblocks carry no damage immunity nor resistance.
    fray_testkit::standing::assert_harmless(&BENCH, "l5-guild-duel", &[]);
}
