//! No built-in encounter runs to its round limit when the scoring policies play it (issue 37):
//! fights end in a victory, a flight, a surrender or a parley, not in a loop.
//!
//! What it covers: every built-in encounter, under every pairing of the two scoring policies
//! (`aggressive` and `tactical`) - the first side under one, every other side under the other,
//! so four pairings - for 60 runs each. The loops it guards against: a combatant that can harm
//! no foe trading harmless blows (an invulnerable barrow shade against a party without magic
//! left: the side that cannot harm leaves when it can), and one that withdraws when hurt and
//! comes back to withdraw again as the last of its side (it leaves instead). `fray batch
//! <encounter> --runs 2000 --ai Side=policy` over the same pairings found no round limit
//! either (issue 37's report has the table).
//!
//! What it leaves out: pairings with the `random` policy. Random play is a baseline and a
//! fuzzer: it picks any legal option, readies, defends and wanders as often as it strikes, so
//! two random sides in an OHO fight (whose defence rolls make most blows miss) reach 40 rounds
//! in most runs, and a random side can keep a scoring side from finishing in a few runs in a
//! thousand. No policy of the side that plays well can end a fight its foe declines to fight
//! out (`fuzz.rs` plays random fights for robustness instead).

use fray::prelude::*;

/// The policies that score their options.
const SCORING: [&str; 2] = ["aggressive", "tactical"];

/// Runs per encounter and pairing.
const RUNS: u64 = 60;

#[test]
fn no_built_in_encounter_reaches_the_round_limit_under_the_scoring_policies() {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap();
    let engine = fray::headless_engine(content.clone());
    let mut played = 0;
    let mut limits = Vec::new();
    for spec in content.encounters() {
        for first in SCORING {
            for others in SCORING {
                let mut config = BatchConfig::new(spec.id.clone(), RUNS, 37);
                for (i, side) in spec.sides.iter().enumerate() {
                    let policy = if i == 0 { first } else { others };
                    config
                        .controllers
                        .push((side.name.clone(), Controller::Ai(policy.into())));
                }
                let report = run_batch(&engine, &config).unwrap();
                played += report.runs;
                if report.endings.round_limit > 0 || report.endings.stalled > 0 {
                    limits.push(format!(
                        "{} ({first} vs {others}): {} round limits, {} stalled",
                        spec.id, report.endings.round_limit, report.endings.stalled
                    ));
                }
            }
        }
    }
    assert!(played >= 4 * RUNS * 20, "{played} fights played");
    assert!(limits.is_empty(), "{}", limits.join("\n"));
}
