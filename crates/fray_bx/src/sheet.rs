//! A combatant's compiled numbers: its attack row, saves, attacks, specials and spells,
//! resolved from its statblock, its class and its spells. Compiled once per statblock and shared
//! by every combatant spawned from it.

use bevy_reflect::TypePath;
use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_content::schema::StatblockSet;
use fray_dice::Dice;
use serde::{Deserialize, Serialize};

use crate::statblock::{
    Affliction, Area, BxBlock, CharacterBlock, Invulnerability, MonsterBlock, OnHit, SpellEffect,
};
use crate::tables::{HitDice, SaveCategory, Saves};

/// Damage of an unarmed blow (BX-24), before STR.
pub const UNARMED: &str = "1d2";

/// What an attack is made with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Wielded {
    /// A monster's natural or listed attack: its damage is as listed.
    Monster,
    /// A character's weapon: 1d6, or the weapon's dice with variable weapon damage (BX-23).
    Weapon,
    /// A character's bare hands: 1d2 + STR (BX-24).
    Unarmed,
}

/// One attack, ready to strike with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SheetAttack {
    /// Its name.
    pub name: String,
    /// Its label in offers.
    pub label: Arc<str>,
    /// Its label in offers to strike to subdue (`sword, to subdue`, BX-24): characters' melee
    /// attacks only; empty for others and in saves made before it was kept.
    #[serde(default)]
    pub subdue_label: Arc<str>,
    /// What it is made with.
    pub wielded: Wielded,
    /// The damage listed (a character's weapon's own dice).
    pub damage: Dice,
    /// The listed damage's outcomes and their chances, for previews.
    pub odds: Vec<(i64, f64)>,
    /// Missile ranges in feet (short, medium, long); `None` for melee.
    pub ranges: Option<(u16, u16, u16)>,
    /// Slow: acts last in the round (BX-17).
    pub slow: bool,
    /// What a hit also does.
    pub on_hit: Option<OnHit>,
    /// Magic bonus to attack and damage.
    pub bonus: i32,
    /// Magic (harms monsters invulnerable to all but magic).
    pub magic: bool,
    /// Silvered.
    pub silver: bool,
}

impl SheetAttack {
    /// Whether this is a missile attack.
    pub fn is_missile(&self) -> bool {
        self.ranges.is_some()
    }
}

/// What a special attack or a spell does to whom.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Power {
    /// Sleep: `hd` dice of hit dice of enemies in a region, weakest first, up to `max_hd` each.
    Sleep {
        /// Hit dice affected.
        hd: Dice,
        /// Most hit dice a sleeper may have.
        max_hd: u8,
    },
    /// Damage that always hits.
    Missile {
        /// Damage.
        damage: Dice,
    },
    /// A save against damage (halved) and an affliction (negated).
    Save {
        /// The save.
        save: SaveCategory,
        /// Damage.
        damage: Option<Dice>,
        /// What a failed save inflicts.
        inflicts: Option<Affliction>,
        /// Whom it strikes.
        area: Area,
    },
    /// Healing of an ally.
    Heal {
        /// Hit points.
        amount: Dice,
    },
}

impl Power {
    /// Its dice, if it rolls any.
    pub fn dice(&self) -> Option<&Dice> {
        match self {
            Power::Sleep { hd, .. } => Some(hd),
            Power::Missile { damage } => Some(damage),
            Power::Save { damage, .. } => damage.as_ref(),
            Power::Heal { amount } => Some(amount),
        }
    }

    /// Whether it deals damage to those it strikes.
    pub fn damages(&self) -> bool {
        matches!(
            self,
            Power::Missile { .. }
                | Power::Save {
                    damage: Some(_),
                    ..
                }
        )
    }

    /// Whether it is aimed at an ally.
    pub fn helps(&self) -> bool {
        matches!(self, Power::Heal { .. })
    }
}

/// A special attack or a memorized spell.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SheetPower {
    /// Its name.
    pub name: String,
    /// Its label in offers and declarations.
    pub label: Arc<str>,
    /// A spell (declared before initiative, lost to a hit, BX-21), or a special attack.
    pub spell: bool,
    /// Range in feet (0: in the caster's region).
    pub range: u16,
    /// Uses a fight.
    pub uses: u8,
    /// What it does.
    pub power: Power,
    /// The outcomes of its dice (damage, hit dice or healing) and their chances, for previews.
    pub odds: Vec<(i64, f64)>,
}

/// A combatant's compiled numbers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TypePath)]
pub struct SheetData {
    /// Statblock id.
    pub statblock: String,
    /// A character (rather than a monster).
    pub character: bool,
    /// Hit dice (a character's level counts as its hit dice for sleep).
    pub hd: u8,
    /// Hit points.
    pub hp: i32,
    /// Descending armor class, shield included.
    pub ac: i32,
    /// What the shield adds to AC: 1, plus its magic bonus; 0 without one.
    pub shield: i32,
    /// The attack matrix row's THAC0.
    pub thac0: i32,
    /// Saving throws.
    pub saves: Saves,
    /// STR, DEX and CHA modifiers.
    pub str: i32,
    /// DEX modifier.
    pub dex: i32,
    /// CHA modifier.
    pub cha: i32,
    /// Base movement in feet per turn.
    pub movement: i32,
    /// Attacks by [`fray_core::ids::AttackId`].
    pub attacks: Vec<SheetAttack>,
    /// Special attacks then spells, by [`fray_core::ids::AbilityId`].
    pub powers: Vec<SheetPower>,
    /// Morale rating, if it checks morale.
    pub morale: Option<i32>,
    /// Can reason and surrender.
    pub intelligent: bool,
    /// What harms it, if it is invulnerable to ordinary weapons.
    pub invulnerable: Option<Invulnerability>,
    /// Magic items and their bonuses (BX-28).
    pub magic_items: Vec<(String, i32)>,
}

impl SheetData {
    /// Whether it is a caster: it has a spell on its sheet - a memorized spell of its class or
    /// a spell its monster statblock lists - declared before initiative and lost to a hit
    /// (BX-21). A special attack (breath, poison, a gaze, a paralysing touch) is no spell, so
    /// it makes no caster.
    pub fn casts(&self) -> bool {
        self.powers.iter().any(|p| p.spell)
    }

    /// Feet it may move in one round of an encounter: a third of its base rate (BX-02).
    pub fn encounter_move(&self) -> i32 {
        self.movement / 3
    }

    /// Whether any of its attacks is slow.
    pub fn slow_melee(&self) -> bool {
        self.attacks.iter().any(|a| a.slow && !a.is_missile())
    }
}

/// The compiled sheet of a combatant (shared, cheap to clone).
pub type Sheet = fray_core::compiled::Sheet<SheetData>;

fn dice(text: &str) -> Result<Dice, String> {
    Dice::parse(text).map_err(|e| format!("`{text}` is not dice: {e}"))
}

/// The outcomes of `dice` and their chances.
pub fn odds(dice: &Dice) -> Result<Vec<(i64, f64)>, String> {
    dice.distribution()
        .map(|d| d.iter().collect())
        .map_err(|e| format!("`{dice}` has too many outcomes to weigh: {e}"))
}

fn powers_of(spells: &[String], set: &StatblockSet<BxBlock>) -> Result<Vec<SheetPower>, String> {
    spells
        .iter()
        .map(|id| {
            let Some(BxBlock::Spell(s)) = set.get(id) else {
                return Err(format!("unknown spell `{id}`"));
            };
            let power = match &s.effect {
                SpellEffect::Sleep { hd, max_hd } => Power::Sleep {
                    hd: dice(hd)?,
                    max_hd: *max_hd,
                },
                SpellEffect::Missile { damage } => Power::Missile {
                    damage: dice(damage)?,
                },
                SpellEffect::Save {
                    save,
                    damage,
                    inflicts,
                    area,
                } => Power::Save {
                    save: *save,
                    damage: damage.as_deref().map(dice).transpose()?,
                    inflicts: *inflicts,
                    area: *area,
                },
                SpellEffect::Heal { amount } => Power::Heal {
                    amount: dice(amount)?,
                },
            };
            let odds = power.dice().map(odds).transpose()?.unwrap_or_default();
            Ok(SheetPower {
                name: s.name.clone(),
                label: format!("cast {}", s.name).into(),
                spell: true,
                range: s.range,
                uses: 1,
                power,
                odds,
            })
        })
        .collect()
}

fn class_row(set: &StatblockSet<BxBlock>, class: &str, level: u8) -> Result<(i32, Saves), String> {
    let Some(BxBlock::Class(c)) = set.get(class) else {
        return Err(format!("unknown class `{class}`"));
    };
    let i = usize::from(level)
        .checked_sub(1)
        .ok_or_else(|| format!("level {level}"))?;
    match (c.thac0.get(i), c.saves.get(i)) {
        (Some(t), Some(s)) => Ok((*t, Saves(*s))),
        _ => Err(format!("class `{class}` has no level {level}")),
    }
}

/// Compiles a monster, at `level` hit dice instead of its own when given: the dice count
/// becomes `level` and an adjustment stays (`4+2` at 6 is `6+2`; `1/2` and `NH` become
/// `level` plain dice), so its attack matrix row, saves (unless it saves as a class) and
/// hit points follow. Its hit points are then the new dice's average: a statblock's own `hp`
/// is for its own hit dice (Fray's choice; the seed does not say).
pub fn monster(
    m: &MonsterBlock,
    set: &StatblockSet<BxBlock>,
    level: Option<u16>,
) -> Result<SheetData, String> {
    let written = HitDice::parse(&m.hd)?;
    let hd = match level {
        Some(level) => {
            let dice = u8::try_from(level)
                .ok()
                .filter(|d| (1..=HitDice::MOST_DICE).contains(d))
                .ok_or_else(|| format!("hit dice {level}: 1 to {} dice", HitDice::MOST_DICE))?;
            written.with_dice(dice)
        }
        None => written,
    };
    let saves = match &m.save_as {
        Some((class, level)) => class_row(set, class, *level)?.1,
        None => hd.saves(),
    };
    let attacks = m
        .attacks
        .iter()
        .map(|a| {
            Ok(SheetAttack {
                name: a.name.clone(),
                label: a.name.as_str().into(),
                subdue_label: "".into(),
                wielded: Wielded::Monster,
                damage: dice(&a.damage)?,
                odds: odds(&dice(&a.damage)?)?,
                ranges: a.ranges,
                slow: false,
                on_hit: a.on_hit,
                bonus: 0,
                magic: a.magic,
                silver: false,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let mut powers = m
        .specials
        .iter()
        .map(|s| {
            let power = Power::Save {
                save: s.save,
                damage: s.damage.as_deref().map(dice).transpose()?,
                inflicts: s.inflicts,
                area: s.area,
            };
            let odds = power.dice().map(odds).transpose()?.unwrap_or_default();
            Ok(SheetPower {
                name: s.name.clone(),
                label: s.name.as_str().into(),
                spell: false,
                range: s.range,
                uses: s.uses,
                power,
                odds,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    powers.extend(powers_of(&m.spells, set)?);
    Ok(SheetData {
        statblock: m.id.clone(),
        character: false,
        hd: hd.level(),
        hp: match m.hp {
            Some(hp) if hd == written => hp,
            _ => hd.average_hp(),
        },
        ac: m.ac,
        shield: 0,
        thac0: hd.thac0(),
        saves,
        str: 0,
        dex: 0,
        cha: 0,
        movement: m.movement,
        attacks,
        powers,
        morale: m.morale,
        intelligent: m.intelligent,
        invulnerable: m.invulnerable,
        magic_items: Vec::new(),
    })
}

/// Compiles a character.
pub fn character(c: &CharacterBlock, set: &StatblockSet<BxBlock>) -> Result<SheetData, String> {
    let (thac0, saves) = class_row(set, &c.class, c.level)?;
    let weapon = |w: &crate::statblock::WeaponBlock, wielded| {
        Ok::<_, String>(SheetAttack {
            name: w.name.clone(),
            label: w.name.as_str().into(),
            subdue_label: format!("{}, to subdue", w.name).into(),
            wielded,
            damage: dice(&w.damage)?,
            odds: odds(&dice(&w.damage)?)?,
            ranges: w.ranges,
            slow: w.slow,
            on_hit: None,
            bonus: w.bonus,
            magic: w.bonus > 0,
            silver: w.silver,
        })
    };
    let mut attacks = Vec::new();
    match &c.weapon {
        Some(w) => attacks.push(weapon(w, Wielded::Weapon)?),
        None => attacks.push(SheetAttack {
            name: "bare hands".into(),
            label: "bare hands".into(),
            subdue_label: "bare hands, to subdue".into(),
            wielded: Wielded::Unarmed,
            damage: dice(UNARMED)?,
            odds: odds(&dice(UNARMED)?)?,
            ranges: None,
            slow: false,
            on_hit: None,
            bonus: 0,
            magic: false,
            silver: false,
        }),
    }
    if let Some(m) = &c.missile {
        attacks.push(weapon(m, Wielded::Weapon)?);
    }
    Ok(SheetData {
        statblock: c.id.clone(),
        character: true,
        hd: c.level,
        hp: c.hp,
        ac: c.ac,
        shield: if c.shield {
            c.shield_magic.saturating_add(1)
        } else {
            0
        },
        thac0,
        saves,
        str: c.str,
        dex: c.dex,
        cha: c.cha,
        movement: c.movement,
        attacks,
        powers: powers_of(&c.spells, set)?,
        morale: c.morale_rating(),
        intelligent: true,
        invulnerable: None,
        magic_items: c.magic_items.clone(),
    })
}
