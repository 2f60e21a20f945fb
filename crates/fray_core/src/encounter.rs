//! The encounter entity: its state, roster and sides, and the relationship that ties every
//! other entity of the fight to it.

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use fray_content::encounter::SideScale;
use serde::{Deserialize, Serialize};

use crate::combatant::Controller;
use crate::flow::phase::{Phase, PhaseCell};
use crate::ids::{CombatantId, GroupId, SideId};
use crate::morale::MoraleState;
use crate::options::ActionOptions;
use crate::outcome::Outcome;
use crate::turn::{Turn, TurnOrder};

/// Points a combatant, region or effect at its encounter. Despawning the encounter despawns
/// everything that points at it.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[relationship(relationship_target = EncounterMembers)]
#[reflect(Component, Debug, PartialEq)]
pub struct InEncounter(pub Entity);

/// Everything that belongs to an encounter (kept in sync by Bevy).
#[derive(Component, Debug, Default)]
#[relationship_target(relationship = InEncounter, linked_spawn)]
pub struct EncounterMembers(Vec<Entity>);

/// Who decides whether a combatant under an external controller (a player) gives up the fight
/// when its side's morale is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize)]
pub enum PlayerMorale {
    /// The rules roll for it as for everyone (the rulesets' tests drive every side from
    /// outside and check their morale rolls).
    #[default]
    Rolled,
    /// Its player decides: morale checks pass it over, and it flees or surrenders only by its
    /// own intents (Fray's ruling for games: a player's hero is the player's).
    PlayerDecides,
}

/// One fight. Many may live in one World; each has its own RNG, log, round and outcome.
///
/// Its phase, round and outcome change only through the core's flow (rulesets ask for
/// transitions through the kit's context); everyone may read them.
#[derive(Component, Debug, Clone, PartialEq, Serialize, Deserialize, Reflect)]
#[require(Turn, TurnOrder, ActionOptions, MoraleState, Roster, Sides, Groups)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq)]
pub struct Encounter {
    /// The content id it was spawned from.
    pub id: String,
    /// The ruleset id.
    pub ruleset: String,
    pub(crate) round: u32,
    pub(crate) phase: PhaseCell,
    pub(crate) outcome: Option<Outcome>,
    /// The fight is a draw after this many rounds.
    pub max_rounds: u32,
    pub(crate) next_effect_serial: u32,
    pub(crate) idle_ticks: u32,
    pub(crate) progress_mark: (Phase, u32, u32),
    pub(crate) actions: u32,
    pub(crate) rejections: u32,
    /// The seed the encounter was spawned with (other deterministic streams, such as the
    /// controllers', derive from it).
    pub seed: u64,
    pub(crate) turns: u32,
    /// Whether morale checks pass over the combatants a player controls.
    #[serde(default)]
    pub player_morale: PlayerMorale,
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
            phase: PhaseCell::default(),
            outcome: None,
            max_rounds: max_rounds.max(1),
            next_effect_serial: 0,
            idle_ticks: 0,
            progress_mark: (Phase::Setup, 0, 0),
            actions: 0,
            rejections: 0,
            seed,
            turns: 0,
            player_morale: PlayerMorale::default(),
        }
    }

    /// Where the encounter is in its life.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase.get()
    }

    /// True once the fight is over.
    pub fn is_over(&self) -> bool {
        self.phase() == Phase::Ended
    }

    /// The current round (1-based; 0 before the fight starts).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// How the fight ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Turns started so far.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Intents resolved so far (actions and reactions).
    pub fn actions(&self) -> u32 {
        self.actions
    }

    /// Requests rejected so far (an AI policy should never cause one).
    pub fn rejections(&self) -> u32 {
        self.rejections
    }

    /// The serial of a new effect (effects are processed in serial order).
    pub(crate) fn take_effect_serial(&mut self) -> u32 {
        let serial = self.next_effect_serial;
        self.next_effect_serial = self.next_effect_serial.wrapping_add(1);
        serial
    }
}

/// One line of the roster.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(Debug, PartialEq)]
pub struct RosterEntry {
    /// The combatant's entity.
    pub entity: Entity,
    /// Display name (unique within the encounter).
    pub name: String,
    /// Its side.
    pub side: SideId,
    /// The statblock it was spawned from.
    pub statblock: String,
    /// Its group, if content put it in one.
    #[serde(default)]
    pub group: Option<GroupId>,
}

/// Every combatant of an encounter in a fixed order. Iterate this, never a query, wherever the
/// order matters: query order is not stable across worlds, the roster is.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[component(map_entities)]
#[reflect(Component, Debug, PartialEq, Default)]
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

    /// Entities of one group, in roster order.
    pub fn group(&self, group: GroupId) -> impl Iterator<Item = Entity> + '_ {
        self.entries
            .iter()
            .filter(move |e| e.group == Some(group))
            .map(|e| e.entity)
    }

    /// The number of combatants.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
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
    /// Its hit points and damage scaled, as its spec says (100% each by default).
    #[serde(default)]
    pub scale: SideScale,
}

/// The sides of an encounter, indexed by [`SideId`].
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
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

/// One group of an encounter: combatants of one side that share initiative and resources
/// (die-rank's monster groups), as content names them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(Debug, PartialEq)]
pub struct GroupInfo {
    /// The group's name, as content gives it.
    pub name: String,
    /// Its side.
    pub side: SideId,
}

/// The groups of an encounter, indexed by [`GroupId`].
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct Groups(pub Vec<GroupInfo>);

impl Groups {
    /// A group's name, or `?`.
    pub fn name(&self, group: GroupId) -> &str {
        self.0.get(group.index()).map_or("?", |g| g.name.as_str())
    }

    /// The id of the group named `name` on `side`.
    pub fn find(&self, side: SideId, name: &str) -> Option<GroupId> {
        self.0
            .iter()
            .position(|g| g.side == side && g.name == name)
            .and_then(|i| u16::try_from(i).ok())
            .map(GroupId)
    }
}
