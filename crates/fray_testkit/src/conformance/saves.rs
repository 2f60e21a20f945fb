//! Checks 4 and 4b: a fight saved at any step and loaded into a fresh app goes on exactly as
//! the original.

use std::sync::Arc;

use bevy_app::App;
use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_content::encounter::EncounterSpec;
use fray_core::client::Decision as ClientDecision;
use fray_core::prelude::*;
use fray_core::rng::derive_seed;

use super::Conformance;
use super::player::Player;
use super::world::{
    CopyMap, ai_settings, app, content, encounters, external_settings, first_difference, is_over,
    json_log, save, save_difference, snapshot_lines, spawn, take_rejections,
};

/// What a loaded copy is compared on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Compare {
    /// Played on to the end: the log, bit for bit (check 4).
    LogAtTheEnd,
    /// Stepped once beside the original: every saved component, bit for bit (check 4b).
    StateAfterOneStep,
}

/// The most steps (ticks, or decisions) a fight of these checks may take.
const MAX_STEPS: usize = 20_000;

/// Loads `saved` into a fresh app (after a few unrelated entities, so entity ids differ from
/// the original's).
fn load_fresh(
    conf: &Conformance,
    content: &Arc<ContentDb>,
    saved: &str,
    what: &str,
) -> (App, Entity) {
    let mut copy = app(conf, content);
    for _ in 0..7 {
        copy.world_mut().spawn_empty();
    }
    let e = load_encounter(copy.world_mut(), saved)
        .unwrap_or_else(|err| panic!("{what}: the save does not load: {err}"));
    (copy, e)
}

/// Panics when `actual` differs from `expected`, showing the first difference.
fn assert_same(expected: &str, actual: &str, what: &str) {
    if expected != actual {
        panic!("{what}: {}", first_difference(expected, actual));
    }
}

/// Panics when the saved state `actual` differs from `expected`, naming whose it is. (The
/// saves' own entity ids, which differ between a fight and its loaded copy, are not state.)
fn assert_same_state(expected: &str, actual: &str, what: &str) {
    let (expected, actual) = (snapshot_lines(expected), snapshot_lines(actual));
    if expected != actual {
        panic!("{what}: {}", save_difference(&expected, &actual));
    }
}

/// The AI policies of fight `n`, side by side.
fn policies_of(conf: &Conformance, spec: &EncounterSpec, n: usize) -> Vec<&'static str> {
    let p = conf.policies.len().max(1);
    (0..spec.sides.len())
        .map(|i| {
            conf.policies
                .get((n + i) % p)
                .copied()
                .unwrap_or("tactical")
        })
        .collect()
}

/// An AI fight, saved before every tick; each save loaded into a fresh app and compared.
fn ai_fight(
    conf: &Conformance,
    content: &Arc<ContentDb>,
    spec: &EncounterSpec,
    n: usize,
    compare: Compare,
) {
    let policies = policies_of(conf, spec, n);
    let seed = derive_seed(0x5A7E, n as u64);
    let settings = ai_settings(spec, seed, true, &policies);
    let what = format!("{} seed {seed} (AI {policies:?})", spec.id);
    let mut reference = app(conf, content);
    let e = spawn(reference.world_mut(), &spec.id, &settings);
    run_until_blocked(reference.world_mut(), 1_000_000);
    assert!(
        is_over(reference.world(), e),
        "{what}: the fight does not end"
    );
    let expected = json_log(reference.world(), e);

    let mut stepping = app(conf, content);
    let e = spawn(stepping.world_mut(), &spec.id, &settings);
    for step in 0..MAX_STEPS {
        if is_over(stepping.world(), e) {
            let log = json_log(stepping.world(), e);
            assert_same(
                &expected,
                &log,
                &format!("{what}, stepped tick by tick: the log differs"),
            );
            return;
        }
        let saved = save(stepping.world(), e);
        let at = format!("{what}, saved before tick {step}");
        let (mut copy, c) = load_fresh(conf, content, &saved, &at);
        match compare {
            Compare::LogAtTheEnd => {
                run_until_blocked(copy.world_mut(), 1_000_000);
                assert!(
                    is_over(copy.world(), c),
                    "{at}: the loaded fight does not end"
                );
                let log = json_log(copy.world(), c);
                assert_same(
                    &expected,
                    &log,
                    &format!("{at}, played to the end: the log differs from the original's"),
                );
                tick(stepping.world_mut());
            }
            Compare::StateAfterOneStep => {
                tick(copy.world_mut());
                tick(stepping.world_mut());
                assert_same_state(
                    &save(stepping.world(), e),
                    &save(copy.world(), c),
                    &format!("{at}, one tick later: the saved state differs from the original's"),
                );
            }
        }
    }
    panic!("{what}: not over after {MAX_STEPS} ticks");
}

/// `decision` of the original, as the copy should show it.
fn mapped(decision: &ClientDecision, map: &CopyMap, encounter: Entity) -> ClientDecision {
    let mut d = decision.clone();
    d.encounter = encounter;
    d.actor = map.entity(d.actor);
    for o in &mut d.options {
        o.intent = map.intent(o.intent);
    }
    if let Some(a) = &mut d.answers {
        a.provoker = map.entity(a.provoker);
        a.intent = a.intent.map(|i| map.intent(i));
    }
    d
}

/// Runs until blocked; panics on a rejection of the player's choice.
fn settle(world: &mut World, what: &str) {
    run_until_blocked(world, 1_000_000);
    if let Some(r) = take_rejections(world).first() {
        panic!(
            "{what}: the player's {:?} was rejected: {}",
            r.intent, r.reason
        );
    }
}

/// Plays a fight of external players to its end.
fn play_out(world: &mut World, e: Entity, player: &mut Player, what: &str) {
    for _ in 0..MAX_STEPS {
        settle(world, what);
        if is_over(world, e) {
            return;
        }
        assert!(
            player.answer(world, e) > 0,
            "{what}: the fight waits, but on no decision a client is shown"
        );
    }
    panic!("{what}: not over after {MAX_STEPS} decisions");
}

/// A fight of external players (the AI policies, as clients), saved at every decision point;
/// each save loaded shows the same decisions, and is compared with the same choices made.
fn external_fight(
    conf: &Conformance,
    content: &Arc<ContentDb>,
    spec: &EncounterSpec,
    n: usize,
    compare: Compare,
) {
    let seed = derive_seed(0x5A7F, n as u64);
    let policies = policies_of(conf, spec, n + 1);
    let settings = external_settings(spec, seed);
    let what = format!("{} seed {seed} (external players {policies:?})", spec.id);
    let mut reference = app(conf, content);
    let e = spawn(reference.world_mut(), &spec.id, &settings);
    play_out(
        reference.world_mut(),
        e,
        &mut Player::new(seed, &policies),
        &what,
    );
    let expected = json_log(reference.world(), e);

    let mut stepping = app(conf, content);
    let e = spawn(stepping.world_mut(), &spec.id, &settings);
    let mut player = Player::new(seed, &policies);
    for point in 0..MAX_STEPS {
        settle(stepping.world_mut(), &what);
        if is_over(stepping.world(), e) {
            let log = json_log(stepping.world(), e);
            assert_same(
                &expected,
                &log,
                &format!("{what}, stepped: the log differs"),
            );
            return;
        }
        let at = format!("{what}, saved at decision point {point}");
        let saved = save(stepping.world(), e);
        let (mut copy, c) = load_fresh(conf, content, &saved, &at);
        settle(copy.world_mut(), &at);
        let map = CopyMap::between(stepping.world(), e, copy.world(), c);
        let shown: Vec<ClientDecision> = decisions(stepping.world(), e)
            .iter()
            .map(|d| mapped(d, &map, c))
            .collect();
        let loaded = decisions(copy.world(), c);
        assert_eq!(
            shown, loaded,
            "{at}: the loaded fight offers other decisions than the original"
        );
        let mut twin = player.clone();
        match compare {
            Compare::LogAtTheEnd => {
                play_out(copy.world_mut(), c, &mut twin, &at);
                let log = json_log(copy.world(), c);
                assert_same(
                    &expected,
                    &log,
                    &format!("{at}, played to the end: the log differs from the original's"),
                );
                player.answer(stepping.world_mut(), e);
            }
            Compare::StateAfterOneStep => {
                twin.answer(copy.world_mut(), c);
                player.answer(stepping.world_mut(), e);
                settle(copy.world_mut(), &at);
                settle(stepping.world_mut(), &what);
                assert_same_state(
                    &save(stepping.world(), e),
                    &save(copy.world(), c),
                    &format!("{at}, one answer later: the saved state differs from the original's"),
                );
            }
        }
    }
    panic!("{what}: not over after {MAX_STEPS} decisions");
}

/// Check 4: for the first [`Budget::save_fights`](super::Budget::save_fights) encounters, an
/// AI fight saved before every tick, and a fight of external players (the AI policies, through
/// the client's interface) saved at every decision point: each save, loaded into a fresh app
/// (with other entity ids), shows the same decisions as the original and, played on to the end
/// with the same choices, writes the same log (JSON lines), bit for bit.
pub fn save_load_at_every_step_continues_identically(conf: &Conformance) {
    every_save(conf, Compare::LogAtTheEnd);
}

/// Check 4b: the same fights and saves as check 4, but each loaded copy is stepped once beside
/// the original (one tick; or, at a decision point, the same answer and on until the next
/// one) and every saved component of the encounter, its log included, must be the same, bit
/// for bit. Stricter than check 4: it also sees differences that never reach the log, and
/// names the step where they start.
pub fn save_load_at_every_step_keeps_every_component(conf: &Conformance) {
    every_save(conf, Compare::StateAfterOneStep);
}

/// Runs both fights of every encounter in the budget; reports every fight that fails (each
/// at its first difference), not only the first.
fn every_save(conf: &Conformance, compare: Compare) {
    let content = content(conf);
    let mut failures = Vec::new();
    for (n, spec) in encounters(conf, &content)
        .iter()
        .take(conf.budget.save_fights)
        .enumerate()
    {
        for fight in [ai_fight, external_fight] {
            let run = || fight(conf, &content, spec, n, compare);
            if let Err(payload) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
                failures.push(super::basic::panic_text(&payload));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} fights went otherwise after a save and a load:\n- {}",
        failures.len(),
        failures.join("\n- ")
    );
}
