//! Check 7: encounters of two rulesets in one World answer exactly as each does alone.

use std::sync::Arc;

use bevy_app::App;
use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_content::encounter::EncounterSpec;
use fray_core::kit::prelude::*;
use fray_core::prelude::*;
use fray_core::rng::derive_seed;

use super::Conformance;
use super::player::Player;
use super::world::{
    ai_settings, app, app_of, encounters, external_settings, first_difference, is_over, json_log,
    merged_content, player_of, roster, save_difference, send, spawn, state, take_rejections,
};

/// One fight of the check: which ruleset, which encounter, which seed, which policies.
#[derive(Clone)]
struct Fight<'c> {
    conf: &'c Conformance,
    spec: EncounterSpec,
    seed: u64,
    policies: Vec<&'static str>,
}

impl<'c> Fight<'c> {
    /// Fight number `n` of `spec`: its policies rotate with `n`.
    fn new(conf: &'c Conformance, spec: EncounterSpec, seed: u64, n: usize) -> Self {
        let p = conf.policies.len().max(1);
        let policies = (0..spec.sides.len())
            .map(|s| {
                conf.policies
                    .get((n + s) % p)
                    .copied()
                    .unwrap_or("tactical")
            })
            .collect();
        Self {
            conf,
            spec,
            seed,
            policies,
        }
    }
}

/// The AI fights: every encounter of both rulesets, two seeds each, the file's controllers.
fn ai_fights<'c>(a: &'c Conformance, b: &'c Conformance, content: &ContentDb) -> Vec<Fight<'c>> {
    let mut fights = Vec::new();
    let mut rulesets = vec![a];
    if b.bench.ruleset != a.bench.ruleset {
        rulesets.push(b);
    }
    for conf in rulesets {
        for spec in encounters(conf, content) {
            for s in 0..2 {
                let n = fights.len();
                fights.push(Fight::new(conf, spec.clone(), derive_seed(0x7061, s), n));
            }
        }
    }
    fights
}

/// Plays `fights` side by side in `app`, each with its AI policies; returns their logs.
fn play_ai(app: &mut App, fights: &[Fight<'_>]) -> Vec<String> {
    let spawned: Vec<Entity> = fights
        .iter()
        .map(|f| {
            let settings = ai_settings(&f.spec, f.seed, true, &f.policies);
            spawn(app.world_mut(), &f.spec.id, &settings)
        })
        .collect();
    run_until_blocked(app.world_mut(), 1_000_000);
    spawned
        .into_iter()
        .zip(fights)
        .map(|(e, f)| {
            assert!(
                is_over(app.world(), e),
                "{} seed {}: not over",
                f.spec.id,
                f.seed
            );
            json_log(app.world(), e)
        })
        .collect()
}

/// What one driven fight went through: the reasons its illegal requests got, and its log.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Driven {
    reasons: Vec<String>,
    log: String,
}

/// The illegal requests to send to `e` now, built from its own state only (so they are the
/// same alone and beside another fight): a move to region 999, a pass on a turn, an attack on
/// itself, the decider's intent from the wrong controller, and an end of turn from a
/// combatant who is not deciding.
fn illegal(world: &World, e: Entity) -> Vec<(Entity, PlayerId, Intent)> {
    let pending = decisions(world, e);
    let Some(d) = pending.first() else {
        return Vec::new();
    };
    let Some(player) = player_of(world, d.actor) else {
        return Vec::new();
    };
    let wrong = PlayerId(player.0.wrapping_add(77));
    let mut out = vec![
        (d.actor, player, Intent::Move { to: RegionId(999) }),
        (
            d.actor,
            player,
            Intent::Attack {
                target: d.actor,
                attack: AttackId(0),
                maneuver: Maneuver::STANDARD,
            },
        ),
        (
            d.actor,
            player,
            Intent::UseAbility {
                ability: AbilityId(u16::MAX),
                target: None,
            },
        ),
        (d.actor, wrong, Intent::EndTurn),
    ];
    if d.kind == DecisionKind::Turn {
        out.push((d.actor, player, Intent::Pass));
    }
    if let Some(idle) = roster(world, e)
        .into_iter()
        .find(|c| pending.iter().all(|d| d.actor != *c))
        && let Some(p) = player_of(world, idle)
    {
        out.push((idle, p, Intent::EndTurn));
    }
    out
}

/// Plays `fights` side by side in `app` with external players; at every decision point each
/// fight first gets its illegal requests (one per fight and tick, as a fight can judge only
/// one request at a time), which must change nothing, then its player's answers.
fn play_driven(app: &mut App, fights: &[Fight<'_>]) -> Vec<Driven> {
    let world = app.world_mut();
    let spawned: Vec<Entity> = fights
        .iter()
        .map(|f| spawn(world, &f.spec.id, &external_settings(&f.spec, f.seed)))
        .collect();
    let mut players: Vec<Player> = fights
        .iter()
        .map(|f| Player::new(f.seed, &f.policies))
        .collect();
    let mut out = vec![Driven::default(); fights.len()];
    for _ in 0..20_000 {
        run_until_blocked(world, 1_000_000);
        let stray = take_rejections(world);
        assert!(
            stray.is_empty(),
            "a player's choice was rejected: {stray:?}"
        );
        if spawned.iter().all(|e| is_over(world, *e)) {
            break;
        }
        let requests: Vec<Vec<(Entity, PlayerId, Intent)>> =
            spawned.iter().map(|e| illegal(world, *e)).collect();
        let before: Vec<String> = spawned.iter().map(|e| state(world, *e)).collect();
        let rounds = requests.iter().map(Vec::len).max().unwrap_or(0);
        for round in 0..rounds {
            for list in &requests {
                if let Some(&(actor, player, intent)) = list.get(round) {
                    send(world, actor, player, intent);
                }
            }
            tick(world);
            for r in take_rejections(world) {
                let i = spawned
                    .iter()
                    .position(|e| Some(*e) == r.encounter)
                    .unwrap_or_else(|| panic!("a rejection of no fight: {r:?}"));
                out[i]
                    .reasons
                    .push(format!("{}: {}", r.intent.kind(), r.reason));
            }
        }
        for ((e, before), f) in spawned.iter().zip(&before).zip(fights) {
            let after = state(world, *e);
            assert!(
                *before == after,
                "{} seed {}: illegal requests changed the fight: {}",
                f.spec.id,
                f.seed,
                save_difference(before, &after)
            );
        }
        for (e, player) in spawned.iter().zip(&mut players) {
            if !is_over(world, *e) {
                player.answer(world, *e);
            }
        }
    }
    for (i, e) in spawned.iter().enumerate() {
        assert!(
            is_over(world, *e),
            "{} seed {}: not over",
            fights[i].spec.id,
            fights[i].seed
        );
        out[i].log = json_log(world, *e);
    }
    out
}

/// An app with only `conf`'s ruleset and its own content (built once per ruleset).
fn alone_app(conf: &Conformance, own: &mut Vec<(&'static str, Arc<ContentDb>)>) -> App {
    let content = match own.iter().find(|(r, _)| *r == conf.bench.ruleset) {
        Some((_, c)) => c.clone(),
        None => {
            let c = conf.bench.content();
            own.push((conf.bench.ruleset, c.clone()));
            c
        }
    };
    app(conf, &content)
}

/// Check 7: an app with the plugins of rulesets `a` and `b`, and the content of both, plays
/// encounters of each side by side in one World exactly as each plays alone (in an app with
/// only its own ruleset and content):
///
/// - every built-in encounter of both rulesets, two seeds each, all at once with the AI: the
///   same logs;
/// - a pair of fights (one of each ruleset; two of `a`'s when `a` and `b` are the same) played
///   by external players, with illegal requests at every decision point (a move to region 999,
///   a pass on a turn, an attack on oneself, an ability no statblock has, the wrong
///   controller, a combatant who is not deciding): the same rejection reasons, no change from
///   any of them, and the same logs.
///
/// With `a` and `b` the same ruleset, its plugin is added once and the check compares its
/// encounters side by side with each alone.
pub fn two_rulesets_in_one_world_answer_like_alone(a: &Conformance, b: &Conformance) {
    let content = merged_content(&a.bench, &b.bench);
    let both = || app_of(&[&a.bench, &b.bench], &content);
    let mut own = Vec::new();

    let fights = ai_fights(a, b, &content);
    let together = play_ai(&mut both(), &fights);
    for (i, fight) in fights.iter().enumerate() {
        let alone = play_ai(
            &mut alone_app(fight.conf, &mut own),
            std::slice::from_ref(fight),
        );
        assert!(
            alone[0] == together[i],
            "{} seed {}: its log beside other fights differs from its log alone: {}",
            fight.spec.id,
            fight.seed,
            first_difference(&alone[0], &together[i])
        );
    }

    let of_a = encounters(a, &content);
    let of_b = encounters(b, &content);
    let second = if a.bench.ruleset == b.bench.ruleset {
        of_b.get(1).or(of_b.first())
    } else {
        of_b.first()
    };
    let pair = [
        Fight::new(a, of_a[0].clone(), 11, 0),
        Fight::new(b, second.cloned().unwrap_or_else(|| of_b[0].clone()), 12, 1),
    ];
    let together = play_driven(&mut both(), &pair);
    for (i, fight) in pair.iter().enumerate() {
        let alone = play_driven(
            &mut alone_app(fight.conf, &mut own),
            std::slice::from_ref(fight),
        );
        assert_eq!(
            alone[0].reasons, together[i].reasons,
            "{} seed {}: illegal requests got other reasons beside another fight than alone",
            fight.spec.id, fight.seed
        );
        assert!(
            !alone[0].reasons.is_empty()
                && alone[0].reasons.iter().all(|r| r
                    .split_once(": ")
                    .is_some_and(|(_, why)| !why.trim().is_empty())),
            "{}: illegal requests were refused without reasons: {:?}",
            fight.spec.id,
            alone[0].reasons
        );
        assert!(
            alone[0].log == together[i].log,
            "{} seed {}: its log beside another fight differs from its log alone: {}",
            fight.spec.id,
            fight.seed,
            first_difference(&alone[0].log, &together[i].log)
        );
    }
}
