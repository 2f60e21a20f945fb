//! A combatant's compiled numbers: its dice, its economy and its attacks, resolved from its
//! statblock once and shared by every combatant spawned from it.

use bevy_reflect::TypePath;
use std::sync::Arc;

use fray_dice::{Advantage, DieRank};
use serde::{Deserialize, Serialize};

use crate::statblock::{ActionKind, CreatureBlock};

/// One attack, ready to strike with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SheetAttack {
    /// Its name.
    pub name: String,
    /// Its label in offers.
    pub label: Arc<str>,
    /// Its label in offers to press on after it (`longbow (D10), pressing on`, DR-14): major
    /// attacks only; empty for others and in saves made before it was kept.
    #[serde(default)]
    pub press_label: Arc<str>,
    /// The die it rolls after its shift (DR-07).
    pub die: DieRank,
    /// Levels of advantage (or disadvantage) its shift left past the ladder's ends (DR-07).
    pub level: Advantage,
    /// Ranged: reaches adjacent regions and further, not its own (DR-15).
    pub ranged: bool,
    /// What it takes of a turn (DR-14).
    pub kind: ActionKind,
    /// Not usable this turn or the next after use (DR-14).
    pub cooldown: bool,
}

/// A combatant's compiled numbers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TypePath)]
pub struct SheetData {
    /// Statblock id.
    pub statblock: String,
    /// A hero (its own mastery points; it falls rather than dies).
    pub hero: bool,
    /// Its rank.
    pub rank: u8,
    /// Health.
    pub health: u8,
    /// Action points per turn.
    pub ap: u8,
    /// Mastery points (a monster's go to its group's pool).
    pub mp: u8,
    /// The REF die.
    pub reflexes: DieRank,
    /// The defense die.
    pub defense: DieRank,
    /// Attacks by [`fray_core::ids::AttackId`].
    pub attacks: Vec<SheetAttack>,
    /// Crosses water as land.
    pub swims: bool,
    /// Crosses cliffs as land.
    pub climbs: bool,
}

impl SheetData {
    /// Compiles a hero's or a monster's statblock.
    pub fn compile(block: &CreatureBlock, hero: bool) -> Self {
        let attacks = block
            .attacks
            .iter()
            .map(|a| {
                let shifted = a.die.shift(i32::from(a.shift));
                let label = match a.kind {
                    ActionKind::Minor => format!("{} ({}, minor)", a.name, shifted.rank),
                    ActionKind::Major => format!("{} ({})", a.name, shifted.rank),
                    ActionKind::Exclusive => format!("{} ({}, exclusive)", a.name, shifted.rank),
                };
                let press_label = match a.kind {
                    ActionKind::Major => format!("{label}, pressing on"),
                    ActionKind::Minor | ActionKind::Exclusive => String::new(),
                };
                SheetAttack {
                    name: a.name.clone(),
                    label: label.into(),
                    press_label: press_label.into(),
                    die: shifted.rank,
                    level: shifted.advantage,
                    ranged: a.ranged,
                    kind: a.kind,
                    cooldown: a.cooldown,
                }
            })
            .collect();
        Self {
            statblock: block.id.clone(),
            hero,
            rank: block.rank.max(1),
            health: block.health,
            ap: block.ap.max(1),
            mp: block.mp,
            reflexes: block.reflexes,
            defense: block.defense,
            attacks,
            swims: block.swims,
            climbs: block.climbs,
        }
    }
}

/// The compiled sheet of a combatant (shared, cheap to clone).
pub type Sheet = fray_core::compiled::Sheet<SheetData>;
