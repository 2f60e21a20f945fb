//! `Decide`: the decider's options are offered, and AI controllers choose.

use bevy_ecs::prelude::*;

use super::each_in_phase;
use crate::flow::phase::Phase;
use crate::intent::{Intent, IntentKind};
use crate::kit::decision::{AiControllers, DecisionKind, KitDecision, Source, show_option};
use crate::kit::forward::{ForwardModel, PlayForward};
use crate::kit::offer::{Offer, kind_bit};
use crate::kit::surrender;
use crate::kit::{Ctx, Kit, Rules};
use crate::legality::Occasion;

/// Fills the options of `actor`'s decision on `occasion` (when they are stale); an external
/// decider gets every preview at once, for its UI.
///
/// An AI deciding its own turn gets only the kinds of intent its policy may take
/// ([`Controllers::passes_over`](crate::kit::Controllers::passes_over)): the others are never
/// checked. If ending the turn is not among them, the turn may not end and the whole offer is
/// made instead, so the policy chooses exactly as it would from every option.
fn offer_decision<R: Rules>(
    ctx: &mut Ctx<R>,
    actor: Entity,
    occasion: Occasion,
    controllers: Option<&AiControllers>,
) {
    let version = ctx.e.turn.version;
    let external = ctx.controller(actor).is_some_and(|c| c.is_external());
    if ctx.e.options.is_current(Some(actor), version) && !(external && ctx.e.options.partial) {
        return;
    }
    let skip = match (occasion, controllers, ctx.controller(actor)) {
        (Occasion::Turn, Some(controllers), Some(crate::combatant::Controller::Ai(name))) => {
            controllers.0.policy(name).map_or(0, |policy| {
                IntentKind::ALL
                    .iter()
                    .filter(|kind| **kind != IntentKind::EndTurn)
                    .filter(|kind| controllers.0.passes_over(policy, **kind))
                    .fold(0, |bits, kind| bits | kind_bit(*kind))
            })
        }
        _ => 0,
    };
    let mut options = std::mem::take(&mut *ctx.e.options);
    for skip in [skip, 0] {
        options.reset(Some(actor), version);
        if let Some(me) = ctx.actor(actor) {
            let mut offer = Offer {
                ctx: &*ctx,
                actor: me,
                occasion,
                sink: &mut options,
                skip,
            };
            R::offer(&mut offer);
        }
        options.partial = skip != 0;
        if skip == 0 || options.list.iter().any(|o| o.intent == Intent::EndTurn) {
            break;
        }
    }
    if surrender::may(ctx, actor, &occasion) {
        surrender::offer(&mut options);
    }
    *ctx.e.options = options;
    if external {
        for i in 0..ctx.e.options.list.len() {
            show_option(ctx, actor, &occasion, Source::Offer, i);
        }
    }
}

/// Offers the decision on hand again at once after an edit (the turn's or the declaration's,
/// when its decider is external and has sent nothing yet), so a client reads the new options.
pub(crate) fn reoffer<R: Rules>(ctx: &mut Ctx<R>) {
    let occasion = match ctx.e.encounter.phase() {
        Phase::Acting => Occasion::Turn,
        Phase::Declaring => Occasion::Declaration,
        _ => return,
    };
    let Some(actor) = ctx.e.turn.actor else {
        return;
    };
    let external = ctx.controller(actor).is_some_and(|c| c.is_external());
    if external && ctx.e.turn.request.is_none() && ctx.e.turn.approved.is_none() {
        offer_decision(ctx, actor, occasion, None);
    }
}

/// What a decision whose policy looks ahead gets: in the first pass, a forward model to defer
/// it to (or none: it is asked without one); in the second, the forward model itself.
pub(crate) enum Ahead<'f> {
    /// No forward model in this World: every decision is asked at once.
    None,
    /// The first pass: decisions of policies that look ahead are left to the forward model.
    Defer(&'f ForwardModel),
    /// The second pass: those decisions are asked with the forward model.
    Play(&'f mut dyn PlayForward),
}

/// Asks the AI controller of `actor`, if it has one, to decide from `source`'s options.
fn ask_ai<R: Rules>(
    ctx: &mut Ctx<R>,
    controllers: &AiControllers,
    ahead: &mut Ahead<'_>,
    (actor, kind, occasion, source): (Entity, DecisionKind, Occasion, Source),
) -> Option<usize> {
    let policy = match ctx.controller(actor) {
        Some(crate::combatant::Controller::Ai(name)) => controllers.0.policy(name)?,
        _ => return None,
    };
    let looks_ahead = controllers.0.looks_ahead(policy) && {
        let options = match source {
            Source::Offer => &ctx.e.options.list[..],
            Source::Reactor(i) => ctx.e.turn.window.offers(i),
        };
        // Surrender, offered on every turn, is no choice to play forward unless its tactics
        // take it (the policy sees to that).
        options
            .iter()
            .filter(|o| o.intent != Intent::Surrender)
            .count()
            > 1
    };
    let forward: Option<&mut dyn PlayForward> = match ahead {
        Ahead::Defer(model) if looks_ahead => {
            model.defer(ctx.e.entity);
            return None;
        }
        // Only the deciders left for it are asked in the second pass.
        Ahead::Play(_) if !looks_ahead => return None,
        Ahead::Play(forward) => Some(&mut **forward as &mut dyn PlayForward),
        _ => None,
    };
    let (threat, engaged) = match ctx.engagement(actor) {
        Some(e) => (
            e.foes().filter(|f| ctx.is_active(*f)).count(),
            e.is_engaged(),
        ),
        None => (0, false),
    };
    let morale_broken = ctx.morale(actor).is_some_and(|(m, _)| m.broken);
    let mut decision = KitDecision {
        ctx,
        forward,
        kind,
        actor,
        occasion,
        source,
        threat,
        engaged,
        morale_broken,
    };
    controllers.0.choose(policy, &mut decision)
}

/// `Decide`: the decider's options are offered, and AI controllers choose (external ones send
/// requests). Decisions of policies that look ahead are left to the forward model, when the
/// World has one ([`decide_ahead`](crate::kit::forward::decide_ahead) asks them again).
pub(crate) fn decide<R: Rules>(
    mut kit: Kit<R>,
    controllers: Option<Res<AiControllers>>,
    model: Option<Res<ForwardModel>>,
) {
    each_in_phase(
        &mut kit,
        |phase| matches!(phase, Phase::Acting | Phase::Reacting | Phase::Declaring),
        |ctx, phase| {
            let ahead = match model.as_deref() {
                Some(model) => Ahead::Defer(model),
                None => Ahead::None,
            };
            decide_in(ctx, phase, controllers.as_deref(), ahead);
        },
    );
}

/// The decisions on hand in one encounter in `phase`: the decider's options offered, and AI
/// controllers asked (`ahead` says what becomes of decisions of policies that look ahead).
pub(crate) fn decide_in<R: Rules>(
    ctx: &mut Ctx<R>,
    phase: Phase,
    controllers: Option<&AiControllers>,
    mut ahead: Ahead<'_>,
) {
    match phase {
        Phase::Acting | Phase::Declaring => {
            let Some(actor) = ctx.e.turn.actor else {
                return;
            };
            if ctx.e.turn.request.is_some() || ctx.e.turn.approved.is_some() {
                return;
            }
            let (occasion, kind) = if phase == Phase::Acting {
                (Occasion::Turn, DecisionKind::Turn)
            } else {
                (Occasion::Declaration, DecisionKind::Declaration)
            };
            offer_decision(ctx, actor, occasion, controllers);
            let Some(controllers) = controllers else {
                return;
            };
            let choice = ask_ai(
                ctx,
                controllers,
                &mut ahead,
                (actor, kind, occasion, Source::Offer),
            );
            if let Some(i) = choice
                && let (Some(option), Some(legal)) =
                    (ctx.e.options.list.get(i), ctx.e.options.legal.get(i))
            {
                let request = crate::turn::Request {
                    actor,
                    intent: option.intent,
                    from: None,
                    legal: Some(legal.clone()),
                };
                ctx.e.turn.request = Some(request);
            }
        }
        Phase::Reacting => {
            if !ctx.e.turn.window.is_open() {
                return;
            }
            let Some(provoker) = ctx.e.turn.window.provoker else {
                return;
            };
            let intent = ctx
                .e
                .resolving
                .answering()
                .unwrap_or(crate::intent::Intent::Pass);
            let occasion = Occasion::Reaction {
                provoker,
                intent,
                kind: ctx.e.turn.window.kind,
            };
            let reactors = ctx.e.turn.window.reactors().len();
            for i in 0..reactors {
                if ctx.e.turn.window.reactors()[i].answer.is_some() {
                    continue;
                }
                let reactor = ctx.e.turn.window.reactors()[i].reactor;
                let external = ctx.controller(reactor).is_some_and(|c| c.is_external());
                if external {
                    for j in 0..ctx.e.turn.window.offers(i).len() {
                        if ctx.e.turn.window.offers(i)[j].preview.is_none() {
                            show_option(ctx, reactor, &occasion, Source::Reactor(i), j);
                        }
                    }
                    continue;
                }
                let Some(controllers) = controllers else {
                    continue;
                };
                let choice = ask_ai(
                    ctx,
                    controllers,
                    &mut ahead,
                    (
                        reactor,
                        DecisionKind::Reaction,
                        occasion,
                        Source::Reactor(i),
                    ),
                );
                if let Some(choice) = choice {
                    ctx.e.turn.window.answer_with(i, choice);
                }
            }
        }
        _ => {}
    }
}
