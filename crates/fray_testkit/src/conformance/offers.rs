//! Check 6: what a decider is offered is exactly what the engine accepts from it.

use std::collections::BTreeSet;
use std::sync::Arc;

use bevy_app::App;
use bevy_ecs::entity::EntityMapper;
use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_content::encounter::EncounterSpec;
use fray_core::client::Decision as ClientDecision;
use fray_core::kit::prelude::*;
use fray_core::prelude::*;
use fray_core::rng::derive_seed;

use super::Conformance;
use super::candidates::{Universe, candidates};
use super::player::Player;
use super::world::{
    CopyMap, app, content, encounters, external_settings, is_over, player_of, roster, save,
    save_difference, send, state, take_rejections,
};

/// One way the offers and the engine disagree, with what it takes to see it again.
#[derive(Debug)]
pub(crate) struct Mismatch {
    /// What kind of disagreement (for grouping the report).
    pub key: String,
    /// Where: encounter, seed, decision point.
    pub at: String,
    /// What happened.
    pub what: String,
}

/// Panics with one line per kind of disagreement in `out` (how often, and its first example).
pub(crate) fn report(out: &[Mismatch], examined: usize, between: &str) {
    if out.is_empty() {
        return;
    }
    let mut kinds: Vec<(&str, usize, &Mismatch)> = Vec::new();
    for m in out {
        match kinds.iter_mut().find(|(k, _, _)| *k == m.key) {
            Some((_, count, _)) => *count += 1,
            None => kinds.push((&m.key, 1, m)),
        }
    }
    let shown: Vec<String> = kinds
        .iter()
        .map(|(key, count, m)| format!("- {key} ({count} times); first: {}: {}", m.at, m.what))
        .collect();
    panic!(
        "{} disagreements between {between} at {examined} decision points, of {} kinds:\n{}",
        out.len(),
        kinds.len(),
        shown.join("\n")
    );
}

/// The shape of an intent, without its arguments (`Ready(EnemyMoves, Attack)`).
fn shape(intent: &Intent) -> String {
    match intent {
        Intent::Ready { trigger, intent } => {
            format!("Ready({trigger:?}, {})", intent.intent().kind())
        }
        other => format!("{}", other.kind()),
    }
}

/// Where a fight stands, for reports.
pub(crate) fn place(world: &World, e: Entity) -> String {
    let (round, turn) = world
        .get::<Encounter>(e)
        .map_or((0, 0), |x| (x.round(), x.turns()));
    format!("round {round}, turn {turn}")
}

/// A combatant's name.
pub(crate) fn name(world: &World, who: Entity) -> String {
    world
        .get::<bevy_ecs::name::Name>(who)
        .map_or_else(|| format!("{who:?}"), |n| n.to_string())
}

/// `actor`'s intent with its target named (and its fight, when it is not the actor's).
fn shown(world: &World, actor: Entity, intent: &Intent) -> String {
    let mut text = format!("{intent:?}");
    if let Some(target) = intent.target() {
        let of = |e: Entity| world.get::<InEncounter>(e).map(|i| i.0);
        let mut named = name(world, target);
        if of(target) != of(actor)
            && let Some(x) = of(target).and_then(|f| world.get::<Encounter>(f))
        {
            named = format!("{named} of {}", x.id);
        }
        text = text.replace(&format!("{target:?}"), &named);
    }
    text
}

/// Tries every offered option of `pending` in copies of the fight (loaded from `saved` into
/// `scratch`): none may be rejected.
fn try_offers(
    world: &World,
    e: Entity,
    scratch: &mut App,
    saved: &str,
    pending: &[ClientDecision],
    at: &str,
    out: &mut Vec<Mismatch>,
) {
    let mut tries: Vec<(Entity, Entity, Intent)> = Vec::new();
    for decision in pending {
        let Some(player) = player_of(world, decision.actor) else {
            continue;
        };
        for option in &decision.options {
            let copy = load_encounter(scratch.world_mut(), saved)
                .unwrap_or_else(|err| panic!("{at}: the save does not load: {err}"));
            let map = CopyMap::between(world, e, scratch.world(), copy);
            let actor = map.entity(decision.actor);
            send(
                scratch.world_mut(),
                actor,
                player,
                map.intent(option.intent),
            );
            tries.push((copy, decision.actor, option.intent));
        }
    }
    if tries.is_empty() {
        return;
    }
    run_until_blocked(scratch.world_mut(), 1_000_000);
    let rejected = take_rejections(scratch.world_mut());
    for r in rejected {
        let tried = tries.iter().find(|(copy, _, _)| Some(*copy) == r.encounter);
        let (actor, intent) = tried.map_or((r.actor, r.intent), |(_, a, i)| (*a, *i));
        out.push(Mismatch {
            key: format!("{}: offered but rejected", shape(&intent)),
            at: at.to_string(),
            what: format!(
                "{} was offered {} but it was rejected: {}",
                name(world, actor),
                shown(world, actor, &intent),
                r.reason
            ),
        });
    }
    for (copy, _, _) in tries {
        scratch.world_mut().despawn(copy);
    }
    scratch.world_mut().clear_trackers();
}

/// Another fight in the World during a trial: it must not change either.
pub(crate) struct Other {
    /// Its encounter (replaced when it is put back).
    pub e: Entity,
    /// Its save from before the trial, to put it back.
    pub saved: String,
    /// Its state from before the trial.
    pub state: String,
}

impl Other {
    /// `e` as it stands now.
    pub fn new(world: &mut World, e: Entity) -> Self {
        Self {
            e,
            saved: save(world, e),
            state: state(world, e),
        }
    }
}

/// Sends every intent of `all` that is not offered to each decider of `pending`, to the live
/// fight, one per tick: each must be rejected with a reason, and neither the fight nor the
/// `others` may change (but for the log's rejections and the rejection counter). When one is
/// accepted, every fight is put back as it was (loaded from its save: the live one from
/// `saved`, in place of `*e`) and the trial goes on.
#[allow(clippy::too_many_arguments)]
pub(crate) fn try_others(
    world: &mut World,
    e: &mut Entity,
    others: &mut [Other],
    all: &[Intent],
    saved: &str,
    pending: &[ClientDecision],
    at: &str,
    out: &mut Vec<Mismatch>,
) {
    let everyone = |world: &World, e: Entity, others: &[Other]| -> Vec<Entity> {
        let mut list = roster(world, e);
        for o in others {
            list.extend(roster(world, o.e));
        }
        list
    };
    let original = everyone(world, *e, others);
    let kept_log = world.get::<CombatLog>(*e).cloned();
    // Aims the original fights' entities at the fights now in the World (themselves until a
    // restore).
    let mut map = CopyMap::default();
    let mut before = state(world, *e);
    let mut logged = world.get::<CombatLog>(*e).map_or(0, |l| l.entries().len());
    let mut sent = 0usize;
    for decision in pending {
        let Some(player) = player_of(world, decision.actor) else {
            continue;
        };
        for intent in all {
            if decision.options.iter().any(|o| o.intent == *intent) {
                continue;
            }
            let actor = map.entity(decision.actor);
            let request = map.intent(*intent);
            send(world, actor, player, request);
            tick(world);
            sent += 1;
            let rejected = take_rejections(world);
            let verdict = match rejected.as_slice() {
                [one] if one.reason.to_string().trim().is_empty() => {
                    Some(("rejected without a reason", format!("{one:?}")))
                }
                [_] => None,
                [] => Some((
                    "not offered but accepted",
                    format!(
                        "{} was not offered {} but the engine accepted it",
                        name(world, actor),
                        shown(world, actor, &request)
                    ),
                )),
                many => Some(("several answers to one request", format!("{many:?}"))),
            };
            let Some((kind, what)) = verdict else {
                continue;
            };
            out.push(Mismatch {
                key: format!("{:?} {}: {kind}", decision.kind, shape(intent)),
                at: at.to_string(),
                what,
            });
            if !rejected.is_empty() {
                continue;
            }
            // Put every fight back as it was, and go on with the next candidate.
            for o in others.iter_mut() {
                let now = state(world, o.e);
                if now != o.state {
                    out.push(Mismatch {
                        key: format!(
                            "{:?} {}: accepted, and changed another fight",
                            decision.kind,
                            shape(intent)
                        ),
                        at: at.to_string(),
                        what: format!(
                            "{} changed the other fight: {}",
                            shown(world, actor, &request),
                            save_difference(&o.state, &now)
                        ),
                    });
                }
                world.despawn(o.e);
            }
            world.despawn(*e);
            for o in others.iter_mut() {
                o.e = load_encounter(world, &o.saved)
                    .unwrap_or_else(|err| panic!("{at}: the save does not load: {err}"));
            }
            *e = load_encounter(world, saved)
                .unwrap_or_else(|err| panic!("{at}: the save does not load: {err}"));
            run_until_blocked(world, 1_000_000);
            take_rejections(world);
            map = CopyMap::default();
            for (o, n) in original.iter().zip(everyone(world, *e, others)) {
                map.set_mapped(*o, n);
            }
            for o in others.iter_mut() {
                o.state = state(world, o.e);
            }
            before = state(world, *e);
            logged = world.get::<CombatLog>(*e).map_or(0, |l| l.entries().len());
            sent = 0;
        }
    }
    for o in others.iter_mut() {
        let now = state(world, o.e);
        if now != o.state {
            out.push(Mismatch {
                key: "rejections changed another fight".into(),
                at: at.to_string(),
                what: save_difference(&o.state, &now),
            });
        }
    }
    let after = state(world, *e);
    if before != after {
        out.push(Mismatch {
            key: "rejections changed the fight".into(),
            at: at.to_string(),
            what: format!(
                "{sent} rejected requests changed the fight: {}",
                save_difference(&before, &after)
            ),
        });
    }
    let log = world
        .get::<CombatLog>(*e)
        .map(|l| l.entries()[logged.min(l.entries().len())..].to_vec())
        .unwrap_or_default();
    let strays: Vec<&LogEntry> = log
        .iter()
        .filter(|l| !matches!(l.event, LogEvent::Rejected { .. }))
        .collect();
    if log.len() != sent || !strays.is_empty() {
        out.push(Mismatch {
            key: "rejections logged other entries".into(),
            at: at.to_string(),
            what: format!(
                "{sent} rejected requests logged {} entries, {} of them not rejections: {strays:?}",
                log.len(),
                strays.len()
            ),
        });
    }
    // The trial's rejections are checked: the log goes back to the fight's own, so it does not
    // grow by thousands of entries at every decision point.
    if let (Some(kept), Some(mut log)) = (kept_log, world.get_mut::<CombatLog>(*e)) {
        *log = kept;
    }
}

/// The attack and ability ids offered in `pending`: the ids tried take in each of them and
/// the two past it, whatever the budget says ([`Universe::ids_for`]).
pub(crate) fn offered_ids(pending: &[ClientDecision]) -> impl Iterator<Item = u16> + '_ {
    let id = |intent: &Intent| match intent {
        Intent::Attack { attack, .. }
        | Intent::Ready {
            intent: Readied::Attack { attack, .. },
            ..
        } => Some(attack.0),
        Intent::UseAbility { ability, .. }
        | Intent::Ready {
            intent: Readied::UseAbility { ability, .. },
            ..
        } => Some(ability.0),
        _ => None,
    };
    pending
        .iter()
        .flat_map(|d| d.options.iter())
        .filter_map(move |o| id(&o.intent))
}

/// Plays one fight of external players (the AI policies), examining its decision points;
/// returns how many it examined.
fn examine_fight(
    conf: &Conformance,
    content: &Arc<ContentDb>,
    scratch: &mut App,
    (spec, seed, policies): (&EncounterSpec, u64, &[&str]),
    out: &mut Vec<Mismatch>,
) -> usize {
    let mut live = app(conf, content);
    let mut e = spawn_external(&mut live, spec, seed);
    let mut player = Player::new(seed, policies);
    let every = conf.budget.offer_every.max(1);
    let mut offered = BTreeSet::new();
    let mut examined = 0;
    for point in 0..20_000usize {
        let world = live.world_mut();
        run_until_blocked(world, 1_000_000);
        let stray = take_rejections(world);
        assert!(
            stray.is_empty(),
            "{} seed {seed}: the player's choice was rejected: {stray:?}",
            spec.id
        );
        if is_over(world, e) {
            return examined;
        }
        let pending = decisions(world, e);
        assert!(
            !pending.is_empty(),
            "{} seed {seed}: the fight waits, but on no decision a client is shown",
            spec.id
        );
        offered.extend(offered_ids(&pending));
        for d in &pending {
            // A reaction names what it answers (a client shows it); nothing else does.
            let reacting = d.kind == DecisionKind::Reaction;
            assert!(
                reacting == d.answers.as_ref().is_some_and(|a| a.intent.is_some()),
                "{} seed {seed}, decision point {point}: {:?} of {} answers {:?}",
                spec.id,
                d.kind,
                name(world, d.actor),
                d.answers
            );
        }
        if point % every == 0 && examined < conf.budget.offer_points {
            examined += 1;
            let kinds: Vec<String> = pending
                .iter()
                .map(|d| format!("{:?} of {}", d.kind, name(world, d.actor)))
                .collect();
            let at = format!(
                "{} seed {seed}, decision point {point} ({}; {})",
                spec.id,
                place(world, e),
                kinds.join(", ")
            );
            let universe = Universe {
                combatants: roster(world, e),
                regions: world
                    .get::<EncounterMap>(e)
                    .map_or(0, |m| u16::try_from(m.len()).unwrap_or(u16::MAX)),
                ids: Universe::ids_for(conf.budget.ids, &offered),
                maneuvers: conf.maneuvers.to_vec(),
            };
            let saved = save(world, e);
            try_offers(world, e, scratch, &saved, &pending, &at, out);
            try_others(
                world,
                &mut e,
                &mut [],
                &candidates(&universe),
                &saved,
                &pending,
                &at,
                out,
            );
        }
        player.answer(live.world_mut(), e);
        live.world_mut().clear_trackers();
    }
    examined
}

fn spawn_external(app: &mut App, spec: &EncounterSpec, seed: u64) -> Entity {
    super::world::spawn(app.world_mut(), &spec.id, &external_settings(spec, seed))
}

/// Check 6: in [`Budget::offer_fights`](super::Budget::offer_fights) fights of each encounter,
/// played by the AI policies as external players, at up to
/// [`Budget::offer_points`](super::Budget::offer_points) decision points each (turns and
/// reactions alike), every [`candidate`](candidates) intent is tried for each decider: every
/// offered one must be accepted (tried in a loaded copy of the fight, so the fight goes on
/// undisturbed), every other one rejected with a non-empty reason, changing nothing but the
/// log's rejections and the rejection counter. The candidates are every intent variant with
/// every combatant of the encounter as target, every region of the map (and one that is not),
/// attack and ability ids `0..Budget::ids` (and every id the fight has offered, with the two
/// past it; and `u16::MAX`), and the ruleset's maneuvers (and one it does not name): readied
/// intents included, with every trigger. That is every intent a client can send but for ids
/// beyond those, which no option of the fight has named.
///
/// Every disagreement of every fight is reported, with the encounter, seed and decision point
/// where it shows.
pub fn offers_are_exactly_the_legal_intents(conf: &Conformance) {
    let content = content(conf);
    let mut scratch = app(conf, &content);
    let mut out = Vec::new();
    let mut examined = 0;
    let p = conf.policies.len().max(1);
    for (n, spec) in encounters(conf, &content).iter().enumerate() {
        for f in 0..conf.budget.offer_fights {
            let seed = derive_seed(0x0FFE_0000 + n as u64, f);
            let policies: Vec<&str> = (0..spec.sides.len())
                .map(|i| {
                    conf.policies
                        .get((n + f as usize + i) % p)
                        .copied()
                        .unwrap_or("tactical")
                })
                .collect();
            examined += examine_fight(
                conf,
                &content,
                &mut scratch,
                (spec, seed, &policies),
                &mut out,
            );
        }
    }
    assert!(examined > 0, "no decision point was examined");
    report(&out, examined, "offers and the engine");
}
