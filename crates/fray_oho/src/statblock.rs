//! The OHO statblock schema: proficiencies, weapons, armor, heroes and monsters, in RON.
//!
//! A statblock file under `content/oho/` is a list of [`OhoBlock`](crate::statblock::OhoBlock)s.
//! Weapons name the proficiency they are rolled with; creatures name their weapons and armor; every
//! reference is checked when content loads
//! ([`Statblock::problems`](fray_content::schema::Statblock::problems)).
//!
//! ```
//! use fray_content::prelude::*;
//! use fray_oho::statblock::OhoBlock;
//!
//! let text = r#"[
//!     Proficiency(id: "blades", name: "Blades", ability: Strength),
//!     Weapon(id: "sabre", name: "Sabre", proficiency: "blades", damage: "2d6",
//!            damage_type: Slashing, extra_damage: 3),
//!     Armor(id: "coat", name: "Leather coat", reduction: 1),
//!     Hero(id: "duelist", name: "Duelist", health: 24, speed: 30, reflex: 3, dodge: 1,
//!          fortitude: 3, proficiencies: {"blades": 4}, weapons: ["sabre"], armor: "coat"),
//! ]"#;
//! let loader = ContentLoader::new().with_schema(fray_oho::schema());
//! let mut db = ContentDb::default();
//! loader.add_source(&mut db, SourceFile::new("content/oho/duel.ron", text)).unwrap();
//! assert!(loader.validate(&mut db).is_empty());
//! let set = db.statblocks::<OhoBlock>("oho").unwrap();
//! assert_eq!(set.get("duelist").map(|b| b.kind()), Some("hero"));
//! ```

use std::collections::BTreeMap;
use std::fmt;

use fray_content::schema::{Problem, Statblock, StatblockSet};
use fray_content::suggest::help_for;
use fray_dice::Dice;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::MAX_POOL;
use crate::vocabulary::{DamageKind, OhoCondition};

/// The abilities that govern rolls. Experience from each proficiency check goes to the ability
/// that governs it (OHO-22); the defense roll is governed by Reflex, the Fortitude roll by
/// Fortitude; a curse takes 1d6 from the rolls of one ability (OHO-20).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Ability {
    /// Strength: most melee weapons.
    Strength,
    /// Reflex: defense rolls, initiative, bows and finesse weapons.
    Reflex,
    /// Fortitude: Fortitude rolls.
    Fortitude,
    /// Intellect: spellcraft (concussions hurt it, OHO-18).
    Intellect,
    /// Willpower: hexes and wards (concussions hurt it, OHO-18).
    Willpower,
    /// Presence: commands and intimidation.
    Presence,
}

impl Ability {
    /// Every ability, in declaration order.
    pub const ALL: [Ability; 6] = [
        Ability::Strength,
        Ability::Reflex,
        Ability::Fortitude,
        Ability::Intellect,
        Ability::Willpower,
        Ability::Presence,
    ];

    /// Intellect and Willpower rolls suffer from a concussion (OHO-18).
    pub fn is_mental(self) -> bool {
        matches!(self, Ability::Intellect | Ability::Willpower)
    }

    /// The ability's bit in a set of abilities (curses).
    pub fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// The ability's name.
    pub fn name(self) -> &'static str {
        match self {
            Ability::Strength => "Strength",
            Ability::Reflex => "Reflex",
            Ability::Fortitude => "Fortitude",
            Ability::Intellect => "Intellect",
            Ability::Willpower => "Willpower",
            Ability::Presence => "Presence",
        }
    }

    /// The ability named in `text` as `(Name)`, as attack labels and roll purposes carry it.
    ///
    /// ```
    /// use fray_oho::statblock::Ability;
    /// assert_eq!(Ability::in_label("Longsword (Strength), called shot"), Some(Ability::Strength));
    /// assert_eq!(Ability::in_label("defense roll"), None);
    /// ```
    pub fn in_label(text: &str) -> Option<Ability> {
        Ability::ALL
            .into_iter()
            .find(|a| text.contains(&format!("({})", a.name())))
    }
}

impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The proficiency a creature without weapons fights with.
pub const UNARMED: &str = "unarmed";

/// A specialization.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Specialization {
    /// Toughness: engage this many creatures more than the one everybody may (OHO-13; the text
    /// names the specialization without a number, so content gives the ranks).
    Toughness(u8),
}

/// Something a weapon's hit does besides damage, when the Fortitude roll fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Rider {
    /// A condition for this many rounds (blinded, deafened, confused, frightened...).
    Condition(OhoCondition, u32),
    /// Levels of exhaustion, added to those the target has (OHO-21).
    Exhaustion(u8),
    /// A curse on an ability: its rolls lose 1d6 until the curse is lifted (OHO-20).
    Curse(Ability),
}

/// Conditions a [`Rider::Condition`] may inflict (the others follow from the rules).
pub const RIDER_CONDITIONS: [OhoCondition; 10] = [
    OhoCondition::Bleeding,
    OhoCondition::Concussion,
    OhoCondition::SprainedArm,
    OhoCondition::SprainedLeg,
    OhoCondition::Burned,
    OhoCondition::Frostbite,
    OhoCondition::Blinded,
    OhoCondition::Deafened,
    OhoCondition::Confused,
    OhoCondition::Frightened,
];

/// A weapon (or a natural weapon, or an attack spell).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WeaponBlock {
    /// Unique id.
    pub id: String,
    /// Display name (no parentheses: logs add the governing ability in them).
    pub name: String,
    /// The proficiency whose pool rolls the attack (OHO-08).
    pub proficiency: String,
    /// Damage dice.
    pub damage: Dice,
    /// Damage type: it decides the injury (OHO-16).
    pub damage_type: DamageKind,
    /// Extra-damage modifier: the attack/defense difference is divided by it (OHO-12).
    pub extra_damage: u8,
    /// How many regions away it reaches (0: the creature's own region).
    #[serde(default)]
    pub reach: u8,
    /// A full-round action (a spell, a heavy crossbow): it takes the whole gauge and lands at
    /// the end of the round (OHO-03).
    #[serde(default)]
    pub full_round: bool,
    /// What a hit does besides damage when the Fortitude roll fails.
    #[serde(default)]
    pub riders: Vec<Rider>,
}

/// A hero or a monster.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatureBlock {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Health: damage from failed Fortitude rolls comes off it. At 0 the creature is disabled;
    /// at minus its health, dead (Fray's ruling: the text counts damage without a limit).
    pub health: i32,
    /// Feet covered by one move action of 2 s (OHO-04).
    pub speed: u32,
    /// Feet covered by a dash of 1 s (OHO-06); half the speed when not given.
    #[serde(default)]
    pub dash: Option<u32>,
    /// Reflex: dice of the defense roll and of initiative.
    pub reflex: u8,
    /// Dodge: more dice of the defense roll (OHO-09).
    #[serde(default)]
    pub dodge: u8,
    /// Fortitude: dice of the Fortitude roll (OHO-10).
    pub fortitude: u8,
    /// Proficiencies by id, with their dice (OHO-07).
    pub proficiencies: BTreeMap<String, u8>,
    /// Weapons by id, in the order attacks are numbered; none: unarmed (needs `unarmed`).
    #[serde(default)]
    pub weapons: Vec<String>,
    /// Armor worn.
    #[serde(default)]
    pub armor: Option<String>,
    /// Specializations.
    #[serde(default)]
    pub specializations: Vec<Specialization>,
    /// Injuries that take it out of the fight (a beast that flees when hurt); none: no limit.
    #[serde(default)]
    pub injury_limit: Option<u8>,
    /// Hero level, 1-20 (OHO-24).
    #[serde(default = "one")]
    pub level: u32,
}

fn one() -> u32 {
    1
}

/// One OHO statblock.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum OhoBlock {
    /// A proficiency and the ability that governs it.
    Proficiency {
        /// Unique id.
        id: String,
        /// Display name.
        name: String,
        /// The governing ability (OHO-22).
        ability: Ability,
    },
    /// A weapon.
    Weapon(WeaponBlock),
    /// Armor.
    Armor {
        /// Unique id.
        id: String,
        /// Display name.
        name: String,
        /// Damage reduction (OHO-10).
        reduction: i32,
    },
    /// A player character.
    Hero(CreatureBlock),
    /// A monster.
    Monster(CreatureBlock),
}

impl OhoBlock {
    /// The creature of a hero or monster statblock.
    pub fn creature(&self) -> Option<&CreatureBlock> {
        match self {
            OhoBlock::Hero(c) | OhoBlock::Monster(c) => Some(c),
            _ => None,
        }
    }
}

impl Statblock for OhoBlock {
    fn id(&self) -> &str {
        match self {
            OhoBlock::Proficiency { id, .. } | OhoBlock::Armor { id, .. } => id,
            OhoBlock::Weapon(w) => &w.id,
            OhoBlock::Hero(c) | OhoBlock::Monster(c) => &c.id,
        }
    }

    fn name(&self) -> &str {
        match self {
            OhoBlock::Proficiency { name, .. } | OhoBlock::Armor { name, .. } => name,
            OhoBlock::Weapon(w) => &w.name,
            OhoBlock::Hero(c) | OhoBlock::Monster(c) => &c.name,
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            OhoBlock::Proficiency { .. } => "proficiency",
            OhoBlock::Weapon(_) => "weapon",
            OhoBlock::Armor { .. } => "armor",
            OhoBlock::Hero(_) => "hero",
            OhoBlock::Monster(_) => "monster",
        }
    }

    fn spawnable(&self) -> bool {
        self.creature().is_some()
    }

    fn max_hp(&self) -> Option<i32> {
        self.creature().map(|c| c.health)
    }

    fn problems(&self, set: &StatblockSet<Self>) -> Vec<Problem> {
        match self {
            OhoBlock::Weapon(w) => weapon_problems(w, set),
            OhoBlock::Armor { reduction, .. } if *reduction < 0 => {
                vec![Problem::field("reduction", "reduction cannot be negative")]
            }
            OhoBlock::Armor { reduction, .. } if i64::from(*reduction) > LIMIT => {
                vec![Problem::field(
                    "reduction",
                    format!("reduction is at most {LIMIT}"),
                )]
            }
            OhoBlock::Hero(c) | OhoBlock::Monster(c) => creature_problems(c, set),
            OhoBlock::Proficiency { .. } | OhoBlock::Armor { .. } => Vec::new(),
        }
    }
}

/// The largest health, speed, reduction and reach of damage dice content may give: the
/// rules' arithmetic stays far from overflow below them.
pub const LIMIT: i64 = 10_000;

fn of_kind<'a>(
    set: &'a StatblockSet<OhoBlock>,
    kind: &'static str,
) -> impl Iterator<Item = &'a str> + Clone + 'a {
    set.ids()
        .filter(move |id| set.get(id).is_some_and(|b| b.kind() == kind))
}

fn weapon_problems(w: &WeaponBlock, set: &StatblockSet<OhoBlock>) -> Vec<Problem> {
    let mut out = Vec::new();
    if !matches!(set.get(&w.proficiency), Some(OhoBlock::Proficiency { .. })) {
        out.push(
            Problem::at(
                &w.proficiency,
                format!("unknown proficiency `{}`", w.proficiency),
            )
            .with_help(help_for(&w.proficiency, of_kind(set, "proficiency"))),
        );
    }
    if w.damage.min() < -LIMIT || w.damage.max() > LIMIT {
        out.push(Problem::field(
            "damage",
            format!(
                "damage `{}` reaches {}..={}, outside -{LIMIT}..={LIMIT}",
                w.damage.notation(),
                w.damage.min(),
                w.damage.max()
            ),
        ));
    }
    if w.extra_damage == 0 {
        out.push(Problem::field(
            "extra_damage",
            "extra_damage must be at least 1 (the attack/defense difference is divided by it)",
        ));
    }
    if w.name.contains(['(', ')']) {
        out.push(Problem::at(
            &w.name,
            "weapon names cannot contain parentheses (logs add the governing ability in them)",
        ));
    }
    if w.damage.distribution().is_err() {
        out.push(Problem::at(
            w.damage.notation(),
            "damage dice too large to compute exact odds for",
        ));
    }
    for rider in &w.riders {
        match rider {
            Rider::Condition(c, rounds) => {
                if !RIDER_CONDITIONS.contains(c) {
                    out.push(Problem::field(
                        "riders",
                        format!("a rider cannot inflict `{c:?}` (it follows from the rules)"),
                    ));
                }
                if *rounds == 0 {
                    out.push(Problem::field(
                        "riders",
                        "a rider's condition lasts at least 1 round",
                    ));
                }
            }
            Rider::Exhaustion(0) => out.push(Problem::field(
                "riders",
                "an exhaustion rider needs a level",
            )),
            Rider::Exhaustion(_) | Rider::Curse(_) => {}
        }
    }
    out
}

fn creature_problems(c: &CreatureBlock, set: &StatblockSet<OhoBlock>) -> Vec<Problem> {
    let mut out = Vec::new();
    if c.health <= 0 {
        out.push(Problem::field("health", "health must be positive"));
    }
    if i64::from(c.health) > LIMIT {
        out.push(Problem::field(
            "health",
            format!("health {} is above {LIMIT}", c.health),
        ));
    }
    if c.speed == 0 {
        out.push(Problem::field("speed", "speed must be positive"));
    }
    if i64::from(c.speed) > LIMIT {
        out.push(Problem::field(
            "speed",
            format!("speeds are at most {LIMIT}"),
        ));
    }
    if c.dash.is_some_and(|d| i64::from(d) > LIMIT) {
        out.push(Problem::field(
            "dash",
            format!("speeds are at most {LIMIT}"),
        ));
    }
    if c.reflex == 0 {
        out.push(Problem::field("reflex", "reflex must be at least 1"));
    }
    if c.fortitude == 0 {
        out.push(Problem::field("fortitude", "fortitude must be at least 1"));
    }
    let max = MAX_POOL as u32;
    if u32::from(c.reflex) + u32::from(c.dodge) > max {
        let field = if u32::from(c.reflex) > max {
            "reflex"
        } else {
            "dodge"
        };
        out.push(Problem::field(
            field,
            format!("pools are at most {max} dice"),
        ));
    }
    if u32::from(c.fortitude) > max {
        out.push(Problem::field(
            "fortitude",
            format!("pools are at most {max} dice"),
        ));
    }
    if !(1..=20).contains(&c.level) {
        out.push(Problem::field("level", "level is 1 to 20"));
    }
    for (p, dice) in &c.proficiencies {
        if !matches!(set.get(p), Some(OhoBlock::Proficiency { .. })) {
            out.push(
                Problem::at(p, format!("unknown proficiency `{p}`"))
                    .with_help(help_for(p, of_kind(set, "proficiency"))),
            );
        }
        if u32::from(*dice) > max {
            out.push(Problem::at(p, format!("pools are at most {max} dice")));
        }
    }
    for w in &c.weapons {
        match set.get(w) {
            Some(OhoBlock::Weapon(weapon))
                if !c.proficiencies.contains_key(&weapon.proficiency) =>
            {
                out.push(Problem::at(
                    w,
                    format!(
                        "`{w}` is rolled with the `{}` proficiency, which `{}` lacks",
                        weapon.proficiency, c.id
                    ),
                ));
            }
            Some(OhoBlock::Weapon(_)) => {}
            _ => out.push(
                Problem::at(w, format!("unknown weapon `{w}`"))
                    .with_help(help_for(w, of_kind(set, "weapon"))),
            ),
        }
    }
    if let Some(a) = &c.armor
        && !matches!(set.get(a), Some(OhoBlock::Armor { .. }))
    {
        out.push(
            Problem::at(a, format!("unknown armor `{a}`"))
                .with_help(help_for(a, of_kind(set, "armor"))),
        );
    }
    if c.weapons.is_empty() && !c.proficiencies.contains_key(UNARMED) {
        out.push(Problem::field(
            "weapons",
            "a creature without weapons fights unarmed and needs the `unarmed` proficiency",
        ));
    }
    if c.injury_limit == Some(0) {
        out.push(Problem::field(
            "injury_limit",
            "injury_limit must be at least 1",
        ));
    }
    out
}
