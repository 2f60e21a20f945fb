//! Playing a decision forward: the forward model a policy that looks ahead asks for.
//!
//! A decision is made inside a ruleset's `Decide` system, which holds the encounter's
//! components but not the World. A policy that looks ahead
//! ([`Controllers::looks_ahead`]) is therefore asked in two passes: the kit's `Decide` system
//! leaves its decision unanswered and notes the encounter in the World's [`ForwardModel`];
//! then, still in `Decide` and before any request is judged, an exclusive system copies each
//! noted encounter (every registered saved component of its entities, as a save would, but
//! without the text and without its log) into a bare template World, and asks the decision
//! again with a [`PlayForward`] at hand. Playing forward copies the template once per rollout
//! into a scratch World that has the same rules installed (built once by
//! [`ForwardModel::install`], then reused), gives each copy fresh dice (seeds derived from the
//! encounter's seed, the decision and the rollout index, never drawn from the encounter's own
//! streams), forces the candidate option at the copy's first decision of the decider, and
//! plays every copy side by side, tick by tick, with the controllers' rollout policies
//! ([`Controllers::in_rollout`], which never look ahead), until each fight ends or the horizon
//! is reached. The real encounter is never touched: only the decision's answer reaches it.
//!
//! A World without a [`ForwardModel`] asks every decision in one pass, without a forward
//! model: a policy that looks ahead then decides as it would without looking.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use bevy_app::App;
use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;

use crate::combatant::Hp;
use crate::encounter::Encounter;
use crate::ids::SideId;
use crate::kit::{AiControllers, AiDecision, Controllers, DecisionKind};
use crate::lineup::Lineup;
use crate::log::CombatLog;
use crate::outcome::Outcome;
use crate::rng::{DecisionRng, EncounterRng, derive_seed};
use crate::save::{SaveRegistry, copy_entities, encounter_entities, restore_encounter};
use crate::spawn::Content;

/// The registered name of the log, which copies leave out (they play with an empty log that
/// records nothing).
const LOG: &str = "fray_core::CombatLog";

/// Ticks a rollout batch may take at most: a guard (a fight that stops progressing is
/// declared stalled by the core long before).
const MAX_ROLLOUT_TICKS: u32 = 100_000;

/// The stream of an encounter's seed that rollouts derive their dice from.
const ROLLOUT_STREAM: u64 = 0x0001_00CA_4EAD;

/// The forward model of a World: how to build a scratch World with the same rules, the scratch
/// Worlds built so far, and the encounters whose decision waits on it this tick. A headless
/// runner inserts it ([`ForwardModel::new`] with the function that installed its own rules);
/// without it, policies that look ahead decide without looking.
#[derive(Resource)]
pub struct ForwardModel {
    install: fn(&mut App),
    pending: Mutex<Vec<Entity>>,
    any: AtomicBool,
    scratch: Mutex<Vec<Scratch>>,
}

impl ForwardModel {
    /// A forward model whose scratch Worlds `install` sets up (the same function that set up
    /// this World: the core, the AI and the rulesets; the content is taken from this World).
    pub fn new(install: fn(&mut App)) -> Self {
        Self {
            install,
            pending: Mutex::new(Vec::new()),
            any: AtomicBool::new(false),
            scratch: Mutex::new(Vec::new()),
        }
    }

    /// Notes that `encounter` has a decision to play forward this tick.
    pub(crate) fn defer(&self, encounter: Entity) {
        let mut pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        if !pending.contains(&encounter) {
            pending.push(encounter);
        }
        self.any.store(true, Ordering::Relaxed);
    }

    /// The encounters noted, in entity order (each encounter is decided on its own, so the
    /// order changes nothing but the scratch World's entity ids).
    fn take_pending(&self) -> Vec<Entity> {
        self.any.store(false, Ordering::Relaxed);
        let mut pending =
            std::mem::take(&mut *self.pending.lock().unwrap_or_else(PoisonError::into_inner));
        pending.sort();
        pending
    }
}

/// How each ruleset asks an encounter's decisions again with a forward model at hand, by
/// ruleset id (each [`RulesetPlugin`](crate::kit::RulesetPlugin) adds its own).
#[derive(Resource, Default, Clone)]
pub(crate) struct AheadDeciders(pub BTreeMap<&'static str, AheadDecider>);

/// Asks an encounter's decisions left for the forward model again, with one at hand.
pub(crate) type AheadDecider = fn(&mut World, Entity, &mut dyn PlayForward);

/// Whether an encounter waits on its forward model (the exclusive pass runs only then).
pub(crate) fn ahead_pending(model: Option<Res<ForwardModel>>) -> bool {
    model.is_some_and(|m| m.any.load(Ordering::Relaxed))
}

/// One rollout to play: option `choice` of the decision, with the dice of rollout `rollout`
/// (the same index gives the same dice to every candidate: common random numbers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Play {
    /// The option of the decision played first.
    pub choice: usize,
    /// The rollout's index: its dice derive from the encounter's seed, the decision and it.
    pub rollout: u32,
}

/// How a rollout ended: the fight's outcome if it ended within the horizon, and each side's
/// hit points left.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// The outcome, if the fight ended.
    pub outcome: Option<Outcome>,
    /// Each side's hit points (index: [`SideId`]): the current hit points (at least 0) of its
    /// combatants still able to act, and the maximum of all of them.
    pub sides: Vec<SideHp>,
}

/// A side's hit points at the end of a rollout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SideHp {
    /// Hit points left on the side's active combatants.
    pub left: i64,
    /// The side's total maximum hit points.
    pub max: i64,
}

impl SideHp {
    /// The fraction of its hit points the side has left (0 for a side with none).
    pub fn fraction(self) -> f32 {
        if self.max <= 0 {
            0.0
        } else {
            (self.left as f64 / self.max as f64).clamp(0.0, 1.0) as f32
        }
    }
}

impl Played {
    /// The hit points side `side` has left.
    pub fn side(&self, side: SideId) -> SideHp {
        self.sides
            .get(usize::from(side.0))
            .copied()
            .unwrap_or_default()
    }
}

/// What a decision plays forward with: copies of its encounter as it stands. Implemented by
/// the kit; a policy reaches it through [`AiDecision::play_forward`].
pub trait PlayForward {
    /// Plays each of `plays` from the decision of `actor` (of kind `kind`), each in its own
    /// copy, for at most `horizon` rounds after the current one, and says how each went, in
    /// order. The copies' later decisions are taken by the rollout policies.
    fn play(
        &mut self,
        actor: Entity,
        kind: DecisionKind,
        plays: &[Play],
        horizon: u32,
    ) -> Vec<Played>;
}

/// A scratch World with the rules installed, a bare World for templates, and the controllers
/// the scratch World's copies play with.
struct Scratch {
    play: World,
    template: World,
    controllers: Arc<RolloutControllers>,
    content: Option<Arc<ContentDb>>,
}

impl Scratch {
    /// A scratch World set up by `install` with `content`, whose AI plays `controllers`' rollout
    /// policies.
    fn new(
        install: fn(&mut App),
        content: Option<Arc<ContentDb>>,
        controllers: Arc<dyn Controllers>,
    ) -> Self {
        let mut app = App::new();
        install(&mut app);
        if let Some(content) = &content {
            app.insert_resource(Content(content.clone()));
        }
        app.finish();
        app.cleanup();
        let mut play = std::mem::take(app.world_mut());
        let controllers = Arc::new(RolloutControllers {
            inner: controllers,
            forced: Mutex::new(Vec::new()),
        });
        play.insert_resource(AiControllers(controllers.clone()));
        Self {
            play,
            template: World::new(),
            controllers,
            content,
        }
    }
}

/// The controllers of the copies: every decision by the real controllers' rollout policies,
/// except the decisions forced on each copy's decider.
struct RolloutControllers {
    inner: Arc<dyn Controllers>,
    /// `(decider in a copy, kind, option)`: the first such decision takes the option.
    forced: Mutex<Vec<(Entity, DecisionKind, usize)>>,
}

impl RolloutControllers {
    fn forced(&self) -> std::sync::MutexGuard<'_, Vec<(Entity, DecisionKind, usize)>> {
        self.forced.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Controllers for RolloutControllers {
    fn policy(&self, name: &str) -> Option<u32> {
        self.inner.policy(name)
    }

    fn choose(&self, policy: u32, decision: &mut dyn AiDecision) -> Option<usize> {
        let (actor, kind) = (decision.actor(), decision.kind());
        let forced = {
            let mut forced = self.forced();
            forced
                .iter()
                .position(|f| f.0 == actor && f.1 == kind)
                .map(|i| forced.swap_remove(i).2)
        };
        match forced {
            Some(choice) if choice < decision.options().len() => Some(choice),
            _ => self.inner.choose(self.inner.in_rollout(policy), decision),
        }
    }

    /// The same kinds as the real policy, so a forced decision is offered the very options
    /// the real one was.
    fn passes_over(&self, policy: u32, kind: crate::intent::IntentKind) -> bool {
        self.inner.passes_over(policy, kind)
    }
}

/// An encounter copied into a template, ready to play forward.
struct Forward<'s> {
    scratch: &'s mut Scratch,
    registry: SaveRegistry,
    /// The real entities, in the copied order (the encounter first).
    real: Vec<Entity>,
    /// Their copies in the template World.
    template: Vec<Entity>,
    /// The encounter's seed, for the rollouts' dice.
    seed: u64,
}

/// What identifies a decision among an encounter's decisions, for its rollouts' seeds.
fn decision_key(world: &World, encounter: Entity) -> u64 {
    let (round, actions) = world
        .get::<Encounter>(encounter)
        .map_or((0, 0), |e| (e.round, e.actions));
    let (serial, version) = world
        .get::<crate::turn::Turn>(encounter)
        .map_or((0, 0), |t| (t.serial, t.version));
    [u64::from(round), u64::from(actions), u64::from(serial)]
        .into_iter()
        .fold(u64::from(version), derive_seed)
}

impl PlayForward for Forward<'_> {
    fn play(
        &mut self,
        actor: Entity,
        kind: DecisionKind,
        plays: &[Play],
        horizon: u32,
    ) -> Vec<Played> {
        let Some(decider) = self.real.iter().position(|e| *e == actor) else {
            return Vec::new();
        };
        let key = derive_seed(self.seed, ROLLOUT_STREAM ^ decider as u64);
        let play = &mut self.scratch.play;
        let mut copies: Vec<(Vec<Entity>, u32, usize)> = Vec::with_capacity(plays.len());
        let mut results: Vec<Option<Played>> = vec![None; plays.len()];
        for (i, p) in plays.iter().enumerate() {
            let Ok(fresh) = copy_entities(
                &self.scratch.template,
                &self.template,
                play,
                Some(&self.registry),
                |_| true,
            ) else {
                continue;
            };
            let Some(&encounter) = fresh.first() else {
                continue;
            };
            let seed = derive_seed(key, u64::from(p.rollout));
            let mut entity = play.entity_mut(encounter);
            entity.insert(CombatLog::new(false));
            if let Some(mut rng) = entity.get_mut::<EncounterRng>() {
                rng.reseed(seed);
            }
            if let Some(mut rng) = entity.get_mut::<DecisionRng>() {
                rng.reseed(seed);
            }
            let round = entity.get::<Encounter>().map_or(0, |e| e.round);
            restore_encounter(play, encounter);
            if let Some(&copy) = fresh.get(decider) {
                self.scratch
                    .controllers
                    .forced()
                    .push((copy, kind, p.choice));
            }
            copies.push((fresh, round, i));
        }
        let mut live = copies.len();
        let mut ticks = 0;
        while live > 0 && ticks < MAX_ROLLOUT_TICKS {
            crate::drive::tick(play);
            ticks += 1;
            for (fresh, start, i) in &mut copies {
                let Some(&encounter) = fresh.first() else {
                    continue;
                };
                if results[*i].is_some() {
                    continue;
                }
                let Some(e) = play.get::<Encounter>(encounter) else {
                    continue;
                };
                if e.is_over() || e.round > start.saturating_add(horizon) {
                    results[*i] = Some(played(play, encounter));
                    live -= 1;
                    despawn(play, fresh);
                }
            }
        }
        for (fresh, _, i) in &mut copies {
            if results[*i].is_none()
                && let Some(&encounter) = fresh.first()
            {
                results[*i] = Some(played(play, encounter));
            }
            despawn(play, fresh);
        }
        self.scratch.controllers.forced().clear();
        crate::drive::update_messages(play);
        crate::drive::update_messages(play);
        play.clear_trackers();
        results
            .into_iter()
            .map(|r| {
                r.unwrap_or(Played {
                    outcome: None,
                    sides: Vec::new(),
                })
            })
            .collect()
    }
}

/// How the copy `encounter` stands: its outcome and each side's hit points.
fn played(world: &World, encounter: Entity) -> Played {
    let outcome = world
        .get::<Encounter>(encounter)
        .and_then(Encounter::outcome);
    let mut sides: Vec<SideHp> = Vec::new();
    if let Some(lineup) = world.get::<Lineup>(encounter) {
        for (_, row) in lineup.iter() {
            let i = usize::from(row.side.0);
            if sides.len() <= i {
                sides.resize(i + 1, SideHp::default());
            }
            let Hp { current, max, .. } = row.hp;
            sides[i].max += i64::from(max.max(0));
            if row.status.is_active() {
                sides[i].left += i64::from(current.max(0));
            }
        }
    }
    Played { outcome, sides }
}

/// Despawns the entities of a copy still there.
fn despawn(world: &mut World, entities: &mut Vec<Entity>) {
    for e in entities.drain(..) {
        if world.get_entity(e).is_ok() {
            world.despawn(e);
        }
    }
}

/// `Decide`, after the rulesets' systems: the decisions left for the forward model are asked
/// again, each encounter copied first and its rollouts played in a scratch World.
pub(crate) fn decide_ahead(world: &mut World) {
    let Some(model) = world.get_resource::<ForwardModel>() else {
        return;
    };
    let pending = model.take_pending();
    let install = model.install;
    let scratch = model
        .scratch
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .pop();
    let Some(controllers) = world.get_resource::<AiControllers>().map(|c| c.0.clone()) else {
        return;
    };
    let content = world.get_resource::<Content>().map(|c| c.0.clone());
    let same_content = |s: &Scratch| match (&s.content, &content) {
        (Some(a), Some(b)) => Arc::ptr_eq(a, b),
        (None, None) => true,
        _ => false,
    };
    let mut scratch = match scratch {
        Some(s) if same_content(&s) => s,
        _ => Scratch::new(install, content, controllers.clone()),
    };
    let registry = world
        .get_resource::<SaveRegistry>()
        .cloned()
        .unwrap_or_default();
    let deciders = world
        .get_resource::<AheadDeciders>()
        .cloned()
        .unwrap_or_default();
    for encounter in pending {
        let Some(decide) = world
            .get::<Encounter>(encounter)
            .and_then(|e| deciders.0.get(e.ruleset.as_str()).copied())
        else {
            continue;
        };
        let real = encounter_entities(world, encounter);
        scratch.template.clear_entities();
        let Ok(template) = copy_entities(world, &real, &mut scratch.template, None, |n| n != LOG)
        else {
            continue;
        };
        let seed = derive_seed(
            world.get::<Encounter>(encounter).map_or(0, |e| e.seed),
            decision_key(world, encounter),
        );
        let mut forward = Forward {
            scratch: &mut scratch,
            registry: registry.clone(),
            real,
            template,
            seed,
        };
        decide(world, encounter, &mut forward);
    }
    scratch.template.clear_entities();
    if let Some(model) = world.get_resource::<ForwardModel>() {
        model
            .scratch
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(scratch);
    }
}
