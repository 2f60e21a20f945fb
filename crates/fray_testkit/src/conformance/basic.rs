//! Checks 1, 2, 3 and 5: content loads, every fight ends, the random policy is never refused,
//! batches do not depend on threads.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_content::encounter::EncounterSpec;
use fray_core::prelude::*;
use fray_core::rng::derive_seed;
use fray_sim::engine::{Engine, Install};
use fray_sim::prelude::*;

use super::Conformance;
use super::player::Player;
use super::world::{
    ai_settings, app, app as build_app, content, encounters, external_settings, spawn, tail,
    take_rejections, text_log,
};
use crate::harness::content_dir;

/// Check 1: all of `content/<ruleset>` loads without problems (the message lists every one),
/// has encounters of the ruleset, and every encounter spawns.
pub fn content_loads(conf: &Conformance) {
    let dir = content_dir().join(conf.bench.ruleset);
    let db = conf
        .bench
        .loader()
        .load_paths(&[&dir])
        .unwrap_or_else(|e| panic!("{} does not load:\n{e}", dir.display()));
    let db = Arc::new(db);
    for spec in db.encounters() {
        assert_eq!(
            spec.ruleset,
            conf.bench.ruleset,
            "encounter `{}` in {} names ruleset `{}`",
            spec.id,
            dir.display(),
            spec.ruleset
        );
    }
    let list = encounters(conf, &db);
    let mut app = app(conf, &db);
    for spec in &list {
        spawn(app.world_mut(), &spec.id, &EncounterSettings::quiet(1));
    }
}

/// Every assignment of `policies` to `sides` sides: the full product when it has at most 27
/// assignments, else each policy on every side, and each side alone with each other policy.
fn assignments<'p>(policies: &[&'p str], sides: usize) -> Vec<Vec<&'p str>> {
    let p = policies.len().max(1);
    let product = p.checked_pow(u32::try_from(sides).unwrap_or(u32::MAX));
    if let Some(n) = product.filter(|n| *n <= 27) {
        return (0..n)
            .map(|mut k| {
                (0..sides)
                    .map(|_| {
                        let policy = policies.get(k % p).copied().unwrap_or("tactical");
                        k /= p;
                        policy
                    })
                    .collect()
            })
            .collect();
    }
    let mut out = Vec::new();
    for (i, base) in policies.iter().enumerate() {
        out.push(vec![*base; sides]);
        for side in 0..sides {
            let mut one = vec![*base; sides];
            one[side] = policies[(i + 1) % p];
            out.push(one);
        }
    }
    out
}

/// Check 2: every built-in encounter, with every assignment of the AI policies to its sides,
/// ends for [`Budget::seeds`](super::Budget::seeds) seeds: within
/// [`Budget::max_ticks`](super::Budget::max_ticks) ticks, by an ending of the rules (never
/// [`Ending::Stalled`]), never waiting on anyone, and within its round limit.
pub fn every_encounter_ends_with_each_ai(conf: &Conformance) {
    let content = content(conf);
    for spec in encounters(conf, &content) {
        let mut app = app(conf, &content);
        let mut fights = Vec::new();
        for policies in assignments(conf.policies, spec.sides.len()) {
            for s in 0..conf.budget.seeds {
                let seed = derive_seed(0xE2D5, s);
                let settings = ai_settings(&spec, seed, true, &policies);
                let e = spawn(app.world_mut(), &spec.id, &settings);
                fights.push((e, seed, policies.clone()));
            }
        }
        let report = run_until_blocked(app.world_mut(), conf.budget.max_ticks);
        let world = app.world();
        assert_eq!(
            report.blocked, 0,
            "{}: a fight of AI controllers waits on someone",
            spec.id
        );
        for (e, seed, policies) in fights {
            let encounter = world
                .get::<Encounter>(e)
                .unwrap_or_else(|| panic!("{}: the encounter is gone", spec.id));
            let what = format!("{} seed {seed} policies {policies:?}", spec.id);
            assert!(
                encounter.is_over(),
                "{what}: not over after {} ticks (round {})\n{}",
                conf.budget.max_ticks,
                encounter.round(),
                tail(&text_log(world, e), 30)
            );
            let outcome = encounter
                .outcome()
                .unwrap_or_else(|| panic!("{what}: over without an outcome"));
            assert_ne!(
                outcome.ending,
                Ending::Stalled,
                "{what}: the fight stalled\n{}",
                tail(&text_log(world, e), 30)
            );
            assert!(
                outcome.round <= encounter.max_rounds,
                "{what}: ended in round {} past its limit {}",
                outcome.round,
                encounter.max_rounds
            );
        }
    }
}

/// What went wrong in one chunk of random fights, played side by side in `app`'s World (and
/// despawned after).
fn chunk_failure(
    app: &mut bevy_app::App,
    spec: &EncounterSpec,
    seeds: &[u64],
    external: bool,
) -> Option<String> {
    let world = app.world_mut();
    let random = vec!["random"; spec.sides.len()];
    let fights: Vec<(Entity, u64)> = seeds
        .iter()
        .map(|&seed| {
            let settings = if external {
                external_settings(spec, seed)
            } else {
                ai_settings(spec, seed, false, &random)
            };
            (spawn(world, &spec.id, &settings), seed)
        })
        .collect();
    let failure = judge_chunk(world, spec, &fights, &random);
    for (e, _) in fights {
        world.despawn(e);
    }
    take_rejections(world);
    world.clear_trackers();
    failure
}

/// Plays `fights` to their ends (answering for external players) and says what went wrong.
fn judge_chunk(
    world: &mut World,
    spec: &EncounterSpec,
    fights: &[(Entity, u64)],
    random: &[&str],
) -> Option<String> {
    let mut players: Vec<Player> = fights
        .iter()
        .map(|&(_, s)| Player::new(s, random))
        .collect();
    let mut rejected = Vec::new();
    for _ in 0..100_000 {
        let report = run_until_blocked(world, 1_000_000);
        rejected.extend(take_rejections(world));
        world.clear_trackers();
        if report.running + report.blocked == 0 {
            break;
        }
        let mut answered = 0;
        for ((e, _), player) in fights.iter().zip(&mut players) {
            answered += player.answer(world, *e);
        }
        if answered == 0 {
            return Some(format!(
                "{}: {} fights wait on no decision a client is shown",
                spec.id, report.blocked
            ));
        }
    }
    if let Some(r) = rejected.first() {
        let seed = fights
            .iter()
            .find(|(e, _)| Some(*e) == r.encounter)
            .map(|(_, s)| *s);
        return Some(format!(
            "{} seed {seed:?}: the random policy's {:?} was rejected: {}",
            spec.id, r.intent, r.reason
        ));
    }
    for (e, seed) in fights {
        let encounter = world.get::<Encounter>(*e)?;
        if !encounter.is_over() {
            return Some(format!("{} seed {seed}: not over", spec.id));
        }
        if encounter.rejections() > 0 {
            return Some(format!(
                "{} seed {seed}: {} rejections",
                spec.id,
                encounter.rejections()
            ));
        }
        if encounter.outcome().map(|o| o.ending) == Some(Ending::Stalled) {
            return Some(format!(
                "{} seed {seed}: stalled\n{}",
                spec.id,
                tail(&text_log(world, *e), 30)
            ));
        }
    }
    None
}

/// Plays one chunk in `app`, turning a panic into a failure naming the seed that panics alone
/// (the app is built anew after a panic).
fn play_chunk(
    conf: &Conformance,
    content: &Arc<ContentDb>,
    app: &mut bevy_app::App,
    spec: &EncounterSpec,
    seeds: &[u64],
    external: bool,
) -> Option<String> {
    match catch_unwind(AssertUnwindSafe(|| {
        chunk_failure(app, spec, seeds, external)
    })) {
        Ok(failure) => failure,
        Err(payload) => {
            let why = panic_text(&payload);
            // Find the first seed that panics on its own, for the report.
            let culprit = seeds.iter().find(|&&s| {
                let mut alone = build_app(conf, content);
                catch_unwind(AssertUnwindSafe(|| {
                    chunk_failure(&mut alone, spec, &[s], external)
                }))
                .is_err()
            });
            *app = build_app(conf, content);
            Some(format!(
                "{}: a fight panicked ({}; seed {culprit:?} panics alone; {} fights): {why}",
                spec.id,
                if external {
                    "random external player"
                } else {
                    "random AI"
                },
                seeds.len()
            ))
        }
    }
}

/// The message of a panic.
pub(crate) fn panic_text(payload: &Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_string()))
        .unwrap_or_else(|| "(no message)".into())
}

/// Check 3: [`Budget::random_fights`](super::Budget::random_fights) fights in all, spread over
/// the encounters, every side played by the random policy: no request is ever rejected, no
/// fight panics or stalls. One fight in
/// [`Budget::external_every`](super::Budget::external_every) is played by a random external
/// player, whose choices go through the request path (so the ruleset's legality check judges
/// each again); the others by the kit's AI controller, 64 fights to a World, on two threads.
pub fn random_policy_fights_never_reject_or_panic(conf: &Conformance) {
    let content = content(conf);
    let list = encounters(conf, &content);
    let per = conf.budget.random_fights.div_ceil(list.len() as u64).max(1);
    let mut jobs: Vec<(usize, Vec<u64>, bool)> = Vec::new();
    for (n, _) in list.iter().enumerate() {
        let every = conf.budget.external_every;
        let (external, ai): (Vec<u64>, Vec<u64>) =
            (0..per).partition(|i| every > 0 && i.is_multiple_of(every));
        let seed = |i: &u64| derive_seed(0x3A3D_0000 + n as u64, *i);
        for chunk in ai.chunks(64) {
            jobs.push((n, chunk.iter().map(seed).collect(), false));
        }
        for chunk in external.chunks(32) {
            jobs.push((n, chunk.iter().map(seed).collect(), true));
        }
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let mut failures = Vec::new();
                    let mut app = build_app(conf, &content);
                    loop {
                        let job = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some((n, seeds, external)) = jobs.get(job) else {
                            break;
                        };
                        failures.extend(play_chunk(
                            conf, &content, &mut app, &list[*n], seeds, *external,
                        ));
                    }
                    failures
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| {
                w.join()
                    .unwrap_or_else(|_| vec!["a worker panicked".into()])
            })
            .collect()
    });
    assert!(
        failures.is_empty(),
        "{} of {} chunks of random fights failed:\n{}",
        failures.len(),
        jobs.len(),
        failures.join("\n")
    );
}

/// Check 5: a `fray_sim` batch of every encounter gives the same JSON (timing aside) on one
/// and two threads and with chunks of 1, 7, 64 and 1000 runs, with the file's controllers and
/// with the random policy on every side. `install` adds the core, the AI and the ruleset to an
/// app ([`install_for_sim`](super::install_for_sim) does; the suite's macro wraps it).
pub fn same_results_on_one_or_two_threads(conf: &Conformance, install: Install) {
    let content = content(conf);
    let engine = Engine::new(install, content.clone());
    for spec in encounters(conf, &content) {
        let random: Vec<(String, Controller)> = spec
            .sides
            .iter()
            .map(|s| (s.name.clone(), Controller::Ai("random".into())))
            .collect();
        for controllers in [Vec::new(), random] {
            let run = |threads, chunk| {
                let mut config = BatchConfig::new(spec.id.clone(), conf.budget.batch_runs, 2026);
                config.threads = threads;
                config.chunk = chunk;
                config.controllers = controllers.clone();
                run_batch(&engine, &config)
                    .unwrap_or_else(|e| panic!("{}: the batch does not run: {e}", spec.id))
                    .to_json_without_timing()
            };
            let one = run(1, 64);
            for (threads, chunk) in [(2, 7), (2, 1000), (1, 1), (2, 64)] {
                assert_eq!(
                    one,
                    run(threads, chunk),
                    "{} (controllers {controllers:?}): {threads} threads, chunks of {chunk} differ from 1 thread, chunks of 64",
                    spec.id
                );
            }
        }
    }
}
