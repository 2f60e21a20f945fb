//! What the kit tells an AI controller of a fight's combatants
//! ([`Standing`](fray_core::kit::Standing)), as a controller reads it: for the rulesets' tests
//! of [`Previews::casts`](fray_core::kit::Previews::casts),
//! [`Previews::can_harm`](fray_core::kit::Previews::can_harm) and
//! [`Previews::strikes_later_from_here`](fray_core::kit::Previews::strikes_later_from_here).
//!
//! [`casters`], [`harm`] ([`harm_after`]) and [`strikes_later`] play a built-in encounter until its first AI decision, with a
//! controller that writes down what the decision's [`FightView::standing`] says of every
//! combatant and leaves the decision unanswered; [`assert_casters`] and [`assert_harmless`]
//! check it against what a test names.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use bevy_ecs::prelude::*;
use fray_core::drive::run_until_blocked;
use fray_core::encounter::Roster;
use fray_core::kit::{AiControllers, AiDecision, Controllers, FightView};
use fray_core::prelude::*;

use crate::harness::Bench;

/// What a decision's [`Standing`](fray_core::kit::Standing) said of the fight's combatants.
#[derive(Default, Clone)]
struct Seen {
    /// Whether each combatant casts.
    casts: Vec<(Entity, bool)>,
    /// Whether each combatant could harm each foe (attacker, target).
    harms: Vec<(Entity, Entity, bool)>,
    /// Whether each combatant strikes later in the round from where it stands.
    later: Vec<(Entity, bool)>,
}

/// Writes down, at the first decision, what the kit says of each combatant.
#[derive(Default)]
struct Recorder(Mutex<Option<Seen>>);

impl Controllers for Recorder {
    fn policy(&self, _name: &str) -> Option<u32> {
        Some(0)
    }

    fn choose(&self, _policy: u32, decision: &mut dyn AiDecision) -> Option<usize> {
        let fight: FightView<'_> = decision.fight();
        if let (Some(standing), Ok(mut seen)) = (fight.standing, self.0.lock()) {
            let lineup = fight.lineup;
            seen.get_or_insert_with(|| Seen {
                casts: lineup
                    .iter()
                    .map(|(e, _)| (e, standing.is_caster(e)))
                    .collect(),
                harms: lineup
                    .iter()
                    .flat_map(|(a, ra)| {
                        lineup
                            .iter()
                            .filter(move |(_, rt)| rt.side != ra.side)
                            .map(move |(t, _)| (a, t, standing.can_harm(a, t)))
                    })
                    .collect(),
                later: lineup
                    .iter()
                    .map(|(e, _)| (e, standing.strikes_later_from_here(e)))
                    .collect(),
            });
        }
        None
    }
}

/// Plays `encounter` of `bench`'s built-in content to its first AI decision and returns what
/// that decision's standing said, with each combatant's statblock id.
///
/// # Panics
/// When the encounter does not spawn or no AI decision is asked: a defect of the test.
fn seen(
    bench: &Bench,
    encounter: &str,
    setup: impl FnOnce(&mut World, Entity),
) -> (Seen, BTreeMap<Entity, String>) {
    let mut app = bench.app();
    let recorder = Arc::new(Recorder::default());
    app.insert_resource(AiControllers(recorder.clone()));
    let fight = app
        .world_mut()
        .spawn_encounter(encounter, &EncounterSettings::quiet(1))
        .unwrap_or_else(|e| panic!("{encounter} does not spawn: {e}"));
    setup(app.world_mut(), fight);
    run_until_blocked(app.world_mut(), 1_000);
    let seen = recorder.0.lock().ok().and_then(|seen| seen.clone());
    let seen = seen.unwrap_or_else(|| panic!("{encounter}: no AI decision was asked"));
    let roster = app
        .world()
        .get::<Roster>(fight)
        .unwrap_or_else(|| panic!("{encounter} has no roster"));
    let ids = roster
        .entries
        .iter()
        .map(|entry| (entry.entity, entry.statblock.clone()))
        .collect();
    (seen, ids)
}

/// Whether the kit tells an AI that each combatant of `encounter` (an encounter of `bench`'s
/// built-in content with at least one side the AI controls) casts, by statblock id: what
/// its ruleset's [`Previews::casts`](fray_core::kit::Previews::casts) answers through the
/// AI's [`Standing`](fray_core::kit::Standing) at the fight's first AI decision.
///
/// # Panics
/// When the encounter does not spawn or no AI decision is asked: a defect of the test.
pub fn casters(bench: &Bench, encounter: &str) -> BTreeMap<String, bool> {
    let (seen, ids) = seen(bench, encounter, |_, _| {});
    by_statblock(&seen.casts, &ids)
}

/// Whether the kit tells an AI that each combatant of `encounter` strikes a foe later in the
/// round from where it stands, by statblock id, as [`casters`] reads it: what its ruleset's
/// [`Previews::strikes_later_from_here`](fray_core::kit::Previews::strikes_later_from_here)
/// answers at the fight's first AI decision.
///
/// # Panics
/// When the encounter does not spawn or no AI decision is asked: a defect of the test.
pub fn strikes_later(bench: &Bench, encounter: &str) -> BTreeMap<String, bool> {
    let (seen, ids) = seen(bench, encounter, |_, _| {});
    by_statblock(&seen.later, &ids)
}

/// What was said of each combatant, by its statblock id (`ids`).
fn by_statblock(said: &[(Entity, bool)], ids: &BTreeMap<Entity, String>) -> BTreeMap<String, bool> {
    said.iter()
        .filter_map(|(e, yes)| Some((ids.get(e)?.clone(), *yes)))
        .collect()
}

/// Whether the kit tells an AI that each combatant of `encounter` could harm each foe, by
/// statblock ids (attacker, target), as [`casters`] reads it: what its ruleset's
/// [`Previews::can_harm`](fray_core::kit::Previews::can_harm) answers at the fight's first
/// AI decision. Combatants of one statblock answer alike at the start, so each pair of ids
/// is written once.
///
/// # Panics
/// When the encounter does not spawn or no AI decision is asked: a defect of the test.
pub fn harm(bench: &Bench, encounter: &str) -> BTreeMap<(String, String), bool> {
    harm_after(bench, encounter, |_, _| {})
}

/// [`harm`], with `setup` run on the fight first (given the World and the fight's encounter
/// entity), before its first decision: to ask after a power's last use, say.
///
/// # Panics
/// When the encounter does not spawn or no AI decision is asked: a defect of the test.
pub fn harm_after(
    bench: &Bench,
    encounter: &str,
    setup: impl FnOnce(&mut World, Entity),
) -> BTreeMap<(String, String), bool> {
    let (seen, ids) = seen(bench, encounter, setup);
    seen.harms
        .iter()
        .filter_map(|(a, t, harms)| Some(((ids.get(a)?.clone(), ids.get(t)?.clone()), *harms)))
        .collect()
}

/// Asserts that the kit tells an AI that, in `encounter`, each attacker of `harmless` (by
/// statblock id) could not harm its target, and that every other combatant could harm every
/// foe ([`harm`]).
///
/// # Panics
/// When a pair is told otherwise, or a pair named is not in the encounter.
pub fn assert_harmless(bench: &Bench, encounter: &str, harmless: &[(&str, &str)]) {
    let harm = harm(bench, encounter);
    for (attacker, target) in harmless {
        let pair = ((*attacker).to_string(), (*target).to_string());
        assert_eq!(harm.get(&pair), Some(&false), "{pair:?}: {harm:?}");
    }
    let wrong: Vec<_> = harm
        .iter()
        .filter(|((a, t), harms)| !**harms && !harmless.contains(&(a.as_str(), t.as_str())))
        .collect();
    assert!(
        wrong.is_empty(),
        "{encounter}: harmless but not named: {wrong:?}"
    );
}

/// Asserts that the kit tells an AI exactly `casters` of `encounter`'s statblocks cast
/// ([`casters`]), and `others` do not; every statblock of the encounter must be in one list.
///
/// # Panics
/// When a statblock is told otherwise, is in neither list, or is not in the encounter.
pub fn assert_casters(bench: &Bench, encounter: &str, casters_named: &[&str], others: &[&str]) {
    let casts = casters(bench, encounter);
    for (names, expected) in [(casters_named, true), (others, false)] {
        for name in names {
            assert_eq!(casts.get(*name), Some(&expected), "{name}: {casts:?}");
        }
    }
    let unnamed: Vec<&String> = casts
        .keys()
        .filter(|id| !casters_named.contains(&id.as_str()) && !others.contains(&id.as_str()))
        .collect();
    assert!(unnamed.is_empty(), "{encounter}: not named: {unnamed:?}");
}
