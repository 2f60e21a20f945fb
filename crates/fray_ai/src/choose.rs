//! The AI controller's systems: give each encounter an AI stream, then decide for AI actors and
//! AI reactors.

use bevy_ecs::prelude::*;
use fray_core::prelude::*;
use fray_core::rng::derive_seed;
use fray_core::turn::Request;
use fray_dice::DieSource;
use serde::{Deserialize, Serialize};

use crate::policy::{Policy, aggressive_score, tactical_score};
use crate::situation::{CombatantView, Glance, Seen, Situation, enemy_regions, look};

/// The stream the AI of an encounter draws from (separate from the rules' dice).
#[derive(Component, Debug, Clone, Serialize, Deserialize)]
pub struct AiRng(pub EncounterRng);

/// Which stream of an encounter's seed the AI uses.
const AI_STREAM: u64 = 0xA1_A1_A1;

pub(crate) fn seed_ai_streams(
    mut commands: Commands,
    new: Query<(Entity, &Encounter), Without<AiRng>>,
) {
    for (entity, encounter) in &new {
        commands
            .entity(entity)
            .insert(AiRng(EncounterRng::from_seed(derive_seed(
                encounter.seed,
                AI_STREAM,
            ))));
    }
}

/// Index of the best option by `score` (the first among equals).
fn best(options: &[ActionOption], score: impl Fn(&ActionOption) -> f32) -> Option<usize> {
    let mut best: Option<(usize, f32)> = None;
    for (i, option) in options.iter().enumerate() {
        let s = score(option);
        if best.is_none_or(|(_, b)| s > b) {
            best = Some((i, s));
        }
    }
    best.map(|(i, _)| i)
}

fn pick(
    policy: Policy,
    options: &[ActionOption],
    situation: &Situation,
    rng: &mut EncounterRng,
) -> Option<usize> {
    if options.is_empty() {
        return None;
    }
    match policy {
        Policy::Random => Some(rng.roll_die(options.len() as u32) as usize - 1),
        Policy::Aggressive => best(options, |o| aggressive_score(o, situation)),
        Policy::Tactical => best(options, |o| tactical_score(o, situation)),
    }
}

pub(crate) fn choose_intents(
    mut encounters: Query<(
        &Encounter,
        &mut Turn,
        &ActionOptions,
        &Roster,
        &EncounterMap,
        &mut AiRng,
    )>,
    controllers: Query<&Controller>,
    view: Query<CombatantView>,
    glance: Query<Glance>,
    mut seen: Local<Vec<Seen>>,
    mut regions: Local<Vec<RegionId>>,
) {
    for (encounter, mut turn, options, roster, map, mut rng) in &mut encounters {
        match encounter.phase {
            Phase::Acting => {
                let Some(actor) = turn.actor else { continue };
                if turn.request.is_some() || turn.approved.is_some() || !options.is_current(&turn) {
                    continue;
                }
                let Some(policy) = controllers.get(actor).ok().and_then(Policy::of) else {
                    continue;
                };
                let Ok(side) = view.get(actor).map(|v| v.1.0) else {
                    continue;
                };
                look(roster, &glance, &mut seen);
                enemy_regions(&seen, side, &mut regions);
                let can_attack = options
                    .list
                    .iter()
                    .any(|o| o.intent.kind() == IntentKind::Attack);
                let situation =
                    Situation::new((actor, side), map, &view, (&seen, &regions), can_attack);
                if let Some(i) = pick(policy, &options.list, &situation, &mut rng.0) {
                    turn.request = Some(Request {
                        actor,
                        intent: options.list[i].intent.clone(),
                        from: None,
                    });
                }
            }
            Phase::Reacting => {
                let Some(window) = turn.window.as_mut() else {
                    continue;
                };
                let mut looked = false;
                for reactor in window.reactors.iter_mut().filter(|r| r.answer.is_none()) {
                    let Some(policy) = controllers.get(reactor.reactor).ok().and_then(Policy::of)
                    else {
                        continue;
                    };
                    let Ok(side) = view.get(reactor.reactor).map(|v| v.1.0) else {
                        continue;
                    };
                    // Answers change nothing the AI looks at: one look serves every reactor.
                    if !looked {
                        look(roster, &glance, &mut seen);
                        looked = true;
                    }
                    enemy_regions(&seen, side, &mut regions);
                    let situation = Situation::new(
                        (reactor.reactor, side),
                        map,
                        &view,
                        (&seen, &regions),
                        true,
                    );
                    let choice = match policy {
                        Policy::Random => pick(policy, &reactor.offers, &situation, &mut rng.0),
                        // Reactions cost nothing on the turn: take any that hurts an enemy.
                        _ => best(&reactor.offers, |o| match o.intent {
                            Intent::Pass => 0.0,
                            _ if o.preview.expected_damage > 0.0
                                || o.intent.kind() == IntentKind::Engage =>
                            {
                                1.0 + o.preview.expected_damage
                            }
                            _ => tactical_score(o, &situation),
                        }),
                    };
                    reactor.answer = Some(
                        choice
                            .map(|i| reactor.offers[i].intent.clone())
                            .unwrap_or(Intent::Pass),
                    );
                }
            }
            _ => {}
        }
    }
}
