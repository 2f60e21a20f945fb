//! A combatant's compiled numbers: its statblock turned into attack bonuses, damage dice and
//! defenses once, at spawn, so nothing is recomputed per attack.

use bevy_reflect::TypePath;
use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_dice::{Dice, DiceError};
use serde::{Deserialize, Serialize};

use crate::rules::{ability_mod, hero_defenses, tier_multiplier};
use crate::statblock::{ArchBlock, AttackDef, AttackKind, DamageSpec, MagicTo, PowerDef, Size};
use crate::vocabulary::DamageKind;

/// An attack, ready to roll.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SheetAttack {
    /// Its definition.
    pub def: AttackDef,
    /// d20 + this (before escalation, conditions and circumstances).
    pub bonus: i32,
    /// Its damage.
    pub dice: Dice,
    /// Mean damage of a hit.
    pub mean: f32,
    /// Damage on a miss.
    pub miss: i32,
    /// `tail[k]`: chance a hit's damage is at least `min_damage + k` (for kill chances).
    pub tail: Vec<f32>,
    /// The least damage of a hit.
    pub min_damage: i64,
    /// A label for UIs and logs.
    pub label: Arc<str>,
    /// The label of an offer to ready it (`ready Longsword`); empty in saves made before it was
    /// kept, where offers fall back to a plain `ready`.
    #[serde(default)]
    pub ready_label: Arc<str>,
    /// The label of an offer of a coup de grace with it (`Longsword, coup de grace`, AR-28);
    /// empty in saves made before it was kept.
    #[serde(default)]
    pub coup_label: Arc<str>,
}

/// A non-attack power.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SheetPower {
    /// Its definition.
    pub def: PowerDef,
    /// A label.
    pub label: Arc<str>,
    /// The label of an offer to ready it (`ready Shield of faith`); empty in saves made before
    /// it was kept.
    #[serde(default)]
    pub ready_label: Arc<str>,
}

/// A combatant's compiled numbers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TypePath)]
pub struct SheetData {
    /// The statblock id.
    pub statblock: String,
    /// A hero (player character) rather than a monster.
    pub hero: bool,
    /// Level.
    pub level: u8,
    /// Mook, normal or large.
    pub size: Size,
    /// Armor class.
    pub ac: i32,
    /// Physical defense.
    pub pd: i32,
    /// Mental defense.
    pub md: i32,
    /// d20 + this for initiative.
    pub initiative: i32,
    /// Constitution modifier (recoveries).
    pub con_mod: i32,
    /// Wisdom modifier (stabilize checks).
    pub wis_mod: i32,
    /// Recoveries per full heal-up (0 for monsters).
    pub recoveries: u8,
    /// Recovery die size.
    pub recovery_die: u32,
    /// Attacks, in statblock order ([`fray_core::ids::AttackId`] indexes them).
    pub attacks: Vec<SheetAttack>,
    /// Powers ([`fray_core::ids::AbilityId`] indexes them).
    pub powers: Vec<SheetPower>,
    /// Resistances: type and the natural roll needed for full damage.
    pub resist: Vec<(DamageKind, u8)>,
    /// A named villain.
    pub named_villain: bool,
    /// Two-weapon fighting.
    pub two_weapons: bool,
    /// Index of the basic melee attack (opportunity attacks).
    pub basic_melee: Option<usize>,
}

impl SheetData {
    /// Whether it is a caster: one of its attacks is a spell, close-quarters or ranged (the
    /// two kinds of spell attack, whose opportunity attacks the rules set apart), or it has
    /// a power - every power of a statblock is a spell (a cleric's heal). Weapon and natural
    /// attacks make no caster. A monster whose breath content writes as a close-quarters
    /// spell (the Dusk Wyrmling's) counts: the statblock has no other word for it.
    pub fn casts(&self) -> bool {
        !self.powers.is_empty()
            || self
                .attacks
                .iter()
                .any(|a| matches!(a.def.kind, AttackKind::CloseSpell | AttackKind::RangedSpell))
    }

    /// The resistance number against a damage type.
    pub fn resistance(&self, kind: DamageKind) -> Option<u8> {
        self.resist
            .iter()
            .find(|(t, _)| *t == kind)
            .map(|(_, n)| *n)
    }

    /// A defense by kind.
    pub fn defense(&self, d: crate::statblock::Defense) -> i32 {
        match d {
            crate::statblock::Defense::AC => self.ac,
            crate::statblock::Defense::PD => self.pd,
            crate::statblock::Defense::MD => self.md,
        }
    }

    /// Mean hit points of one recovery (without the missing-recovery halving).
    pub fn mean_recovery(&self) -> f32 {
        f32::from(self.level) * (self.recovery_die as f32 + 1.0) / 2.0
            + (self.con_mod * tier_multiplier(self.level)) as f32
    }

    /// The recovery roll: level dice of the recovery die + Con modifier (x2 at 5, x3 at 8).
    pub fn recovery_dice(&self) -> Dice {
        Dice::pool(u32::from(self.level), self.recovery_die)
            .plus(i64::from(self.con_mod * tier_multiplier(self.level)))
    }
}

/// The compiled sheet of a combatant (shared, cheap to clone).
pub type Sheet = fray_core::compiled::Sheet<SheetData>;

/// Compiles a statblock.
pub fn compile(block: &ArchBlock) -> Result<SheetData, DiceError> {
    match block {
        ArchBlock::Monster(m) => {
            let attacks = m
                .attacks
                .iter()
                .map(|a| attack(a, a.bonus.unwrap_or(0) + a.extra, 0, 0, m.level))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(SheetData {
                statblock: m.id.clone(),
                hero: false,
                level: m.level,
                size: m.size,
                ac: m.ac,
                pd: m.pd,
                md: m.md,
                initiative: m.initiative,
                con_mod: 0,
                wis_mod: 0,
                recoveries: 0,
                recovery_die: 0,
                basic_melee: basic_melee(&attacks),
                attacks,
                powers: Vec::new(),
                resist: m.resist.clone(),
                named_villain: m.named_villain,
                two_weapons: false,
            })
        }
        ArchBlock::Hero(h) => {
            let best = |to: MagicTo| {
                h.magic
                    .iter()
                    .filter(|m| m.to == to)
                    .map(|m| m.bonus)
                    .max()
                    .unwrap_or(0)
            };
            let (ac, pd, md) =
                hero_defenses((h.base.ac, h.base.pd, h.base.md), &h.abilities, h.level);
            let attacks = h
                .attacks
                .iter()
                .map(|a| {
                    let m = a.ability.map_or(0, |ab| ability_mod(h.abilities.score(ab)));
                    attack(
                        a,
                        m + i32::from(h.level) + best(MagicTo::Attacks) + a.extra,
                        m,
                        ability_mod(h.abilities.str),
                        h.level,
                    )
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(SheetData {
                statblock: h.id.clone(),
                hero: true,
                level: h.level,
                size: Size::Normal,
                ac: ac + best(MagicTo::Ac),
                pd: pd + best(MagicTo::PdMd),
                md: md + best(MagicTo::PdMd),
                initiative: ability_mod(h.abilities.dex) + i32::from(h.level),
                con_mod: ability_mod(h.abilities.con),
                wis_mod: ability_mod(h.abilities.wis),
                recoveries: h.recoveries,
                recovery_die: h.recovery_die,
                basic_melee: basic_melee(&attacks),
                attacks,
                powers: h
                    .powers
                    .iter()
                    .map(|p| SheetPower {
                        def: p.clone(),
                        label: Arc::from(p.name.as_str()),
                        ready_label: Arc::from(format!("ready {}", p.name)),
                    })
                    .collect(),
                resist: Vec::new(),
                named_villain: false,
                two_weapons: h.two_weapons,
            })
        }
    }
}

fn basic_melee(attacks: &[SheetAttack]) -> Option<usize> {
    attacks
        .iter()
        .position(|a| a.def.basic && a.def.kind == AttackKind::Melee)
}

/// Compiles one attack: `bonus` is its whole static attack bonus, `ability` the modifier
/// added to damage, `str_mod` the Strength modifier (unarmed).
fn attack(
    def: &AttackDef,
    bonus: i32,
    ability: i32,
    str_mod: i32,
    level: u8,
) -> Result<SheetAttack, DiceError> {
    let per_tier = |m: i32| i64::from(m * tier_multiplier(level));
    let dice = match &def.damage {
        DamageSpec::Dice(d) => d.clone(),
        DamageSpec::Weapon(die) => Dice::pool(u32::from(level), *die).plus(per_tier(ability)),
        DamageSpec::PerLevel(n, die) => {
            Dice::pool(n * u32::from(level), *die).plus(per_tier(ability))
        }
        DamageSpec::Unarmed => {
            let d6 = level / 2;
            let text = match (d6, level % 2 == 1) {
                (0, _) => "1d3".to_string(),
                (n, true) => format!("{n}d6+1d3"),
                (n, false) => format!("{n}d6"),
            };
            Dice::parse(&text)?.plus(per_tier(str_mod))
        }
    };
    let distribution = dice.distribution().ok();
    let mean = distribution
        .as_ref()
        .map_or(((dice.min() + dice.max()) as f32 / 2.0).max(0.0), |d| {
            d.mean() as f32
        });
    let tail = distribution
        .map(|d| {
            let mut tail: Vec<f32> = (d.min()..=d.max())
                .map(|v| d.probability(v) as f32)
                .collect();
            for i in (0..tail.len().saturating_sub(1)).rev() {
                tail[i] += tail[i + 1];
            }
            tail
        })
        .unwrap_or_default();
    let miss = match def.miss {
        Some(crate::statblock::MissDamage::Fixed(n)) => n,
        Some(crate::statblock::MissDamage::Level) => i32::from(level),
        None => 0,
    };
    let min_damage = dice.min();
    Ok(SheetAttack {
        def: def.clone(),
        bonus,
        dice,
        mean,
        miss,
        tail,
        min_damage,
        label: Arc::from(def.name.as_str()),
        ready_label: Arc::from(format!("ready {}", def.name)),
        coup_label: Arc::from(format!("{}, coup de grace", def.name)),
    })
}

impl SheetAttack {
    /// Mean damage a blow deals: the damage dice times `multiplier`, plus `extra`, halved
    /// (rounded down) when `halved` (AR-32), and nothing when that comes to less than 1 -
    /// exactly, over every face of the dice.
    ///
    /// ```
    /// use fray_archmage::sheet::compile;
    /// use fray_archmage::statblock::ArchBlock;
    /// use fray_content::source::SourceFile;
    /// let blocks: Vec<ArchBlock> = SourceFile::new("m.ron", r#"[Monster(id: "m", name: "M",
    ///     level: 1, hp: 9, ac: 10, pd: 10, md: 10, initiative: 0,
    ///     attacks: [(id: "bite", name: "Bite", kind: Melee, vs: AC, bonus: 5,
    ///                damage: Dice("1d6"), basic: true)])]"#).parse().unwrap();
    /// let bite = &compile(&blocks[0]).unwrap().attacks[0];
    /// // A d6 halved: 0, 1, 1, 2, 2, 3 - a mean of 1.5, not 3.5 / 2.
    /// assert_eq!(bite.mean_dealt(1, 0, true), 1.5);
    /// assert_eq!(bite.mean_dealt(2, 1, false), 8.0);
    /// ```
    pub fn mean_dealt(&self, multiplier: i32, extra: i32, halved: bool) -> f32 {
        let (m, e) = (i64::from(multiplier), i64::from(extra));
        if !halved && self.min_damage.saturating_mul(m).saturating_add(e) >= 0 {
            // Nothing is rounded or cut off: the mean scales.
            return self.mean * multiplier as f32 + extra as f32;
        }
        let dealt = |damage: i64| {
            let blow = damage.saturating_mul(m).saturating_add(e);
            let blow = if halved { blow / 2 } else { blow };
            blow.max(0) as f32
        };
        if self.tail.is_empty() {
            // No distribution (dice too large to tabulate): the mean, rounded the same way.
            return dealt(self.mean.round() as i64);
        }
        self.tail
            .iter()
            .enumerate()
            .map(|(k, at_least)| {
                let more = self.tail.get(k + 1).copied().unwrap_or(0.0);
                (at_least - more) * dealt(self.min_damage + k as i64)
            })
            .sum()
    }

    /// The least and most a hit deals with its damage multiplied by `multiplier`, plus
    /// `extra`, halved (rounding down) when `halved`, never below 0: the range of
    /// [`mean_dealt`](Self::mean_dealt).
    ///
    /// ```
    /// use fray_archmage::sheet::compile;
    /// use fray_archmage::statblock::ArchBlock;
    /// use fray_content::source::SourceFile;
    /// let blocks: Vec<ArchBlock> = SourceFile::new("m.ron", r#"[Monster(id: "m", name: "M",
    ///     level: 1, hp: 9, ac: 10, pd: 10, md: 10, initiative: 0,
    ///     attacks: [(id: "bite", name: "Bite", kind: Melee, vs: AC, bonus: 5,
    ///                damage: Dice("1d6"), basic: true)])]"#).parse().unwrap();
    /// let bite = &compile(&blocks[0]).unwrap().attacks[0];
    /// assert_eq!(bite.dealt_range(1, 0, false), (1, 6));
    /// assert_eq!(bite.dealt_range(2, 1, true), (1, 6));
    /// ```
    pub fn dealt_range(&self, multiplier: i32, extra: i32, halved: bool) -> (i64, i64) {
        let dealt = |damage: i64| {
            let blow = damage
                .saturating_mul(i64::from(multiplier))
                .saturating_add(i64::from(extra));
            let blow = if halved { blow / 2 } else { blow };
            blow.max(0)
        };
        (dealt(self.dice.min()), dealt(self.dice.max()))
    }

    /// Chance a hit deals at least `hp` damage, with damage multiplied by `multiplier`.
    pub fn chance_at_least(&self, hp: i32, multiplier: i32) -> f32 {
        if hp <= 0 {
            return 1.0;
        }
        let needed = (i64::from(hp) + i64::from(multiplier) - 1) / i64::from(multiplier.max(1));
        let k = needed - self.min_damage;
        if k <= 0 {
            1.0
        } else {
            self.tail.get(k as usize).copied().unwrap_or(0.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::statblock::{Abilities, BaseDefenses, Defense, HeroBlock, MagicItem, Targets};

    fn hero(level: u8) -> HeroBlock {
        HeroBlock {
            id: "h".into(),
            name: "H".into(),
            class: "Fighter".into(),
            level,
            abilities: Abilities {
                str: 18,
                con: 14,
                dex: 12,
                int: 8,
                wis: 12,
                cha: 10,
            },
            base: BaseDefenses {
                ac: 15,
                pd: 10,
                md: 10,
            },
            hp: 30,
            recoveries: 9,
            recovery_die: 10,
            attacks: vec![
                AttackDef {
                    id: "sword".into(),
                    name: "Longsword".into(),
                    kind: AttackKind::Melee,
                    vs: Defense::AC,
                    bonus: None,
                    ability: Some(crate::statblock::Ability::Str),
                    extra: 0,
                    damage: DamageSpec::Weapon(8),
                    damage_type: DamageKind::Physical,
                    miss: Some(crate::statblock::MissDamage::Level),
                    targets: Targets::One,
                    reach: Default::default(),
                    effects: vec![],
                    usage: Default::default(),
                    basic: true,
                    crit_range: 0,
                    crit_steps: 0,
                },
                AttackDef {
                    id: "fist".into(),
                    name: "Fist".into(),
                    kind: AttackKind::Melee,
                    vs: Defense::AC,
                    bonus: None,
                    ability: Some(crate::statblock::Ability::Str),
                    extra: -2,
                    damage: DamageSpec::Unarmed,
                    damage_type: DamageKind::Physical,
                    miss: None,
                    targets: Targets::One,
                    reach: Default::default(),
                    effects: vec![],
                    usage: Default::default(),
                    basic: false,
                    crit_range: 0,
                    crit_steps: 0,
                },
            ],
            powers: vec![],
            magic: vec![
                MagicItem {
                    to: MagicTo::Attacks,
                    bonus: 1,
                },
                MagicItem {
                    to: MagicTo::Attacks,
                    bonus: 2,
                },
                MagicItem {
                    to: MagicTo::Ac,
                    bonus: 1,
                },
            ],
            two_weapons: false,
        }
    }

    #[test]
    fn ar06_ar08_hero_attack_bonus_and_weapon_damage() {
        let sheet = compile(&ArchBlock::Hero(hero(1))).unwrap();
        // d20 + Str +4 + level 1 + best magic +2 (AR-40: the +1 item does not stack).
        assert_eq!(sheet.attacks[0].bonus, 7);
        assert_eq!(sheet.attacks[0].dice.to_string(), "d8+4");
        assert_eq!(sheet.attacks[0].miss, 1);
        let sheet5 = compile(&ArchBlock::Hero(hero(5))).unwrap();
        // Five weapon dice, Str +4 doubled at level 5.
        assert_eq!(sheet5.attacks[0].dice.to_string(), "5d8+8");
        let sheet8 = compile(&ArchBlock::Hero(hero(8))).unwrap();
        assert_eq!(sheet8.attacks[0].dice.to_string(), "8d8+12");
    }

    #[test]
    fn ar20_unarmed_strike_dice_by_level() {
        let d = |level| {
            compile(&ArchBlock::Hero(hero(level))).unwrap().attacks[1]
                .dice
                .to_string()
        };
        assert_eq!(d(1), "d3+4");
        assert_eq!(d(2), "d6+4");
        assert_eq!(d(3), "d6+d3+4");
        assert_eq!(d(4), "2d6+4");
        // Str attack at -2: +4 Str, +1 level, +2 magic, -2.
        assert_eq!(
            compile(&ArchBlock::Hero(hero(1))).unwrap().attacks[1].bonus,
            5
        );
    }

    #[test]
    fn ar40_magic_items_take_the_best_and_add_to_defenses() {
        let sheet = compile(&ArchBlock::Hero(hero(1))).unwrap();
        // AC 15 + middle(Con +2, Dex +1, Wis +1) = +1, + level 1, + armor +1.
        assert_eq!(sheet.ac, 18);
        assert_eq!(sheet.initiative, 2);
    }

    #[test]
    fn ar24_recovery_dice_by_level() {
        let sheet = compile(&ArchBlock::Hero(hero(5))).unwrap();
        assert_eq!(sheet.recovery_dice().to_string(), "5d10+4");
        assert!((sheet.mean_recovery() - 31.5).abs() < 1e-6);
    }
}
