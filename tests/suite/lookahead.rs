//! The lookahead policy and the core's forward model: deterministic whatever the thread
//! count, the real encounter untouched by the copies played forward, bad `lookahead:N`
//! refused, and the tournament command.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use bevy_app::App;
use fray::core::kit::{AiControllers, AiDecision, Controllers, ForwardModel, Play};
use fray::core::save::{encounter_entities, snapshot_entities};
use fray::prelude::*;
use fray::sim::batch::run_batch_with_csv;

use crate::cli::{fray, fray_ok, text};

fn content() -> Arc<fray::content::db::ContentDb> {
    fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap()
}

/// The CSV rows of a batch with the heroes on `lookahead:12`, on `threads` threads.
fn rows(encounter: &str, threads: usize, chunk: usize) -> String {
    let engine = fray::headless_engine(content());
    let mut config = BatchConfig::new(encounter, 6, 77);
    config.threads = threads;
    config.chunk = chunk;
    config
        .controllers
        .push(("Heroes".into(), Controller::Ai("lookahead:12".into())));
    let mut csv: Vec<u8> = Vec::new();
    run_batch_with_csv(&engine, &config, &|_| {}, Some(&mut csv)).unwrap();
    String::from_utf8(csv).unwrap()
}

#[test]
fn lookahead_batches_are_the_same_on_one_and_two_threads() {
    for encounter in ["archmage-bridge", "oho-crossroads"] {
        let one = rows(encounter, 1, 64);
        assert_eq!(one, rows(encounter, 2, 1), "{encounter}");
        assert_eq!(one, rows(encounter, 2, 64), "{encounter}");
    }
}

/// A policy that looks ahead, plays every decision forward, then takes the tactical choice
/// whatever the rollouts said: a fight with it must be the tactical fight exactly.
struct Peek {
    inner: fray::ai::BuiltinPolicies,
    rollouts: AtomicUsize,
}

/// `peek`'s id.
const PEEK: u32 = 7_777;

impl Peek {
    fn tactical(&self) -> u32 {
        self.inner.policy("tactical").unwrap()
    }
}

impl Controllers for Peek {
    fn policy(&self, name: &str) -> Option<u32> {
        if name == "peek" {
            Some(PEEK)
        } else {
            self.inner.policy(name)
        }
    }

    fn choose(&self, policy: u32, decision: &mut dyn AiDecision) -> Option<usize> {
        if policy == PEEK {
            let plays: Vec<Play> = (0..decision.options().len())
                .flat_map(|choice| (0..3).map(move |rollout| Play { choice, rollout }))
                .collect();
            if let Some(played) = decision.play_forward(&plays, 2) {
                assert_eq!(played.len(), plays.len());
                self.rollouts.fetch_add(played.len(), Ordering::Relaxed);
            }
            return self.inner.choose(self.tactical(), decision);
        }
        self.inner.choose(policy, decision)
    }

    fn passes_over(&self, policy: u32, kind: IntentKind) -> bool {
        let policy = if policy == PEEK {
            self.tactical()
        } else {
            policy
        };
        self.inner.passes_over(policy, kind)
    }

    fn looks_ahead(&self, policy: u32) -> bool {
        policy == PEEK
    }

    fn in_rollout(&self, policy: u32) -> u32 {
        if policy == PEEK {
            self.tactical()
        } else {
            policy
        }
    }
}

/// An encounter's saved components, entity by entity (its state, random streams and log).
type Saved = Vec<std::collections::BTreeMap<String, String>>;

/// Plays `encounter` to its end with `policy` on every side, with or without a forward model,
/// and returns its saved components and the rollouts played.
fn fight(encounter: &str, seed: u64, policy: &str, forward: bool) -> (Saved, usize) {
    let mut app = App::new();
    fray::install_headless(&mut app);
    app.insert_resource(Content(content()));
    let peek = Arc::new(Peek {
        inner: fray::ai::BuiltinPolicies,
        rollouts: AtomicUsize::new(0),
    });
    app.insert_resource(AiControllers(peek.clone()));
    if forward {
        app.insert_resource(ForwardModel::new(fray::install_headless));
    }
    app.finish();
    let world = app.world_mut();
    let spec = world
        .resource::<Content>()
        .0
        .encounter(encounter)
        .unwrap()
        .clone();
    let mut settings = EncounterSettings::logged(seed);
    for side in &spec.sides {
        settings = settings.with_controller(side.name.clone(), Controller::Ai(policy.into()));
    }
    let e = world.spawn_encounter(encounter, &settings).unwrap();
    run_until_blocked(world, 100_000);
    assert!(world.get::<Encounter>(e).unwrap().is_over());
    let saved = snapshot_entities(world, &encounter_entities(world, e)).unwrap();
    (
        saved.entities.into_iter().map(|e| e.components).collect(),
        peek.rollouts.load(Ordering::Relaxed),
    )
}

/// Asserts that two fights saved the same components, naming the first that differs.
fn same(a: &Saved, b: &Saved, what: &str) {
    assert_eq!(a.len(), b.len(), "{what}: entities");
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        for (name, text) in x {
            assert_eq!(Some(text), y.get(name), "{what}: entity {i}, {name}");
        }
        assert_eq!(x.len(), y.len(), "{what}: entity {i}'s components");
    }
}

#[test]
fn playing_forward_never_changes_the_real_encounter() {
    for (encounter, seed) in [
        ("archmage-bridge", 5),
        ("bx-goblin-cave", 9),
        ("l5-barrow", 3),
    ] {
        let (looked, rollouts) = fight(encounter, seed, "peek", true);
        assert!(rollouts > 0, "{encounter}: nothing was played forward");
        let (blind, none) = fight(encounter, seed, "peek", false);
        assert_eq!(
            none, 0,
            "{encounter}: played forward without a forward model"
        );
        // The same state, random streams and log as the fight that never looked ahead...
        same(&looked, &blind, encounter);
        // ...which is the tactical fight (but for the controllers' names).
        let (tactical, _) = fight(encounter, seed, "tactical", true);
        let renamed: Saved = looked
            .iter()
            .map(|e| {
                e.iter()
                    .map(|(k, v)| (k.clone(), v.replace("peek", "tactical")))
                    .collect()
            })
            .collect();
        same(&renamed, &tactical, encounter);
    }
}

#[test]
fn bad_lookahead_budgets_are_refused_with_a_clear_error() {
    for bad in ["lookahead:0", "lookahead:10001", "lookahead:x", "lookahead"] {
        let run = fray(&["run", "archmage-bridge", "--ai", &format!("Heroes={bad}")]);
        assert_eq!(run.status.code(), Some(2), "{bad}");
        let err = text(&run.stderr);
        assert!(err.contains(bad), "{bad}: {err}");
        assert!(err.contains("lookahead:N"), "{bad}: {err}");
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.ron");
    let good = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/content/archmage/encounters/bridge-skirmish.ron"
    ))
    .unwrap();
    let (before, after) = good.split_once("Ai(\"").unwrap();
    let (_, rest) = after.split_once('"').unwrap();
    std::fs::write(&file, format!("{before}Ai(\"lookahead:0\"{rest}")).unwrap();
    let check = fray(&["run", file.to_str().unwrap()]);
    assert_ne!(check.status.code(), Some(0));
    assert!(
        text(&check.stderr).contains("write lookahead:N with N"),
        "{}",
        text(&check.stderr)
    );
    std::fs::write(&file, format!("{before}Ai(\"lookahead:30\"{rest}")).unwrap();
    let fine = fray(&["run", file.to_str().unwrap()]);
    assert!(fine.status.success(), "{}", text(&fine.stderr));
}

#[test]
fn tournament_tables_policies_on_the_same_seeds() {
    let out = fray_ok(&[
        "tournament",
        "archmage-bridge",
        "oho-crossroads",
        "--ai",
        "tactical,aggressive",
        "--runs",
        "40",
        "--seed",
        "1",
        "--format",
        "json",
        "--quiet",
    ]);
    let json: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    let entries = json["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 4);
    assert!(entries[0]["against_first"].is_null());
    assert!(entries[1]["against_first"]["p_value"].is_number());
    // The first policy's batch is the plain batch of the same seed.
    let batch = fray(&[
        "batch",
        "archmage-bridge",
        "--runs",
        "40",
        "--seed",
        "1",
        "--ai",
        "Heroes=tactical",
        "--json",
        "-",
        "--quiet",
    ]);
    let report: serde_json::Value = serde_json::from_str(
        text(&batch.stdout)
            .lines()
            .skip_while(|l| !l.starts_with('{'))
            .collect::<Vec<_>>()
            .join("\n")
            .as_str(),
    )
    .unwrap();
    assert_eq!(entries[0]["wins"], report["sides"][0]["wins"]);
    let table = fray(&[
        "tournament",
        "archmage-bridge",
        "--ai",
        "tactical,random",
        "--runs",
        "20",
    ]);
    assert!(
        text(&table.stdout).contains("tactical"),
        "{}",
        text(&table.stdout)
    );
    assert!(
        text(&table.stdout).contains(" p="),
        "{}",
        text(&table.stdout)
    );
    let side = fray(&[
        "tournament",
        "archmage-bridge",
        "--ai",
        "tactical",
        "--side",
        "Nobody",
    ]);
    assert_eq!(side.status.code(), Some(2));
}
