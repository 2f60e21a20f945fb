//! Encounter throughput: the first encounter of each ruleset (a group per ruleset, so a
//! regression in any one shows), the aggressive AI on every side, log off, on one thread and on
//! all cores. Prints encounters/s, combatant-turns/s, us/action and actions per turn.
//!
//! `cargo bench --bench sim`

use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fray::core::drive::MAX_TICKS_PER_RUN;
use fray::prelude::*;
use fray::sim::engine::Engine;

/// The 4v4s whose tick floor is measured, with the aggressive AI on both sides.
const STANDARD: &[(&str, &[&str])] = &[
    ("archmage-bridge", &["Heroes", "Raiders"]),
    ("oho-crossroads", &["Heroes", "Raiders"]),
];

/// The first encounter of each ruleset in the content (its ruleset, its id and its sides).
fn first_of_each(engine: &Engine) -> Vec<(String, String, Vec<String>)> {
    let mut seen = std::collections::BTreeSet::new();
    engine
        .content
        .encounters()
        .filter(|e| seen.insert(e.ruleset.clone()))
        .map(|e| {
            let sides = e.sides.iter().map(|s| s.name.clone()).collect();
            (e.ruleset.clone(), e.id.clone(), sides)
        })
        .collect()
}

/// Fights per criterion iteration and for the printed rates: full batches under `cargo
/// bench`, small ones when criterion only checks that the benchmarks run (`cargo test
/// --benches`).
fn runs() -> (u64, u64) {
    let args: Vec<String> = std::env::args().collect();
    let has = |flag: &str| args.iter().any(|a| a == flag);
    if has("--bench") && !has("--test") {
        (2_000, 5_000)
    } else {
        (20, 50)
    }
}

fn engine() -> Engine {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content"))
        .unwrap_or_else(|e| panic!("content does not load: {e}"));
    fray::headless_engine(content)
}

fn config(id: &str, sides: &[String], runs: u64, threads: usize) -> BatchConfig {
    let mut config = BatchConfig::new(id, runs, 1);
    config.threads = threads;
    for side in sides {
        config
            .controllers
            .push((side.clone(), Controller::Ai("aggressive".into())));
    }
    config
}

fn encounters(c: &mut Criterion) {
    let engine = engine();
    let (sample, printed) = runs();
    for (ruleset, id, sides) in first_of_each(&engine) {
        let mut group = c.benchmark_group(ruleset.as_str());
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(8));
        for threads in [1, 0] {
            group.throughput(Throughput::Elements(sample));
            let label = if threads == 1 {
                "1 thread"
            } else {
                "all cores"
            };
            group.bench_function(format!("{id} ({label})"), |b| {
                b.iter_custom(|iterations| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iterations {
                        let start = Instant::now();
                        let report = run_batch(&engine, &config(&id, &sides, sample, threads))
                            .unwrap_or_else(|e| panic!("{e}"));
                        total += start.elapsed();
                        std::hint::black_box(report.rounds.mean);
                    }
                    total
                })
            });
        }
        group.finish();
        // One more batch for the rates the speed targets are stated in.
        let report =
            run_batch(&engine, &config(&id, &sides, printed, 1)).unwrap_or_else(|e| panic!("{e}"));
        let t = &report.timing;
        println!(
            "{ruleset}: {id}, 1 thread: {:.0} encounters/s, {:.0} combatant-turns/s, \
             {:.2} us/action, {:.2} actions/turn",
            t.encounters_per_second,
            t.combatant_turns_per_second,
            t.microseconds_per_action,
            t.actions_per_turn
        );
    }
}

/// The floor of the tick machinery: one tick of the whole schedule over
/// [`DEFAULT_CHUNK`](fray::sim::batch::DEFAULT_CHUNK) encounters that are all over, so every
/// system runs and walks its encounters but none has anything to do. A fight costs at least
/// this times its ticks (one per action, turn change and reaction window) before any rule runs.
fn tick_floor(c: &mut Criterion) {
    let engine = engine();
    let mut group = c.benchmark_group("tick floor");
    let chunk = fray::sim::batch::DEFAULT_CHUNK as u64;
    for (id, sides) in STANDARD {
        let mut app = engine.app();
        let world = app.world_mut();
        for i in 0..chunk {
            let mut settings = EncounterSettings::quiet(i);
            for side in *sides {
                settings = settings.with_controller(*side, Controller::Ai("aggressive".into()));
            }
            world
                .spawn_encounter(id, &settings)
                .unwrap_or_else(|e| panic!("{e}"));
        }
        let report = run_until_blocked(world, MAX_TICKS_PER_RUN);
        assert_eq!(report.ended, chunk as u32, "every fight ends");
        group.throughput(Throughput::Elements(chunk));
        group.bench_function(format!("{id} ({chunk} ended encounters)"), |b| {
            b.iter(|| std::hint::black_box(tick(world)))
        });
    }
    group.finish();
}

criterion_group!(benches, encounters, tick_floor);
criterion_main!(benches);
