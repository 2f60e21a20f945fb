//! The `fray` binary as a user runs it.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs the `fray` binary from the repository root, without colours.
pub(crate) fn fray(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .expect("the fray binary runs")
}

/// Runs the `fray` binary as [`fray`] does, and fails the test with its standard error unless
/// it succeeds.
pub(crate) fn fray_ok(args: &[&str]) -> Output {
    let out = fray(args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    out
}

/// Output bytes as text.
pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `fray`, reads the first line of its output, closes the pipe (as `| head -1` does) and
/// waits: the first line and what the process left behind.
fn fray_read_one_line(args: &[&str]) -> (String, Output) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the fray binary runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    (first, child.wait_with_output().unwrap())
}

#[test]
fn roll_repeats_with_a_seed_and_points_at_bad_notation() {
    let a = fray(&["roll", "4d6kh3", "--seed", "7", "--times", "3"]);
    let b = fray(&["roll", "4d6kh3", "--seed", "7", "--times", "3"]);
    assert!(a.status.success());
    assert_eq!(text(&a.stdout), text(&b.stdout));
    assert_eq!(text(&a.stdout).lines().count(), 3);
    let bad = fray(&["roll", "2d"]);
    assert_eq!(bad.status.code(), Some(2));
    let err = text(&bad.stderr);
    assert!(err.contains("column 3"), "{err}");
    assert!(err.contains("2d\n    ^"), "{err}");
}

#[test]
fn run_with_the_same_seed_prints_the_same_fight() {
    let a = fray(&["run", "archmage-bridge", "--seed", "3"]);
    let b = fray(&["run", "archmage-bridge", "--seed", "3"]);
    assert!(a.status.success(), "{}", text(&a.stderr));
    assert_eq!(text(&a.stdout), text(&b.stdout));
    assert!(text(&a.stdout).contains("side wins in round") || text(&a.stdout).contains("Draw"));
    let json = fray(&["run", "archmage-bridge", "--seed", "3", "--format", "json"]);
    let last = text(&json.stdout).lines().last().unwrap().to_string();
    let record: serde_json::Value = serde_json::from_str(&last).unwrap();
    assert!(record["combatants"].as_array().unwrap().len() == 8);
}

#[test]
fn errors_are_readable_and_exit_non_zero() {
    let missing = fray(&["run", "no-such-fight"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("unknown encounter `no-such-fight`"));
    let missing_file = fray(&["run", "nowhere/fight.ron"]);
    assert_eq!(missing_file.status.code(), Some(2));
    assert!(text(&missing_file.stderr).contains("cannot read file"));
    let policy = fray(&["run", "archmage-bridge", "--ai", "Heroes=sleepy"]);
    assert_eq!(policy.status.code(), Some(2));
    assert!(text(&policy.stderr).contains("unknown AI policy `sleepy`"));
    let side = fray(&["run", "archmage-bridge", "--ai", "Heros=random"]);
    assert_eq!(side.status.code(), Some(2));
    assert!(
        text(&side.stderr).contains("did you mean `Heroes`?"),
        "{}",
        text(&side.stderr)
    );
    let zero = fray(&["batch", "archmage-bridge", "--runs", "0"]);
    assert_eq!(zero.status.code(), Some(2));
    assert!(text(&zero.stderr).contains("--runs must be at least 1"));
}

#[test]
fn check_reports_path_line_col_for_broken_content_and_passes_on_good_content() {
    let good = fray(&["check"]);
    assert!(
        good.status.success(),
        "{}{}",
        text(&good.stdout),
        text(&good.stderr)
    );
    assert!(text(&good.stdout).contains("no problems"));
    let dir = std::env::temp_dir().join(format!("fray-check-{}", std::process::id()));
    let broken = dir.join("archmage");
    std::fs::create_dir_all(broken.join("encounters")).unwrap();
    std::fs::write(broken.join("blocks.ron"), "[\n  Monster(id: \"x\", name: \"X\", level: 1, hp: 5, ac: 10, pd: 10, md: 10, initiative: 0,\n    attacks: [], colour: 3),\n]\n").unwrap();
    std::fs::write(
        broken.join("encounters/e.ron"),
        "Encounter(id: \"e\", name: \"E\", ruleset: \"archmage\", map: Named(\"near-fra\"), sides: [])\n",
    )
    .unwrap();
    let out = fray(&["check", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let report = text(&out.stdout);
    let blocks = Path::new(&broken).join("blocks.ron");
    assert!(
        report.contains(&format!("{}:3:18:", blocks.display())),
        "{report}"
    );
    assert!(report.contains("colour"), "{report}");
    assert!(report.contains("unknown map `near-fra`"), "{report}");
    assert!(report.contains("did you mean `near-far`?"), "{report}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Copies the folder `from` into `to`, files and subfolders.
fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for entry in std::fs::read_dir(from).expect("a folder to copy") {
        let entry = entry.expect("an entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("a copy");
        }
    }
}

#[test]
fn check_refuses_an_expedition_member_with_more_hp_than_its_statblock() {
    // Issue 32 F.24: `hp: 9999` for a 14-HP fighter was accepted, and its first fight reported
    // 9985 HP lost.
    let dir = std::env::temp_dir().join(format!("fray-check-hp-{}", std::process::id()));
    copy_folder(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("content/bx"),
        &dir.join("bx"),
    );
    let raid = dir.join("bx/expeditions/barrow-raid.ron");
    let original = std::fs::read_to_string(&raid).expect("the expedition");
    let changed = original.replace(
        r#"statblock: "fighter-2", hp: 14,"#,
        r#"statblock: "fighter-2", hp: 9999,"#,
    );
    assert_ne!(original, changed);
    std::fs::write(&raid, changed).expect("the changed expedition");
    let out = fray(&["check", dir.to_str().expect("a UTF-8 path")]);
    assert_eq!(out.status.code(), Some(1), "{}", text_of(&out));
    assert!(
        text(&out.stdout).contains("Aldo's hp is 9999, above the 14 of its statblock `fighter-2`"),
        "{}",
        text_of(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn one_broken_statblock_file_is_one_problem_not_a_cascade() {
    // Issue 32 F.27: `hp: "twenty"` in archmage's monsters gave 8 problems: the real one and 7
    // follow-on "unknown archmage statblock" errors in the dungeon, one of them three times.
    let dir = std::env::temp_dir().join(format!("fray-check-cascade-{}", std::process::id()));
    copy_folder(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("content/archmage"),
        &dir.join("archmage"),
    );
    let monsters = dir.join("archmage/monsters.ron");
    let original = std::fs::read_to_string(&monsters).expect("the monsters");
    std::fs::write(
        &monsters,
        original.replacen("hp: 22,", "hp: \"twenty\",", 1),
    )
    .expect("the changed monsters");
    let out = fray(&["check", dir.to_str().expect("a UTF-8 path")]);
    assert_eq!(out.status.code(), Some(1), "{}", text_of(&out));
    let report = text(&out.stdout);
    assert!(report.contains("1 problem."), "{report}");
    assert!(report.contains("monsters.ron:6:"), "{report}");
    assert!(!report.contains("unknown archmage statblock"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_says_a_json_file_is_no_content() {
    // Issue 32 F.28: `fray check b1.json` said "cannot tell which ruleset these statblocks
    // belong to".
    let file = std::env::temp_dir().join(format!("fray-check-{}.json", std::process::id()));
    std::fs::write(&file, "{\"runs\": 1}").expect("a JSON file");
    let out = fray(&["check", file.to_str().expect("a UTF-8 path")]);
    assert_eq!(out.status.code(), Some(1), "{}", text_of(&out));
    assert!(
        text(&out.stdout).contains("not a content file: content is written in RON"),
        "{}",
        text_of(&out)
    );
    let _ = std::fs::remove_file(&file);
}

#[test]
fn a_batch_records_how_it_was_made_in_its_json_and_its_summary() {
    // Issue 32 G.29: the options, the round limit and the AI given were in no result.
    let out = fray(&[
        "batch",
        "archmage-bridge",
        "--runs",
        "20",
        "--option",
        "lasting_wounds=true",
        "--max-rounds",
        "9",
        "--ai",
        "Raiders=aggressive",
        "--json",
        "-",
        "--quiet",
    ]);
    assert!(out.status.success(), "{}", text_of(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["schema"], 2);
    assert!(json["fray_version"].is_string());
    let made = &json["made"];
    assert_eq!(made["max_rounds"], 9);
    assert_eq!(made["seed"], 1);
    assert_eq!(made["runs"], 20);
    assert!(
        made["options"]
            .as_array()
            .unwrap()
            .iter()
            .any(|o| o == "lasting_wounds=true"),
        "{made}"
    );
    assert_eq!(made["controllers"][0], "Raiders=ai:aggressive");
    assert!(made["content"].as_str().unwrap().len() == 16, "{made}");
    // G.30: `survival_rate` meant "still active"; it is `active_rate` now, beside `alive_rate`.
    let first = &json["combatants"][0];
    assert!(first.get("survival_rate").is_none(), "{first}");
    let rates = |k: &str| first[k].as_f64().unwrap();
    assert!(
        (rates("alive_rate") + rates("death_rate") - 1.0).abs() < 1e-9,
        "{first}"
    );
    assert!(rates("active_rate") <= rates("alive_rate"), "{first}");
    let summary = text(&out.stderr);
    assert!(
        summary.contains("round limit 9; AI given: Raiders=ai:aggressive"),
        "{summary}"
    );
    // A batch of expeditions says what it played too.
    let delve = fray(&["delve", "bx-barrow-raid", "--runs", "4", "--json", "-"]);
    let json: serde_json::Value = serde_json::from_slice(&delve.stdout).unwrap();
    assert_eq!(
        (
            &json["schema"],
            &json["expedition"],
            &json["ruleset"],
            &json["runs_asked"]
        ),
        (
            &serde_json::json!(2),
            &serde_json::json!("bx-barrow-raid"),
            &serde_json::json!("bx"),
            &serde_json::json!(4)
        )
    );
    // G.30: the means the text gives, beside the totals.
    let runs = json["runs"].as_f64().unwrap();
    for (mean, total) in [
        ("turns", "turns"),
        ("fights", "fights"),
        ("treasure", "treasure"),
    ] {
        let expected = json[total].as_f64().unwrap() / runs;
        assert!(
            (json["means"][mean].as_f64().unwrap() - expected).abs() < 1e-9,
            "{json}"
        );
    }
    let hours = json["seconds"].as_f64().unwrap() / runs / 3600.0;
    assert!(
        (json["means"]["hours"].as_f64().unwrap() - hours).abs() < 1e-9,
        "{json}"
    );
}

#[test]
fn merge_says_which_part_is_of_another_kind() {
    // Issue 32 G.36: a batch's part beside a sweep's part was blamed as "not a batch part".
    let dir = std::env::temp_dir().join(format!("fray-merge-kinds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let (batch, sweep) = (dir.join("part-0.json"), dir.join("tp0.json"));
    std::fs::write(&batch, r#"{"format":"fray-batch-part/1"}"#).expect("a file");
    std::fs::write(&sweep, r#"{"format":"fray-tune-part/1"}"#).expect("a file");
    let out = fray(&[
        "merge",
        batch.to_str().expect("a UTF-8 path"),
        sweep.to_str().expect("a UTF-8 path"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let why = text(&out.stderr);
    assert!(
        why.contains("part-0.json is a batch's part") && why.contains("tp0.json is a sweep's part"),
        "{why}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn list_shows_encounters_and_statblocks_by_ruleset() {
    let out = fray(&["list"]);
    assert!(out.status.success());
    let s = text(&out.stdout);
    assert!(
        s.contains("archmage") && s.contains("archmage-bridge") && s.contains("dusk-wyrmling"),
        "{s}"
    );
    assert!(s.contains("lasting_wounds"));
}

#[test]
fn batch_writes_json_csv_and_svg_and_png_charts() {
    let dir = std::env::temp_dir().join(format!("fray-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (json, csv, svg) = (
        dir.join("out.json"),
        dir.join("out.csv"),
        dir.join("out.svg"),
    );
    let out = fray_ok(&[
        "batch",
        "archmage-bridge",
        "--runs",
        "200",
        "--quiet",
        "--json",
        json.to_str().unwrap(),
        "--csv",
        csv.to_str().unwrap(),
        "--plot",
        svg.to_str().unwrap(),
    ]);
    let summary = text(&out.stdout);
    assert!(
        summary.contains("encounters/s")
            && summary.contains("combatant-turns/s")
            && summary.contains("us/action")
    );
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    for key in [
        "encounter",
        "ruleset",
        "runs",
        "seed",
        "sides",
        "draws",
        "rounds",
        "combatants",
        "timing",
    ] {
        assert!(value.get(key).is_some(), "JSON lacks {key}");
    }
    assert_eq!(value["sides"][0]["ci95"].as_array().unwrap().len(), 2);
    assert_eq!(std::fs::read_to_string(&csv).unwrap().lines().count(), 201);
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    // The same chart as PNG, text included (a bundled font), and a refused format.
    let png = dir.join("out.png");
    fray_ok(&[
        "batch",
        "oho-crossroads",
        "--runs",
        "50",
        "--quiet",
        "--plot",
        png.to_str().unwrap(),
    ]);
    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.len() > 10_000);
    let pdf = fray(&[
        "batch",
        "archmage-bridge",
        "--runs",
        "5",
        "--quiet",
        "--plot",
        "x.pdf",
    ]);
    assert_eq!(pdf.status.code(), Some(2));
    assert!(text(&pdf.stderr).contains("`*.svg` or `*.png`"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn batch_refuses_a_csv_path_it_cannot_create_before_playing() {
    let path = std::env::temp_dir()
        .join(format!("fray-no-such-dir-{}", std::process::id()))
        .join("runs.csv");
    let out = fray(&[
        "batch",
        "archmage-bridge",
        "--runs",
        "5",
        "--quiet",
        "--csv",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!("cannot create {}", path.display())),
        "{err}"
    );
    // Nothing was played: no summary.
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
}

#[test]
fn cli_output_to_a_closed_pipe_ends_quietly() {
    // `list` and `run` may finish before the reader goes away; 100 000 rolls outgrow any pipe
    // buffer, so that one always writes to a closed pipe.
    let commands: [&[&str]; 3] = [
        &["list"],
        &["run", "archmage-bridge", "--seed", "1"],
        &["roll", "d6", "--seed", "1", "--times", "100000"],
    ];
    for args in commands {
        let (first, out) = fray_read_one_line(args);
        let err = text(&out.stderr);
        assert!(!first.is_empty(), "fray {args:?} printed nothing: {err}");
        assert!(out.status.success(), "fray {args:?}: {}\n{err}", out.status);
        assert!(!err.contains("panicked"), "fray {args:?}: {err}");
    }
}

#[test]
fn batch_and_roll_refuse_counts_that_make_no_sense() {
    let threads = fray(&[
        "batch",
        "archmage-bridge",
        "--runs",
        "5",
        "--threads",
        "1000",
    ]);
    assert_eq!(threads.status.code(), Some(2));
    assert!(text(&threads.stderr).contains("at most 256 threads"));
    let chunk = fray(&["batch", "archmage-bridge", "--runs", "5", "--chunk", "0"]);
    assert_eq!(chunk.status.code(), Some(2));
    assert!(text(&chunk.stderr).contains("at least one fight"));
    let times = fray(&["roll", "2d6", "--times", "0"]);
    assert_eq!(times.status.code(), Some(2));
    assert!(text(&times.stdout).is_empty());
}

#[test]
fn batch_checks_its_json_and_chart_paths_before_playing_and_json_dash_is_stdout() {
    let dir = std::env::temp_dir().join(format!("fray-missing-{}", std::process::id()));
    for (flag, file) in [("--json", "r.json"), ("--plot", "r.svg")] {
        let path = dir.join(file);
        let out = fray(&[
            "batch",
            "archmage-bridge",
            "--runs",
            "5",
            "--quiet",
            flag,
            path.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(1), "{flag}");
        let err = text(&out.stderr);
        assert!(
            err.contains(&format!("cannot create {}", path.display())),
            "{err}"
        );
        // Nothing was played: no summary.
        assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    }
    let out = fray_ok(&[
        "batch",
        "archmage-bridge",
        "--runs",
        "5",
        "--quiet",
        "--json",
        "-",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert_eq!(json["runs"], 5);
    assert!(text(&out.stderr).contains("win %"));
    assert!(!Path::new("-").exists());
}

#[test]
fn roll_refuses_keeping_more_dice_than_rolled_and_cuts_a_long_expression() {
    let keep = fray(&["roll", "4d6kh5"]);
    assert_eq!(keep.status.code(), Some(2));
    assert!(text(&keep.stderr).contains("keeps 5 dice of the 4 rolled"));
    let long = format!("{}x", "1+".repeat(3000));
    let out = fray(&["roll", &long]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("at most 4096 characters"), "{err}");
    assert!(err.lines().all(|l| l.chars().count() <= 100), "{err}");
}

#[test]
fn check_and_list_read_one_file_in_the_context_of_the_content() {
    let file = "content/archmage/encounters/bridge-skirmish.ron";
    let check = fray(&["check", file]);
    assert!(check.status.success(), "{}", text(&check.stdout));
    assert!(text(&check.stdout).contains("1 file checked: no problems."));
    let folder = fray(&["check", "content/archmage/encounters"]);
    assert!(folder.status.success(), "{}", text(&folder.stdout));
    let list = fray(&["list", file]);
    assert!(list.status.success(), "{}", text(&list.stderr));
    let listed = text(&list.stdout);
    assert!(listed.contains("archmage-bridge"), "{listed}");
    assert!(!listed.contains("archmage-ambush"), "{listed}");
}

#[test]
fn a_copy_of_an_encounter_runs_and_duplicates_say_where_the_first_is() {
    let dir = std::env::temp_dir().join(format!("fray-copy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let copy = dir.join("bridge.ron");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("content/archmage/encounters/bridge-skirmish.ron"),
        &copy,
    )
    .unwrap();
    let run = fray(&["run", copy.to_str().unwrap(), "--seed", "3"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let again = dir.join("bridge-again.ron");
    std::fs::copy(&copy, &again).unwrap();
    let check = fray(&["check", dir.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(1));
    let out = text(&check.stdout);
    assert!(out.contains("is defined twice"), "{out}");
    assert!(out.contains("it was first defined at"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn run_as_json_names_sides_combatants_and_regions_first() {
    let out = fray_ok(&["run", "archmage-bridge", "--seed", "3", "--format", "json"]);
    let stdout = text(&out.stdout);
    let first: serde_json::Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    let names = &first["names"];
    assert_eq!(names["sides"][0], "Heroes");
    assert_eq!(names["combatants"][0]["side"], 0);
    assert!(names["combatants"][0]["name"].is_string());
    assert!(!names["regions"].as_array().unwrap().is_empty());
}

#[test]
fn batch_table_says_how_each_combatant_ended_with_a_legend() {
    let out = fray_ok(&["batch", "oho-crossroads", "--runs", "200", "--quiet"]);
    let table = text(&out.stdout);
    for column in ["active", "down", "dead", "gave up", "drops"] {
        assert!(table.contains(column), "{column} in {table}");
    }
    assert!(table.contains("down - out but alive"), "{table}");
}

#[test]
fn run_and_batch_take_ruleset_options_and_a_round_limit() {
    let short = fray(&["run", "archmage-bridge", "--seed", "3", "--max-rounds", "1"]);
    assert!(short.status.success(), "{}", text(&short.stderr));
    assert!(text(&short.stdout).contains("the round limit (1) was reached"));
    let batch = fray(&[
        "batch",
        "archmage-bridge",
        "--runs",
        "50",
        "--quiet",
        "--option",
        "lasting_wounds=true",
        "--max-rounds",
        "2",
    ]);
    assert!(batch.status.success(), "{}", text(&batch.stderr));
    assert!(text(&batch.stdout).contains("round limits"));
    let typo = fray(&["run", "archmage-bridge", "--option", "lasting_wound=true"]);
    assert_eq!(typo.status.code(), Some(2));
    assert!(text(&typo.stderr).contains("did you mean `lasting_wounds`"));
    let kind = fray(&["run", "archmage-bridge", "--option", "lasting_wounds=3"]);
    assert_eq!(kind.status.code(), Some(2));
    assert!(
        text(&kind.stderr).contains("takes"),
        "{}",
        text(&kind.stderr)
    );
    let zero = fray(&["run", "archmage-bridge", "--max-rounds", "0"]);
    assert_eq!(zero.status.code(), Some(2));
}

/// What `fray` offers a fish shell that has typed `words` (the last one being completed).
fn completed(words: &[&str]) -> String {
    let mut args = vec!["--", "fray"];
    args.extend_from_slice(words);
    let out = Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(&args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("COMPLETE", "fish")
        .output()
        .expect("the fray binary runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn completions_cover_every_command_and_the_content_ids() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = fray_ok(&["completions", shell]);
        let script = text(&out.stdout);
        assert!(
            script.contains("COMPLETE"),
            "{shell}: the script asks fray\n{script}"
        );
    }
    let bad = fray(&["completions", "cmd.exe"]);
    assert_eq!(bad.status.code(), Some(2));
    // Commands and options.
    let commands = completed(&["ba"]);
    assert!(
        commands.lines().any(|l| l.starts_with("batch")),
        "{commands}"
    );
    let options = completed(&["batch", "archmage-bridge", "--ru"]);
    assert!(options.contains("--runs"), "{options}");
}

#[test]
fn completions_offer_the_ids_each_command_takes() {
    let encounters = completed(&["run", "archmage-b"]);
    assert!(
        encounters.contains("archmage-bridge\tSkirmish at the old bridge"),
        "{encounters}"
    );
    let compared = completed(&["compare", "archmage-bridge", "bx-goblin"]);
    assert!(compared.contains("bx-goblin-cave"), "{compared}");
    let expeditions = completed(&["delve", "bx-barrow"]);
    assert!(expeditions.contains("bx-barrow-raid"), "{expeditions}");
    assert!(!expeditions.contains("bx-goblin-cave"), "{expeditions}");
    // A statblock id several rulesets share is offered with its ruleset.
    let shown = completed(&["show", "bx:cle"]);
    assert!(shown.contains("bx:cleric-1"), "{shown}");
    let maps = completed(&["show", "bridge-cr"]);
    assert!(maps.contains("bridge-crossing\tmap"), "{maps}");
}

#[test]
fn the_built_in_content_works_from_any_folder_and_list_says_which_is_in_use() {
    // An empty `content/` folder where fray runs hides nothing.
    let dir = std::env::temp_dir().join(format!("fray-elsewhere-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("content")).unwrap();
    let in_dir = |args: &[&str]| fray_in(&dir, args);
    let list = in_dir(&["list"]);
    assert!(list.status.success(), "{}", text(&list.stderr));
    let listed = text(&list.stdout);
    assert!(listed.starts_with("content: built in"), "{listed}");
    assert!(listed.contains("archmage-bridge"), "{listed}");
    let run = in_dir(&["run", "bx-goblin-cave", "--seed", "2"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    // A folder named on purpose lies over the built-in content; used alone, an empty one says
    // it holds nothing.
    let layered = in_dir(&["--content", "content", "list"]);
    assert!(layered.status.success(), "{}", text(&layered.stderr));
    assert!(text(&layered.stdout).starts_with("content: content/ over the built-in content"));
    let empty = in_dir(&["--only-content", "content", "list"]);
    assert_eq!(empty.status.code(), Some(1));
    assert!(text(&empty.stdout).starts_with("content: content/ alone"));
    assert!(text(&empty.stderr).contains("no encounters or statblocks found"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn h40_show_says_who_plays_each_side_in_words() {
    let enc = fray(&["show", "bx-goblin-cave"]);
    assert!(enc.status.success(), "{}", text(&enc.stderr));
    let out = text(&enc.stdout);
    assert!(
        out.contains("side Party, played by the tactical AI\n"),
        "{out}"
    );
    assert!(!out.contains("Ai(\""), "{out}");
}

#[test]
fn show_prints_an_encounter_a_map_and_a_statblock() {
    let enc = fray(&["show", "bx-goblin-cave"]);
    assert!(enc.status.success(), "{}", text(&enc.stderr));
    let out = text(&enc.stdout);
    for part in [
        "side Goblins",
        "3 x Mire Goblin (mire-goblin) in fire-pit",
        "region den",
        "ties = ",
    ] {
        assert!(out.contains(part), "{part} in {out}");
    }
    let map = fray(&["show", "bx-barge"]);
    assert!(text(&map.stdout).contains("(WellLit, unstable)"));
    let block = fray(&["show", "goblin-chief"]);
    assert!(text(&block.stdout).contains("Monster(id: \"goblin-chief\""));
    let typo = fray(&["show", "gobln-chief"]);
    assert_eq!(typo.status.code(), Some(2));
    assert!(text(&typo.stderr).contains("did you mean `goblin-chief`"));
    // Issue 32: `cleric-1` is archmage's and B/X's; `show` could show neither B/X's, and printed
    // archmage's file for it. A bare id several rulesets use is refused with the candidates.
    let both = fray(&["show", "cleric-1"]);
    assert_eq!(both.status.code(), Some(2));
    let why = text(&both.stderr);
    assert!(
        why.contains("archmage:cleric-1") && why.contains("bx:cleric-1"),
        "{why}"
    );
    let bx = fray(&["show", "bx:cleric-1"]);
    assert!(bx.status.success(), "{}", text(&bx.stderr));
    let out = text(&bx.stdout);
    assert!(out.contains("(bx "), "{out}");
    assert!(out.contains("content/bx/"), "{out}");
    assert!(out.contains("Character(id: \"cleric-1\""), "{out}");
    let archmage = text(&fray(&["show", "archmage:cleric-1"]).stdout);
    assert!(archmage.contains("content/archmage/"), "{archmage}");
}

#[test]
fn compare_gives_a_verdict_and_finds_no_difference_between_an_encounter_and_itself() {
    let same = fray(&["compare", "archmage-bridge", "--runs", "60", "--quiet"]);
    assert!(same.status.success(), "{}", text(&same.stderr));
    let out = text(&same.stdout);
    assert!(
        out.contains("B's win rate for Heroes is exactly the same as A's"),
        "{out}"
    );
    assert!(out.contains("common random numbers"), "{out}");
    // Issue 32 G.31: "B's fights run as long than A's", and no word that A and B are one.
    assert!(
        out.contains("B's fights run exactly as long as A's"),
        "{out}"
    );
    assert!(out.contains("A and B are the same batch"), "{out}");
    let json = fray(&[
        "compare",
        "archmage-bridge",
        "archmage-mob",
        "--runs",
        "40",
        "--b-seed",
        "9",
        "--quiet",
        "--json",
        "-",
    ]);
    assert!(json.status.success(), "{}", text(&json.stderr));
    let c: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(c["common_random_numbers"], false);
    assert_eq!(c["b"]["encounter"], "archmage-mob");
    assert!(c["win_rate"]["p_value"].as_f64().unwrap() <= 1.0);
    let side = fray(&[
        "compare",
        "archmage-bridge",
        "--side",
        "Heros",
        "--runs",
        "5",
    ]);
    assert_eq!(side.status.code(), Some(2));
    assert!(
        text(&side.stderr).contains("no side `Heros`"),
        "{}",
        text(&side.stderr)
    );
}

#[test]
fn tune_prints_the_curve_and_writes_an_encounter_that_runs() {
    let dir = tempfile::tempdir().unwrap();
    let ron = dir.path().join("tuned.ron");
    let svg = dir.path().join("curve.svg");
    let out = fray_ok(&[
        "tune",
        "archmage-bridge",
        "--side",
        "Heroes",
        "--target",
        "50%",
        "--vary",
        "count:reed-goblin",
        "--max",
        "6",
        "--step",
        "50",
        "--budget",
        "100",
        "--quiet",
        "--write",
        ron.to_str().unwrap(),
        "--plot",
        svg.to_str().unwrap(),
    ]);
    let table = text(&out.stdout);
    assert!(table.contains("<- closest"), "{table}");
    assert!(table.contains("best: count:reed-goblin = "), "{table}");
    // H.40: "Heroes win 44.2%" reads as a plural; a side named "Party" would not.
    assert!(table.contains(" (Heroes win rate "), "{table}");
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    let tuned = fray(&["batch", ron.to_str().unwrap(), "--runs", "5", "--quiet"]);
    assert!(tuned.status.success(), "{}", text(&tuned.stderr));
    // Issue 32 G.33: the tuned file kept the original's id, so it could not go beside it.
    let written = std::fs::read_to_string(&ron).unwrap();
    assert!(
        written.contains("id: \"archmage-bridge-tuned-"),
        "{written}"
    );
    // ... and it lost the file's comments and spelled out every default: the original's text
    // is kept, with only the id, the name and the knob edited.
    let source = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("content/archmage/encounters/bridge-skirmish.ron"),
    )
    .unwrap();
    let first_comment = source.lines().next().unwrap();
    assert!(first_comment.starts_with("//"), "{first_comment}");
    assert!(
        written.contains(first_comment),
        "g33: the comments stay\n{written}"
    );
    assert!(
        !written.contains("group: None"),
        "g33: no defaults spelled out\n{written}"
    );
    assert_eq!(
        written.lines().count(),
        source.lines().count() + 1,
        "g33: one line added (the header)\n{written}"
    );
    // G.32: a folder that is not there fails before the search, not after it.
    let nowhere = dir.path().join("no-such-folder").join("t.ron");
    let early = fray(&[
        "tune",
        "archmage-bridge",
        "--side",
        "Heroes",
        "--target",
        "0.5",
        "--vary",
        "damage:Heroes",
        "--budget",
        "100000",
        "--write",
        nowhere.to_str().unwrap(),
    ]);
    assert_eq!(early.status.code(), Some(1));
    assert!(
        text(&early.stderr).contains("no folder"),
        "{}",
        text(&early.stderr)
    );
    // A B/X monster's hit dice, written back as its entry's `level`.
    let out = fray_ok(&[
        "tune",
        "bx-goblin-chief",
        "--side",
        "Party",
        "--target",
        "0.5",
        "--vary",
        "level:goblin-chief",
        "--max",
        "16",
        "--step",
        "50",
        "--budget",
        "100",
        "--quiet",
        "--write",
        ron.to_str().unwrap(),
    ]);
    assert!(text(&out.stdout).contains("best: level:goblin-chief = "));
    let written = std::fs::read_to_string(&ron).unwrap();
    assert!(written.contains("level: "), "{written}");
    assert!(!written.contains("group: None"), "{written}");
    let check = fray(&["check", ron.to_str().unwrap()]);
    assert!(check.status.success(), "{}", text(&check.stdout));
    let shown = text(&fray(&["show", ron.to_str().unwrap()]).stdout);
    assert!(shown.contains("[leader, at level "), "{shown}");
    for (args, says) in [
        (
            &["--vary", "level:reed-goblin", "--target", "0.5"][..],
            "has no level or hit dice an encounter can set",
        ),
        (
            &["--vary", "hp:Villains", "--target", "0.5"],
            "has no side `Villains`",
        ),
        (
            &[
                "--vary",
                "damage:Heroes",
                "--target",
                "0.5",
                "--max",
                "5000",
            ],
            "goes up to 1000",
        ),
        (
            &["--vary", "count:dragon", "--target", "0.5"],
            "no statblock or entry",
        ),
        (
            &["--vary", "count:reed-goblin", "--target", "150%"],
            "between 0 and 1",
        ),
    ] {
        let mut all = vec!["tune", "archmage-bridge", "--side", "Heroes"];
        all.extend_from_slice(args);
        let bad = fray(&all);
        assert_eq!(bad.status.code(), Some(2), "{args:?}");
        assert!(text(&bad.stderr).contains(says), "{}", text(&bad.stderr));
    }
}

#[test]
fn delve_narrates_an_expedition_the_same_way_for_the_same_seed() {
    let a = fray(&["delve", "bx-barrow-raid", "--seed", "3"]);
    let b = fray(&["delve", "bx-barrow-raid", "--seed", "3"]);
    assert!(a.status.success(), "{}", text(&a.stderr));
    let out = text(&a.stdout);
    assert_eq!(out, text(&b.stdout));
    assert!(out.contains("The party enters the Pillared Hall."), "{out}");
    assert!(out.contains("after") && out.contains("turns"), "{out}");
    let lite = fray(&["delve", "lite5e-warren-delve", "--seed", "3"]);
    assert!(lite.status.success(), "{}", text(&lite.stderr));
    let unknown = fray(&["delve", "bx-barow-raid"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(text(&unknown.stderr).contains("did you mean `bx-barrow-raid`?"));
}

#[test]
fn h39_delve_ends_a_fight_before_its_spoils_and_says_what_the_fleeing_party_leaves() {
    // Seed 9 since the AI reads tactics (issue 37): seed 2's party no longer comes out.
    let raid = fray(&["delve", "bx-barrow-raid", "--seed", "9"]);
    assert!(raid.status.success(), "{}", text(&raid.stderr));
    let out = text(&raid.stdout);
    for lines in [
        "[3:40] The fight is over: the party wins.\n\
         [3:40] The party takes 500 gp from the Barrow Vault.\n",
        "[3:30] The party leaves 10 gp behind (dropped for the pursuers).\n",
        "[4:10] The party leaves 255 gp behind (dropped for the pursuers).\n",
        ", 255 gp carried out.\n",
        "Roll for wandering monsters: 1d6 = [3] = 3: no monsters come.",
        "Roll for search of the Barrow Vault by Aldo: ",
        "Monsters (1 x Grave Ghoul): placed monsters met.",
    ] {
        assert!(out.contains(lines), "{lines} in {out}");
    }
    // H.40: one of a thing is not plural in a batch's report.
    let one = fray(&["delve", "bx-barrow-raid", "--runs", "1"]);
    assert!(one.status.success(), "{}", text(&one.stderr));
    let report = text(&one.stdout);
    assert!(report.contains(": 1 expedition (seed 1)"), "{report}");
}

/// Every built-in expedition's id (`content/<ruleset>/expeditions/*.ron`).
fn built_in_expeditions() -> Vec<String> {
    let mut ids = Vec::new();
    let content = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    for ruleset in std::fs::read_dir(content)
        .expect("the content folder")
        .flatten()
    {
        let Ok(files) = std::fs::read_dir(ruleset.path().join("expeditions")) else {
            continue;
        };
        for file in files.flatten() {
            let text = std::fs::read_to_string(file.path()).expect("an expedition file");
            let id = text
                .split("id: \"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .expect("an expedition id");
            ids.push(id.to_string());
        }
    }
    ids.sort();
    ids
}

/// Every built-in expedition, stopped and saved early and mid-way (in a fight or not), plays
/// on from the save to the narration it gives uninterrupted: every ruleset saves all the
/// state its procedures keep.
#[test]
fn delve_stopped_and_saved_mid_way_resumes_to_the_same_narration() {
    let dir = std::env::temp_dir().join(format!("fray-delve-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let expeditions = built_in_expeditions();
    assert!(expeditions.len() >= 7, "{expeditions:?}");
    for expedition in &expeditions {
        let whole = fray(&["delve", expedition, "--seed", "4"]);
        assert!(whole.status.success(), "{}", text(&whole.stderr));
        for stop in ["2", "5"] {
            let save = dir.join(format!("{expedition}-{stop}.ron"));
            let save = save.to_str().expect("a UTF-8 path");
            let stopped = fray(&[
                "delve",
                expedition,
                "--seed",
                "4",
                "--stop-after",
                stop,
                "--save",
                save,
            ]);
            let said = text(&stopped.stdout);
            if said.contains("Still under way") {
                assert!(stopped.status.success(), "{}", text(&stopped.stderr));
                assert!(
                    said.contains(&format!("Stopped after turn {stop}; saved to")),
                    "{said}"
                );
                let resumed = fray(&["delve", "--resume", save]);
                assert!(resumed.status.success(), "{}", text(&resumed.stderr));
                assert_eq!(
                    text(&resumed.stdout),
                    text(&whole.stdout),
                    "{expedition} resumed after turn {stop}"
                );
            } else {
                // Over before the stop: it said how it ended, and that nothing was saved.
                assert_eq!(said, text(&whole.stdout), "{expedition}");
                assert_eq!(stopped.status.code(), Some(1), "{expedition}");
                assert!(
                    text(&stopped.stderr).contains("nothing saved"),
                    "{}",
                    text(&stopped.stderr)
                );
            }
        }
    }
    let save = dir.join("bx-barrow-raid-5.ron");
    let save = save.to_str().expect("a UTF-8 path");
    let other = fray(&["delve", "bx-goblin-cave", "--resume", save]);
    assert_eq!(other.status.code(), Some(2));
    assert!(text(&other.stderr).contains("is a save of expedition"));
    let garbage = dir.join("garbage.ron");
    std::fs::write(&garbage, "not a save").expect("a file");
    let bad = fray(&["delve", "--resume", garbage.to_str().expect("a UTF-8 path")]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("not a save"),
        "{}",
        text(&bad.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn delve_narrates_a_wilderness_journey_by_days() {
    let a = fray(&["delve", "bx-thornmoor-trek", "--seed", "3"]);
    assert!(a.status.success(), "{}", text(&a.stderr));
    let out = text(&a.stdout);
    assert_eq!(
        out,
        text(&fray(&["delve", "bx-thornmoor-trek", "--seed", "3"]).stdout)
    );
    assert!(out.contains("The party covers"), "{out}");
    assert!(out.contains("[day 2, 0:00]"), "{out}");
    let lite = fray(&["delve", "lite5e-reedwater-run", "--runs", "5"]);
    assert!(lite.status.success(), "{}", text(&lite.stderr));
}

#[test]
fn delve_writes_one_csv_row_per_expedition_the_same_on_any_thread_count() {
    let dir = std::env::temp_dir().join(format!("fray-delve-csv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let mut tables = Vec::new();
    for threads in ["1", "3"] {
        let path = dir.join(format!("runs-{threads}.csv"));
        let path = path.to_str().expect("a UTF-8 path");
        fray_ok(&[
            "delve",
            "bx-barrow-raid",
            "--runs",
            "12",
            "--threads",
            threads,
            "--csv",
            path,
        ]);
        tables.push(std::fs::read_to_string(path).expect("the CSV file"));
    }
    assert_eq!(tables[0], tables[1]);
    let lines: Vec<&str> = tables[0].lines().collect();
    assert_eq!(lines.len(), 13, "a header and a row per run: {lines:?}");
    assert!(
        lines[0].starts_with("run,seed,ending,turns,minutes,fights,"),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].ends_with("Dara life,Dara hp,Dara xp"),
        "{}",
        lines[0]
    );
    assert!(lines[1].starts_with("0,"), "{}", lines[1]);
    let fields = lines[0].split(',').count();
    assert!(
        lines.iter().all(|l| l.split(',').count() == fields),
        "{lines:?}"
    );
    let missing = dir.join("no-such-folder").join("runs.csv");
    let bad = fray(&[
        "delve",
        "bx-barrow-raid",
        "--runs",
        "100000",
        "--csv",
        missing.to_str().expect("a UTF-8 path"),
    ]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        text(&bad.stderr).contains("cannot create"),
        "{}",
        text(&bad.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn delve_stopped_by_ctrl_c_sums_up_writes_and_streams_the_runs_it_played() {
    // Issue 32: Ctrl-C on a batch of expeditions gave nothing and an empty CSV.
    let dir = std::env::temp_dir().join(format!("fray-delve-int-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let (csv, json) = (dir.join("runs.csv"), dir.join("tally.json"));
    let child = Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(["delve", "bx-barrow-raid", "--runs", "1000000", "--csv"])
        .arg(&csv)
        .arg("--json")
        .arg(&json)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the fray binary runs");
    // The outputs are opened (their temporary files appear) just before the handler is set
    // and the batch starts: wait for them, then let it play a little.
    let partial = dir.join(format!(".runs.csv.{}.partial", child.id()));
    for _ in 0..600 {
        if partial.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    std::thread::sleep(std::time::Duration::from_millis(1000));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let out = child.wait_with_output().expect("fray ends");
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("interrupted: the summary covers the"),
        "{}",
        text(&out.stderr)
    );
    let tally: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("the JSON")).unwrap();
    let played = tally["runs"].as_u64().unwrap();
    assert!(played > 0 && played < 1_000_000, "{played}");
    let summary = text(&out.stdout);
    assert!(
        summary.contains(&format!("{played} expeditions")),
        "{summary}"
    );
    // The CSV holds the same runs, the first ones, in order.
    let rows = std::fs::read_to_string(&csv).expect("the CSV");
    let lines: Vec<&str> = rows.lines().collect();
    assert_eq!(lines.len() as u64, played + 1, "a header and a row per run");
    for (i, line) in lines.iter().skip(1).enumerate() {
        assert!(line.starts_with(&format!("{i},")), "{line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn delve_writes_its_json_to_a_file_or_to_standard_output() {
    let dir = std::env::temp_dir().join(format!("fray-delve-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("tally.json");
    let to_file = fray(&[
        "delve",
        "bx-barrow-raid",
        "--runs",
        "10",
        "--json",
        file.to_str().expect("a UTF-8 path"),
    ]);
    assert!(to_file.status.success(), "{}", text(&to_file.stderr));
    assert!(text(&to_file.stdout).contains("10 expeditions"));
    let to_stdout = fray(&["delve", "bx-barrow-raid", "--runs", "10", "--json", "-"]);
    assert_eq!(
        std::fs::read_to_string(&file).expect("the JSON").trim(),
        text(&to_stdout.stdout).trim()
    );
    // One narrated expedition: its log as JSON lines, to a file beside the narration.
    let lines = dir.join("log.jsonl");
    let narrated = fray(&[
        "delve",
        "bx-barrow-raid",
        "--json",
        lines.to_str().expect("a UTF-8 path"),
    ]);
    assert!(narrated.status.success(), "{}", text(&narrated.stderr));
    assert!(text(&narrated.stdout).contains("Raid on the Sunken Barrow (seed 1)"));
    let plain = fray(&["delve", "bx-barrow-raid", "--json"]);
    assert_eq!(
        std::fs::read_to_string(&lines).expect("the log"),
        text(&plain.stdout)
    );
    // Two outputs on one path would lose one: refused before playing.
    let clash = fray(&[
        "delve",
        "bx-barrow-raid",
        "--runs",
        "10",
        "--json",
        file.to_str().expect("a UTF-8 path"),
        "--csv",
        file.to_str().expect("a UTF-8 path"),
    ]);
    assert_eq!(clash.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn delve_says_when_it_saved_nothing_refuses_no_runs_and_tells_days_in_days() {
    // Issue 32 F.20: a --stop-after past the end played it all and said nothing.
    let dir = std::env::temp_dir().join(format!("fray-delve-late-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let save = dir.join("late.ron");
    let late = fray(&[
        "delve",
        "bx-barrow-raid",
        "--stop-after",
        "9999",
        "--save",
        save.to_str().expect("a UTF-8 path"),
    ]);
    assert_eq!(late.status.code(), Some(1));
    assert!(
        text(&late.stderr).contains("before --stop-after 9999: nothing saved to"),
        "{}",
        text(&late.stderr)
    );
    assert!(text(&late.stdout).contains("The expedition is over"));
    assert!(!save.exists());
    // F.21: no runs is no batch.
    let none = fray(&["delve", "bx-barrow-raid", "--runs", "0"]);
    assert_eq!(none.status.code(), Some(2));
    assert!(text(&none.stderr).contains("at least one expedition"));
    // F.23: a wilderness's day-long turns are told in days, a dungeon's in hours.
    let trek = text(&fray(&["delve", "bx-thornmoor-trek", "--runs", "3"]).stdout);
    assert!(trek.contains(" days)"), "{trek}");
    let raid = text(&fray(&["delve", "bx-barrow-raid", "--runs", "3"]).stdout);
    assert!(raid.contains(" hours)"), "{raid}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn e22_delve_takes_an_expedition_file_as_run_takes_an_encounter_file() {
    // Issue 32 E.22: `fray delve c1/bx/expeditions/barrow-raid.ron` said "unknown expedition".
    let by_id = fray(&["delve", "bx-barrow-raid", "--seed", "4"]);
    let by_file = fray(&[
        "delve",
        "content/bx/expeditions/barrow-raid.ron",
        "--seed",
        "4",
    ]);
    assert!(by_file.status.success(), "{}", text(&by_file.stderr));
    assert_eq!(text(&by_id.stdout), text(&by_file.stdout));
    // An edited copy outside the content plays as it is, over the built-in one of its id.
    let dir = std::env::temp_dir().join(format!("fray-delve-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let original = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("content/bx/expeditions/barrow-raid.ron"),
    )
    .expect("the built-in expedition");
    let copy = dir.join("raid.ron");
    let edited = original.replacen("name: \"", "name: \"Edited: ", 1);
    assert_ne!(edited, original, "the expedition file has a name to edit");
    std::fs::write(&copy, edited).expect("the copy is written");
    let played = fray(&["delve", copy.to_str().expect("a UTF-8 path"), "--runs", "2"]);
    assert!(played.status.success(), "{}", text(&played.stderr));
    assert!(
        text(&played.stdout).contains("Edited: "),
        "{}",
        text(&played.stdout)
    );
    // A file that is no expedition is refused with what to pass.
    let encounter = fray(&["delve", "content/bx/encounters/goblin-cave.ron"]);
    assert_eq!(encounter.status.code(), Some(2));
    assert!(
        text(&encounter.stderr).contains("is not an expedition"),
        "{}",
        text(&encounter.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn delve_sums_up_a_batch_as_text_and_json() {
    let report = fray(&["delve", "bx-barrow-raid", "--runs", "20"]);
    assert!(report.status.success(), "{}", text(&report.stderr));
    let out = text(&report.stdout);
    assert!(
        out.contains("20 expeditions") && out.contains("Survival:"),
        "{out}"
    );
    let json = fray(&[
        "delve",
        "bx-barrow-raid",
        "--runs",
        "20",
        "--json",
        "--threads",
        "1",
    ]);
    let threaded = fray(&[
        "delve",
        "bx-barrow-raid",
        "--runs",
        "20",
        "--json",
        "--threads",
        "3",
    ]);
    assert_eq!(
        text(&json.stdout),
        text(&threaded.stdout),
        "the same by seed on any thread count"
    );
    let tally: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(tally["runs"], 20);
    let ended: u64 = tally["endings"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(ended, 20);
}

#[test]
fn delve_plots_survival_over_time_the_same_on_any_thread_count() {
    let dir = std::env::temp_dir().join(format!("fray-delve-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let mut outputs = Vec::new();
    for threads in ["1", "2"] {
        let svg = dir.join(format!("survival-{threads}.svg"));
        let out = fray_ok(&[
            "delve",
            "bx-barrow-raid",
            "--runs",
            "50",
            "--json",
            "--threads",
            threads,
            "--plot",
            svg.to_str().expect("a UTF-8 path"),
        ]);
        let chart = std::fs::read_to_string(&svg).expect("the chart");
        outputs.push((text(&out.stdout), chart));
    }
    assert_eq!(
        outputs[0], outputs[1],
        "the same by seed on any thread count"
    );
    let (json, chart) = &outputs[0];
    assert!(chart.contains("<svg"), "{chart}");
    for name in [
        "Aldo",
        "Bea",
        "Cob",
        "Dara",
        "still under way",
        "turns (10 min)",
    ] {
        assert!(chart.contains(name), "the chart lacks {name}");
    }
    assert!(chart.contains("bx-barrow-raid: survival over time (50 runs)"));
    let tally: serde_json::Value = serde_json::from_str(json).unwrap();
    let ended: u64 = tally["ended"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(ended, 50, "every run ended at some turn");
    assert_eq!(tally["turn"], 600);
    assert_eq!(tally["xp"], 0, "B/X awards no XP on its expeditions");
    // A wilderness goes by days; a PNG draws the same chart.
    let png = dir.join("trek.png");
    fray_ok(&[
        "delve",
        "bx-thornmoor-trek",
        "--runs",
        "5",
        "--plot",
        png.to_str().expect("a UTF-8 path"),
    ]);
    let bytes = std::fs::read(&png).expect("the chart");
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.len() > 10_000);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn delve_refuses_a_chart_it_cannot_draw_before_playing_and_one_without_runs() {
    let pdf = fray(&[
        "delve",
        "bx-barrow-raid",
        "--runs",
        "100000",
        "--plot",
        "x.pdf",
    ]);
    assert_eq!(pdf.status.code(), Some(2));
    assert!(text(&pdf.stderr).contains("`*.svg` or `*.png`"));
    assert!(pdf.stdout.is_empty(), "{}", text(&pdf.stdout));
    let missing = std::env::temp_dir()
        .join(format!("fray-no-such-dir-{}", std::process::id()))
        .join("survival.svg");
    let bad = fray(&[
        "delve",
        "bx-barrow-raid",
        "--runs",
        "100000",
        "--plot",
        missing.to_str().expect("a UTF-8 path"),
    ]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        text(&bad.stderr).contains(&format!("cannot create {}", missing.display())),
        "{}",
        text(&bad.stderr)
    );
    assert!(bad.stdout.is_empty(), "{}", text(&bad.stdout));
    let single = fray(&["delve", "bx-barrow-raid", "--plot", "survival.svg"]);
    assert_eq!(single.status.code(), Some(2));
    assert!(
        text(&single.stderr).contains("--runs"),
        "{}",
        text(&single.stderr)
    );
}

#[test]
fn delve_reports_xp_gained_where_the_ruleset_awards_it() {
    let lite = fray(&["delve", "lite5e-warren-delve", "--runs", "20"]);
    assert!(lite.status.success(), "{}", text(&lite.stderr));
    let out = text(&lite.stdout);
    assert!(out.contains("XP gained."), "{out}");
    assert!(
        out.contains("  Brannoc: ") && out.contains(" XP\n"),
        "{out}"
    );
    let bx = fray(&["delve", "bx-barrow-raid", "--runs", "5"]);
    assert!(!text(&bx.stdout).contains("XP"), "{}", text(&bx.stdout));
}

#[test]
fn a_batch_that_fails_leaves_existing_outputs_whole_and_no_temporary_files() {
    // `--runs 0` is refused after the outputs are opened: the old files stay as they were.
    let dir = tempfile::tempdir().unwrap();
    let (json, csv) = (dir.path().join("old.json"), dir.path().join("old.csv"));
    std::fs::write(&json, "{\"old\": true}").unwrap();
    std::fs::write(&csv, "old,rows\n").unwrap();
    let out = fray(&[
        "batch",
        "archmage-bridge",
        "--runs",
        "0",
        "--quiet",
        "--json",
        json.to_str().unwrap(),
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&json).unwrap(), "{\"old\": true}");
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), "old,rows\n");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    // A batch that plays replaces both, whole.
    let ok = fray(&[
        "batch",
        "archmage-bridge",
        "--runs",
        "3",
        "--quiet",
        "--json",
        json.to_str().unwrap(),
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert!(ok.status.success(), "{}", text(&ok.stderr));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["runs"], 3);
    assert_eq!(std::fs::read_to_string(&csv).unwrap().lines().count(), 4);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
}

#[test]
fn csv_dash_streams_to_standard_output_and_two_outputs_on_one_file_are_refused() {
    // `--csv -` is standard output, not a file named `-`; the summary moves to standard error.
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fray"))
        .current_dir(dir.path())
        .args([
            "batch",
            "archmage-bridge",
            "--runs",
            "3",
            "--quiet",
            "--csv",
            "-",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = text(&out.stdout);
    assert_eq!(rows.lines().count(), 4, "a header and three rows: {rows}");
    assert!(text(&out.stderr).contains("runs"), "{}", text(&out.stderr));
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no file `-`"
    );
    // Two outputs on one file: refused before anything is played or written.
    let json = dir.path().join("out.json");
    std::fs::write(&json, "old").unwrap();
    let same = json.to_str().unwrap();
    let out = fray(&[
        "batch",
        "archmage-bridge",
        "--runs",
        "3",
        "--quiet",
        "--json",
        same,
        "--csv",
        same,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--json and --csv both write"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&json).unwrap(), "old");
    // Two outputs on standard output: refused too.
    let out = fray(&[
        "batch",
        "archmage-bridge",
        "--runs",
        "3",
        "--quiet",
        "--json",
        "-",
        "--csv",
        "-",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("standard output"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn check_refuses_ids_names_and_counts_that_would_misbehave() {
    // An encounter whose id is a path, whose side name clears the screen and whose combatants
    // would not play in reasonable time: each refused at its place.
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text =
        std::fs::read_to_string(root.join("content/archmage/encounters/bridge-skirmish.ron"))
            .unwrap()
            .replace("id: \"archmage-bridge\"", "id: \"../../etc/passwd\"")
            .replace("name: \"Heroes\"", "name: \"\\u{1b}[2JHeroes\"")
            .replacen("count: 2", "count: 999", 1);
    let file = dir.path().join("bad.ron");
    std::fs::write(&file, text).unwrap();
    let out = fray(&["check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text_of(&out));
    let report = text_of(&out);
    assert!(
        report.contains("bad.ron:3:9: encounter id `../../etc/passwd` holds `.`"),
        "{report}"
    );
    assert!(
        report.contains("bad.ron:7:16: side name `\\u{1b}[2JHeroes` holds the character U+001B"),
        "{report}"
    );
    assert!(report.contains("combatants; at most 1000"), "{report}");
    assert!(
        !report.contains('\u{1b}'),
        "the escape is never printed raw: {report}"
    );
}

/// Standard output and standard error of a run, together.
fn text_of(out: &Output) -> String {
    format!("{}{}", text(&out.stdout), text(&out.stderr))
}

#[test]
fn check_says_when_a_path_names_nothing_or_holds_no_content() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nosuch.ron");
    let out = fray(&["check", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("no such file or folder"),
        "{}",
        text_of(&out)
    );
    let out = fray(&["check", dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text_of(&out));
    assert!(
        text(&out.stderr).contains("nothing to check"),
        "{}",
        text_of(&out)
    );
}

/// Runs `fray` in `dir`, without colours.
fn fray_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("the fray binary runs")
}

/// Two archmage monsters: a `reed-goblin` unlike the built-in one, and a new `marsh-troll`.
const MY_MONSTERS: &str = r#"[
    Monster(
        id: "reed-goblin", name: "Reed Goblin Veteran", level: 2, size: Normal,
        hp: 30, ac: 18, pd: 14, md: 12, initiative: 3,
        attacks: [
            (id: "spear", name: "Reed spear", kind: Melee, vs: AC, bonus: 7, damage: Dice("1d8+3"), basic: true),
        ],
    ),
    Monster(
        id: "marsh-troll", name: "Marsh Troll", level: 3, size: Large,
        hp: 60, ac: 17, pd: 16, md: 12, initiative: 2,
        attacks: [
            (id: "claw", name: "Claw", kind: Melee, vs: AC, bonus: 8, damage: Dice("2d6+3"), basic: true),
        ],
    ),
]"#;

#[test]
fn c12_a_content_folder_adds_to_the_built_in_content_and_overrides_the_ids_it_repeats() {
    let dir = std::env::temp_dir().join(format!("fray-layered-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("content/archmage")).unwrap();
    std::fs::write(dir.join("content/archmage/mine.ron"), MY_MONSTERS).unwrap();
    // `./content` lies over the built-in content: every built-in encounter is still there, the
    // new monster is added, the repeated id is the folder's, and both say where they are from.
    let list = fray_in(&dir, &["list"]);
    assert!(list.status.success(), "{}", text(&list.stderr));
    let listed = text(&list.stdout);
    assert!(
        listed.starts_with("content: content/ over the built-in content"),
        "{listed}"
    );
    assert!(listed.contains("archmage-bridge"), "{listed}");
    assert!(listed.contains("bx-goblin-cave"), "{listed}");
    let line = |id: &str| {
        listed
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{id} ")))
            .unwrap_or_default()
            .to_string()
    };
    assert!(line("marsh-troll").ends_with("Marsh Troll  (content/archmage/mine.ron)"));
    assert!(line("reed-goblin").contains("Reed Goblin Veteran  (content/archmage/mine.ron)"));
    assert!(!line("bog-lurker").contains('('), "{}", line("bog-lurker"));
    // The built-in encounter plays the folder's goblin.
    let run = fray_in(&dir, &["run", "archmage-bridge", "--seed", "7"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(text(&run.stdout).contains("Reed Goblin Veteran 1"));
    // Alone, the folder has no encounters.
    let alone = fray_in(
        &dir,
        &["--only-content", "content", "run", "archmage-bridge"],
    );
    assert_eq!(alone.status.code(), Some(2));
    assert!(text(&alone.stderr).contains("unknown encounter `archmage-bridge`"));
    let listed_alone = fray_in(&dir, &["--only-content", "content", "list"]);
    assert!(text(&listed_alone.stdout).starts_with("content: content/ alone"));
    assert!(!text(&listed_alone.stdout).contains("archmage-bridge"));
    // Within the folder an id is still defined once.
    std::fs::write(dir.join("content/archmage/again.ron"), MY_MONSTERS).unwrap();
    let check = fray_in(&dir, &["check"]);
    assert_eq!(check.status.code(), Some(1));
    assert!(text(&check.stdout).contains("statblock id `marsh-troll` is defined twice"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn c11_list_and_check_agree_on_a_copy_of_the_content() {
    let dir = std::env::temp_dir().join(format!("fray-copy-all-{}", std::process::id()));
    copy_folder(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("content"),
        &dir.join("c1"),
    );
    for command in ["check", "list"] {
        let out = fray_in(&dir, &[command, "c1"]);
        assert!(
            out.status.success(),
            "{command}: {}{}",
            text(&out.stdout),
            text(&out.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn f27_a_broken_file_of_one_ruleset_does_not_stop_another_rulesets_fights() {
    let dir = std::env::temp_dir().join(format!("fray-broken-bx-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("content/bx")).unwrap();
    std::fs::write(
        dir.join("content/bx/broken.ron"),
        "[ Monster(id: \"gnoll\", name: \"Gnoll\", hd: \"two\") ]",
    )
    .unwrap();
    // An archmage fight and expedition play, with a warning naming the other ruleset.
    let run = fray_in(&dir, &["run", "archmage-bridge", "--seed", "3"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let warned = text(&run.stderr);
    assert!(
        warned.contains("warning: 1 problem in bx content, which this archmage fight does not use"),
        "{warned}"
    );
    let delve = fray_in(&dir, &["delve", "archmage-barrow-delve", "--seed", "3"]);
    assert!(delve.status.success(), "{}", text(&delve.stderr));
    // A bx fight is refused with the problem.
    let bx = fray_in(&dir, &["run", "bx-goblin-cave"]);
    assert_eq!(bx.status.code(), Some(1));
    assert!(
        text(&bx.stderr).contains("content/bx/broken.ron:1:"),
        "{}",
        text(&bx.stderr)
    );
    // The listing shows what loaded, then says what did not and fails.
    let list = fray_in(&dir, &["list"]);
    assert_eq!(list.status.code(), Some(1));
    assert!(text(&list.stdout).contains("archmage-bridge"));
    assert!(
        text(&list.stderr).contains("the content has 1 problem: what did not load is not listed")
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn i42_only_commands_that_read_content_offer_the_content_options() {
    let roll = text(&fray(&["roll", "--help"]).stdout);
    assert!(!roll.contains("--content"), "{roll}");
    let completions = text(&fray(&["completions", "--help"]).stdout);
    assert!(!completions.contains("--content"), "{completions}");
    let run = text(&fray(&["run", "--help"]).stdout);
    assert!(run.contains("--content <DIR>") && run.contains("--only-content <DIR>"));
    // Before the command's name or after it, the same.
    let before = fray(&["--only-content", "content", "list"]);
    let after = fray(&["list", "--only-content", "content"]);
    assert!(before.status.success(), "{}", text(&before.stderr));
    assert_eq!(before.stdout, after.stdout);
    assert!(text(&after.stdout).starts_with("content: content/ alone"));
}

#[test]
fn i42_text_options_show_the_default_they_play() {
    let out = fray_ok(&["list"]);
    let listed = text(&out.stdout);
    let line = |name: &str| {
        listed
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{name} ")))
            .unwrap_or_default()
            .to_string()
    };
    assert!(
        line("attack_roll").contains("default \"matrix\""),
        "{}",
        line("attack_roll")
    );
    assert!(
        line("ties").contains("default \"simultaneous\""),
        "{}",
        line("ties")
    );
    assert!(
        line("unaware").contains("default (none)"),
        "{}",
        line("unaware")
    );
    assert!(!listed.contains("default \"\""), "{listed}");
    // The default is a value the option takes.
    let run = fray(&[
        "run",
        "bx-goblin-cave",
        "--option",
        "attack_roll=matrix",
        "--option",
        "ties=simultaneous",
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
}

#[test]
fn init_writes_a_starter_folder_that_checks_and_plays_for_every_ruleset() {
    let root = std::env::temp_dir().join(format!("fray-init-{}", std::process::id()));
    std::fs::create_dir_all(&root).unwrap();
    for ruleset in ["archmage", "bx", "dierank", "lite5e", "oho"] {
        let dir = root.join(ruleset);
        let dir_text = dir.to_string_lossy().into_owned();
        let init = fray(&["init", &dir_text, "--ruleset", ruleset]);
        assert!(init.status.success(), "{ruleset}: {}", text(&init.stderr));
        assert!(text(&init.stdout).contains("fray run my-first-fight --content"));
        let check = fray(&["check", "--content", &dir_text]);
        assert!(
            check.status.success(),
            "{ruleset}: {}{}",
            text(&check.stdout),
            text(&check.stderr)
        );
        let run = fray(&[
            "run",
            "my-first-fight",
            "--content",
            &dir_text,
            "--seed",
            "1",
        ]);
        assert!(run.status.success(), "{ruleset}: {}", text(&run.stderr));
        assert!(
            text(&run.stdout).contains("My "),
            "{ruleset}: the monster of one's own plays\n{}",
            text(&run.stdout)
        );
        // A folder with something in it is left alone.
        let readme = std::fs::read(dir.join("README.md")).unwrap();
        let again = fray(&["init", &dir_text, "--ruleset", ruleset]);
        assert_eq!(again.status.code(), Some(2), "{ruleset}");
        assert!(text(&again.stderr).contains("nothing was written"));
        assert_eq!(std::fs::read(dir.join("README.md")).unwrap(), readme);
    }
    let unknown = fray(&[
        "init",
        &root.join("x").to_string_lossy(),
        "--ruleset",
        "bxx",
    ]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(text(&unknown.stderr).contains("no ruleset `bxx`"));
    assert!(!root.join("x").exists());
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn bx22_bx26_show_works_out_a_statblocks_thac0_saves_and_hit_points() {
    let brute = fray(&["show", "tusked-brute"]);
    assert!(brute.status.success(), "{}", text(&brute.stderr));
    let shown = text(&brute.stdout);
    // One hit die: THAC0 19 and the 1-3 HD row of saves; hit points the dice's average.
    assert!(shown.contains("THAC0          19"), "{shown}");
    assert!(
        shown.contains("death 12, wands 13, paralysis 14, breath 15, spells 16"),
        "{shown}"
    );
    assert!(shown.contains("(the average of hit dice 1)"), "{shown}");
    let bear = text(&fray(&["show", "cave-bear"]).stdout);
    assert!(bear.contains("THAC0          15"), "{bear}");
    assert!(
        bear.contains("death 10, wands 11, paralysis 12, breath 13, spells 14"),
        "{bear}"
    );
    // A character's come from its class and level.
    let cleric = text(&fray(&["show", "bx:cleric-1"]).stdout);
    assert!(
        cleric.contains("THAC0") && cleric.contains("saving throws"),
        "{cleric}"
    );
}

#[test]
fn show_shows_expeditions_dungeons_and_wildernesses() {
    let expedition = fray(&["show", "bx-barrow-raid"]);
    assert!(expedition.status.success(), "{}", text(&expedition.stderr));
    let shown = text(&expedition.stdout);
    assert!(shown.starts_with("expedition bx-barrow-raid"), "{shown}");
    assert!(shown.contains("party, in marching order:"), "{shown}");
    assert!(shown.contains(", HP "), "{shown}");
    let dungeon = text(&fray(&["show", "bx-sunken-barrow"]).stdout);
    assert!(dungeon.starts_with("dungeon bx-sunken-barrow"), "{dungeon}");
    assert!(
        dungeon.contains(" areas, ") && dungeon.contains("passage "),
        "{dungeon}"
    );
    let wilderness = text(&fray(&["show", "bx-thornmoor"]).stdout);
    assert!(
        wilderness.starts_with("wilderness bx-thornmoor"),
        "{wilderness}"
    );
    assert!(wilderness.contains("  leg "), "{wilderness}");
    let unknown = fray(&["show", "bx-barrow-rad"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        text(&unknown.stderr).contains("bx-barrow-raid"),
        "{}",
        text(&unknown.stderr)
    );
}

#[test]
fn content_unknown_fields_inside_effects_are_refused() {
    // The generated content reference showed these struct variants ignored fields they do not
    // know: a misspelt `save` of ongoing damage was silently the default.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("content/archmage/typo.ron");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(
        &file,
        r#"[
    Monster(
        id: "typo-hound", name: "Typo Hound", level: 2, size: Normal,
        hp: 34, ac: 17, pd: 15, md: 11, initiative: 5,
        attacks: [
            (id: "bite", name: "Bite", kind: Melee, vs: AC, bonus: 7, damage: Dice("1d8+4"),
             basic: true, effects: [(NaturalEven, Ongoing(amount: 3, kind: Fire, sav: Hard))]),
        ],
    ),
]"#,
    )
    .unwrap();
    let out = fray_in(dir.path(), &["check"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let said = text(&out.stdout);
    assert!(said.contains("typo.ron:7:"), "{said}");
    assert!(said.contains("sav"), "{said}");
}
