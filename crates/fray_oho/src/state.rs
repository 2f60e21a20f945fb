//! What changes in an OHO fight: each combatant's hits, injuries, exhaustion and withheld action
//! ([`OhoState`](crate::state::OhoState)), and the encounter's full-round actions waiting for the
//! end of the round ([`Oho`](crate::state::Oho), which also marks an encounter as OHO's).

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use fray_core::intent::{Intent, Readied, Trigger};
use serde::{Deserialize, Serialize};

use crate::frightened::Frightened;
use crate::statblock::Ability;

/// An action withheld until its trigger (OHO-05). Its time was spent when it was withheld.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Withheld {
    /// What sets it off.
    pub trigger: Trigger,
    /// What it does then.
    pub intent: Readied,
}

/// A combatant's changing OHO state.
#[derive(
    Component, Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, Reflect,
)]
#[component(map_entities)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct OhoState {
    /// Hits taken (OHO-10). Injury rolls, bleeding, burns and several penalties count them.
    pub hits: u16,
    /// Injuries suffered.
    pub injuries: u8,
    /// Exhaustion level, 0 to 6; new levels add to the old (OHO-21).
    pub exhaustion: u8,
    /// The round in which it took a full-round action: it takes no reaction until the round
    /// ends (OHO-03). 0: none.
    pub full_round_in: u32,
    /// Its withheld action, until it fires or its next turn starts (OHO-05).
    pub withheld: Option<Withheld>,
    /// Abilities under a curse, as bits ([`Ability::bit`]): their rolls lose 1d6 (OHO-20).
    pub curses: u8,
    /// It died (a failed roll while dying, exhaustion 6, or health at minus its maximum).
    pub dead: bool,
}

impl OhoState {
    /// Whether `ability` is cursed.
    pub fn cursed(&self, ability: Ability) -> bool {
        self.curses & ability.bit() != 0
    }
}

impl MapEntities for OhoState {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        if let Some(w) = &mut self.withheld {
            w.intent.map_entities(mapper);
        }
    }
}

/// A full-round action waiting for the end of the round (OHO-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FullRound {
    /// Who takes it.
    pub actor: Entity,
    /// What it does.
    pub intent: Intent,
}

/// Marks an OHO encounter and holds its full-round actions until the round ends, and what
/// frightened does in it.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[component(map_entities)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct Oho {
    /// Full-round actions taken this round, in the order they were taken.
    pub pending: Vec<FullRound>,
    /// What frightened does, from the encounter's options (OHO-20).
    #[serde(default)]
    pub frightened: Frightened,
}

impl MapEntities for Oho {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        for f in &mut self.pending {
            f.actor = mapper.get_mapped(f.actor);
            f.intent.map_entities(mapper);
        }
    }
}
