//! The results' JSON as `docs/results.md` lists it (trial item G.30): a batch's rounds by
//! length, a delve batch's endings by key, the layout's version.

use crate::cli::{fray_ok, text};

#[test]
fn g30_a_batch_counts_runs_by_length_and_a_delve_batch_counts_endings_by_key() {
    let out = fray_ok(&[
        "batch",
        "bx-goblin-cave",
        "--runs",
        "200",
        "--quiet",
        "--json",
        "-",
    ]);
    let batch: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(batch["schema"], 2);
    let histogram: Vec<u64> = batch["rounds"]["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    assert_eq!(histogram.iter().sum::<u64>(), 200);
    assert_eq!(
        histogram.len() as u64 - 1,
        batch["rounds"]["max"].as_u64().unwrap(),
        "from 0 to the longest"
    );
    let out = fray_ok(&[
        "delve",
        "bx-barrow-raid",
        "--runs",
        "40",
        "--quiet",
        "--json",
        "-",
    ]);
    let delve: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(delve["schema"], 2);
    let endings = delve["endings"].as_object().unwrap();
    let keys = [
        "returned",
        "turned_back",
        "journeyed",
        "plan_done",
        "party_dead",
        "party_down",
        "wrecked",
        "out_of_time",
        "under_way",
    ];
    for key in endings.keys() {
        assert!(keys.contains(&key.as_str()), "`{key}` is a documented key");
    }
    let total: u64 = endings.values().map(|n| n.as_u64().unwrap()).sum();
    assert_eq!(total, 40);
    // The summary says them in words.
    assert!(text(&out.stderr).contains("the party is back out of the dungeon"));
}
