//! Properties every fight keeps, over random fights of every ruleset (issue 36 item 5): any
//! built-in encounter, any seed, any pair of AI policies. Played tick by tick in the `ci`
//! profile, where the core's debug invariants run after every tick (hit points within bounds,
//! engagements and actors pointing at live combatants); besides those:
//!
//! - every roll in the log adds up: each dice term's total is its kept dice (or its count of
//!   successes), and the roll's total is what its breakdown makes;
//! - no effect ends more often than it began, on anyone (a duration never runs out twice);
//! - the engagement graph agrees with itself: whoever `A` engages knows `A` engages it (a
//!   ruleset's engagement may be one-way, as OHO's threats are, but never half-recorded);
//! - a fight saved at a random tick and loaded into a fresh app plays on to the same log.

use std::collections::BTreeMap;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray::core::drive::tick;
use fray::core::log::{CombatLog, LogEvent};
use fray::core::save::{load_encounter, save_encounter};
use fray::dice::roll::RollNode;
use fray::prelude::*;
use proptest::prelude::*;

/// The most ticks a fight here may take (a fight of the built-in content takes a few hundred).
const MAX_TICKS: usize = 20_000;

/// The AI policies a side may play.
const POLICIES: [&str; 3] = ["random", "aggressive", "tactical"];

fn content() -> std::sync::Arc<fray::content::db::ContentDb> {
    fray::content::builtin().expect("the built-in content loads")
}

fn app(content: &std::sync::Arc<fray::content::db::ContentDb>) -> App {
    let mut app = App::new();
    fray::install_headless(&mut app);
    app.insert_resource(Content(content.clone()));
    app.finish();
    app.cleanup();
    app
}

/// Whether a roll's breakdown adds up to its totals, term by term.
fn adds_up(node: &RollNode) -> bool {
    match node {
        RollNode::Dice { dice, total } => {
            let kept = dice.iter().filter(|d| d.kept);
            let made: i64 = if dice.iter().any(|d| d.success.is_some()) {
                kept.filter(|d| d.success == Some(true)).count() as i64
            } else {
                kept.map(|d| d.value).sum()
            };
            made == *total
        }
        RollNode::Neg(n) | RollNode::Group(n) => adds_up(n),
        RollNode::Bin { left, right, .. } => adds_up(left) && adds_up(right),
        RollNode::Call { args, .. } => args.iter().all(adds_up),
        RollNode::Const(_) | RollNode::Modifier { .. } => true,
    }
}

/// Checks the log's rolls and effects; returns what is wrong, if anything.
fn log_problems(log: &CombatLog) -> Vec<String> {
    let mut problems = Vec::new();
    let mut running: BTreeMap<(u16, String), i64> = BTreeMap::new();
    for entry in log.entries() {
        let rolls: Vec<&fray::dice::Roll> = match &entry.event {
            LogEvent::Roll { roll, .. } | LogEvent::Attack { roll, .. } => vec![roll],
            LogEvent::Initiative {
                roll: Some(roll), ..
            } => vec![roll],
            _ => Vec::new(),
        };
        for roll in rolls {
            if !adds_up(roll.parts()) || roll.parts().total() != roll.total() {
                problems.push(format!("a roll that does not add up: {roll}"));
            }
        }
        // An effect's name is its text up to its duration in parentheses.
        let name = |effect: &str| effect.split(" (").next().unwrap_or(effect).to_string();
        match &entry.event {
            LogEvent::EffectApplied { target, effect } => {
                *running.entry((target.0, name(effect))).or_default() += 1;
            }
            LogEvent::EffectEnded { target, effect } => {
                let n = running.entry((target.0, name(effect))).or_default();
                *n -= 1;
                if *n < 0 {
                    problems.push(format!(
                        "round {}: `{effect}` ended on combatant {} more often than it began",
                        entry.round, target.0
                    ));
                }
            }
            _ => {}
        }
    }
    problems
}

/// Whether the engagement graph of the encounter's combatants agrees with itself: whoever
/// `A` engages counts `A` among those engaging it, and the other way round.
fn engagement_problems(world: &mut World, encounter: Entity) -> Vec<String> {
    let mut query = world.query::<(Entity, &InEncounter, &Engagement)>();
    let edges: BTreeMap<Entity, (Vec<Entity>, Vec<Entity>)> = query
        .iter(world)
        .filter(|(_, of, _)| of.0 == encounter)
        .map(|(e, _, g)| (e, (g.engaging().to_vec(), g.engaged_by().to_vec())))
        .collect();
    let mut problems = Vec::new();
    for (who, (engaging, engaged_by)) in &edges {
        for other in engaging {
            if !edges.get(other).is_some_and(|(_, by)| by.contains(who)) {
                problems.push(format!("{who} engages {other}, who does not know it"));
            }
        }
        for other in engaged_by {
            if !edges.get(other).is_some_and(|(eng, _)| eng.contains(who)) {
                problems.push(format!(
                    "{who} is engaged by {other}, who does not engage it"
                ));
            }
        }
    }
    problems
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_fight_keeps_its_invariants(
        pick in any::<usize>(),
        seed in any::<u64>(),
        (a, b) in (0..POLICIES.len(), 0..POLICIES.len()),
        save_at in 0usize..400,
    ) {
        let content = content();
        let encounters: Vec<_> = content.encounters().cloned().collect();
        let spec = &encounters[pick % encounters.len()];
        let mut settings = EncounterSettings::logged(seed);
        for (i, side) in spec.sides.iter().enumerate() {
            let policy = if i == 0 { POLICIES[a] } else { POLICIES[b] };
            settings = settings.with_controller(side.name.clone(), Controller::Ai(policy.into()));
        }
        let what = format!("{} seed {seed} ({}, {})", spec.id, POLICIES[a], POLICIES[b]);
        let mut original = app(&content);
        let fight = original.world_mut().spawn_encounter(&spec.id, &settings).unwrap();
        let mut saved = None;
        for step in 0..MAX_TICKS {
            if original.world().get::<Encounter>(fight).is_some_and(Encounter::is_over) {
                break;
            }
            if step == save_at {
                saved = Some(save_encounter(original.world(), fight).unwrap());
            }
            tick(original.world_mut());
            let problems = engagement_problems(original.world_mut(), fight);
            prop_assert!(problems.is_empty(), "{what}, tick {step}: {problems:?}");
        }
        prop_assert!(
            original.world().get::<Encounter>(fight).is_some_and(Encounter::is_over),
            "{what}: the fight does not end"
        );
        let log = original.world().get::<CombatLog>(fight).unwrap();
        let problems = log_problems(log);
        prop_assert!(problems.is_empty(), "{what}: {problems:?}");
        // Saved mid-way (when the fight lasted that long) and loaded into a fresh app, the fight
        // plays on to the very same log.
        if let Some(saved) = saved {
            let mut copy = app(&content);
            let loaded = load_encounter(copy.world_mut(), &saved).unwrap();
            run_until_blocked(copy.world_mut(), 1_000_000);
            let theirs = copy.world().get::<CombatLog>(loaded).unwrap().to_json_lines();
            prop_assert_eq!(
                theirs,
                log.to_json_lines(),
                "{}: saved before tick {}, loaded and played on",
                what,
                save_at
            );
        }
    }
}
