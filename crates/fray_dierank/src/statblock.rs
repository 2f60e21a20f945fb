//! The `dierank` statblock schema: heroes and monsters, every rating a die of the ladder, as
//! content writes them in RON under `content/dierank/`.
//!
//! ```ron
//! Hero(id: "warden", name: "Warden", rank: 2, health: 9, ap: 3, mp: 3,
//!     reflexes: "D8", defense: "D10",
//!     attacks: [(name: "spear", die: "D10"), (name: "sling", die: "D6", ranged: true, kind: Minor)]))
//! Monster(id: "eel", name: "River Eel", rank: 1, health: 4, mp: 1, reflexes: "D10",
//!     defense: "D6", swims: true, attacks: [(name: "bite", die: "D8")]))
//! ```

use fray_content::schema::{Problem, Statblock, StatblockSet};
use fray_dice::DieRank;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The most health, action points and mastery points content may give (the arithmetic of the
/// rules stays far from overflow below them).
pub const LIMIT: u8 = 99;

/// The highest rank a creature may have.
pub const MAX_RANK: u8 = 9;

/// One `dierank` statblock.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum DrBlock {
    /// A hero: its own mastery points; at 0 health it falls, out of the fight.
    Hero(CreatureBlock),
    /// A monster: its mastery points go to its group's pool (DR-10); at 0 health it dies.
    Monster(CreatureBlock),
}

/// A hero's or a monster's numbers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatureBlock {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Its rank (1..9): mastery points per roll and major actions per turn at most (DR-09,
    /// DR-14).
    pub rank: u8,
    /// Health: each success of an attack on it takes one point (Fray's ruling: the seed
    /// defines no health; see the crate's documentation).
    pub health: u8,
    /// Action points per turn (DR-14; 3 unless given).
    #[serde(default = "three")]
    pub ap: u8,
    /// Mastery points (DR-09).
    #[serde(default)]
    pub mp: u8,
    /// The REF die: initiative and interrupts (DR-12, DR-13).
    pub reflexes: DieRank,
    /// The defense die: it resists attacks (DR-04).
    pub defense: DieRank,
    /// Its attacks and specials.
    pub attacks: Vec<AttackBlock>,
    /// It swims: water is no harder to cross than land for it (DR-18).
    #[serde(default)]
    pub swims: bool,
    /// It climbs: cliffs are no harder to cross than land for it (DR-18).
    #[serde(default)]
    pub climbs: bool,
}

fn three() -> u8 {
    3
}

/// What an action takes of a turn (DR-14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub enum ActionKind {
    /// One action point; the turn goes on unless it was the last.
    Minor,
    /// One action point, and the turn ends (unless a mastery point keeps it going).
    #[default]
    Major,
    /// Every action point of the turn, taken before anything else.
    Exclusive,
}

/// One attack or special.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttackBlock {
    /// Its name (`spear`, `spit`).
    pub name: String,
    /// Its die on the ladder.
    pub die: DieRank,
    /// Rank shifts of its die (a special's power): past D60 or D2 they become levels of
    /// advantage or disadvantage (DR-07).
    #[serde(default)]
    pub shift: i8,
    /// A ranged attack: it reaches adjacent regions and further, not its own (DR-15).
    #[serde(default)]
    pub ranged: bool,
    /// What it takes of a turn (major unless given).
    #[serde(default)]
    pub kind: ActionKind,
    /// Usable only every other turn: not again this turn or the next (DR-14).
    #[serde(default)]
    pub cooldown: bool,
}

impl DrBlock {
    /// The numbers of a hero or a monster.
    pub fn creature(&self) -> &CreatureBlock {
        match self {
            Self::Hero(c) | Self::Monster(c) => c,
        }
    }
}

impl Statblock for DrBlock {
    fn id(&self) -> &str {
        &self.creature().id
    }

    fn name(&self) -> &str {
        &self.creature().name
    }

    fn kind(&self) -> &'static str {
        match self {
            Self::Hero(_) => "hero",
            Self::Monster(_) => "monster",
        }
    }

    fn max_hp(&self) -> Option<i32> {
        Some(i32::from(self.creature().health))
    }

    fn problems(&self, _set: &StatblockSet<Self>) -> Vec<Problem> {
        let c = self.creature();
        let mut out = Vec::new();
        let mut within = |value: u8, lo: u8, hi: u8, what: &'static str| {
            out.extend(Problem::outside(value.into(), lo.into(), hi.into(), what));
        };
        within(c.rank, 1, MAX_RANK, "rank");
        within(c.health, 1, LIMIT, "health");
        within(c.ap, 1, LIMIT, "ap");
        within(c.mp, 0, LIMIT, "mp");
        if c.attacks.is_empty() {
            out.push(Problem::field(
                "attacks",
                "a creature needs at least one attack",
            ));
        }
        if c.attacks.len() > 16 {
            out.push(Problem::field(
                "attacks",
                "a creature has at most 16 attacks",
            ));
        }
        for a in &c.attacks {
            if !(-20..=20).contains(&a.shift) {
                out.push(Problem::at(
                    &a.name,
                    format!(
                        "`{}`: shift is {}; it must be within -20..20",
                        a.name, a.shift
                    ),
                ));
            }
        }
        out
    }
}
