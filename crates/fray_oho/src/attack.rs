//! An OHO attack, roll by roll: the attack pool against the defense pool (OHO-08, OHO-09), a
//! hit recorded and the damage against the Fortitude roll (OHO-10, OHO-11), extra damage from
//! the difference (OHO-12), called shots (OHO-15), injuries by damage type (OHO-16) and a
//! weapon's riders.
//!
//! The dice are rolled in this order, which rule tests rely on: attack pool, defense pool; on a
//! hit the damage dice, then the Fortitude pool; on a failure by 10 or less the d20 for an
//! injury; for an injury by a blunt blow not aimed at a body part, a d6 for where it lands.

use bevy_ecs::prelude::*;
use fray_core::effect::EffectSpec;
use fray_core::prelude::*;

use crate::ctx::Ctx;
use crate::fighter::{attack_penalty, defense_penalty, save_penalty};
use crate::rules::{Band, called_shot, damage_against_fortitude, extra_damage, graze_injures};
use crate::statblock::{Ability, Rider};

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

/// Where a blunt injury lands (OHO-16: bludgeoning and necrotic damage concuss or sprain).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    /// Aimed at a body part by a called shot.
    Aimed(BodyPart),
    /// Not aimed: a d6 decides (1-2 head, 3-4 arm, 5-6 leg).
    Rolled(u8),
}

impl Location {
    /// The injury a blunt blow there causes: a concussion to the head, a sprain to a limb (a
    /// blow to the groin sprains the leg).
    pub fn blunt_injury(self) -> Condition {
        match self {
            Location::Aimed(BodyPart::Head) | Location::Rolled(1..=2) => Condition::Concussion,
            Location::Aimed(BodyPart::Arm) | Location::Rolled(3..=4) => Condition::SprainedArm,
            _ => Condition::SprainedLeg,
        }
    }
}

/// Whether an injury of this damage type needs a location (blunt blows do).
pub fn needs_location(kind: DamageType) -> bool {
    matches!(
        kind,
        DamageType::Bludgeoning | DamageType::Necrotic | DamageType::Force | DamageType::Thunder
    )
}

/// The conditions an injury of `kind` at `location` causes (OHO-16): bleeding from slashing,
/// piercing and necrotic damage; a concussion or a sprain from bludgeoning and necrotic damage.
/// Fray's rulings for the types the table leaves out: untyped physical damage bleeds; fire, acid
/// and lightning burn (OHO-19's burned); cold frostbites; force and thunder strike like a blunt
/// blow; holy, negative energy, poison and psychic injuries count but leave no condition.
pub fn injuries(kind: DamageType, location: Option<Location>) -> Vec<Condition> {
    let blunt = location.map(Location::blunt_injury);
    match kind {
        DamageType::Slashing | DamageType::Piercing | DamageType::Physical => {
            vec![Condition::Bleeding]
        }
        DamageType::Necrotic => std::iter::once(Condition::Bleeding).chain(blunt).collect(),
        DamageType::Bludgeoning | DamageType::Force | DamageType::Thunder => {
            blunt.into_iter().collect()
        }
        DamageType::Fire | DamageType::Acid | DamageType::Lightning => vec![Condition::Burned],
        DamageType::Cold => vec![Condition::Frostbite],
        DamageType::Holy | DamageType::Negative | DamageType::Poison | DamageType::Psychic => {
            Vec::new()
        }
    }
}

/// Makes an attack with weapon `index` of `attacker` against `target`; returns whether it hit.
pub(crate) fn perform(
    ctx: &mut Ctx,
    attacker: Entity,
    target: Entity,
    index: usize,
    maneuver: Maneuver,
    mode: Mode,
) -> bool {
    let (Ok(a), Ok(t)) = (ctx.p.fighters.get(attacker), ctx.p.fighters.get(target)) else {
        return false;
    };
    let sheet = a.sheet.0.clone();
    let Some(weapon) = sheet.weapons.get(index) else {
        return false;
    };
    let aim = match maneuver {
        Maneuver::Called(part) => Some(part),
        _ => None,
    };
    let shot = called_shot(aim);
    let blind = a.conditions.has(Condition::Blinded) && (weapon.reach > 0 || aim.is_some());
    let attack_pen = attack_penalty(a.conditions, a.state, weapon);
    let target_sheet = t.sheet.0.clone();
    let defense_pen = defense_penalty(t.conditions, t.state);
    let save_pen = save_penalty(t.conditions, t.state);
    if blind {
        // Blinded: an action that needs sight fails outright (OHO-20).
        ctx.note(Some(attacker), || {
            format!("cannot see: the attack with {} fails.", weapon.name)
        });
        return false;
    }
    // The attack and the defense (OHO-08, OHO-09).
    let attack = ctx.pool(weapon.pool, attack_pen);
    let attack_total = attack.total - shot.penalty;
    let defense = ctx.pool(target_sheet.defense_dice(), defense_pen);
    let hit = defense.total < attack_total;
    if let Some(roll) = attack.roll {
        let suffix = match mode {
            Mode::Action => "",
            Mode::FullRound => ", full-round action",
            Mode::Opportunity => ", attack of opportunity",
            Mode::Withheld => ", withheld action",
        };
        let (who, whom) = (ctx.id(attacker), ctx.id(target));
        let label = weapon.label_for(aim);
        ctx.log.push(LogEvent::Attack {
            attacker: who,
            target: whom,
            attack: format!("{label}{suffix}"),
            roll: roll.plus(-shot.penalty, "called shot"),
            defense: "defense roll".into(),
            against: defense.total,
            hit,
            crit: false,
        });
    }
    // The defense roll is a proficiency check of its own (OHO-22): logged after the attack it
    // answers, with the attack roll as its target.
    if let Some(roll) = defense.roll {
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
    if let Ok(mut t) = ctx.p.fighters.get_mut(target) {
        t.state.hits = t.state.hits.saturating_add(1);
    }
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
    let damage = damage_against_fortitude(rolled.total, shot, target_sheet.reduction);
    let fortitude = ctx.pool(target_sheet.fortitude, save_pen);
    let band = Band::of(damage, fortitude.total);
    if let Some(roll) = fortitude.roll {
        ctx.log_roll(
            target,
            &format!("Fortitude against {damage} damage"),
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
            damage - fortitude.total,
            band.describe()
        )
    });
    // Damage, with the difference as extra damage (OHO-12, OHO-15).
    let extra = extra_damage(
        attack_total,
        defense.total,
        shot.difference,
        weapon.extra_damage,
    );
    // The cause is for the log alone.
    let cause = (extra > 0 && ctx.log.enabled())
        .then(|| format!("{damage} + {extra} extra from the difference"));
    ctx.deal_damage(
        target,
        damage + extra,
        weapon.damage_type,
        Some(attacker),
        cause,
    );
    let hits = ctx.p.fighters.get(target).map_or(0, |t| t.state.hits);
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
        ctx.set_innate(target, Condition::Disabled);
    }
    if band.kills() {
        ctx.set_innate(target, Condition::Dying);
    }
    for rider in &weapon.riders {
        apply_rider(ctx, attacker, target, *rider);
    }
    ctx.update_status(target);
    true
}

/// An injury (OHO-16): counted, and the conditions its damage type causes, until a rest.
pub(crate) fn injure(
    ctx: &mut Ctx,
    target: Entity,
    source: Entity,
    kind: DamageType,
    aim: Option<BodyPart>,
) {
    let injuries_now = match ctx.p.fighters.get_mut(target) {
        Ok(mut t) => {
            t.state.injuries = t.state.injuries.saturating_add(1);
            t.state.injuries
        }
        Err(_) => return,
    };
    ctx.note(Some(target), || {
        format!("is injured (injury {injuries_now}).")
    });
    let location = if needs_location(kind) {
        Some(match aim {
            Some(part) => Location::Aimed(part),
            None => Location::Rolled(ctx.die(6, target, "where the blow lands (d6)") as u8),
        })
    } else {
        None
    };
    for condition in injuries(kind, location) {
        ctx.apply(
            target,
            Some(source),
            EffectSpec::condition(condition, Duration::UntilRest).named(condition.name()),
        );
    }
}

/// A rider of a hit whose Fortitude roll failed.
fn apply_rider(ctx: &mut Ctx, attacker: Entity, target: Entity, rider: Rider) {
    match rider {
        Rider::Condition(c, rounds) => ctx.apply(
            target,
            Some(attacker),
            EffectSpec::condition(c, Duration::Rounds(rounds)).named(c.name()),
        ),
        Rider::Exhaustion(levels) => exhaust(ctx, target, levels),
        Rider::Curse(ability) => {
            if let Ok(mut t) = ctx.p.fighters.get_mut(target) {
                t.state.curses |= ability.bit();
            }
            ctx.apply(
                target,
                Some(attacker),
                EffectSpec::condition(Condition::Cursed, Duration::UntilRest).named("curse"),
            );
            ctx.note(Some(target), || {
                format!("is cursed: its {ability} rolls lose 1d6.")
            });
        }
    }
}

/// Adds levels of exhaustion (OHO-21: levels stack, up to 6).
pub(crate) fn exhaust(ctx: &mut Ctx, target: Entity, levels: u8) {
    let Ok(mut t) = ctx.p.fighters.get_mut(target) else {
        return;
    };
    t.state.exhaustion = t
        .state
        .exhaustion
        .saturating_add(levels)
        .min(crate::rules::MAX_EXHAUSTION);
    let (id, level) = (t.combatant.id, t.state.exhaustion);
    ctx.log.record(|| LogEvent::Note {
        who: Some(id),
        text: format!("gains {levels} level(s) of exhaustion: now level {level}."),
    });
    ctx.update_status(target);
}
