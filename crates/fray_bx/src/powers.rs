//! Spells and special attacks (BX-07, BX-21, BX-24, BX-28): sleep, missiles that always hit,
//! saves against breath, gaze and spells (a save halves damage or negates the rest), healing,
//! and the gear a destructive attack destroys with its victim.

use bevy_ecs::prelude::*;
use fray_core::combatant::Status;
use fray_core::condition::Condition;
use fray_core::ids::AbilityId;
use fray_core::vocabulary::DamageType;
use smallvec::SmallVec;

use crate::Ctx;
use crate::pronoun::pronoun;
use crate::saves::save;
use crate::sheet::Power;
use crate::statblock::{Affliction, Area};
use crate::tables::SaveCategory;
use crate::vocabulary::PETRIFIED;

/// The creatures a power aimed at `target` strikes: the target, or every enemy of `caster`
/// active in its region, in roster order.
pub fn struck(ctx: &Ctx, caster: Entity, target: Entity, area: Area) -> SmallVec<[Entity; 8]> {
    match area {
        Area::One => SmallVec::from_elem(target, 1),
        Area::Region => {
            let region = ctx.region(target);
            ctx.roster()
                .entities()
                .filter(|&e| ctx.enemies(caster, e) && ctx.is_active(e) && ctx.region(e) == region)
                .collect()
        }
    }
}

/// The sleepers a sleep spell of `total` hit dice takes among the enemies of `caster` in
/// `target`'s region: the fewest hit dice first (roster order among equals), none above
/// `max_hd`, while the total lasts (a creature of under 1 HD counts as 1).
pub fn sleepers(
    ctx: &Ctx,
    caster: Entity,
    target: Entity,
    max_hd: u8,
    total: i64,
) -> SmallVec<[Entity; 8]> {
    let mut pool: SmallVec<[(u8, usize, Entity); 8]> = struck(ctx, caster, target, Area::Region)
        .into_iter()
        .enumerate()
        .filter(|&(_, e)| !ctx.has(e, Condition::UNCONSCIOUS))
        .filter_map(|(i, e)| {
            let hd = ctx.fighter(e)?.sheet.0.hd.max(1);
            (hd <= max_hd).then_some((hd, i, e))
        })
        .collect();
    pool.sort_unstable();
    let mut left = total;
    let mut out = SmallVec::new();
    for (hd, _, e) in pool {
        if i64::from(hd) > left {
            break;
        }
        left -= i64::from(hd);
        out.push(e);
    }
    out
}

/// Puts `who` under `affliction`.
pub fn afflict(ctx: &mut Ctx, who: Entity, affliction: Affliction) {
    let condition = match affliction {
        Affliction::Paralysis => Condition::PARALYZED,
        Affliction::Petrification => PETRIFIED,
        Affliction::Sleep => Condition::UNCONSCIOUS,
        Affliction::Blindness => Condition::BLINDED,
    };
    ctx.set_innate(who, condition, true);
    ctx.tell(Some(who), |c| {
        format!("is {}.", c.condition_name(condition))
    });
    if affliction == Affliction::Petrification {
        ctx.release_all(who);
        ctx.set_status(who, Status::Down);
    }
}

/// `caster` uses power `ability` on `target`.
pub fn cast(ctx: &mut Ctx, caster: Entity, ability: AbilityId, target: Entity) {
    let Some(sheet) = ctx.fighter(caster).map(|f| f.sheet.0.clone()) else {
        return;
    };
    let Some(p) = sheet.powers.get(usize::from(ability.0)) else {
        return;
    };
    ctx.tell(Some(caster), |c| {
        format!(
            "{} {} at {}.",
            if p.spell { "casts" } else { "uses" },
            p.name,
            c.name(target)
        )
    });
    match &p.power {
        Power::Sleep { hd, max_hd } => {
            let rolled = ctx.roll(hd);
            ctx.log_roll(caster, "hit dice put to sleep", rolled.roll, None, None);
            for e in sleepers(ctx, caster, target, *max_hd, rolled.total) {
                afflict(ctx, e, Affliction::Sleep);
            }
        }
        Power::Missile { damage } => {
            let rolled = ctx.roll(damage);
            ctx.log_roll(caster, &p.name, rolled.roll, None, None);
            let amount = i32::try_from(rolled.total.max(1)).unwrap_or(i32::MAX);
            ctx.deal_damage(target, amount, DamageType(0), Some(&p.name), Some(caster));
        }
        Power::Save {
            save: category,
            damage,
            inflicts,
            area,
        } => {
            let rolled = damage.as_ref().map(|d| ctx.roll(d));
            if let Some(r) = &rolled {
                ctx.log_roll(caster, &p.name, r.roll.clone(), None, None);
            }
            for e in struck(ctx, caster, target, *area) {
                let saved = save(ctx, e, *category, 0);
                if let Some(r) = &rolled {
                    let full = i32::try_from(r.total.max(0)).unwrap_or(i32::MAX);
                    let amount = if saved { full / 2 } else { full };
                    ctx.deal_damage(e, amount, DamageType(0), Some(&p.name), Some(caster));
                    if ctx.hp(e).is_some_and(|h| h.current <= 0) {
                        destroy_gear(ctx, e, *category);
                    }
                }
                if !saved && let Some(a) = inflicts {
                    afflict(ctx, e, *a);
                }
            }
        }
        Power::Heal { amount } => {
            let rolled = ctx.roll(amount);
            ctx.log_roll(caster, &p.name, rolled.roll, None, None);
            let amount = i32::try_from(rolled.total.max(0)).unwrap_or(i32::MAX);
            ctx.heal(target, amount);
        }
    }
}

/// A character killed by a destructive spell or attack loses its gear; each magic item may
/// save on the character's own `category` save, adding its bonus (BX-28).
pub fn destroy_gear(ctx: &mut Ctx, who: Entity, category: SaveCategory) {
    let Some(sheet) = ctx.fighter(who).map(|f| f.sheet.0.clone()) else {
        return;
    };
    if !sheet.character {
        return;
    }
    ctx.tell(Some(who), |c| {
        let p = pronoun(c, who);
        format!(
            "is destroyed, and {} gear with {}.",
            p.possessive(),
            p.object()
        )
    });
    let value = sheet.saves.get(category);
    let mut items_saved = 0u32;
    for (i, (item, bonus)) in sheet.magic_items.iter().enumerate() {
        let rolled = ctx.roll_die(20);
        let total = rolled.total.saturating_add(i64::from(*bonus));
        let saved = total >= i64::from(value);
        let roll = rolled.roll.map(|r| r.plus(i64::from(*bonus), "item bonus"));
        let purpose = format!("{item} survives");
        ctx.log_roll(who, &purpose, roll, Some(i64::from(value)), Some(saved));
        if saved && let Some(bit) = u32::try_from(i).ok().and_then(|i| 1u32.checked_shl(i)) {
            items_saved |= bit;
        }
    }
    if let Some(mut f) = ctx.fighter_mut(who) {
        f.state.gear_lost = true;
        f.state.items_saved = items_saved;
    }
}
