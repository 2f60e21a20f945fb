//! The per-encounter context every hook of a ruleset gets.
//!
//! [`Ctx`]'s methods are grouped by concern, one file each: the encounter (here), its
//! combatants, dice and the log, hit points, statuses and conditions, engagement and
//! movement, and the turn.

mod combatants;
mod dice;
mod hit_points;
mod movement;
mod statuses;
mod turn;

use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryData;
use bevy_ecs::system::SystemParamItem;
use fray_dice::Roll;

use crate::encounter::{Encounter, Groups, Roster, Sides};
use crate::ids::CombatantId;
use crate::kit::{Members, Resolving, RulesBase};
use crate::lineup::Lineup;
use crate::log::CombatLog;
use crate::morale::MoraleState;
use crate::options::ActionOptions;
use crate::region::EncounterMap;
use crate::rng::{DecisionRng, EncounterRng};
use crate::turn::{Turn, TurnOrder};
use crate::vocabulary::Vocabulary;

/// Everything of an encounter the kit's systems work on, for ruleset `R`.
#[derive(QueryData)]
#[query_data(mutable)]
pub struct EncounterParts<R: RulesBase> {
    /// The encounter entity.
    pub entity: Entity,
    /// Its state.
    pub encounter: &'static mut Encounter,
    /// The current turn.
    pub turn: &'static mut Turn,
    /// The turn order.
    pub order: &'static mut TurnOrder,
    /// The rules' dice.
    pub rng: &'static mut EncounterRng,
    /// The controllers' stream.
    pub decisions: &'static mut DecisionRng,
    /// The log.
    pub log: &'static mut CombatLog,
    /// Who fights.
    pub roster: &'static Roster,
    /// The sides.
    pub sides: &'static Sides,
    /// The groups.
    pub groups: &'static Groups,
    /// The map.
    pub map: &'static EncounterMap,
    /// The current decision's options.
    pub options: &'static mut ActionOptions,
    /// Morale bookkeeping.
    pub morale: &'static mut MoraleState,
    /// The ruleset's battle-wide state.
    pub battle: &'static mut R::Battle,
    /// A resolution waiting on reactions.
    pub resolving: &'static mut Resolving<R>,
    /// What the rules read most of every combatant.
    pub lineup: &'static mut Lineup,
}

/// Why a request of an entity that is not one of the ruleset's combatants is refused.
const NOT_A_COMBATANT: &str = "no such combatant in this fight";

/// Why an intent aimed at an entity that is not one of the fight's combatants is refused.
const NOT_IN_THIS_FIGHT: &str = "its target is not a combatant of this fight";

/// An id for combatants that are not (or no longer) there.
const NOBODY: CombatantId = CombatantId(u16::MAX);

/// A roll: its total and, when the log records, its breakdown.
#[derive(Debug, Clone, PartialEq)]
pub struct Rolled {
    /// The total.
    pub total: i64,
    /// The dice and modifiers, when the log records.
    pub roll: Option<Roll>,
}

/// One encounter of ruleset `R` as its hooks see it: the encounter's parts, its combatants, and
/// the operations rules share. Built once per encounter and step.
pub struct Ctx<'a, 'i, 'w, 's, R: RulesBase> {
    pub(crate) e: EncounterPartsItem<'i, 's, R>,
    pub(crate) m: &'a mut Members<'w, 's, R>,
}

impl<'a, 'i, 'w, 's, R: RulesBase> Ctx<'a, 'i, 'w, 's, R> {
    /// The context of one encounter.
    pub(crate) fn new(e: EncounterPartsItem<'i, 's, R>, m: &'a mut Members<'w, 's, R>) -> Self {
        Self { e, m }
    }

    // --- The encounter ---

    /// The encounter entity.
    pub fn encounter_entity(&self) -> Entity {
        self.e.entity
    }

    /// The encounter's state.
    pub fn encounter(&self) -> &Encounter {
        &self.e.encounter
    }

    /// The current round.
    pub fn round(&self) -> u32 {
        self.e.encounter.round
    }

    /// The seed the encounter was spawned with.
    pub fn seed(&self) -> u64 {
        self.e.encounter.seed
    }

    /// The current turn.
    pub fn turn(&self) -> &Turn {
        &self.e.turn
    }

    /// The turn order.
    pub fn order(&self) -> &TurnOrder {
        &self.e.order
    }

    /// The turn order, to change it (initiative, a readied action firing).
    pub fn order_mut(&mut self) -> &mut TurnOrder {
        &mut self.e.order
    }

    /// Who fights, in roster order.
    pub fn roster(&self) -> &Roster {
        self.e.roster
    }

    /// The sides.
    pub fn sides(&self) -> &Sides {
        self.e.sides
    }

    /// The groups.
    pub fn groups(&self) -> &Groups {
        self.e.groups
    }

    /// The map.
    pub fn map(&self) -> &EncounterMap {
        self.e.map
    }

    /// The ruleset's battle-wide state.
    pub fn battle(&self) -> &R::Battle {
        &self.e.battle
    }

    /// The ruleset's battle-wide state, to change it.
    pub fn battle_mut(&mut self) -> &mut R::Battle {
        &mut self.e.battle
    }

    /// The morale triggers noted so far.
    pub fn morale_state(&self) -> &MoraleState {
        &self.e.morale
    }

    /// The rules' dice.
    pub fn rng(&mut self) -> &mut EncounterRng {
        &mut self.e.rng
    }

    /// The log.
    pub fn log(&self) -> &CombatLog {
        &self.e.log
    }

    /// The log, to record in it.
    pub fn log_mut(&mut self) -> &mut CombatLog {
        &mut self.e.log
    }

    /// Whether the log records (check before building something costly for it).
    pub fn logging(&self) -> bool {
        self.e.log.enabled()
    }

    /// The ruleset's other system parameters.
    pub fn extra(&self) -> &SystemParamItem<'w, 's, R::Extra> {
        &self.m.extra
    }

    /// The ruleset's other system parameters, to change them.
    pub fn extra_mut(&mut self) -> &mut SystemParamItem<'w, 's, R::Extra> {
        &mut self.m.extra
    }

    /// The ruleset's vocabulary.
    pub fn words(&self) -> &'static dyn Vocabulary {
        R::vocabulary()
    }
}
