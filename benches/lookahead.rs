//! One decision of the lookahead policy at a budget of 200 rollouts (`lookahead:200`): the
//! tick in which a hero decides (its turn, or its declaration), from a saved mid-fight state, in a World
//! whose forward model has already built its scratch World. Prints the mean milliseconds per
//! decision (the target: under 50 ms on one thread).
//!
//! `cargo bench --bench lookahead`

use std::time::{Duration, Instant};

use bevy_ecs::entity::Entity;
use bevy_ecs::world::World;
use criterion::{Criterion, criterion_group, criterion_main};
use fray::core::drive::MAX_TICKS_PER_RUN;
use fray::core::save::{encounter_entities, load_encounter, save_encounter};
use fray::prelude::*;
use fray::sim::engine::Engine;

/// The encounters measured (one of each ruleset), with the side that looks ahead.
const FIGHTS: &[(&str, &str)] = &[
    ("archmage-bridge", "Heroes"),
    ("oho-crossroads", "Heroes"),
    ("l5-warchief", "Party"),
    ("bx-crypt-ghouls", "Party"),
    ("dr-hollow-hall", "Heroes"),
];

/// How many tick boundaries with one of the side as the actor pass before the search for a
/// decision starts.
const DECISIONS_IN: usize = 4;

/// A tick at least this long took a lookahead decision: ticks without one take microseconds.
const LOOKED_AHEAD: Duration = Duration::from_millis(1);

/// The policy measured.
const POLICY: &str = "lookahead:200";

fn engine() -> Engine {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content"))
        .unwrap_or_else(|e| panic!("content does not load: {e}"));
    fray::headless_engine(content)
}

/// A save of `id` where one of `side`'s combatants has yet to decide (its turn, or its
/// declaration where a ruleset declares), its side now played by [`POLICY`] (the fight so far
/// played by the encounter's own controllers). Candidates are the tick boundaries where one of
/// the side is the actor; the first, from the [`DECISIONS_IN`]th on, whose next tick in
/// `trial` takes a lookahead decision (longer than [`LOOKED_AHEAD`]) is the one.
fn decision_point(world: &mut World, trial: &mut World, id: &str, side: &str) -> String {
    let e = world
        .spawn_encounter(id, &EncounterSettings::quiet(11))
        .unwrap_or_else(|err| panic!("{err}"));
    let heroes = {
        let sides = world.get::<Sides>(e).unwrap_or_else(|| panic!("no sides"));
        sides.find(side).unwrap_or_else(|| panic!("no side {side}"))
    };
    let mut seen = 0;
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
        let ours = actor.is_some_and(|a| world.get::<Side>(a).is_some_and(|s| s.0 == heroes));
        if !ours {
            continue;
        }
        seen += 1;
        // A few of the side's decisions in, so the fight is under way (some rulesets' fights
        // last two rounds).
        if seen < DECISIONS_IN {
            continue;
        }
        let saved = with_policy(world, e, heroes);
        // The first decision in `trial` builds its forward model's scratch World.
        decisions(trial, &saved, 1);
        if decisions(trial, &saved, 1) > LOOKED_AHEAD {
            for member in encounter_entities(world, e) {
                world.despawn(member);
            }
            return saved;
        }
    }
    panic!("{id}: no decision of {side} looked ahead")
}

/// A save of encounter `e` with `side` played by [`POLICY`], `e` itself left as it was.
fn with_policy(world: &mut World, e: Entity, side: SideId) -> String {
    let mut kept = Vec::new();
    for member in encounter_entities(world, e) {
        if world.get::<Side>(member).is_some_and(|s| s.0 == side) {
            kept.push((member, world.get::<Controller>(member).cloned()));
            world
                .entity_mut(member)
                .insert(Controller::Ai(POLICY.into()));
        }
    }
    let saved = save_encounter(world, e).unwrap_or_else(|err| panic!("{err}"));
    for (member, controller) in kept {
        if let Some(controller) = controller {
            world.entity_mut(member).insert(controller);
        }
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
        let mut trial = engine.app();
        let saved = decision_point(app.world_mut(), trial.world_mut(), id, side);
        drop(trial);
        let world = app.world_mut();
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
