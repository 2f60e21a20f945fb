//! The floor against Fray: the archmage 4v4 (`archmage-bridge`) played by a plain Rust loop
//! with only the basic rules ([`fight`]), and by Fray with the aggressive and the tactical AI on
//! both sides, each on one thread, in the same run. Prints the three costs per combatant turn
//! and their ratios (Fray over the floor; tactical over aggressive).
//!
//! `cargo bench --bench floor`

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fray::content::db::ContentDb;
use fray::prelude::*;
use fray::sim::engine::Engine;

#[path = "floor/fight.rs"]
mod fight;

use fight::{Floor, Totals};

/// The fight: Fray's standard archmage 4v4.
const ENCOUNTER: &str = "archmage-bridge";
/// Its sides, each played by one policy in Fray.
const SIDES: &[&str] = &["Heroes", "Raiders"];
/// The policies measured, on both sides.
const POLICIES: [&str; 2] = ["aggressive", "tactical"];

/// Batch sizes: one for each criterion sample, one for the printed comparison.
struct Sizes {
    /// Floor fights per criterion iteration.
    floor_sample: u64,
    /// Fray fights per criterion iteration.
    fray_sample: u64,
    /// Floor fights of the printed comparison.
    floor_compare: u64,
    /// Fray fights of the printed comparison.
    fray_compare: u64,
}

impl Sizes {
    /// Full batches under `cargo bench`; small ones when criterion only checks that the
    /// benchmarks run (`cargo test --benches`, which passes no `--bench`, or `--test`).
    fn from_args() -> Self {
        let args: Vec<String> = std::env::args().collect();
        let has = |flag: &str| args.iter().any(|a| a == flag);
        if has("--bench") && !has("--test") {
            Self {
                floor_sample: 20_000,
                fray_sample: 2_000,
                floor_compare: 200_000,
                fray_compare: 5_000,
            }
        } else {
            Self {
                floor_sample: 100,
                fray_sample: 10,
                floor_compare: 1_000,
                fray_compare: 50,
            }
        }
    }
}

/// Fray's built-in content.
fn content() -> Arc<ContentDb> {
    fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content"))
        .unwrap_or_else(|e| panic!("content does not load: {e}"))
}

/// Fray's batch engine over the content, every plugin added, the schedule stepped by hand.
fn engine(content: Arc<ContentDb>) -> Engine {
    fray::headless_engine(content)
}

/// Fray's batch of `runs` fights on one thread, `policy` on both sides.
fn config(runs: u64, policy: &str) -> BatchConfig {
    let mut config = BatchConfig::new(ENCOUNTER, runs, 1);
    config.threads = 1;
    for side in SIDES {
        config
            .controllers
            .push((side.to_string(), Controller::Ai(policy.into())));
    }
    config
}

/// Measures both, then prints the comparison.
fn floor_vs_fray(c: &mut Criterion) {
    let sizes = Sizes::from_args();
    let content = content();
    let floor = Floor::from_content(&content, ENCOUNTER)
        .unwrap_or_else(|e| panic!("the floor cannot read {ENCOUNTER}: {e}"));
    let engine = engine(content);

    let mut group = c.benchmark_group("floor vs fray");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    group.throughput(Throughput::Elements(sizes.floor_sample));
    group.bench_function(format!("floor: {ENCOUNTER} (1 thread)"), |b| {
        b.iter_custom(|iterations| {
            let start = Instant::now();
            for i in 0..iterations {
                let totals = floor.run(sizes.floor_sample, i * sizes.floor_sample);
                std::hint::black_box(totals.turns);
            }
            start.elapsed()
        })
    });
    group.throughput(Throughput::Elements(sizes.fray_sample));
    for policy in POLICIES {
        group.bench_function(format!("fray: {ENCOUNTER}, {policy} AI (1 thread)"), |b| {
            b.iter_custom(|iterations| {
                let start = Instant::now();
                for _ in 0..iterations {
                    let report = run_batch(&engine, &config(sizes.fray_sample, policy))
                        .unwrap_or_else(|e| panic!("{e}"));
                    std::hint::black_box(report.rounds.mean);
                }
                start.elapsed()
            })
        });
    }
    group.finish();

    // One more batch of each for the per-turn costs and their ratios.
    let start = Instant::now();
    let totals = floor.run(sizes.floor_compare, 1);
    let floor_wall = start.elapsed();
    let reports = POLICIES.map(|policy| {
        run_batch(&engine, &config(sizes.fray_compare, policy)).unwrap_or_else(|e| panic!("{e}"))
    });
    print_comparison(&floor, &totals, floor_wall, &reports);
}

/// Prints the per-turn costs, their ratios, and how long each side's fights are.
fn print_comparison(
    floor: &Floor,
    totals: &Totals,
    floor_wall: Duration,
    reports: &[BatchReport; 2],
) {
    let floor_ns = floor_wall.as_secs_f64() * 1e9 / totals.turns.max(1) as f64;
    let ns = |r: &BatchReport| 1e9 / r.timing.combatant_turns_per_second.max(1e-9);
    let heroes = floor.sides.first().map_or("side 0", String::as_str);
    println!(
        "\n{}, 1 thread: floor {} fights, fray {} fights per policy",
        floor.encounter, totals.fights, reports[0].runs
    );
    println!("floor: {floor_ns:.0} ns/combatant-turn");
    for (policy, report) in POLICIES.iter().zip(reports) {
        println!(
            "fray, {policy}: {:.0} ns/combatant-turn; fray/floor = {:.0}x; {:.2} actions/turn",
            ns(report),
            ns(report) / floor_ns,
            report.timing.actions_per_turn
        );
    }
    println!(
        "tactical/aggressive = {:.2}x",
        ns(&reports[1]) / ns(&reports[0])
    );
    println!(
        "  floor: {:.2} rounds, {:.1} turns, {:.1} attacks per fight; {heroes} win {:.1}%",
        totals.mean_rounds(),
        totals.mean_turns(),
        totals.mean_actions(),
        totals.win_rate(0) * 100.0
    );
    for (policy, report) in POLICIES.iter().zip(reports) {
        println!(
            "  fray, {policy}: {:.2} rounds, {:.1} turns, {:.1} actions per fight; {heroes} win {:.1}%",
            report.rounds.mean,
            report.mean_turns,
            report.mean_actions,
            report.sides.first().map_or(0.0, |s| s.win_rate) * 100.0
        );
    }
}

criterion_group!(benches, floor_vs_fray);
criterion_main!(benches);
