//! Helpers the toys' tests share.

use bevy_ecs::prelude::*;
use fray_core::prelude::*;
use fray_testkit::harness::{Bench, Fight};
use fray_testkit::toys::arena;

/// Whose decision it is and in which step of its unit's turn.
pub fn at(fight: &Fight) -> (String, u8) {
    (fight.turn(), fight.encounter_part::<Turn>().step())
}

/// The log's events of one kind, as text, for asserting sequences.
pub fn rolls(fight: &Fight) -> Vec<(String, i64)> {
    fight
        .events()
        .into_iter()
        .filter_map(|e| match e {
            LogEvent::Roll { purpose, roll, .. } => Some((purpose, roll.total())),
            _ => None,
        })
        .collect()
}

/// Every name whose turn started, in order.
pub fn turns(fight: &Fight) -> Vec<String> {
    let roster = fight.roster().clone();
    fight
        .events()
        .into_iter()
        .filter_map(|e| match e {
            LogEvent::TurnStarted { who } => Some(roster.name(who).to_string()),
            _ => None,
        })
        .collect()
}

/// Plays `runs` AI-against-AI fights of `bench`'s toy between `sides` on `map` and checks that
/// every one ended with a decision or at the round limit, and no AI had an intent refused; that
/// the first runs play the same in a world of their own (CORE-01); and that an encounter
/// played again in place plays as a fresh one. Returns the outcomes.
pub fn play_out(bench: &Bench, map: &str, sides: &str, runs: u64) -> Vec<Outcome> {
    let played = arena::play(bench, map, sides, 0x7017, runs);
    let outcomes = played
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let outcome = e.outcome().unwrap_or_else(|| panic!("run {i} did not end"));
            assert!(
                !matches!(outcome.ending, Ending::Stalled | Ending::Aborted),
                "run {i}: {outcome:?}"
            );
            assert!(
                e.turns() > 0 && e.actions() > 0,
                "run {i}: nothing happened"
            );
            assert_eq!(e.rejections(), 0, "run {i}: an AI's intent was refused");
            outcome
        })
        .collect();
    let few = runs.min(16);
    let again = arena::play(bench, map, sides, 0x7017, few);
    assert_eq!(again[..], played[..few as usize]);
    replays_in_place(bench, map, sides);
    outcomes
}

/// An arena encounter played to the end and then again in place with another seed logs what
/// a fresh encounter of that seed logs.
fn replays_in_place(bench: &Bench, map: &str, sides: &str) {
    let mut app = arena::app(bench, map, sides);
    let world = app.world_mut();
    let log = |world: &mut World, e: Entity| world.get::<CombatLog>(e).unwrap().to_json_lines();
    let reused = world
        .spawn_encounter(arena::ENCOUNTER, &EncounterSettings::logged(1))
        .unwrap();
    run_until_blocked(world, 1_000_000);
    let fresh = world
        .spawn_encounter(arena::ENCOUNTER, &EncounterSettings::logged(2))
        .unwrap();
    world
        .reset_encounter(reused, &EncounterSettings::logged(2))
        .unwrap();
    run_until_blocked(world, 1_000_000);
    assert!(world.get::<Encounter>(fresh).unwrap().is_over());
    assert_eq!(log(world, reused), log(world, fresh));
}

/// Saves the fight, plays `rest` on it, then loads the save into the same world as a second
/// encounter and plays `rest` there too: both must log the same events from the save on.
pub fn same_after_load(fight: &mut Fight, rest: impl Fn(&mut Fight)) {
    let saved = save_encounter(fight.world(), fight.e).unwrap();
    let mark = fight.events().len();
    rest(fight);
    let expected = fight.events().split_off(mark);
    assert!(!expected.is_empty());
    fight.e = load_encounter(fight.app.world_mut(), &saved).unwrap();
    fight.settle();
    rest(fight);
    assert_eq!(fight.events().split_off(mark), expected);
}

/// Every log event of `runs` logged AI-against-AI fights of `bench`'s toy, to see what the AIs
/// did.
pub fn ai_events(bench: &Bench, map: &str, sides: &str, runs: u64) -> Vec<LogEvent> {
    let mut app = arena::app(bench, map, sides);
    let world = app.world_mut();
    let all: Vec<Entity> = (0..runs)
        .map(|i| {
            world
                .spawn_encounter(arena::ENCOUNTER, &EncounterSettings::logged(i))
                .unwrap()
        })
        .collect();
    run_until_blocked(world, 1_000_000);
    all.iter()
        .flat_map(|&e| {
            let log = world.get::<CombatLog>(e).unwrap();
            log.entries()
                .iter()
                .map(|l| l.event.clone())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// How many of `events` are notes containing `text`.
pub fn notes(events: &[LogEvent], text: &str) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, LogEvent::Note { text: t, .. } if t.contains(text)))
        .count()
}
