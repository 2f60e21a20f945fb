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

#[test]
fn ar20_fray_check_refuses_an_unarmed_attack_that_is_not_strength_against_ac_at_minus_two() {
    // Four heroes, one a line, each with an unarmed "fist": the first as the text has it, then
    // one with Dex, one against PD, one without the -2. `fray check` (the loader's
    // check_paths) refuses the last three, each at its own fist.
    let hero = |id: &str, attack: &str| {
        format!(
            "    Hero(id: \"{id}\", name: \"{id}\", class: \"Monk\", level: 1, abilities: (str: 16, con: 10, dex: 16, int: 10, wis: 10, cha: 10), base: (ac: 12, pd: 10, md: 10), hp: 20, recoveries: 8, recovery_die: 8, attacks: [(id: \"fist\", name: \"Fist\", kind: Melee, {attack}, damage: Unarmed, basic: true)]),\n"
        )
    };
    let text = [
        "[\n".to_string(),
        hero("boxer", "vs: AC, ability: Str, extra: -2"),
        hero("dancer", "vs: AC, ability: Dex, extra: -2"),
        hero("shover", "vs: PD, ability: Str, extra: -2"),
        hero("brawler", "vs: AC, ability: Str"),
        "]\n".to_string(),
    ]
    .concat();
    let dir = std::env::temp_dir().join(format!("fray-ar20-{}", std::process::id()));
    let file = dir.join("archmage").join("monks.ron");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, &text).unwrap();
    let (_, problems) = BENCH.loader().check_paths(&[&dir]);
    std::fs::remove_dir_all(&dir).ok();
    let column = |line: usize| {
        text.lines()
            .nth(line - 1)
            .unwrap()
            .find("\"fist\"")
            .unwrap()
            + 1
    };
    let mut located: Vec<String> = problems
        .0
        .iter()
        .map(|d| {
            format!(
                "{}:{}:{}: {}",
                d.path.display(),
                d.line,
                d.column,
                d.message
            )
        })
        .collect();
    let expected: Vec<String> = [(3, "dancer"), (4, "shover"), (5, "brawler")]
        .iter()
        .map(|(line, id)| {
            format!(
                "{}:{line}:{}: {id}: unarmed attack `fist` must be a Strength attack against AC at -2 (AR-20)",
                file.display(),
                column(*line)
            )
        })
        .collect();
    located.sort();
    assert_eq!(located, expected);
    assert!(
        problems.0.iter().all(|d| d
            .help
            .as_deref()
            .is_some_and(|h| h.contains("ability: Str, extra: -2"))),
        "{problems:?}"
    );
}

#[test]
fn fray_check_refuses_numbers_the_rules_cannot_count_with() {
    // The hit points and damage a new user tried (issue 14): both passed `fray check` and then
    // overflowed in a fight. Now the check refuses them, and a sound statblock still passes.
    let monster = |id: &str, hp: &str, damage: &str| {
        format!(
            "    Monster(id: \"{id}\", name: \"{id}\", level: 2, hp: {hp}, ac: 16, pd: 14, md: 12, initiative: 5, attacks: [(id: \"bite\", name: \"Bite\", kind: Melee, vs: AC, bonus: Some(7), damage: Dice(\"{damage}\"))]),\n"
        )
    };
    let text = [
        "[\n".to_string(),
        monster("sound", "30", "1d8+2"),
        monster("huge", "2147483647", "1d8+2"),
        monster("biting", "30", "1d8+2147483647"),
        monster("toothless", "30", "1d4-20"),
        "]\n".to_string(),
    ]
    .concat();
    let dir = std::env::temp_dir().join(format!("fray-limits-{}", std::process::id()));
    let file = dir.join("archmage").join("beasts.ron");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, &text).unwrap();
    let (_, problems) = BENCH.loader().check_paths(&[&dir]);
    std::fs::remove_dir_all(&dir).ok();
    let messages: Vec<String> = problems.0.iter().map(|d| d.message.clone()).collect();
    assert_eq!(messages.len(), 3, "{messages:?}");
    let has = |text: &str| messages.iter().any(|m| m.contains(text));
    assert!(
        has("huge: hp 2147483647 is outside 1..=10000"),
        "{messages:?}"
    );
    assert!(
        has("biting: damage `d8+2147483647` reaches 2147483648..=2147483655, outside"),
        "{messages:?}"
    );
    // Issue 32 F.26: damage that never rolls above 0 was accepted and dealt nothing.
    assert!(
        has("toothless: damage `d4-20` never rolls above -16"),
        "{messages:?}"
    );
}

#[test]
fn a_hero_problem_points_at_the_field_it_is_about() {
    // These problems pointed at the statblock's id (issue 14, misplaced diagnostics); each
    // points at its field now, where the file writes it.
    let text = r#"[
    Hero(
        id: "odd", name: "Odd", class: "Fighter",
        level: 16,
        abilities: (str: 18, con: 14, dex: 0, int: 8, wis: 12, cha: 10),
        base: (ac: 15, pd: 10, md: 10), hp: 30, recoveries: 9,
        recovery_die: 3,
        attacks: [
            (id: "fist", name: "Punch", kind: Melee, vs: AC, ability: Some(Str), extra: -2, damage: Unarmed),
        ],
    ),
]
"#;
    let dir = std::env::temp_dir().join(format!("fray-fields-{}", std::process::id()));
    let file = dir.join("archmage").join("heroes.ron");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, text).unwrap();
    let (_, problems) = BENCH.loader().check_paths(&[&dir]);
    std::fs::remove_dir_all(&dir).ok();
    let found: Vec<(usize, usize, String)> = problems
        .0
        .iter()
        .map(|d| (d.line, d.column, d.message.clone()))
        .collect();
    let at = |line: usize, column: usize, text: &str| {
        assert!(
            found
                .iter()
                .any(|(l, c, m)| (*l, *c) == (line, column) && m.contains(text)),
            "no `{text}` at {line}:{column} in {found:#?}"
        );
    };
    at(4, 9, "level 16 is outside 1..=15");
    at(5, 39, "ability score 0 is outside 1..=30");
    at(7, 9, "recovery die d3 is not a class recovery die");
    at(8, 9, "a hero needs a basic melee attack");
}

#[test]
fn casts_tells_the_built_in_casters_from_the_others() {
    // A wizard's spell attacks and a cleric's spells and powers make casters; weapons, a
    // rogue's poisoned blade and a hound's bite do not.
    fray_testkit::standing::assert_casters(
        &BENCH,
        "archmage-bridge",
        &["wizard-1", "cleric-1"],
        &[
            "fighter-1",
            "rogue-1",
            "reed-goblin",
            "cinder-hound",
            "bog-lurker",
        ],
    );
}

#[test]
fn can_harm_says_every_combatant_can_harm_every_foe() {
    // archmage has no immunity: resistance halves a blow (AR-32), it does not stop it.
    fray_testkit::standing::assert_harmless(&BENCH, "archmage-bridge", &[]);
}
