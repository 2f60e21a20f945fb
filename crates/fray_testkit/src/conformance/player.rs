//! A player for external sides: the built-in AI policies, choosing among the options a client
//! is offered ([`decisions`]) and answering with requests, as a game client would.

use bevy_ecs::prelude::*;
use fray_ai::BuiltinPolicies;
use fray_core::client::Decision as ClientDecision;
use fray_core::kit::prelude::*;
use fray_core::kit::{AiDecision, Controllers, DecisionKind, FightView};
use fray_core::lineup::Lineup;
use fray_core::prelude::*;
use fray_core::rng::{EncounterRng, derive_seed};
use fray_dice::DieSource;

use super::world::{player_of, send};

/// Plays the external sides of fights with the built-in AI policies (one per side), through
/// the client's interface: it reads [`decisions`], picks an offered option and sends it as an
/// [`ActionRequest`]. Its choices draw from its own seeded stream, so a clone of a player makes
/// the same choices in a copy of the fight.
#[derive(Debug, Clone)]
pub struct Player {
    rng: EncounterRng,
    policies: Vec<u32>,
    names: Vec<String>,
}

impl Player {
    /// A player seeded with `seed`, playing side `i` with `policies[i % len]`.
    pub fn new(seed: u64, policies: &[&str]) -> Self {
        let controllers = BuiltinPolicies;
        Self {
            rng: EncounterRng::from_seed(derive_seed(seed, 0x9_1A7E)),
            policies: policies
                .iter()
                .map(|p| controllers.policy(p).unwrap_or(0))
                .collect(),
            names: policies.iter().map(|p| (*p).to_string()).collect(),
        }
    }

    /// The policy names, by side.
    pub fn policies(&self) -> &[String] {
        &self.names
    }

    /// A number below `n` (at least 1), from the player's stream.
    pub fn below(&mut self, n: usize) -> usize {
        let n = u32::try_from(n.max(1)).unwrap_or(u32::MAX);
        self.rng.roll_die(n) as usize - 1
    }

    /// The index of the option the side's policy chooses in `decision`.
    pub fn choose(&mut self, world: &World, decision: &ClientDecision) -> usize {
        let side = world.get::<Side>(decision.actor).map_or(SideId(0), |s| s.0);
        let policy = match self.policies.len() {
            0 => 0,
            n => self.policies[side.index() % n],
        };
        let Some(map) = world.get::<EncounterMap>(decision.encounter) else {
            return 0;
        };
        let Some(lineup) = world.get::<Lineup>(decision.encounter) else {
            return 0;
        };
        let engagement = world.get::<Engagement>(decision.actor);
        let threat = engagement.map_or(0, |e| {
            e.foes()
                .filter(|f| world.get::<Status>(*f).is_some_and(|s| s.is_active()))
                .count()
        });
        let options: Vec<ActionOption> = decision
            .options
            .iter()
            .map(|o| ActionOption {
                intent: o.intent,
                cost: o.cost,
                preview: Some(o.preview),
                label: o.label.clone(),
                notes: o.notes.clone(),
            })
            .collect();
        let mut seat = Seat {
            kind: decision.kind,
            actor: decision.actor,
            side,
            options: &options,
            map,
            lineup,
            threat,
            engaged: engagement.is_some_and(Engagement::is_engaged),
            morale_broken: world
                .get::<Morale>(decision.actor)
                .is_some_and(|m| m.broken),
            rng: &mut self.rng,
        };
        BuiltinPolicies
            .choose(policy, &mut seat)
            .filter(|i| *i < options.len())
            .unwrap_or(0)
    }

    /// Answers every decision `encounter` waits on (sends one request each); returns how many.
    pub fn answer(&mut self, world: &mut World, encounter: Entity) -> usize {
        let pending = decisions(world, encounter);
        let mut sent = 0;
        for decision in &pending {
            let Some(player) = player_of(world, decision.actor) else {
                continue;
            };
            if decision.options.is_empty() {
                continue;
            }
            let i = self.choose(world, decision);
            send(world, decision.actor, player, decision.options[i].intent);
            sent += 1;
        }
        sent
    }
}

/// A decision as the policies see it, built from what a client is shown.
struct Seat<'a> {
    kind: DecisionKind,
    actor: Entity,
    side: SideId,
    options: &'a [ActionOption],
    map: &'a EncounterMap,
    lineup: &'a Lineup,
    threat: usize,
    engaged: bool,
    morale_broken: bool,
    rng: &'a mut EncounterRng,
}

impl AiDecision for Seat<'_> {
    fn kind(&self) -> DecisionKind {
        self.kind
    }

    fn actor(&self) -> Entity {
        self.actor
    }

    fn options(&self) -> &[ActionOption] {
        self.options
    }

    fn preview(&mut self, i: usize) -> Preview {
        self.options
            .get(i)
            .and_then(|o| o.preview)
            .unwrap_or_default()
    }

    fn fight(&self) -> FightView<'_> {
        FightView {
            actor: self.actor,
            side: self.side,
            map: self.map,
            lineup: self.lineup,
            threat: self.threat,
            engaged: self.engaged,
            morale_broken: self.morale_broken,
            tactics: Default::default(),
            standing: None,
        }
    }

    fn rng(&mut self) -> &mut EncounterRng {
        self.rng
    }
}
