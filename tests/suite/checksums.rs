//! Fight checksums (as pkmn's engine pins its battles): for every built-in encounter, every AI
//! policy on both sides and 16 fixed seeds, the number of actions, the final state of the
//! encounter's two random streams (the rules' dice and the controllers') and a hash of the
//! log, pinned in `checksums.txt`.
//!
//! A change that moves a checksum changes how fights play. Either it is a bug, or it is meant:
//! then its commit says why and updates the file, written anew by
//!
//! ```sh
//! FRAY_BLESS_CHECKSUMS=1 cargo test --profile ci --test suite checksums
//! ```
//!
//! Each encounter's 16 fights are played as a batch plays them - one world, reset in place from
//! run to run - twice: logged (the log hash) and quiet (a batch's path), and the two must agree
//! on everything but the log.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use bevy_ecs::prelude::*;
use fray::prelude::*;
use fray::sim::engine::Engine;

/// The policies whose fights are pinned.
const POLICIES: &[&str] = &["random", "aggressive", "tactical"];
/// The seeds of each encounter and policy.
const SEEDS: u64 = 16;
/// Set to write `checksums.txt` anew instead of comparing.
const BLESS: &str = "FRAY_BLESS_CHECKSUMS";

fn engine() -> Engine {
    fray::headless_engine(
        fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap(),
    )
}

fn pinned_path() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/suite/checksums.txt"
    ))
}

/// 64-bit FNV-1a: a hash that is the same on every platform and Rust release.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// What one fight left behind.
#[derive(Debug, PartialEq)]
struct Played {
    actions: u32,
    rounds: u32,
    /// The rules' dice and the controllers' stream, as saved.
    rng: u64,
    /// The log as JSON lines (`0` when the fight was played quiet).
    log: u64,
}

/// The fights of `encounter` with `policy` on every side, seeds `0..SEEDS`, in one world.
fn play(engine: &Engine, encounter: &str, policy: &str, logged: bool) -> Vec<Played> {
    let spec = engine
        .content
        .encounter(encounter)
        .unwrap_or_else(|| panic!("{encounter} is not in the content"));
    let settings = |seed: u64| {
        let mut s = if logged {
            EncounterSettings::logged(seed)
        } else {
            EncounterSettings::quiet(seed)
        };
        for side in &spec.sides {
            s = s.with_controller(side.name.clone(), Controller::Ai(policy.into()));
        }
        s
    };
    let mut app = engine.app();
    let world = app.world_mut();
    let mut fight: Option<Entity> = None;
    (0..SEEDS)
        .map(|seed| {
            let e = match fight {
                None => world.spawn_encounter(encounter, &settings(seed)).unwrap(),
                Some(e) => {
                    world.reset_encounter(e, &settings(seed)).unwrap();
                    e
                }
            };
            fight = Some(e);
            run_until_blocked(world, fray::core::drive::MAX_TICKS_PER_RUN);
            let state = world.get::<Encounter>(e).unwrap();
            assert!(
                state.is_over(),
                "{encounter} {policy} seed {seed} did not end"
            );
            let rng = serde_json::to_string(&(
                world.get::<EncounterRng>(e).unwrap(),
                world.get::<fray::core::rng::DecisionRng>(e).unwrap(),
            ))
            .unwrap();
            Played {
                actions: state.actions(),
                rounds: state.round(),
                rng: fnv1a(rng.as_bytes()),
                log: if logged {
                    fnv1a(
                        world
                            .get::<CombatLog>(e)
                            .unwrap()
                            .to_json_lines()
                            .as_bytes(),
                    )
                } else {
                    0
                },
            }
        })
        .collect()
}

/// Every pinned line: `encounter policy seed actions rounds rng-hash log-hash`.
fn checksums() -> BTreeMap<String, String> {
    let engine = engine();
    let mut lines = BTreeMap::new();
    let encounters: Vec<String> = engine.content.encounters().map(|e| e.id.clone()).collect();
    for encounter in &encounters {
        for policy in POLICIES {
            let logged = play(&engine, encounter, policy, true);
            let quiet = play(&engine, encounter, policy, false);
            for (seed, (l, q)) in logged.iter().zip(&quiet).enumerate() {
                assert_eq!(
                    (l.actions, l.rounds, l.rng),
                    (q.actions, q.rounds, q.rng),
                    "{encounter} {policy} seed {seed}: the log changed the fight"
                );
                lines.insert(
                    format!("{encounter} {policy} {seed:>2}"),
                    format!(
                        "{:>5} {:>3} {:016x} {:016x}",
                        l.actions, l.rounds, l.rng, l.log
                    ),
                );
            }
        }
    }
    lines
}

fn render(lines: &BTreeMap<String, String>) -> String {
    let mut out = String::from(
        "# Fight checksums: encounter policy seed | actions rounds rng-hash log-hash\n\
         # Written by FRAY_BLESS_CHECKSUMS=1 cargo test --profile ci --test suite checksums\n",
    );
    for (k, v) in lines {
        let _ = writeln!(out, "{k} | {v}");
    }
    out
}

fn parse(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once(" | "))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

#[test]
fn core01_fight_checksums_are_unchanged() {
    let now = checksums();
    let path = pinned_path();
    if std::env::var_os(BLESS).is_some() {
        std::fs::write(&path, render(&now)).unwrap();
        return;
    }
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; write it with {BLESS}=1", path.display()));
    let pinned = parse(&text);
    let mut diff = String::new();
    for (k, v) in &now {
        match pinned.get(k) {
            Some(p) if p == v => {}
            Some(p) => {
                let _ = writeln!(diff, "{k}: pinned {p}, now {v}");
            }
            None => {
                let _ = writeln!(diff, "{k}: not pinned, now {v}");
            }
        }
    }
    for k in pinned.keys().filter(|k| !now.contains_key(*k)) {
        let _ = writeln!(diff, "{k}: pinned, no longer played");
    }
    let moved = diff.lines().count();
    assert!(
        diff.is_empty(),
        "{moved} of {} fight checksums moved (a behaviour change: if it is meant, say why in \
         the commit and run {BLESS}=1 cargo test --profile ci --test suite checksums):\n{diff}",
        now.len()
    );
}
