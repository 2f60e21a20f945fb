//! Sharded batches: shards played as separate `fray` processes, merged, give the whole batch.

use std::path::Path;
use std::process::Output;

use crate::cli::{fray, text};

const ENCOUNTER: &str = "archmage-bridge";
const RUNS: &str = "90";

/// A report's JSON without its machine-dependent `timing`, as `fray` prints JSON.
fn without_timing(json: &str) -> String {
    let mut value: serde_json::Value = serde_json::from_str(json).unwrap();
    value.as_object_mut().unwrap().remove("timing").unwrap();
    serde_json::to_string_pretty(&value).unwrap()
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

/// Plays shard `i/n` of the test batch (seed 5, 2 threads) into `part-i.json` and
/// `part-i.csv`.
fn shard(dir: &Path, i: u64, n: u64) -> Output {
    let shard = format!("{i}/{n}");
    let (part, csv) = (
        path(dir, &format!("part-{i}.json")),
        path(dir, &format!("part-{i}.csv")),
    );
    let args = vec![
        "batch",
        ENCOUNTER,
        "--runs",
        RUNS,
        "--seed",
        "5",
        "--threads",
        "2",
        "--quiet",
        "--shard",
        &shard,
        "--part",
        &part,
        "--csv",
        &csv,
    ];
    fray(&args)
}

#[test]
fn shards_played_apart_merge_into_the_whole_batch_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let (json, csv) = (
        path(dir.path(), "whole.json"),
        path(dir.path(), "whole.csv"),
    );
    let whole = fray(&[
        "batch", ENCOUNTER, "--runs", RUNS, "--seed", "5", "--quiet", "--json", &json, "--csv",
        &csv,
    ]);
    assert!(whole.status.success(), "{}", text(&whole.stderr));
    let whole_json = without_timing(&std::fs::read_to_string(&json).unwrap());
    let whole_csv = std::fs::read_to_string(&csv).unwrap();
    for n in [1, 3, 7] {
        let shards = tempfile::tempdir().unwrap();
        let mut parts = Vec::new();
        // Played in reverse, and given to merge in that order: order does not matter.
        for i in (0..n).rev() {
            let out = shard(shards.path(), i, n);
            assert!(out.status.success(), "{i}/{n}: {}", text(&out.stderr));
            assert!(text(&out.stdout).contains(&format!("shard {i}/{n}")));
            parts.push(path(shards.path(), &format!("part-{i}.json")));
            parts.push(path(shards.path(), &format!("part-{i}.csv")));
        }
        let (merged_json, merged_csv) = (
            path(shards.path(), "all.json"),
            path(shards.path(), "all.csv"),
        );
        let mut args = vec!["merge", "--json", &merged_json, "--csv", &merged_csv];
        args.extend(parts.iter().map(String::as_str));
        let merged = fray(&args);
        assert!(
            merged.status.success(),
            "{n} shards: {}",
            text(&merged.stderr)
        );
        assert_eq!(
            without_timing(&std::fs::read_to_string(&merged_json).unwrap()),
            whole_json,
            "{n} shards: JSON"
        );
        assert_eq!(
            std::fs::read_to_string(&merged_csv).unwrap(),
            whole_csv,
            "{n} shards: CSV"
        );
    }
}

#[test]
fn parts_of_other_batches_twice_or_missing_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for i in 0..3 {
        assert!(shard(d, i, 3).status.success());
    }
    let part = |dir: &Path, i: u64| path(dir, &format!("part-{i}.json"));
    let refused = |parts: &[String], says: &str| {
        let mut args = vec!["merge"];
        args.extend(parts.iter().map(String::as_str));
        let out = fray(&args);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
    };
    refused(
        &[part(d, 0), part(d, 1), part(d, 1), part(d, 2)],
        "given twice",
    );
    refused(
        &[part(d, 0), part(d, 2)],
        "1 of 3 shards missing: shard 1 (play each with --shard I/3)",
    );
    let bogus = path(d, "bogus.json");
    std::fs::write(&bogus, "{\"runs\": 3}").unwrap();
    refused(&[bogus], "not a batch part");
    refused(
        &[part(d, 0), part(d, 1), part(d, 2), path(d, "part-0.csv")],
        "no --csv",
    );
    // Shard 1 of other batches: in another split, with another round limit, another seed.
    for (extra, says) in [
        (&["--shard", "1/4"][..], "of 4 shards"),
        (&["--shard", "1/3", "--max-rounds", "3"], "round limit is 3"),
        (
            &["--shard", "1/3", "--option", "lasting_wounds=true"],
            "ruleset options",
        ),
        (&["--shard", "1/3", "--seed", "6"], "seed is 6"),
    ] {
        let other = tempfile::tempdir().unwrap();
        let o = other.path();
        let (p, c) = (part(o, 1), path(o, "part-1.csv"));
        let mut args = vec![
            "batch", ENCOUNTER, "--runs", RUNS, "--quiet", "--part", &p, "--csv", &c,
        ];
        if !extra.contains(&"--seed") {
            args.extend(["--seed", "5"]);
        }
        args.extend_from_slice(extra);
        let out = fray(&args);
        assert!(out.status.success(), "{extra:?}: {}", text(&out.stderr));
        refused(&[part(d, 0), p, part(d, 2)], says);
        if says == "seed is 6" {
            // Its CSV too, even with parts that agree.
            let all = path(o, "all.csv");
            let csvs = [path(d, "part-0.csv"), c, path(d, "part-2.csv")];
            let mut args = vec![part(d, 0), part(d, 1), part(d, 2), "--csv".into(), all];
            args.extend(csvs);
            refused(&args, "another seed");
        }
    }
}

#[test]
fn bad_shards_are_refused_before_anything_plays() {
    for (shard, says) in [
        ("0/0", "at least one shard"),
        ("5/3", "I < N"),
        ("3/3", "shards count from 0"),
        ("one/3", "write I/N"),
    ] {
        let out = fray(&[
            "batch", ENCOUNTER, "--runs", "5", "--shard", shard, "--part", "-",
        ]);
        assert_eq!(out.status.code(), Some(2), "{shard}");
        assert!(
            text(&out.stderr).contains(says),
            "{shard}: {}",
            text(&out.stderr)
        );
        assert!(out.stdout.is_empty());
    }
    let no_part = fray(&["batch", ENCOUNTER, "--runs", "5", "--shard", "0/2"]);
    assert_eq!(no_part.status.code(), Some(2));
    assert!(
        text(&no_part.stderr).contains("--part"),
        "{}",
        text(&no_part.stderr)
    );
}

/// A comparison's JSON without its reports' `timing`.
fn comparison_without_timing(json: &str) -> serde_json::Value {
    let mut value: serde_json::Value = serde_json::from_str(json).unwrap();
    for arm in ["a", "b"] {
        value[arm]
            .as_object_mut()
            .unwrap()
            .remove("timing")
            .unwrap();
    }
    value
}

#[test]
fn a_comparison_played_in_shards_merges_into_the_whole_comparison() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = [
        "compare",
        ENCOUNTER,
        "--b-option",
        "lasting_wounds=true",
        "--runs",
        "60",
        "--quiet",
    ];
    let whole_json = path(d, "whole.json");
    let mut whole = args.to_vec();
    whole.extend(["--json", &whole_json]);
    let out = fray(&whole);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut merge = vec!["merge".to_string()];
    for i in 0..2 {
        let (shard, part) = (format!("{i}/2"), path(d, &format!("cmp-{i}.json")));
        let mut play = args.to_vec();
        play.extend(["--shard", &shard, "--part", &part]);
        let out = fray(&play);
        assert!(out.status.success(), "{}", text(&out.stderr));
        merge.push(part);
    }
    let merged_json = path(d, "merged.json");
    merge.extend(["--json".to_string(), merged_json.clone()]);
    let out = fray(&merge.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("B's win rate for Heroes"));
    assert_eq!(
        comparison_without_timing(&std::fs::read_to_string(&merged_json).unwrap()),
        comparison_without_timing(&std::fs::read_to_string(&whole_json).unwrap())
    );
    // Half a comparison is refused.
    let half = fray(&["merge", &merge[1]]);
    assert_eq!(half.status.code(), Some(2));
    assert!(
        text(&half.stderr).contains("1 of 2 shards missing"),
        "{}",
        text(&half.stderr)
    );
}

#[test]
fn a_sweep_played_in_shards_merges_into_the_same_curve_and_answer() {
    let dir = tempfile::tempdir().unwrap();
    let sweep_by = |by: &str, shard: &str, part: &str| {
        fray(&[
            "tune",
            ENCOUNTER,
            "--side",
            "Heroes",
            "--target",
            "0.5",
            "--vary",
            "hp:Heroes",
            "--min",
            "50",
            "--max",
            "150",
            "--by",
            by,
            "--budget",
            "60",
            "--seed",
            "5",
            "--quiet",
            "--shard",
            shard,
            "--part",
            part,
        ])
    };
    let sweep = |shard: &str, part: &str| sweep_by("50", shard, part);
    let merged = |parts: &[String]| {
        let json = path(dir.path(), "merged.json");
        let mut args = vec!["merge", "--json", json.as_str()];
        args.extend(parts.iter().map(String::as_str));
        let out = fray(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        (text(&out.stdout), std::fs::read_to_string(&json).unwrap())
    };
    let mut answers = Vec::new();
    for n in [1u64, 3] {
        let parts: Vec<String> = (0..n)
            .map(|i| {
                let part = path(dir.path(), &format!("sweep-{i}-of-{n}.json"));
                let out = sweep(&format!("{i}/{n}"), &part);
                assert!(out.status.success(), "{}", text(&out.stderr));
                assert!(text(&out.stdout).contains("values ([50, 100, 150])"));
                part
            })
            .collect();
        answers.push(merged(&parts));
    }
    let (table, json) = &answers[0];
    assert!(table.contains("best: hp:Heroes = "), "{table}");
    assert_eq!(answers[0], answers[1], "1 shard and 3 shards differ");
    let value: serde_json::Value = serde_json::from_str(json).unwrap();
    let curve = value["curve"].as_array().unwrap();
    assert_eq!(curve.len(), 3);
    assert!(curve.iter().all(|p| p["runs"] == 60), "{json}");
    // A part of another sweep is refused.
    let other = path(dir.path(), "other.json");
    let out = sweep_by("25", "1/3", &other);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mixed = fray(&[
        "merge",
        &path(dir.path(), "sweep-0-of-3.json"),
        &other,
        &path(dir.path(), "sweep-2-of-3.json"),
    ]);
    assert_eq!(mixed.status.code(), Some(2));
    assert!(
        text(&mixed.stderr).contains("it sweeps"),
        "{}",
        text(&mixed.stderr)
    );
}

/// The sharded batch on a real scheduler: `deploy/slurm/one-node-test.sh` brings up a one-node
/// Slurm cluster here (installing Debian's slurm-wlm and munge when missing), plays 4 shards
/// and the merge as an array job and its dependant, cancels a shard in a second batch and
/// resubmits it, and checks both merges against the whole batch. Ignored by default (it needs
/// root and starts daemons); `.ci/run` runs the script.
#[test]
#[ignore = "starts a Slurm cluster: cargo test --profile ci --test suite -- --ignored slurm"]
fn a_one_node_slurm_cluster_plays_and_merges_the_shards() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/deploy/slurm/one-node-test.sh");
    let out = std::process::Command::new("bash")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_fray"))
        .output()
        .expect("bash runs");
    let said = text(&out.stdout) + &text(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("case 2: merge refused: error: 1 of 4 shards missing: shard 1"));
    assert!(said.contains("slurm-test: passed"), "{said}");
}
