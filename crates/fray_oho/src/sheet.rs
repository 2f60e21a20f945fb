//! A creature's compiled numbers: its pools, weapons with their proficiencies resolved, armor
//! and limits. Compiled once per statblock and shared by every combatant spawned from it.

use bevy_reflect::TypePath;
use std::collections::BTreeMap;
use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_content::schema::StatblockSet;
use fray_dice::Dice;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::body::BodyPart;
use crate::statblock::{Ability, CreatureBlock, OhoBlock, Rider, Specialization, UNARMED};
use crate::vocabulary::DamageKind;

/// Fists: the weapon of a creature without weapons (1d3 bludgeoning, extra-damage modifier 4).
pub const FISTS: &str = "1d3";

/// A weapon ready to strike with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SheetWeapon {
    /// Display name.
    pub name: String,
    /// `Longsword (Strength)`: the name with its governing ability, as the log shows it
    /// (progression reads the ability back from it).
    pub label: Arc<str>,
    /// Labels of its offers, computed once: plain, then called shots at the head, an arm, a leg
    /// and the groin (OHO-15), then withheld (OHO-05).
    pub labels: [Arc<str>; 6],
    /// The proficiency it is rolled with.
    pub proficiency: String,
    /// The ability governing that proficiency.
    pub ability: Ability,
    /// Dice of the attack pool: the proficiency's dice (OHO-07, OHO-08).
    pub pool: u8,
    /// Damage dice.
    pub damage: Dice,
    /// Mean of the damage dice.
    pub mean_damage: f32,
    /// Damage type (OHO-16).
    pub damage_type: DamageKind,
    /// Extra-damage modifier (OHO-12).
    pub extra_damage: u8,
    /// Regions it reaches.
    pub reach: u8,
    /// A full-round action (OHO-03).
    pub full_round: bool,
    /// What a hit does besides damage.
    pub riders: Vec<Rider>,
}

/// A creature's compiled numbers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TypePath)]
pub struct SheetData {
    /// Statblock id.
    pub statblock: String,
    /// A hero (rather than a monster).
    pub hero: bool,
    /// Health (its hit points).
    pub health: i32,
    /// Feet per move action.
    pub speed: u32,
    /// Feet per dash, when content sets it (else half the speed).
    pub dash: Option<u32>,
    /// Reflex dice.
    pub reflex: u8,
    /// Dodge dice.
    pub dodge: u8,
    /// Fortitude dice.
    pub fortitude: u8,
    /// Weapons, indexed by [`AttackId`](fray_core::ids::AttackId).
    pub weapons: Vec<SheetWeapon>,
    /// Armor's damage reduction.
    pub reduction: i32,
    /// How many creatures it may engage at once: 1, more with Toughness (OHO-13).
    pub engage_limit: u8,
    /// Injuries that take it out of the fight.
    pub injury_limit: Option<u8>,
    /// Level (OHO-24).
    pub level: u32,
    /// Proficiencies: dice and governing ability.
    pub proficiencies: BTreeMap<String, (u8, Ability)>,
}

impl SheetWeapon {
    /// The label of an offer to attack with it, aimed at `aim`.
    pub fn label_for(&self, aim: Option<BodyPart>) -> &Arc<str> {
        &self.labels[match aim {
            None => 0,
            Some(BodyPart::Head) => 1,
            Some(BodyPart::Arm) => 2,
            Some(BodyPart::Leg) => 3,
            Some(BodyPart::Groin) => 4,
        }]
    }

    /// The label of an offer to withhold an attack with it.
    pub fn withheld_label(&self) -> &Arc<str> {
        &self.labels[5]
    }
}

impl SheetData {
    /// Whether it is a caster: one of its attacks is an attack spell, rolled with a
    /// proficiency Intellect (spellcraft) or Willpower (hexes and wards) governs - the mental
    /// abilities a concussion hurts (OHO-18). Weapons and natural weapons, rolled with Strength
    /// or Reflex, make no caster; a proficiency in hexcraft without a hex to throw neither.
    pub fn casts(&self) -> bool {
        self.weapons.iter().any(|w| w.ability.is_mental())
    }

    /// Dice of the defense roll: Reflex plus dodge (OHO-09).
    pub fn defense_dice(&self) -> u8 {
        self.reflex.saturating_add(self.dodge)
    }

    /// The longest reach among its weapons.
    pub fn reach(&self) -> u8 {
        self.weapons.iter().map(|w| w.reach).max().unwrap_or(0)
    }
}

/// The compiled sheet of a combatant (shared, cheap to clone).
pub type Sheet = fray_core::compiled::Sheet<SheetData>;

/// Why a creature does not compile (content validation reports the same problems with places).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct CompileError(pub String);

/// Compiles a creature against the statblocks it references.
pub fn compile(
    creature: &CreatureBlock,
    hero: bool,
    set: &StatblockSet<OhoBlock>,
) -> Result<SheetData, CompileError> {
    let mut proficiencies = BTreeMap::new();
    for (id, dice) in &creature.proficiencies {
        match set.get(id) {
            Some(OhoBlock::Proficiency { ability, .. }) => {
                proficiencies.insert(id.clone(), (*dice, *ability));
            }
            _ => return Err(CompileError(format!("unknown proficiency `{id}`"))),
        }
    }
    let arm = |name: &str,
               proficiency: &str,
               damage: Dice,
               damage_type: DamageKind,
               extra_damage: u8,
               reach: u8,
               full_round: bool,
               riders: Vec<Rider>| {
        let (pool, ability) = proficiencies.get(proficiency).copied().ok_or_else(|| {
            CompileError(format!(
                "`{}` lacks the `{proficiency}` proficiency",
                creature.id
            ))
        })?;
        let mean_damage = damage
            .distribution()
            .map(|d| d.mean() as f32)
            .map_err(|e| CompileError(e.to_string()))?;
        let label = format!("{name} ({ability})");
        let called = |part: &str| Arc::from(format!("{label}, called shot at the {part}"));
        Ok::<SheetWeapon, CompileError>(SheetWeapon {
            labels: [
                Arc::from(label.as_str()),
                called("head"),
                called("arm"),
                called("leg"),
                called("groin"),
                Arc::from(format!("withhold {label}")),
            ],
            label: Arc::from(label.as_str()),
            name: name.to_string(),
            proficiency: proficiency.to_string(),
            ability,
            pool,
            damage,
            mean_damage,
            damage_type,
            extra_damage: extra_damage.max(1),
            reach,
            full_round,
            riders,
        })
    };
    let mut weapons = Vec::new();
    for id in &creature.weapons {
        match set.get(id) {
            Some(OhoBlock::Weapon(w)) => weapons.push(arm(
                &w.name,
                &w.proficiency,
                w.damage.clone(),
                w.damage_type,
                w.extra_damage,
                w.reach,
                w.full_round,
                w.riders.clone(),
            )?),
            _ => return Err(CompileError(format!("unknown weapon `{id}`"))),
        }
    }
    if weapons.is_empty() {
        let fists = Dice::parse(FISTS).map_err(|e| CompileError(e.to_string()))?;
        weapons.push(arm(
            "Fists",
            UNARMED,
            fists,
            DamageKind::Bludgeoning,
            4,
            0,
            false,
            Vec::new(),
        )?);
    }
    let reduction = match creature.armor.as_deref().map(|a| set.get(a)) {
        None => 0,
        Some(Some(OhoBlock::Armor { reduction, .. })) => (*reduction).max(0),
        Some(_) => return Err(CompileError(format!("unknown armor of `{}`", creature.id))),
    };
    let toughness: u8 = creature
        .specializations
        .iter()
        .map(|s| match s {
            Specialization::Toughness(ranks) => *ranks,
        })
        .fold(0, u8::saturating_add);
    Ok(SheetData {
        statblock: creature.id.clone(),
        hero,
        health: creature.health,
        speed: creature.speed,
        dash: creature.dash,
        reflex: creature.reflex,
        dodge: creature.dodge,
        fortitude: creature.fortitude,
        weapons,
        reduction,
        engage_limit: toughness.saturating_add(1),
        injury_limit: creature.injury_limit,
        level: creature.level,
        proficiencies,
    })
}
