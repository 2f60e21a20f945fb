//! One decision of the lookahead policy at a budget of 200 rollouts (`lookahead:200`): the
//! tick in which a hero whose turn it is decides, from a saved mid-fight state, in a World
//! whose forward model has already built its scratch World. Prints the mean milliseconds per
//! decision (the target: under 50 ms on one thread).
//!
//! `cargo bench --bench lookahead`

use std::time::{Duration, Instant};

use bevy_ecs::world::World;
use criterion::{Criterion, criterion_group, criterion_main};
use fray::core::drive::MAX_TICKS_PER_RUN;
use fray::core::save::{encounter_entities, load_encounter, save_encounter};
use fray::prelude::*;
use fray::sim::engine::Engine;

/// The encounters measured (two rulesets), with the side that looks ahead.
const FIGHTS: &[(&str, &str)] = &[("archmage-bridge", "Heroes"), ("oho-crossroads", "Heroes")];

/// The policy measured.
const POLICY: &str = "lookahead:200";

fn engine() -> Engine {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content"))
        .unwrap_or_else(|e| panic!("content does not load: {e}"));
    fray::headless_engine(content)
}

/// A save of `id` where `side`'s combatant whose turn it is has yet to decide, its side now
/// played by [`POLICY`] (the fight so far played tactical).
fn decision_point(world: &mut World, id: &str, side: &str) -> String {
    let e = world
        .spawn_encounter(id, &EncounterSettings::quiet(11))
        .unwrap_or_else(|err| panic!("{err}"));
    let heroes = {
        let sides = world.get::<Sides>(e).unwrap_or_else(|| panic!("no sides"));
        sides.find(side).unwrap_or_else(|| panic!("no side {side}"))
    };
    for _ in 0..MAX_TICKS_PER_RUN {
        tick(world);
        let Some(encounter) = world.get::<Encounter>(e) else {
            break;
        };
        assert!(
            !encounter.is_over(),
            "{id}: the fight ended before a decision"
        );
        let turn = world.get::<fray::core::turn::Turn>(e);
        let actor = turn.and_then(|t| t.actor());
        let deciding = encounter.phase() == Phase::Acting
            && actor.is_some_and(|a| world.get::<Side>(a).is_some_and(|s| s.0 == heroes));
        // A few turns in, so the fight is under way.
        if deciding && encounter.round() >= 2 {
            break;
        }
    }
    for member in encounter_entities(world, e) {
        if world.get::<Side>(member).is_some_and(|s| s.0 == heroes) {
            world
                .entity_mut(member)
                .insert(Controller::Ai(POLICY.into()));
        }
    }
    let saved = save_encounter(world, e).unwrap_or_else(|err| panic!("{err}"));
    for member in encounter_entities(world, e) {
        world.despawn(member);
    }
    saved
}

/// Times `iterations` decisions: each loads the saved state (untimed) and ticks once.
fn decisions(world: &mut World, saved: &str, iterations: u64) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..iterations {
        let e = load_encounter(world, saved).unwrap_or_else(|err| panic!("{err}"));
        let start = Instant::now();
        std::hint::black_box(tick(world));
        total += start.elapsed();
        for member in encounter_entities(world, e) {
            world.despawn(member);
        }
    }
    total
}

fn lookahead(c: &mut Criterion) {
    let engine = engine();
    let mut group = c.benchmark_group("lookahead");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for (id, side) in FIGHTS {
        let mut app = engine.app();
        let world = app.world_mut();
        let saved = decision_point(world, id, side);
        // The forward model builds its scratch World on the first decision.
        decisions(world, &saved, 1);
        group.bench_function(format!("{id}: one {POLICY} decision (1 thread)"), |b| {
            b.iter_custom(|iterations| decisions(world, &saved, iterations))
        });
        let n = 10;
        let ms = decisions(world, &saved, n).as_secs_f64() * 1000.0 / n as f64;
        println!("{id}: one {POLICY} decision of {side}: {ms:.1} ms (1 thread)");
    }
    group.finish();
}

criterion_group!(benches, lookahead);
criterion_main!(benches);
