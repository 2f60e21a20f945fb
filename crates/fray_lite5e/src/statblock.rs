//! The `lite5e` statblock schema: player characters and monsters, as content writes them in
//! RON under `content/lite5e/`.
//!
//! ```ron
//! Pc(id: "fighter-2", name: "Fighter", level: 2, str: 16, dex: 12, con: 14, int: 10, wis: 11,
//!     cha: 9, proficiency: 2, ac: 16, hp: 18, load: 12, light: Some(Dim),
//!     attacks: [(name: "longsword", kind: Melee, damage: "1d8")])
//! ```

use fray_content::map::Light;
use fray_content::schema::{Problem, Statblock, StatblockSet};
use fray_dice::Dice;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The most hit points content may give.
pub const MAX_HP: u16 = 999;

/// One `lite5e` statblock.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum L5Block {
    /// A player character: rolls morale alone, and a monster's natural 1 doubles its damage
    /// (L5-12).
    Pc(CreatureBlock),
    /// A monster or NPC.
    Monster(CreatureBlock),
}

/// What an attack draws on (L5-10): melee STR, ranged DEX, arcane INT, divine WIS.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum AttackKind {
    /// A melee weapon: STR, close range only.
    Melee,
    /// A ranged weapon: DEX.
    Ranged,
    /// An arcane spell: INT.
    Arcane,
    /// A divine spell: WIS.
    Divine,
}

/// The farthest band an attack reaches (L5-09).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub enum Reach {
    /// The same region only.
    #[default]
    Close,
    /// A neighbouring region.
    Ranged,
    /// Two regions away: long range.
    Far,
}

/// One attack, spell or feature.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttackBlock {
    /// Its name.
    pub name: String,
    /// What it draws on.
    pub kind: AttackKind,
    /// Its damage dice (or healing dice), before the ability modifier.
    pub damage: Dice,
    /// The farthest band it reaches (close unless given; a ranged weapon reaches `Ranged`).
    #[serde(default)]
    pub reach: Reach,
    /// The attacker is proficient with it (adds the proficiency bonus, L5-02; true unless
    /// given).
    #[serde(default = "yes")]
    pub proficient: bool,
    /// A healing spell: it targets an ally, never misses, heals its dice plus the modifier and
    /// stabilizes an incapacitated ally (L5-14).
    #[serde(default)]
    pub heal: bool,
    /// A quick action instead of an active one (L5-03).
    #[serde(default)]
    pub quick: bool,
    /// Uses per fight (0: unlimited).
    #[serde(default)]
    pub uses: u8,
}

/// A body part a combatant may lose on the injury table (L5-14): its lasting effect.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BodyPart {
    /// What is lost (`left hand`).
    pub name: String,
    /// Penalty to attack checks from now on.
    #[serde(default)]
    pub attack: u8,
    /// Feet of speed lost from now on.
    #[serde(default)]
    pub speed: u8,
}

fn yes() -> bool {
    true
}

fn thirty() -> u8 {
    30
}

/// A character's or a monster's numbers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatureBlock {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Level (a PC, 1..20) or hit dice (a monster, 1..20).
    pub level: u8,
    /// Strength score.
    pub str: u8,
    /// Dexterity score (initiative order, L5-06).
    pub dex: u8,
    /// Constitution score.
    pub con: u8,
    /// Intelligence score.
    pub int: u8,
    /// Wisdom score (morale, stabilizing).
    pub wis: u8,
    /// Charisma score.
    pub cha: u8,
    /// Proficiency bonus (L5-02).
    pub proficiency: u8,
    /// Armour class.
    pub ac: u8,
    /// Hit points.
    pub hp: u16,
    /// Base speed in feet (30 unless given, L5-04).
    #[serde(default = "thirty")]
    pub speed: u8,
    /// Load carried (L5-05): each load above STR costs 5 ft and gives disadvantage.
    #[serde(default)]
    pub load: u8,
    /// The light it carries (a torch sheds dim light): its region is at least this bright
    /// (L5-18).
    #[serde(default)]
    pub light: Option<Light>,
    /// Sees in darkness (L5-18).
    #[serde(default)]
    pub darksight: bool,
    /// Proficient in stealth (L5-08).
    #[serde(default)]
    pub stealthy: bool,
    /// Starts the fight in stealth (L5-08).
    #[serde(default)]
    pub hidden: bool,
    /// Proficient in healing: adds proficiency to stabilizing checks (L5-14).
    #[serde(default)]
    pub medic: bool,
    /// Morale bonus by hit dice (L5-16; a monster's).
    #[serde(default)]
    pub morale: i8,
    /// Proficiency counts for its morale checks (a soldier, a zealot; L5-16).
    #[serde(default)]
    pub morale_proficient: bool,
    /// Its blows carry corruption (venom, disease; L5-25): the DC of the CON check a party
    /// member it wounds makes against infection (usually 11, more for a worse source). The
    /// exploration layer plays it after the fight.
    #[serde(default)]
    pub corrupts: Option<u8>,
    /// Body parts it may lose on the injury table (L5-14); at least one.
    pub body_parts: Vec<BodyPart>,
    /// Attacks, spells and features.
    pub attacks: Vec<AttackBlock>,
}

impl L5Block {
    /// The numbers of a character or a monster.
    pub fn creature(&self) -> &CreatureBlock {
        match self {
            Self::Pc(c) | Self::Monster(c) => c,
        }
    }
}

impl Statblock for L5Block {
    fn max_hp(&self) -> Option<i32> {
        Some(i32::from(self.creature().hp))
    }

    fn id(&self) -> &str {
        &self.creature().id
    }

    fn name(&self) -> &str {
        &self.creature().name
    }

    fn kind(&self) -> &'static str {
        match self {
            Self::Pc(_) => "pc",
            Self::Monster(_) => "monster",
        }
    }

    fn problems(&self, _set: &StatblockSet<Self>) -> Vec<Problem> {
        let c = self.creature();
        let mut out = Vec::new();
        let mut within = |value: i64, lo: i64, hi: i64, what: &'static str| {
            out.extend(Problem::outside(value, lo, hi, what));
        };
        within(i64::from(c.level), 1, 20, "level");
        for (v, n) in [
            (c.str, "str"),
            (c.dex, "dex"),
            (c.con, "con"),
            (c.int, "int"),
            (c.wis, "wis"),
            (c.cha, "cha"),
        ] {
            within(i64::from(v), 1, 30, n);
        }
        within(i64::from(c.proficiency), 0, 6, "proficiency");
        within(i64::from(c.ac), 1, 30, "ac");
        within(i64::from(c.hp), 1, i64::from(MAX_HP), "hp");
        within(i64::from(c.speed), 0, 120, "speed");
        within(i64::from(c.load), 0, 60, "load");
        within(i64::from(c.morale), -5, 10, "morale");
        if let Some(dc) = c.corrupts {
            within(i64::from(dc), 1, 40, "corrupts");
        }
        if c.attacks.is_empty() || c.attacks.len() > 16 {
            out.push(Problem::field("attacks", "a creature needs 1..16 attacks"));
        }
        if c.body_parts.is_empty() || c.body_parts.len() > 12 {
            out.push(Problem::field(
                "body_parts",
                "a creature lists 1..12 body parts it may lose (L5-14)",
            ));
        }
        for a in &c.attacks {
            if a.damage.min() < 0 || a.damage.max() > 200 {
                out.push(Problem::at(
                    &a.name,
                    format!("`{}`: damage must stay within 0..200", a.name),
                ));
            } else if a.damage.max() <= 0 {
                out.push(Problem::at(
                    &a.name,
                    format!("`{}`: damage that never rolls above 0 never hurts", a.name),
                ));
            }
            if a.kind == AttackKind::Melee && a.reach != Reach::Close {
                out.push(Problem::at(
                    &a.name,
                    format!("`{}`: a melee attack reaches close range only", a.name),
                ));
            }
        }
        for p in &c.body_parts {
            if p.attack > 10 || p.speed > 30 {
                out.push(Problem::at(
                    &p.name,
                    format!("`{}`: attack within 0..10, speed within 0..30", p.name),
                ));
            }
        }
        out
    }
}
