//! Resolving an approved intent in stages - triggers (readied actions, interrupts), then
//! provocations (opportunity attacks), then intercepts, then the intent itself - each stage
//! opening a reaction window when someone may react, so every reaction lands before the action
//! it answers completes (AR-03, AR-05, AR-12, AR-14, AR-15).

use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_core::budget::Cost;
use fray_core::prelude::*;
use fray_core::reaction::{Provocation, ReactionWindow, Reactor};
use fray_core::turn::{Approved, TurnOrder};

use crate::attack::{Mode, perform, provokes_from_targets, reaction_preview};
use crate::battle::Archmage;
use crate::ctx::{Arch, Ctx};
use crate::fighter::opportunity_attack;
use crate::offer::Labels;
use crate::rules::{STABILIZE_DC, STABILIZE_QUICK, disengage_target};
use crate::statblock::{AttackKind, PowerEffect, PowerTarget, Usage};

/// Where an intent is in its resolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Triggers,
    Provokes,
    Intercepts,
    Execute,
}

fn after(provocation: Provocation) -> Stage {
    match provocation {
        Provocation::Readied(_) => Stage::Provokes,
        Provocation::LeavingEngagement | Provocation::RangedAttack | Provocation::Spellcasting => {
            Stage::Intercepts
        }
        Provocation::MovingPast => Stage::Execute,
    }
}

/// The encounter components archmage systems work on.
pub(crate) type EncounterParts = (
    Entity,
    &'static mut Encounter,
    &'static mut Turn,
    &'static mut EncounterRng,
    &'static mut CombatLog,
    &'static Roster,
    &'static EncounterMap,
    &'static mut Archmage,
    &'static mut TurnOrder,
);

/// Resolves the approved intent, or the complete reaction window, of every archmage encounter.
pub(crate) fn resolve(mut encounters: Query<EncounterParts>, mut p: Arch) {
    for (entity, mut encounter, mut turn, mut rng, mut log, roster, map, mut battle, mut order) in
        &mut encounters
    {
        if !matches!(encounter.phase, Phase::Acting | Phase::Reacting) {
            continue;
        }
        let mut ctx = Ctx {
            p: &mut p,
            encounter_entity: entity,
            encounter: &mut encounter,
            turn: &mut turn,
            rng: &mut rng,
            log: &mut log,
            roster,
            map,
            battle: &mut battle,
            order: &mut order,
        };
        if ctx.encounter.phase == Phase::Reacting {
            if let Some(window) = ctx.turn.take_complete_window() {
                ctx.encounter.phase = Phase::Acting;
                close_window(&mut ctx, window);
            }
        } else if let Some(approved) = ctx.turn.approved.take() {
            pay(&mut ctx, &approved);
            proceed(&mut ctx, approved, Stage::Triggers);
        }
    }
}

/// Spends the intent's cost.
fn pay(ctx: &mut Ctx, approved: &Approved) {
    let Ok(mut f) = ctx.p.fighters.get_mut(approved.actor) else {
        return;
    };
    match approved.cost {
        Cost::Slot(slot) => {
            f.slots.spend(slot);
        }
        Cost::AllSlots => *f.slots = ActionSlots::empty(),
        Cost::Free if matches!(approved.intent, Intent::Move { .. } | Intent::Engage { .. }) => {
            // The move that comes with a successful disengage.
            f.state.free_move = false;
        }
        _ => {}
    }
}

fn proceed(ctx: &mut Ctx, approved: Approved, from: Stage) {
    if !ctx.can_act(approved.actor) {
        // Cut down by a reaction: the intent ends here.
        finish(ctx, approved);
        return;
    }
    for stage in [
        Stage::Triggers,
        Stage::Provokes,
        Stage::Intercepts,
        Stage::Execute,
    ] {
        if stage < from {
            continue;
        }
        let window = match stage {
            Stage::Triggers => trigger_window(ctx, &approved),
            Stage::Provokes => provoke_window(ctx, &approved),
            Stage::Intercepts => intercept_window(ctx, &approved),
            Stage::Execute => {
                execute(ctx, &approved);
                finish(ctx, approved);
                return;
            }
        };
        if let Some((provocation, reactors)) = window {
            ctx.turn.window = Some(ReactionWindow {
                provoker: approved.actor,
                provocation,
                parked: approved,
                reactors,
            });
            ctx.encounter.phase = Phase::Reacting;
            return;
        }
    }
}

/// Records the resolution and ends the turn when nothing is left to spend.
fn finish(ctx: &mut Ctx, approved: Approved) {
    let actor = approved.actor;
    let ends = matches!(approved.intent, Intent::EndTurn | Intent::Delay);
    ctx.turn.record_resolved(actor, approved.intent);
    if ctx.encounter.phase == Phase::Acting
        && Some(actor) == ctx.turn.actor
        && (ends
            || ctx
                .p
                .fighters
                .get(actor)
                .is_ok_and(|f| f.slots.is_empty() && !f.state.free_move))
    {
        ctx.encounter.phase = Phase::TurnEnd;
    }
}

fn close_window(ctx: &mut Ctx, window: ReactionWindow) {
    let provoker = window.provoker;
    for (reactor, intent) in window.reactions() {
        if !ctx.can_act(reactor) {
            continue;
        }
        let (id, against) = (ctx.id(reactor), ctx.id(provoker));
        let interrupt = matches!(intent, Intent::Attack { attack, .. } if ctx.sheet(reactor).and_then(|s| s.attacks.get(attack.index())).is_some_and(|a| a.def.usage == Usage::Interrupt));
        let provocation = if interrupt {
            "an interrupt".to_string()
        } else {
            window.provocation.to_string()
        };
        ctx.log.record(|| LogEvent::Reaction {
            who: id,
            against,
            provocation,
        });
        match (window.provocation, intent) {
            (Provocation::MovingPast, Intent::Engage { .. }) => {
                // Intercept (AR-15): engage the mover and stop it.
                ctx.engage(reactor, provoker);
            }
            (
                Provocation::Readied(_),
                Intent::Attack {
                    attack, maneuver, ..
                },
            ) => {
                if interrupt {
                    perform(
                        ctx,
                        reactor,
                        provoker,
                        attack.index(),
                        *maneuver,
                        Mode::Interrupt,
                    );
                } else {
                    fire_readied(ctx, reactor, provoker, intent);
                }
            }
            (Provocation::Readied(_), other) => fire_readied(ctx, reactor, provoker, other),
            (_, Intent::Attack { attack, .. }) => {
                perform(
                    ctx,
                    reactor,
                    provoker,
                    attack.index(),
                    Maneuver::Standard,
                    Mode::Opportunity,
                );
            }
            _ => {}
        }
        ctx.turn.record_resolved(reactor, intent.clone());
    }
    let next = after(window.provocation);
    proceed(ctx, window.parked, next);
}

/// A readied intent fires just before the trigger; the readier's initiative moves to just
/// before the triggering creature (AR-03).
fn fire_readied(ctx: &mut Ctx, reactor: Entity, provoker: Entity, intent: &Intent) {
    if let Ok(mut f) = ctx.p.fighters.get_mut(reactor) {
        f.state.readied = None;
    }
    let current = ctx.turn.actor;
    ctx.order.move_before(reactor, provoker, current);
    if let Intent::Attack {
        attack, maneuver, ..
    } = intent
    {
        perform(
            ctx,
            reactor,
            provoker,
            attack.index(),
            *maneuver,
            Mode::Readied,
        );
    }
}

fn option(intent: Intent, cost: Cost, preview: Preview, label: &Arc<str>) -> ActionOption {
    ActionOption {
        intent,
        cost,
        preview,
        label: label.clone(),
    }
}

fn pass() -> ActionOption {
    ActionOption {
        intent: Intent::Pass,
        cost: Cost::Free,
        preview: Preview::certain(),
        label: Labels::get().pass.clone(),
    }
}

/// Readied actions and interrupt powers set off by this intent (AR-03, AR-05).
fn trigger_window(ctx: &mut Ctx, approved: &Approved) -> Option<(Provocation, Vec<Reactor>)> {
    // Only moving, engaging and attacking set anything off.
    if !matches!(
        approved.intent,
        Intent::Move { .. } | Intent::Engage { .. } | Intent::Attack { .. }
    ) {
        return None;
    }
    let actor = approved.actor;
    let side = ctx.side(actor);
    let here = ctx.region(actor);
    let mut reactors = Vec::new();
    let mut kind = None;
    // An attack sets off nothing but its target's readied action.
    let only = match approved.intent {
        Intent::Attack { target, .. } => Some(target),
        _ => None,
    };
    for e in ctx
        .roster
        .entities()
        .filter(|e| only.is_none_or(|t| t == *e))
    {
        let Ok(f) = ctx.p.fighters.get(e) else {
            continue;
        };
        if Some(f.side.0) == side
            || !f.status.is_active()
            || f.conditions.has(Condition::Stunned)
            || ctx.surprised(e)
        {
            continue;
        }
        let mut offers = Vec::new();
        let grabbed = f.state.grabbed_by.is_some();
        if let Some((trigger, readied)) = &f.state.readied {
            let fires = match (trigger, &approved.intent) {
                (Trigger::EnemyMoves, Intent::Move { to }) => {
                    f.region.0 == here || f.region.0 == *to
                }
                (Trigger::EnemyMoves, Intent::Engage { target }) => {
                    f.region.0 == here
                        || ctx
                            .p
                            .fighters
                            .get(*target)
                            .is_ok_and(|t| t.region.0 == f.region.0)
                }
                (Trigger::EnemyEngagesMe, Intent::Engage { target }) => *target == e,
                (Trigger::EnemyAttacksMe, Intent::Attack { target, .. }) => *target == e,
                _ => false,
            };
            // A creature grabbed since it readied cannot shoot (AR-29).
            let ranged = matches!(readied, Intent::Attack { attack, .. }
                if f.sheet.0.attacks.get(attack.index()).is_some_and(|a| a.def.kind.is_ranged()));
            if fires && !(grabbed && ranged) {
                let mut intent = readied.clone();
                if let Intent::Attack { target, .. } = &mut intent {
                    *target = actor;
                }
                offers.push(ActionOption {
                    intent,
                    cost: Cost::Reaction,
                    preview: Preview::default(),
                    label: Labels::get().readied.clone(),
                });
                kind = Some(*trigger);
            }
        }
        // Interrupt powers answer an enemy engaging you, once until the end of your next turn;
        // they are limited powers, closed to the confused, and the hampered make only basic
        // attacks (AR-05, AR-27).
        let confused = f.conditions.has(Condition::Confused);
        let hampered = f.conditions.has(Condition::Hampered);
        if matches!(approved.intent, Intent::Engage { target } if target == e)
            && f.state.interrupt_used.is_none()
            && !confused
        {
            for (i, a) in f.sheet.0.attacks.iter().enumerate() {
                let spent = f.state.attacks_spent.get(i).copied().unwrap_or(false);
                if a.def.usage == Usage::Interrupt && !spent && (a.def.basic || !hampered) {
                    offers.push(option(
                        Intent::Attack {
                            target: actor,
                            attack: AttackId(i as u16),
                            maneuver: Maneuver::Standard,
                        },
                        Cost::Reaction,
                        reaction_preview(ctx, e, actor, i),
                        &a.label,
                    ));
                    kind = kind.or(Some(Trigger::EnemyEngagesMe));
                }
            }
        }
        if !offers.is_empty() {
            offers.push(pass());
            reactors.push(Reactor {
                reactor: e,
                offers,
                answer: None,
            });
        }
    }
    kind.map(|k| (Provocation::Readied(k), reactors))
}

/// Who may take an opportunity attack against `actor`: engaged enemies able to (see
/// [`opportunity_attack`]), except `except` (AR-14, AR-27, AR-29).
fn opportunity_reactors(ctx: &Ctx, actor: Entity, except: &[Entity]) -> Vec<Reactor> {
    let mut out = Vec::new();
    for foe in ctx.active_foes(actor) {
        if except.contains(&foe) || ctx.surprised(foe) {
            continue;
        }
        let Ok(f) = ctx.p.fighters.get(foe) else {
            continue;
        };
        let Some(basic) = opportunity_attack(&f.sheet.0, f.state, f.conditions, *f.status) else {
            continue;
        };
        let a = &f.sheet.0.attacks[basic];
        out.push(Reactor {
            reactor: foe,
            offers: vec![
                option(
                    Intent::Attack {
                        target: actor,
                        attack: AttackId(basic as u16),
                        maneuver: Maneuver::Standard,
                    },
                    Cost::Free,
                    reaction_preview(ctx, foe, actor, basic),
                    &a.label,
                ),
                pass(),
            ],
            answer: None,
        });
    }
    out
}

/// Opportunity attacks drawn by moving away, ranged attacks and spells while engaged (AR-12).
fn provoke_window(ctx: &mut Ctx, approved: &Approved) -> Option<(Provocation, Vec<Reactor>)> {
    let actor = approved.actor;
    let (provocation, except) = match &approved.intent {
        Intent::Move { .. } => {
            if ctx.p.fighters.get(actor).is_ok_and(|f| f.state.disengaged) {
                return None;
            }
            (Provocation::LeavingEngagement, Vec::new())
        }
        Intent::Attack {
            target,
            attack,
            maneuver,
        } => {
            let def = &ctx.sheet(actor)?.attacks.get(attack.index())?.def;
            let (kind, targets) = (def.kind, def.targets);
            match kind {
                AttackKind::Ranged => {
                    // Engagers the ranged attack targets do not get to react (AR-12).
                    let targeted = if *maneuver == Maneuver::CoupDeGrace {
                        vec![*target]
                    } else {
                        crate::attack::targets(ctx, actor, *target, targets)
                    };
                    (Provocation::RangedAttack, targeted)
                }
                k if provokes_from_targets(k) => (Provocation::Spellcasting, Vec::new()),
                _ => return None,
            }
        }
        Intent::UseAbility { ability, .. } => {
            let power = ctx.sheet(actor)?.powers.get(ability.index())?;
            if power.def.close {
                return None;
            }
            (Provocation::Spellcasting, Vec::new())
        }
        _ => return None,
    };
    let reactors = opportunity_reactors(ctx, actor, &except);
    (!reactors.is_empty()).then_some((provocation, reactors))
}

/// Free enemies in the way may intercept a mover (AR-15): unengaged, active enemies in the
/// region it moves into, other than the one it means to engage. A mover that leaves an
/// engagement (after its opportunity attacks) can be intercepted too: only the interceptor
/// must be free.
fn intercept_window(ctx: &mut Ctx, approved: &Approved) -> Option<(Provocation, Vec<Reactor>)> {
    let actor = approved.actor;
    let (destination, aim) = match approved.intent {
        Intent::Move { to } => (to, None),
        Intent::Engage { target } => (ctx.region(target), Some(target)),
        _ => return None,
    };
    let side = ctx.side(actor);
    let mut reactors = Vec::new();
    for e in ctx.roster.entities() {
        if Some(e) == aim {
            continue;
        }
        let Ok(f) = ctx.p.fighters.get(e) else {
            continue;
        };
        if Some(f.side.0) == side
            || !f.status.is_active()
            || f.region.0 != destination
            || ctx.surprised(e)
        {
            continue;
        }
        let free = !ctx.p.engagements.get(e).is_ok_and(|x| x.is_engaged());
        if !free || f.conditions.has(Condition::Stunned) || f.conditions.has(Condition::Stuck) {
            continue;
        }
        reactors.push(Reactor {
            reactor: e,
            offers: vec![
                option(
                    Intent::Engage { target: actor },
                    Cost::Free,
                    Preview::certain(),
                    &Labels::get().intercept,
                ),
                pass(),
            ],
            answer: None,
        });
    }
    (!reactors.is_empty()).then_some((Provocation::MovingPast, reactors))
}

/// The intent itself.
fn execute(ctx: &mut Ctx, approved: &Approved) {
    let actor = approved.actor;
    match &approved.intent {
        Intent::Attack {
            target,
            attack,
            maneuver,
        } => perform(ctx, actor, *target, attack.index(), *maneuver, Mode::Turn),
        Intent::Move { to } => {
            // Leaving ends the old engagements and grabs; interceptors met on arrival stay.
            let interceptors: Vec<Entity> = ctx
                .active_foes(actor)
                .into_iter()
                .filter(|f| ctx.region(*f) == *to)
                .collect();
            ctx.release_all(actor);
            for i in interceptors {
                fray_core::engagement::engage(&mut ctx.p.engagements, actor, i, true);
            }
            ctx.move_to(actor, *to);
        }
        Intent::Engage { target } => {
            let destination = ctx.region(*target);
            let intercepted = ctx.p.engagements.get(actor).is_ok_and(|e| e.is_engaged());
            ctx.move_to(actor, destination);
            if intercepted {
                ctx.note(Some(actor), || "is stopped by the interception.".into());
            } else if ctx
                .p
                .fighters
                .get(*target)
                .is_ok_and(|t| t.status.takes_turns())
            {
                ctx.engage(actor, *target);
            }
        }
        Intent::Disengage => disengage(ctx, actor),
        Intent::Rally => rally(ctx, actor),
        Intent::Stabilize { target } => stabilize(ctx, actor, *target),
        Intent::UseAbility { ability, target } => {
            use_power(ctx, actor, ability.index(), target.unwrap_or(actor))
        }
        Intent::Delay => {
            // Act after the next combatant, on its count, which becomes this one's initiative
            // (AR-02). Fray's ruling: a delay lasts until later in the same round (delaying
            // again goes one combatant further); it is offered only while someone is still to
            // act, so a delayed turn never crosses into the next round.
            if ctx
                .order
                .delay_current(|e| ctx.p.fighters.get(e).is_ok_and(|f| f.status.takes_turns()))
            {
                ctx.turn.delayed = true;
                ctx.note(Some(actor), || "delays.".into());
            }
        }
        Intent::Ready { trigger, intent } => {
            if let Ok(mut f) = ctx.p.fighters.get_mut(actor) {
                f.state.readied = Some((*trigger, (**intent).clone()));
            }
            ctx.note(Some(actor), || format!("readies an action ({trigger:?})."));
        }
        Intent::Flee => flee(ctx, actor),
        Intent::EndTurn | Intent::Pass | Intent::Defend | Intent::Retreat => {}
    }
}

/// A disengage check: a d20 against 11, -1 per foe beyond the first and -5 when grabbed by a
/// foe not hit this turn (AR-13, AR-29). Success frees the mover for its move; failure wastes
/// the move action and provokes nothing.
fn disengage(ctx: &mut Ctx, actor: Entity) {
    let foes = ctx.active_foes(actor).len();
    let grabbed_unhit = ctx
        .p
        .fighters
        .get(actor)
        .is_ok_and(|f| f.state.grabbed_by.is_some() && !f.state.hit_grabber);
    let needed = disengage_target(foes, grabbed_unhit);
    let (natural, roll) = ctx.d20();
    let success = natural >= needed;
    ctx.log_check(actor, "disengage", roll, needed, success);
    if success {
        ctx.release_all(actor);
        if let Ok(mut f) = ctx.p.fighters.get_mut(actor) {
            f.state.disengaged = true;
            f.state.free_move = true;
        }
        let id = ctx.id(actor);
        ctx.log.record(|| LogEvent::Disengaged { who: id });
    }
}

/// Rally: once a battle freely, again only after a normal save; a recovery heals (AR-25).
fn rally(ctx: &mut Ctx, actor: Entity) {
    let Ok(f) = ctx.p.fighters.get(actor) else {
        return;
    };
    if f.state.rallies > 0 {
        let (natural, roll) = ctx.d20();
        let success = natural >= 11;
        ctx.log_check(actor, "rally save", roll, 11, success);
        if !success {
            let round = ctx.encounter.round;
            if let Ok(mut f) = ctx.p.fighters.get_mut(actor) {
                f.state.rally_blocked_round = round;
                // A failed rally save costs nothing: the turn goes on normally.
                f.slots.standard = true;
            }
            return;
        }
    }
    if let Ok(mut f) = ctx.p.fighters.get_mut(actor) {
        f.state.rallies += 1;
    }
    ctx.use_recovery(actor, 0, "rally");
}

/// Stabilize: a DC 10 Wisdom check (d20 + Wis + level); 25+ costs only a quick action (AR-26).
fn stabilize(ctx: &mut Ctx, actor: Entity, target: Entity) {
    let Ok(f) = ctx.p.fighters.get(actor) else {
        return;
    };
    let bonus = i64::from(f.sheet.0.wis_mod + i32::from(f.sheet.0.level));
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
        && let Ok(mut f) = ctx.p.fighters.get_mut(actor)
    {
        f.slots.standard = true;
        f.slots.spend(Slot::Quick);
    }
    if success && let Ok(mut t) = ctx.p.fighters.get_mut(target) {
        t.state.stabilized = true;
        t.conditions.set_innate(Condition::Stabilized, true);
        let id = t.combatant.id;
        ctx.log.record(|| LogEvent::Note {
            who: Some(id),
            text: "is stabilized.".into(),
        });
    }
}

fn use_power(ctx: &mut Ctx, actor: Entity, index: usize, target: Entity) {
    let Ok(f) = ctx.p.fighters.get(actor) else {
        return;
    };
    let Some(power) = f.sheet.0.powers.get(index).cloned() else {
        return;
    };
    let target = match power.def.target {
        PowerTarget::Myself => actor,
        PowerTarget::NearbyAlly => target,
    };
    if matches!(power.def.usage, Usage::Daily | Usage::Recharge(_))
        && let Ok(mut f) = ctx.p.fighters.get_mut(actor)
        && let Some(spent) = f.state.powers_spent.get_mut(index)
    {
        *spent = true;
    }
    ctx.note(Some(actor), || format!("uses {}.", power.def.name));
    match &power.def.effect {
        PowerEffect::HealWithRecovery { bonus } => {
            ctx.use_recovery(target, *bonus, &power.def.name);
        }
        PowerEffect::Heal(dice) => {
            let (amount, roll) = ctx.roll(dice);
            if let Some(roll) = roll {
                let id = ctx.id(actor);
                ctx.log.push(LogEvent::Roll {
                    who: Some(id),
                    purpose: power.def.name.clone(),
                    roll,
                    target: None,
                    success: None,
                });
            }
            ctx.heal(target, amount as i32);
        }
        PowerEffect::TempHp(n) => {
            if let Ok(mut t) = ctx.p.fighters.get_mut(target) {
                t.hp.grant_temp(*n);
            }
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
    let party: Vec<Entity> = ctx
        .roster
        .entities()
        .filter(|&e| ctx.side(e) == side)
        .collect();
    for e in party {
        let Ok(mut f) = ctx.p.fighters.get_mut(e) else {
            continue;
        };
        if f.status.takes_turns() {
            *f.status = Status::Fled;
            let id = f.combatant.id;
            ctx.log.record(|| LogEvent::StatusChanged {
                who: id,
                status: Status::Fled,
            });
        }
    }
}
