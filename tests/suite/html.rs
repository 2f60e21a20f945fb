//! The pages `--html` writes, opened in a real browser: headless Chromium loads each page,
//! its scripts run, and the test reads the DOM it leaves (`--dump-dom`). No script error may
//! reach the page's `#errors` box, the timeline has a step per event of the log, and its last
//! step shows the HP the log's record ends with. The embedded log is the one `fray run --seed`
//! prints for that seed.
//!
//! Without Chromium (`chromium` on the PATH, or `FRAY_CHROMIUM`) the browser checks are
//! skipped with a message, unless `FRAY_REQUIRE_BROWSER=1` (as `.ci/run` sets): then they
//! fail.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::cli::{fray, fray_ok, text};

/// The browser, if there is one; `None` (and a message) when the checks are skipped.
fn chromium() -> Option<PathBuf> {
    let named = std::env::var_os("FRAY_CHROMIUM").map(PathBuf::from);
    let found = named.or_else(|| {
        std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join("chromium"))
                .find(|p| p.is_file())
        })
    });
    if found.is_none() {
        assert!(
            std::env::var("FRAY_REQUIRE_BROWSER").as_deref() != Ok("1"),
            "FRAY_REQUIRE_BROWSER=1 but no chromium on the PATH (apt-get install chromium)"
        );
        eprintln!("skipped: no chromium on the PATH, the pages are not opened in a browser");
    }
    found
}

/// The DOM `page` leaves once its scripts ran, opened with `#hash`.
fn dom(browser: &Path, page: &Path, hash: &str) -> String {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--virtual-time-budget=5000",
            "--dump-dom",
        ])
        .arg(format!("file://{}#{hash}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium failed: {}",
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// The text of the page's `#errors` box (empty when no script failed).
fn errors(dom: &str) -> String {
    let start = dom
        .find("<pre id=\"errors\"")
        .expect("the page has its #errors box");
    let start = start + dom[start..].find('>').unwrap() + 1;
    let end = start + dom[start..].find("</pre>").unwrap();
    dom[start..end].to_string()
}

/// Each replay's (`data-steps`, `data-step`, `data-hp`) attributes, in page order.
fn replays(dom: &str) -> Vec<(usize, usize, Vec<i64>)> {
    let attr = |tag: &str, name: &str| -> String {
        let at = tag
            .find(&format!(" {name}=\""))
            .unwrap_or_else(|| panic!("no {name} in {tag}"));
        let rest = &tag[at + name.len() + 3..];
        rest[..rest.find('"').unwrap()].to_string()
    };
    dom.match_indices("<section")
        .map(|(at, _)| &dom[at..at + dom[at..].find('>').unwrap()])
        .filter(|tag| tag.contains("class=\"replay\""))
        .map(|tag| {
            let hp = attr(tag, "data-hp");
            (
                attr(tag, "data-steps").parse().unwrap(),
                attr(tag, "data-step").parse().unwrap(),
                hp.split(',')
                    .filter(|s| !s.is_empty())
                    .map(|s| s.parse().unwrap())
                    .collect(),
            )
        })
        .collect()
}

/// The JSON blob a page holds.
fn data(page: &Path) -> Value {
    let html = std::fs::read_to_string(page).unwrap();
    let open = "<script type=\"application/json\" id=\"fray-data\">";
    let start = html.find(open).expect("the page holds its data") + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).expect("the page's data is JSON")
}

/// Checks that a page fetches nothing: no linked stylesheet or font, no script or image
/// from elsewhere.
fn self_contained(page: &Path) {
    let html = std::fs::read_to_string(page).unwrap();
    for outside in ["<link", " src=", "url(", "@import", "<iframe"] {
        assert!(!html.contains(outside), "{}: `{outside}`", page.display());
    }
}

/// The lines `fray run ENCOUNTER --seed SEED --format json` prints, parsed.
fn run_json(encounter: &str, seed: u64) -> Vec<Value> {
    let out = fray_ok(&[
        "run",
        encounter,
        "--seed",
        &seed.to_string(),
        "--format",
        "json",
    ]);
    json_lines(&out.stdout)
}

/// Output of one JSON object per line, parsed.
fn json_lines(output: &[u8]) -> Vec<Value> {
    text(output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Checks that an embedded replay holds the log `fray run --seed` prints for its seed.
fn same_log(replay: &Value, printed: &[Value]) {
    let log = &replay["log"];
    assert_eq!(log["names"], printed[0]);
    let events = log["events"].as_array().unwrap();
    assert_eq!(events.len(), printed.len() - 2);
    assert_eq!(&events[..], &printed[1..printed.len() - 1]);
    assert_eq!(&log["record"], printed.last().unwrap());
}

/// The HP each combatant ends with, by the record line.
fn final_hp(record: &Value) -> Vec<i64> {
    record["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["hp"].as_i64().unwrap())
        .collect()
}

fn built_in_encounters() -> Vec<String> {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap();
    let mut ids: Vec<String> = content.encounters().map(|e| e.id.clone()).collect();
    ids.sort();
    ids
}

#[test]
fn h01_every_built_in_encounter_replays_in_a_browser_with_the_log_run_prints() {
    let dir = tempfile::tempdir().unwrap();
    let browser = chromium();
    let encounters = built_in_encounters();
    assert!(encounters.len() > 5);
    for (i, id) in encounters.iter().enumerate() {
        let seed = 3 + i as u64;
        let page = dir.path().join(format!("{id}.html"));
        let out = fray(&[
            "run",
            id,
            "--seed",
            &seed.to_string(),
            "--format",
            "json",
            "--html",
            page.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{id}: {}", text(&out.stderr));
        let printed = json_lines(&out.stdout);
        let replay = data(&page);
        same_log(&replay, &printed);
        assert_eq!(replay["schema"], 1);
        self_contained(&page);
        let size = std::fs::metadata(&page).unwrap().len();
        assert!(size < 3_000_000, "{id}: a {size}-byte page");
        let Some(browser) = &browser else {
            continue;
        };
        let dom = dom(browser, &page, "step=last");
        assert_eq!(errors(&dom), "", "{id}: script errors");
        let shown = replays(&dom);
        assert_eq!(shown.len(), 1, "{id}: one replay");
        let (steps, step, hp) = &shown[0];
        assert_eq!(*steps, printed.len() - 2, "{id}: a step per event");
        assert_eq!(step, steps, "{id}: #step=last shows the last step");
        assert_eq!(
            *hp,
            final_hp(printed.last().unwrap()),
            "{id}: the last step's HP"
        );
        // Opened plainly, it starts before the first event, with the start's HP (checked on
        // a few pages: each load costs a second).
        if i % 8 != 0 {
            continue;
        }
        let dom = dom_at_start(browser, &page);
        let start: Vec<i64> = replay["start"]["combatants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["hp"].as_i64().unwrap())
            .collect();
        assert_eq!(replays(&dom)[0].1, 0, "{id}");
        assert_eq!(replays(&dom)[0].2, start, "{id}");
    }
}

fn dom_at_start(browser: &Path, page: &Path) -> String {
    let dom = dom(browser, page, "");
    assert_eq!(errors(&dom), "");
    dom
}

#[test]
fn h02_a_page_to_a_missing_folder_or_to_standard_output_is_refused_before_the_fight() {
    let out = fray(&[
        "run",
        "archmage-bridge",
        "--html",
        "/no/such/folder/fight.html",
    ]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("no folder /no/such/folder"));
    assert!(text(&out.stdout).is_empty(), "nothing was played");
    let out = fray(&["run", "archmage-bridge", "--html", "-"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("a page is written to a file"));
    assert!(text(&out.stdout).is_empty());
}

#[test]
fn h03_a_page_replays_the_seed_run_prints() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("fight.html");
    fray_ok(&[
        "run",
        "oho-crossroads",
        "--seed",
        "11",
        "--html",
        page.to_str().unwrap(),
    ]);
    let replay = data(&page);
    same_log(&replay, &run_json("oho-crossroads", 11));
    assert_eq!(replay["command"], "fray run oho-crossroads --seed 11");
}

/// The picks of a batch page: (kind, side, run index, seed, replay).
fn picks(data: &Value) -> Vec<(String, Value, u64, String, usize)> {
    data["picks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["kind"].as_str().unwrap().to_string(),
                p["side"].clone(),
                p["index"].as_u64().unwrap(),
                p["seed"].as_str().unwrap().to_string(),
                p["replay"].as_u64().unwrap() as usize,
            )
        })
        .collect()
}

#[test]
fn h04_a_batch_page_replays_its_runs_worth_watching_as_run_plays_their_seeds() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let batch = |extra: &[&str], page: &str| {
        let mut args = vec![
            "batch",
            "archmage-bridge",
            "--runs",
            "3000",
            "--seed",
            "9",
            "--quiet",
        ];
        args.extend_from_slice(extra);
        let page = at(page);
        args.extend_from_slice(&["--html", &page]);
        let out = fray(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        data(Path::new(&page))
    };
    let one = batch(&["--threads", "1"], "one.html");
    let two = batch(&["--threads", "2", "--chunk", "7"], "two.html");
    // Sharded, then merged: the parts carry the sketch, the merge picks and re-plays.
    for i in 0..3 {
        let shard = format!("{i}/3");
        let part = at(&format!("part-{i}.json"));
        fray_ok(&[
            "batch",
            "archmage-bridge",
            "--runs",
            "3000",
            "--seed",
            "9",
            "--quiet",
            "--shard",
            &shard,
            "--part",
            &part,
        ]);
    }
    let merged_page = at("merged.html");
    fray_ok(&[
        "merge",
        &at("part-2.json"),
        &at("part-0.json"),
        &at("part-1.json"),
        "--html",
        &merged_page,
    ]);
    let merged = data(Path::new(&merged_page));
    // Other content than the shards played: the runs would not be the batch's, so the merge
    // refuses to re-play them (and writes no page).
    let elsewhere = at("elsewhere.html");
    let out = fray(&[
        "merge",
        &at("part-0.json"),
        &at("part-1.json"),
        &at("part-2.json"),
        "--only-content",
        "content/archmage",
        "--html",
        &elsewhere,
    ]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("not the one the parts were played with"),
        "{}",
        text(&out.stderr)
    );
    assert!(!Path::new(&elsewhere).exists());
    // The same picks, the same replays, whatever the threads, chunks or shards.
    assert_eq!(picks(&one), picks(&two));
    assert_eq!(picks(&one), picks(&merged));
    assert_eq!(one["replays"], two["replays"]);
    assert_eq!(one["replays"], merged["replays"]);
    assert_eq!(
        one["command"],
        "fray batch archmage-bridge --runs 3000 --seed 9"
    );
    assert_eq!(merged["command"], one["command"]);
    // The median, worst 1% and best 1% of each side, and the longest run.
    let picked = picks(&one);
    let kinds: Vec<&str> = picked.iter().map(|p| p.0.as_str()).collect();
    assert_eq!(
        kinds,
        [
            "worst", "median", "best", "worst", "median", "best", "longest"
        ]
    );
    // Each replay is the log `fray run --seed` prints for its seed; each seed is the run's
    // in the batch.
    let embedded = one["replays"].as_array().unwrap();
    assert!(embedded.len() <= picked.len());
    for (_, _, index, seed, replay) in &picked {
        let printed = run_json("archmage-bridge", seed.parse().unwrap());
        same_log(&embedded[*replay], &printed);
        assert_eq!(
            *seed,
            fray_core::rng::derive_seed(9, *index).to_string(),
            "run {index}'s seed"
        );
    }
    self_contained(Path::new(&at("one.html")));
    // Only the chosen runs are embedded: the page stays small.
    let size = std::fs::metadata(at("one.html")).unwrap().len();
    assert!(size < 2_000_000, "a {size}-byte page");
    let Some(browser) = chromium() else {
        return;
    };
    let dom = dom(browser.as_path(), Path::new(&at("one.html")), "step=last");
    assert_eq!(errors(&dom), "", "script errors");
    let shown = replays(&dom);
    assert_eq!(shown.len(), embedded.len());
    for ((steps, step, hp), replay) in shown.iter().zip(embedded) {
        let events = replay["log"]["events"].as_array().unwrap().len();
        assert_eq!((*steps, *step), (events, events));
        assert_eq!(*hp, final_hp(&replay["log"]["record"]));
    }
}

#[test]
fn h05_a_batch_page_to_a_missing_folder_is_refused_before_the_batch() {
    let out = fray(&[
        "batch",
        "archmage-bridge",
        "--runs",
        "10",
        "--html",
        "/no/such/folder/batch.html",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no folder /no/such/folder"));
    assert!(text(&out.stdout).is_empty(), "nothing was played");
    let out = fray(&["batch", "archmage-bridge", "--runs", "10", "--html", "-"]);
    assert_eq!(out.status.code(), Some(2));
}

fn built_in_expeditions() -> Vec<String> {
    let out = fray(&["list"]);
    assert!(out.status.success());
    let mut ids = Vec::new();
    let mut within = false;
    for line in text(&out.stdout).lines() {
        if line.trim_start().starts_with("expeditions") {
            within = true;
        } else if !line.starts_with("    ") {
            within = false;
        } else if within && let Some(id) = line.split_whitespace().next() {
            ids.push(id.to_string());
        }
    }
    ids
}

#[test]
fn h06_every_built_in_expedition_plays_back_in_a_browser_with_its_clock_and_its_fights() {
    let dir = tempfile::tempdir().unwrap();
    let browser = chromium();
    let expeditions = built_in_expeditions();
    assert!(expeditions.len() >= 5, "{expeditions:?}");
    for id in &expeditions {
        let page = dir.path().join(format!("{id}.html"));
        let out = fray(&[
            "delve",
            id,
            "--seed",
            "2",
            "--json",
            "-",
            "--html",
            page.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{id}: {}", text(&out.stderr));
        let lines = json_lines(&out.stdout);
        let delve = data(&page);
        self_contained(&page);
        let entries = delve["entries"].as_array().unwrap();
        assert_eq!(
            entries.len(),
            lines.len() - 1,
            "{id}: an entry per log line"
        );
        for (entry, line) in entries.iter().zip(&lines) {
            assert_eq!(entry["event"], line["event"], "{id}");
        }
        assert_eq!(delve["command"], format!("fray delve {id} --seed 2"));
        // Keeping the fights' replays changes nothing of the expedition.
        let plain = fray(&["delve", id, "--seed", "2", "--json", "-"]);
        assert_eq!(text(&plain.stdout), text(&out.stdout), "{id}");
        // A replay per fight, each ending as its record says.
        let fights = delve["fights"].as_array().unwrap();
        let started = lines
            .iter()
            .filter(|l| l["event"].get("FightStarted").is_some())
            .count();
        assert_eq!(fights.len(), started, "{id}: a replay per fight");
        let Some(browser) = &browser else {
            continue;
        };
        let dom = dom(browser, &page, "step=last");
        assert_eq!(errors(&dom), "", "{id}: script errors");
        let tag_at = dom.find("<section id=\"replay\"").unwrap();
        let tag = &dom[tag_at..tag_at + dom[tag_at..].find('>').unwrap()];
        assert!(
            tag.contains(&format!("data-steps=\"{}\"", entries.len())),
            "{id}: {tag}"
        );
        assert!(
            tag.contains(&format!("data-step=\"{}\"", entries.len())),
            "{id}: {tag}"
        );
        let last = entries.last().unwrap()["clock"].as_str().unwrap();
        assert!(
            tag.contains(&format!("data-clock=\"{last}\"")),
            "{id}: {tag}"
        );
        let shown = replays(&dom);
        assert_eq!(shown.len(), fights.len(), "{id}: every fight mounted");
        for ((steps, step, hp), fight) in shown.iter().zip(fights) {
            let events = fight["log"]["events"].as_array().unwrap().len();
            assert_eq!((*steps, *step), (events, events), "{id}");
            assert_eq!(
                *hp,
                final_hp(&fight["log"]["record"]),
                "{id}: a fight's last HP"
            );
        }
    }
}

/// The value of attribute `name` on the first element with class `class` in `dom`.
fn attribute_of_class(dom: &str, class: &str, name: &str) -> String {
    let at = dom
        .find(&format!("class=\"{class}\""))
        .unwrap_or_else(|| panic!("no .{class} in the page"));
    let start = dom[..at].rfind('<').unwrap();
    let tag = &dom[start..at + dom[at..].find('>').unwrap()];
    let from = tag
        .find(&format!("{name}=\""))
        .unwrap_or_else(|| panic!("no {name} in {tag}"))
        + name.len()
        + 2;
    tag[from..from + tag[from..].find('"').unwrap()].to_string()
}

#[test]
fn h07_a_comparison_and_a_tuning_open_as_pages_with_their_verdicts() {
    let dir = tempfile::tempdir().unwrap();
    let compare_page = dir.path().join("compare.html");
    let out = fray_ok(&[
        "compare",
        "archmage-bridge",
        "--b-option",
        "lasting_wounds=true",
        "--runs",
        "400",
        "--quiet",
        "--json",
        "-",
        "--html",
        compare_page.to_str().unwrap(),
    ]);
    let printed: Value = serde_json::from_slice(&out.stdout).unwrap();
    let compared = data(&compare_page);
    assert_eq!(compared["schema"], 1);
    assert_eq!(compared["comparison"]["win_rate"], printed["win_rate"]);
    assert_eq!(compared["comparison"]["rounds"], printed["rounds"]);
    assert_eq!(
        compared["comparison"]["a"]["rounds"],
        printed["a"]["rounds"]
    );
    let tune_page = dir.path().join("tune.html");
    let out = fray_ok(&[
        "tune",
        "archmage-bridge",
        "--side",
        "Heroes",
        "--target",
        "0.5",
        "--vary",
        "hp:Raiders",
        "--budget",
        "300",
        "--quiet",
        "--html",
        tune_page.to_str().unwrap(),
    ]);
    self_contained(&compare_page);
    self_contained(&tune_page);
    let tuned = data(&tune_page);
    let best = tuned["tuned"]["best"].as_u64().unwrap();
    assert!(
        text(&out.stdout).contains(&best.to_string()),
        "the page's knob is the one the command prints"
    );
    assert_eq!(tuned["knob"], "hp:Raiders");
    let Some(browser) = chromium() else {
        return;
    };
    let shown = dom(&browser, &compare_page, "");
    assert_eq!(errors(&shown), "", "script errors in the comparison");
    let significant = printed["win_rate"]["p_value"].as_f64().unwrap() < 0.05;
    assert_eq!(
        attribute_of_class(&shown, "card verdict", "data-significant"),
        significant.to_string()
    );
    assert!(shown.contains("class=\"rounds-chart\""));
    let shown = dom(&browser, &tune_page, "");
    assert_eq!(errors(&shown), "", "script errors in the tuning");
    assert_eq!(
        attribute_of_class(&shown, "card verdict", "data-best"),
        best.to_string()
    );
    assert!(shown.contains("class=\"curve-chart\""));
}
