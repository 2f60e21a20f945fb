//! Fights written on the command line (`fray batch "fighter-3 vs 6 cave-goblin"`), as a user
//! runs them: in every ruleset, by every command that plays an encounter, and refused with a
//! "did you mean" when an id is wrong.

use crate::cli::{fray, fray_ok, text};

/// One fight of each ruleset, written out with statblocks only that ruleset has.
const FIGHTS: [(&str, &str); 5] = [
    ("archmage", "fighter-1, cleric-1 vs 3 reed-goblin"),
    ("oho", "brannoc vs 2 ash-cultist"),
    ("dierank", "brawler, mystic vs 2 goblin-archer"),
    ("bx", "bx:fighter-1, cleric-1 vs 3 mire-goblin"),
    ("lite5e", "lite5e:fighter-3, cleric-2 vs 3 cave-goblin"),
];

#[test]
fn a_fight_written_out_plays_in_every_ruleset_and_says_its_ruleset() {
    for (ruleset, fight) in FIGHTS {
        let out = fray(&["run", fight, "--seed", "4"]);
        assert!(out.status.success(), "{fight}: {}", text(&out.stderr));
        let log = text(&out.stdout);
        assert!(
            log.contains(&format!("Battle `ad-hoc` begins ({ruleset})")),
            "{fight}: {log}"
        );
        assert!(log.contains("a fight written on the command line"), "{log}");
        let batch = fray(&["batch", fight, "--runs", "50", "--quiet"]);
        assert!(batch.status.success(), "{fight}: {}", text(&batch.stderr));
        let summary = text(&batch.stdout);
        assert!(
            summary.contains(&format!("(ad-hoc, {ruleset}): 50 runs")),
            "{summary}"
        );
        assert!(!summary.contains("rejections"), "{summary}");
    }
}

#[test]
fn a_fight_written_out_plays_exactly_as_the_same_encounter_written_in_a_file() {
    let dir = std::env::temp_dir().join(format!("fray-adhoc-same-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("same.ron");
    std::fs::write(
        &file,
        r#"Encounter(id: "ad-hoc", name: "Party: fighter-3, 2 cleric-2 vs 3 cave-goblin, goblin-boss",
    description: "a fight written on the command line", ruleset: "lite5e", map: Named("near-far"),
    sides: [
        (name: "Party", combatants: [(statblock: "fighter-3", region: "near"),
                                     (statblock: "cleric-2", count: 2, region: "near")]),
        (name: "Cave Goblin", combatants: [(statblock: "cave-goblin", count: 3, region: "far"),
                                           (statblock: "goblin-boss", region: "far")]),
    ])"#,
    )
    .unwrap();
    let written = "Party: fighter-3, 2x cleric-2 vs 3 cave-goblin, goblin-boss";
    for seed in ["1", "9"] {
        let out = fray(&["run", written, "--seed", seed]);
        let from_file = fray_ok(&["run", file.to_str().unwrap(), "--seed", seed]);
        assert_eq!(text(&out.stdout), text(&from_file.stdout));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn compare_tune_and_the_json_take_a_fight_written_out() {
    let fight = "fighter-3, cleric-2 vs 3 cave-goblin";
    let compare = fray(&[
        "compare",
        fight,
        "fighter-3, cleric-2 vs 5 cave-goblin",
        "--runs",
        "200",
        "--quiet",
    ]);
    assert!(compare.status.success(), "{}", text(&compare.stderr));
    let verdict = text(&compare.stdout);
    assert!(
        verdict.contains("'fighter-3, cleric-2 vs 5 cave-goblin'"),
        "{verdict}"
    );
    let tune = fray(&[
        "tune",
        fight,
        "--side",
        "Brannoc",
        "--target",
        "0.5",
        "--vary",
        "count:cave-goblin",
        "--budget",
        "400",
        "--max",
        "6",
        "--quiet",
    ]);
    assert!(tune.status.success(), "{}", text(&tune.stderr));
    let curve = text(&tune.stdout);
    assert!(curve.contains("count:cave-goblin"), "{curve}");
    let json = fray(&["batch", fight, "--runs", "20", "--quiet", "--json", "-"]);
    assert!(json.status.success(), "{}", text(&json.stderr));
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    // The report names the fight as written, and its ruleset: enough to play it again.
    assert_eq!(report["encounter"], "ad-hoc");
    assert_eq!(report["name"], fight);
    assert_eq!(report["ruleset"], "lite5e");
}

#[test]
fn a_fight_written_out_wrongly_is_refused_with_what_was_meant() {
    let cases: [(&[&str], &str); 10] = [
        (
            &["run", "fighter-3 vs 1x"],
            "`1x`: a count needs a statblock id after it",
        ),
        (&["run", ": fighter-3 vs cave-goblin"], "side name is empty"),
        (
            &["run", "fighter-3 vs 3 cave-gobln"],
            "no statblock `cave-gobln` in any ruleset (did you mean `cave-goblin`?)",
        ),
        (
            &["run", "fighter-3 vs 3 cave-gobln", "--ruleset", "lite5e"],
            "no lite5e statblock `cave-gobln` an encounter can place (did you mean `cave-goblin`?)",
        ),
        (
            &["run", "fighter-1 vs fighter-1"],
            "rulesets (archmage, bx): name one with `--ruleset`",
        ),
        (
            &["run", "bx:fighter-1 vs lite5e:cave-goblin"],
            "statblocks of bx and lite5e: one fight plays one ruleset",
        ),
        (
            &["run", "fighter-3 vs 0 cave-goblin"],
            "a count is a whole number from 1 to 1000",
        ),
        (
            &["run", "fighter-3 vs 3 cave-goblin", "--ruleset", "lite"],
            "no such ruleset (did you mean `lite5e`?)",
        ),
        (
            &["run", "fighter-3 vs cave-goblin goblin-boss"],
            "separate entries with commas",
        ),
        (
            &["run", "fighter-3 vs 1000 cave-goblin"],
            "at most 1000 play in reasonable time",
        ),
    ];
    for (args, expected) in cases {
        let out = fray(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stdout)
        );
        let err = text(&out.stderr);
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn list_finds_statblocks_by_part_of_their_id_or_name_in_one_ruleset() {
    let out = fray_ok(&["list", "--ruleset", "lite5e", "--search", "GOBLIN"]);
    let listing = text(&out.stdout);
    assert!(listing.contains("cave-goblin"), "{listing}");
    assert!(listing.contains("l5-warren-dark"), "{listing}");
    assert!(!listing.contains("mire-goblin"), "{listing}");
    assert!(!listing.contains("fighter-3"), "{listing}");
    assert!(!listing.contains("options:"), "{listing}");
    let none = fray(&["list", "--search", "no-such-thing"]);
    assert_eq!(none.status.code(), Some(1));
    assert!(text(&none.stderr).contains("nothing has `no-such-thing`"));
    // An imported bestiary is summed up in a line, and searched for by name.
    let whole = text(&fray(&["list"]).stdout);
    assert!(whole.contains(" statblocks of content/lite5e/srd/ (`fray list --ruleset lite5e --search NAME` lists them)"), "{whole}");
    assert!(!whole.contains("adult-red-dragon"), "{whole}");
    let found = text(&fray(&["list", "--search", "red-dragon"]).stdout);
    assert!(found.contains("adult-red-dragon"), "{found}");
    let typo = fray(&["list", "--ruleset", "lite"]);
    assert_eq!(typo.status.code(), Some(2));
    assert!(text(&typo.stderr).contains("did you mean `lite5e`?"));
}
