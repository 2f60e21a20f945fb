//! Check 8: bad requests at any moment are refused, with a reason, and change nothing.

use std::sync::{Arc, Mutex};

use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_content::encounter::EncounterSpec;
use fray_core::drive::clear_messages;
use fray_core::kit::prelude::*;
use fray_core::prelude::*;
use fray_core::rng::{EncounterRng, derive_seed};
use fray_dice::DieSource;

use super::Conformance;
use super::player::Player;
use super::tracked::TrackedState;
use super::world::{
    ai_settings, app, content, describe_request, encounters, external_settings, first_difference,
    is_over, player_of, roster, save_difference, send, spawn, state, take_rejections,
};

/// Where the suite's made-up choices come from: its own seeded stream, or the bytes of a
/// coverage-guided fuzzer's input (read one or two at a time; once they run out, every choice
/// is the first one and the dice say they are [`exhausted`](Dice::exhausted)).
enum Dice<'a> {
    Seeded(EncounterRng),
    Bytes { data: &'a [u8], at: usize },
}

impl Dice<'_> {
    fn below(&mut self, n: usize) -> usize {
        match self {
            Dice::Seeded(rng) => {
                let n = u32::try_from(n.max(1)).unwrap_or(u32::MAX);
                rng.roll_die(n) as usize - 1
            }
            Dice::Bytes { data, at } => {
                let width = if n > 256 { 2 } else { 1 };
                let mut value = 0usize;
                for _ in 0..width {
                    value = value << 8 | usize::from(data.get(*at).copied().unwrap_or(0));
                    *at += 1;
                }
                value % n.max(1)
            }
        }
    }

    /// Whether a fuzzer's bytes have run out (never, for the seeded stream).
    fn exhausted(&self) -> bool {
        match self {
            Dice::Seeded(_) => false,
            Dice::Bytes { data, at } => *at > data.len(),
        }
    }

    fn pick<T: Copy>(&mut self, list: &[T]) -> T {
        list[self.below(list.len())]
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}

/// What made-up requests draw from.
struct Pool {
    /// Actors: combatants of every fight in the World, region and encounter entities, a
    /// despawned entity and the placeholder.
    entities: Vec<Entity>,
    /// Targets: the same, but for the combatants of other fights (aiming at those is the
    /// business of `intents_aimed_at_another_fight_are_refused`).
    targets: Vec<Entity>,
    /// Region ids: the map's, one past it, 999 and the largest.
    regions: Vec<RegionId>,
    /// Attack and ability ids.
    ids: Vec<u16>,
    /// Maneuvers: the standard one, the ruleset's, and made-up ones.
    maneuvers: Vec<Maneuver>,
}

impl Pool {
    /// The pool of a World holding `encounters`; made-up requests aim at the first one's
    /// combatants only.
    fn new(conf: &Conformance, world: &mut World, encounters: &[Entity]) -> Self {
        let mut entities = vec![Entity::PLACEHOLDER];
        let gone = world.spawn_empty().id();
        world.despawn(gone);
        entities.push(gone);
        let mut targets = entities.clone();
        let mut regions = 0u16;
        for (i, &e) in encounters.iter().enumerate() {
            entities.push(e);
            targets.push(e);
            entities.extend(roster(world, e));
            if i == 0 {
                targets.extend(roster(world, e));
            }
            if let Some(map) = world.get::<EncounterMap>(e) {
                entities.extend(map.entities.iter().copied());
                targets.extend(map.entities.iter().copied());
                regions = regions.max(u16::try_from(map.len()).unwrap_or(u16::MAX));
            }
        }
        let mut maneuvers = vec![Maneuver::STANDARD, Maneuver(1), Maneuver(u8::MAX)];
        maneuvers.extend(conf.maneuvers.iter().copied());
        Self {
            entities,
            targets,
            regions: (0..=regions).chain([999, u16::MAX]).map(RegionId).collect(),
            ids: (0..conf.budget.ids.max(1)).chain([u16::MAX]).collect(),
            maneuvers,
        }
    }

    fn readied(&self, dice: &mut Dice<'_>) -> Readied {
        match dice.below(4) {
            0 => Readied::Attack {
                target: dice.pick(&self.targets),
                attack: AttackId(dice.pick(&self.ids)),
                maneuver: dice.pick(&self.maneuvers),
            },
            1 => Readied::Move {
                to: dice.pick(&self.regions),
            },
            2 => Readied::Engage {
                target: dice.pick(&self.targets),
            },
            _ => Readied::UseAbility {
                ability: AbilityId(dice.pick(&self.ids)),
                target: dice.chance(3).then(|| dice.pick(&self.targets)),
            },
        }
    }

    fn intent(&self, dice: &mut Dice<'_>) -> Intent {
        match dice.below(15) {
            0 => Intent::Attack {
                target: dice.pick(&self.targets),
                attack: AttackId(dice.pick(&self.ids)),
                maneuver: dice.pick(&self.maneuvers),
            },
            1 => Intent::Move {
                to: dice.pick(&self.regions),
            },
            2 => Intent::Engage {
                target: dice.pick(&self.targets),
            },
            3 => Intent::Disengage,
            4 => Intent::Ready {
                trigger: dice.pick(&[
                    Trigger::EnemyMoves,
                    Trigger::EnemyEngagesMe,
                    Trigger::EnemyAttacksMe,
                ]),
                intent: self.readied(dice),
            },
            5 => Intent::Delay,
            6 => Intent::Defend,
            7 => Intent::UseAbility {
                ability: AbilityId(dice.pick(&self.ids)),
                target: (!dice.chance(3)).then(|| dice.pick(&self.targets)),
            },
            8 => Intent::Rally,
            9 => Intent::Stabilize {
                target: dice.pick(&self.targets),
            },
            10 => Intent::Retreat,
            11 => Intent::Flee,
            12 => Intent::Pass,
            13 => Intent::EndTurn,
            _ => Intent::Surrender,
        }
    }

    /// A made-up request: a random actor (its own controller half the time), a random intent.
    /// Never one of the options a decider of `live` is offered, sent by its controller (that
    /// one the engine may accept).
    fn request(&self, dice: &mut Dice<'_>, world: &World, live: &[Entity]) -> ActionRequest {
        let pending: Vec<_> = live.iter().flat_map(|e| decisions(world, *e)).collect();
        loop {
            let actor = if dice.chance(3) {
                pending
                    .get(dice.below(pending.len().max(1)))
                    .map_or(Entity::PLACEHOLDER, |d| d.actor)
            } else {
                dice.pick(&self.entities)
            };
            let controller = match player_of(world, actor) {
                Some(p) if !dice.chance(3) => p,
                _ => PlayerId(u32::try_from(dice.below(5)).unwrap_or(0)),
            };
            let intent = if dice.chance(4) {
                // One of the decider's offers, but maybe from another actor or controller.
                pending
                    .get(dice.below(pending.len().max(1)))
                    .and_then(|d| d.options.get(dice.below(d.options.len())))
                    .map_or(Intent::EndTurn, |o| o.intent)
            } else {
                self.intent(dice)
            };
            let acceptable = pending.iter().any(|d| {
                d.actor == actor
                    && player_of(world, actor) == Some(controller)
                    && d.options.iter().any(|o| o.intent == intent)
            });
            // Once a fuzzer's bytes run out every choice is the first one, which may be an
            // offer: it is sent as it is (a legal move may be accepted, and is played).
            if !acceptable || dice.exhausted() {
                return ActionRequest {
                    actor,
                    controller,
                    intent,
                };
            }
        }
    }
}

/// The log of `e` without its rejections, as JSON lines.
fn log_without_rejections(world: &World, e: Entity) -> String {
    world
        .get::<CombatLog>(e)
        .map(|log| {
            log.entries()
                .iter()
                .filter(|l| !matches!(l.event, LogEvent::Rejected { .. }))
                .filter_map(|l| serde_json::to_string(l).ok())
                .collect::<Vec<_>>()
                .join("\n")
        })
        .unwrap_or_default()
}

/// Sends `requests` at once and steps the World with `step`; every request must be answered
/// by at most one rejection, each with a reason. Returns the indices of the requests that got
/// none (accepted), or what went wrong.
fn judge(
    world: &mut World,
    requests: &[ActionRequest],
    step: impl FnOnce(&mut World),
) -> Result<Vec<usize>, String> {
    for r in requests {
        send(world, r.actor, r.controller, r.intent);
    }
    step(world);
    let rejected = take_rejections(world);
    let mut answered = vec![false; requests.len()];
    for r in &rejected {
        if r.reason.to_string().trim().is_empty() {
            return Err(format!("a rejection without a reason: {r:?}"));
        }
        // A burst may hold the same actor and intent from its own player and from another.
        // The core judges the sender first: "not your combatant" answers another's request,
        // every later reason the owner's ("unknown actor" comes before and answers anyone's).
        let owner = player_of(world, r.actor);
        let sender_fits = |c: PlayerId| match r.reason {
            RejectReason::UnknownActor => true,
            RejectReason::NotYourCombatant => owner != Some(c),
            _ => owner.is_none_or(|o| o == c),
        };
        let Some(i) = (0..requests.len()).find(|&i| {
            !answered[i]
                && requests[i].actor == r.actor
                && requests[i].intent == r.intent
                && sender_fits(requests[i].controller)
        }) else {
            return Err(format!(
                "a rejection of a request never sent (or rejected twice): {r:?}\n  requests: {requests:?}"
            ));
        };
        answered[i] = true;
    }
    Ok((0..requests.len()).filter(|&i| !answered[i]).collect())
}

/// Whether an accepted made-up request is a move the decider may legally make: sent by a
/// decider of `live` from its own controller, aimed only at `live`'s combatants and regions.
/// (Whether every legal move is offered is check 6's business; a made-up request that is legal
/// is simply played.)
fn plausible(
    world: &World,
    live: Entity,
    pending: &[fray_core::client::Decision],
    r: &ActionRequest,
) -> bool {
    let decider = pending
        .iter()
        .any(|d| d.actor == r.actor && player_of(world, r.actor) == Some(r.controller));
    let own = roster(world, live);
    let target_ok = r.intent.target().is_none_or(|t| own.contains(&t));
    let regions = world.get::<EncounterMap>(live).map_or(0, EncounterMap::len);
    let region_ok = match r.intent {
        Intent::Move { to }
        | Intent::Ready {
            intent: Readied::Move { to },
            ..
        } => to.index() < regions,
        _ => true,
    };
    decider && target_ok && region_ok
}

/// The fights of phase A for one encounter of the suite, kept from one input to the next: a
/// fight of external players (`live`, reset in place for each input) and an AI fight beside
/// it, played to its end once (no request may change it). Building a World and its schedules,
/// and playing the fight beside, cost more than most inputs.
struct Driven {
    world: World,
    live: Entity,
    beside: Entity,
    pool: Pool,
    /// The live fight's state as of the last burst (or reset).
    live_state: TrackedState,
    /// The fight beside's state since it ended.
    beside_state: TrackedState,
}

impl Driven {
    /// The arena for `specs[index]`, with `specs[index + 1]` (wrapping) fought beside it.
    fn new(
        conf: &Conformance,
        content: &Arc<ContentDb>,
        specs: &[EncounterSpec],
        index: usize,
    ) -> Self {
        let spec = &specs[index];
        let other = &specs[(index + 1) % specs.len()];
        let seed = derive_seed(0xF022, index as u64);
        let mut world = world_of(conf, content);
        let live = spawn(&mut world, &spec.id, &external_settings(spec, seed));
        let policies = vec!["random"; other.sides.len()];
        let beside = spawn(
            &mut world,
            &other.id,
            &ai_settings(other, seed, true, &policies),
        );
        let pool = Pool::new(conf, &mut world, &[live, beside]);
        let live_state = TrackedState::new(&mut world, live);
        let beside_state = TrackedState::new(&mut world, beside);
        let mut arena = Self {
            world,
            live,
            beside,
            pool,
            live_state,
            beside_state,
        };
        arena.replay_beside(other, seed);
        arena
    }

    /// Plays the fight beside from its start to its end (again, when its log has grown long
    /// with the rejections of earlier inputs).
    fn replay_beside(&mut self, other: &EncounterSpec, seed: u64) {
        let policies = vec!["random"; other.sides.len()];
        reset(
            &mut self.world,
            self.beside,
            &ai_settings(other, seed, true, &policies),
        );
        run_until_blocked(&mut self.world, 1_000_000);
        take_rejections(&mut self.world);
        self.beside_state = TrackedState::new(&mut self.world, self.beside);
    }

    /// Readies the arena for an input: `live` from its start with `seed`; the fight beside
    /// replayed when its log is long.
    fn ready(&mut self, specs: &[EncounterSpec], index: usize, seed: u64) {
        let spec = &specs[index];
        reset(&mut self.world, self.live, &external_settings(spec, seed));
        let logged = self
            .world
            .get::<CombatLog>(self.beside)
            .map_or(0, |l| l.entries().len());
        if logged > MAX_BESIDE_LOG {
            let other = &specs[(index + 1) % specs.len()];
            self.replay_beside(other, derive_seed(0xF022, index as u64));
        }
        take_rejections(&mut self.world);
    }
}

/// The log length past which the fight beside is replayed (it keeps the rejections of every
/// input).
const MAX_BESIDE_LOG: usize = 4096;

/// The fights of phase B for one encounter of the suite, kept from one input to the next and
/// reset in place for each: the AI fight that gets the requests, and its untouched twin.
struct Stepped {
    fuzzed: World,
    f: Entity,
    clean: World,
    c: Entity,
    pool: Pool,
    /// The states of both fights as of the end of the last input: at the end of the next,
    /// only what either World wrote since is serialized again to compare them.
    fuzzed_state: TrackedState,
    clean_state: TrackedState,
}

impl Stepped {
    fn new(conf: &Conformance, content: &Arc<ContentDb>, spec: &EncounterSpec) -> Self {
        let settings = ai_settings(spec, 0, true, &[]);
        let mut fuzzed = world_of(conf, content);
        let mut clean = world_of(conf, content);
        let f = spawn(&mut fuzzed, &spec.id, &settings);
        let c = spawn(&mut clean, &spec.id, &settings);
        Self {
            pool: Pool::new(conf, &mut fuzzed, &[f]),
            fuzzed_state: TrackedState::new(&mut fuzzed, f),
            clean_state: TrackedState::new(&mut clean, c),
            fuzzed,
            f,
            clean,
            c,
        }
    }

    /// Readies both fights for an input: from their start with `settings`.
    fn ready(&mut self, settings: &EncounterSettings) {
        reset(&mut self.fuzzed, self.f, settings);
        reset(&mut self.clean, self.c, settings);
        take_rejections(&mut self.fuzzed);
        take_rejections(&mut self.clean);
    }
}

/// A World with the ruleset of `conf` and `content`, taken out of its app (the schedules live
/// in the World).
fn world_of(conf: &Conformance, content: &Arc<ContentDb>) -> World {
    std::mem::take(app(conf, content).world_mut())
}

/// Resets `encounter` in place (panics with the error: a spawned encounter must reset), and
/// forgets every request and answer still in the World's queues: an input that ended right
/// after the player sent its move leaves that request behind, and the next input must not
/// depend on the one before.
fn reset(world: &mut World, encounter: Entity, settings: &EncounterSettings) {
    world
        .reset_encounter(encounter, settings)
        .unwrap_or_else(|e| panic!("the encounter does not reset: {e}"));
    clear_messages(world);
}

/// The arenas of every encounter of a ruleset, made when first needed.
struct Arenas {
    driven: Vec<Option<Driven>>,
    stepped: Vec<Option<Stepped>>,
}

impl Arenas {
    fn new(specs: &[EncounterSpec]) -> Self {
        Self {
            driven: specs.iter().map(|_| None).collect(),
            stepped: specs.iter().map(|_| None).collect(),
        }
    }

    /// Plays round `n` of check 8 (input `n`, for a fuzzer): one in four a stepped AI fight,
    /// else a driven fight of external players. Returns the requests sent and how many were
    /// accepted.
    fn play(
        &mut self,
        conf: &Conformance,
        content: &Arc<ContentDb>,
        specs: &[EncounterSpec],
        n: usize,
        dice: &mut Dice<'_>,
        budget: u64,
    ) -> (u64, u64) {
        let index = n % specs.len();
        if n % 4 == 3 {
            let arena = self.stepped[index]
                .get_or_insert_with(|| Stepped::new(conf, content, &specs[index]));
            (stepped(conf, arena, &specs[index], n, dice), 0)
        } else {
            let arena =
                self.driven[index].get_or_insert_with(|| Driven::new(conf, content, specs, index));
            let seed = derive_seed(0xF022, n as u64);
            arena.ready(specs, index, seed);
            driven(conf, arena, &specs[index], seed, dice, budget)
        }
    }
}

/// Phase A: a fight of external players, with an AI fight (over) beside it; at its decision
/// points and after it ends, bursts of made-up requests: each rejected with a reason, neither
/// fight changed. A made-up request that happens to be a legal move of the decider may be
/// accepted (it is then played); one aimed elsewhere may not. Returns the requests sent and
/// how many were accepted.
fn driven(
    conf: &Conformance,
    arena: &mut Driven,
    spec: &EncounterSpec,
    seed: u64,
    dice: &mut Dice<'_>,
    budget: u64,
) -> (u64, u64) {
    let Driven {
        world,
        live,
        pool,
        live_state,
        beside_state,
        ..
    } = arena;
    let live = *live;
    let what = format!("{} seed {seed}", spec.id);
    let mut player = Player::new(seed, conf.policies);
    let (mut sent, mut accepted) = (0u64, 0u64);
    for point in 0..20_000usize {
        if dice.exhausted() {
            return (sent, accepted);
        }
        run_until_blocked(world, 1_000_000);
        let stray = take_rejections(world);
        assert!(
            stray.is_empty(),
            "{what}: the player's choice was rejected: {stray:?}"
        );
        let over = is_over(world, live);
        if over || dice.chance(2) {
            let count = 1 + dice.below(6);
            let requests: Vec<ActionRequest> = (0..count)
                .map(|_| pool.request(dice, world, &[live]))
                .collect();
            let pending = decisions(world, live);
            // The state before the burst: what the player's last move changed, written again.
            live_state.refresh(world);
            let logged = world
                .get::<CombatLog>(live)
                .map_or(0, |l| l.entries().len());
            let taken = judge(world, &requests, |w| {
                run_until_blocked(w, 1_000_000);
            })
            .unwrap_or_else(|why| panic!("{what}, decision point {point}: {why}"));
            sent += count as u64;
            for &i in &taken {
                let r = &requests[i];
                assert!(
                    plausible(world, live, &pending, r),
                    "{what}, decision point {point}: the engine accepted a bad request: {}",
                    describe_request(world, r.actor, r.controller, &r.intent)
                );
            }
            if let Some(changed) = beside_state.refresh(world).beyond_counters() {
                panic!(
                    "{what}, decision point {point}: bad requests {requests:?} changed the fight beside it:\n{changed}"
                );
            }
            let live_changes = live_state.refresh(world);
            if taken.is_empty() {
                if let Some(changed) = live_changes.beyond_counters() {
                    panic!(
                        "{what}, decision point {point}: bad requests {requests:?} changed the fight:\n{changed}"
                    );
                }
                let log = world
                    .get::<CombatLog>(live)
                    .map(|l| l.entries()[logged.min(l.entries().len())..].to_vec())
                    .unwrap_or_default();
                assert!(
                    log.iter()
                        .all(|l| matches!(l.event, LogEvent::Rejected { .. })),
                    "{what}, decision point {point}: bad requests logged more than their rejections: {log:?}"
                );
            } else {
                accepted += taken.len() as u64;
                // The fight moved on; let the player answer what it waits on now.
                continue;
            }
        }
        if over || sent >= budget {
            return (sent, accepted);
        }
        player.answer(world, live);
    }
    panic!("{what}: not over after 20 000 decision points");
}

/// Phase B: an AI fight stepped tick by tick, with bursts of made-up requests at random
/// moments (before the first tick, mid-round, mid-reaction), beside a twin fight that gets
/// none: every request rejected with a reason, and the twin's log and state are the fuzzed
/// fight's, but for the rejections. Returns the requests sent.
fn stepped(
    conf: &Conformance,
    arena: &mut Stepped,
    spec: &EncounterSpec,
    n: usize,
    dice: &mut Dice<'_>,
) -> u64 {
    let seed = derive_seed(0xF023, n as u64);
    let p = conf.policies.len().max(1);
    let policies: Vec<&str> = (0..spec.sides.len())
        .map(|i| {
            conf.policies
                .get((n + i) % p)
                .copied()
                .unwrap_or("tactical")
        })
        .collect();
    let settings = ai_settings(spec, seed, true, &policies);
    arena.ready(&settings);
    let Stepped {
        fuzzed,
        f,
        clean,
        c,
        pool,
        fuzzed_state,
        clean_state,
    } = arena;
    let (f, c) = (*f, *c);
    let what = format!("{} seed {seed} (AI {policies:?})", spec.id);
    let mut sent = 0u64;
    for step in 0..100_000usize {
        if dice.exhausted() || is_over(fuzzed, f) && is_over(clean, c) {
            break;
        }
        let requests: Vec<ActionRequest> = if dice.chance(3) {
            (0..1 + dice.below(4))
                .map(|_| pool.request(dice, fuzzed, &[]))
                .collect()
        } else {
            Vec::new()
        };
        sent += requests.len() as u64;
        let taken = judge(fuzzed, &requests, |w| {
            tick(w);
        })
        .unwrap_or_else(|why| panic!("{what}, tick {step}: {why}"));
        if let Some(&i) = taken.first() {
            let r = &requests[i];
            panic!(
                "{what}, tick {step}: the engine accepted a request for an AI fight: {}",
                describe_request(fuzzed, r.actor, r.controller, &r.intent)
            );
        }
        tick(clean);
        take_rejections(clean);
    }
    let (a, b) = (
        log_without_rejections(clean, c),
        log_without_rejections(fuzzed, f),
    );
    assert!(
        a == b,
        "{what}: bad requests at random moments changed the fight's log: {}",
        first_difference(&a, &b)
    );
    clean_state.refresh(clean);
    fuzzed_state.refresh(fuzzed);
    if !clean_state.same_as(fuzzed_state) {
        let (a, b) = (state(clean, c), state(fuzzed, f));
        panic!(
            "{what}: bad requests at random moments changed the fight: {}",
            save_difference(&a, &b)
        );
    }
    sent
}

/// Check 8: [`Budget::fuzz_requests`](super::Budget::fuzz_requests) made-up requests (random
/// intents with random arguments, actors that are combatants of this fight or of another,
/// down or dead, regions, encounters, despawned entities or the placeholder, from the right or
/// a wrong controller; targets the same, but for another fight's combatants, which
/// [`intents_aimed_at_another_fight_are_refused`](super::intents_aimed_at_another_fight_are_refused)
/// tries), sent in bursts at random moments: at the decision points of fights of
/// external players (with an AI fight beside them), after they end, and between the ticks of
/// AI fights. None panics; each gets exactly one rejection with a non-empty reason; and
/// nothing changes but the log's rejections and the rejection counter (compared with a
/// serialization of the fights, and for AI fights with a twin fight that got no requests).
/// Requests a decider could legally send (an offered option from its own controller) are not
/// made up; a made-up one that happens to be a legal move of the decider, aimed within its own
/// fight, may be accepted and is played (whether every legal move is offered is check 6's
/// business); any other accepted request fails the check. The fights are reset in place from
/// one round of the check to the next, as batches reset theirs.
pub fn bad_requests_never_panic(conf: &Conformance) {
    let content = content(conf);
    let specs = encounters(conf, &content);
    let mut arenas = Arenas::new(&specs);
    let mut dice = Dice::Seeded(EncounterRng::from_seed(0xBAD_5EED));
    let budget = conf.budget.fuzz_requests;
    let (mut sent, mut accepted) = (0u64, 0u64);
    let mut n = 0usize;
    while sent < budget {
        let (s, a) = arenas.play(conf, &content, &specs, n, &mut dice, budget - sent);
        sent += s;
        accepted += a;
        n += 1;
    }
    if accepted > 0 {
        eprintln!(
            "{accepted} of {sent} made-up requests were legal moves of the decider, and were played"
        );
    }
}

/// Check 8 driven by a coverage-guided fuzzer: the content and encounters of one ruleset,
/// loaded once, and [`run`](Self::run) plays one fuzzer input. The fights are kept from one
/// input to the next and reset in place (as batches reset theirs), so an input costs what its
/// requests and moves cost, not a new World.
pub struct RequestFuzz {
    conf: Conformance,
    content: Arc<ContentDb>,
    specs: Vec<EncounterSpec>,
    arenas: Mutex<Arenas>,
}

impl RequestFuzz {
    /// Loads `conf`'s built-in content (panics when it does not load).
    pub fn new(conf: &Conformance) -> Self {
        let content = content(conf);
        let specs = encounters(conf, &content);
        Self {
            conf: *conf,
            arenas: Mutex::new(Arenas::new(&specs)),
            content,
            specs,
        }
    }

    /// Plays one input: its first two bytes pick the encounter, the seed and the phase (one
    /// in four a stepped AI fight beside an untouched twin, else a fight of external players
    /// at its decision points); the rest make up the requests, their moments and their
    /// shapes, until they run out. Panics, as [`bad_requests_never_panic`] does, when a bad
    /// request is accepted, is not answered by exactly one rejection with a reason, or
    /// changes anything; the debug invariants run at every tick.
    pub fn run(&self, data: &[u8]) {
        let n = usize::from(u16::from_le_bytes([
            data.first().copied().unwrap_or(0),
            data.get(1).copied().unwrap_or(0),
        ]));
        let mut dice = Dice::Bytes {
            data: data.get(2..).unwrap_or_default(),
            at: 0,
        };
        // A panic leaves the arenas as they were: the fuzzer stops at the first one anyway.
        let mut arenas = self
            .arenas
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        arenas.play(
            &self.conf,
            &self.content,
            &self.specs,
            n,
            &mut dice,
            u64::MAX,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A burst with the same attack from its owner and from another player, the owner's
    /// taken: the "not your combatant" refusal answers the other player's request, so the one
    /// taken is the owner's.
    #[test]
    fn a_refusal_as_not_yours_answers_the_request_of_the_player_who_does_not_control_it() {
        let mut world = World::new();
        world.init_resource::<Messages<ActionRequest>>();
        world.init_resource::<Messages<ActionRejected>>();
        let actor = world.spawn(Controller::External(PlayerId(2))).id();
        let target = world.spawn_empty().id();
        let intent = Intent::Attack {
            target,
            attack: AttackId(0),
            maneuver: Maneuver::STANDARD,
        };
        let from = |controller| ActionRequest {
            actor,
            controller,
            intent,
        };
        let refuse = |w: &mut World| {
            w.write_message(ActionRejected {
                encounter: None,
                actor,
                intent,
                reason: RejectReason::NotYourCombatant,
            });
        };
        let owner_first = [from(PlayerId(2)), from(PlayerId(0))];
        assert_eq!(judge(&mut world, &owner_first, refuse), Ok(vec![0]));
        let other_first = [from(PlayerId(0)), from(PlayerId(2))];
        assert_eq!(judge(&mut world, &other_first, refuse), Ok(vec![1]));
    }
}
