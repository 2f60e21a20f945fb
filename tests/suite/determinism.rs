//! Batches give the same aggregates whatever the thread count or chunk size (CORE-01).

use fray::prelude::*;
use fray::sim::engine::Engine;

fn engine() -> Engine {
    fray::headless_engine(
        fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap(),
    )
}

#[test]
fn core01_batch_aggregates_do_not_depend_on_threads_or_chunk_size() {
    let engine = engine();
    for id in engine
        .content
        .encounters()
        .map(|e| e.id.clone())
        .collect::<Vec<_>>()
    {
        let run = |threads, chunk| {
            let mut config = BatchConfig::new(id.clone(), 120, 2026);
            config.threads = threads;
            config.chunk = chunk;
            run_batch(&engine, &config)
                .unwrap()
                .to_json_without_timing()
        };
        let one = run(1, 64);
        assert_eq!(one, run(2, 7), "{id}");
        assert_eq!(one, run(2, 1000), "{id}");
    }
}
