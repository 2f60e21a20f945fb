//! Every OHO content file loads; every encounter plays out with each AI policy on both sides.

use fray_core::prelude::*;

use crate::harness::*;

#[test]
fn every_oho_content_file_loads() {
    let db = content();
    let count = |kind: &str| {
        db.statblock_summaries("oho")
            .iter()
            .filter(|s| s.kind == kind)
            .count()
    };
    assert!(count("monster") >= 6, "{} monsters", count("monster"));
    assert!(count("hero") >= 4, "{} heroes", count("hero"));
    assert!(count("weapon") >= 1 && count("proficiency") >= 1 && count("armor") >= 1);
    let encounters = db.encounters().filter(|e| e.ruleset == "oho").count();
    assert!(encounters >= 4, "{encounters} encounters");
}

#[test]
fn every_weapon_armor_and_proficiency_is_used_by_a_creature_that_fights() {
    use fray_content::schema::Statblock;
    use fray_oho::statblock::OhoBlock;
    let db = content();
    let set = db.statblocks::<OhoBlock>("oho").unwrap();
    let fighting: Vec<&str> = db
        .encounters()
        .filter(|e| e.ruleset == "oho")
        .flat_map(|e| e.sides.iter().flat_map(|s| s.combatants.iter()))
        .map(|c| c.statblock.as_str())
        .collect();
    let creatures: Vec<_> = fighting
        .iter()
        .filter_map(|id| set.get(id).and_then(OhoBlock::creature))
        .collect();
    for id in set.ids() {
        let block = set.get(id).unwrap();
        let used = match block {
            OhoBlock::Hero(_) | OhoBlock::Monster(_) => fighting.contains(&id),
            OhoBlock::Weapon(_) => creatures.iter().any(|c| c.weapons.iter().any(|w| w == id)),
            OhoBlock::Armor { .. } => creatures.iter().any(|c| c.armor.as_deref() == Some(id)),
            OhoBlock::Proficiency { .. } => {
                creatures.iter().any(|c| c.proficiencies.contains_key(id))
            }
        };
        assert!(used, "{} `{id}` is in no encounter", block.kind());
    }
}

#[test]
fn every_encounter_ends_decided_with_every_policy_and_no_rejection() {
    let db = content();
    let ids: Vec<String> = db
        .encounters()
        .filter(|e| e.ruleset == "oho")
        .map(|e| e.id.clone())
        .collect();
    assert!(!ids.is_empty());
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
            for seed in 0..30 {
                let mut settings = EncounterSettings::quiet(seed);
                for side in &sides {
                    settings =
                        settings.with_controller(side.clone(), Controller::Ai(policy.into()));
                }
                spawned.push((
                    id.clone(),
                    seed,
                    app.world_mut().spawn_encounter(id, &settings).unwrap(),
                ));
            }
        }
        settle(&mut app);
        for (id, seed, e) in spawned {
            let encounter = app.world().get::<Encounter>(e).unwrap();
            let outcome = encounter
                .outcome()
                .unwrap_or_else(|| panic!("{id} ({policy}, seed {seed}) did not end"));
            assert!(
                !matches!(outcome.ending, Ending::Stalled | Ending::Aborted),
                "{id} ({policy}, seed {seed}): {outcome:?}"
            );
            assert_eq!(
                encounter.rejections(),
                0,
                "{id} ({policy}, seed {seed}): the AI was refused"
            );
        }
    }
}

#[test]
fn a_logged_content_fight_reads_like_a_fight() {
    let mut app = app();
    let e = app
        .world_mut()
        .spawn_encounter("oho-ford-ambush", &EncounterSettings::logged(7))
        .unwrap();
    settle(&mut app);
    let text = text_log(&app, e);
    assert!(text.contains("rolls initiative"), "{text}");
    assert!(text.contains("attacks"), "{text}");
    assert!(text.contains("left)"), "{text}");
    assert!(app.world().get::<Encounter>(e).unwrap().outcome().is_some());
}

#[test]
fn fray_check_refuses_numbers_the_rules_cannot_count_with() {
    // Health and damage far past anything the rules count with passed `fray check` and then
    // overflowed in a fight (issue 14); the check refuses them now.
    let text = r#"[
    Proficiency(id: "blades", name: "Blades", ability: Strength),
    Weapon(id: "sword", name: "Sword", proficiency: "blades", damage: "1d20", damage_type: Slashing, extra_damage: 2),
    Weapon(id: "vorpal", name: "Vorpal", proficiency: "blades", damage: "1d20+2147483647", damage_type: Slashing, extra_damage: 2),
    Monster(id: "titan", name: "Titan", health: 2147483647, speed: 30, reflex: 1, fortitude: 1, weapons: ["sword"], proficiencies: {"blades": 1}),
]"#;
    let loader = OHO.loader();
    let mut db = fray_content::ContentDb::default();
    loader
        .add_source(
            &mut db,
            fray_content::source::SourceFile::new("t/oho/blocks.ron", text),
        )
        .unwrap();
    let problems: Vec<String> = loader
        .validate(&mut db)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(problems.len(), 2, "{problems:?}");
    let has = |s: &str| problems.iter().any(|p| p.contains(s));
    assert!(
        has("titan: health 2147483647 is above 10000"),
        "{problems:?}"
    );
    assert!(
        has("vorpal: damage `d20+2147483647` reaches 2147483648..=2147483667"),
        "{problems:?}"
    );
}

#[test]
fn a_creature_or_weapon_problem_points_at_the_field_it_is_about() {
    // These problems pointed at the statblock's id (issue 14, misplaced diagnostics); each
    // points at its field now, where the file writes it.
    let text = r#"[
    Proficiency(id: "blades", name: "Blades", ability: Strength),
    Weapon(id: "sword", name: "Sword", proficiency: "blades", damage: "1d6",
        damage_type: Slashing,
        extra_damage: 0),
    Armor(id: "mail", name: "Mail",
        reduction: -1),
    Monster(id: "imp", name: "Imp", health: 5, speed: 30,
        reflex: 0,
        fortitude: 0,
        level: 0,
        injury_limit: 0,
        weapons: ["sword"], proficiencies: {"blades": 1}),
]"#;
    let loader = OHO.loader();
    let mut db = fray_content::ContentDb::default();
    loader
        .add_source(
            &mut db,
            fray_content::source::SourceFile::new("t/oho/blocks.ron", text),
        )
        .unwrap();
    let mut problems: Vec<String> = loader
        .validate(&mut db)
        .iter()
        .map(ToString::to_string)
        .collect();
    problems.sort();
    let expected = [
        "t/oho/blocks.ron:5:9: sword: extra_damage must be at least 1",
        "t/oho/blocks.ron:7:9: mail: reduction cannot be negative",
        "t/oho/blocks.ron:9:9: imp: reflex must be at least 1",
        "t/oho/blocks.ron:10:9: imp: fortitude must be at least 1",
        "t/oho/blocks.ron:11:9: imp: level is 1 to 20",
        "t/oho/blocks.ron:12:9: imp: injury_limit must be at least 1",
    ];
    for e in expected {
        assert!(
            problems.iter().any(|p| p.starts_with(e)),
            "no `{e}` in {problems:#?}"
        );
    }
}

#[test]
fn casts_tells_the_built_in_casters_from_the_others() {
    // Spellcraft (an ember bolt) and hexes (a wight's dread wail, a ghoul's grave touch) make
    // casters; a warhammer and a longsword alone do not.
    fray_testkit::standing::assert_casters(
        &OHO,
        "oho-barrow-wight",
        &["tamsin", "barrow-wight", "mire-ghoul"],
        &["brannoc", "hollis"],
    );
}

#[test]
fn can_harm_says_every_combatant_can_harm_every_foe() {
    // OHO has no immunity: a Fortitude roll may soak a blow, it does not stop them all.
    fray_testkit::standing::assert_harmless(&OHO, "oho-barrow-wight", &[]);
}
