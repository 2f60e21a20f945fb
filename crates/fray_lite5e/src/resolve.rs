//! Turns, payment and resolution: a fight's setup, its rounds and turns, the three actions
//! refilled each turn, what each intent takes of them (L5-03, L5-04), and what it does.

use bevy_ecs::prelude::*;
use fray_core::combatant::Status;
use fray_core::condition::Condition;
use fray_core::edit::Edit;
use fray_core::ids::SideId;
use fray_core::intent::Intent;
use fray_core::kit::{NoPause, Resolution, RoundPlan, Rounds, Step, TurnBegins, TurnFlow};
use fray_core::morale::MoraleTrigger;
use fray_core::turn::Approved;

use crate::attack::perform;
use crate::check::{self, burdened, net};
use crate::legality::speed;
use crate::sheet::Ability;
use crate::vocabulary::{ACTIVE, FULL, HIDE, MOVEMENT, QUICK};
use crate::{Ctx, L5Rules, initiative, injury, light, morale, roll};

impl Resolution for L5Rules {
    /// Pays `approved` from the actor's three actions: an active action; a quick one from the quick
    /// slot, else the movement one, else the active one; feet from movement already taken, else a
    /// new movement action (the movement slot, else the active one traded down); the whole turn.
    fn pay(ctx: &mut Ctx, approved: &Approved) {
        let cost = approved.legal.cost;
        let Some(mut f) = ctx.fighter_mut(approved.actor) else {
            return;
        };
        if cost.is_free() {
            return;
        }
        let speed = speed(&f.sheet.0, &f.state);
        let s = &mut *f.state;
        s.acted = true;
        match cost.unit {
            ACTIVE => s.active = false,
            QUICK => {
                if s.quick {
                    s.quick = false;
                } else if s.movement {
                    s.movement = false;
                } else {
                    s.active = false;
                }
            }
            MOVEMENT => {
                while s.feet < cost.amount && speed > 0 && (s.movement || s.active) {
                    if s.movement {
                        s.movement = false;
                    } else {
                        s.active = false;
                    }
                    s.feet = s.feet.saturating_add(speed);
                }
                s.feet = s.feet.saturating_sub(cost.amount);
            }
            FULL => {
                s.active = false;
                s.movement = false;
                s.quick = false;
                s.feet = 0;
            }
            _ => {}
        }
    }

    /// An actor goes on while it is active.
    fn goes_on(ctx: &Ctx, actor: Entity) -> bool {
        ctx.is_active(actor)
    }

    /// Resolves `approved`.
    fn execute(ctx: &mut Ctx, approved: &Approved) -> Step<NoPause> {
        let actor = approved.actor;
        match approved.intent {
            Intent::Move { to } => {
                ctx.release_all(actor);
                ctx.move_to(actor, to);
                reveal(ctx, actor);
            }
            Intent::Attack { target, attack, .. } => {
                perform(ctx, actor, target, usize::from(attack.0));
            }
            Intent::UseAbility {
                ability: HIDE,
                target: None,
            } => hide(ctx, actor),
            Intent::UseAbility {
                ability,
                target: Some(target),
            } => heal(ctx, actor, usize::from(ability.0), target),
            Intent::Stabilize { target } => {
                injury::attempt(ctx, actor, target);
            }
            Intent::Retreat => crate::retreat::retreat(ctx, actor),
            Intent::Delay => {
                let round = ctx.round();
                if let Some(mut f) = ctx.fighter_mut(actor) {
                    f.state.delayed = round;
                }
                if ctx.delay_turn() {
                    ctx.tell(Some(actor), |_| "delays to a slower count.".into());
                }
            }
            _ => {}
        }
        Step::Done
    }

    /// Whether `approved` ends the actor's turn: a delay or a retreat does, as does spending every
    /// action with no feet left.
    fn turn_over(ctx: &Ctx, approved: &Approved) -> bool {
        if matches!(approved.intent, Intent::Delay | Intent::Retreat) {
            return true;
        }
        !ctx.is_active(approved.actor)
            || ctx.fighter(approved.actor).is_none_or(|f| {
                let s = &f.state;
                !s.active && !s.movement && !s.quick && s.feet == 0
            })
    }
}

impl TurnFlow for L5Rules {
    /// Initiative in DEX order (L5-06); those who start in stealth are hidden (L5-08).
    fn setup(ctx: &mut Ctx) {
        let hidden: smallvec::SmallVec<[Entity; 8]> = ctx
            .roster()
            .entities()
            .filter(|&e| ctx.fighter(e).is_some_and(|f| f.state.hidden))
            .collect();
        for e in hidden {
            ctx.set_innate(e, Condition::HIDDEN, true);
        }
        light::note_carriers(ctx);
        initiative::roll(ctx);
    }

    /// `actor`'s turn starts: its three actions come back. An incapacitated combatant does not act.
    fn turn_start(ctx: &mut Ctx, actor: Entity) -> TurnBegins {
        if let Some(mut f) = ctx.fighter_mut(actor) {
            f.state.refill();
        }
        if ctx.is_active(actor) {
            TurnBegins::Act
        } else {
            TurnBegins::Skip
        }
    }

    /// Brings `who`'s status in line after a change of its hit points: hit points never go below
    /// 0 (L5-15); at 0 it is incapacitated (L5-13).
    fn vitals(ctx: &mut Ctx, who: Entity) {
        if ctx.hp(who).is_some_and(|h| h.current < 0) {
            ctx.change_hp(who, |h| h.current = 0);
        }
        let zero = ctx.hp(who).is_some_and(|h| h.current <= 0);
        if zero && ctx.is_active(who) {
            injury::fall(ctx, who);
        }
    }

    /// A game's edit ([`fray_core::edit`]): healing a fallen combatant stabilizes it first, as
    /// the rules' healing does (L5-13: the injury table, then the healing on top); a revived
    /// combatant, or one set active, is no longer incapacitated; one set down falls (its 10
    /// rounds start); one dead, fled, surrendered or removed is no longer dying.
    fn edited(ctx: &mut Ctx, who: Entity, edit: Edit) {
        let dying = ctx
            .fighter(who)
            .is_some_and(|f| f.state.down_since.is_some());
        match edit {
            Edit::Heal(_) if dying && ctx.hp(who).is_some_and(|h| h.current > 0) => {
                injury::stabilized(ctx, who);
            }
            Edit::SetStatus(Status::Down) if !dying => injury::fall(ctx, who),
            Edit::SetStatus(Status::Down) => {}
            Edit::Revive(_) | Edit::Remove | Edit::SetStatus(_) => {
                injury::no_longer_dying(ctx, who);
            }
            _ => {}
        }
    }

    /// A morale trigger fired for `side`: who checks, by [`crate::morale`]'s rulings (L5-16).
    fn morale(ctx: &mut Ctx, side: SideId, trigger: MoraleTrigger) {
        morale::triggered(ctx, side, trigger);
    }

    /// The fallen get their last rounds to be stabilized, or die (L5-13).
    fn battle_end(ctx: &mut Ctx) {
        injury::at_the_end(ctx);
    }
}

impl Rounds for L5Rules {
    /// After an ambush's first round the order is the DEX order again (L5-06); a side whose
    /// tide has turned checks morale (L5-16).
    fn round_start(ctx: &mut Ctx) -> RoundPlan {
        if ctx.round() == 2 && ctx.battle().ambush.is_some() {
            initiative::order(ctx);
        }
        morale::tide(ctx);
        RoundPlan::Turns
    }

    /// An incapacitated combatant can do nothing (L5-13): it is passed over, and its clock
    /// runs by rounds all the same.
    fn has_turn(ctx: &mut Ctx, actor: Entity) -> bool {
        ctx.status(actor) != Status::Down
    }
}

/// The DC of a stealth check (Fray's ruling: the seed's standard DC 11).
pub const STEALTH_DC: i64 = 11;

/// `who` entered a region: enemies hiding there are found (Fray's ruling: stealth does not
/// survive a foe at close range).
fn reveal(ctx: &mut Ctx, who: Entity) {
    let found: smallvec::SmallVec<[Entity; 4]> = ctx
        .roster()
        .entities()
        .filter(|&e| ctx.enemies(who, e) && ctx.region(e) == ctx.region(who))
        .filter(|&e| ctx.fighter(e).is_some_and(|f| f.state.hidden))
        .collect();
    for e in found {
        if let Some(mut f) = ctx.fighter_mut(e) {
            f.state.hidden = false;
        }
        ctx.set_innate(e, Condition::HIDDEN, false);
        ctx.tell(Some(e), |_| "is found.".into());
    }
}

/// `who`'s stealth check: DEX, proficient when stealthy, with light's and load's advantage.
pub fn stealth(ctx: &Ctx, who: Entity) -> (i32, fray_dice::Advantage) {
    let stealthy = ctx.fighter(who).is_some_and(|f| f.sheet.0.stealthy);
    let bonus = check::bonus(ctx, who, Ability::Dex, stealthy);
    let (adv, mut dis) = light::stealth(ctx, ctx.region(who));
    dis += u32::from(burdened(ctx, who));
    (bonus, net(adv, dis))
}

/// `who` tries to hide (L5-08).
fn hide(ctx: &mut Ctx, who: Entity) {
    let (bonus, adv) = stealth(ctx, who);
    if check::roll(ctx, who, "stealth", adv, bonus, STEALTH_DC).success {
        if let Some(mut f) = ctx.fighter_mut(who) {
            f.state.hidden = true;
        }
        ctx.set_innate(who, Condition::HIDDEN, true);
        ctx.tell(Some(who), |_| "slips into stealth.".into());
    }
}

/// `caster` casts its healing spell number `index` on `target`: an incapacitated ally is
/// stabilized first (L5-14), then the spell heals its dice plus the caster's modifier.
fn heal(ctx: &mut Ctx, caster: Entity, index: usize, target: Entity) {
    let Some(a) = ctx
        .fighter(caster)
        .and_then(|f| f.sheet.0.attacks.get(index).map(|(a, _)| a.clone()))
    else {
        return;
    };
    if let Some(mut f) = ctx.fighter_mut(caster) {
        f.state.use_attack(index);
    }
    ctx.tell(Some(caster), |c| {
        format!("casts {} on {}.", a.name, c.name(target))
    });
    let down = ctx
        .fighter(target)
        .is_some_and(|f| f.state.down_since.is_some());
    if down && !injury::stabilized(ctx, target) {
        return;
    }
    let m = check::bonus(ctx, caster, Ability::of_attack(a.kind), false);
    let amount = roll::logged(
        ctx,
        caster,
        |_| format!("{} healing", a.name),
        &a.damage,
        i64::from(m),
    )
    .max(0);
    ctx.heal(target, i32::try_from(amount).unwrap_or(i32::MAX));
}
