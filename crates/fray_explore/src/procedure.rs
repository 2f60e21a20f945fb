//! The seam through which each ruleset supplies its exploration procedures.
//!
//! The clock, the party and the tick live here and know no ruleset. A ruleset crate implements
//! [`Procedure`](crate::procedure::Procedure) (its units of time, its light durations and the components its procedures
//! keep on an expedition, starting with its marker) and registers it with
//! [`ExploreAppExt::register_procedure`](crate::procedure::ExploreAppExt::register_procedure); its systems then go into the
//! [`ExploreSystems`](crate::tick::ExploreSystems) phases and act only on expeditions that
//! carry its marker, as combat rulesets do in the combat tick.

use std::collections::BTreeMap;
use std::sync::Arc;

use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::IntoScheduleConfigs;
use bevy_ecs::system::ScheduleSystem;

use crate::error::ExploreError;
use crate::foes::Foes;
use crate::party::Life;
use crate::place::{Pace, Trap};
use crate::rolls::{TurnDice, with_turn_dice};
use crate::tick::{ExploreSystems, ExploreTick};
use crate::timekeeping::Timekeeping;

/// A ruleset's exploration procedures, as the expedition model sees them.
pub trait Procedure: Send + Sync + 'static {
    /// The ruleset id (`bx`), as expeditions name it.
    fn ruleset(&self) -> &'static str;

    /// The ruleset's units of time and how long its light sources burn.
    fn timekeeping(&self) -> Timekeeping;

    /// Adds the ruleset's components to a new expedition: its marker, and whatever state its
    /// procedures keep (turns since the last rest, areas searched...).
    fn build_expedition(&self, expedition: &mut EntityWorldMut<'_>) -> Result<(), ExploreError>;

    /// Carries a member's lasting state into a fight it joins: called for each member when
    /// [`FightExt::start_fight`](crate::fight::FightExt::start_fight) has spawned its
    /// `combatant` (already at the member's hit points), before the first tick. B/X puts a
    /// weary member at -1 to hit and damage. By default nothing more carries over.
    fn enter_fight(&self, world: &mut World, member: Entity, combatant: Entity) {
        let _ = (world, member, combatant);
    }

    /// Writes a member's state at the end of a fight back to it, beyond its hit points and
    /// death (which [`FightExt::end_fight`](crate::fight::FightExt::end_fight) writes first):
    /// called for each member with its `combatant`, before the encounter is despawned. A
    /// member down but not dead (lite5e's dying or stable) is the ruleset's to settle. By
    /// default nothing more is written.
    fn leave_fight(&self, world: &mut World, member: Entity, combatant: Entity) {
        let _ = (world, member, combatant);
    }

    /// How far the party moves in a turn (set on the expedition when it enters a dungeon).
    fn pace(&self) -> Pace {
        Pace::default()
    }

    /// Whether the party forces a stuck door this turn (a failure spends the turn, and the
    /// party tries again next turn). By default it opens.
    fn force_door(&self, dice: &mut TurnDice<'_>) -> bool {
        let _ = dice;
        true
    }

    /// Whether the party of `expedition` forces a stuck door this turn, with the World at hand
    /// (the members' statblocks, their state): what the model asks at a stuck door. By
    /// default, [`Procedure::force_door`] with the expedition's dice
    /// ([`with_turn_dice`]; it opens if the expedition has no
    /// stream or no log).
    fn party_forces_door(&self, world: &mut World, expedition: Entity) -> bool {
        with_turn_dice(world, expedition, |dice| self.force_door(dice)).unwrap_or(true)
    }

    /// Whether a trap the party crosses unawares springs. By default it does.
    fn trap_springs(&self, dice: &mut TurnDice<'_>) -> bool {
        let _ = dice;
        true
    }

    /// Whether `victim`, on whom a trap of `expedition` sprang, avoids it: the ruleset rolls
    /// the trap's dangerous check ([`Trap::check`], with
    /// [`with_turn_dice`]) and, when the trap strikes, may give
    /// the victim the trap's affliction ([`Trap::afflicts`]). Called before the damage is
    /// rolled; an avoided trap deals none. By default there is no check: the trap strikes and
    /// afflicts nobody.
    fn trap_check(
        &self,
        world: &mut World,
        expedition: Entity,
        victim: Entity,
        trap: &Trap,
    ) -> bool {
        let _ = (world, expedition, victim, trap);
        false
    }

    /// The party of `expedition` beat `foes`, the monsters of the meeting its fight came from:
    /// called by [`FightExt::end_fight`](crate::fight::FightExt::end_fight) when the party's
    /// side won, after its members are written back and before a beaten area's treasure is
    /// taken (lite5e adds the foes' carried loot to the haul). By default nothing happens.
    fn won_fight(&self, world: &mut World, expedition: Entity, foes: &[Foes]) {
        let _ = (world, expedition, foes);
    }

    /// What becomes of a member whom damage outside a fight (a trap) brings to 0 hit points
    /// or less. By default it dies.
    fn at_zero_hp(&self) -> Life {
        Life::Dead
    }
}

/// The registered procedures, by ruleset id, and the order they were registered in.
#[derive(Resource, Default, Clone)]
pub struct Procedures {
    by_id: BTreeMap<&'static str, Arc<dyn Procedure>>,
    order: Vec<&'static str>,
}

impl Procedures {
    /// Registers (or replaces) a ruleset's procedures.
    pub fn insert(&mut self, procedure: impl Procedure) {
        let id = procedure.ruleset();
        if !self.order.contains(&id) {
            self.order.push(id);
        }
        self.by_id.insert(id, Arc::new(procedure));
    }

    /// The procedures of ruleset `id`.
    pub fn get(&self, id: &str) -> Option<&Arc<dyn Procedure>> {
        self.by_id.get(id)
    }

    /// The ruleset ids, in the order they were registered.
    pub fn order(&self) -> &[&'static str] {
        &self.order
    }
}

/// The systems one ruleset adds to one phase of the exploration tick. Within a phase, the
/// rulesets' systems run one ruleset after the other, in the order the rulesets were
/// registered, so that two rulesets' systems (which act on different expeditions, but touch
/// the same kinds of components) never run in an unspecified order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ProcedureSystems {
    /// The phase.
    pub phase: ExploreSystems,
    /// The ruleset id.
    pub ruleset: &'static str,
}

/// `App` methods for rulesets that explore.
pub trait ExploreAppExt {
    /// Registers a ruleset's procedures so that expeditions in it can be spawned, and orders
    /// its [`ProcedureSystems`] after those of the rulesets registered before it.
    fn register_procedure(&mut self, procedure: impl Procedure) -> &mut Self;

    /// Adds a ruleset's systems to a phase of the exploration tick (in its
    /// [`ProcedureSystems`]). Register the ruleset first.
    fn add_procedure_systems<M>(
        &mut self,
        ruleset: &'static str,
        phase: ExploreSystems,
        systems: impl IntoScheduleConfigs<ScheduleSystem, M>,
    ) -> &mut Self;
}

impl ExploreAppExt for App {
    fn register_procedure(&mut self, procedure: impl Procedure) -> &mut Self {
        let id = procedure.ruleset();
        let before: Vec<&'static str> = {
            let mut procedures = self.world_mut().get_resource_or_init::<Procedures>();
            let before = procedures
                .order()
                .iter()
                .copied()
                .filter(|r| *r != id)
                .collect();
            procedures.insert(procedure);
            before
        };
        for phase in ExploreSystems::ALL {
            let set = ProcedureSystems { phase, ruleset: id };
            self.configure_sets(ExploreTick, set.in_set(phase));
            for earlier in &before {
                self.configure_sets(
                    ExploreTick,
                    set.after(ProcedureSystems {
                        phase,
                        ruleset: earlier,
                    }),
                );
            }
        }
        self
    }

    fn add_procedure_systems<M>(
        &mut self,
        ruleset: &'static str,
        phase: ExploreSystems,
        systems: impl IntoScheduleConfigs<ScheduleSystem, M>,
    ) -> &mut Self {
        self.add_systems(
            ExploreTick,
            systems.in_set(ProcedureSystems { phase, ruleset }),
        )
    }
}
