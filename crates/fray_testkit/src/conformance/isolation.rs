//! Check 9: an intent aimed at a combatant of another fight in the same World is refused.

use std::collections::BTreeSet;

use fray_content::encounter::EncounterSpec;
use fray_core::kit::prelude::*;
use fray_core::prelude::*;
use fray_core::rng::derive_seed;

use super::Conformance;
use super::candidates::{Universe, candidates};
use super::offers::{Mismatch, Other, name, offered_ids, place, report, try_others};
use super::player::Player;
use super::world::{
    app_of, encounters, external_settings, is_over, merged_content, roster, save, spawn,
    take_rejections,
};

/// Settings with side `i` of `spec` played by the external player `first + i`.
fn players_from(spec: &EncounterSpec, seed: u64, first: u32) -> EncounterSettings {
    let mut settings = EncounterSettings::logged(seed);
    for (i, side) in spec.sides.iter().enumerate() {
        let player = PlayerId(first.saturating_add(u32::try_from(i).unwrap_or(u32::MAX)));
        settings = settings.with_controller(side.name.clone(), Controller::External(player));
    }
    settings
}

/// Check 9: every encounter of `conf`'s ruleset is played by external players (the AI
/// policies) in a World that also holds a fight of `other`'s ruleset (another encounter of the
/// same ruleset when `other` is `conf`), waiting on its first decision with everyone standing.
/// At up to [`Budget::foreign_points`](super::Budget::foreign_points) decision points of each
/// fight (one in [`Budget::offer_every`](super::Budget::offer_every)), every candidate intent
/// aimed at a combatant of the other fight (attacks with every id and maneuver, engaging,
/// stabilizing, abilities, and readied ones with every trigger) is sent for each decider: each
/// must be rejected with a reason, and neither fight may change. (The kit keeps a ruleset's
/// systems away from another ruleset's encounters by type; this checks that no request reaches
/// across encounters of one ruleset either.)
pub fn intents_aimed_at_another_fight_are_refused(conf: &Conformance, other: &Conformance) {
    let content = merged_content(&conf.bench, &other.bench);
    let mine = encounters(conf, &content);
    let theirs = encounters(other, &content);
    let mut out: Vec<Mismatch> = Vec::new();
    let mut examined = 0usize;
    let every = conf.budget.offer_every.max(1);
    for (n, spec) in mine.iter().enumerate() {
        let foreign_spec = &theirs[(n + 1) % theirs.len()];
        let seed = derive_seed(0x1507, n as u64);
        let mut app = app_of(&[&conf.bench, &other.bench], &content);
        let world = app.world_mut();
        let mut e = spawn(world, &spec.id, &external_settings(spec, seed));
        let mut f = spawn(
            world,
            &foreign_spec.id,
            &players_from(foreign_spec, seed, 100),
        );
        let mut player = Player::new(seed, conf.policies);
        let mut points = 0usize;
        let mut offered = BTreeSet::new();
        for point in 0..20_000usize {
            run_until_blocked(world, 1_000_000);
            let stray = take_rejections(world);
            assert!(
                stray.is_empty(),
                "{} seed {seed}: the player's choice was rejected: {stray:?}",
                spec.id
            );
            if is_over(world, e) || points >= conf.budget.foreign_points {
                break;
            }
            let pending = decisions(world, e);
            offered.extend(offered_ids(&pending));
            if point % every == 0 {
                points += 1;
                let kinds: Vec<String> = pending
                    .iter()
                    .map(|d| format!("{:?} of {}", d.kind, name(world, d.actor)))
                    .collect();
                let at = format!(
                    "{} seed {seed} beside {}, decision point {point} ({}; {})",
                    spec.id,
                    foreign_spec.id,
                    place(world, e),
                    kinds.join(", ")
                );
                let universe = Universe {
                    combatants: roster(world, f),
                    regions: 0,
                    ids: Universe::ids_for(conf.budget.ids, &offered),
                    maneuvers: conf.maneuvers.to_vec(),
                };
                let aimed: Vec<Intent> = candidates(&universe)
                    .into_iter()
                    .filter(|i| i.target().is_some())
                    .collect();
                let saved = save(world, e);
                let mut others = [Other::new(world, f)];
                let found = out.len();
                try_others(
                    world,
                    &mut e,
                    &mut others,
                    &aimed,
                    &saved,
                    &pending,
                    &at,
                    &mut out,
                );
                for m in &mut out[found..] {
                    m.key = format!("aimed at another fight: {}", m.key);
                }
                f = others[0].e;
            }
            player.answer(world, e);
            world.clear_trackers();
        }
        examined += points;
    }
    assert!(examined > 0, "no decision point was examined");
    report(
        &out,
        examined,
        "intents aimed at another fight and the engine",
    );
}
