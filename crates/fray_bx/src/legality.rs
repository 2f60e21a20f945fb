//! B/X's legality: the intents worth checking for a combatant, in the order a UI lists them,
//! and the one legality function: what a combatant may declare before initiative, and what it
//! may do in each step of its side's turn (BX-18..BX-21, BX-24), with the price.

use bevy_ecs::prelude::*;
use fray_core::condition::Condition;
use fray_core::cost::Cost;
use fray_core::ids::{AbilityId, AttackId};
use fray_core::intent::{Intent, Maneuver};
use fray_core::kit::{Legality, Offer};
use fray_core::legality::{Legal, Occasion, Refusal, Scope};
use smallvec::SmallVec;

use crate::fighter::can_act;
use crate::labels::Labels;
use crate::movement::{can_step, step_cost};
use crate::opening::may_parley;
use crate::sheet::{SheetAttack, SheetData, SheetPower, Wielded};
use crate::state::BxState;
use crate::turns::{Step, in_melee, step};
use crate::vocabulary::{ACTION, FEET, PARLEY, SUBDUE};
use crate::{BxRules, Ctx, Me};

impl Legality for BxRules {
    /// Offers a combatant's candidates; [`Legality::check`] keeps the legal ones.
    fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, BxRules>) {
        let ctx = offer.ctx();
        let actor = offer.actor();
        let labels = Labels::get();
        let sheet = offer.me().fighter.sheet.0.clone();
        let everyone: SmallVec<[bevy_ecs::entity::Entity; 16]> = ctx
            .roster()
            .entities()
            .filter(|&e| ctx.status(e).is_active() || ctx.side(e) == ctx.side(actor))
            .collect();
        let powers = |offer: &mut Offer<'_, '_, '_, '_, '_, BxRules>, spells: bool| {
            for (i, p) in sheet.powers.iter().enumerate() {
                if p.spell != spells {
                    continue;
                }
                let ability = AbilityId(u16::try_from(i).unwrap_or(u16::MAX));
                for &target in &everyone {
                    offer.consider(
                        Intent::UseAbility {
                            ability,
                            target: Some(target),
                        },
                        &p.label,
                    );
                }
            }
        };
        if *offer.occasion() == Occasion::Declaration {
            offer.consider(Intent::Pass, &labels.nothing);
            offer.consider(
                Intent::UseAbility {
                    ability: PARLEY,
                    target: None,
                },
                &labels.parley,
            );
            powers(offer, true);
            offer.consider(Intent::Disengage, &labels.withdrawal);
            offer.consider_plain(Intent::Retreat);
            return;
        }
        let attacks = |offer: &mut Offer<'_, '_, '_, '_, '_, BxRules>, missile: bool| {
            for (i, a) in sheet.attacks.iter().enumerate() {
                if a.is_missile() != missile {
                    continue;
                }
                let attack = AttackId(u16::try_from(i).unwrap_or(u16::MAX));
                for &target in &everyone {
                    let plain = Intent::Attack {
                        target,
                        attack,
                        maneuver: Maneuver::STANDARD,
                    };
                    if offer.consider(plain, &a.label) && !missile && sheet.character {
                        let label = if a.subdue_label.is_empty() {
                            &a.label
                        } else {
                            &a.subdue_label
                        };
                        offer.consider(
                            Intent::Attack {
                                target,
                                attack,
                                maneuver: SUBDUE,
                            },
                            label,
                        );
                    }
                }
            }
        };
        match step(ctx) {
            Step::Movement => {
                for &target in &everyone {
                    offer.consider(Intent::Engage { target }, &labels.engage);
                }
                for &to in ctx.map().neighbours(ctx.region(actor)) {
                    offer.consider_plain(Intent::Move { to });
                }
                offer.consider(Intent::Flee, &labels.leave);
            }
            Step::Missiles => {
                attacks(offer, true);
                powers(offer, false);
            }
            Step::Spells => powers(offer, true),
            Step::Melee | Step::Slow => attacks(offer, false),
        }
        offer.consider_plain(Intent::EndTurn);
    }

    /// The legality function (B/X has no reactions: `scope` changes nothing).
    fn check(
        ctx: &Ctx,
        me: &Me,
        intent: &Intent,
        occasion: &Occasion,
        _scope: Scope,
    ) -> Result<Legal, Refusal> {
        // Declaring nothing and ending a turn are always possible, even for the helpless.
        if matches!(
            (occasion, intent),
            (Occasion::Declaration, Intent::Pass) | (Occasion::Turn, Intent::EndTurn)
        ) {
            return Ok(Legal::costs(Cost::FREE));
        }
        if !me.row.status.is_active() {
            return Err("it is out of the fight".into());
        }
        if !can_act(&me.row.conditions) {
            return Err("it cannot act: it is helpless or surprised".into());
        }
        match occasion {
            Occasion::Declaration => declaration(ctx, me, intent),
            Occasion::Turn => turn(ctx, me, intent),
            Occasion::Reaction { .. } => Err("B/X has no reactions".into()),
        }
    }
}

/// Feet between two combatants in one region but not in melee (short range for any missile).
pub const SAME_REGION_FEET: i32 = 10;

/// The price of an attack, a spell or a special attack: the combatant's action in the step.
pub const ACT: Cost = Cost::new(1, ACTION, 1000);

/// Feet between `a` and `b`: regions apart times the map's scale, or [`SAME_REGION_FEET`].
pub fn feet_between(ctx: &Ctx, a: Entity, b: Entity) -> i32 {
    let hops = ctx.map().hops(ctx.region(a), ctx.region(b));
    if hops == 0 {
        SAME_REGION_FEET
    } else if hops == u8::MAX {
        i32::MAX
    } else {
        i32::from(hops).saturating_mul(ctx.battle().hop_feet)
    }
}

/// Whether missile attack `a` of `actor` could be loosed at `target` from where `actor`
/// stands, whatever the step: out of melee, not in water, at an enemy still in the fight
/// within long range and not behind complete cover (BX-20). What an attack made this round
/// forbids is the step's to check.
pub fn missile_reaches(
    ctx: &Ctx,
    actor: Entity,
    a: &SheetAttack,
    target: Entity,
) -> Result<(), Refusal> {
    let Some((_, _, long)) = a.ranges else {
        return Err("that is no missile".into());
    };
    if in_melee(ctx, actor) {
        return Err("it is in melee: no missile fire".into());
    }
    if ctx.map().terrain(ctx.region(actor)).water {
        return Err("missiles do not work in water".into());
    }
    foe(ctx, actor, target)?;
    if feet_between(ctx, actor, target) > ctx.battle().text_feet(i32::from(long)) {
        return Err("the target is beyond long range".into());
    }
    if ctx.battle().cover_in(ctx.region(target)) == crate::options::FULL_COVER {
        return Err("the target is behind complete cover".into());
    }
    Ok(())
}

/// Whether `target` is an enemy of `actor` still in the fight.
fn foe(ctx: &Ctx, actor: Entity, target: Entity) -> Result<(), Refusal> {
    if ctx.enemies(actor, target) && ctx.is_active(target) {
        Ok(())
    } else {
        Err("the target is not an enemy in the fight".into())
    }
}

/// Whether `power` can be aimed at `target` by `actor` now: an ally to heal, an enemy to harm,
/// within its range (range 0: in the caster's region).
pub fn power_target(
    ctx: &Ctx,
    actor: Entity,
    power: &SheetPower,
    target: Entity,
) -> Result<(), Refusal> {
    if power.power.helps() {
        if ctx.side(actor) != ctx.side(target) || ctx.status(target).is_gone() {
            return Err("heal an ally still in the fight".into());
        }
    } else {
        foe(ctx, actor, target)?;
    }
    let reach = if power.range == 0 {
        SAME_REGION_FEET
    } else {
        ctx.battle().text_feet(i32::from(power.range))
    };
    if feet_between(ctx, actor, target) > reach {
        return Err("the target is out of range".into());
    }
    Ok(())
}

/// The power `ability` of `sheet`, if `state` has a use of it left.
fn power_left<'s>(
    sheet: &'s SheetData,
    state: &BxState,
    ability: AbilityId,
) -> Result<&'s SheetPower, Refusal> {
    let power = sheet
        .powers
        .get(usize::from(ability.0))
        .ok_or("it has no such spell or power")?;
    if state.uses(ability) >= power.uses {
        return Err("it has used that up".into());
    }
    Ok(power)
}

/// What may be declared before initiative: a spell and its target, a fighting withdrawal or a
/// retreat from melee, or nothing (BX-18).
fn declaration(ctx: &Ctx, me: &Me, intent: &Intent) -> Result<Legal, Refusal> {
    let engaged = in_melee(ctx, me.entity);
    match *intent {
        Intent::Pass => Ok(Legal::costs(Cost::FREE)),
        Intent::Disengage | Intent::Retreat if engaged => Ok(Legal::costs(Cost::FREE)),
        Intent::Disengage | Intent::Retreat => {
            Err("only a combatant in melee declares a withdrawal or a retreat".into())
        }
        Intent::UseAbility {
            ability: PARLEY,
            target: None,
        } => {
            if may_parley(ctx, me.entity) {
                Ok(Legal::costs(Cost::FREE))
            } else {
                Err("only a character of the side that may speak first parleys, once, before the first round".into())
            }
        }
        Intent::UseAbility {
            ability,
            target: Some(target),
        } => {
            let power = power_left(&me.fighter.sheet.0, me.fighter.state, ability)?;
            if !power.spell {
                return Err("only spells are declared".into());
            }
            steady(ctx, me)?;
            if me.row.conditions.has(Condition::BLINDED) && !power.power.helps() {
                return Err("a blind caster cannot see its target".into());
            }
            power_target(ctx, me.entity, power, target)?;
            Ok(Legal::costs(Cost::FREE))
        }
        _ => Err("one declares a spell, a withdrawal, a retreat, or nothing".into()),
    }
}

/// What may be done in the current step of the side's turn.
fn turn(ctx: &Ctx, me: &Me, intent: &Intent) -> Result<Legal, Refusal> {
    if *intent == Intent::EndTurn {
        return Ok(Legal::costs(Cost::FREE));
    }
    let (sheet, state) = (&me.fighter.sheet.0, me.fighter.state);
    let engaged = in_melee(ctx, me.entity);
    let hop = ctx.battle().hop_feet;
    match (step(ctx), *intent) {
        (Step::Movement, Intent::Move { to }) => {
            moving(state, engaged)?;
            if !ctx.map().neighbours(me.row.region).contains(&to) {
                return Err("it moves one region at a time, to a neighbouring one".into());
            }
            if !can_step(state.feet, hop) {
                return Err("it has not the movement left to reach the next region".into());
            }
            Ok(Legal::costs(feet(step_cost(hop))))
        }
        (Step::Movement, Intent::Engage { target }) => {
            moving(state, engaged)?;
            foe(ctx, me.entity, target)?;
            match ctx.map().hops(me.row.region, ctx.region(target)) {
                0 => Ok(Legal::costs(feet(0))),
                1 if can_step(state.feet, hop) => Ok(Legal::costs(feet(step_cost(hop)))),
                1 => Err("it has no movement left to reach the target".into()),
                _ => Err("the target is too far to close with this round".into()),
            }
        }
        (Step::Movement, Intent::Flee) => {
            moving(state, engaged)?;
            if state.moved {
                return Err("it leaves the battle instead of moving, not after".into());
            }
            Ok(Legal::costs(feet(state.feet.max(0))))
        }
        (
            Step::Missiles,
            Intent::Attack {
                target,
                attack,
                maneuver,
            },
        ) => {
            let a = sheet
                .attacks
                .get(usize::from(attack.0))
                .ok_or("no such attack")?;
            if a.ranges.is_none() {
                return Err("missiles fly in the missile step; melee comes later".into());
            }
            if maneuver != Maneuver::STANDARD {
                return Err("only melee blows can subdue".into());
            }
            attacking(me, state, attack, maneuver)?;
            missile_reaches(ctx, me.entity, a, target)?;
            Ok(Legal::costs(ACT))
        }
        (
            Step::Missiles,
            Intent::UseAbility {
                ability,
                target: Some(target),
            },
        ) => {
            let power = power_left(sheet, state, ability)?;
            if power.spell {
                return Err("spells are cast in the spell step".into());
            }
            if state.powered || state.attacked != 0 {
                return Err("it has acted this round".into());
            }
            power_target(ctx, me.entity, power, target)?;
            Ok(Legal::costs(ACT))
        }
        (
            Step::Spells,
            Intent::UseAbility {
                ability,
                target: Some(target),
            },
        ) => {
            let Some((declared, _)) = state.spell() else {
                return Err("it declared no spell, or lost it".into());
            };
            if declared != ability {
                return Err("it casts the spell it declared".into());
            }
            if state.moved {
                return Err("a caster who moved cannot cast this round".into());
            }
            if state.powered {
                return Err("it has cast this round".into());
            }
            steady(ctx, me)?;
            let power = power_left(sheet, state, ability)?;
            power_target(ctx, me.entity, power, target)?;
            Ok(Legal::costs(ACT))
        }
        (
            Step::Melee | Step::Slow,
            Intent::Attack {
                target,
                attack,
                maneuver,
            },
        ) => {
            let a = sheet
                .attacks
                .get(usize::from(attack.0))
                .ok_or("no such attack")?;
            if a.is_missile() {
                return Err("missiles fly in the missile step".into());
            }
            let slow_step = step(ctx) == Step::Slow;
            if a.slow && !slow_step {
                return Err("a slow weapon strikes last in the round".into());
            }
            if !a.slow && slow_step {
                return Err("only slow weapons strike now".into());
            }
            attacking(me, state, attack, maneuver)?;
            if state.powered {
                return Err("it has used a power this round".into());
            }
            foe(ctx, me.entity, target)?;
            if !me.row.engagement.is_engaged_with(target) {
                return Err("it is not in melee with the target".into());
            }
            if maneuver == SUBDUE {
                if a.wielded == Wielded::Monster {
                    return Err("only characters strike to subdue".into());
                }
                if !ctx.fighter(target).is_some_and(|f| f.sheet.0.intelligent) {
                    return Err("only an intelligent foe can be subdued".into());
                }
            }
            Ok(Legal::costs(ACT))
        }
        (_, Intent::Move { .. } | Intent::Engage { .. } | Intent::Flee) => {
            Err("movement comes first in a side's turn".into())
        }
        (_, Intent::Attack { .. } | Intent::UseAbility { .. }) => {
            Err("not in this step of the turn".into())
        }
        _ => Err("B/X has no such action".into()),
    }
}

/// Whether `me` stands steady enough to cast: no spell can be cast on an unstable surface
/// (BX-24).
fn steady(ctx: &Ctx, me: &Me) -> Result<(), Refusal> {
    if ctx.map().terrain(me.row.region).unstable {
        return Err("no spell can be cast on an unstable surface".into());
    }
    Ok(())
}

fn feet(amount: i32) -> Cost {
    Cost::new(u16::try_from(amount).unwrap_or(u16::MAX), FEET, 0)
}

/// Whether a combatant may move this step: not in melee (only declared withdrawals and
/// retreats leave it, BX-19), and not a caster with a declared spell (BX-21).
fn moving(state: &BxState, engaged: bool) -> Result<(), Refusal> {
    if engaged {
        return Err("in melee it can only withdraw or retreat, as declared".into());
    }
    if state.spell().is_some() {
        return Err("a caster who declared a spell cannot move and cast".into());
    }
    Ok(())
}

/// Whether attack `attack` can be made with `maneuver`: once a round, not blind, not while
/// retreating (BX-19, BX-24).
fn attacking(
    me: &Me,
    state: &BxState,
    attack: AttackId,
    maneuver: Maneuver,
) -> Result<(), Refusal> {
    if maneuver != Maneuver::STANDARD && maneuver != SUBDUE {
        return Err("B/X has no such maneuver".into());
    }
    if state.has_attacked(attack.0) {
        return Err("that attack was made this round".into());
    }
    if me.fighter.sheet.0.character && state.attacked != 0 {
        return Err("a character attacks once a round".into());
    }
    if state.powered {
        return Err("casting is its one action this round".into());
    }
    if state.retreating {
        return Err("a retreating combatant cannot attack".into());
    }
    if me.row.conditions.has(Condition::BLINDED) {
        return Err("the blind cannot attack".into());
    }
    Ok(())
}
