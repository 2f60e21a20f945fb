//! Resisted rolls (DR-02..DR-06): a hand of dice on each side, the kept face, successes, and
//! how a mastery point changes a hand (DR-09).

use std::borrow::Cow;
use std::sync::OnceLock;

use bevy_ecs::entity::{EntityMapper, MapEntities};
use bevy_ecs::prelude::*;
use fray_dice::{Advantage, DieRank, DieSource, Distribution, Roll, success_level};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::Ctx;

/// The most levels of advantage or disadvantage a roll is made with (more would change its
/// odds by less than a part in a million on the ladder's dice).
pub const MAX_LEVELS: i32 = 24;

/// The dice of one side of a roll: a die of the ladder, rolled `1 + |level|` times, keeping
/// the highest (advantage) or the lowest (disadvantage) face (DR-05).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    /// The die.
    pub die: DieRank,
    /// Net levels: positive for advantage, negative for disadvantage.
    pub level: i32,
    /// The faces rolled.
    pub faces: SmallVec<[u8; 6]>,
}

impl Hand {
    /// A hand from faces already rolled (tests and previews).
    pub fn of(die: DieRank, level: i32, faces: &[u8]) -> Self {
        Self {
            die,
            level: level.clamp(-MAX_LEVELS, MAX_LEVELS),
            faces: faces.iter().copied().collect(),
        }
    }

    /// Rolls `die` with `level` from the encounter's dice.
    pub fn roll(ctx: &mut Ctx, die: DieRank, level: Advantage) -> Self {
        let level = level.level().clamp(-MAX_LEVELS, MAX_LEVELS);
        let count = level.unsigned_abs() + 1;
        let faces = (0..count)
            .map(|_| face(ctx.rng().roll_die(die.sides())))
            .collect();
        Self { die, level, faces }
    }

    /// The face that counts: the highest with advantage, the lowest with disadvantage.
    pub fn kept(&self) -> i64 {
        let faces = self.faces.iter().copied();
        let kept = if self.level < 0 {
            faces.min()
        } else {
            faces.max()
        };
        i64::from(kept.unwrap_or(1))
    }

    /// Whether the roll is disadvantaged (a mastery point rerolls its lowest die).
    pub fn disadvantaged(&self) -> bool {
        self.level < 0
    }

    /// A mastery point's die, showing `face` (DR-09): on a disadvantaged roll it replaces the
    /// lowest die (and stands even if lower); otherwise it is one more die, the highest kept.
    pub fn master(&mut self, face: u8) {
        if self.disadvantaged() {
            if let Some(lowest) = self.faces.iter_mut().min() {
                *lowest = face;
            }
        } else {
            self.faces.push(face);
            self.level = self.level.saturating_add(1);
        }
    }

    /// The kept face if a mastery point's die showed `face`.
    pub fn kept_with(&self, face: u8) -> i64 {
        let mut next = self.clone();
        next.master(face);
        next.kept()
    }

    /// The hand as a roll with its breakdown (the same faces, the kept one counting), for the
    /// log's attack records.
    ///
    /// ```
    /// use fray_dice::DieRank;
    /// use fray_dierank::contest::Hand;
    /// let hand = Hand::of(DieRank::D8, 1, &[3, 7]);
    /// assert_eq!(hand.as_roll().total(), 7);
    /// assert_eq!(hand.as_roll().total(), hand.kept());
    /// ```
    pub fn as_roll(&self) -> Roll {
        Advantage(self.level).roll(self.die.sides(), &mut Shown(self.faces.iter()))
    }

    /// The faces, as logs show them: `[3, (7)]`, the kept face bare.
    pub fn describe(&self) -> String {
        let kept = self.kept();
        let mut marked = false;
        let faces: Vec<String> = self
            .faces
            .iter()
            .map(|f| {
                if i64::from(*f) == kept && !marked {
                    marked = true;
                    f.to_string()
                } else {
                    format!("({f})")
                }
            })
            .collect();
        let dice = match self.level {
            0 => self.die.to_string(),
            l if l > 0 => format!("{} with {} advantage", self.die, l),
            l => format!("{} with {} disadvantage", self.die, l.unsigned_abs()),
        };
        format!("{dice} [{}] = {kept}", faces.join(", "))
    }
}

/// The faces a hand already rolled, shown again as dice (a face past them, never drawn from
/// a consistent hand, shows 1).
struct Shown<'a>(std::slice::Iter<'a, u8>);

impl DieSource for Shown<'_> {
    fn roll_die(&mut self, sides: u32) -> u32 {
        self.0
            .next()
            .map_or(1, |f| u32::from(*f).clamp(1, sides.max(1)))
    }
}

/// A face as a byte (the ladder stops at 60).
fn face(rolled: u32) -> u8 {
    u8::try_from(rolled).unwrap_or(u8::MAX)
}

/// Successes of an acting roll against a resisting one (DR-02..DR-04, DR-06): 0 below it or
/// on an acting 1 (even against a 1; the resisting roll never fumbles), else how many times
/// over the acting roll met it.
pub fn successes(acting: i64, resisting: i64) -> u32 {
    if acting <= 1 {
        0
    } else {
        success_level(acting, resisting)
    }
}

/// The distribution of the kept face of a hand yet to be rolled.
pub fn odds(die: DieRank, level: i32) -> Distribution {
    Advantage(level.clamp(-MAX_LEVELS, MAX_LEVELS)).distribution(die.sides())
}

/// Levels of advantage either side of a roll that [`success_odds`] keeps worked out.
const KEPT_LEVELS: i32 = 3;

/// Combinations kept: every die and level on each side.
const KEPT: usize = 14 * 7 * 14 * 7;

/// The success odds worked out so far, by combination.
static ODDS: [OnceLock<Box<[f64]>>; KEPT] = [const { OnceLock::new() }; KEPT];

/// The exact chance of each number of successes of `acting` at `level` against `resisting` at
/// `resisting_level` (entry `k`: exactly `k` successes), from the dice crate's distributions.
/// Each combination with levels within three either way is worked out once and kept, so
/// previews allocate nothing; others are worked out when asked.
pub fn success_odds(
    (acting, level): (DieRank, i32),
    (resisting, resisting_level): (DieRank, i32),
) -> Cow<'static, [f64]> {
    let work =
        || fray_dice::rank::success_odds(&odds(acting, level), &odds(resisting, resisting_level));
    if level.abs() > KEPT_LEVELS || resisting_level.abs() > KEPT_LEVELS {
        return Cow::Owned(work());
    }
    let at = |die: DieRank, level: i32| {
        die.index() * 7 + usize::try_from(level + KEPT_LEVELS).unwrap_or(0)
    };
    let i = at(acting, level) * 98 + at(resisting, resisting_level);
    match ODDS.get(i) {
        Some(cell) => Cow::Borrowed(cell.get_or_init(|| work().into_boxed_slice())),
        None => Cow::Owned(work()),
    }
}

/// What a contest is rolled for, and so what follows when its mastery exchange ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Purpose {
    /// An attack on the actor's own turn: it lands.
    Attack,
    /// A blow struck out of turn (DR-13, DR-16): it lands, and `more` blows of the same
    /// interrupt follow it.
    Strike {
        /// What the blow is.
        cause: Cause,
        /// Blows of the same interrupt still to come after it.
        more: u8,
    },
    /// The REF against REF roll of an interrupt (DR-13): one blow per success follows.
    Interrupt,
}

/// Why a blow is struck out of turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cause {
    /// Leaving (or running through) the striker's region (DR-16, DR-17).
    Opportunity,
    /// An attack readied for its trigger, with no roll (DR-13).
    Readied,
    /// An interrupt won by a REF roll (DR-13).
    Interrupt,
}

impl Cause {
    /// How logs call the blow.
    pub fn name(self) -> &'static str {
        match self {
            Cause::Opportunity => "opportunity attack",
            Cause::Readied => "readied attack",
            Cause::Interrupt => "interrupt",
        }
    }
}

/// A roll being made, with the mastery points spent on it so far: the actor's hand, the
/// resister's, and whose answer comes next (DR-09). It is the ruleset's pause: the attack,
/// the interrupt or the blow struck out of turn waits on each answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contest {
    /// What the roll is for.
    pub purpose: Purpose,
    /// Who acts.
    pub actor: Entity,
    /// Who resists.
    pub target: Entity,
    /// The attack, by index (the attack an interrupt's blows use, for its REF roll).
    pub attack: u16,
    /// The acting hand.
    pub act: Hand,
    /// The resisting hand.
    pub res: Hand,
    /// Whose answer is asked next: 0 the actor, 1 the target.
    pub next: u8,
    /// Answers in a row that spent nothing (two end the exchange).
    pub passes: u8,
}

impl Contest {
    /// Successes as the hands stand.
    pub fn successes(&self) -> u32 {
        successes(self.act.kept(), self.res.kept())
    }

    /// Who answers next.
    pub fn answering(&self) -> Entity {
        if self.next == 0 {
            self.actor
        } else {
            self.target
        }
    }
}

impl MapEntities for Contest {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        self.actor = mapper.get_mapped(self.actor);
        self.target = mapper.get_mapped(self.target);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mastery_die_adds_or_rerolls() {
        let mut hand = Hand::of(DieRank::D8, 0, &[3]);
        hand.master(7);
        assert_eq!((hand.kept(), hand.level), (7, 1));
        let mut low = Hand::of(DieRank::D8, -1, &[6, 2]);
        low.master(1);
        assert_eq!(low.kept(), 1, "the reroll stands even when lower");
        assert_eq!(low.faces.as_slice(), &[6, 1]);
        assert_eq!(
            Hand::of(DieRank::D8, 1, &[2, 5]).describe(),
            "D8 with 1 advantage [(2), 5] = 5"
        );
    }
}
