//! Items of the newcomer trial (`../shared/trials/newcomer-trial.md`) whose regression tests
//! do not sit with their command's own: each test is named after its item (`a3_`: section A,
//! item 3), runs the trial's command and asserts what the trial expected.

use std::process::{Command, Stdio};

use crate::cli::{fray, fray_ok, text};

/// A fresh temporary folder for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fray-trial-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays shard `i` of 3 of a 90-run batch into `dir`: `part-i.json` and `part-i.csv`.
fn shard(dir: &std::path::Path, i: u32) {
    let (part, csv) = (
        dir.join(format!("part-{i}.json")),
        dir.join(format!("part-{i}.csv")),
    );
    fray_ok(&[
        "batch",
        "archmage-bridge",
        "--runs",
        "90",
        "--seed",
        "5",
        "--quiet",
        "--shard",
        &format!("{i}/3"),
        "--part",
        part.to_str().unwrap(),
        "--csv",
        csv.to_str().unwrap(),
    ]);
}

/// No temporary file is left in `dir`.
fn no_partial_files(dir: &std::path::Path) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(!name.ends_with(".partial"), "{name} was left behind");
    }
}

#[test]
fn a3_a_merge_that_fails_leaves_the_csv_as_it_was() {
    let dir = scratch("a3");
    for i in 0..3 {
        shard(&dir, i);
    }
    let all = dir.join("all.csv");
    std::fs::write(&all, "old").unwrap();
    let p = |name: &str| dir.join(name).to_str().unwrap().to_string();
    // Every part's JSON, but the last shard's CSV missing; then one CSV given twice.
    for csvs in [
        vec![p("part-0.csv"), p("part-1.csv")],
        vec![p("part-0.csv"), p("part-0.csv"), p("part-2.csv")],
    ] {
        let mut args = vec!["merge".to_string()];
        args.extend([p("part-0.json"), p("part-1.json"), p("part-2.json")]);
        args.extend(csvs);
        args.extend(["--csv".to_string(), p("all.csv")]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = fray(&args);
        assert_ne!(out.status.code(), Some(0), "{}", text(&out.stdout));
        assert_eq!(std::fs::read_to_string(&all).unwrap(), "old");
        no_partial_files(&dir);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a5_an_output_over_an_input_or_over_another_output_is_refused() {
    let dir = scratch("a5");
    for i in 0..3 {
        shard(&dir, i);
    }
    let part = dir.join("part-0.json");
    let before = std::fs::read_to_string(&part).unwrap();
    let p = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let out = fray(&[
        "merge",
        &p("part-0.json"),
        &p("part-1.json"),
        &p("part-2.json"),
        "--json",
        &p("part-0.json"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("would write over one of the files it reads"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&part).unwrap(), before);
    let same = p("same.svg");
    let out = fray(&[
        "batch",
        "archmage-bridge",
        "--runs",
        "20",
        "--quiet",
        "--json",
        &same,
        "--plot",
        &same,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--json and --plot both write"));
    assert!(!std::path::Path::new(&same).exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a2_a_shard_stopped_by_ctrl_c_leaves_its_old_part_whole() {
    let dir = scratch("a2");
    let keep = dir.join("keep.json");
    std::fs::write(&keep, "{\"x\":1}").unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(["batch", "archmage-bridge", "--runs", "2000000", "--quiet"])
        .args(["--shard", "0/2", "--part"])
        .arg(&keep)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The part's temporary file appears just before the batch starts.
    let partial = dir.join(format!(".keep.json.{}.partial", child.id()));
    for _ in 0..600 {
        if partial.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    std::thread::sleep(std::time::Duration::from_millis(500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("interrupted: the part was not written"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&keep).unwrap(), "{\"x\":1}");
    no_partial_files(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn c9_show_finds_a_statblock_in_its_own_rulesets_file() {
    for (id, kind, file) in [
        ("longsword", "(oho weapon)", "content/oho/weapons.ron"),
        ("longbow", "(oho weapon)", "content/oho/weapons.ron"),
    ] {
        let out = fray(&["show", id]);
        assert!(out.status.success(), "{id}: {}", text(&out.stderr));
        let shown = text(&out.stdout);
        assert!(shown.starts_with(&format!("statblock {id} - ")), "{shown}");
        assert!(shown.lines().next().unwrap().ends_with(kind), "{shown}");
        assert!(shown.contains(&format!("from {file}:")), "{shown}");
        assert!(shown.contains(&format!("(id: \"{id}\"")), "{shown}");
        assert!(
            !shown.contains("heroes.ron") && !shown.contains("Hero("),
            "{shown}"
        );
    }
}

#[test]
fn c10_show_takes_a_map_a_dungeon_an_expedition_and_a_statblock_file() {
    for (file, first) in [
        ("content/bx/maps/cave.ron", "map bx-cave - The goblin cave"),
        (
            "content/bx/dungeons/sunken-barrow.ron",
            "dungeon bx-sunken-barrow - ",
        ),
        (
            "content/bx/expeditions/barrow-raid.ron",
            "expedition bx-barrow-raid - ",
        ),
        ("content/bx/monsters.ron", "statblock "),
        (
            "content/bx/encounters/goblin-cave.ron",
            "encounter bx-goblin-cave",
        ),
    ] {
        let out = fray(&["show", file]);
        assert!(out.status.success(), "{file}: {}", text(&out.stderr));
        assert!(
            text(&out.stdout).starts_with(first),
            "{file}: {}",
            text(&out.stdout)
        );
    }
}

#[test]
fn f28_a_save_is_not_content_and_option_errors_read_as_words() {
    let dir = scratch("f28");
    let save = dir.join("raid.ron");
    fray_ok(&[
        "delve",
        "bx-barrow-raid",
        "--seed",
        "1",
        "--stop-after",
        "3",
        "--save",
        save.to_str().unwrap(),
    ]);
    let checked = fray(&["check", save.to_str().unwrap()]);
    assert_eq!(checked.status.code(), Some(1));
    let said = text(&checked.stdout) + &text(&checked.stderr);
    assert!(said.contains("not a content file"), "{said}");
    assert!(!said.contains("cannot tell which ruleset"), "{said}");
    for (args, expected) in [
        (
            &["run", "l5-barrow", "--option", "morale=banana"][..],
            "morale: `banana` is not side, group or individual",
        ),
        (
            &["run", "bx-goblin-cave", "--option", "unaware=Nobody"][..],
            "unaware: no side is called `Nobody`",
        ),
        (
            &["run", "bx-goblin-cave", "--option", "attack_roll=dice"][..],
            "attack_roll `dice`: expected matrix, thac0, ascending",
        ),
    ] {
        let out = fray(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("Text(") && !err.contains("[\""), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn i44_random_players_fight_before_anyone_flees() {
    let out = fray_ok(&[
        "batch",
        "archmage-bridge",
        "--runs",
        "300",
        "--quiet",
        "--ai",
        "Heroes=random",
        "--ai",
        "Raiders=random",
        "--json",
        "-",
    ]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // The trial saw 300 flights in 300 runs, in 1.1 rounds on average.
    assert!(
        report["endings"]["victory"].as_u64().unwrap() > 0,
        "{}",
        report["endings"]
    );
    assert!(
        report["rounds"]["mean"].as_f64().unwrap() > 3.0,
        "{}",
        report["rounds"]
    );
}

#[test]
fn f26_check_refuses_an_expedition_whose_dungeon_goal_no_passage_reaches() {
    let dir = scratch("f26");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir_all(dir.join("bx/dungeons")).unwrap();
    std::fs::create_dir_all(dir.join("bx/expeditions")).unwrap();
    let dungeon =
        std::fs::read_to_string(root.join("content/bx/dungeons/sunken-barrow.ron")).unwrap();
    // Every passage into the vault gone.
    let cut: String = dungeon
        .lines()
        .filter(|l| !l.contains("to: \"vault\""))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(dir.join("bx/dungeons/sunken-barrow.ron"), cut).unwrap();
    std::fs::copy(
        root.join("content/bx/expeditions/barrow-raid.ron"),
        dir.join("bx/expeditions/barrow-raid.ron"),
    )
    .unwrap();
    let out = fray(&["check", "--content", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let said = text(&out.stdout) + &text(&out.stderr);
    assert!(
        said.contains("no passage leads from the entrance `gate` to area `vault`"),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn i41_i42_list_aligns_its_names_and_the_help_says_what_a_command_takes() {
    let out = fray_ok(&["list", "--ruleset", "archmage"]);
    let listing = text(&out.stdout);
    // Every encounter's name starts in the same column, however long its id.
    let columns: Vec<usize> = listing
        .lines()
        .filter(|l| l.starts_with("    archmage-"))
        .map(|l| {
            let id_end = 4 + l[4..].find(' ').unwrap();
            id_end + l[id_end..].find(|c: char| c != ' ').unwrap()
        })
        .collect();
    assert!(columns.len() > 3, "{listing}");
    assert!(
        columns.windows(2).all(|w| w[0] == w[1]),
        "{columns:?}\n{listing}"
    );
    let tune = text(&fray(&["tune", "--help"]).stdout);
    for knob in ["count:", "level:", "hp:", "damage:"] {
        assert!(tune.contains(knob), "tune --help names the {knob} knob");
    }
    let list = text(&fray(&["list", "--help"]).stdout);
    for kind in [
        "expeditions",
        "dungeons",
        "wildernesses",
        "statblocks",
        "options",
    ] {
        assert!(list.contains(kind), "list --help names {kind}");
    }
}

/// The most resident memory the process `child` reached while it ran, in KiB: its `VmHWM`,
/// read every few milliseconds until it exits (Linux).
#[cfg(target_os = "linux")]
fn peak_kib(mut child: std::process::Child) -> u64 {
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        if let Ok(text) = std::fs::read_to_string(&status)
            && let Some(kib) = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        {
            peak = peak.max(kib);
        }
        if child.try_wait().unwrap().is_some() {
            return peak;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

#[test]
#[cfg(target_os = "linux")]
fn b6_i43_a_delve_batch_and_a_batch_keep_flat_memory_whatever_the_runs() {
    let peak = |args: &[&str]| {
        let child = Command::new(env!("CARGO_BIN_EXE_fray"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        peak_kib(child)
    };
    // Four to ten times the runs, the same memory (the trial saw ~24 KB more per expedition).
    // A batch's caches of odds fill in its first thousand runs: it is compared after them.
    for (what, few, many) in [
        ("delve bx-barrow-raid", "150", "1500"),
        ("batch archmage-bridge", "1500", "6000"),
    ] {
        let args = |runs: &'static str| {
            let mut args: Vec<&str> = what.split(' ').collect();
            args.extend(["--quiet", "--threads", "1", "--runs", runs]);
            args
        };
        let (low, high) = (peak(&args(few)), peak(&args(many)));
        assert!(low > 0 && high > 0, "{what}: peaks read");
        assert!(
            high < low + 4 * 1024,
            "{what}: {few} runs peak at {low} KiB, {many} at {high} KiB"
        );
    }
}
