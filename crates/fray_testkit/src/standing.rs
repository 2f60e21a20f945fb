//! What the kit tells an AI controller of a fight's combatants
//! ([`Standing`](fray_core::kit::Standing)), as a controller reads it: for the rulesets' tests
//! of [`Previews::casts`](fray_core::kit::Previews::casts).
//!
//! [`casters`] plays a built-in encounter until its first AI decision, with a controller that
//! writes down what the decision's [`FightView::standing`] says of every combatant and leaves
//! the decision unanswered; [`assert_casters`] checks it against the casters a test names.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use bevy_ecs::prelude::*;
use fray_core::drive::run_until_blocked;
use fray_core::encounter::Roster;
use fray_core::kit::{AiControllers, AiDecision, Controllers, FightView};
use fray_core::prelude::*;

use crate::harness::Bench;

/// Writes down, at each decision, whether the kit says each combatant casts.
#[derive(Default)]
struct Recorder(Mutex<Vec<(Entity, bool)>>);

impl Controllers for Recorder {
    fn policy(&self, _name: &str) -> Option<u32> {
        Some(0)
    }

    fn choose(&self, _policy: u32, decision: &mut dyn AiDecision) -> Option<usize> {
        let fight: FightView<'_> = decision.fight();
        if let (Some(standing), Ok(mut seen)) = (fight.standing, self.0.lock()) {
            seen.extend(fight.lineup.iter().map(|(e, _)| (e, standing.is_caster(e))));
        }
        None
    }
}

/// Whether the kit tells an AI that each combatant of `encounter` (an encounter of `bench`'s
/// built-in content with at least one side the AI controls) casts, by statblock id: what
/// its ruleset's [`Previews::casts`](fray_core::kit::Previews::casts) answers through the
/// AI's [`Standing`](fray_core::kit::Standing) at the fight's first AI decision.
///
/// # Panics
/// When the encounter does not spawn or no AI decision is asked: a defect of the test.
pub fn casters(bench: &Bench, encounter: &str) -> BTreeMap<String, bool> {
    let mut app = bench.app();
    let recorder = Arc::new(Recorder::default());
    app.insert_resource(AiControllers(recorder.clone()));
    let fight = app
        .world_mut()
        .spawn_encounter(encounter, &EncounterSettings::quiet(1))
        .unwrap_or_else(|e| panic!("{encounter} does not spawn: {e}"));
    run_until_blocked(app.world_mut(), 1_000);
    let seen = recorder
        .0
        .lock()
        .map(|seen| seen.clone())
        .unwrap_or_default();
    assert!(!seen.is_empty(), "{encounter}: no AI decision was asked");
    let roster = app
        .world()
        .get::<Roster>(fight)
        .unwrap_or_else(|| panic!("{encounter} has no roster"));
    roster
        .entries
        .iter()
        .filter_map(|entry| {
            let (_, casts) = seen.iter().find(|(e, _)| *e == entry.entity)?;
            Some((entry.statblock.clone(), *casts))
        })
        .collect()
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
