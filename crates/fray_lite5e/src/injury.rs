//! Incapacitation, stabilizing and the injury table (L5-13, L5-14).
//!
//! At 0 HP a combatant is incapacitated: out of the fight, but alive. It is dead unless
//! stabilized within 10 rounds (1 minute) or by the end of the fight, whichever is later: so
//! nobody dies of the clock while the fight goes on, and when it ends each fallen combatant
//! has the rounds left of its 10 for its allies still standing to stabilize it (Fray's ruling:
//! the ally with the best stabilizing bonus tries once per round left); with no ally standing,
//! or no round left, it dies.
//!
//! Stabilizing is an ally's check (Fray's ruling: a DC 10 WIS check, proficient for a medic,
//! an active action in the same region) or a healing spell. Then the stabilized combatant rolls
//! a d20 on the injury table: 1 dead; 2-7 lose 1d6 of STR, DEX, CON, INT, WIS or CHA (an
//! ability at 0 kills, as L5-25 says); 8-13 lose a body part its statblock lists (a d-N picks
//! it; its lasting effect is an attack penalty or lost speed); 14-19 disadvantage on all checks
//! until rest; 20 instantly heal 1d8. Otherwise it is back at 1 HP.

use bevy_ecs::prelude::*;
use fray_core::combatant::Status;
use fray_core::condition::Condition;
use fray_dice::{Advantage, Dice};

use crate::check::{self, burdened, net};
use crate::pronoun::pronoun;
use crate::sheet::Ability;
use crate::{Ctx, roll};

/// The DC of a stabilizing check.
pub const STABILIZE_DC: i64 = 10;

/// Rounds an incapacitated combatant lasts without being stabilized (1 minute).
pub const ROUNDS_TO_DIE: u32 = 10;

/// The odds of the injury table for UIs, mildest first: instant heal (20), disadvantage until
/// rest (14-19), a lost body part (8-13), a lost ability (2-7), death (1).
pub const INJURY_ODDS: [f32; 5] = [0.05, 0.30, 0.30, 0.30, 0.05];

/// `who`'s stabilizing bonus and advantage: WIS modifier, proficiency for a medic.
pub fn stabilizer(ctx: &Ctx, who: Entity) -> (i32, Advantage) {
    let medic = ctx.fighter(who).is_some_and(|f| f.sheet.0.medic);
    let bonus = check::bonus(ctx, who, Ability::Wis, medic);
    (bonus, net(0, u32::from(burdened(ctx, who))))
}

/// Chance `who` stabilizes an ally with one check.
pub fn stabilize_chance(ctx: &Ctx, who: Entity) -> f64 {
    let (bonus, adv) = stabilizer(ctx, who);
    check::chance(adv, bonus, STABILIZE_DC)
}

/// `who` falls to 0 HP: incapacitated (L5-13).
pub fn fall(ctx: &mut Ctx, who: Entity) {
    let round = ctx.round();
    if let Some(mut f) = ctx.fighter_mut(who) {
        f.state.down_since = Some(round);
        f.state.hidden = false;
    }
    ctx.release_all(who);
    ctx.set_innate(who, Condition::UNCONSCIOUS, true);
    ctx.set_status(who, Status::Down);
    ctx.tell(Some(who), |c| {
        let dies = pronoun(c, who).agree("it dies", "they die");
        format!("is incapacitated: {dies} unless stabilized within 10 rounds or by the end of the fight.")
    });
}

/// `medic` tries to stabilize `target` with a check. Returns whether it did.
pub fn attempt(ctx: &mut Ctx, medic: Entity, target: Entity) -> bool {
    let (bonus, adv) = stabilizer(ctx, medic);
    let purpose = format!("stabilize {}", ctx.name(target));
    let rolled = check::roll(ctx, medic, &purpose, adv, bonus, STABILIZE_DC);
    if rolled.success {
        stabilized(ctx, target);
    }
    rolled.success
}

/// `who` is stabilized: the injury table, then back at 1 HP (or more). Returns whether it
/// lives.
pub fn stabilized(ctx: &mut Ctx, who: Entity) -> bool {
    ctx.tell(Some(who), |_| {
        "is stabilized and rolls on the injury table.".into()
    });
    let rolled = ctx.roll_die(20);
    if let Some(r) = rolled.roll {
        ctx.log_roll(who, "injury table", Some(r), None, None);
    }
    let mut hp = 1i32;
    match rolled.total {
        i64::MIN..=1 => {
            ctx.tell(Some(who), |_| "has only a false hope.".into());
            die(ctx, who);
            return false;
        }
        2..=7 => {
            let ability = Ability::ALL
                .get(usize::try_from(rolled.total - 2).unwrap_or(0))
                .copied()
                .unwrap_or(Ability::Str);
            let loss = roll::logged(
                ctx,
                who,
                |_| format!("{} lost", ability.name()),
                &Dice::die(6),
                0,
            );
            let loss = u8::try_from(loss.clamp(0, 6)).unwrap_or(0);
            let mut zero = false;
            if let Some(mut f) = ctx.fighter_mut(who) {
                let i = ability as usize;
                f.state.lost[i] = f.state.lost[i].saturating_add(loss);
                zero = f.sheet.0.scores[i] <= f.state.lost[i];
            }
            ctx.tell(Some(who), |_| format!("loses {loss} {}.", ability.name()));
            if zero {
                ctx.tell(Some(who), |_| format!("has no {} left.", ability.name()));
                die(ctx, who);
                return false;
            }
        }
        8..=13 => {
            let n = ctx.fighter(who).map_or(0, |f| {
                u32::try_from(f.sheet.0.body_parts.len()).unwrap_or(0)
            });
            if n > 0 {
                let pick = roll::logged(ctx, who, |_| "part lost".into(), &Dice::die(n), 0);
                let i = u8::try_from(pick.saturating_sub(1)).unwrap_or(0);
                let name = ctx.fighter_mut(who).and_then(|mut f| {
                    if !f.state.parts.contains(&i) {
                        f.state.parts.push(i);
                    }
                    f.sheet
                        .0
                        .body_parts
                        .get(usize::from(i))
                        .map(|p| p.name.clone())
                });
                if let Some(name) = name {
                    ctx.tell(Some(who), |_| format!("loses {name} for good."));
                }
            }
        }
        14..=19 => {
            if let Some(mut f) = ctx.fighter_mut(who) {
                f.state.shaken = true;
            }
            ctx.tell(Some(who), |_| {
                "has disadvantage on all checks until rest.".into()
            });
        }
        _ => {
            hp = i32::try_from(roll::logged(
                ctx,
                who,
                |_| "standing at once".into(),
                &Dice::die(8),
                0,
            ))
            .unwrap_or(1)
            .max(1);
            ctx.tell(Some(who), |_| format!("stands at once and heals {hp} HP."));
        }
    }
    if let Some(mut f) = ctx.fighter_mut(who) {
        f.state.down_since = None;
    }
    ctx.heal(who, hp);
    ctx.set_innate(who, Condition::UNCONSCIOUS, false);
    ctx.set_status(who, Status::Active);
    ctx.touch();
    true
}

/// `who` dies.
pub fn die(ctx: &mut Ctx, who: Entity) {
    no_longer_dying(ctx, who);
    ctx.set_status(who, Status::Dead);
}

/// `who`'s 10 rounds stop counting and it is no longer incapacitated (it died, stood up, or a
/// game's edit took it out of that state).
pub fn no_longer_dying(ctx: &mut Ctx, who: Entity) {
    if let Some(mut f) = ctx.fighter_mut(who) {
        f.state.down_since = None;
    }
    ctx.set_innate(who, Condition::UNCONSCIOUS, false);
}

/// The fight is over: each fallen combatant gets the rounds left of its 10 from its allies
/// still standing, else dies (L5-13).
pub fn at_the_end(ctx: &mut Ctx) {
    let round = ctx.round();
    let fallen: smallvec::SmallVec<[(Entity, u32); 8]> = ctx
        .roster()
        .entities()
        .filter(|&e| ctx.status(e) == Status::Down)
        .filter_map(|e| Some((e, ctx.fighter(e)?.state.down_since?)))
        .collect();
    for (who, since) in fallen {
        let left = since.saturating_add(ROUNDS_TO_DIE).saturating_sub(round);
        let mut medic: Option<(Entity, i32)> = None;
        for e in ctx.roster().entities() {
            if e == who || ctx.side(e) != ctx.side(who) || !ctx.is_active(e) {
                continue;
            }
            let bonus = stabilizer(ctx, e).0;
            if medic.is_none_or(|(_, best)| bonus > best) {
                medic = Some((e, bonus));
            }
        }
        let medic = medic.map(|(e, _)| e);
        let mut saved = false;
        if let Some(medic) = medic {
            for _ in 0..left.min(ROUNDS_TO_DIE) {
                if attempt(ctx, medic, who) {
                    saved = true;
                    break;
                }
            }
        }
        if !saved && ctx.status(who) == Status::Down {
            ctx.tell(Some(who), |_| "is not stabilized in time.".into());
            die(ctx, who);
        }
    }
}
