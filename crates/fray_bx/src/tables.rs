//! The combat tables of the text, as printed: the attack matrix (BX-22, BX-26) and the monster
//! saving throws (BX-07, BX-26).
//!
//! The attack matrix gives, for an attacker's row (its THAC0) and the target's descending armor
//! class from -3 to 9, the roll needed to hit. Every printed cell is the row's THAC0 less the
//! armor class, never above 20 nor below 2: [`matrix_needs`](crate::tables::matrix_needs) computes it that way and the tests
//! check it against the printed table cell by cell. Armor classes outside -3..9 follow the same
//! rule (Fray's extension of the table).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Seconds in a combat round (BX-01).
pub const ROUND_SECONDS: u32 = 10;

/// Rounds in a ten-minute turn (BX-01): also the most rounds a combatant may keep moving at its
/// encounter rate.
pub const ROUNDS_PER_TURN: u32 = 60;

/// The hit dice of a monster as its statblock writes them: `3`, `2+1` (a bonus attacks as one HD
/// higher), `1-1`, `1/2`, or `NH` for a normal human.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HitDice {
    /// A normal human: less than 1 HD, with its own matrix and save rows.
    NormalHuman,
    /// `dice` d8 and a hit-point adjustment (`2+1` is dice 2, adjust 1; `1/2` is dice 0).
    Dice {
        /// Whole hit dice.
        dice: u8,
        /// The fixed hit points added (or taken away) after the dice.
        adjust: i8,
    },
}

impl HitDice {
    /// Parses `3`, `2+1`, `1-1`, `1/2` or `NH`.
    pub fn parse(text: &str) -> Result<Self, String> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("nh") {
            return Ok(Self::NormalHuman);
        }
        if t == "1/2" {
            return Ok(Self::Dice { dice: 0, adjust: 4 });
        }
        let (dice, adjust) = match t.find(['+', '-']) {
            Some(i) => (&t[..i], &t[i..]),
            None => (t, ""),
        };
        let dice: u8 = dice.parse().map_err(|_| {
            format!("hit dice `{text}` should read like `3`, `2+1`, `1-1`, `1/2` or `NH`")
        })?;
        if dice > Self::MOST_DICE {
            return Err(format!(
                "hit dice `{text}`: at most {} dice",
                Self::MOST_DICE
            ));
        }
        let adjust: i8 = if adjust.is_empty() {
            0
        } else {
            adjust.parse().map_err(|_| {
                format!("hit dice `{text}`: the adjustment should be a number like `+1`")
            })?
        };
        if !(-8..=8).contains(&adjust) {
            return Err(format!(
                "hit dice `{text}`: the adjustment must be within -8..+8"
            ));
        }
        if dice == 0 {
            return Err(format!("hit dice `{text}`: write `1/2` for half a hit die"));
        }
        Ok(Self::Dice { dice, adjust })
    }

    /// The most hit dice a monster may have.
    pub const MOST_DICE: u8 = 40;

    /// These hit dice with `dice` whole dice: an adjustment stays (`4+2` with 6 dice is
    /// `6+2`); half a die and a normal human become `dice` plain dice.
    ///
    /// ```
    /// use fray_bx::tables::HitDice;
    /// let hd = HitDice::parse("4+2").unwrap().with_dice(6);
    /// assert_eq!(hd, HitDice::parse("6+2").unwrap());
    /// assert_eq!(HitDice::parse("NH").unwrap().with_dice(2), HitDice::parse("2").unwrap());
    /// assert_eq!(HitDice::parse("1/2").unwrap().with_dice(3), HitDice::parse("3").unwrap());
    /// ```
    pub fn with_dice(self, dice: u8) -> Self {
        match self {
            Self::Dice { dice: d, adjust } if d > 0 => Self::Dice { dice, adjust },
            _ => Self::Dice { dice, adjust: 0 },
        }
    }

    /// The whole hit dice (0 for a normal human or half a die), for spells that count HD.
    pub fn level(self) -> u8 {
        match self {
            Self::NormalHuman => 0,
            Self::Dice { dice, .. } => dice,
        }
    }

    /// Average hit points: 4.5 per die, rounded down, plus the adjustment, at least 1 (a normal
    /// human has 1d6, 3). Statblocks that give `hp` use theirs instead.
    pub fn average_hp(self) -> i32 {
        match self {
            Self::NormalHuman => 3,
            Self::Dice { dice: 0, adjust } => i32::from(adjust).max(1),
            Self::Dice { dice, adjust } => (i32::from(dice) * 9 / 2 + i32::from(adjust)).max(1),
        }
    }

    /// The THAC0 of the attack matrix row the monster attacks on: its HD's row, one HD higher
    /// with a positive bonus ("HD 2+1 attacks as 3"); the NH row for a normal human.
    pub fn thac0(self) -> i32 {
        match self {
            Self::NormalHuman => 20,
            Self::Dice { dice, adjust } => {
                let plus = adjust > 0;
                // The rows "up to 1", "1+ to 2", ... "19+ to 21", "21+ or more", by their upper
                // bound in hit dice.
                const ROWS: [(u8, i32); 14] = [
                    (1, 19),
                    (2, 18),
                    (3, 17),
                    (4, 16),
                    (5, 15),
                    (6, 14),
                    (7, 13),
                    (9, 12),
                    (11, 11),
                    (13, 10),
                    (15, 9),
                    (17, 8),
                    (19, 7),
                    (21, 6),
                ];
                ROWS.iter()
                    .find(|(upto, _)| dice < *upto || (dice == *upto && !plus))
                    .map_or(5, |(_, thac0)| *thac0)
            }
        }
    }

    /// The monster saving throw row for these hit dice (by whole HD; a bonus does not move the
    /// row, and half a hit die saves on the 1-3 row: Fray's rulings).
    pub fn saves(self) -> Saves {
        let row = match self {
            Self::NormalHuman => 0,
            Self::Dice { dice, .. } => match dice {
                0..=3 => 1,
                4..=6 => 2,
                7..=9 => 3,
                10..=12 => 4,
                13..=15 => 5,
                16..=18 => 6,
                19..=21 => 7,
                _ => 8,
            },
        };
        MONSTER_SAVES[row]
    }
}

impl std::fmt::Display for HitDice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Self::NormalHuman => f.write_str("NH"),
            Self::Dice { dice: 0, .. } => f.write_str("1/2"),
            Self::Dice { dice, adjust: 0 } => write!(f, "{dice}"),
            Self::Dice { dice, adjust } => write!(f, "{dice}{adjust:+}"),
        }
    }
}

/// The five saving throw categories (BX-07).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum SaveCategory {
    /// Death ray or poison (D).
    Death,
    /// Magic wands (W).
    Wands,
    /// Paralysis or petrification (P).
    Paralysis,
    /// Breath attacks (B).
    Breath,
    /// Spells, rods or staves (S).
    Spells,
}

impl SaveCategory {
    /// The five, in the tables' column order.
    pub const ALL: [SaveCategory; 5] = [
        Self::Death,
        Self::Wands,
        Self::Paralysis,
        Self::Breath,
        Self::Spells,
    ];

    /// The column of the category in a save table.
    pub fn index(self) -> usize {
        match self {
            Self::Death => 0,
            Self::Wands => 1,
            Self::Paralysis => 2,
            Self::Breath => 3,
            Self::Spells => 4,
        }
    }

    /// The category's name in logs.
    pub fn name(self) -> &'static str {
        match self {
            Self::Death => "death or poison",
            Self::Wands => "wands",
            Self::Paralysis => "paralysis",
            Self::Breath => "breath",
            Self::Spells => "spells",
        }
    }
}

/// Saving throw values by category, in the order of [`SaveCategory::ALL`]: a d20 roll of at
/// least the value saves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Saves(pub [i32; 5]);

impl Saves {
    /// The value to reach for `category`.
    pub fn get(self, category: SaveCategory) -> i32 {
        self.0[category.index()]
    }
}

/// The monster saving throw table (Death, Wands, Paralysis, Breath, Spells), rows NH, 1-3,
/// 4-6, 7-9, 10-12, 13-15, 16-18, 19-21, 22 or more.
pub const MONSTER_SAVES: [Saves; 9] = [
    Saves([14, 15, 16, 17, 18]),
    Saves([12, 13, 14, 15, 16]),
    Saves([10, 11, 12, 13, 14]),
    Saves([8, 9, 10, 10, 12]),
    Saves([6, 7, 8, 8, 10]),
    Saves([4, 5, 6, 5, 8]),
    Saves([2, 3, 4, 3, 6]),
    Saves([2, 2, 2, 2, 4]),
    Saves([2, 2, 2, 2, 2]),
];

/// How an attack roll is judged (an encounter option, `attack_roll`): the text's three
/// procedures, which give slightly different odds (BX-22).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum AttackRoll {
    /// Look the roll up in the attack matrix (the default).
    #[default]
    Matrix,
    /// THAC0 less the target's AC, unclamped.
    Thac0,
    /// d20 + attack bonus (19 - THAC0) against ascending AC (19 - AC): the same numbers as
    /// [`AttackRoll::Thac0`], said the ascending way in logs.
    Ascending,
}

impl AttackRoll {
    /// The option's value names.
    pub const NAMES: [&'static str; 3] = ["matrix", "thac0", "ascending"];

    /// The procedure an option value names.
    pub fn of_name(name: &str) -> Option<Self> {
        match name {
            "matrix" => Some(Self::Matrix),
            "thac0" => Some(Self::Thac0),
            "ascending" => Some(Self::Ascending),
            _ => None,
        }
    }

    /// The modified roll an attacker of `thac0` needs to hit descending `ac`.
    pub fn needs(self, thac0: i32, ac: i32) -> i32 {
        match self {
            Self::Matrix => matrix_needs(thac0, ac),
            Self::Thac0 | Self::Ascending => thac0.saturating_sub(ac),
        }
    }
}

/// The attack matrix cell: the roll a THAC0 `thac0` row needs against armor class `ac`.
pub fn matrix_needs(thac0: i32, ac: i32) -> i32 {
    thac0.saturating_sub(ac).clamp(2, 20)
}

/// Whether an attack roll hits: a natural 20 always hits, a natural 1 always misses (BX-22),
/// otherwise the modified roll must reach `needs`.
pub fn hits(natural: i64, modified: i64, needs: i32) -> bool {
    match natural {
        20 => true,
        1 => false,
        _ => modified >= i64::from(needs),
    }
}
