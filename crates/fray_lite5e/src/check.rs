//! Checks (L5-01, L5-02, L5-05): a d20 plus modifiers against a DC, with advantage (two d20,
//! keep the higher) or disadvantage (keep the lower). As in 5e, any advantage and any
//! disadvantage cancel to a plain roll, and several of one kind count once.

use bevy_ecs::prelude::*;
use fray_dice::{Advantage, Dice, Roll};

use crate::Ctx;
use crate::sheet::{Ability, modifier};

/// The advantage of a roll with `adv` sources of advantage and `dis` of disadvantage: they
/// cancel (L5-01).
pub fn net(adv: u32, dis: u32) -> Advantage {
    match (adv > 0, dis > 0) {
        (true, false) => Advantage(1),
        (false, true) => Advantage(-1),
        _ => Advantage::NONE,
    }
}

/// `who`'s current score in `ability` (after injuries).
pub fn score(ctx: &Ctx, who: Entity, ability: Ability) -> i32 {
    ctx.fighter(who).map_or(10, |f| {
        let i = ability as usize;
        let base = f.sheet.0.scores.get(i).copied().unwrap_or(10);
        let lost = f.state.lost.get(i).copied().unwrap_or(0);
        i32::from(base.saturating_sub(lost))
    })
}

/// `who`'s modifier in `ability`, plus its proficiency bonus when `proficient` (L5-02).
pub fn bonus(ctx: &Ctx, who: Entity, ability: Ability, proficient: bool) -> i32 {
    let prof = if proficient {
        ctx.fighter(who)
            .map_or(0, |f| i32::from(f.sheet.0.proficiency))
    } else {
        0
    };
    modifier(score(ctx, who, ability)) + prof
}

/// Disadvantage every check of `who` carries: load above STR (L5-05), or an injury's
/// disadvantage until rest (L5-14).
pub fn burdened(ctx: &Ctx, who: Entity) -> bool {
    ctx.fighter(who).is_some_and(|f| {
        f.state.shaken || f.sheet.0.load > score_of(&f.sheet.0.scores, &f.state.lost, 0)
    })
}

fn score_of(scores: &[u8; 6], lost: &[u8; 6], i: usize) -> u8 {
    scores[i].saturating_sub(lost[i])
}

/// One rolled check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checked {
    /// The kept d20.
    pub natural: i64,
    /// With its modifier.
    pub total: i64,
    /// It met the DC.
    pub success: bool,
}

/// Rolls a check of `who`: d20 with `advantage`, plus `bonus`, against `dc`, logged for
/// `purpose`.
pub fn roll(
    ctx: &mut Ctx,
    who: Entity,
    purpose: &str,
    advantage: Advantage,
    bonus: i32,
    dc: i64,
) -> Checked {
    let (checked, dice) = roll_unlogged(ctx, advantage, bonus, dc);
    if let Some(r) = dice {
        ctx.log_roll(who, purpose, Some(r), Some(dc), Some(checked.success));
    }
    checked
}

/// Rolls a d20 with `advantage`, plus `bonus`, against `dc`, for a caller that logs it its own
/// way (an attack roll): the result, and the dice with the bonus when the log records.
pub fn roll_unlogged(
    ctx: &mut Ctx,
    advantage: Advantage,
    bonus: i32,
    dc: i64,
) -> (Checked, Option<Roll>) {
    let rolled = ctx.roll(&Dice::die_with_advantage(20, advantage.level()));
    let natural = rolled.total;
    let total = natural.saturating_add(i64::from(bonus));
    let dice = rolled.roll.map(|r| {
        if bonus != 0 {
            r.plus(i64::from(bonus), "mod")
        } else {
            r
        }
    });
    let checked = Checked {
        natural,
        total,
        success: total >= dc,
    };
    (checked, dice)
}

/// Chance a check with `advantage` and `bonus` meets `dc`.
pub fn chance(advantage: Advantage, bonus: i32, dc: i64) -> f64 {
    let need = dc.saturating_sub(i64::from(bonus));
    advantage.at_least(20, need)
}

/// Chance the kept d20 with `advantage` shows `face`.
pub fn face(advantage: Advantage, face: i64) -> f64 {
    advantage.face(20, face)
}
