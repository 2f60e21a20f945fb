//! The changing state of a lite5e fight: the battle's (light by region, options, morale
//! checks made) and each combatant's (its three actions, its feet, stealth, its fall and its
//! injuries).

use bevy_ecs::prelude::*;
use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use fray_core::ids::SideId;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::options::L5Options;

/// A lite5e encounter's battle-wide state (it also marks lite5e encounters).
#[derive(Component, Debug, Clone, Default, PartialEq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct L5 {
    /// The encounter's options.
    pub options: L5Options,
    /// Light of each region on the map, by region index, as the map sets it (0 darkness ..
    /// 3 brilliant).
    pub light: SmallVec<[u8; 8]>,
    /// The ambushing side, which acts first in round 1 (L5-06).
    pub ambush: Option<SideId>,
    /// Sides whose "tide is obvious" check was made (L5-16), as a bit set.
    pub tide_checked: u64,
    /// The combatants who carry a light, by roster index, with its rank: set once when the
    /// fight begins (sheets do not change), so a region's light is found without reading
    /// every combatant's sheet.
    #[serde(default)]
    pub carriers: SmallVec<[(u16, u8); 4]>,
}

/// A combatant's lite5e state.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct L5State {
    /// The active action is unspent this round (L5-03).
    pub active: bool,
    /// The movement action is unspent this round.
    pub movement: bool,
    /// The quick action is unspent this round.
    pub quick: bool,
    /// Feet of movement left from movement actions taken this turn (L5-04).
    pub feet: u16,
    /// It acted this turn (no delay after that).
    pub acted: bool,
    /// The round it last delayed in: once a round (two combatants cannot wait on each other
    /// forever).
    pub delayed: u32,
    /// In stealth: it cannot be targeted (L5-08).
    pub hidden: bool,
    /// The round it fell to 0 HP (L5-13), while incapacitated.
    pub down_since: Option<u32>,
    /// Ability points lost on the injury table, STR..CHA (L5-14).
    pub lost: [u8; 6],
    /// Body parts lost, by index in its statblock (L5-14).
    pub parts: SmallVec<[u8; 2]>,
    /// Disadvantage on all checks until rest (L5-14).
    pub shaken: bool,
    /// Its initiative count (DEX score) and tie-breaker (L5-06).
    pub initiative: (i32, i32),
    /// Uses of each attack this fight.
    pub used: SmallVec<[u8; 4]>,
}

impl L5State {
    /// A fresh round's three actions.
    pub fn refill(&mut self) {
        self.active = true;
        self.movement = true;
        self.quick = true;
        self.feet = 0;
        self.acted = false;
    }

    /// Uses of attack `i` so far.
    pub fn uses(&self, i: usize) -> u8 {
        self.used.get(i).copied().unwrap_or(0)
    }

    /// Notes a use of attack `i`.
    pub fn use_attack(&mut self, i: usize) {
        if self.used.len() <= i {
            self.used.resize(i + 1, 0);
        }
        if let Some(u) = self.used.get_mut(i) {
            *u = u.saturating_add(1);
        }
    }
}
