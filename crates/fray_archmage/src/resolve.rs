//! Resolving an approved intent: its cost, the reactions it provoked (readied actions and
//! interrupts, then opportunity attacks, then intercepts, AR-03, AR-05, AR-12, AR-14, AR-15),
//! then the intent itself.

use bevy_ecs::prelude::*;
use fray_core::kit::prelude::*;
use fray_core::kit::{NoPause, Resolution, Step};
use fray_core::turn::Approved;
use smallvec::SmallVec;

use crate::attack::{Mode, perform};
use crate::ops::ArchOps;
use crate::pronoun::pronoun;
use crate::rules::{STABILIZE_DC, STABILIZE_QUICK, disengage_target};
use crate::slots::{ActionSlots, Slot};
use crate::statblock::{PowerEffect, PowerTarget, Usage};
use crate::vocabulary::{provocation, provokes};
use crate::{ArchmageRules, Ctx};

impl Resolution for ArchmageRules {
    /// An actor cut down by the reactions it provoked stops.
    fn goes_on(ctx: &Ctx, actor: Entity) -> bool {
        ArchOps::can_act(ctx, actor)
    }

    /// Spends the intent's cost.
    fn pay(ctx: &mut Ctx, approved: &Approved) {
        let free_movement = matches!(approved.intent, Intent::Move { .. } | Intent::Engage { .. });
        let Some(mut f) = ctx.fighter_mut(approved.actor) else {
            return;
        };
        match Slot::of_cost(approved.legal.cost) {
            Some(Some(slot)) => {
                f.slots.spend(slot);
            }
            Some(None) => *f.slots = ActionSlots::empty(),
            None if free_movement && approved.legal.cost.is_free() => {
                // The move that comes with a successful disengage.
                f.state.free_move = false;
            }
            None => {}
        }
    }

    /// One reaction: `reactor` answers `approved` with `reaction`.
    fn react(
        ctx: &mut Ctx,
        approved: &Approved,
        kind: u8,
        reactor: Entity,
        reaction: Intent,
    ) -> bool {
        if !ctx.can_act(reactor) {
            return false;
        }
        let provoker = approved.actor;
        let interrupt = matches!(reaction, Intent::Attack { attack, .. }
            if ctx.sheet(reactor).and_then(|s| s.attacks.get(attack.index())).is_some_and(|a| a.def.usage == Usage::Interrupt));
        if ctx.logging() {
            let (who, against) = (ctx.id(reactor), ctx.id(provoker));
            let provocation = if interrupt {
                "an interrupt".to_string()
            } else {
                provocation(kind).to_string()
            };
            ctx.log_mut().push(LogEvent::Reaction {
                who,
                against,
                provocation,
            });
        }
        match (kind, reaction) {
            (provokes::INTERCEPT, Intent::Engage { .. }) => {
                // Intercept (AR-15): engage the mover and stop it.
                ctx.engage_mutually(reactor, provoker);
            }
            (
                provokes::TRIGGERED,
                Intent::Attack {
                    attack, maneuver, ..
                },
            ) if interrupt => {
                perform(
                    ctx,
                    reactor,
                    provoker,
                    attack.index(),
                    maneuver,
                    Mode::Interrupt,
                );
            }
            (provokes::TRIGGERED, other) => fire_readied(ctx, reactor, provoker, other),
            (_, Intent::Attack { attack, .. }) => {
                perform(
                    ctx,
                    reactor,
                    provoker,
                    attack.index(),
                    Maneuver::STANDARD,
                    Mode::Opportunity,
                );
            }
            _ => {}
        }
        true
    }

    /// The intent itself.
    fn execute(ctx: &mut Ctx, approved: &Approved) -> Step<NoPause> {
        let actor = approved.actor;
        match approved.intent {
            Intent::Attack {
                target,
                attack,
                maneuver,
            } => {
                // A readied move or disengage may have taken the target out of reach (AR-03).
                if in_reach(ctx, actor, target, attack.index()) {
                    perform(ctx, actor, target, attack.index(), maneuver, Mode::Turn);
                } else {
                    ctx.tell(Some(actor), |c| {
                        let their = pronoun(c, actor).possessive();
                        format!("finds {their} target out of reach: the attack comes to nothing.")
                    });
                }
            }
            Intent::Move { to } => {
                // Leaving ends the old engagements and grabs; interceptors met on arrival stay.
                let interceptors: SmallVec<[Entity; 8]> = ctx
                    .active_foes(actor)
                    .into_iter()
                    .filter(|f| ctx.region(*f) == to)
                    .collect();
                ctx.release_everything(actor);
                for i in interceptors {
                    ctx.engage_quietly(actor, i, true);
                }
                ctx.move_to(actor, to);
            }
            Intent::Engage { target } => {
                let destination = ctx.region(target);
                if ctx.map().hops(ctx.region(actor), destination) > 1 {
                    // Gone out of reach before it arrived, by a readied move (AR-03).
                    ctx.tell(Some(actor), |c| {
                        let their = pronoun(c, actor).possessive();
                        format!("finds {their} target gone: the engage comes to nothing.")
                    });
                    return Step::Done;
                }
                let intercepted = ctx.engagement(actor).is_some_and(|e| e.is_engaged());
                ctx.move_to(actor, destination);
                if intercepted {
                    // Its move was cut short before it went anywhere (AR-15): say what it meant.
                    ctx.tell(Some(actor), |c| {
                        format!(
                            "tries to engage {} and is stopped by the interception.",
                            c.name(target)
                        )
                    });
                } else if ctx.status(target).takes_turns() {
                    ctx.engage_mutually(actor, target);
                }
            }
            Intent::Disengage => disengage(ctx, actor, true),
            Intent::Rally => rally(ctx, actor),
            Intent::Stabilize { target } => stabilize(ctx, actor, target),
            Intent::UseAbility { ability, target } => {
                use_power(ctx, actor, ability.index(), target.unwrap_or(actor))
            }
            Intent::Delay => {
                // Act after the next combatant, on its count, which becomes this one's initiative
                // (AR-02); delaying again goes one combatant further. Last in the round, it
                // delays into the next round: it comes first there, so acting then moves its
                // initiative up and is its turn of that round (the regular one does not come:
                // its place in the order is the one it moved to); delaying on from there walks it
                // down that round's order like any delay.
                if ctx.delay_turn() {
                    ctx.note(Some(actor), || "delays.".into());
                } else if ctx.delay_into_next_round() {
                    ctx.note(Some(actor), || "delays into the next round.".into());
                }
            }
            Intent::Ready { trigger, intent } => {
                if let Some(mut f) = ctx.fighter_mut(actor) {
                    f.state.readied = Some((trigger, intent));
                }
                ctx.note(Some(actor), || format!("readies an action ({trigger:?})."));
            }
            Intent::Flee => flee(ctx, actor),
            // The kit resolves a surrender itself.
            Intent::EndTurn
            | Intent::Pass
            | Intent::Defend
            | Intent::Retreat
            | Intent::Surrender => {}
        }
        Step::Done
    }

    /// Whether the turn is over: it delayed, or nothing is left to spend.
    fn turn_over(ctx: &Ctx, approved: &Approved) -> bool {
        approved.intent == Intent::Delay
            || ctx
                .fighter(approved.actor)
                .is_some_and(|f| f.slots.is_empty() && !f.state.free_move)
    }
}

/// Whether `target` is still within reach of attack `index` of `attacker`: engaged with it for
/// a melee attack or close spell, within the attack's reach for a ranged one (AR-12).
fn in_reach(ctx: &Ctx, attacker: Entity, target: Entity, index: usize) -> bool {
    let Some(a) = ctx.sheet(attacker).and_then(|s| s.attacks.get(index)) else {
        return false;
    };
    if a.def.kind.is_ranged() {
        let hops = ctx.map().hops(ctx.region(attacker), ctx.region(target));
        hops <= a.def.reach.hops()
    } else {
        ctx.foes(attacker).any(|f| f == target)
    }
}

/// A disengage check: a d20 against 11, +1 per foe beyond the first and +5 when grabbed by a
/// foe not hit this turn (AR-13, AR-29). Success frees the creature - on its turn, for its
/// move (`on_turn`), off its turn (a readied disengage, AR-03) where it stands; failure wastes
/// the move action and provokes nothing.
pub(crate) fn disengage(ctx: &mut Ctx, actor: Entity, on_turn: bool) {
    let foes = ctx.active_foes(actor).len();
    let grabbed_unhit = ctx
        .fighter(actor)
        .is_some_and(|f| f.state.grabbed_by.is_some() && !f.state.hit_grabber);
    let needed = disengage_target(foes, grabbed_unhit);
    let (natural, roll) = ctx.d20();
    let success = natural >= needed;
    ctx.log_check(actor, "disengage", roll, needed, success);
    if success {
        ctx.release_everything(actor);
        if on_turn && let Some(mut f) = ctx.fighter_mut(actor) {
            f.state.disengaged = true;
            f.state.free_move = true;
        }
        let id = ctx.id(actor);
        ctx.record(|_| LogEvent::Disengaged { who: id });
    }
}

/// Rally: once a battle freely, again only after a normal save; a recovery heals (AR-25).
fn rally(ctx: &mut Ctx, actor: Entity) {
    let Some(f) = ctx.fighter(actor) else {
        return;
    };
    if f.state.rallies > 0 {
        let (natural, roll) = ctx.d20();
        let success = natural >= 11;
        ctx.log_check(actor, "rally save", roll, 11, success);
        if !success {
            let round = ctx.round();
            if let Some(mut f) = ctx.fighter_mut(actor) {
                f.state.rally_blocked_round = round;
                // A failed rally save costs nothing: the turn goes on normally.
                f.slots.standard = true;
            }
            return;
        }
    }
    if let Some(mut f) = ctx.fighter_mut(actor) {
        f.state.rallies += 1;
    }
    ctx.use_recovery(actor, 0, "rally");
}

/// Stabilize: a DC 10 Wisdom check (d20 + Wis + level); 25+ costs only a quick action (AR-26).
fn stabilize(ctx: &mut Ctx, actor: Entity, target: Entity) {
    let Some(sheet) = ctx.sheet(actor) else {
        return;
    };
    let bonus = i64::from(sheet.wis_mod + i32::from(sheet.level));
    let (natural, roll) = ctx.d20();
    let total = natural + bonus;
    let success = total >= STABILIZE_DC;
    ctx.log_check(
        actor,
        "stabilize",
        roll.map(|r| r.plus(bonus, "Wis + level")),
        STABILIZE_DC,
        success,
    );
    // 25+: it took only a quick action - the standard action comes back and a quick action
    // (or the move or standard action paying for one, AR-04) is spent instead.
    if total >= STABILIZE_QUICK
        && let Some(mut f) = ctx.fighter_mut(actor)
    {
        f.slots.standard = true;
        f.slots.spend(Slot::Quick);
    }
    if success {
        if let Some(mut t) = ctx.fighter_mut(target) {
            t.state.stabilized = true;
        }
        ctx.set_innate(target, Condition::STABILIZED, true);
        let id = ctx.id(target);
        ctx.record(|_| LogEvent::Note {
            who: Some(id),
            text: "is stabilized.".into(),
        });
    }
}

/// `actor` uses power `index` on `target` (itself, for a power on its user).
pub(crate) fn use_power(ctx: &mut Ctx, actor: Entity, index: usize, target: Entity) {
    let Some(power) = ctx.sheet(actor).and_then(|s| s.powers.get(index)).cloned() else {
        return;
    };
    let target = match power.def.target {
        PowerTarget::Myself => actor,
        PowerTarget::NearbyAlly => target,
    };
    if matches!(power.def.usage, Usage::Daily | Usage::Recharge(_))
        && let Some(mut f) = ctx.fighter_mut(actor)
    {
        f.state.powers_spent.spend(index);
    }
    ctx.note(Some(actor), || format!("uses {}.", power.def.name));
    match &power.def.effect {
        PowerEffect::HealWithRecovery { bonus } => {
            ctx.use_recovery(target, *bonus, &power.def.name);
        }
        PowerEffect::Heal(dice) => {
            let rolled = ctx.roll(dice);
            ctx.log_roll(actor, &power.def.name, rolled.roll, None, None);
            ctx.heal(target, i32::try_from(rolled.total).unwrap_or(i32::MAX));
        }
        PowerEffect::TempHp(n) => {
            ctx.change_hp(target, |hp| hp.grant_temp(*n));
            ctx.note(Some(target), || format!("gains {n} temporary hit points."));
        }
    }
}

/// Flee: the whole party leaves together, carrying its fallen; the fight is lost (AR-38).
fn flee(ctx: &mut Ctx, actor: Entity) {
    let side = ctx.side(actor);
    ctx.note(Some(actor), || {
        "calls the retreat: the party flees, carrying its fallen.".into()
    });
    let party: SmallVec<[Entity; 8]> = ctx
        .roster()
        .entities()
        .filter(|&e| ctx.side(e) == side)
        .collect();
    for e in party {
        if ctx.status(e).takes_turns() {
            ctx.set_status(e, Status::Fled);
        }
    }
}

/// A readied action fires just before its trigger; the readier's initiative moves to just
/// before the triggering creature (AR-03). `intent` is the readied action aimed as it fires.
fn fire_readied(ctx: &mut Ctx, reactor: Entity, provoker: Entity, intent: Intent) {
    if let Some(mut f) = ctx.fighter_mut(reactor) {
        f.state.readied = None;
    }
    let current = ctx.turn().actor();
    ctx.order_mut().move_before(reactor, provoker, current);
    match intent {
        Intent::Attack {
            attack, maneuver, ..
        } => perform(
            ctx,
            reactor,
            provoker,
            attack.index(),
            maneuver,
            Mode::Readied,
        ),
        Intent::Move { to } => ctx.move_to(reactor, to),
        Intent::Engage { target } => {
            let to = ctx.region(target);
            ctx.move_to(reactor, to);
            ctx.engage_mutually(reactor, target);
        }
        Intent::Disengage => disengage(ctx, reactor, false),
        Intent::UseAbility { ability, target } => {
            use_power(ctx, reactor, ability.index(), target.unwrap_or(reactor));
        }
        _ => {}
    }
}
