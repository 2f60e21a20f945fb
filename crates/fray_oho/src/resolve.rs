//! Resolving the approved intent: its time comes off the gauge; withheld actions it sets off
//! fire first (OHO-05), then the attacks of opportunity it draws (OHO-14), then the intent
//! itself - unless it is a full-round action, which waits for the end of the round (OHO-03).

use bevy_ecs::prelude::*;
use fray_core::engagement::release_all;
use fray_core::prelude::*;
use fray_core::reaction::{Provocation, ReactionWindow, Reactor};
use fray_core::turn::Approved;

use crate::attack::{Mode, perform};
use crate::ctx::{Ctx, EncounterParts, Params};
use crate::fighter::able;
use crate::odds::OddsCache;
use crate::offer::{Labels, preview, threatens};
use crate::rules::{QUICK, REACTION};
use crate::state::{FullRound, Withheld};

/// Where a parked intent resumes after a reaction window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    /// Withheld actions it sets off.
    Triggers,
    /// Attacks of opportunity it draws.
    Provokes,
    /// The intent itself.
    Execute,
}

/// Resolves the approved intent, or the complete reaction window, of every OHO encounter.
pub(crate) fn resolve(
    mut encounters: Query<EncounterParts>,
    mut p: Params,
    mut cache: ResMut<OddsCache>,
) {
    for mut parts in &mut encounters {
        if !matches!(parts.encounter.phase, Phase::Acting | Phase::Reacting) {
            continue;
        }
        let mut ctx = Ctx::new(&mut p, &mut parts);
        if ctx.encounter.phase == Phase::Reacting {
            if let Some(window) = ctx.turn.take_complete_window() {
                ctx.encounter.phase = Phase::Acting;
                close_window(&mut ctx, &mut cache, window);
            }
        } else if let Some(approved) = ctx.turn.approved.take() {
            if let Cost::Seconds(t) = approved.cost {
                ctx.spend(approved.actor, t);
            }
            proceed(&mut ctx, &mut cache, approved, Stage::Triggers);
        }
    }
}

fn proceed(ctx: &mut Ctx, cache: &mut OddsCache, approved: Approved, from: Stage) {
    if !ctx.can_act(approved.actor) {
        finish(ctx, approved);
        return;
    }
    if from <= Stage::Triggers
        && let Some((provocation, reactors)) = trigger_window(ctx, cache, &approved)
    {
        open(ctx, approved, provocation, reactors);
        return;
    }
    if from <= Stage::Provokes
        && let Some(reactors) = provoke_window(ctx, cache, &approved)
    {
        open(ctx, approved, Provocation::LeavingEngagement, reactors);
        return;
    }
    execute(ctx, &approved);
    finish(ctx, approved);
}

fn open(ctx: &mut Ctx, approved: Approved, provocation: Provocation, reactors: Vec<Reactor>) {
    ctx.turn.window = Some(ReactionWindow {
        provoker: approved.actor,
        provocation,
        parked: approved,
        reactors,
    });
    ctx.encounter.phase = Phase::Reacting;
}

/// Records the resolution. The turn ends when asked, or when the gauge holds less than a quick
/// action: the turn lasts only while the gauge has time for something (OHO-01). What is left
/// stays for reactions until the creature's next turn.
fn finish(ctx: &mut Ctx, approved: Approved) {
    let actor = approved.actor;
    let ends = matches!(approved.intent, Intent::EndTurn);
    ctx.turn.record_resolved(actor, approved.intent);
    let spent = ctx
        .p
        .fighters
        .get(actor)
        .is_ok_and(|f| f.atg.remaining < QUICK);
    if ctx.encounter.phase == Phase::Acting && Some(actor) == ctx.turn.actor && (ends || spent) {
        ctx.encounter.phase = Phase::TurnEnd;
    }
}

fn close_window(ctx: &mut Ctx, cache: &mut OddsCache, window: ReactionWindow) {
    let provoker = window.provoker;
    for (reactor, intent) in window.reactions() {
        if !ctx.can_act(reactor) || !ctx.can_act(provoker) {
            continue;
        }
        let (id, against) = (ctx.id(reactor), ctx.id(provoker));
        let provocation = window.provocation;
        ctx.log.record(|| LogEvent::Reaction {
            who: id,
            against,
            provocation: provocation.to_string(),
        });
        match window.provocation {
            Provocation::Readied(_) => fire_withheld(ctx, reactor, intent),
            _ => {
                // An attack of opportunity: a reaction, half a second from the reactor's gauge.
                if let Intent::Attack {
                    attack, maneuver, ..
                } = intent
                {
                    ctx.spend(reactor, REACTION);
                    perform(
                        ctx,
                        reactor,
                        provoker,
                        attack.index(),
                        *maneuver,
                        Mode::Opportunity,
                    );
                }
            }
        }
        ctx.turn.record_resolved(reactor, intent.clone());
    }
    let next = match window.provocation {
        Provocation::Readied(_) => Stage::Provokes,
        _ => Stage::Execute,
    };
    proceed(ctx, cache, window.parked, next);
}

/// A withheld action fires (its time was paid when it was withheld).
fn fire_withheld(ctx: &mut Ctx, reactor: Entity, intent: &Intent) {
    if let Ok(mut f) = ctx.p.fighters.get_mut(reactor) {
        f.state.withheld = None;
    }
    match intent {
        Intent::Attack {
            target,
            attack,
            maneuver,
        } => {
            let reach = ctx.weapon(reactor, *attack).map_or(0, |w| w.reach);
            if ctx.map.hops(ctx.region(reactor), ctx.region(*target)) > reach {
                ctx.note(Some(reactor), || {
                    "cannot reach: the withheld strike is lost.".into()
                });
                return;
            }
            if !ctx.engaging(reactor, *target) {
                // Closing in was paid for with the withheld action, but it may not engage more
                // creatures than its limit (OHO-13): if it engaged another since, the strike is
                // lost.
                if !ctx.has_room_to_engage(reactor) {
                    ctx.note(Some(reactor), || {
                        "engages as many creatures as it can: the withheld strike is lost.".into()
                    });
                    return;
                }
                ctx.engage(reactor, *target);
            }
            perform(
                ctx,
                reactor,
                *target,
                attack.index(),
                *maneuver,
                Mode::Withheld,
            );
        }
        Intent::Move { to } => {
            let here = ctx.region(reactor);
            let round = ctx.encounter.round;
            let threatened = ctx
                .p
                .engagements
                .get(reactor)
                .map(|e| e.engaged_by().to_vec())
                .unwrap_or_default()
                .into_iter()
                .any(|x| {
                    ctx.p
                        .fighters
                        .get(x)
                        .is_ok_and(|x| threatens(&x, here, round))
                });
            if threatened {
                ctx.note(Some(reactor), || {
                    "is engaged and cannot slip away: the withheld move is lost.".into()
                });
                return;
            }
            ctx.move_to(reactor, *to);
            drop_out_of_reach(ctx, reactor);
        }
        _ => {}
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

/// Whether a withheld action of `reactor` is set off by `provoker` doing `intent` (OHO-05):
/// a withheld strike at `provoker` fires when it attacks the reactor, moves, or engages the
/// reactor, as its trigger says; a withheld move fires when anyone engages the reactor.
fn sets_off(w: &Withheld, reactor: Entity, provoker: Entity, intent: &Intent) -> bool {
    let aimed_at_provoker =
        |i: &Intent| matches!(i, Intent::Attack { target, .. } if *target == provoker);
    match (w.trigger, intent) {
        (Trigger::EnemyAttacksMe, Intent::Attack { target, .. }) => {
            *target == reactor && aimed_at_provoker(&w.intent)
        }
        (Trigger::EnemyMoves, Intent::Move { .. }) => aimed_at_provoker(&w.intent),
        (Trigger::EnemyEngagesMe, Intent::Engage { target }) => {
            *target == reactor
                && (aimed_at_provoker(&w.intent) || matches!(w.intent, Intent::Move { .. }))
        }
        _ => false,
    }
}

/// The withheld actions this intent sets off (OHO-05).
fn trigger_window(
    ctx: &mut Ctx,
    cache: &mut OddsCache,
    approved: &Approved,
) -> Option<(Provocation, Vec<Reactor>)> {
    // Only attacking, moving and engaging set anything off; an attack or an engagement only
    // what its target withholds (see `sets_off`).
    let only = match approved.intent {
        Intent::Attack { target, .. } | Intent::Engage { target } => Some(target),
        Intent::Move { .. } => None,
        _ => return None,
    };
    let actor = approved.actor;
    let side = ctx.side(actor);
    let mut reactors = Vec::new();
    let mut trigger = None;
    for e in ctx
        .roster
        .entities()
        .filter(|e| only.is_none_or(|t| t == *e))
    {
        let Ok(f) = ctx.p.fighters.get(e) else {
            continue;
        };
        if Some(f.side.0) == side || !able(*f.status, f.conditions) {
            continue;
        }
        let Some(w) = &f.state.withheld else {
            continue;
        };
        if !sets_off(w, e, actor, &approved.intent) {
            continue;
        }
        let preview = match &w.intent {
            Intent::Attack { attack, .. } => match (
                f.sheet.0.weapons.get(attack.index()),
                ctx.p.fighters.get(actor),
            ) {
                (Some(weapon), Ok(t)) => preview(cache, &f, weapon, &t, None),
                _ => Preview::default(),
            },
            _ => Preview::certain(),
        };
        let label = match &w.intent {
            Intent::Attack { attack, .. } => f.sheet.0.weapons.get(attack.index()).map_or_else(
                || Labels::get().pass.clone(),
                |w| w.withheld_label().clone(),
            ),
            _ => Labels::get().withhold_move.clone(),
        };
        trigger = Some(w.trigger);
        reactors.push(Reactor {
            reactor: e,
            offers: vec![
                ActionOption {
                    intent: w.intent.clone(),
                    cost: Cost::Free,
                    preview,
                    label,
                },
                pass(),
            ],
            answer: None,
        });
    }
    trigger.map(|t| (Provocation::Readied(t), reactors))
}

/// Leaving the threatened space of creatures that engage you, without disengaging, gives each
/// an attack of opportunity (OHO-14): a reaction of 0.5 s, with any weapon but a full-round one,
/// aimed at nothing in particular.
fn provoke_window(
    ctx: &mut Ctx,
    cache: &mut OddsCache,
    approved: &Approved,
) -> Option<Vec<Reactor>> {
    let Intent::Move { .. } = approved.intent else {
        return None;
    };
    let actor = approved.actor;
    let here = ctx.region(actor);
    let round = ctx.encounter.round;
    let engagers = ctx
        .p
        .engagements
        .get(actor)
        .map(|e| e.engaged_by().to_vec())
        .unwrap_or_default();
    let mut reactors = Vec::new();
    let Ok(target) = ctx.p.fighters.get(actor) else {
        return None;
    };
    for e in engagers {
        let Ok(x) = ctx.p.fighters.get(e) else {
            continue;
        };
        if !threatens(&x, here, round) {
            continue;
        }
        let mut offers: Vec<ActionOption> = x
            .sheet
            .0
            .weapons
            .iter()
            .enumerate()
            .filter(|(_, w)| !w.full_round)
            .map(|(i, w)| ActionOption {
                intent: Intent::Attack {
                    target: actor,
                    attack: AttackId(i as u16),
                    maneuver: Maneuver::Standard,
                },
                cost: Cost::Seconds(REACTION),
                preview: preview(cache, &x, w, &target, None),
                label: w.label.clone(),
            })
            .collect();
        if offers.is_empty() {
            continue;
        }
        offers.push(pass());
        reactors.push(Reactor {
            reactor: e,
            offers,
            answer: None,
        });
    }
    (!reactors.is_empty()).then_some(reactors)
}

fn execute(ctx: &mut Ctx, approved: &Approved) {
    let actor = approved.actor;
    match &approved.intent {
        Intent::Attack {
            target,
            attack,
            maneuver,
        } => {
            let full_round = ctx.weapon(actor, *attack).is_some_and(|w| w.full_round);
            if full_round {
                // It takes the whole turn and lands at the end of the round; no reactions until
                // then (OHO-03).
                let round = ctx.encounter.round;
                if let Ok(mut f) = ctx.p.fighters.get_mut(actor) {
                    f.state.full_round_in = round;
                }
                ctx.battle.pending.push(FullRound {
                    actor,
                    intent: approved.intent.clone(),
                });
                ctx.note(Some(actor), || {
                    "begins a full-round action: it lands at the end of the round.".into()
                });
            } else {
                perform(ctx, actor, *target, attack.index(), *maneuver, Mode::Action);
            }
        }
        Intent::Engage { target } => {
            let reach = ctx.p.fighters.get(actor).map_or(0, |f| f.sheet.0.reach());
            let far = ctx.map.hops(ctx.region(actor), ctx.region(*target)) > reach;
            if far || !ctx.can_act(*target) {
                ctx.note(Some(actor), || {
                    "finds its target gone: the engage comes to nothing.".into()
                });
            } else {
                ctx.engage(actor, *target);
            }
        }
        Intent::Disengage => {
            release_all(&mut ctx.p.engagements, actor);
            let id = ctx.id(actor);
            ctx.log.record(|| LogEvent::Disengaged { who: id });
        }
        Intent::Move { to } => {
            ctx.move_to(actor, *to);
            drop_out_of_reach(ctx, actor);
        }
        Intent::Ready { trigger, intent } => {
            if let Ok(mut f) = ctx.p.fighters.get_mut(actor) {
                f.state.withheld = Some(Withheld {
                    trigger: *trigger,
                    intent: (**intent).clone(),
                });
            }
            ctx.note(Some(actor), || {
                format!("withholds an action until {}.", describe_trigger(*trigger))
            });
        }
        _ => {}
    }
}

/// A trigger in words.
pub(crate) fn describe_trigger(trigger: Trigger) -> &'static str {
    match trigger {
        Trigger::EnemyAttacksMe => "its foe attacks it",
        Trigger::EnemyMoves => "its foe moves",
        Trigger::EnemyEngagesMe => "an enemy engages it",
    }
}

/// After a move, engagements whose engager no longer reaches its target end.
pub(crate) fn drop_out_of_reach(ctx: &mut Ctx, moved: Entity) {
    let pairs: Vec<(Entity, Entity)> = ctx
        .p
        .engagements
        .get(moved)
        .map(|e| {
            e.engaging()
                .iter()
                .map(|t| (moved, *t))
                .chain(e.engaged_by().iter().map(|s| (*s, moved)))
                .collect()
        })
        .unwrap_or_default();
    for (engager, target) in pairs {
        let reach = ctx.p.fighters.get(engager).map_or(0, |f| f.sheet.0.reach());
        if ctx.map.hops(ctx.region(engager), ctx.region(target)) > reach {
            ctx.release(engager, target);
        }
    }
}

/// At the end of the round, the full-round actions taken in it land (OHO-03): an attack whose
/// maker is still able, still engages its target and still reaches it. It runs as the next
/// round starts, before anyone's turn, and is logged as part of the round that ended.
pub(crate) fn land_full_rounds(mut encounters: Query<EncounterParts>, mut p: Params) {
    for mut parts in &mut encounters {
        if parts.encounter.phase != Phase::RoundStart || parts.battle.pending.is_empty() {
            continue;
        }
        let pending = std::mem::take(&mut parts.battle.pending);
        let mut ctx = Ctx::new(&mut p, &mut parts);
        // The round has already been counted up: what lands belongs to the end of the round
        // before, and the log says so (the core sets the clock again when the round starts).
        let (ended, serial) = (ctx.encounter.round.saturating_sub(1), ctx.turn.serial);
        ctx.log.set_clock(ended, serial);
        for FullRound { actor, intent } in pending {
            let Intent::Attack {
                target,
                attack,
                maneuver,
            } = intent
            else {
                continue;
            };
            let reach = ctx.weapon(actor, attack).map_or(0, |w| w.reach);
            let lands = ctx.can_act(actor)
                && ctx.can_act(target)
                && ctx.engaging(actor, target)
                && ctx.map.hops(ctx.region(actor), ctx.region(target)) <= reach;
            if lands {
                ctx.note(Some(actor), || "completes its full-round action.".into());
                perform(
                    &mut ctx,
                    actor,
                    target,
                    attack.index(),
                    maneuver,
                    Mode::FullRound,
                );
            } else {
                ctx.note(Some(actor), || "loses its full-round action.".into());
            }
        }
    }
}
