//! Every imported monster plays: each statblock of `content/lite5e/srd/` and
//! `content/bx/bfrpg/` fights a standard party of its ruleset on one of its maps, a few runs
//! each, with no request rejected, no stall and no panic. A monster that reaches the round
//! limit in every run (it cannot reach the party, nor the party it) would be a stall.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

use fray::sim::batch::{BatchConfig, BatchError, run_batch};
use fray_content::source::SourceFile;

use crate::import::BESTIARIES;

/// Runs of each monster's fight.
const RUNS: u64 = 5;

/// A standard party, its map, and where the party and the monster stand.
struct Arena {
    map: &'static str,
    party: &'static [&'static str],
    party_at: &'static str,
    monster_at: &'static str,
}

fn arena(ruleset: &str) -> Arena {
    match ruleset {
        "lite5e" => Arena {
            map: "l5-road",
            party: &["fighter-3", "cleric-2", "rogue-3", "wizard-2"],
            party_at: "road",
            monster_at: "bend",
        },
        _ => Arena {
            map: "bx-road",
            party: &["fighter-3", "cleric-3", "magic-user-3", "thief-3"],
            party_at: "road",
            monster_at: "ditch",
        },
    }
}

/// The encounter file of `monster` against the party.
fn encounter(ruleset: &str, monster: &str) -> SourceFile {
    let a = arena(ruleset);
    let party: Vec<String> = a
        .party
        .iter()
        .map(|pc| format!("(statblock: \"{pc}\", region: \"{}\")", a.party_at))
        .collect();
    let text = format!(
        "Encounter(id: \"imported-{ruleset}-{monster}\", name: \"{monster}\", ruleset: \"{ruleset}\",
            map: Named(\"{}\"),
            sides: [
                (name: \"Party\", controller: Ai(\"tactical\"), combatants: [{}]),
                (name: \"Monster\", controller: Ai(\"aggressive\"), combatants: [
                    (statblock: \"{monster}\", region: \"{}\")]),
            ])",
        a.map,
        party.join(", "),
        a.monster_at
    );
    SourceFile::new(format!("imported/{ruleset}/encounters/{monster}.ron"), text)
}

#[test]
fn every_imported_monster_plays_against_a_standard_party() {
    let started = Instant::now();
    let (mut sources, problems) = fray_content::loader::read_tree(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/content"
    )));
    assert!(problems.is_empty(), "{problems:?}");
    let mut fights = Vec::new();
    for b in &BESTIARIES {
        let dir = b.dir();
        for file in sources.iter().filter(|s| s.path.starts_with(&dir)) {
            let id = file
                .path
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            fights.push((b.ruleset, id));
        }
    }
    assert!(fights.len() > 500, "{} imported monsters", fights.len());
    sources.extend(fights.iter().map(|(r, id)| encounter(r, id)));
    let (db, problems) = fray::content_loader().check_layers(sources);
    assert!(problems.is_empty(), "{problems}");
    let engine = fray::headless_engine(Arc::new(db));
    let workers = 2;
    let results: Vec<Vec<String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let (engine, fights) = (&engine, &fights);
                scope.spawn(move || {
                    let mut failures = Vec::new();
                    for (ruleset, id) in fights.iter().skip(w).step_by(workers) {
                        let mut config =
                            BatchConfig::new(format!("imported-{ruleset}-{id}"), RUNS, 7);
                        config.threads = 1;
                        match run_batch(engine, &config) {
                            Ok(r) => {
                                if r.rejections > 0 {
                                    failures.push(format!("{ruleset} {id}: {} rejected", r.rejections));
                                }
                                if r.endings.stalled > 0 {
                                    failures.push(format!("{ruleset} {id}: stalled"));
                                }
                                if r.endings.round_limit == RUNS {
                                    failures.push(format!("{ruleset} {id}: the round limit in every run"));
                                } else if r.endings.round_limit > 0 {
                                    eprintln!(
                                        "note: {ruleset} {id} reached the round limit in {} of {RUNS} runs",
                                        r.endings.round_limit
                                    );
                                }
                            }
                            Err(BatchError::Panicked(p)) => {
                                failures.push(format!("{ruleset} {id}: panicked: {}", p.message));
                            }
                            Err(e) => failures.push(format!("{ruleset} {id}: {e}")),
                        }
                    }
                    failures
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let failures: Vec<String> = results.into_iter().flatten().collect();
    let mut report = String::new();
    for f in &failures {
        let _ = writeln!(report, "  {f}");
    }
    eprintln!(
        "{} imported monsters x {RUNS} runs played in {:.1} s",
        fights.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "imported monsters that do not play:\n{report}"
    );
}
