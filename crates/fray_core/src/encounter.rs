//! The encounter entity: its state, roster and sides, and the relationship that ties every
//! other entity of the fight to it.

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::combatant::Controller;
use crate::ids::{CombatantId, SideId};
use crate::morale::MoraleState;
use crate::options::ActionOptions;
use crate::outcome::Outcome;
use crate::turn::{Turn, TurnOrder};

/// Points a combatant, region or effect at its encounter. Despawning the encounter despawns
/// everything that points at it.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[relationship(relationship_target = EncounterMembers)]
pub struct InEncounter(pub Entity);

/// Everything that belongs to an encounter (kept in sync by Bevy).
#[derive(Component, Debug, Default)]
#[relationship_target(relationship = InEncounter, linked_spawn)]
pub struct EncounterMembers(Vec<Entity>);

/// Where an encounter is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Phase {
    /// Spawned; initiative is rolled in the next tick.
    #[default]
    Setup,
    /// A new round starts this tick.
    RoundStart,
    /// The current actor's turn starts this tick.
    TurnStart,
    /// Waiting for, or resolving, the current actor's intents.
    Acting,
    /// A reaction window is open (opportunity attacks, intercepts, readied actions).
    Reacting,
    /// The current actor's turn ends this tick.
    TurnEnd,
    /// The fight is over; see [`Encounter::outcome`].
    Ended,
}

/// One fight. Many may live in one World; each has its own RNG, log, round and outcome.
#[derive(Component, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[require(Turn, TurnOrder, ActionOptions, MoraleState, Roster, Sides)]
pub struct Encounter {
    /// The content id it was spawned from.
    pub id: String,
    /// The ruleset id.
    pub ruleset: String,
    /// Current round (1-based; 0 before the fight starts).
    pub round: u32,
    /// Where the encounter is in its life.
    pub phase: Phase,
    /// Set when the fight is over.
    pub outcome: Option<Outcome>,
    /// The fight is a draw after this many rounds.
    pub max_rounds: u32,
    /// Serial for the next effect (effects are ordered by it).
    pub next_effect_serial: u32,
    /// Ticks in a row in which nothing happened (a guard against stuck encounters).
    pub idle_ticks: u32,
    /// Phase, turn version and serial seen at the end of the last tick (for `idle_ticks`).
    pub progress_mark: (Phase, u32, u32),
    /// Total intents resolved.
    pub actions: u32,
    /// Requests rejected (an AI policy should never cause one).
    pub rejections: u32,
    /// The seed the encounter was spawned with (other deterministic streams, such as the AI's,
    /// derive from it).
    pub seed: u64,
    /// Total turns started.
    pub turns: u32,
}

impl Encounter {
    /// A new encounter in [`Phase::Setup`].
    pub fn new(
        id: impl Into<String>,
        ruleset: impl Into<String>,
        max_rounds: u32,
        seed: u64,
    ) -> Self {
        Self {
            id: id.into(),
            ruleset: ruleset.into(),
            round: 0,
            phase: Phase::Setup,
            outcome: None,
            max_rounds: max_rounds.max(1),
            next_effect_serial: 0,
            idle_ticks: 0,
            progress_mark: (Phase::Setup, 0, 0),
            actions: 0,
            rejections: 0,
            seed,
            turns: 0,
        }
    }

    /// True once the fight is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Ended
    }
}

/// One line of the roster.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RosterEntry {
    /// The combatant's entity.
    pub entity: Entity,
    /// Display name (unique within the encounter).
    pub name: String,
    /// Its side.
    pub side: SideId,
    /// The statblock it was spawned from.
    pub statblock: String,
}

/// Every combatant of an encounter in a fixed order. Iterate this, never a query, wherever the
/// order matters: query order is not stable across worlds, the roster is.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[component(map_entities)]
pub struct Roster {
    /// Entries indexed by [`CombatantId`].
    pub entries: Vec<RosterEntry>,
}

impl Roster {
    /// The entry of a combatant id.
    pub fn get(&self, id: CombatantId) -> Option<&RosterEntry> {
        self.entries.get(id.index())
    }

    /// The combatant id of an entity.
    pub fn id_of(&self, entity: Entity) -> Option<CombatantId> {
        self.entries
            .iter()
            .position(|e| e.entity == entity)
            .map(|i| CombatantId(i as u16))
    }

    /// A combatant's display name, or `?` for an unknown id.
    pub fn name(&self, id: CombatantId) -> &str {
        self.get(id).map_or("?", |e| e.name.as_str())
    }

    /// Entities in roster order.
    pub fn entities(&self) -> impl Iterator<Item = Entity> + '_ {
        self.entries.iter().map(|e| e.entity)
    }

    /// Entities of one side, in roster order.
    pub fn side(&self, side: SideId) -> impl Iterator<Item = Entity> + '_ {
        self.entries
            .iter()
            .filter(move |e| e.side == side)
            .map(|e| e.entity)
    }
}

impl MapEntities for Roster {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        for e in &mut self.entries {
            e.entity = mapper.get_mapped(e.entity);
        }
    }
}

/// One side of an encounter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideInfo {
    /// The side's name.
    pub name: String,
    /// Who controls it.
    pub controller: Controller,
}

/// The sides of an encounter, indexed by [`SideId`].
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sides(pub Vec<SideInfo>);

impl Sides {
    /// A side's name, or `?`.
    pub fn name(&self, side: SideId) -> &str {
        self.0.get(side.index()).map_or("?", |s| s.name.as_str())
    }

    /// The id of the side with this name.
    pub fn find(&self, name: &str) -> Option<SideId> {
        self.0
            .iter()
            .position(|s| s.name == name)
            .map(|i| SideId(i as u8))
    }

    /// Number of sides.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
