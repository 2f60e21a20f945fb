//! Making an attack (L5-07..L5-12): d20 + the attack's ability modifier (+ proficiency) against
//! AC; advantage from flanking, disadvantage for a ranged attack at close range, light and
//! load; a natural 20 hits and doubles the damage; a natural 1 on a monster's attack that
//! still hits a PC doubles the damage the PC takes.
//!
//! Fray's rulings: a natural 20 always hits; a natural 1 is no automatic miss (the seed names
//! none), so a monster whose bonus reaches the PC's AC on a 1 hits and doubles its damage
//! (L5-12: "a natural 1 on a check that damages a PC doubles that damage"). Flanking
//! (RULES.md): the target is engaged by two or more of the attacker's side, the attacker
//! included, for a melee attack. A melee attack engages attacker and target.

use bevy_ecs::prelude::*;
use fray_core::log::LogEvent;
use fray_core::vocabulary::DamageType;
use fray_dice::Advantage;

use crate::check::{self, burdened, net};
use crate::legality::{band, is_ranged};
use crate::sheet::Ability;
use crate::statblock::{AttackBlock, AttackKind};
use crate::{Ctx, light, roll};

/// Everything about an attack before its roll.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Setup {
    /// Advantage of the roll.
    pub advantage: Advantage,
    /// The attack bonus: ability modifier, proficiency, minus lost body parts' penalties.
    pub bonus: i32,
    /// The ability modifier added to damage.
    pub damage_mod: i32,
    /// The target's AC.
    pub ac: i64,
    /// A natural 1 doubles the damage (a monster attacking a PC, L5-12).
    pub fumble_doubles: bool,
}

/// Whether `target` is flanked against `attacker`: two or more of the attacker's side engage it
/// (L5-07's ruling).
pub fn flanked(ctx: &Ctx, attacker: Entity, target: Entity) -> bool {
    let Some(side) = ctx.side(attacker) else {
        return false;
    };
    let engagers = ctx
        .roster()
        .side(side)
        .filter(|&e| ctx.is_active(e) && ctx.region(e) == ctx.region(target))
        .filter(|&e| e == attacker || ctx.engagement(e).is_some_and(|g| g.is_engaged_with(target)))
        .count();
    engagers >= 2
}

/// Works out an attack of `attacker` with `a` on `target` (L5-07, L5-09, L5-10, L5-18, L5-05).
pub fn setup(ctx: &Ctx, attacker: Entity, target: Entity, a: &AttackBlock) -> Setup {
    let ability = Ability::of_attack(a.kind);
    let penalty: i32 = ctx.fighter(attacker).map_or(0, |f| {
        f.state
            .parts
            .iter()
            .filter_map(|&i| f.sheet.0.body_parts.get(usize::from(i)))
            .map(|p| i32::from(p.attack))
            .sum()
    });
    let bonus = check::bonus(ctx, attacker, ability, a.proficient) - penalty;
    let damage_mod = check::bonus(ctx, attacker, ability, false);
    let ranged = is_ranged(a);
    let hops = band(ctx, attacker, target);
    let (mut adv, mut dis) = light::attack(ctx, attacker, target, ranged, hops >= 2);
    if a.kind == AttackKind::Melee && flanked(ctx, attacker, target) {
        adv += 1;
    }
    if ranged && hops == 0 {
        dis += 1;
    }
    if burdened(ctx, attacker) {
        dis += 1;
    }
    let pc = |e: Entity| ctx.fighter(e).is_some_and(|f| f.sheet.0.pc);
    Setup {
        advantage: net(adv, dis),
        bonus,
        damage_mod,
        ac: ctx.fighter(target).map_or(10, |f| i64::from(f.sheet.0.ac)),
        fumble_doubles: !pc(attacker) && pc(target),
    }
}

/// `attacker` attacks `target` with its attack number `index`. Returns whether it hit.
pub fn perform(ctx: &mut Ctx, attacker: Entity, target: Entity, index: usize) -> bool {
    let Some(a) = ctx
        .fighter(attacker)
        .and_then(|f| f.sheet.0.attacks.get(index).map(|(a, _)| a.clone()))
    else {
        return false;
    };
    if let Some(mut f) = ctx.fighter_mut(attacker) {
        f.state.use_attack(index);
        if f.state.hidden {
            f.state.hidden = false;
        }
    }
    ctx.set_innate(attacker, fray_core::condition::Condition::HIDDEN, false);
    let s = setup(ctx, attacker, target, &a);
    // The attack roll: a check against the target's AC (L5-02), logged as an attack so that
    // readers of the log (and its events) see who attacked whom, as in every ruleset.
    let (rolled, dice) = check::roll_unlogged(ctx, s.advantage, s.bonus, s.ac);
    let natural = rolled.natural;
    let crit = natural == 20;
    let hit = crit || rolled.success;
    if let Some(roll) = dice {
        let (who, whom) = (ctx.id(attacker), ctx.id(target));
        ctx.log_mut().push(LogEvent::Attack {
            attacker: who,
            target: whom,
            attack: a.name.clone(),
            roll,
            defense: "AC".to_string(),
            against: s.ac,
            hit,
            crit,
        });
    }
    if a.kind == AttackKind::Melee && ctx.is_active(target) {
        ctx.engage(attacker, target, true);
    }
    if !hit {
        return false;
    }
    let base = roll::logged(
        ctx,
        attacker,
        |_| format!("{} damage", a.name),
        &a.damage,
        i64::from(s.damage_mod),
    )
    .max(0);
    let fumble = natural == 1 && s.fumble_doubles;
    let mut amount = base;
    if crit {
        amount = amount.saturating_mul(2);
        ctx.tell(Some(attacker), |_| {
            "rolls a natural 20: a critical hit doubles the damage.".into()
        });
    }
    if fumble {
        amount = amount.saturating_mul(2);
        ctx.tell(Some(target), |_| {
            "suffers a natural 1 that still lands: the damage is doubled.".into()
        });
    }
    let amount = i32::try_from(amount).unwrap_or(i32::MAX);
    ctx.deal_damage(
        target,
        amount,
        DamageType::default(),
        Some(&a.name),
        Some(attacker),
    );
    true
}
