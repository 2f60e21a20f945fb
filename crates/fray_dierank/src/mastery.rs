//! Mastery points (DR-09..DR-11): whose points a combatant spends (its own, or its monster
//! group's pool), how many per roll, and their recovery during and after a fight.

use bevy_ecs::prelude::*;
use fray_core::ids::GroupId;

use crate::Ctx;
use crate::pronoun::pronoun;
use crate::sheet::SheetData;
use crate::state::DrState;

/// The group whose pool `who` spends from: a monster's group (DR-10). Heroes, and monsters in
/// no group, spend their own points.
pub fn pool_of(ctx: &Ctx, who: Entity) -> Option<GroupId> {
    let hero = ctx.fighter(who).is_none_or(|f| f.sheet.0.hero);
    if hero {
        return None;
    }
    let group = ctx.roster().get(ctx.id(who))?.group?;
    ctx.battle().pool(group).map(|_| group)
}

/// Mastery points `who` can spend now: its group's pool, or its own.
pub fn available(ctx: &Ctx, who: Entity) -> u8 {
    match pool_of(ctx, who) {
        Some(g) => ctx.battle().pool(g).map_or(0, |p| p.left),
        None => ctx.fighter(who).map_or(0, |f| f.state.mp),
    }
}

/// Whether `who` may spend a mastery point on the roll being made: it has one (or its group
/// does), and it has spent fewer than its rank on this roll (DR-09, DR-10).
pub fn can_spend_on_roll(ctx: &Ctx, who: Entity) -> bool {
    available(ctx, who) > 0
        && ctx
            .fighter(who)
            .is_some_and(|f| f.state.roll_spent < f.sheet.0.rank)
}

/// Fills the monster groups' pools from their members' points (DR-10), at the start of a
/// fight.
pub fn pools(ctx: &mut Ctx) {
    let mut pools: smallvec::SmallVec<[crate::state::Pool; 4]> = smallvec::SmallVec::new();
    pools.resize(ctx.groups().0.len(), crate::state::Pool::default());
    for entry in &ctx.roster().entries {
        let Some(g) = entry.group else { continue };
        let Some(f) = ctx.fighter(entry.entity) else {
            continue;
        };
        if f.sheet.0.hero {
            continue;
        }
        if let Some(p) = pools.get_mut(usize::from(g.0)) {
            p.max = p.max.saturating_add(f.sheet.0.mp);
            p.left = p.max;
        }
    }
    ctx.battle_mut().pools = pools;
}

/// Spends one of `who`'s mastery points (from its group's pool for a grouped monster); `roll`
/// counts it against the roll being made. Returns whether there was one.
pub fn spend(ctx: &mut Ctx, who: Entity, roll: bool) -> bool {
    let taken = match pool_of(ctx, who) {
        Some(g) => ctx.battle_mut().pool_mut(g).is_some_and(|p| {
            let had = p.left > 0;
            p.left = p.left.saturating_sub(1);
            had
        }),
        None => ctx.fighter_mut(who).is_some_and(|mut f| {
            let had = f.state.mp > 0;
            f.state.mp = f.state.mp.saturating_sub(1);
            had
        }),
    };
    if taken {
        if roll && let Some(mut f) = ctx.fighter_mut(who) {
            f.state.roll_spent = f.state.roll_spent.saturating_add(1);
        }
        stir(ctx, who);
    }
    taken
}

/// Gives back to `who`'s pool (its group's, or its own) a point [`spend`] took for something
/// that never happened.
pub fn give_back(ctx: &mut Ctx, who: Entity) {
    match pool_of(ctx, who) {
        Some(g) => {
            if let Some(p) = ctx.battle_mut().pool_mut(g) {
                p.left = p.left.saturating_add(1);
            }
        }
        None => {
            if let Some(mut f) = ctx.fighter_mut(who) {
                f.state.mp = f.state.mp.saturating_add(1);
            }
        }
    }
}

/// A new roll: nobody has spent on it yet.
pub fn new_roll(ctx: &mut Ctx, who: &[Entity]) {
    for &w in who {
        if let Some(mut f) = ctx.fighter_mut(w) {
            f.state.roll_spent = 0;
        }
    }
}

/// `who` spent a point, took a major or exclusive action, or was harmed: no point comes back
/// to it (or, for a grouped monster, to its group) at its next check (DR-11).
pub fn stir(ctx: &mut Ctx, who: Entity) {
    match pool_of(ctx, who) {
        Some(g) => {
            if let Some(p) = ctx.battle_mut().pool_mut(g) {
                p.stirred = true;
            }
        }
        None => {
            if let Some(mut f) = ctx.fighter_mut(who) {
                f.state.stirred = true;
            }
        }
    }
}

/// The recovery check at the start of `who`'s turn (DR-11): if nothing stirred it since its
/// last check (or, for a grouped monster, since its group's, made once a round at its first
/// member's turn), one point comes back, up to its maximum.
///
/// Fray's ruling: "a turn in which" the character spent nothing, took no major or exclusive
/// action and took no damage is counted from one check to the next, so damage taken between
/// its turns counts too.
pub fn recover(ctx: &mut Ctx, who: Entity) {
    let round = ctx.round();
    let back = match pool_of(ctx, who) {
        Some(g) => ctx.battle_mut().pool_mut(g).and_then(|p| {
            if p.checked == round {
                return None;
            }
            p.checked = round;
            let quiet = !std::mem::take(&mut p.stirred);
            (quiet && p.left < p.max).then(|| {
                p.left += 1;
                p.left
            })
        }),
        None => ctx.fighter_mut(who).and_then(|mut f| {
            let max = f.sheet.0.mp;
            let s = &mut *f.state;
            let quiet = !std::mem::take(&mut s.stirred);
            (quiet && s.mp < max).then(|| {
                s.mp += 1;
                s.mp
            })
        }),
    };
    if let Some(now) = back {
        let pooled = pool_of(ctx, who).is_some();
        ctx.tell(Some(who), |c| {
            if pooled {
                let their = pronoun(c, who).possessive();
                format!("has a quiet turn: {their} group recovers a mastery point ({now} now).")
            } else {
                format!("has a quiet turn and recovers a mastery point ({now} now).")
            }
        });
    }
}

/// Out of the contested situation every mastery point comes back (DR-11): the API the
/// exploration layer calls once the fight is over. A monster's own count is its share of its
/// group's pool.
pub fn refill(state: &mut DrState, sheet: &SheetData) {
    state.mp = sheet.mp;
    state.stirred = false;
    state.roll_spent = 0;
}

/// Every group's pool full again (DR-11, after the fight): the API's other half.
pub fn refill_pools(battle: &mut crate::state::Dr) {
    for p in &mut battle.pools {
        p.left = p.max;
        p.stirred = false;
    }
}
