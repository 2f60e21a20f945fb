//! The party: persistent characters whose wounds, afflictions and supplies carry over from
//! turn to turn and from fight to fight.

use bevy_reflect::Reflect;
use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The expedition's party, in marching order: the front first (BX-27: who meets danger first).
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Party {
    /// The members, front to back.
    #[entities]
    pub order: Vec<Entity>,
}

/// Marks a party member and names the expedition it belongs to (kept in sync with the
/// expedition's [`PartyMembers`] by Bevy).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
#[relationship(relationship_target = PartyMembers)]
pub struct MemberOf(pub Entity);

/// Every member of an expedition, dead or alive: despawning the expedition despawns them.
/// [`Party`] keeps their marching order.
#[derive(Component, Debug, Default)]
#[relationship_target(relationship = MemberOf, linked_spawn)]
pub struct PartyMembers(Vec<Entity>);

/// Who a member is: a name, and the statblock its fights spawn it from.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Character {
    /// The member's name (unique in the party; logs use it).
    pub name: String,
    /// The statblock id in the expedition's ruleset.
    pub statblock: String,
}

/// Whether a member lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Life {
    /// Alive (possibly wounded).
    #[default]
    Alive,
    /// Alive but out: unconscious, dying or stable at 0 hit points (lite5e), until its
    /// ruleset brings it back up. It neither fights nor searches; the party carries it.
    Down,
    /// Dead: dead members stay dead.
    Dead,
}

/// A member's lasting hit points, which fights start from and write back to.
///
/// ```
/// use fray_explore::party::Vitals;
/// let mut v = Vitals::new(8);
/// v.wound(5);
/// assert_eq!(v.heal(10), 5);
/// assert_eq!(v.hp, 8);
/// ```
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Vitals {
    /// Current hit points.
    pub hp: i32,
    /// Maximum hit points.
    pub max_hp: i32,
    /// Alive or dead.
    pub life: Life,
}

impl Vitals {
    /// Unhurt, alive, with `max_hp` hit points.
    pub fn new(max_hp: i32) -> Self {
        Self {
            hp: max_hp,
            max_hp,
            life: Life::Alive,
        }
    }

    /// Takes `amount` damage (negative counts as 0); never wraps.
    pub fn wound(&mut self, amount: i32) {
        self.hp = self.hp.saturating_sub(amount.max(0));
    }

    /// Heals up to `amount`, not past the maximum, and not the dead; returns what was regained.
    pub fn heal(&mut self, amount: i32) -> i32 {
        if self.life == Life::Dead {
            return 0;
        }
        let before = self.hp;
        self.hp = self.hp.saturating_add(amount.max(0)).min(self.max_hp);
        self.hp.saturating_sub(before).max(0)
    }

    /// Alive (up or down).
    pub fn is_alive(&self) -> bool {
        self.life != Life::Dead
    }

    /// Alive and able to act: it fights, searches and listens.
    pub fn is_up(&self) -> bool {
        self.life == Life::Alive
    }
}

/// What a member carries that the clock uses up: light, food and money.
#[derive(
    Component,
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    Serialize,
    Deserialize,
    JsonSchema,
    Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
#[serde(default, deny_unknown_fields)]
pub struct Supplies {
    /// Unlit torches.
    pub torches: u32,
    /// Flasks of lantern oil (a lantern burns one at a time).
    pub oil_flasks: u32,
    /// Days of rations.
    pub rations: u32,
    /// Coins, in gold pieces.
    pub gold: u32,
}

/// Lasting afflictions by name and level (B/X's `weary` from not resting, lite5e's
/// exhaustion, OHO's exhaustion levels): they carry into fights and across turns until a
/// procedure lifts them. Level 0 is never stored.
///
/// ```
/// use fray_explore::party::Afflictions;
/// let mut a = Afflictions::default();
/// assert!(a.set("weary", 1));
/// assert_eq!(a.level("weary"), 1);
/// assert!(a.set("weary", 0));
/// assert!(!a.has("weary"));
/// assert!(!a.set("weary", 0));
/// ```
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Afflictions(BTreeMap<String, u8>);

impl Afflictions {
    /// The level of `name` (0 when absent).
    pub fn level(&self, name: &str) -> u8 {
        self.0.get(name).copied().unwrap_or(0)
    }

    /// Whether `name` afflicts the member.
    pub fn has(&self, name: &str) -> bool {
        self.0.contains_key(name)
    }

    /// Sets `name` to `level` (0 lifts it); returns whether anything changed.
    pub fn set(&mut self, name: &str, level: u8) -> bool {
        if self.level(name) == level {
            return false;
        }
        if level == 0 {
            self.0.remove(name);
        } else {
            self.0.insert(name.to_string(), level);
        }
        true
    }

    /// Every affliction and its level, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, u8)> {
        self.0.iter().map(|(k, v)| (k.as_str(), *v))
    }
}
