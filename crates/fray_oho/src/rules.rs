//! The numbers of the OHO rule text as constants and pure functions (no ECS): action times,
//! movement, called shots, the Fortitude table, extra damage and exhaustion.
//!
//! Time is counted in tenths of a second, as the time gauge stores it (OHO-01 ruling): 6.5 s
//! is 65.

use crate::body::BodyPart;

/// A full gauge: 6.5 s (OHO-01).
pub const ATG: u16 = 65;
/// A full-round action takes the whole gauge (OHO-02, OHO-03).
pub const FULL_ROUND: u16 = 65;
/// A normal action, such as an attack: 3 s (OHO-02).
pub const NORMAL: u16 = 30;
/// A move action, covering the creature's speed: 2 s (OHO-02, OHO-04).
pub const MOVE: u16 = 20;
/// A quick action (engage, disengage, dash): 1 s (OHO-02, OHO-06, OHO-13).
pub const QUICK: u16 = 10;
/// A reaction: 0.5 s (OHO-02).
pub const REACTION: u16 = 5;
/// Pools of up to this many dice have precomputed distributions (content may not exceed it).
pub const MAX_POOL: usize = 40;
/// Feet to cross from one region of the map into the next, before the destination's hamper
/// value (Fray's ruling: a region is 30 feet across).
pub const REGION_FEET: u32 = 30;

/// Formats tenths of a second the way the log shows them (`3.5s`).
///
/// ```
/// assert_eq!(fray_oho::rules::seconds(35), "3.5s");
/// ```
pub fn seconds(tenths: u16) -> String {
    format!("{}.{}s", tenths / 10, tenths % 10)
}

/// How a region crossing is paid: move actions (2 s, the full speed) and dashes (1 s, OHO-06).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stride {
    /// Move actions.
    pub moves: u8,
    /// Dashes.
    pub dashes: u8,
}

impl Stride {
    /// The time it takes, in tenths of a second.
    pub fn tenths(self) -> u16 {
        u16::from(self.moves) * MOVE + u16::from(self.dashes) * QUICK
    }

    /// `move`, `dash`, `2 moves + dash`: for labels and the log.
    pub fn describe(self) -> String {
        let part = |n: u8, what: &str| match n {
            0 => None,
            1 => Some(what.to_string()),
            n => Some(format!("{n} {what}s")),
        };
        [part(self.moves, "move"), part(self.dashes, "dash")]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

/// The feet a crossing into a region with this hamper value takes: the region's width plus the
/// hamper value (OHO-04: "terrain will have a hamper value that determines any extra movement
/// required"; Fray counts it in feet).
pub fn crossing_feet(hamper: u16) -> u32 {
    REGION_FEET + u32::from(hamper)
}

/// The quickest way to cover `feet` with move actions of `speed` feet (2 s each, OHO-04) and
/// dashes of `dash` feet (1 s each, OHO-06); among equally quick ways, the one with fewer
/// actions. `None` when neither moves nor dashes cover any ground.
///
/// ```
/// use fray_oho::rules::{Stride, stride};
/// assert_eq!(stride(30, 30, 15), Some(Stride { moves: 1, dashes: 0 }));
/// assert_eq!(stride(40, 30, 15), Some(Stride { moves: 1, dashes: 1 }));
/// assert_eq!(stride(30, 60, 30), Some(Stride { moves: 0, dashes: 1 }));
/// assert_eq!(stride(30, 15, 7), Some(Stride { moves: 2, dashes: 0 }));
/// ```
pub fn stride(feet: u32, speed: u32, dash: u32) -> Option<Stride> {
    if speed == 0 && dash == 0 {
        return None;
    }
    let max_moves = if speed == 0 { 0 } else { feet.div_ceil(speed) };
    let mut best: Option<Stride> = None;
    for moves in 0..=max_moves {
        let left = feet.saturating_sub(moves * speed);
        let dashes = match (left, dash) {
            (0, _) => 0,
            (_, 0) => continue,
            (left, dash) => left.div_ceil(dash),
        };
        let (Ok(moves), Ok(dashes)) = (u8::try_from(moves), u8::try_from(dashes)) else {
            continue;
        };
        let candidate = Stride { moves, dashes };
        let better = best.is_none_or(|b| {
            (candidate.tenths(), candidate.moves + candidate.dashes)
                < (b.tenths(), b.moves + b.dashes)
        });
        if better {
            best = Some(candidate);
        }
    }
    best
}

/// What a called shot does (OHO-15): a penalty to the attack roll, a damage multiplier and a
/// bonus to the attack/defense difference when the Fortitude roll is resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CalledShot {
    /// Subtracted from the attack roll.
    pub penalty: i64,
    /// The damage multiplier in halves: 2 is x1, 3 is x1.5, 4 is x2, 6 is x3.
    pub damage_halves: i64,
    /// Added to the attack/defense difference for extra damage (OHO-12).
    pub difference: i64,
}

/// The numbers of an attack aimed at `part` (`None`: an ordinary attack).
///
/// ```
/// use fray_oho::body::BodyPart;
/// use fray_oho::rules::called_shot;
/// let head = called_shot(Some(BodyPart::Head));
/// assert_eq!((head.penalty, head.damage_halves, head.difference), (10, 4, 10));
/// ```
pub fn called_shot(part: Option<BodyPart>) -> CalledShot {
    let (penalty, damage_halves, difference) = match part {
        None => (0, 2, 0),
        Some(BodyPart::Head) => (10, 4, 10),
        Some(BodyPart::Arm | BodyPart::Leg) => (5, 3, 5),
        Some(BodyPart::Groin) => (15, 6, 15),
    };
    CalledShot {
        penalty,
        damage_halves,
        difference,
    }
}

/// A damage roll after a called shot's multiplier, rounded down (x1.5 of 7 is 10).
pub fn multiplied(damage: i64, shot: CalledShot) -> i64 {
    damage.max(0) * shot.damage_halves / 2
}

/// The damage the Fortitude roll is made against: the rolled damage times the called shot's
/// multiplier, less the armor's damage reduction (OHO-10), never below 0.
pub fn damage_against_fortitude(rolled: i64, shot: CalledShot, reduction: i32) -> i64 {
    (multiplied(rolled, shot) - i64::from(reduction)).max(0)
}

/// The Fortitude table (OHO-11), by how much the roll fell short of the damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Band {
    /// The roll met the damage: no damage, no injury.
    Held,
    /// Failed by 1-10: damage, and an injury if a d20 is at most the hits taken.
    Graze,
    /// Failed by 11-20: damage and an injury.
    Wound,
    /// Failed by 21-30: damage, an injury, disabled.
    Maim,
    /// Failed by more than 30: damage, an injury, disabled and dying.
    Mortal,
}

impl Band {
    /// Every band, mildest first (the order of [`AttackOdds::bands`](crate::odds::AttackOdds)).
    pub const ALL: [Band; 5] = [
        Band::Held,
        Band::Graze,
        Band::Wound,
        Band::Maim,
        Band::Mortal,
    ];

    /// The band of a Fortitude roll against `damage`. The roll holds when it is at least the
    /// damage; a failure by exactly 10, 20 or 30 falls in the lower band (RULES.md ruling).
    ///
    /// ```
    /// use fray_oho::rules::Band;
    /// assert_eq!(Band::of(12, 12), Band::Held);
    /// assert_eq!(Band::of(22, 12), Band::Graze);
    /// assert_eq!(Band::of(23, 12), Band::Wound);
    /// assert_eq!(Band::of(42, 12), Band::Maim);
    /// assert_eq!(Band::of(43, 12), Band::Mortal);
    /// ```
    pub fn of(damage: i64, fortitude: i64) -> Self {
        match damage - fortitude {
            ..=0 => Band::Held,
            1..=10 => Band::Graze,
            11..=20 => Band::Wound,
            21..=30 => Band::Maim,
            _ => Band::Mortal,
        }
    }

    /// 0 (held) to 4 (mortal).
    pub fn index(self) -> usize {
        self as usize
    }

    /// Whether the creature takes the damage (every band but [`Band::Held`]).
    pub fn failed(self) -> bool {
        self != Band::Held
    }

    /// Whether an injury follows without the d20 roll (failed by more than 10).
    pub fn sure_injury(self) -> bool {
        self >= Band::Wound
    }

    /// Whether the creature is disabled (failed by more than 20).
    pub fn disables(self) -> bool {
        self >= Band::Maim
    }

    /// Whether the creature is dying (failed by more than 30).
    pub fn kills(self) -> bool {
        self == Band::Mortal
    }

    /// How bad a hit in this band is beyond its damage, on the core's scale of 0 to 10
    /// ([`Preview::severity`](fray_core::preview::Preview)): held 0, graze 1, wound 3, maimed
    /// 6, mortal 10.
    pub const fn severity(self) -> f32 {
        match self {
            Band::Held => 0.0,
            Band::Graze => 1.0,
            Band::Wound => 3.0,
            Band::Maim => 6.0,
            Band::Mortal => 10.0,
        }
    }

    /// The band's name for a player: `held`, `graze`, `wound`, `maimed`, `mortal`.
    pub fn name(self) -> &'static str {
        match self {
            Band::Held => "held",
            Band::Graze => "graze",
            Band::Wound => "wound",
            Band::Maim => "maimed",
            Band::Mortal => "mortal",
        }
    }

    /// How the log names the band.
    pub fn describe(self) -> &'static str {
        match self {
            Band::Held => "no damage, no injury",
            Band::Graze => "damage, d20 for an injury",
            Band::Wound => "damage and an injury",
            Band::Maim => "damage, an injury, disabled",
            Band::Mortal => "damage, an injury, disabled and dying",
        }
    }
}

/// Whether a graze injures: the d20 is at most the hits taken (OHO-11).
pub fn graze_injures(d20: i64, hits: u16) -> bool {
    d20 <= i64::from(hits)
}

/// Extra damage on a failed Fortitude roll: the attack/defense difference (with a called shot's
/// bonus) divided by the attacker's extra-damage modifier, rounded down (OHO-12, OHO-15).
///
/// ```
/// use fray_oho::rules::extra_damage;
/// assert_eq!(extra_damage(19, 12, 0, 3), 2);
/// assert_eq!(extra_damage(9, 7, 10, 3), 4);
/// ```
pub fn extra_damage(attack: i64, defense: i64, bonus: i64, modifier: u8) -> i64 {
    (attack - defense + bonus).max(0) / i64::from(modifier.max(1))
}

/// The last level of exhaustion: death (OHO-21).
pub const MAX_EXHAUSTION: u8 = 6;

/// The gauge a creature refills to at the start of its turn: 6.5 s, less one second per level
/// of exhaustion from level 4 on (OHO-21, ruled in whole seconds).
///
/// ```
/// use fray_oho::rules::atg_for;
/// assert_eq!((atg_for(0), atg_for(3), atg_for(4)), (65, 65, 25));
/// ```
pub fn atg_for(exhaustion: u8) -> u16 {
    if exhaustion >= 4 {
        ATG.saturating_sub(u16::from(exhaustion) * 10)
    } else {
        ATG
    }
}

/// The exhaustion penalty (OHO-21): its level on every check from level 1, and on saves too from
/// level 3.
pub fn exhaustion_penalty(level: u8, save: bool) -> i64 {
    match (level, save) {
        (0, _) | (1..=2, true) => 0,
        (level, _) => i64::from(level),
    }
}

/// Speed after halvings: each of a sprained leg (OHO-18) and exhaustion level 2+ (OHO-21)
/// halves it, rounded down.
pub fn halved(speed: u32, halvings: u32) -> u32 {
    speed.checked_shr(halvings).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oho02_action_costs_in_tenths() {
        assert_eq!(
            (FULL_ROUND, NORMAL, MOVE, QUICK, REACTION),
            (65, 30, 20, 10, 5)
        );
        assert_eq!(seconds(REACTION), "0.5s");
    }

    #[test]
    fn oho04_hamper_adds_feet_and_moves_pay_for_them() {
        assert_eq!(crossing_feet(0), 30);
        assert_eq!(
            stride(crossing_feet(15), 30, 15).map(Stride::tenths),
            Some(30)
        );
        assert_eq!(
            stride(crossing_feet(30), 30, 15).map(Stride::tenths),
            Some(40)
        );
        assert_eq!(stride(crossing_feet(0), 0, 0), None);
        assert_eq!(
            Stride {
                moves: 2,
                dashes: 1
            }
            .describe(),
            "2 moves + dash"
        );
    }

    #[test]
    fn oho11_bands_put_exact_tens_in_the_lower_band() {
        assert_eq!(Band::of(5, 9), Band::Held);
        assert_eq!(Band::of(20, 10), Band::Graze);
        assert_eq!(Band::of(30, 10), Band::Wound);
        assert_eq!(Band::of(40, 10), Band::Maim);
        assert_eq!(Band::of(41, 10), Band::Mortal);
        assert!(graze_injures(3, 3) && !graze_injures(4, 3));
    }

    #[test]
    fn oho15_called_shot_numbers() {
        let head = called_shot(Some(BodyPart::Head));
        assert_eq!(
            (head.penalty, multiplied(7, head), head.difference),
            (10, 14, 10)
        );
        let arm = called_shot(Some(BodyPart::Arm));
        assert_eq!(
            (arm.penalty, multiplied(7, arm), arm.difference),
            (5, 10, 5)
        );
        let leg = called_shot(Some(BodyPart::Leg));
        assert_eq!(leg, arm);
        let groin = called_shot(Some(BodyPart::Groin));
        assert_eq!(
            (groin.penalty, multiplied(7, groin), groin.difference),
            (15, 21, 15)
        );
        assert_eq!(damage_against_fortitude(7, head, 3), 11);
        assert_eq!(damage_against_fortitude(2, called_shot(None), 3), 0);
    }

    #[test]
    fn oho21_exhaustion_penalties_speed_and_gauge() {
        assert_eq!((atg_for(4), atg_for(5), atg_for(6)), (25, 15, 5));
        assert_eq!(exhaustion_penalty(2, false), 2);
        assert_eq!(exhaustion_penalty(2, true), 0);
        assert_eq!(exhaustion_penalty(3, true), 3);
        assert_eq!((halved(30, 1), halved(30, 2)), (15, 7));
    }
}
