//! Lite5e's candidates and its one legality function: what a combatant may do on its turn, and
//! at what price in its three actions (L5-03): one active, one movement and one quick action a
//! round; the active action may be traded down to a movement or a quick one, the movement
//! action to a quick one.

use bevy_ecs::prelude::*;
use fray_core::cost::Cost;
use fray_core::ids::{AbilityId, AttackId};
use fray_core::intent::{Intent, Maneuver};
use fray_core::kit::{Legality, Offer};
use fray_core::legality::{Legal, Occasion, Refusal, Scope};
use fray_core::region::RangeBand;
use smallvec::SmallVec;

use crate::labels::Labels;
use crate::sheet::SheetData;
use crate::statblock::{AttackBlock, AttackKind, Reach};
use crate::state::L5State;
use crate::vocabulary::{ACTIVE, FULL, HIDE, MOVEMENT, QUICK};
use crate::{Ctx, L5Rules, Me};

impl Legality for L5Rules {
    /// Offers a combatant's candidates; [`Legality::check`] keeps the legal ones.
    fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, L5Rules>) {
        let ctx = offer.ctx();
        let actor = offer.actor();
        let labels = Labels::get();
        let sheet = offer.me().fighter.sheet.0.clone();
        let everyone: SmallVec<[Entity; 16]> = ctx
            .roster()
            .entities()
            .filter(|&e| ctx.status(e).takes_turns())
            .collect();
        for (i, (a, label)) in sheet.attacks.iter().enumerate() {
            let index = u16::try_from(i).unwrap_or(u16::MAX);
            for &target in &everyone {
                let intent = if a.heal {
                    Intent::UseAbility {
                        ability: AbilityId(index),
                        target: Some(target),
                    }
                } else {
                    Intent::Attack {
                        target,
                        attack: AttackId(index),
                        maneuver: Maneuver::STANDARD,
                    }
                };
                offer.consider(intent, label);
            }
        }
        for &target in &everyone {
            offer.consider_plain(Intent::Stabilize { target });
        }
        for &to in ctx.map().neighbours(ctx.region(actor)) {
            offer.consider_plain(Intent::Move { to });
        }
        offer.consider(
            Intent::UseAbility {
                ability: HIDE,
                target: None,
            },
            &labels.hide,
        );
        offer.consider_plain(Intent::Retreat);
        offer.consider_plain(Intent::Delay);
        offer.consider_plain(Intent::EndTurn);
    }

    /// The legality function: what a combatant may do on its turn, at what price. Lite5e has no
    /// reactions, so nothing is provoked whatever the `scope`.
    fn check(
        ctx: &Ctx,
        me: &Me,
        intent: &Intent,
        occasion: &Occasion,
        _scope: Scope,
    ) -> Result<Legal, Refusal> {
        if *occasion != Occasion::Turn {
            return Err("lite5e has no reactions or declarations".into());
        }
        if *intent == Intent::EndTurn {
            return Ok(Legal::costs(Cost::FREE));
        }
        if !me.row.status.is_active() {
            return Err("it is incapacitated or out of the fight".into());
        }
        let (sheet, state) = (&me.fighter.sheet.0, me.fighter.state);
        match *intent {
            Intent::Delay => {
                if state.acted {
                    return Err("it has acted this turn".into());
                }
                if state.delayed == ctx.round() {
                    return Err("it has delayed once this round".into());
                }
                if !ctx.can_delay() {
                    return Err("nobody acts later this round".into());
                }
                Ok(Legal::costs(Cost::FREE))
            }
            Intent::Move { to } => {
                if !ctx.map().neighbours(me.row.region).contains(&to) {
                    return Err("it moves one region at a time, to a neighbouring one".into());
                }
                let speed = speed(sheet, state);
                if speed == 0 {
                    return Err("at 0 ft of speed it cannot move".into());
                }
                let feet = move_feet(ctx, to);
                if reachable_feet(speed, state) < feet {
                    return Err("it has not enough movement left this turn".into());
                }
                Ok(Legal::costs(Cost::new(feet, MOVEMENT, 500)))
            }
            Intent::Attack {
                target,
                attack,
                maneuver,
            } => {
                if maneuver != Maneuver::STANDARD {
                    return Err("lite5e has no combat maneuvers: attack plainly".into());
                }
                let a = sheet
                    .attacks
                    .get(usize::from(attack.0))
                    .map(|(a, _)| a)
                    .ok_or("no such attack")?;
                if a.heal {
                    return Err("a healing spell is used as an ability".into());
                }
                usable(state, usize::from(attack.0), a)?;
                let cost = attack_price(a, state)?;
                aim(ctx, me.entity, target, a)?;
                Ok(Legal::costs(cost))
            }
            Intent::UseAbility {
                ability: HIDE,
                target: None,
            } => {
                if state.hidden {
                    return Err("it is in stealth already".into());
                }
                if !state.active {
                    return Err("hiding is an active action".into());
                }
                let watched = ctx.roster().entities().any(|e| {
                    ctx.enemies(me.entity, e) && ctx.is_active(e) && ctx.region(e) == me.row.region
                });
                if watched {
                    return Err("it cannot hide with an enemy close by".into());
                }
                Ok(Legal::costs(ACT))
            }
            Intent::UseAbility {
                ability,
                target: Some(target),
            } => {
                let i = usize::from(ability.0);
                let a = sheet
                    .attacks
                    .get(i)
                    .map(|(a, _)| a)
                    .ok_or("no such spell")?;
                if !a.heal {
                    return Err("attacks are made with the attack intent".into());
                }
                usable(state, i, a)?;
                let cost = attack_price(a, state)?;
                aim(ctx, me.entity, target, a)?;
                Ok(Legal::costs(cost))
            }
            Intent::Stabilize { target } => {
                if !state.active {
                    return Err("stabilizing is an active action".into());
                }
                if ctx.side(target) != ctx.side(me.entity) || target == me.entity {
                    return Err("it stabilizes an ally".into());
                }
                let down = ctx
                    .fighter(target)
                    .is_some_and(|f| f.state.down_since.is_some());
                if !down || ctx.status(target) != fray_core::combatant::Status::Down {
                    return Err("the ally is not incapacitated".into());
                }
                if ctx.region(target) != me.row.region {
                    return Err("it must be close to the ally".into());
                }
                Ok(Legal::costs(ACT))
            }
            Intent::Retreat => {
                if state.acted || !(state.active && state.movement && state.quick) {
                    return Err("retreat takes the whole turn".into());
                }
                let threatened = ctx.roster().entities().any(|e| {
                    ctx.enemies(me.entity, e) && ctx.is_active(e) && ctx.region(e) == me.row.region
                });
                if !threatened {
                    return Err("with no enemy close it simply moves away".into());
                }
                Ok(Legal::costs(WHOLE_TURN))
            }
            _ => Err("lite5e has no such action".into()),
        }
    }
}

/// The price of an active action.
pub const ACT: Cost = Cost::new(1, ACTIVE, 1000);
/// The price of a quick action.
pub const QUICK_ACT: Cost = Cost::new(1, QUICK, 250);
/// The price of a retreat: the whole turn (L5-17).
pub const WHOLE_TURN: Cost = Cost::new(1, FULL, 1000);

/// `who`'s speed now (L5-04, L5-05): its base speed, 5 ft less per load above STR, less what
/// lost body parts cost; never below 0.
pub fn speed(sheet: &SheetData, state: &L5State) -> u16 {
    let str_now = sheet.scores[0].saturating_sub(state.lost[0]);
    let over = u16::from(sheet.load.saturating_sub(str_now));
    let parts: u16 = state
        .parts
        .iter()
        .filter_map(|&i| sheet.body_parts.get(usize::from(i)))
        .map(|p| u16::from(p.speed))
        .sum();
    u16::from(sheet.speed)
        .saturating_sub(over.saturating_mul(5))
        .saturating_sub(parts)
}

/// Feet a move into `to` costs: the map's distance between regions, doubled into water, up a
/// climb or across difficult ground (special movement at half speed, L5-04).
pub fn move_feet(ctx: &Ctx, to: fray_core::ids::RegionId) -> u16 {
    let hop = ctx.battle().options.region_feet;
    let t = ctx.map().terrain(to);
    if t.difficult || t.water || t.climb {
        hop.saturating_mul(2)
    } else {
        hop
    }
}

/// Feet `state` can still cover this turn: feet left plus a full speed for each action that
/// can become a movement action.
pub fn reachable_feet(speed: u16, state: &L5State) -> u16 {
    let actions = u16::from(state.movement) + u16::from(state.active);
    state.feet.saturating_add(speed.saturating_mul(actions))
}

/// Whether an attack counts as ranged (L5-09): a ranged weapon, or a spell that reaches beyond
/// close range.
pub fn is_ranged(a: &AttackBlock) -> bool {
    a.kind == AttackKind::Ranged || (a.kind != AttackKind::Melee && a.reach != Reach::Close)
}

/// The band between two regions (L5-09's ruling: same region close, adjacent ranged, beyond
/// far): 0, 1 or 2.
pub fn band(ctx: &Ctx, a: Entity, b: Entity) -> u8 {
    match ctx.map().band(ctx.region(a), ctx.region(b)) {
        RangeBand::Same => 0,
        RangeBand::Adjacent => 1,
        _ => 2,
    }
}

/// The farthest band `a` reaches, as a number of hops.
fn reach(a: &AttackBlock) -> u8 {
    match a.reach {
        Reach::Close => 0,
        Reach::Ranged => 1,
        Reach::Far => 2,
    }
}

/// The slot a quick action would take: the quick one, else the movement one, else the active
/// one (L5-03).
pub fn quick_slot(state: &L5State) -> Option<u8> {
    if state.quick {
        Some(QUICK)
    } else if state.movement {
        Some(MOVEMENT)
    } else if state.active {
        Some(ACTIVE)
    } else {
        None
    }
}

/// The price of using attack `a`: an active action, or a quick one that may take a traded-down
/// slot.
fn attack_price(a: &AttackBlock, state: &L5State) -> Result<Cost, Refusal> {
    if a.quick {
        quick_slot(state)
            .map(|_| QUICK_ACT)
            .ok_or_else(|| "it has no action left".into())
    } else if state.active {
        Ok(ACT)
    } else {
        Err("its active action is spent".into())
    }
}

/// Whether `target` can be aimed at by `actor` with `a` (the band, stealth, sides).
pub fn aim(ctx: &Ctx, actor: Entity, target: Entity, a: &AttackBlock) -> Result<(), Refusal> {
    if a.heal {
        if ctx.side(actor) != ctx.side(target) || ctx.status(target).is_gone() {
            return Err("heal an ally still in the fight".into());
        }
    } else {
        if !(ctx.enemies(actor, target) && ctx.is_active(target)) {
            return Err("the target is not an enemy in the fight".into());
        }
        if ctx.fighter(target).is_some_and(|f| f.state.hidden) {
            return Err("the target is in stealth and cannot be targeted".into());
        }
    }
    if band(ctx, actor, target) > reach(a) {
        return Err("the target is out of range".into());
    }
    Ok(())
}

/// Whether attack `i` has a use left.
fn usable(state: &L5State, i: usize, a: &AttackBlock) -> Result<(), Refusal> {
    if a.uses > 0 && state.uses(i) >= a.uses {
        return Err("it has used that up this fight".into());
    }
    Ok(())
}
