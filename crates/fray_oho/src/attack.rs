//! An OHO attack, roll by roll: the attack pool against the defense pool (OHO-08, OHO-09), a
//! hit recorded and the damage against the Fortitude roll (OHO-10, OHO-11), extra damage from
//! the difference (OHO-12), called shots (OHO-15), injuries by damage type (OHO-16) and a
//! weapon's riders.
//!
//! The dice are rolled in this order, which rule tests rely on: attack pool, defense pool; on a
//! hit the damage dice, then the Fortitude pool; on a failure by 10 or less the d20 for an
//! injury; for an injury by a blunt blow not aimed at a body part, a d6 for where it lands.

use bevy_ecs::prelude::*;
use fray_core::kit::prelude::*;

use crate::Ctx;
use crate::body::BodyPart;
use crate::fighter::{attack_penalty, defense_penalty, save_penalty};
use crate::injury::{Location, injuries, needs_location};
use crate::ops::OhoOps;
use crate::pronoun::pronoun;
use crate::rules::{
    Band, MAX_EXHAUSTION, called_shot, damage_against_fortitude, extra_damage, graze_injures,
};
use crate::statblock::{Ability, Rider};
use crate::vocabulary::{CURSED, DISABLED, DamageKind, effect_name};

/// How an attack comes about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// On the attacker's turn.
    Action,
    /// A full-round action landing at the end of the round (OHO-03).
    FullRound,
    /// An attack of opportunity (OHO-14).
    Opportunity,
    /// A withheld action firing (OHO-05).
    Withheld,
}

impl Mode {
    /// What the log adds to the attack's label.
    fn suffix(self) -> &'static str {
        match self {
            Mode::Action => "",
            Mode::FullRound => ", full-round action",
            Mode::Opportunity => ", attack of opportunity",
            Mode::Withheld => ", withheld action",
        }
    }
}

/// Makes an attack with weapon `index` of `attacker` against `target`, aimed as `maneuver`
/// says; returns whether it hit.
pub(crate) fn perform(
    ctx: &mut Ctx,
    attacker: Entity,
    target: Entity,
    index: usize,
    maneuver: Maneuver,
    mode: Mode,
) -> bool {
    let aim = BodyPart::of(maneuver);
    let shot = called_shot(aim);
    let Some(sheet) = ctx.fighter(attacker).map(|a| a.sheet.0.clone()) else {
        return false;
    };
    let Some(weapon) = sheet.weapons.get(index) else {
        return false;
    };
    let frightened = ctx.battle().frightened;
    let (attack_pen, defense_dice, defense_pen, save_pen, reduction, fortitude_dice, blind) = {
        let (Some(a), Some(t), Some(ac), Some(tc)) = (
            ctx.fighter(attacker),
            ctx.fighter(target),
            ctx.conditions(attacker),
            ctx.conditions(target),
        ) else {
            return false;
        };
        (
            attack_penalty(ac, a.state, weapon, &frightened),
            t.sheet.0.defense_dice(),
            defense_penalty(tc, t.state),
            save_penalty(tc, t.state),
            t.sheet.0.reduction,
            t.sheet.0.fortitude,
            ac.has(Condition::BLINDED) && (weapon.reach > 0 || aim.is_some()),
        )
    };
    if blind {
        // Blinded: an action that needs sight fails outright (OHO-20).
        ctx.note(Some(attacker), || {
            format!("cannot see: the attack with {} fails.", weapon.name)
        });
        return false;
    }
    // The attack and the defense (OHO-08, OHO-09).
    let (attack, attack_roll) = ctx.pool(weapon.pool, attack_pen);
    let attack_total = attack - shot.penalty;
    let (defense, defense_roll) = ctx.pool(defense_dice, defense_pen);
    let hit = defense < attack_total;
    if let Some(roll) = attack_roll {
        let (who, whom) = (ctx.id(attacker), ctx.id(target));
        let label = weapon.label_for(aim);
        ctx.log_mut().push(LogEvent::Attack {
            attacker: who,
            target: whom,
            attack: format!("{label}{}", mode.suffix()),
            roll: roll.plus(-shot.penalty, "called shot"),
            defense: "defense roll".into(),
            against: defense,
            hit,
            crit: false,
        });
    }
    // The defense roll is a proficiency check of its own (OHO-22): logged after the attack it
    // answers, with the attack roll as its target.
    if let Some(roll) = defense_roll {
        ctx.log_roll(
            target,
            &format!("defense roll ({})", Ability::Reflex),
            Some(roll),
            Some(attack_total),
            Some(!hit),
        );
    }
    if !hit {
        return false;
    }
    // A hit: the defender records it and rolls Fortitude against the damage (OHO-10).
    let hits = match ctx.fighter_mut(target) {
        Some(mut t) => {
            t.state.hits = t.state.hits.saturating_add(1);
            t.state.hits
        }
        None => 0,
    };
    let rolled = ctx.roll(&weapon.damage);
    if let Some(roll) = rolled.roll {
        ctx.log_roll(
            attacker,
            &format!("{} damage", weapon.name),
            Some(roll),
            None,
            None,
        );
    }
    let damage = damage_against_fortitude(rolled.total, shot, reduction);
    let (fortitude, fortitude_roll) = ctx.pool(fortitude_dice, save_pen);
    let band = Band::of(damage, fortitude);
    if let Some(roll) = fortitude_roll {
        // The damage rolled, a called shot's multiplier and the armor's reduction, when they
        // change it (OHO-10): "Fortitude against 11 damage (12 rolled, -1 armor)".
        let mut steps = Vec::new();
        if damage != rolled.total {
            steps.push(format!("{} rolled", rolled.total));
            if shot.damage_halves != 2 {
                let half = if shot.damage_halves % 2 == 0 {
                    ""
                } else {
                    ".5"
                };
                steps.push(format!("x{}{half} called shot", shot.damage_halves / 2));
            }
            if reduction != 0 {
                steps.push(format!("-{reduction} armor"));
            }
        }
        let how = if steps.is_empty() {
            String::new()
        } else {
            format!(" ({})", steps.join(", "))
        };
        ctx.log_roll(
            target,
            &format!("Fortitude against {damage} damage{how}"),
            Some(roll),
            Some(damage),
            Some(!band.failed()),
        );
    }
    if !band.failed() {
        return true;
    }
    ctx.note(Some(target), || {
        format!(
            "fails the Fortitude roll by {}: {}.",
            damage - fortitude,
            band.describe()
        )
    });
    // Damage, with the difference as extra damage (OHO-12, OHO-15).
    let extra = extra_damage(attack_total, defense, shot.difference, weapon.extra_damage);
    // The cause is for the log alone.
    let cause = (extra > 0 && ctx.logging()).then(|| {
        let called = if shot.difference != 0 {
            format!(" {:+} called shot", shot.difference)
        } else {
            String::new()
        };
        format!(
            "{damage} + {extra} extra: attack {attack_total} over defense {defense}{called}, / {}",
            weapon.extra_damage.max(1)
        )
    });
    let amount = i32::try_from(damage + extra).unwrap_or(i32::MAX);
    ctx.deal_damage(
        target,
        amount,
        weapon.damage_type.code(),
        cause.as_deref(),
        Some(attacker),
    );
    let injured = if band.sure_injury() {
        true
    } else {
        let rolled = ctx.roll_die(20);
        let injures = graze_injures(rolled.total, hits);
        if rolled.roll.is_some() {
            let purpose = format!("a d20 for an injury (injured on {hits} or less)");
            ctx.log_roll(target, &purpose, rolled.roll, None, None);
            if !injures {
                ctx.note(Some(target), || "escapes injury.".into());
            }
        }
        injures
    };
    if injured {
        injure(ctx, target, attacker, weapon.damage_type, aim);
    }
    if band.disables() {
        ctx.mark(target, DISABLED);
    }
    if band.kills() {
        ctx.mark(target, Condition::DYING);
    }
    for rider in &weapon.riders {
        apply_rider(ctx, attacker, target, *rider);
    }
    ctx.update_status(target);
    true
}

/// An injury (OHO-16): counted, and the conditions its damage type causes, until a rest.
fn injure(ctx: &mut Ctx, target: Entity, source: Entity, kind: DamageKind, aim: Option<BodyPart>) {
    let injuries_now = match ctx.fighter_mut(target) {
        Some(mut t) => {
            t.state.injuries = t.state.injuries.saturating_add(1);
            t.state.injuries
        }
        None => return,
    };
    ctx.note(Some(target), || {
        format!("is injured (injury {injuries_now}).")
    });
    let location = if needs_location(kind) {
        Some(match aim {
            Some(part) => Location::Aimed(part),
            None => Location::Rolled(
                u8::try_from(ctx.die(6, target, "where the blow lands (d6)")).unwrap_or(0),
            ),
        })
    } else {
        None
    };
    for condition in injuries(kind, location) {
        ctx.apply(
            target,
            Some(source),
            EffectSpec::condition(condition, Duration::UntilRest).named(effect_name(condition)),
        );
    }
}

/// A rider of a hit whose Fortitude roll failed.
fn apply_rider(ctx: &mut Ctx, attacker: Entity, target: Entity, rider: Rider) {
    match rider {
        Rider::Condition(c, rounds) => {
            let c = c.condition();
            ctx.apply(
                target,
                Some(attacker),
                EffectSpec::condition(c, Duration::Rounds(rounds)).named(effect_name(c)),
            );
        }
        Rider::Exhaustion(levels) => exhaust(ctx, target, levels),
        Rider::Curse(ability) => {
            if let Some(mut t) = ctx.fighter_mut(target) {
                t.state.curses |= ability.bit();
            }
            ctx.apply(
                target,
                Some(attacker),
                EffectSpec::condition(CURSED, Duration::UntilRest).named(effect_name(CURSED)),
            );
            ctx.tell(Some(target), |c| {
                let their = pronoun(c, target).possessive();
                format!("is cursed: {their} {ability} rolls lose 1d6.")
            });
        }
    }
}

/// Adds levels of exhaustion (OHO-21: levels stack, up to 6).
fn exhaust(ctx: &mut Ctx, target: Entity, levels: u8) {
    let level = match ctx.fighter_mut(target) {
        Some(mut t) => {
            t.state.exhaustion = t
                .state
                .exhaustion
                .saturating_add(levels)
                .min(MAX_EXHAUSTION);
            t.state.exhaustion
        }
        None => return,
    };
    ctx.note(Some(target), || {
        format!("gains {levels} level(s) of exhaustion: now level {level}.")
    });
    ctx.update_status(target);
}
