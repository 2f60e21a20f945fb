//! Morale (BX-25): a side checks when its first falls, when half of it is out of the fight and
//! (Fray's ruling, the `leader_check` option) when its leader falls. The check is rolled at the
//! start of the side's next turn (BX-18): one 2d6 for the side, against each member's rating,
//! with the situational adjustment (never for ratings 2 and 12). A member that passes twice
//! fights to the death; one that fails surrenders if it is in melee and can reason, else flees.
//! Characters without a rating never check (player characters and retainers), nor do the
//! helpless (asleep, paralysed: Fray's ruling). A member of morale 2 will not fight at all: it
//! gives up as the battle begins, without a roll.

use bevy_ecs::prelude::*;
use fray_core::combatant::Status;
use fray_core::ids::SideId;
use fray_core::morale::MoraleTrigger;
use smallvec::SmallVec;

use crate::Ctx;
use crate::fighter::helpless;

/// Notes a check due for `side` when `trigger` calls for one.
pub fn triggered(ctx: &mut Ctx, side: SideId, trigger: MoraleTrigger) {
    let checks = match trigger {
        MoraleTrigger::FirstDeath | MoraleTrigger::HalfOut => true,
        MoraleTrigger::LeaderDown => ctx.battle().options.leader_check,
        MoraleTrigger::BattleStart => {
            refuse_to_fight(ctx, side);
            false
        }
    };
    if !checks {
        return;
    }
    let due = &mut ctx.battle_mut().morale_due;
    let i = usize::from(side.0);
    if due.len() <= i {
        due.resize(i + 1, 0);
    }
    due[i] = due[i].saturating_add(1);
}

/// Rolls `side`'s checks due, at the start of its turn.
pub fn checks_due(ctx: &mut Ctx, side: SideId) {
    let due = ctx.battle().due(side);
    if due == 0 {
        return;
    }
    if let Some(n) = ctx.battle_mut().morale_due.get_mut(usize::from(side.0)) {
        *n = 0;
    }
    for _ in 0..due {
        if !check(ctx, side) {
            break;
        }
    }
}

/// Fraction of `side` out of the fight.
fn out_fraction(ctx: &Ctx, side: SideId) -> f32 {
    let (mut total, mut out) = (0u32, 0u32);
    for e in ctx.roster().side(side) {
        total += 1;
        if !ctx.is_active(e) {
            out += 1;
        }
    }
    if total == 0 {
        0.0
    } else {
        out as f32 / total as f32
    }
}

/// The situational adjustment of `side`'s checks: -1 when it has lost a larger share of its
/// own than its enemies have, +1 when a smaller one (the `situational_morale` option), plus the
/// referee's `morale_adjust`; within -2..2.
pub fn adjustment(ctx: &Ctx, side: SideId) -> i32 {
    let options = &ctx.battle().options;
    let mut adjust = options.morale_adjust;
    if options.situational_morale {
        let mine = out_fraction(ctx, side);
        let theirs = (0..ctx.sides().len())
            .filter_map(|s| u8::try_from(s).ok().map(SideId))
            .filter(|&s| s != side)
            .map(|s| out_fraction(ctx, s))
            .fold(0.0f32, f32::max);
        if mine > theirs {
            adjust -= 1;
        } else if mine < theirs {
            adjust += 1;
        }
    }
    adjust.clamp(-2, 2)
}

/// The score a member of rating `rating` must roll at most, with `adjust` (never applied to
/// ratings 2 and 12).
pub fn score(rating: i32, adjust: i32) -> i32 {
    if rating <= 2 || rating >= 12 {
        rating
    } else {
        rating + adjust
    }
}

/// Chance 2d6 rolls above `score`: a member of that score breaks.
pub fn break_chance(score: i32) -> f32 {
    let passing = (1..=6)
        .flat_map(|a| (1..=6).map(move |b| a + b))
        .filter(|&t| t <= score)
        .count();
    1.0 - passing as f32 / 36.0
}

/// The members of `side` whose morale can give way, with their ratings: active, not helpless
/// (the asleep and paralysed neither check nor flee), and with a rating (characters without one
/// never check).
fn rated(ctx: &Ctx, side: SideId) -> SmallVec<[(Entity, i32); 16]> {
    ctx.roster()
        .side(side)
        .filter(|&e| ctx.is_active(e) && !ctx.decides_own_morale(e))
        .filter(|&e| ctx.conditions(e).is_none_or(|c| !helpless(c)))
        .filter_map(|e| Some((e, ctx.fighter(e)?.sheet.0.morale?)))
        .collect()
}

/// Rolls one check for `side`. Returns whether every member held.
pub fn check(ctx: &mut Ctx, side: SideId) -> bool {
    let mut members = rated(ctx, side);
    members.retain(|(e, _)| ctx.morale(*e).is_none_or(|(m, _)| m.passed < 2));
    if members.is_empty() {
        return true;
    }
    let adjust = adjustment(ctx, side);
    let rolled = ctx.roll_pool(2, 6);
    if let Some(roll) = rolled.roll {
        let purpose = format!("morale of the {}", ctx.sides().name(side));
        let purpose = if adjust != 0 {
            format!("{purpose} (adjusted {adjust:+})")
        } else {
            purpose
        };
        ctx.log_mut().push(fray_core::log::LogEvent::Roll {
            who: None,
            purpose,
            roll,
            target: None,
            success: None,
        });
    }
    let total = i32::try_from(rolled.total).unwrap_or(i32::MAX);
    let mut held = true;
    for (who, rating) in members {
        let needed = score(rating, adjust);
        if total <= needed {
            let passed = ctx.morale_mut(who).map_or(0, |mut m| {
                m.passed = m.passed.saturating_add(1);
                m.passed
            });
            ctx.note(Some(who), || {
                if passed >= 2 {
                    format!("holds (morale {needed}) and will fight to the death.")
                } else {
                    format!("holds (morale {needed}).")
                }
            });
        } else {
            held = false;
            breaks(ctx, who, "breaks", needed);
        }
    }
    held
}

/// `who` gives up the fight (`how`: "breaks" after a failed check, "will not fight" at morale
/// 2): it surrenders if it is in melee and can reason, else it flees.
fn breaks(ctx: &mut Ctx, who: Entity, how: &str, needed: i32) {
    if let Some(mut m) = ctx.morale_mut(who) {
        m.broken = true;
    }
    let engaged = ctx.engagement(who).is_some_and(|e| e.is_engaged());
    let reasons = ctx.fighter(who).is_some_and(|f| f.sheet.0.intelligent);
    let status = if engaged && reasons {
        Status::Surrendered
    } else {
        Status::Fled
    };
    ctx.note(Some(who), || {
        format!(
            "{how} (morale {needed}) and {}.",
            if status == Status::Fled {
                "flees"
            } else {
                "surrenders"
            }
        )
    });
    ctx.release_all(who);
    ctx.set_status(who, status);
}

/// The morale score at which a combatant will not fight at all (BX-25: "a monster with a
/// morale of 2 will not fight").
pub const WILL_NOT_FIGHT: i32 = 2;

/// When the battle begins, every member of `side` whose morale is 2 or less gives up without a
/// roll (BX-25), before anyone acts. Fray's ruling on what "will not fight" does in a fight: it
/// flees, or surrenders if it starts in melee and can reason, as a broken check does; the
/// helpless (asleep, paralysed) cannot, and stay.
fn refuse_to_fight(ctx: &mut Ctx, side: SideId) {
    let mut refusing = rated(ctx, side);
    refusing.retain(|(_, rating)| *rating <= WILL_NOT_FIGHT);
    for (who, rating) in refusing {
        breaks(ctx, who, "will not fight", rating);
    }
}
