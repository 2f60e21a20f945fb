//! Experience, proficiency points, levels and tiers (OHO-22 to OHO-24), fed from a fight's
//! combat log.
//!
//! Every proficiency check of a fight is in its log: an attack roll (against the defense roll,
//! governed by the weapon's proficiency's ability, which the attack's label carries as
//! `Longsword (Strength)`) and a defense roll (`defense roll (Reflex)`, against the attack roll;
//! dodging is a proficiency roll in the text). Fortitude rolls are saves, not checks, and earn nothing.
//! [`checks_in`](crate::progression::checks_in) reads them back;
//! [`Progression`](crate::progression::Progression) turns them into experience per ability,
//! proficiency points and levels.
//!
//! Fray's rulings where the text is open: experience also counts toward the next level (the
//! text: "earning experience is how levels are attained"); the next level costs the current
//! level x 1000 *more* experience (1000 from level 1 to 2, then 2000 to 3); a proficiency point
//! is earned at every 500 experience of one ability, the rest carrying over; ranks and ability
//! scores are bought only while a level-up is open.
//!
//! ```
//! use fray_oho::progression::{Progression, check_experience};
//! use fray_oho::statblock::Ability;
//! assert_eq!(check_experience(14, 10), 71);
//! let mut hero = Progression::new(1);
//! let gains = hero.gain(Ability::Strength, 520);
//! assert_eq!((gains.points, hero.points, hero.ability_experience(Ability::Strength)), (1, 1, 20));
//! ```

use std::collections::BTreeMap;

use fray_core::ids::CombatantId;
use fray_core::log::{CombatLog, LogEvent};
use fray_dice::Dice;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::statblock::{Ability, CreatureBlock};

/// Experience of one ability that earns a proficiency point (OHO-23).
pub const POINT_EXPERIENCE: u32 = 500;
/// The highest level (OHO-24's table ends at 20).
pub const MAX_LEVEL: u32 = 20;

/// Experience for one proficiency check (OHO-22): when the roll is above the target, the
/// target divided by the roll, times 100; otherwise the roll divided by the target, times 10;
/// rounded to the nearest whole number. Rolls and targets below 1 count as 1. Fray's ruling:
/// the success formula takes a roll strictly above the target ("if the proficiency check is
/// above the target"), so a tie earns the failure formula, for the attacker and the defender
/// alike - though a tied defense roll wins the exchange (the attack hits only a lower one).
///
/// ```
/// use fray_oho::progression::check_experience;
/// assert_eq!(check_experience(20, 10), 50);
/// assert_eq!(check_experience(7, 10), 7);
/// assert_eq!(check_experience(9, 12), 8);
/// assert_eq!(check_experience(6, 6), 10);
/// ```
pub fn check_experience(roll: i64, target: i64) -> u32 {
    let success = roll > target;
    let (roll, target) = (roll.max(1) as f64, target.max(1) as f64);
    let xp = if success {
        target / roll * 100.0
    } else {
        roll / target * 10.0
    };
    xp.round() as u32
}

/// Experience needed from `level` to the next: level x 1000 (OHO-24).
pub fn next_level_cost(level: u32) -> u64 {
    u64::from(level) * 1000
}

/// The tier of a level: 1-4 tier 1, 5-8 tier 2, 9-12 tier 3, 13-16 tier 4, 17-20 tier 5
/// (OHO-24).
pub fn tier(level: u32) -> u32 {
    level.clamp(1, MAX_LEVEL).div_ceil(4)
}

/// One proficiency check made in a fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    /// Who made it.
    pub who: CombatantId,
    /// The governing ability.
    pub ability: Ability,
    /// The roll.
    pub roll: i64,
    /// The target number (the opposed roll).
    pub target: i64,
    /// Whether it succeeded (a defense roll that ties the attack succeeds: the attack misses).
    pub success: bool,
}

impl Check {
    /// The experience it earns (OHO-22): by the roll against the target, see
    /// [`check_experience`].
    pub fn experience(&self) -> u32 {
        check_experience(self.roll, self.target)
    }
}

/// Every proficiency check in a log, in order: attack rolls (a success is a hit: the attack
/// beat the defense roll) and defense rolls (a success is a miss: the defense roll was not
/// lower).
pub fn checks_in(log: &CombatLog) -> Vec<Check> {
    log.entries()
        .iter()
        .filter_map(|entry| match &entry.event {
            LogEvent::Attack {
                attacker,
                attack,
                roll,
                against,
                hit,
                ..
            } => Some(Check {
                who: *attacker,
                ability: Ability::in_label(attack)?,
                roll: roll.total(),
                target: *against,
                success: *hit,
            }),
            LogEvent::Roll {
                who: Some(who),
                purpose,
                roll,
                target: Some(target),
                success: Some(success),
            } if purpose.starts_with("defense roll") => Some(Check {
                who: *who,
                ability: Ability::in_label(purpose)?,
                roll: roll.total(),
                target: *target,
                success: *success,
            }),
            _ => None,
        })
        .collect()
}

/// Experience per ability earned by each combatant in a logged fight.
pub fn experience_from_log(log: &CombatLog) -> BTreeMap<CombatantId, BTreeMap<Ability, u32>> {
    let mut out: BTreeMap<CombatantId, BTreeMap<Ability, u32>> = BTreeMap::new();
    for check in checks_in(log) {
        *out.entry(check.who)
            .or_default()
            .entry(check.ability)
            .or_default() += check.experience();
    }
    out
}

/// What a gain of experience brought.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Gains {
    /// Proficiency points earned.
    pub points: u32,
    /// Levels gained.
    pub levels: u32,
}

/// Why a proficiency point cannot be spent.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProgressError {
    /// Not enough points.
    #[error("it needs {needed} proficiency points and has {has}")]
    NotEnoughPoints {
        /// Points needed.
        needed: u32,
        /// Points held.
        has: u32,
    },
    /// Ranks and ability scores are bought only upon a new level (OHO-23).
    #[error("ranks and ability scores can be bought only upon attaining a new level")]
    NoLevelUp,
}

/// A hero's progress: experience toward points and levels, points, proficiency ranks.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Progression {
    /// Level, 1 to 20.
    pub level: u32,
    /// Experience earned since the last level.
    pub experience: u64,
    /// Experience per ability toward its next proficiency point.
    pub abilities: BTreeMap<Ability, u32>,
    /// Unspent proficiency points.
    pub points: u32,
    /// Proficiency ranks (dice), by proficiency id.
    pub ranks: BTreeMap<String, u8>,
    /// Level-ups whose purchases are still open.
    pub open_level_ups: u32,
}

impl Progression {
    /// A hero at `level` with no experience.
    pub fn new(level: u32) -> Self {
        Self {
            level: level.clamp(1, MAX_LEVEL),
            ..Self::default()
        }
    }

    /// A hero's progress as its statblock stands: its level and its proficiency ranks.
    pub fn of(creature: &CreatureBlock) -> Self {
        Self {
            ranks: creature.proficiencies.clone(),
            ..Self::new(creature.level)
        }
    }

    /// The tier of its level (OHO-24).
    pub fn tier(&self) -> u32 {
        tier(self.level)
    }

    /// Experience of `ability` toward its next point.
    pub fn ability_experience(&self, ability: Ability) -> u32 {
        self.abilities.get(&ability).copied().unwrap_or(0)
    }

    /// Adds experience to an ability: every 500 make a proficiency point (OHO-23), and all of it
    /// counts toward the next level (OHO-24).
    pub fn gain(&mut self, ability: Ability, experience: u32) -> Gains {
        let mut gains = Gains::default();
        let pool = self.abilities.entry(ability).or_default();
        *pool += experience;
        while *pool >= POINT_EXPERIENCE {
            *pool -= POINT_EXPERIENCE;
            gains.points += 1;
        }
        self.points += gains.points;
        self.experience += u64::from(experience);
        while self.level < MAX_LEVEL && self.experience >= next_level_cost(self.level) {
            self.experience -= next_level_cost(self.level);
            self.level += 1;
            self.open_level_ups += 1;
            gains.levels += 1;
        }
        gains
    }

    /// Adds the experience combatant `who` earned in a logged fight.
    pub fn record_fight(&mut self, log: &CombatLog, who: CombatantId) -> Gains {
        let mut total = Gains::default();
        for check in checks_in(log).iter().filter(|c| c.who == who) {
            let g = self.gain(check.ability, check.experience());
            total.points += g.points;
            total.levels += g.levels;
        }
        total
    }

    /// Spends a point for one more d6 on a check or save, after seeing the roll (OHO-23):
    /// returns the die to add.
    pub fn spend_on_roll(&mut self) -> Result<Dice, ProgressError> {
        self.pay(1)?;
        Ok(Dice::die(6))
    }

    /// Buys the next rank of a proficiency upon a new level: rank `n` costs `n` points, so
    /// ranks cost their number cumulatively (OHO-23). Returns the new rank.
    pub fn buy_rank(&mut self, proficiency: &str) -> Result<u8, ProgressError> {
        if self.open_level_ups == 0 {
            return Err(ProgressError::NoLevelUp);
        }
        let next = self
            .ranks
            .get(proficiency)
            .copied()
            .unwrap_or(0)
            .saturating_add(1);
        self.pay(u32::from(next))?;
        self.ranks.insert(proficiency.to_string(), next);
        Ok(next)
    }

    /// Raises an ability score from `score` upon a new level: it costs the score it rises to
    /// (OHO-23). Returns the new score.
    pub fn raise_ability(&mut self, score: u8) -> Result<u8, ProgressError> {
        if self.open_level_ups == 0 {
            return Err(ProgressError::NoLevelUp);
        }
        let next = score.saturating_add(1);
        self.pay(u32::from(next))?;
        Ok(next)
    }

    /// Closes the purchases of the oldest open level-up.
    pub fn close_level_up(&mut self) {
        self.open_level_ups = self.open_level_ups.saturating_sub(1);
    }

    fn pay(&mut self, points: u32) -> Result<(), ProgressError> {
        if self.points < points {
            return Err(ProgressError::NotEnoughPoints {
                needed: points,
                has: self.points,
            });
        }
        self.points -= points;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oho22_experience_per_check_success_and_failure() {
        assert_eq!(check_experience(14, 10), 71);
        assert_eq!(check_experience(11, 10), 91);
        assert_eq!(check_experience(7, 10), 7);
        assert_eq!(
            check_experience(10, 10),
            10,
            "a tie is not above the target"
        );
        assert_eq!(check_experience(0, 0), 10);
    }

    #[test]
    fn oho23_points_at_500_per_ability_and_what_they_buy() {
        let mut p = Progression::new(1);
        assert_eq!(p.gain(Ability::Reflex, 499).points, 0);
        assert_eq!(p.gain(Ability::Strength, 499).points, 0);
        assert_eq!(p.gain(Ability::Reflex, 1).points, 1);
        assert_eq!(p.ability_experience(Ability::Reflex), 0);
        assert_eq!(p.ability_experience(Ability::Strength), 499);
        assert_eq!(p.points, 1);
        assert_eq!(p.spend_on_roll(), Ok(Dice::die(6)));
        assert_eq!(
            p.spend_on_roll(),
            Err(ProgressError::NotEnoughPoints { needed: 1, has: 0 })
        );
        assert_eq!(p.level, 1);
        assert_eq!(p.buy_rank("blades"), Err(ProgressError::NoLevelUp));
        assert_eq!(p.gain(Ability::Strength, 1001).levels, 1);
        assert_eq!((p.level, p.points, p.open_level_ups), (2, 3, 1));
        p.ranks.insert("blades".into(), 2);
        assert_eq!(p.buy_rank("blades"), Ok(3));
        assert_eq!(p.points, 0);
        assert_eq!(
            p.raise_ability(3),
            Err(ProgressError::NotEnoughPoints { needed: 4, has: 0 })
        );
        p.close_level_up();
        assert_eq!(p.raise_ability(3), Err(ProgressError::NoLevelUp));
    }

    #[test]
    fn oho24_level_costs_and_tiers() {
        assert_eq!((next_level_cost(1), next_level_cost(2)), (1000, 2000));
        let tiers: Vec<u32> = [1, 4, 5, 8, 9, 12, 13, 16, 17, 20].map(tier).to_vec();
        assert_eq!(tiers, vec![1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
        let mut p = Progression::new(1);
        assert_eq!(p.gain(Ability::Intellect, 2999).levels, 1);
        assert_eq!((p.level, p.experience), (2, 1999));
        assert_eq!(p.gain(Ability::Intellect, 1).levels, 1);
        assert_eq!((p.level, p.experience, p.tier()), (3, 0, 1));
        let mut top = Progression::new(20);
        assert_eq!(top.gain(Ability::Presence, 100_000).levels, 0);
        assert_eq!(top.tier(), 5);
    }
}
