//! The `bx` statblock schema: monsters, characters, classes and spells, as content writes them
//! in RON under `content/bx/`.
//!
//! ```ron
//! Monster((id: "ghoul", name: "Ghoul", hd: "2", ac: 6, move: 90, morale: 9,
//!     attacks: [(name: "claw", damage: "1d3", on_hit: Some(Paralysis))]))
//! Character((id: "fighter-1", name: "Fighter", class: "fighter", level: 1, hp: 8, ac: 4,
//!     shield: true, str: 1, weapon: Some((name: "sword", damage: "1d8"))))
//! ```

use fray_content::schema::{Problem, Statblock, StatblockSet};
use fray_dice::Dice;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::tables::{HitDice, SaveCategory};

/// Largest hit points, armor class magnitude and movement content may give (the arithmetic of
/// the rules stays far from overflow below them).
pub const LIMIT: i32 = 10_000;

/// One `bx` statblock.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BxBlock {
    /// A monster (or a normal human, `hd: "NH"`).
    Monster(MonsterBlock),
    /// A character of a class and level.
    Character(CharacterBlock),
    /// A character class: its attack and save tables by level.
    Class(ClassBlock),
    /// A spell.
    Spell(SpellBlock),
}

/// A monster's statblock.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MonsterBlock {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Hit dice: `3`, `2+1`, `1-1`, `1/2`, `NH`.
    pub hd: String,
    /// Hit points (default: the average of the hit dice).
    #[serde(default)]
    pub hp: Option<i32>,
    /// Descending armor class.
    pub ac: i32,
    /// Base movement rate in feet per turn (a third of it per round in an encounter).
    #[serde(rename = "move")]
    pub movement: i32,
    /// Morale 2..12 (monsters without one never check).
    #[serde(default)]
    pub morale: Option<i32>,
    /// Saves as a class and level instead of by hit dice (`Some(("fighter", 2))`).
    #[serde(default)]
    pub save_as: Option<(String, u8)>,
    /// Its attacks each round, in order.
    pub attacks: Vec<MonsterAttack>,
    /// Whether it can reason, parley and surrender (subdual works only on such foes).
    #[serde(default = "yes")]
    pub intelligent: bool,
    /// Harmed only by silver or magic weapons (or magic alone).
    #[serde(default)]
    pub invulnerable: Option<Invulnerability>,
    /// Its special attacks (breath, gaze...), used instead of its attacks in a round.
    #[serde(default)]
    pub specials: Vec<SpecialBlock>,
    /// Spells it casts, by id, each once per fight.
    #[serde(default)]
    pub spells: Vec<String>,
}

fn yes() -> bool {
    true
}

/// One attack of a monster.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MonsterAttack {
    /// Its name (`claw`, `bite`, `spear`).
    pub name: String,
    /// Damage dice.
    pub damage: String,
    /// Missile ranges in feet (short, medium, long), for a missile attack.
    #[serde(default)]
    pub ranges: Option<(u16, u16, u16)>,
    /// What a hit also does.
    #[serde(default)]
    pub on_hit: Option<OnHit>,
    /// Made with a silver or magic weapon (it harms invulnerable foes).
    #[serde(default)]
    pub magic: bool,
}

/// What a hit does besides damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum OnHit {
    /// Paralysed for the rest of the fight unless the target saves versus paralysis.
    Paralysis,
    /// Poison: the target dies unless it saves versus death or poison (its damage stands
    /// either way).
    Poison,
}

/// Which weapons harm an invulnerable monster.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Invulnerability {
    /// Silver or magic weapons.
    SilverOrMagic,
    /// Magic weapons only.
    Magic,
}

/// A special attack: a breath or a gaze that calls for a save.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialBlock {
    /// Its name (`frost breath`).
    pub name: String,
    /// Whom it strikes.
    pub area: Area,
    /// The save the targets make.
    pub save: SaveCategory,
    /// Damage dice (a save halves it), if it deals damage.
    #[serde(default)]
    pub damage: Option<String>,
    /// What a failed save inflicts besides damage.
    #[serde(default)]
    pub inflicts: Option<Affliction>,
    /// How many times a fight it can be used.
    #[serde(default = "one")]
    pub uses: u8,
    /// Range in feet.
    #[serde(default = "near")]
    pub range: u16,
}

fn one() -> u8 {
    1
}

fn near() -> u16 {
    60
}

/// Whom a special attack or a spell strikes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Area {
    /// One creature.
    One,
    /// Every enemy in the target's region.
    Region,
}

/// A lasting condition a special attack or spell inflicts on a failed save (for the rest of
/// the fight: a B/X fight lasts far less than these effects).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Affliction {
    /// Paralysed: cannot act, hit automatically in melee.
    Paralysis,
    /// Turned to stone: out of the fight.
    Petrification,
    /// Asleep: cannot act, hit automatically in melee.
    Sleep,
    /// Blinded: cannot attack.
    Blindness,
}

/// A character's statblock.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CharacterBlock {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Its class, by id.
    pub class: String,
    /// Its level (1 or more; the class must have a row for it).
    pub level: u8,
    /// Hit points.
    pub hp: i32,
    /// Descending armor class, shield included.
    pub ac: i32,
    /// Whether it bears a shield (1 point of its AC, lost when attacked from behind or while
    /// retreating).
    #[serde(default)]
    pub shield: bool,
    /// The shield's magic bonus (a shield +1: `1`), counted in `ac` beside the shield's own
    /// point and lost with it: a shield that does not count takes all of its bonus away
    /// (BX-19). Needs `shield: true`.
    #[serde(default)]
    pub shield_magic: i32,
    /// Strength modifier (melee attack and damage).
    #[serde(default)]
    pub str: i32,
    /// Dexterity modifier (missile attacks, individual initiative).
    #[serde(default)]
    pub dex: i32,
    /// Charisma modifier (reaction rolls when it speaks for the party).
    #[serde(default)]
    pub cha: i32,
    /// Base movement rate in feet per turn.
    #[serde(rename = "move", default = "base_move")]
    pub movement: i32,
    /// Its melee weapon (none: unarmed, 1d2 + STR).
    #[serde(default)]
    pub weapon: Option<WeaponBlock>,
    /// Its missile weapon.
    #[serde(default)]
    pub missile: Option<WeaponBlock>,
    /// Spells memorized for the day, by id (a spell listed twice is memorized twice).
    #[serde(default)]
    pub spells: Vec<String>,
    /// Morale, for a hireling the referee rates (characters without one never check: player
    /// characters and retainers).
    #[serde(default)]
    pub morale: Option<i32>,
    /// A mercenary's troop type: its morale comes from it alone (BX-25), not from `morale`.
    #[serde(default)]
    pub troops: Option<TroopsBlock>,
    /// Magic items it carries, with their bonus: each may save when a destructive attack kills
    /// it (BX-28).
    #[serde(default)]
    pub magic_items: Vec<(String, i32)>,
}

impl CharacterBlock {
    /// Its morale rating: its troop type's for a mercenary, else its own, if any.
    pub fn morale_rating(&self) -> Option<i32> {
        self.troops.map(|t| t.morale()).or(self.morale)
    }
}

/// A mercenary's kind of troops (BX-25's troop type morale).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum TroopKind {
    /// Untrained, militia: 6.
    Militia,
    /// A barbarian horde: 7.
    Barbarians,
    /// Trained warriors: 8.
    Trained,
}

/// A mercenary's troop type: the kind, and what raises its morale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TroopsBlock {
    /// The kind of troops.
    pub kind: TroopKind,
    /// Mounted: +1.
    #[serde(default)]
    pub mounted: bool,
    /// Elite troops: +1.
    #[serde(default)]
    pub elite: bool,
    /// Fanatics or berserkers: +2.
    #[serde(default)]
    pub fanatic: bool,
}

impl TroopsBlock {
    /// The morale of these troops: 6, 7 or 8 by kind, +1 mounted, +1 elite, +2 fanatics
    /// (at most 12).
    pub fn morale(self) -> i32 {
        let base = match self.kind {
            TroopKind::Militia => 6,
            TroopKind::Barbarians => 7,
            TroopKind::Trained => 8,
        };
        let raised =
            base + i32::from(self.mounted) + i32::from(self.elite) + 2 * i32::from(self.fanatic);
        raised.min(12)
    }
}

fn base_move() -> i32 {
    120
}

/// A character's weapon.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WeaponBlock {
    /// Its name.
    pub name: String,
    /// Its damage when the encounter uses variable weapon damage (else 1d6).
    #[serde(default = "d6")]
    pub damage: String,
    /// Two-handed (melee) or slow (missile): it always acts last in the round (BX-17).
    #[serde(default)]
    pub slow: bool,
    /// Missile ranges in feet (short, medium, long).
    #[serde(default)]
    pub ranges: Option<(u16, u16, u16)>,
    /// Its magic bonus to attack and damage (a magic weapon harms invulnerable monsters).
    #[serde(default)]
    pub bonus: i32,
    /// Silvered.
    #[serde(default)]
    pub silver: bool,
}

fn d6() -> String {
    "1d6".into()
}

/// A class: its THAC0 and saving throws by level, and how it casts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClassBlock {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// THAC0 by level, from level 1.
    pub thac0: Vec<i32>,
    /// Saving throws by level, from level 1: death, wands, paralysis, breath, spells.
    pub saves: Vec<[i32; 5]>,
}

/// A spell.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpellBlock {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Range in feet (0: touch, a creature in the caster's region).
    pub range: u16,
    /// What it does.
    pub effect: SpellEffect,
}

/// What a spell does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum SpellEffect {
    /// Puts `hd` dice of hit dice of enemies in the target's region to sleep, the weakest
    /// first, none above `max_hd` (no save).
    Sleep {
        /// Dice of hit dice affected (`2d8`).
        hd: String,
        /// The most hit dice a creature may have and still be affected (4 for `4+1`).
        max_hd: u8,
    },
    /// Damage that always hits (no attack roll, no save).
    Missile {
        /// Damage dice.
        damage: String,
    },
    /// The target saves or suffers the affliction (and the damage, halved by a save).
    Save {
        /// The save.
        save: SaveCategory,
        /// Damage, halved by a save.
        #[serde(default)]
        damage: Option<String>,
        /// What a failed save inflicts.
        #[serde(default)]
        inflicts: Option<Affliction>,
        /// Whom it strikes.
        #[serde(default = "single")]
        area: Area,
    },
    /// Heals an ally.
    Heal {
        /// Hit points restored.
        amount: String,
    },
}

fn single() -> Area {
    Area::One
}

impl Statblock for BxBlock {
    fn id(&self) -> &str {
        match self {
            Self::Monster(m) => &m.id,
            Self::Character(c) => &c.id,
            Self::Class(c) => &c.id,
            Self::Spell(s) => &s.id,
        }
    }

    fn name(&self) -> &str {
        match self {
            Self::Monster(m) => &m.name,
            Self::Character(c) => &c.name,
            Self::Class(c) => &c.name,
            Self::Spell(s) => &s.name,
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Self::Monster(_) => "monster",
            Self::Character(_) => "character",
            Self::Class(_) => "class",
            Self::Spell(_) => "spell",
        }
    }

    fn spawnable(&self) -> bool {
        matches!(self, Self::Monster(_) | Self::Character(_))
    }

    /// A character's hit points; a monster's as written, else the average of its hit dice.
    fn max_hp(&self) -> Option<i32> {
        match self {
            Self::Character(c) => Some(c.hp),
            Self::Monster(m) => {
                m.hp.or_else(|| HitDice::parse(&m.hd).ok().map(HitDice::average_hp))
            }
            Self::Class(_) | Self::Spell(_) => None,
        }
    }

    /// A monster plays at 1 to 40 hit dice: its attack matrix row, saves and hit points
    /// follow them (BX-22, BX-26).
    fn levels(&self) -> Option<(u16, u16)> {
        matches!(self, Self::Monster(_)).then_some((1, u16::from(HitDice::MOST_DICE)))
    }

    fn problems(&self, set: &StatblockSet<Self>) -> Vec<Problem> {
        let mut out = Vec::new();
        match self {
            Self::Monster(m) => monster_problems(m, set, &mut out),
            Self::Character(c) => character_problems(c, set, &mut out),
            Self::Class(c) => class_problems(c, &mut out),
            Self::Spell(s) => spell_problems(s, &mut out),
        }
        out
    }
}

fn dice_problem(text: &str, what: &str, out: &mut Vec<Problem>) {
    match Dice::parse(text) {
        Ok(d) if d.min() < -i64::from(LIMIT) || d.max() > i64::from(LIMIT) => {
            out.push(Problem::at(
                text,
                format!("{what} `{text}` can reach {}; at most {LIMIT}", d.max()),
            ))
        }
        // Damage, healing and hit dice that never come to 1 would do nothing at all.
        Ok(d) if d.max() <= 0 => out.push(
            Problem::at(
                text,
                format!("{what} `{text}` never rolls above {}", d.max()),
            )
            .with_help("give it dice that can roll 1 or more"),
        ),
        Ok(_) => {}
        Err(e) => out.push(
            Problem::at(text, format!("{what} `{text}` is not dice: {e}"))
                .with_help("write dice like `1d6`, `2d4+1` or `3`"),
        ),
    }
}

/// Notes a problem when `value` (named `what`) lies outside `lo..=hi`.
fn within(value: i32, lo: i32, hi: i32, what: &'static str, out: &mut Vec<Problem>) {
    out.extend(Problem::outside(value.into(), lo.into(), hi.into(), what));
}

fn morale_problem(morale: Option<i32>, out: &mut Vec<Problem>) {
    if let Some(m) = morale {
        within(m, 2, 12, "morale", out);
    }
}

fn spell_refs(spells: &[String], set: &StatblockSet<BxBlock>, out: &mut Vec<Problem>) {
    for id in spells {
        if !matches!(set.get(id), Some(BxBlock::Spell(_))) {
            out.push(
                Problem::at(id, format!("unknown spell `{id}`"))
                    .with_help("spells are `Spell(id: ...)` statblocks in content/bx"),
            );
        }
    }
}

fn ranges_problem(ranges: Option<(u16, u16, u16)>, name: &str, out: &mut Vec<Problem>) {
    if let Some((s, m, l)) = ranges
        && !(0 < s && s <= m && m <= l)
    {
        out.push(Problem::at(
            name,
            format!("`{name}`: ranges must be short <= medium <= long, all above 0"),
        ));
    }
}

fn monster_problems(m: &MonsterBlock, set: &StatblockSet<BxBlock>, out: &mut Vec<Problem>) {
    if let Err(e) = HitDice::parse(&m.hd) {
        out.push(Problem::at(&m.hd, e));
    }
    if let Some(hp) = m.hp {
        within(hp, 1, LIMIT, "hp", out);
    }
    within(m.ac, -20, 20, "ac", out);
    within(m.movement, 0, LIMIT, "move", out);
    morale_problem(m.morale, out);
    if m.attacks.is_empty() && m.specials.is_empty() && m.spells.is_empty() {
        out.push(Problem::field(
            "attacks",
            "a monster needs at least one attack, special or spell",
        ));
    }
    for a in &m.attacks {
        dice_problem(&a.damage, "damage", out);
        ranges_problem(a.ranges, &a.name, out);
    }
    for s in &m.specials {
        if let Some(d) = &s.damage {
            dice_problem(d, "damage", out);
        }
        if s.damage.is_none() && s.inflicts.is_none() {
            out.push(Problem::at(
                &s.name,
                format!("`{}` does nothing: give it damage or inflicts", s.name),
            ));
        }
    }
    if let Some((class, level)) = &m.save_as {
        match set.get(class) {
            Some(BxBlock::Class(c))
                if usize::from(*level) >= 1 && usize::from(*level) <= c.saves.len() => {}
            Some(BxBlock::Class(_)) => out.push(Problem::at(
                class,
                format!("class `{class}` has no level {level}"),
            )),
            _ => out.push(Problem::at(class, format!("unknown class `{class}`"))),
        }
    }
    spell_refs(&m.spells, set, out);
}

fn character_problems(c: &CharacterBlock, set: &StatblockSet<BxBlock>, out: &mut Vec<Problem>) {
    match set.get(&c.class) {
        Some(BxBlock::Class(class)) => {
            let level = usize::from(c.level);
            if level == 0 || level > class.thac0.len().min(class.saves.len()) {
                out.push(
                    Problem::at(
                        &c.class,
                        format!("class `{}` has no level {}", c.class, c.level),
                    )
                    .with_help("add the level's row to the class's `thac0` and `saves`"),
                );
            }
        }
        _ => out.push(
            Problem::at(&c.class, format!("unknown class `{}`", c.class))
                .with_help("classes are `Class(id: ...)` statblocks in content/bx"),
        ),
    }
    within(c.hp, 1, LIMIT, "hp", out);
    within(c.ac, -20, 20, "ac", out);
    within(c.movement, 0, LIMIT, "move", out);
    for (what, v) in [("str", c.str), ("dex", c.dex), ("cha", c.cha)] {
        within(v, -3, 3, what, out);
    }
    morale_problem(c.morale, out);
    if c.troops.is_some() && c.morale.is_some() {
        out.push(
            Problem::field(
                "morale",
                "a mercenary's morale comes from its troop type alone",
            )
            .with_help("drop `morale`, or drop `troops` for a hireling the referee rates"),
        );
    }
    within(c.shield_magic, 0, 5, "a shield's magic bonus", out);
    if c.shield_magic != 0 && !c.shield {
        out.push(
            Problem::field("shield_magic", "a shield's magic bonus needs a shield")
                .with_help("add `shield: true`, or drop `shield_magic`"),
        );
    }
    for w in c.weapon.iter().chain(&c.missile) {
        dice_problem(&w.damage, "damage", out);
        ranges_problem(w.ranges, &w.name, out);
        within(w.bonus, -5, 5, "a weapon's bonus", out);
    }
    if let Some(m) = &c.missile
        && m.ranges.is_none()
    {
        out.push(Problem::at(
            &m.name,
            format!("missile weapon `{}` needs `ranges`", m.name),
        ));
    }
    if c.magic_items.len() > MAX_MAGIC_ITEMS {
        out.push(
            Problem::field(
                "magic_items",
                format!(
                    "a character carries at most {MAX_MAGIC_ITEMS} magic items, not {}",
                    c.magic_items.len()
                ),
            )
            .with_help("list only the items that matter in a fight"),
        );
    }
    for (name, bonus) in &c.magic_items {
        if !(-5..=5).contains(bonus) {
            out.push(Problem::at(
                name,
                format!("`{name}`: a magic item's bonus must be within -5..5"),
            ));
        }
    }
    spell_refs(&c.spells, set, out);
}

/// The most magic items a character lists (their saves are kept as bits, BX-28).
pub const MAX_MAGIC_ITEMS: usize = 32;

fn class_problems(c: &ClassBlock, out: &mut Vec<Problem>) {
    if c.thac0.is_empty() || c.thac0.len() != c.saves.len() {
        out.push(Problem::field(
            "thac0",
            "a class needs one `thac0` and one `saves` row per level",
        ));
    }
    for t in &c.thac0 {
        within(*t, 0, 25, "thac0", out);
    }
    for row in &c.saves {
        for v in row {
            within(*v, 1, 25, "a save", out);
        }
    }
}

fn spell_problems(s: &SpellBlock, out: &mut Vec<Problem>) {
    match &s.effect {
        SpellEffect::Sleep { hd, .. } => dice_problem(hd, "hit dice", out),
        SpellEffect::Missile { damage } => dice_problem(damage, "damage", out),
        SpellEffect::Heal { amount } => dice_problem(amount, "healing", out),
        SpellEffect::Save {
            damage, inflicts, ..
        } => {
            if let Some(d) = damage {
                dice_problem(d, "damage", out);
            }
            if damage.is_none() && inflicts.is_none() {
                out.push(Problem::field(
                    "effect",
                    "the spell does nothing: give it damage or inflicts",
                ));
            }
        }
    }
}
