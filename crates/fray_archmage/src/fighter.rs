//! An archmage combatant's own components, and the numbers derived from them for attacks:
//! bonuses, penalties, defenses and odds. Previews and resolution share them, so a preview is
//! exactly what resolution rolls against.

use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryData;
use fray_core::kit::prelude::*;
use fray_core::lineup::Row;

use crate::Ctx;
use crate::rules::crit_threshold;
use crate::sheet::{Sheet, SheetAttack, SheetData};
use crate::slots::ActionSlots;
use crate::state::ArchState;
use crate::vocabulary::{FEAR, HAMPERED, STUCK, VULNERABLE, WEAKENED};

/// The archmage components of a combatant (the core's - hit points, status, conditions - are
/// read through the context).
#[derive(QueryData)]
#[query_data(mutable)]
pub struct Fighter {
    /// Compiled numbers.
    pub sheet: &'static Sheet,
    /// Changing state.
    pub state: &'static mut ArchState,
    /// Actions left this turn.
    pub slots: &'static mut ActionSlots,
}

/// Condition penalty to attacks: the worst of dazed, fear (which dazes) and weakened, -4;
/// penalties of different conditions do not stack (AR-27, AR-40).
pub fn condition_attack_penalty(c: &Conditions) -> i32 {
    if c.has(Condition::DAZED) || c.has(FEAR) || c.has(WEAKENED) {
        4
    } else {
        0
    }
}

/// Condition penalty to defenses: the worst of helpless, stunned and weakened, -4 (AR-27).
pub fn condition_defense_penalty(c: &Conditions) -> i32 {
    if c.has(Condition::HELPLESS) || c.has(Condition::STUNNED) || c.has(WEAKENED) {
        4
    } else {
        0
    }
}

/// Whether a creature cannot move: stuck, or grabbed and not disengaged (AR-27, AR-29).
pub fn stuck(c: &Conditions) -> bool {
    c.has(STUCK)
}

/// Whether a creature makes only basic attacks (AR-27).
pub fn hampered(c: &Conditions) -> bool {
    c.has(HAMPERED)
}

/// The basic melee attack a creature would make as an opportunity attack, if it may make one
/// now: it must be active, have a basic melee attack, and be neither grabbed (AR-29), confused
/// nor stunned (AR-27).
pub fn opportunity_attack(
    sheet: &SheetData,
    state: &ArchState,
    conditions: &Conditions,
    status: Status,
) -> Option<usize> {
    if !status.is_active()
        || state.grabbed_by.is_some()
        || conditions.has(Condition::CONFUSED)
        || conditions.has(Condition::STUNNED)
    {
        return None;
    }
    sheet.basic_melee
}

/// Everything an attack roll is compared with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AttackOdds {
    /// Added to the natural d20.
    pub bonus: i64,
    /// The defense to reach.
    pub defense: i64,
    /// Natural roll from which it crits.
    pub crit_from: i64,
    /// The attacker rerolls natural 2s (two weapons, AR-21).
    pub reroll_twos: bool,
    /// The target is invisible: half of all attacks miss outright (AR-34).
    pub invisible: bool,
}

/// The parts of an attack bonus, for the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BonusParts {
    /// The sheet's bonus (ability, level, magic).
    pub base: i32,
    /// The escalation die (heroes without fear).
    pub escalation: i32,
    /// Condition penalties (negative).
    pub penalty: i32,
    /// -1 per recovery used without having one (negative, AR-24).
    pub debt: i32,
    /// Effects such as fighting in spirit.
    pub effects: i32,
    /// The circumstance modifier.
    pub circumstance: i32,
    /// +4 against a creature you grab.
    pub grab: i32,
}

impl BonusParts {
    /// The total bonus.
    pub fn total(&self) -> i32 {
        self.base
            + self.escalation
            + self.penalty
            + self.debt
            + self.effects
            + self.circumstance
            + self.grab
    }
}

/// The universal circumstance modifier, as Fray rules it (AR-36): -2 when attacking from
/// difficult terrain (bad footing), +2 when the target is engaged with two or more of the
/// attacker's allies (ganged up on) - each unless the encounter turns it off
/// ([`Circumstances`](crate::battle::Circumstances)).
pub fn circumstance(ctx: &Ctx, attacker: Entity, target: Entity) -> i32 {
    let (Some(a), Some(t)) = (ctx.row(attacker), ctx.row(target)) else {
        return 0;
    };
    let applies = ctx.battle().circumstances;
    let mut m = 0;
    if applies.bad_footing && ctx.map().terrain(a.region).difficult {
        m -= 2;
    }
    if applies.ganged_up {
        // Two allies are enough: the count stops there.
        let two_allies = t
            .engagement
            .foes()
            .filter(|f| *f != attacker && ctx.side(*f) == Some(a.side))
            .nth(1)
            .is_some();
        if two_allies {
            m += 2;
        }
    }
    m
}

/// A combatant's bonus from its effects to `to` (no lookup when it bears none).
fn effect_bonus(ctx: &Ctx, e: Entity, row: &Row, to: BonusTo) -> i32 {
    if row.effects == 0 {
        return 0;
    }
    ctx.effects(e).map_or(0, |x| x.bonus(to))
}

/// The odds of attack `index` of `attacker` on `target`, and the parts of its bonus.
pub fn odds(
    ctx: &Ctx,
    attacker: Entity,
    target: Entity,
    index: usize,
) -> Option<(AttackOdds, BonusParts)> {
    odds_of(
        ctx,
        (attacker, &ctx.fighter(attacker)?),
        (target, &ctx.fighter(target)?),
        index,
    )
}

/// [`odds`] with both fighters already read.
pub fn odds_of(
    ctx: &Ctx,
    (attacker, a): (Entity, &FighterReadOnlyItem<'_, '_>),
    (target, t): (Entity, &FighterReadOnlyItem<'_, '_>),
    index: usize,
) -> Option<(AttackOdds, BonusParts)> {
    let attack: &SheetAttack = a.sheet.0.attacks.get(index)?;
    let (a_row, t_row) = (ctx.row(attacker)?, ctx.row(target)?);
    let (a_conditions, t_conditions) = (&a_row.conditions, &t_row.conditions);
    let parts = BonusParts {
        base: attack.bonus,
        escalation: if a.sheet.0.hero && !a_conditions.has(FEAR) {
            i32::from(ctx.battle().escalation)
        } else {
            0
        },
        penalty: -condition_attack_penalty(a_conditions),
        debt: -a.state.debt_penalty(),
        effects: effect_bonus(ctx, attacker, a_row, BonusTo::Attacks),
        circumstance: circumstance(ctx, attacker, target),
        grab: if t.state.grabbed_by == Some(attacker) {
            4
        } else {
            0
        },
    };
    let defense = t.sheet.0.defense(attack.def.vs)
        - condition_defense_penalty(t_conditions)
        - t.state.debt_penalty()
        + effect_bonus(ctx, target, t_row, BonusTo::Defenses);
    Some((
        AttackOdds {
            bonus: i64::from(parts.total()),
            defense: i64::from(defense),
            crit_from: crit_threshold(attack.def.crit_range, t_conditions.has(VULNERABLE)),
            reroll_twos: a.sheet.0.two_weapons
                && attack.def.kind == crate::statblock::AttackKind::Melee,
            invisible: t_conditions.has(Condition::INVISIBLE),
        },
        parts,
    ))
}

/// Chance of each natural d20 roll for these odds (a natural 2 rerolled with two weapons).
pub fn natural_chance(odds: &AttackOdds, natural: i64) -> f32 {
    if odds.reroll_twos {
        if natural == 2 {
            1.0 / 400.0
        } else {
            1.0 / 20.0 + 1.0 / 400.0
        }
    } else {
        1.0 / 20.0
    }
}

/// Chances of a plain hit, a crit and a miss (not a fumble) for these odds, exactly over the
/// d20 (with the two-weapon reroll of natural 2s and the invisibility coin).
pub fn chances(odds: &AttackOdds) -> (f32, f32, f32) {
    let mut hit = 0.0;
    let mut crit = 0.0;
    let mut miss = 0.0;
    for natural in 1..=20i64 {
        let p = natural_chance(odds, natural);
        match crate::rules::judge(natural, natural + odds.bonus, odds.defense, odds.crit_from) {
            crate::rules::AttackResult::Crit => crit += p,
            crate::rules::AttackResult::Hit => hit += p,
            crate::rules::AttackResult::Miss => miss += p,
            crate::rules::AttackResult::Fumble => {}
        }
    }
    let seen = if odds.invisible { 0.5 } else { 1.0 };
    (hit * seen, crit * seen, miss * seen)
}

/// Whether `who` is engaged with an active creature.
pub(crate) fn engaged_with_active(ctx: &Ctx, who: Entity) -> bool {
    ctx.engagement(who)
        .is_some_and(|e| engaged_with_any_active(ctx, e))
}

/// Whether anyone in `engagement` (either direction) is active.
pub(crate) fn engaged_with_any_active(ctx: &Ctx, engagement: &Engagement) -> bool {
    engagement
        .engaging()
        .iter()
        .chain(engagement.engaged_by())
        .any(|&f| ctx.is_active(f))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ar06_hit_chance_counts_naturals_2_to_19_and_crits_on_20() {
        let odds = AttackOdds {
            bonus: 5,
            defense: 16,
            crit_from: 20,
            reroll_twos: false,
            invisible: false,
        };
        let (hit, crit, miss) = chances(&odds);
        // Naturals 11..19 hit (9), 20 crits, 2..10 miss (9), 1 fumbles.
        assert!(
            (hit - 0.45).abs() < 1e-6 && (crit - 0.05).abs() < 1e-6 && (miss - 0.45).abs() < 1e-6
        );
    }

    #[test]
    fn ar21_two_weapons_reroll_natural_twos() {
        let odds = AttackOdds {
            bonus: 0,
            defense: 30,
            crit_from: 20,
            reroll_twos: true,
            invisible: false,
        };
        let (_, crit, _) = chances(&odds);
        assert!((crit - (1.0 / 20.0 + 1.0 / 400.0)).abs() < 1e-6);
    }

    #[test]
    fn ar34_invisible_targets_halve_every_hit() {
        let odds = AttackOdds {
            bonus: 30,
            defense: 10,
            crit_from: 20,
            reroll_twos: false,
            invisible: true,
        };
        let (hit, crit, _) = chances(&odds);
        assert!((hit + crit - 0.475).abs() < 1e-6);
    }

    #[test]
    fn ar27_ar40_condition_penalties_take_the_worst_not_the_sum() {
        let mut c = Conditions::default();
        c.recompute([(Condition::DAZED, 1), (WEAKENED, 1)]);
        assert_eq!(condition_attack_penalty(&c), 4);
        assert_eq!(condition_defense_penalty(&c), 4);
        let mut s = Conditions::default();
        s.recompute([(Condition::STUNNED, 1), (Condition::HELPLESS, 1)]);
        assert_eq!(condition_defense_penalty(&s), 4);
        assert_eq!(condition_attack_penalty(&s), 0);
    }
}
