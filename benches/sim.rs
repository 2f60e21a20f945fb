//! Encounter throughput: the standard even 4v4 of each ruleset, log off, on one thread and
//! on all cores. Prints encounters/s and combatant-turns/s.
//!
//! `cargo bench --bench sim`

use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fray::core::drive::MAX_TICKS_PER_RUN;
use fray::prelude::*;
use fray::sim::engine::Engine;

/// The standard 4v4 of each ruleset, with the aggressive AI on both sides.
const STANDARD: &[(&str, &[&str])] = &[
    ("archmage-bridge", &["Heroes", "Raiders"]),
    ("oho-crossroads", &["Heroes", "Raiders"]),
];

fn engine() -> Engine {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content"))
        .unwrap_or_else(|e| panic!("content does not load: {e}"));
    Engine::new(
        |app| {
            app.add_plugins(FrayPlugins {
                run: fray::core::FrayRunMode::Manual,
                ..Default::default()
            });
        },
        content,
    )
}

fn config(id: &str, sides: &[&str], runs: u64, threads: usize) -> BatchConfig {
    let mut config = BatchConfig::new(id, runs, 1);
    config.threads = threads;
    for side in sides {
        config
            .controllers
            .push((side.to_string(), Controller::Ai("aggressive".into())));
    }
    config
}

fn encounters(c: &mut Criterion) {
    let engine = engine();
    let mut group = c.benchmark_group("encounters");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    for (id, sides) in STANDARD {
        for threads in [1, 0] {
            let runs = 2_000;
            group.throughput(Throughput::Elements(runs));
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
                        let report = run_batch(&engine, &config(id, sides, runs, threads))
                            .unwrap_or_else(|e| panic!("{e}"));
                        total += start.elapsed();
                        std::hint::black_box(report.rounds.mean);
                    }
                    total
                })
            });
        }
        // One more batch for the combatant-turn rate the target is stated in.
        let report =
            run_batch(&engine, &config(id, sides, 5_000, 1)).unwrap_or_else(|e| panic!("{e}"));
        println!(
            "{id}, 1 thread: {:.0} encounters/s, {:.0} combatant-turns/s, {:.2} us/action",
            report.timing.encounters_per_second,
            report.timing.combatant_turns_per_second,
            report.timing.microseconds_per_action
        );
    }
    group.finish();
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
