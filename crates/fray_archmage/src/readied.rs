//! Readied actions (AR-03): readying any standard, move or free action - an attack, a power, a
//! move, engaging or disengaging - until one of the core's triggers, and taking it just before
//! the action that sets it off.
//!
//! Fray's rulings where the text is open:
//! - each kind of readied action waits for the one trigger it answers ([`trigger_for`]), so an
//!   offer lists each action once: a melee attack or close spell, a move - an enemy engaging
//!   the readier; a ranged attack or spell - an enemy moving in or next to its region; a power,
//!   an engage, a disengage - an enemy attacking it;
//! - it is set off only when it can be carried out then: a melee attack or close spell against
//!   an enemy engaged with the readier or engaging it right then, a ranged one against an enemy
//!   within reach, a move or an engage by a free creature (an engage aimed at an enemy
//!   nearby), a disengage by an engaged one, a power not used up, on a target still nearby;
//! - a readied attack or engage is aimed at whoever sets it off (until then the readier names
//!   itself as its target); a readied power keeps the target named when it was readied;
//! - the readied action is taken off-turn, inside the triggering action, where nothing answers
//!   it: so only a free creature readies a move (engaged, it would draw opportunity attacks),
//!   and a readied disengage that succeeds frees the readier without a move;
//! - the triggering creature then goes on if it still can ("assuming he is still capable of
//!   doing so"): its attack on a target now out of reach, or its engage of a creature no longer
//!   nearby, comes to nothing (see `resolve::execute`).

use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_core::kit::Offer;
use fray_core::kit::prelude::*;

use crate::fighter::{engaged_with_active, hampered, stuck};
use crate::labels::Labels;
use crate::sheet::SheetData;
use crate::statblock::{AttackKind, PowerTarget, Usage};
use crate::state::ArchState;
use crate::{ArchmageRules, Ctx, Me};

/// The trigger a readied action of this kind waits for (`None`: an attack or power `sheet`
/// does not have).
pub(crate) fn trigger_for(sheet: &SheetData, readied: Readied) -> Option<Trigger> {
    Some(match readied {
        Readied::Attack { attack, .. } => {
            if sheet.attacks.get(attack.index())?.def.kind.is_ranged() {
                Trigger::EnemyMoves
            } else {
                Trigger::EnemyEngagesMe
            }
        }
        Readied::Move { .. } => Trigger::EnemyEngagesMe,
        Readied::UseAbility { ability, .. } => {
            sheet.powers.get(ability.index())?;
            Trigger::EnemyAttacksMe
        }
        Readied::Engage { .. } | Readied::Disengage => Trigger::EnemyAttacksMe,
    })
}

/// Offers readying every action the actor might ready, each for its trigger (the legality
/// check judges each; this spares it only the hopeless ones).
pub(crate) fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, ArchmageRules>, sheet: &SheetData) {
    let ctx = offer.ctx();
    let actor = offer.actor();
    let labels = Labels::get();
    let Some(state) = ctx.fighter(actor).map(|f| f.state.clone()) else {
        return;
    };
    let here = ctx.region(actor);
    let engaged = engaged_with_active(ctx, actor);
    let side = ctx.side(actor);
    let mut consider = |intent: Readied, label: &Arc<str>| {
        if let Some(trigger) = trigger_for(sheet, intent) {
            offer.consider(Intent::Ready { trigger, intent }, label);
        }
    };
    for (i, a) in sheet.attacks.iter().enumerate() {
        if a.def.usage != Usage::Interrupt && !state.attacks_spent.spent(i) {
            consider(
                Readied::Attack {
                    target: actor,
                    attack: AttackId(i as u16),
                    maneuver: Maneuver::STANDARD,
                },
                named(IntentKind::Ready.label(), &a.ready_label),
            );
        }
    }
    for (i, power) in sheet.powers.iter().enumerate() {
        if state.powers_spent.spent(i) {
            continue;
        }
        let ability = AbilityId(i as u16);
        match power.def.target {
            PowerTarget::Myself => consider(
                Readied::UseAbility {
                    ability,
                    target: None,
                },
                named(IntentKind::Ready.label(), &power.ready_label),
            ),
            PowerTarget::NearbyAlly => {
                for ally in ctx.roster().entities() {
                    if ctx.side(ally) == side
                        && ctx.status(ally).takes_turns()
                        && ctx.map().hops(here, ctx.region(ally)) <= 1
                    {
                        consider(
                            Readied::UseAbility {
                                ability,
                                target: Some(ally),
                            },
                            named(IntentKind::Ready.label(), &power.ready_label),
                        );
                    }
                }
            }
        }
    }
    if engaged {
        consider(Readied::Disengage, &labels.ready_disengage);
    } else {
        for &to in ctx.map().neighbours(here) {
            consider(Readied::Move { to }, &labels.ready_move);
        }
        consider(Readied::Engage { target: actor }, &labels.ready_engage);
    }
}

/// An attack's or power's own ready label, or `fallback` (a plain `ready`) in saves made
/// before sheets kept one.
fn named<'a>(fallback: &'a Arc<str>, own: &'a Arc<str>) -> &'a Arc<str> {
    if own.is_empty() { fallback } else { own }
}

/// Whether `me` may ready `readied` until `trigger` (a standard action, checked by the
/// caller): it readies nothing yet, the trigger is the one that action waits for, and the
/// action is one it could take (see the module's rulings).
pub(crate) fn check(ctx: &Ctx, me: &Me, trigger: Trigger, readied: Readied) -> Result<(), Refusal> {
    let actor = me.entity;
    let f = &me.fighter;
    let (sheet, state, conditions) = (&f.sheet.0, f.state, &me.row.conditions);
    if state.readied.is_some() {
        return Err("it has an action readied already".into());
    }
    if trigger_for(sheet, readied).is_some_and(|t| t != trigger) {
        return Err("a readied action waits for its own trigger: an enemy engaging it for a melee attack or a move, an enemy moving near for a ranged attack, an enemy attacking it for a power, an engage or a disengage".into());
    }
    let grabbed = state.grabbed_by.is_some();
    let free = || !engaged_with_active(ctx, actor);
    let here = me.row.region;
    match readied {
        Readied::Attack {
            target,
            attack,
            maneuver,
        } => {
            if target != actor {
                return Err(
                    "a readied attack strikes whoever sets it off: name the readier itself as its target"
                        .into(),
                );
            }
            if maneuver != Maneuver::STANDARD {
                return Err("a readied attack is an ordinary attack".into());
            }
            let kind = usable_attack(sheet, state, conditions, attack.index())?;
            if grabbed && kind.is_ranged() {
                return Err("a grabbed creature cannot use ranged attacks".into());
            }
            Ok(())
        }
        Readied::Move { to } => {
            if stuck(conditions) || grabbed || !ctx.map().neighbours(here).contains(&to) || !free()
            {
                return Err(
                    "only a free creature that can move readies a move, to a neighbouring region"
                        .into(),
                );
            }
            Ok(())
        }
        Readied::Engage { target } => {
            if target != actor {
                return Err(
                    "a readied engage closes in on whoever sets it off: name the readier itself as its target"
                        .into(),
                );
            }
            if stuck(conditions) || grabbed || !free() {
                return Err("only a free creature that can move readies an engage".into());
            }
            Ok(())
        }
        Readied::Disengage => {
            if stuck(conditions) || free() {
                return Err(
                    "only an engaged creature that can move away readies a disengage".into(),
                );
            }
            Ok(())
        }
        Readied::UseAbility { ability, target } => {
            usable_power(ctx, (actor, sheet, state, conditions), ability, target)
        }
    }
}

/// The kind of attack `index` of a creature, if it may make it now: not an interrupt (those
/// answer engagements by themselves, AR-05), not used up, basic when hampered, at-will when
/// confused (AR-27).
fn usable_attack(
    sheet: &SheetData,
    state: &ArchState,
    conditions: &Conditions,
    index: usize,
) -> Result<AttackKind, Refusal> {
    let a = sheet
        .attacks
        .get(index)
        .ok_or_else(|| format!("it has no attack number {index}"))?;
    if a.def.usage == Usage::Interrupt {
        return Err(format!("{} is an interrupt, used by itself", a.def.name).into());
    }
    if state.attacks_spent.spent(index) {
        return Err(format!("{} is used up until it recharges", a.def.name).into());
    }
    if hampered(conditions) && !a.def.basic {
        return Err("a hampered creature makes only basic attacks".into());
    }
    if conditions.has(Condition::CONFUSED) && a.def.usage != Usage::AtWill {
        return Err("a confused creature uses only its at-will attacks".into());
    }
    Ok(a.def.kind)
}

/// Whether `user` may use power `ability` on `target` now (its action aside): not used up,
/// at-will when confused, on itself or an ally nearby, as the power says.
fn usable_power(
    ctx: &Ctx,
    (user, sheet, state, conditions): (Entity, &SheetData, &ArchState, &Conditions),
    ability: AbilityId,
    target: Option<Entity>,
) -> Result<(), Refusal> {
    let index = ability.index();
    let power = sheet
        .powers
        .get(index)
        .ok_or_else(|| format!("it has no power number {index}"))?;
    let def = &power.def;
    if state.powers_spent.spent(index) {
        return Err(format!("{} is used up", def.name).into());
    }
    if conditions.has(Condition::CONFUSED) && def.usage != Usage::AtWill {
        return Err("a confused creature uses only its at-will powers".into());
    }
    match (def.target, target) {
        (PowerTarget::Myself, None) => Ok(()),
        (PowerTarget::NearbyAlly, Some(ally))
            if ctx.side(ally) == ctx.side(user)
                && ctx.status(ally).takes_turns()
                && ctx.map().hops(ctx.region(user), ctx.region(ally)) <= 1 =>
        {
            Ok(())
        }
        (PowerTarget::Myself, Some(_)) => {
            Err(format!("{} works only on its user", def.name).into())
        }
        (PowerTarget::NearbyAlly, _) => Err(format!("{} needs an ally nearby", def.name).into()),
    }
}

/// The readied action of `reactor` that `provoker` doing `provoking` sets off, if any: its
/// trigger fits - an enemy moving in or next to its region, engaging it, attacking it - and it
/// can be carried out now (see the module's rulings).
pub(crate) fn set_off(
    ctx: &Ctx,
    reactor: Entity,
    provoker: Entity,
    provoking: Intent,
) -> Option<Readied> {
    let f = ctx.fighter(reactor)?;
    let conditions = ctx.conditions(reactor)?;
    let (trigger, readied) = f.state.readied?;
    let (at, there) = (ctx.region(reactor), ctx.region(provoker));
    let triggered = match (trigger, provoking) {
        (Trigger::EnemyMoves, Intent::Move { to }) => at == there || at == to,
        (Trigger::EnemyMoves, Intent::Engage { target }) => at == there || ctx.region(target) == at,
        (Trigger::EnemyEngagesMe, Intent::Engage { target }) => target == reactor,
        (Trigger::EnemyAttacksMe, Intent::Attack { target, .. }) => target == reactor,
        _ => false,
    };
    if !triggered {
        return None;
    }
    let sheet = &f.sheet.0;
    let grabbed = f.state.grabbed_by.is_some();
    let free = !engaged_with_active(ctx, reactor);
    let can = match readied {
        Readied::Attack { attack, .. } => {
            let reach = sheet
                .attacks
                .get(attack.index())
                .map_or(0, |a| a.def.reach.hops());
            match usable_attack(sheet, f.state, conditions, attack.index()) {
                Ok(AttackKind::Melee | AttackKind::CloseSpell) => {
                    ctx.foes(reactor).any(|x| x == provoker)
                        || matches!(provoking, Intent::Engage { target } if target == reactor)
                }
                // A creature grabbed since it readied cannot shoot (AR-29).
                Ok(_) => !grabbed && ctx.map().hops(at, there) <= reach,
                Err(_) => false,
            }
        }
        Readied::Move { to } => {
            free && !stuck(conditions) && !grabbed && ctx.map().neighbours(at).contains(&to)
        }
        Readied::Engage { .. } => {
            free && !stuck(conditions)
                && !grabbed
                && ctx.is_active(provoker)
                && ctx.map().hops(at, there) <= 1
        }
        Readied::Disengage => !free && !stuck(conditions),
        Readied::UseAbility { ability, target } => {
            usable_power(ctx, (reactor, sheet, f.state, conditions), ability, target).is_ok()
        }
    };
    can.then_some(readied)
}
