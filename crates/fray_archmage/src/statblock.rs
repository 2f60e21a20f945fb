//! The archmage statblock schema: monsters and heroes, their attacks and powers, in RON.
//!
//! ```ron
//! [
//!     Monster(
//!         id: "bog-goblin", name: "Bog Goblin", level: 1, size: Normal,
//!         hp: 24, ac: 17, pd: 14, md: 11, initiative: 3,
//!         attacks: [
//!             (id: "spear", name: "Spear", kind: Melee, vs: AC, bonus: 6, damage: Dice("1d8+3"),
//!              miss: Some(Fixed(2)), basic: true),
//!         ],
//!     ),
//! ]
//! ```

use fray_content::schema::{Problem, Statblock, StatblockSet};
use fray_dice::Dice;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::slots::Slot;

/// The largest hit points, and the largest damage a die expression may reach, that content may
/// give: the rules' arithmetic stays far from overflow below them.
pub const LIMIT: i64 = 10_000;

/// The largest defense, bonus, ability score or die size content may give.
pub const SMALL_LIMIT: i64 = 100;

/// A problem when `value` (named `what`) lies outside `lo..=hi`, pointing at the field when
/// `what` is one (`hp`), else at the statblock.
fn outside(value: i64, lo: i64, hi: i64, what: &'static str) -> Option<Problem> {
    (!(lo..=hi).contains(&value)).then(|| {
        let message = format!("{what} {value} is outside {lo}..={hi}");
        if what.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            Problem::field(what, message)
        } else {
            Problem::here(message)
        }
    })
}
use crate::vocabulary::{ArchCondition, DamageKind};

/// One archmage statblock.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum ArchBlock {
    /// A monster or NPC: fixed numbers from the statblock.
    Monster(MonsterBlock),
    /// A player character: numbers derived from abilities, level and class.
    Hero(HeroBlock),
}

/// Mook, normal or large (a label for balance and the UI; the seed gives them no other rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
pub enum Size {
    /// A weak foe that comes in numbers.
    Mook,
    /// An ordinary monster.
    #[default]
    Normal,
    /// A big monster worth about two normal ones.
    Large,
}

/// A monster.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MonsterBlock {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Level (1..=15).
    pub level: u8,
    /// Mook, normal or large.
    #[serde(default)]
    pub size: Size,
    /// Hit points.
    pub hp: i32,
    /// Armor class.
    pub ac: i32,
    /// Physical defense.
    pub pd: i32,
    /// Mental defense.
    pub md: i32,
    /// Initiative bonus.
    pub initiative: i32,
    /// Attacks; the first `basic: true` melee attack is used for opportunity attacks.
    pub attacks: Vec<AttackDef>,
    /// Damage types it resists, with the natural roll needed to deal full damage.
    #[serde(default)]
    pub resist: Vec<(DamageKind, u8)>,
    /// A named villain (the optional meaningful-death rule lets only these kill heroes).
    #[serde(default)]
    pub named_villain: bool,
}

/// The six ability scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Abilities {
    /// Strength.
    pub str: i32,
    /// Constitution.
    pub con: i32,
    /// Dexterity.
    pub dex: i32,
    /// Intelligence.
    pub int: i32,
    /// Wisdom.
    pub wis: i32,
    /// Charisma.
    pub cha: i32,
}

/// An ability.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Ability {
    /// Strength.
    Str,
    /// Constitution.
    Con,
    /// Dexterity.
    Dex,
    /// Intelligence.
    Int,
    /// Wisdom.
    Wis,
    /// Charisma.
    Cha,
}

impl Abilities {
    /// An ability's score.
    pub fn score(&self, a: Ability) -> i32 {
        match a {
            Ability::Str => self.str,
            Ability::Con => self.con,
            Ability::Dex => self.dex,
            Ability::Int => self.int,
            Ability::Wis => self.wis,
            Ability::Cha => self.cha,
        }
    }
}

/// A class's base defenses (the class gives these; abilities and level add to them, AR-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BaseDefenses {
    /// Base armor class.
    pub ac: i32,
    /// Base physical defense.
    pub pd: i32,
    /// Base mental defense.
    pub md: i32,
}

/// A magic item bonus (AR-40: of each kind only the best counts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MagicItem {
    /// What it improves.
    pub to: MagicTo,
    /// By how much.
    pub bonus: i32,
}

/// What a magic item improves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum MagicTo {
    /// Attack rolls (a weapon or implement).
    Attacks,
    /// Armor class (armor).
    Ac,
    /// Physical and mental defense (a cloak or amulet).
    PdMd,
}

/// A hero.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HeroBlock {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Class name, for listings.
    pub class: String,
    /// Level (1..=10).
    pub level: u8,
    /// Ability scores.
    pub abilities: Abilities,
    /// The class's base defenses.
    pub base: BaseDefenses,
    /// Hit points (from the class's level chart).
    pub hp: i32,
    /// Recoveries per full heal-up.
    pub recoveries: u8,
    /// The class's recovery die (`d8`, `d10`...).
    pub recovery_die: u32,
    /// Attacks and attack powers.
    pub attacks: Vec<AttackDef>,
    /// Powers that are not attacks (heals, buffs).
    #[serde(default)]
    pub powers: Vec<PowerDef>,
    /// Magic items.
    #[serde(default)]
    pub magic: Vec<MagicItem>,
    /// Fights with a weapon in each hand (AR-21).
    #[serde(default)]
    pub two_weapons: bool,
}

/// Melee, ranged, or a spell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum AttackKind {
    /// A melee attack: only against enemies engaged with you.
    Melee,
    /// A ranged weapon attack: draws opportunity attacks from engagers you don't target.
    Ranged,
    /// A close-quarters spell: used in melee, draws no opportunity attacks.
    CloseSpell,
    /// A ranged spell: draws opportunity attacks from every engager.
    RangedSpell,
}

impl AttackKind {
    /// Whether it reaches targets not engaged with the attacker.
    pub fn is_ranged(self) -> bool {
        matches!(self, AttackKind::Ranged | AttackKind::RangedSpell)
    }
}

/// A defense.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Defense {
    /// Armor class.
    AC,
    /// Physical defense.
    PD,
    /// Mental defense.
    MD,
}

/// How far a ranged attack reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
pub enum Reach {
    /// Nearby targets (the same or a neighbouring region).
    #[default]
    Nearby,
    /// Far away targets too (up to two regions away).
    FarAway,
}

impl Reach {
    /// How many hops away a ranged attack of this reach finds its targets.
    pub fn hops(self) -> u8 {
        if self == Reach::FarAway { 2 } else { 1 }
    }
}

/// Which targets an attack takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
pub enum Targets {
    /// One target.
    #[default]
    One,
    /// Up to this many enemies in a group: the chosen one, then the next ones of its region in
    /// order, without skipping (AR-43).
    Group(u8),
}

/// How an attack's damage is worked out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum DamageSpec {
    /// Fixed dice (monster attacks, spells): `Dice("2d6+4")`.
    Dice(Dice),
    /// A hero's weapon: one die of this size per level, plus the ability modifier (AR-08).
    Weapon(u32),
    /// A spell: this many dice of this size per level, plus the ability modifier.
    PerLevel(u32, u32),
    /// Unarmed: 1d6 per two levels (a d3 at odd levels) plus Strength (AR-20).
    Unarmed,
}

/// Damage on a miss (AR-19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum MissDamage {
    /// A fixed amount.
    Fixed(i32),
    /// Damage equal to the attacker's level.
    Level,
}

/// When an attack's extra effect happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
pub enum When {
    /// On any hit.
    #[default]
    Hit,
    /// On a hit with an even natural roll.
    NaturalEven,
    /// On a hit with an odd natural roll.
    NaturalOdd,
    /// On a hit with a natural roll of at least this.
    NaturalAtLeast(u8),
    /// On a miss (not a natural 1).
    Miss,
}

/// How long an inflicted condition lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Lasts {
    /// Until a save ends it (easy 6+, normal 11+, hard 16+).
    SaveEnds(SaveKind),
    /// Until the end of the target's next turn.
    EndOfTargetsNextTurn,
    /// Until the end of the attacker's next turn.
    EndOfAttackersNextTurn,
    /// For the rest of the battle.
    Battle,
}

/// Save difficulty names as written in content.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
pub enum SaveKind {
    /// 6+.
    Easy,
    /// 11+.
    #[default]
    Normal,
    /// 16+.
    Hard,
}

/// An extra effect of an attack.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum OnHit {
    /// Ongoing damage, save ends (AR-30).
    Ongoing {
        /// Damage per turn.
        amount: i32,
        /// Its type.
        kind: DamageKind,
        /// The save that ends it.
        #[serde(default)]
        save: SaveKind,
    },
    /// A condition (AR-27).
    Inflict {
        /// Which.
        condition: ArchCondition,
        /// For how long.
        lasts: Lasts,
        /// Only if the target then has at most this many hit points (AR-43: current HP).
        #[serde(default)]
        hp_at_most: Option<i32>,
    },
    /// The target is grabbed by the attacker (AR-29).
    Grab,
    /// The attacker gains temporary hit points (AR-33).
    TempHp(i32),
    /// Extra damage.
    Damage(i32),
}

/// How often an attack or power can be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
pub enum Usage {
    /// Every turn.
    #[default]
    AtWill,
    /// Once per full heal-up.
    Daily,
    /// Once per battle; after the battle a d20 at or above this number brings it back (AR-39).
    Recharge(u8),
    /// An interrupt, taken off-turn when an enemy engages you (AR-05).
    Interrupt,
}

/// An attack or attack power.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttackDef {
    /// Id, unique in the statblock.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Melee, ranged or spell.
    pub kind: AttackKind,
    /// The defense it targets.
    pub vs: Defense,
    /// Monsters: the fixed attack bonus.
    #[serde(default)]
    pub bonus: Option<i32>,
    /// Heroes: the ability used for attack and damage (attack = d20 + mod + level + magic).
    #[serde(default)]
    pub ability: Option<Ability>,
    /// Extra attack bonus (a power's own bonus, or the -2 of an unarmed strike).
    #[serde(default)]
    pub extra: i32,
    /// Damage.
    pub damage: DamageSpec,
    /// Damage type.
    #[serde(default)]
    pub damage_type: DamageKind,
    /// Damage on a miss.
    #[serde(default)]
    pub miss: Option<MissDamage>,
    /// Targets.
    #[serde(default)]
    pub targets: Targets,
    /// Reach of a ranged attack.
    #[serde(default)]
    pub reach: Reach,
    /// Extra effects.
    #[serde(default)]
    pub effects: Vec<(When, OnHit)>,
    /// How often.
    #[serde(default)]
    pub usage: Usage,
    /// A basic attack (usable while hampered; the basic melee attack makes opportunity attacks).
    #[serde(default)]
    pub basic: bool,
    /// Crit range expansion: crits on a natural `20 - crit_range` or more (AR-17).
    #[serde(default)]
    pub crit_range: u8,
    /// Crit damage multiplier steps beyond double (1: triple, AR-17).
    #[serde(default)]
    pub crit_steps: u8,
}

/// Who a power helps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum PowerTarget {
    /// The user.
    Myself,
    /// The user or a nearby ally.
    NearbyAlly,
}

/// What a power does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum PowerEffect {
    /// The target spends a recovery and heals (plus a bonus), AR-24.
    HealWithRecovery {
        /// Added to the recovery's hit points.
        bonus: i32,
    },
    /// The target heals this much without spending a recovery.
    Heal(Dice),
    /// The target gains temporary hit points.
    TempHp(i32),
}

/// A power that is not an attack.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PowerDef {
    /// Id, unique in the statblock.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Whose benefit.
    pub target: PowerTarget,
    /// What it does.
    pub effect: PowerEffect,
    /// The action it takes.
    pub action: Slot,
    /// How often.
    #[serde(default)]
    pub usage: Usage,
    /// A close-quarters spell draws no opportunity attacks; other spells do.
    #[serde(default)]
    pub close: bool,
}

impl ArchBlock {
    /// The attacks.
    pub fn attacks(&self) -> &[AttackDef] {
        match self {
            ArchBlock::Monster(m) => &m.attacks,
            ArchBlock::Hero(h) => &h.attacks,
        }
    }
}

impl ArchBlock {
    /// Numbers outside what the rules' arithmetic is safe with: hit points, defenses,
    /// initiative, ability scores, attack bonuses, die sizes, and how far damage dice reach.
    fn number_problems(&self) -> Vec<Problem> {
        let (s, l) = (SMALL_LIMIT, LIMIT);
        let mut checks: Vec<Option<Problem>> = Vec::new();
        match self {
            ArchBlock::Monster(m) => {
                checks.push(outside(i64::from(m.hp), 1, l, "hp"));
                for (what, v) in [("ac", m.ac), ("pd", m.pd), ("md", m.md)] {
                    checks.push(outside(i64::from(v), 0, s, what));
                }
                checks.push(outside(i64::from(m.initiative), -s, s, "initiative"));
            }
            ArchBlock::Hero(h) => {
                checks.push(outside(i64::from(h.hp), 1, l, "hp"));
                let b = &h.base;
                for (what, v) in [("ac", b.ac), ("pd", b.pd), ("md", b.md)] {
                    checks.push(outside(i64::from(v), 0, s, what));
                }
                let a = &h.abilities;
                for (what, v) in [
                    ("str", a.str),
                    ("con", a.con),
                    ("dex", a.dex),
                    ("int", a.int),
                    ("wis", a.wis),
                    ("cha", a.cha),
                ] {
                    checks.push(outside(i64::from(v), 0, s, what));
                }
                checks.push(outside(i64::from(h.recovery_die), 1, s, "recovery_die"));
            }
        }
        for a in self.attacks() {
            if let Some(bonus) = a.bonus {
                checks.push(outside(i64::from(bonus), -s, s, "an attack's bonus"));
            }
            checks.push(outside(i64::from(a.extra), -s, s, "an attack's extra"));
            match &a.damage {
                DamageSpec::Dice(d) if d.min() < -l || d.max() > l => {
                    checks.push(Some(Problem::field(
                        "damage",
                        format!(
                            "damage `{}` reaches {}..={}, outside -{l}..={l}",
                            d.notation(),
                            d.min(),
                            d.max()
                        ),
                    )));
                }
                DamageSpec::Dice(d) if d.max() <= 0 => {
                    checks.push(Some(
                        Problem::field(
                            "damage",
                            format!(
                                "damage `{}` never rolls above {}: the attack could never hurt",
                                d.notation(),
                                d.max()
                            ),
                        )
                        .with_help("give it dice that can roll 1 or more"),
                    ));
                }
                DamageSpec::Dice(_) => {}
                DamageSpec::Weapon(die) => checks.push(outside(i64::from(*die), 1, s, "die size")),
                DamageSpec::PerLevel(n, die) => {
                    checks.push(outside(i64::from(*n), 1, s, "dice per level"));
                    checks.push(outside(i64::from(*die), 1, s, "die size"));
                }
                DamageSpec::Unarmed => {}
            }
        }
        checks.into_iter().flatten().collect()
    }
}

impl Statblock for ArchBlock {
    fn id(&self) -> &str {
        match self {
            ArchBlock::Monster(m) => &m.id,
            ArchBlock::Hero(h) => &h.id,
        }
    }

    fn name(&self) -> &str {
        match self {
            ArchBlock::Monster(m) => &m.name,
            ArchBlock::Hero(h) => &h.name,
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            ArchBlock::Monster(_) => "monster",
            ArchBlock::Hero(_) => "hero",
        }
    }

    fn max_hp(&self) -> Option<i32> {
        Some(match self {
            ArchBlock::Monster(m) => m.hp,
            ArchBlock::Hero(h) => h.hp,
        })
    }

    fn problems(&self, _set: &StatblockSet<Self>) -> Vec<Problem> {
        let mut out = Vec::new();
        let level = match self {
            ArchBlock::Monster(m) => m.level,
            ArchBlock::Hero(h) => h.level,
        };
        if !(1..=15).contains(&level) {
            out.push(Problem::field(
                "level",
                format!("level {level} is outside 1..=15"),
            ));
        }
        out.extend(self.number_problems());
        let attacks = self.attacks();
        if attacks.is_empty() {
            out.push(Problem::field("attacks", "needs at least one attack"));
        }
        if attacks.len() > crate::state::MAX_USES {
            out.push(Problem::field(
                "attacks",
                format!(
                    "{} attacks: a statblock has at most {}",
                    attacks.len(),
                    crate::state::MAX_USES
                ),
            ));
        }
        for (i, a) in attacks.iter().enumerate() {
            if attacks[..i].iter().any(|b| b.id == a.id) {
                out.push(Problem::at(
                    &a.id,
                    format!("attack id `{}` is used twice", a.id),
                ));
            }
            match self {
                ArchBlock::Monster(_) if a.bonus.is_none() => out.push(
                    Problem::at(&a.id, format!("monster attack `{}` needs a `bonus`", a.id))
                        .with_help("write e.g. `bonus: 6` (the +6 of `+6 vs AC`)"),
                ),
                ArchBlock::Hero(_) if a.ability.is_none() => out.push(
                    Problem::at(&a.id, format!("hero attack `{}` needs an `ability`", a.id))
                        .with_help("write e.g. `ability: Some(Str)`"),
                ),
                _ => {}
            }
            if let (
                ArchBlock::Monster(_),
                DamageSpec::Weapon(_) | DamageSpec::PerLevel(..) | DamageSpec::Unarmed,
            ) = (self, &a.damage)
            {
                out.push(Problem::at(&a.id, "monster damage must be `Dice(\"...\")`"));
            }
            // An unarmed attack is a Strength attack against AC at -2, whatever the class
            // (AR-20): content that writes it otherwise is refused, not quietly corrected.
            if a.damage == DamageSpec::Unarmed
                && (a.ability != Some(Ability::Str) || a.vs != Defense::AC || a.extra != -2)
            {
                out.push(
                    Problem::at(
                        &a.id,
                        format!(
                            "unarmed attack `{}` must be a Strength attack against AC at -2 (AR-20)",
                            a.id
                        ),
                    )
                    .with_help("write `vs: AC, ability: Str, extra: -2`"),
                );
            }
            if a.crit_range > 10 {
                out.push(Problem::at(
                    &a.id,
                    "crit_range above 10 is not a crit range",
                ));
            }
        }
        if let ArchBlock::Hero(h) = self {
            if !attacks
                .iter()
                .any(|a| a.basic && a.kind == AttackKind::Melee)
            {
                out.push(Problem::field(
                    "attacks",
                    "a hero needs a basic melee attack (`basic: true`)",
                ));
            }
            if !(4..=20).contains(&h.recovery_die) {
                out.push(Problem::field(
                    "recovery_die",
                    format!(
                        "recovery die d{} is not a class recovery die",
                        h.recovery_die
                    ),
                ));
            }
            if h.powers.len() > crate::state::MAX_USES {
                out.push(Problem::field(
                    "powers",
                    format!(
                        "{} powers: a statblock has at most {}",
                        h.powers.len(),
                        crate::state::MAX_USES
                    ),
                ));
            }
            for (i, p) in h.powers.iter().enumerate() {
                if h.powers[..i].iter().any(|q| q.id == p.id) {
                    out.push(Problem::at(
                        &p.id,
                        format!("power id `{}` is used twice", p.id),
                    ));
                }
            }
            for (name, score) in [
                ("str", h.abilities.str),
                ("con", h.abilities.con),
                ("dex", h.abilities.dex),
                ("int", h.abilities.int),
                ("wis", h.abilities.wis),
                ("cha", h.abilities.cha),
            ] {
                if !(1..=30).contains(&score) {
                    out.push(Problem::field(
                        name,
                        format!("ability score {score} is outside 1..=30"),
                    ));
                }
            }
        }
        out
    }
}
