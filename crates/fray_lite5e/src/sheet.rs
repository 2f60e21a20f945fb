//! A combatant's compiled numbers, resolved from its statblock once and shared by every
//! combatant spawned from it.

use bevy_reflect::TypePath;
use std::sync::Arc;

use fray_content::map::Light;
use serde::{Deserialize, Serialize};

use crate::statblock::{AttackBlock, AttackKind, BodyPart, CreatureBlock};

/// The six abilities, in statblock order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ability {
    /// Strength.
    Str,
    /// Dexterity.
    Dex,
    /// Constitution.
    Con,
    /// Intelligence.
    Int,
    /// Wisdom.
    Wis,
    /// Charisma.
    Cha,
}

impl Ability {
    /// Every ability, in order.
    pub const ALL: [Ability; 6] = [
        Ability::Str,
        Ability::Dex,
        Ability::Con,
        Ability::Int,
        Ability::Wis,
        Ability::Cha,
    ];

    /// Its short name.
    pub fn name(self) -> &'static str {
        match self {
            Ability::Str => "STR",
            Ability::Dex => "DEX",
            Ability::Con => "CON",
            Ability::Int => "INT",
            Ability::Wis => "WIS",
            Ability::Cha => "CHA",
        }
    }

    /// The ability an attack of `kind` uses (L5-10).
    pub fn of_attack(kind: AttackKind) -> Self {
        match kind {
            AttackKind::Melee => Ability::Str,
            AttackKind::Ranged => Ability::Dex,
            AttackKind::Arcane => Ability::Int,
            AttackKind::Divine => Ability::Wis,
        }
    }
}

/// The modifier of an ability score: floor((score - 10) / 2).
pub fn modifier(score: i32) -> i32 {
    (score - 10).div_euclid(2)
}

/// A combatant's compiled numbers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TypePath)]
pub struct SheetData {
    /// Statblock id.
    pub statblock: String,
    /// A player character.
    pub pc: bool,
    /// Level or hit dice.
    pub level: u8,
    /// Ability scores, STR..CHA.
    pub scores: [u8; 6],
    /// Proficiency bonus.
    pub proficiency: u8,
    /// Armour class.
    pub ac: u8,
    /// Hit points.
    pub hp: u16,
    /// Base speed in feet.
    pub speed: u8,
    /// Load carried.
    pub load: u8,
    /// Carried light.
    pub light: Option<Light>,
    /// Darksight.
    pub darksight: bool,
    /// Proficient in stealth.
    pub stealthy: bool,
    /// Starts hidden.
    pub hidden: bool,
    /// Proficient in healing.
    pub medic: bool,
    /// Morale bonus.
    pub morale: i8,
    /// Proficiency counts for morale.
    pub morale_proficient: bool,
    /// Body parts it may lose.
    pub body_parts: Vec<BodyPart>,
    /// Attacks, with their offer labels.
    pub attacks: Vec<(AttackBlock, Arc<str>)>,
}

impl SheetData {
    /// Whether it is a caster: one of its attacks is a spell - arcane (INT) or divine (WIS),
    /// L5-10 - or a healing spell (L5-14). Weapons, melee or ranged, make no caster.
    pub fn casts(&self) -> bool {
        self.attacks
            .iter()
            .any(|(a, _)| a.heal || matches!(a.kind, AttackKind::Arcane | AttackKind::Divine))
    }

    /// Compiles a statblock.
    pub fn compile(c: &CreatureBlock, pc: bool) -> Self {
        Self {
            statblock: c.id.clone(),
            pc,
            level: c.level,
            scores: [c.str, c.dex, c.con, c.int, c.wis, c.cha],
            proficiency: c.proficiency,
            ac: c.ac,
            hp: c.hp,
            speed: c.speed,
            load: c.load,
            light: c.light,
            darksight: c.darksight,
            stealthy: c.stealthy,
            hidden: c.hidden,
            medic: c.medic,
            morale: c.morale,
            morale_proficient: c.morale_proficient,
            body_parts: c.body_parts.clone(),
            attacks: c
                .attacks
                .iter()
                .map(|a| {
                    let label = format!("{} ({})", a.name, a.damage.notation());
                    (a.clone(), Arc::from(label))
                })
                .collect(),
        }
    }

    /// Loads above STR (L5-05).
    pub fn overload(&self) -> u8 {
        self.load.saturating_sub(self.scores[0])
    }
}

/// The compiled sheet of a combatant (shared, cheap to clone).
pub type Sheet = fray_core::compiled::Sheet<SheetData>;
