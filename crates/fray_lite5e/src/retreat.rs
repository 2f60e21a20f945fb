//! Retreat (L5-17): a full-turn action. The retreating combatant makes a DEX check against DC
//! 11 (Fray's ruling for "a check"), then every enemy standing in its region may attack it once
//! with its first close attack; the retreat fails if the check fails or any attack hits, and
//! it stays. Otherwise it leaves the battle. When a PC retreats, its followers (the non-PC
//! members of its side still fighting) check morale at disadvantage, each alone.

use bevy_ecs::prelude::*;
use fray_core::combatant::Status;
use smallvec::SmallVec;

use crate::attack::perform;
use crate::check::{self, burdened, net};
use crate::sheet::Ability;
use crate::statblock::Reach;
use crate::{Ctx, morale};

/// The DC of the retreat check.
pub const DC: i64 = 11;

/// `who`'s retreat check: its DEX bonus and advantage.
pub fn retreat_check(ctx: &Ctx, who: Entity) -> (i32, fray_dice::Advantage) {
    (
        check::bonus(ctx, who, Ability::Dex, false),
        net(0, u32::from(burdened(ctx, who))),
    )
}

/// The enemies that may attack a retreating `who`, with the attack each uses, in roster order.
pub fn attackers(ctx: &Ctx, who: Entity) -> SmallVec<[(Entity, usize); 8]> {
    ctx.roster()
        .entities()
        .filter(|&e| ctx.enemies(who, e) && ctx.is_active(e) && ctx.region(e) == ctx.region(who))
        .filter_map(|e| {
            let f = ctx.fighter(e)?;
            let i = f
                .sheet
                .0
                .attacks
                .iter()
                .position(|(a, _)| !a.heal && a.reach == Reach::Close)?;
            Some((e, i))
        })
        .collect()
}

/// `who` retreats.
pub fn retreat(ctx: &mut Ctx, who: Entity) {
    let (bonus, adv) = retreat_check(ctx, who);
    let ok = check::roll(ctx, who, "retreat", adv, bonus, DC).success;
    let mut hit = false;
    for (enemy, i) in attackers(ctx, who) {
        if !ctx.is_active(who) {
            break;
        }
        ctx.tell(Some(enemy), |_| "strikes at the retreating foe.".into());
        hit |= perform(ctx, enemy, who, i);
    }
    let pc = ctx.fighter(who).is_some_and(|f| f.sheet.0.pc);
    if ok && !hit && ctx.is_active(who) {
        ctx.tell(Some(who), |_| "retreats from the battle.".into());
        ctx.release_all(who);
        ctx.set_status(who, Status::Fled);
    } else {
        ctx.tell(Some(who), |_| "fails to get away.".into());
    }
    if pc {
        let followers: SmallVec<[Entity; 8]> = ctx
            .roster()
            .entities()
            .filter(|&e| e != who && ctx.side(e) == ctx.side(who) && ctx.is_active(e))
            .filter(|&e| ctx.fighter(e).is_some_and(|f| !f.sheet.0.pc))
            .collect();
        for e in followers {
            ctx.tell(Some(e), |_| "checks morale as its leader retreats.".into());
            if !morale::roll(ctx, e, true) {
                morale::break_nerve(ctx, e);
            }
        }
    }
}
