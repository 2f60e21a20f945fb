//! Side scales and `fray tune`, on a fight whose odds are known exactly.
//!
//! In the `simultaneous` toy every side acts at once each round and the struck-down still act
//! in the step that fells them. A champion who always hits and fells one imp a round, against
//! `n` imps of 1 hit point who each hit it on 11+ (one chance in two) for 1 damage, so takes
//! `n + (n - 1) + ... + 1 = n(n+1)/2` imp attacks before the last imp falls. It wins when fewer
//! of them hit than its hit points: the chance is a binomial sum, computed here exactly, and the
//! tuner must find the count (or the HP scale) whose chance is closest to a target.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use bevy_app::App;
use fray_content::prelude::*;
use fray_core::prelude::*;
use fray_sim::batch::BatchConfig;
use fray_sim::engine::Engine;
use fray_sim::shard::Shard;
use fray_sim::tune::{Knob, TuneConfig, Tuned, merge_tune, sweep, tune};
use fray_testkit::harness::{Bench, Fight};
use fray_testkit::toys::simultaneous::{self, SimultaneousRules};
use fray_testkit::toys::words::MELEE;

/// The champion's hit points.
const CHAMPION_HP: i32 = 20;

/// The champion and its imps.
const BLOCKS: &str = r#"[
    (id: "champion", name: "Champion", hp: 20, attack: 30, damage: 1, defense: 11),
    (id: "imp", name: "Imp", hp: 1, attack: 0, damage: 1, defense: 10),
]"#;

/// The champion against `imps` imps; the champion's side scaled by `scale` (RON).
fn encounter(imps: u16, scale: &str) -> String {
    format!(
        r#"Encounter(id: "imps", name: "Imps", ruleset: "simultaneous", map: Named("single"),
    sides: [
        (name: "Champion", controller: Ai("aggressive"), {scale}
         combatants: [(statblock: "champion", region: "field")]),
        (name: "Imps", controller: Ai("aggressive"),
         combatants: [(statblock: "imp", count: {imps}, region: "field")]),
    ])"#
    )
}

/// Adds the core, the AI and the toy.
fn install(app: &mut App) {
    app.add_plugins((
        FrayCorePlugin {
            run: FrayRunMode::Manual,
            step: StepMode::UntilBlocked,
            ..Default::default()
        },
        fray_ai::FrayAiPlugin,
    ));
    fray_testkit::toys::install::<SimultaneousRules>(app);
}

/// A batch engine whose content holds the toy's blocks and [`encounter`].
fn engine(imps: u16) -> Engine {
    let loader = fray_testkit::toys::loader::<SimultaneousRules>();
    let mut db = ContentDb::default();
    for (path, text) in [
        ("t/simultaneous/blocks.ron", BLOCKS.to_string()),
        ("t/simultaneous/encounters/imps.ron", encounter(imps, "")),
    ] {
        loader
            .add_source(&mut db, SourceFile::new(path, text))
            .unwrap();
    }
    assert!(loader.validate(&mut db).is_empty());
    Engine::new(install, Arc::new(db))
}

/// `P(X <= k)` for `X ~ Binomial(n, 1/2)`.
fn at_most(k: i64, n: u64) -> f64 {
    let mut term = 0.5f64.powi(i32::try_from(n).unwrap()); // C(n, 0) / 2^n
    let mut sum = 0.0;
    for i in 0..=n {
        if i64::try_from(i).unwrap() > k {
            break;
        }
        sum += term;
        term *= (n - i) as f64 / (i + 1) as f64;
    }
    sum
}

/// The champion's exact chance to win against `imps` imps with `hp` hit points.
fn exact(imps: u16, hp: i32) -> f64 {
    let attacks = u64::from(imps) * (u64::from(imps) + 1) / 2;
    at_most(i64::from(hp) - 1, attacks)
}

fn config(target: f64, knob: Knob, (min, max): (u16, u16)) -> TuneConfig {
    TuneConfig {
        batch: BatchConfig {
            threads: 1,
            ..BatchConfig::new("imps", 0, 5)
        },
        side: "Champion".into(),
        target,
        knob,
        min,
        max,
        step: 250,
        budget: 2000,
        tolerance: 0.03,
    }
}

/// Every sampled point's rate lies within five standard errors of the exact chance.
fn near_truth(tuned: &Tuned, truth: impl Fn(u16) -> f64) {
    for p in &tuned.curve {
        let t = truth(p.value);
        let se = (t * (1.0 - t) / p.runs as f64).sqrt().max(1e-3);
        assert!(
            (p.win_rate - t).abs() <= 5.0 * se,
            "at {}: sampled {:.3}, exact {t:.3}\n{}",
            p.value,
            p.win_rate,
            tuned.table()
        );
    }
}

#[test]
fn tune_finds_the_count_whose_exact_win_chance_is_closest_to_the_target() {
    let truth = |n: u16| exact(n, CHAMPION_HP);
    // 7 imps: 0.98, 8: 0.69, 9: 0.19, 10: 0.015.
    for (target, answer) in [(0.7, 8), (0.2, 9), (0.95, 7)] {
        let closest = (1..=12u16)
            .min_by(|&a, &b| {
                (truth(a) - target)
                    .abs()
                    .total_cmp(&(truth(b) - target).abs())
            })
            .unwrap();
        assert_eq!(closest, answer, "the exact answer for {target}");
        let mut engine = engine(3);
        let tuned = tune(
            &mut engine,
            &config(target, Knob::Count("imp".into()), (1, 12)),
            &|_| {},
            &AtomicBool::new(false),
        )
        .unwrap();
        assert_eq!(tuned.best, answer, "{target}\n{}", tuned.table());
        assert!(tuned.reversals.is_empty(), "{}", tuned.table());
        near_truth(&tuned, truth);
    }
}

#[test]
fn tune_finds_the_hp_scale_whose_exact_win_chance_is_closest_to_the_target() {
    // Against 9 imps (45 attacks), the champion's hit points decide: 20 give 0.19, 24 give
    // 0.62 and 25 give 0.73. A scale of s% gives round(20 s / 100) hit points.
    let hp = |percent: u16| {
        SideScale {
            hp: percent,
            ..SideScale::default()
        }
        .hp_of(CHAMPION_HP)
    };
    let truth = |percent: u16| exact(9, hp(percent));
    let target = 0.7;
    let mut engine = engine(9);
    let tuned = tune(
        &mut engine,
        &config(target, Knob::Hp("Champion".into()), (50, 200)),
        &|_| {},
        &AtomicBool::new(false),
    )
    .unwrap();
    // Every scale that rounds to the best number of hit points is as close as another.
    let best_hp = (10..=40)
        .min_by(|&a, &b| {
            (exact(9, a) - target)
                .abs()
                .total_cmp(&(exact(9, b) - target).abs())
        })
        .unwrap();
    assert_eq!(best_hp, 25);
    assert_eq!(hp(tuned.best), best_hp, "{}", tuned.table());
    near_truth(&tuned, truth);
}

#[test]
fn a_side_scale_multiplies_its_hit_points_and_the_damage_it_deals() {
    let text = encounter(1, "scale: (hp: 150, damage: 250),")
        .replace("\"aggressive\"", "\"tactical\"")
        .replace("id: \"imps\"", "id: \"t\"");
    let bench = Bench {
        blocks: BLOCKS,
        ..simultaneous::bench()
    };
    let mut fight: Fight =
        bench.fight_from(&text.replace("Ai(\"tactical\")", "External(1)"), &[20, 20]);
    // 20 hit points at 150%; the imp's are its own.
    assert_eq!(fight.hp("Champion").max, 30);
    assert_eq!(fight.hp("Champion").current, 30);
    assert_eq!(fight.hp("Imp").max, 1);
    let blow = |fight: &Fight, target: &str| Intent::Attack {
        target: fight.who(target),
        attack: MELEE,
        maneuver: Maneuver::STANDARD,
    };
    // The champion's 1 damage at 250% deals 3 (2.5 rounds up); the imp's stays 1.
    let preview = fight
        .offers("Champion")
        .into_iter()
        .find(|o| o.intent == blow(&fight, "Imp"))
        .map(|o| o.preview)
        .unwrap();
    assert_eq!(preview.damage_range, [3, 3]);
    fight.ok("Champion", blow(&fight, "Imp"));
    assert_eq!(fight.hp("Imp").current, -2);
    fight.ok("Imp", blow(&fight, "Champion"));
    assert_eq!(fight.hp("Champion").current, 29);
}

#[test]
fn a_scale_out_of_range_is_refused_where_it_is_written() {
    let loader = fray_testkit::toys::loader::<SimultaneousRules>();
    let mut db = ContentDb::default();
    loader
        .add_source(
            &mut db,
            SourceFile::new("t/simultaneous/blocks.ron", BLOCKS),
        )
        .unwrap();
    loader
        .add_source(
            &mut db,
            SourceFile::new(
                "t/simultaneous/encounters/imps.ron",
                encounter(2, "scale: (damage: 0),"),
            ),
        )
        .unwrap();
    let problems = loader.validate(&mut db);
    assert_eq!(problems.len(), 1, "{problems:?}");
    let p = &problems[0];
    // At the side's `scale:`, on its third line.
    let column = encounter(2, "scale: (damage: 0),")
        .lines()
        .nth(2)
        .and_then(|l| l.find("scale:"))
        .unwrap();
    assert_eq!((p.line, p.column), (3, column + 1), "{p:?}");
    assert!(
        p.message.contains("a damage scale of 0% is out of range"),
        "{p:?}"
    );
}

#[test]
fn a_sweep_in_shards_merges_into_the_whole_sweep_and_finds_the_exact_answer() {
    let truth = |n: u16| exact(n, CHAMPION_HP);
    let played = |shard: Shard| {
        let mut c = config(0.7, Knob::Count("imp".into()), (5, 11));
        c.batch.shard = shard;
        c.budget = 600;
        let part = sweep(&mut engine(3), &c, 2, &|_| {}, &AtomicBool::new(false)).unwrap();
        (format!("{shard}"), part)
    };
    let whole = merge_tune(&[played(Shard::WHOLE)]).unwrap();
    let thirds: Vec<_> = (0..3).map(|i| played(Shard::new(i, 3).unwrap())).collect();
    let merged = merge_tune(&thirds).unwrap();
    assert_eq!(merged, whole);
    // 5, 7, 9 and 11 imps; the closest to 0.7 among them is 7 (0.98, where 9 gives 0.19).
    let values: Vec<u16> = whole.curve.iter().map(|p| p.value).collect();
    assert_eq!(values, [5, 7, 9, 11]);
    assert!(whole.curve.iter().all(|p| p.runs == 600));
    assert_eq!(whole.best, 7, "{}", whole.table());
    near_truth(&whole, truth);
    // A part played with another knob is refused.
    let mut c = config(0.7, Knob::Hp("Champion".into()), (50, 150));
    c.batch.shard = Shard::new(1, 3).unwrap();
    let other = sweep(&mut engine(3), &c, 50, &|_| {}, &AtomicBool::new(false)).unwrap();
    let mut mixed = thirds.clone();
    mixed[1] = ("other".into(), other);
    let e = merge_tune(&mixed).unwrap_err().to_string();
    assert!(e.contains("its knob is hp:Champion"), "{e}");
}
