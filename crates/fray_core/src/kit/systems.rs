//! The kit's systems: one per phase of the tick for each ruleset, each walking the ruleset's
//! encounters and calling its hooks and the core's flow.

use bevy_ecs::message::MessageWriter;
use bevy_ecs::prelude::*;

use crate::combatant::{Combatant, Hp, Status};
use crate::condition::Conditions;
use crate::effect::Effects;
use crate::encounter::InEncounter;
use crate::engagement::Engagement;
use crate::flow;
use crate::flow::durations;
use crate::flow::outcome::{
    TriggerView, battle_start_due, note_battle_start, note_status_triggers, progress, settle,
    side_outcome,
};
use crate::flow::phase::Phase;
use crate::flow::walk::{self, Next};
use crate::ids::CombatantId;
use crate::intent::{Intent, IntentKind};
use crate::kit::decision::{
    AiControllers, DecisionKind, KitDecision, Source, preview_option, with_reactions,
};
use crate::kit::offer::{Offer, kind_bit};
use crate::kit::resolution;
use crate::kit::{Ctx, Kit, Member, Members, RoundPlan, Rules, TurnBegins};
use crate::legality::{Occasion, Scope};
use crate::lineup::Lineup;
use crate::log::LogEvent;
use crate::outcome::{Progress, TickReport};
use crate::region::InRegion;
use crate::request::{ActionRejected, ActionResolved, RejectReason};
use crate::turn::Approved;
use crate::turn::Turn;

/// Combatants whose change [`Rules::Watch`] asks vitals for, with their encounters.
pub(crate) type Watched<'w, 's, R> = Query<
    'w,
    's,
    (Entity, &'static InEncounter, &'static Combatant),
    (With<Member<R>>, <R as Rules>::Watch),
>;

/// Combatants whose status changed since the system last ran, with their encounters.
pub(crate) type StatusChanged<'w, 's, R> = Query<
    'w,
    's,
    (Entity, &'static InEncounter, &'static Status),
    (With<Member<R>>, Changed<Status>),
>;

/// Combatants whose conditions changed since the system last ran, with their encounters: a
/// ruleset that counts the incapacitated as out of the fight ([`Rules::out_of_fight`]) may see
/// a morale trigger fire with no status changed.
pub(crate) type ConditionsChanged<'w, 's, R> =
    Query<'w, 's, &'static InEncounter, (With<Member<R>>, Changed<Conditions>)>;

/// What the turn's end reads: who vitals are due for, whose status or conditions changed, and
/// the ruleset's encounters and combatants.
pub(crate) type TurnEndParams<'w, 's, R> = ParamSet<
    'w,
    's,
    (
        Watched<'static, 'static, R>,
        StatusChanged<'static, 'static, R>,
        Kit<'static, 'static, R>,
        ConditionsChanged<'static, 'static, R>,
    ),
>;

/// Combatants whose components of the lineup changed since the system last ran (by the kit,
/// or from outside it), with their encounters.
pub(crate) type LineupChanged<'w, 's, R> = Query<
    'w,
    's,
    (
        Entity,
        &'static InEncounter,
        (
            &'static Status,
            &'static InRegion,
            &'static Hp,
            &'static Conditions,
            &'static Engagement,
            &'static Effects,
        ),
    ),
    (
        With<Member<R>>,
        Or<(
            Changed<Status>,
            Changed<InRegion>,
            Changed<Hp>,
            Changed<Conditions>,
            Changed<Engagement>,
            Changed<Effects>,
        )>,
    ),
>;

/// Buffers a system keeps between runs, so steady play allocates nothing.
#[derive(Default)]
pub(crate) struct Scratch {
    touched: Vec<(Entity, CombatantId, Entity)>,
    gone: Vec<(Entity, Entity, Status)>,
    effects: Vec<(u32, u16)>,
    encounters: Vec<Entity>,
    unsettled: Vec<Entity>,
    statuses: Vec<Status>,
    /// Combatants whose engagements a status change released: the gone and their foes.
    released: Vec<Entity>,
}

/// `Setup`, first: every row of a lineup whose combatant changed since the last tick is
/// copied again from its components. The kit's own changes are there already; anything else
/// (a game between ticks, a test) marks the decision on hand stale, so it is offered again.
pub(crate) fn sync<R: Rules>(
    changed: LineupChanged<R>,
    mut encounters: Query<(&mut Lineup, &mut Turn), With<<R as Rules>::Battle>>,
) {
    for (who, of, parts) in &changed {
        let Ok((mut lineup, mut turn)) = encounters.get_mut(of.0) else {
            continue;
        };
        let Some(index) = lineup.index(who) else {
            continue;
        };
        let outside = lineup
            .bypass_change_detection()
            .get_mut(index)
            .is_some_and(|row| row.refresh(parts));
        if outside {
            lineup.set_changed();
            turn.touch();
        }
    }
}

/// `Setup`: the ruleset sets new fights up (initiative); the fight begins.
pub(crate) fn setup<R: Rules>(mut kit: Kit<R>) {
    let Kit {
        encounters,
        members,
    } = &mut kit;
    for parts in encounters.iter_mut() {
        if parts.encounter.phase() != Phase::Setup {
            continue;
        }
        let mut ctx = Ctx::new(parts, members);
        if ctx.e.order.is_empty() {
            R::setup(&mut ctx);
        }
        flow::begin(&mut ctx.e.encounter);
    }
}

/// Walks from the current actor to the next one (applying the deferred status changes of
/// simultaneous steps as they end), then to its turn or the next round.
fn walk_on<R: Rules>(ctx: &mut Ctx<R>) -> Option<Entity> {
    loop {
        let next = {
            let e = &mut ctx.e;
            walk::next(&mut e.turn, &mut e.order, e.roster, &ctx.m.status)
        };
        match next {
            Next::Actor(actor) => {
                if R::has_turn(ctx, actor) {
                    return Some(actor);
                }
            }
            Next::RoundOver => return None,
            Next::Unit(unit) => {
                let mut steps = R::steps(ctx, unit);
                steps.count = steps.count.max(1);
                ctx.e.turn.steps = steps;
            }
            Next::StepOver => {
                let mut deferred = std::mem::take(&mut ctx.e.turn.deferred);
                for &(who, status) in &deferred {
                    ctx.apply_status(who, status);
                }
                deferred.clear();
                ctx.e.turn.deferred = deferred;
            }
        }
    }
}

/// `TurnStart`: a round starts (the ruleset's round-start rules, round-bound effects, maybe
/// declarations), then a turn: a new serial, start-of-turn effects, the ruleset's start-of-turn
/// rules, and the actor acts or not.
pub(crate) fn turn_start<R: Rules>(mut kit: Kit<R>, mut scratch: Local<Scratch>) {
    let Kit {
        encounters,
        members,
    } = &mut kit;
    for parts in encounters.iter_mut() {
        if !matches!(
            parts.encounter.phase(),
            Phase::RoundStart | Phase::TurnStart
        ) {
            continue;
        }
        let mut ctx = Ctx::new(parts, members);
        if ctx.e.encounter.phase() == Phase::RoundStart {
            let plan = R::round_start(&mut ctx);
            if ctx.e.encounter.phase() == Phase::Ended {
                // The ruleset concluded the fight ([`Ctx::conclude`]).
                continue;
            }
            {
                let (e, m) = (&mut ctx.e, &mut *ctx.m);
                durations::at_round_start(
                    e.encounter.round(),
                    &mut e.lineup,
                    &mut m.conditions,
                    &m.status,
                    &mut e.log,
                    R::vocabulary(),
                    &mut scratch.effects,
                );
            }
            if plan == RoundPlan::Declarations {
                ctx.e.turn.member = 0;
                flow::declare(&mut ctx.e.encounter);
                let first = next_declarer(&mut ctx);
                if first.is_none() {
                    finish_declarations(&mut ctx);
                }
                continue;
            }
            open_round(&mut ctx);
        }
        if ctx.e.encounter.phase() == Phase::TurnStart {
            begin_turn(&mut ctx, &mut scratch);
        }
    }
}

/// The round's turns begin: the log says so, and the first actor's turn starts (or, with
/// nobody in the order in the first round, the fight cannot start; with nobody having a turn,
/// the round passes).
fn open_round<R: Rules>(ctx: &mut Ctx<R>) {
    {
        let e = &mut ctx.e;
        walk::open_round(&e.encounter, &mut e.turn, &mut e.order, &mut e.log);
    }
    match walk_on(ctx) {
        Some(actor) => {
            let e = &mut ctx.e;
            walk::go_to(&mut e.encounter, &mut e.turn, &mut e.log, Some(actor));
        }
        None if ctx.e.encounter.round() <= 1 && ctx.e.order.is_empty() => {
            let outcome = crate::outcome::Outcome {
                winner: None,
                ending: crate::outcome::Ending::Aborted,
                round: 0,
            };
            let e = &mut ctx.e;
            flow::end(&mut e.encounter, &mut e.log, outcome);
        }
        // Nobody has a turn this round ([`Rules::has_turn`]), or nobody takes turns at all
        // (the fight's outcome ends it): the round passes, so the round limit still applies.
        None => {
            let e = &mut ctx.e;
            walk::go_to(&mut e.encounter, &mut e.turn, &mut e.log, None);
        }
    }
}

/// The next combatant asked to declare ([`Rules::declares`]), after the current one.
fn next_declarer<R: Rules>(ctx: &mut Ctx<R>) -> Option<Entity> {
    loop {
        let who = walk::next_declarer(&mut ctx.e.turn, ctx.e.roster, &ctx.m.status)?;
        if R::declares(ctx, who) {
            return Some(who);
        }
    }
}

/// Everyone has declared: the ruleset's follow-up, then the round's turns.
fn finish_declarations<R: Rules>(ctx: &mut Ctx<R>) {
    R::declarations_done(ctx);
    ctx.e.options.clear();
    // The declarations may have ended the fight (B/X: a parley the other side accepts).
    if ctx.e.encounter.phase() != Phase::Ended {
        open_round(ctx);
    }
}

/// The actor's turn begins.
fn begin_turn<R: Rules>(ctx: &mut Ctx<R>, scratch: &mut Scratch) {
    let actor = ctx.e.turn.actor;
    let who = actor.map(|a| ctx.id(a));
    {
        let (e, m) = (&mut ctx.e, &mut *ctx.m);
        walk::begin_turn(&mut e.encounter, &mut e.turn, &mut e.log, who);
        durations::at_turn_start(
            &e.turn,
            &mut e.lineup,
            &mut m.conditions,
            &mut e.log,
            R::vocabulary(),
            &mut scratch.effects,
        );
    }
    let Some(actor) = actor else {
        flow::open_turn(&mut ctx.e.encounter, false);
        return;
    };
    let begins = R::turn_start(ctx, actor);
    let acts = begins == TurnBegins::Act && ctx.is_active(actor);
    if begins == TurnBegins::Skip {
        flow::end_turn(&mut ctx.e.encounter, &mut ctx.e.turn);
    }
    flow::open_turn(&mut ctx.e.encounter, acts);
}

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
    *ctx.e.options = options;
    if external {
        for i in 0..ctx.e.options.list.len() {
            preview_option(ctx, actor, &occasion, Source::Offer, i);
        }
    }
}

/// Asks the AI controller of `actor`, if it has one, to decide from `source`'s options.
fn ask_ai<R: Rules>(
    ctx: &mut Ctx<R>,
    controllers: &AiControllers,
    (actor, kind, occasion, source): (Entity, DecisionKind, Occasion, Source),
) -> Option<usize> {
    let policy = match ctx.controller(actor) {
        Some(crate::combatant::Controller::Ai(name)) => controllers.0.policy(name)?,
        _ => return None,
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
/// requests).
pub(crate) fn decide<R: Rules>(mut kit: Kit<R>, controllers: Option<Res<AiControllers>>) {
    let Kit {
        encounters,
        members,
    } = &mut kit;
    for parts in encounters.iter_mut() {
        let phase = parts.encounter.phase();
        if !matches!(phase, Phase::Acting | Phase::Reacting | Phase::Declaring) {
            continue;
        }
        let mut ctx = Ctx::new(parts, members);
        match phase {
            Phase::Acting | Phase::Declaring => {
                let Some(actor) = ctx.e.turn.actor else {
                    continue;
                };
                if ctx.e.turn.request.is_some() || ctx.e.turn.approved.is_some() {
                    continue;
                }
                let (occasion, kind) = if phase == Phase::Acting {
                    (Occasion::Turn, DecisionKind::Turn)
                } else {
                    (Occasion::Declaration, DecisionKind::Declaration)
                };
                offer_decision(&mut ctx, actor, occasion, controllers.as_deref());
                let Some(controllers) = controllers.as_deref() else {
                    continue;
                };
                let choice = ask_ai(
                    &mut ctx,
                    controllers,
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
                    continue;
                }
                let Some(provoker) = ctx.e.turn.window.provoker else {
                    continue;
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
                                preview_option(&mut ctx, reactor, &occasion, Source::Reactor(i), j);
                            }
                        }
                        continue;
                    }
                    let Some(controllers) = controllers.as_deref() else {
                        continue;
                    };
                    let choice = ask_ai(
                        &mut ctx,
                        controllers,
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
}

/// `Validate`: a waiting request on a turn or a declaration is judged by the ruleset's
/// legality check, and approved with its price or refused with its reason.
pub(crate) fn validate<R: Rules>(mut kit: Kit<R>, mut rejected: MessageWriter<ActionRejected>) {
    let Kit {
        encounters,
        members,
    } = &mut kit;
    for parts in encounters.iter_mut() {
        let phase = parts.encounter.phase();
        if !matches!(phase, Phase::Acting | Phase::Declaring) || parts.turn.request.is_none() {
            continue;
        }
        let mut ctx = Ctx::new(parts, members);
        let Some(request) = ctx.e.turn.request.take() else {
            continue;
        };
        let occasion = if phase == Phase::Acting {
            Occasion::Turn
        } else {
            Occasion::Declaration
        };
        let judged = match request.legal {
            Some(legal) => Ok(with_reactions(
                &ctx,
                request.actor,
                &request.intent,
                &occasion,
                legal,
            )),
            None => ctx.check(request.actor, &request.intent, &occasion, Scope::Reactions),
        };
        match judged {
            Ok(legal) => {
                ctx.e.turn.approved = Some(Approved {
                    actor: request.actor,
                    intent: request.intent,
                    legal,
                });
            }
            Err(refusal) => {
                let encounter = ctx.e.entity;
                ctx.e.encounter.rejections = ctx.e.encounter.rejections.saturating_add(1);
                let reason = RejectReason::Illegal(refusal.0.into_owned());
                let who = ctx.e.roster.id_of(request.actor);
                ctx.e.log.record(|| LogEvent::Rejected {
                    who,
                    intent: format!("{:?}", request.intent.kind()),
                    reason: reason.to_string(),
                });
                rejected.write(ActionRejected {
                    encounter: Some(encounter),
                    actor: request.actor,
                    intent: request.intent,
                    reason,
                });
            }
        }
    }
}

/// `Resolve`: an approved intent resolves (its reactions first), a complete reaction window
/// closes, or a declaration is taken; every resolution is acknowledged.
pub(crate) fn resolve<R: Rules>(mut kit: Kit<R>, mut resolved: MessageWriter<ActionResolved>) {
    let Kit {
        encounters,
        members,
    } = &mut kit;
    for parts in encounters.iter_mut() {
        let phase = parts.encounter.phase();
        if !matches!(phase, Phase::Acting | Phase::Reacting | Phase::Declaring) {
            continue;
        }
        let mut ctx = Ctx::new(parts, members);
        match phase {
            Phase::Reacting if ctx.e.turn.window.is_open() && ctx.e.turn.window.is_complete() => {
                resolution::close(&mut ctx);
            }
            Phase::Acting => {
                if let Some(approved) = ctx.e.turn.approved.take() {
                    resolution::start(&mut ctx, approved);
                }
            }
            Phase::Declaring => {
                if let Some(approved) = ctx.e.turn.approved.take() {
                    R::declare(&mut ctx, approved.actor, approved.intent);
                    ctx.e.turn.record_resolved(approved.actor, approved.intent);
                    if R::declares_again(&ctx, approved.actor, &approved.intent) {
                        // The same declarer is asked again, with fresh options.
                        ctx.e.turn.touch();
                    } else if next_declarer(&mut ctx).is_none() {
                        finish_declarations(&mut ctx);
                    }
                }
            }
            _ => {}
        }
        if ctx.e.turn.resolved.is_empty() {
            continue;
        }
        let encounter = ctx.e.entity;
        let count = u32::try_from(ctx.e.turn.resolved.len()).unwrap_or(u32::MAX);
        ctx.e.encounter.actions = ctx.e.encounter.actions.saturating_add(count);
        for (actor, intent) in ctx.e.turn.resolved.drain(..) {
            resolved.write(ActionResolved {
                encounter,
                actor,
                intent,
            });
        }
    }
}

/// Runs [`Rules::vitals`] for every combatant [`Rules::Watch`] saw change, encounter by
/// encounter in roster order.
fn vitals<R: Rules>(kit: &mut Kit<R>, touched: &[(Entity, CombatantId, Entity)]) {
    let Kit {
        encounters,
        members,
    } = kit;
    for group in touched.chunk_by(|a, b| a.0 == b.0) {
        let Ok(parts) = encounters.get_mut(group[0].0) else {
            continue;
        };
        if parts.encounter.phase() == Phase::Ended {
            continue;
        }
        let mut ctx = Ctx::new(parts, members);
        for &(_, _, who) in group {
            R::vitals(&mut ctx, who);
        }
    }
}

/// Gathers the combatants [`Rules::Watch`] saw change, sorted by encounter and roster id.
fn gather_watched<R: Rules>(watched: &Watched<R>, out: &mut Vec<(Entity, CombatantId, Entity)>) {
    out.clear();
    out.extend(watched.iter().map(|(who, of, c)| (of.0, c.id, who)));
    out.sort_unstable();
}

/// `Aftermath`: vitals of whoever changed; an actor that fell ends its turn; a declarer that
/// fell declares nothing (the next one declares).
pub(crate) fn aftermath<R: Rules>(
    mut params: ParamSet<(Watched<R>, Kit<R>)>,
    mut scratch: Local<Scratch>,
) {
    gather_watched(&params.p0(), &mut scratch.touched);
    let mut kit = params.p1();
    vitals(&mut kit, &scratch.touched);
    let Kit {
        encounters,
        members,
    } = &mut kit;
    for mut parts in encounters.iter_mut() {
        let phase = parts.encounter.phase();
        if !matches!(phase, Phase::Acting | Phase::Reacting | Phase::Declaring) {
            continue;
        }
        let active = parts
            .turn
            .actor
            .and_then(|a| members.status.get(a).ok())
            .is_some_and(|s| s.is_active());
        if active {
            continue;
        }
        if phase == Phase::Declaring {
            let mut ctx = Ctx::new(parts, members);
            ctx.e.turn.request = None;
            ctx.e.turn.approved = None;
            if next_declarer(&mut ctx).is_none() {
                finish_declarations(&mut ctx);
            }
            continue;
        }
        parts.resolving.clear();
        flow::end_turn(&mut parts.encounter, &mut parts.turn);
    }
}

/// `TurnEnd`: the ruleset's end-of-turn rules (and the vitals they call for), effects that end
/// with the turn, the next actor or round; then engagements of the gone are dropped, falls are
/// counted and morale triggers noted.
pub(crate) fn turn_end<R: Rules>(mut params: TurnEndParams<R>, mut scratch: Local<Scratch>) {
    {
        let mut kit = params.p2();
        let Kit {
            encounters,
            members,
        } = &mut kit;
        for parts in encounters.iter_mut() {
            if parts.encounter.phase() != Phase::TurnEnd || parts.turn.delayed {
                continue;
            }
            let Some(actor) = parts.turn.actor else {
                continue;
            };
            let mut ctx = Ctx::new(parts, members);
            R::turn_end(&mut ctx, actor);
        }
    }
    gather_watched(&params.p0(), &mut scratch.touched);
    {
        let mut kit = params.p2();
        vitals(&mut kit, &scratch.touched);
        let Kit {
            encounters,
            members,
        } = &mut kit;
        for parts in encounters.iter_mut() {
            if parts.encounter.phase() != Phase::TurnEnd {
                continue;
            }
            let mut ctx = Ctx::new(parts, members);
            let who = ctx.e.turn.actor.map(|a| ctx.id(a));
            {
                let (e, m) = (&mut ctx.e, &mut *ctx.m);
                durations::at_turn_end(
                    &e.turn,
                    &mut e.lineup,
                    &mut m.conditions,
                    &mut e.log,
                    R::vocabulary(),
                    &mut scratch.effects,
                );
                walk::finish_turn(&mut e.turn, &mut e.log, who);
            }
            let next = walk_on(&mut ctx);
            let e = &mut ctx.e;
            walk::go_to(&mut e.encounter, &mut e.turn, &mut e.log, next);
        }
    }
    // Bookkeeping.
    let scratch = &mut *scratch;
    scratch.gone.clear();
    scratch
        .gone
        .extend(params.p1().iter().map(|(who, of, s)| (of.0, who, *s)));
    scratch
        .gone
        .sort_unstable_by_key(|(encounter, who, _)| (*encounter, *who));
    scratch.unsettled.clear();
    scratch.unsettled.extend(params.p3().iter().map(|of| of.0));
    scratch.unsettled.sort_unstable();
    scratch.unsettled.dedup();
    let mut kit = params.p2();
    let Kit {
        encounters,
        members,
    } = &mut kit;
    scratch.encounters.clear();
    scratch.released.clear();
    for &(encounter, who, status) in &scratch.gone {
        book_status(members, who, status, &mut scratch.released);
        if scratch.encounters.last() != Some(&encounter) {
            scratch.encounters.push(encounter);
        }
    }
    for mut parts in encounters.iter_mut() {
        let touched = scratch.encounters.binary_search(&parts.entity).is_ok();
        if touched {
            // The engagements of the gone were dropped above: their rows follow.
            mirror_engagements(&mut parts.lineup, members, &scratch.released);
        }
        let touched = touched || scratch.unsettled.binary_search(&parts.entity).is_ok();
        if battle_start_due(&parts.encounter, &parts.morale) {
            note_battle_start(
                &parts.encounter,
                parts.sides,
                &mut parts.morale,
                &mut parts.log,
            );
        }
        if touched {
            note_triggers(&mut parts, members);
        }
    }
}

/// Copies the engagements of `released` (those of `lineup`'s encounter; others are passed
/// over) into their rows of `lineup`: the rows a release left behind their components.
fn mirror_engagements<R: Rules>(
    lineup: &mut crate::lineup::Lineup,
    members: &Members<R>,
    released: &[Entity],
) {
    for &who in released {
        if let (Ok(engagement), Some(row)) = (members.engagement.get(who), lineup.row_mut(who)) {
            row.engagement.clone_from(engagement);
        }
    }
}

/// What a change of status means to the kit: the gone let go of their engagements (they and
/// their foes are added to `released`), and falls are tallied. Doing it twice for the same
/// status changes nothing.
fn book_status<R: Rules>(
    members: &mut Members<R>,
    who: Entity,
    status: Status,
    released: &mut Vec<Entity>,
) {
    if status.is_gone() {
        if let Ok(engagement) = members.engagement.get(who) {
            released.push(who);
            released.extend(engagement.foes());
        }
        crate::engagement::release_all(&mut members.engagement, who);
    }
    if let Ok(mut tally) = members.tally.get_mut(who) {
        tally.note_status(status);
    }
}

/// Notes the morale triggers the encounter's statuses now fire.
fn note_triggers<R: Rules>(
    parts: &mut crate::kit::EncounterPartsItem<'_, '_, R>,
    members: &Members<R>,
) {
    note_status_triggers(
        &parts.encounter,
        parts.roster,
        parts.sides,
        &mut parts.morale,
        &mut parts.log,
        |e| {
            let (_, leader) = members.morale.get(e).ok()?;
            let status = *members.status.get(e).ok()?;
            let (conditions, _) = members.conditions.get(e).ok()?;
            Some(TriggerView {
                status,
                out: R::out_of_fight(status, conditions),
                leader,
            })
        },
    );
}

/// `Morale`: the ruleset rolls the checks the triggers call for; the queue is cleared.
///
/// A check can change statuses (a side flees or surrenders). Those changes are booked at once,
/// and the triggers they fire (half the side out, the leader gone) are checked in the same
/// tick, so a fight that then waits on a decision has nothing left to settle: the next tick,
/// whatever requests it brings, finds the fight as it was left.
pub(crate) fn morale<R: Rules>(mut kit: Kit<R>, mut scratch: Local<Scratch>) {
    let Kit {
        encounters,
        members,
    } = &mut kit;
    let Scratch {
        statuses, released, ..
    } = &mut *scratch;
    for parts in encounters.iter_mut() {
        if parts.morale.pending.is_empty() {
            continue;
        }
        let mut ctx = Ctx::new(parts, members);
        if ctx.e.encounter.phase() != Phase::Ended {
            let mut i = 0;
            loop {
                statuses.clear();
                let m = &*ctx.m;
                statuses.extend(
                    ctx.e
                        .roster
                        .entries
                        .iter()
                        .map(|entry| m.status.get(entry.entity).map_or(Status::Dead, |s| *s)),
                );
                while let Some(&(side, trigger)) = ctx.e.morale.pending.get(i) {
                    R::morale(&mut ctx, side, trigger);
                    i += 1;
                }
                let (e, m) = (&mut ctx.e, &mut *ctx.m);
                let mut changed = false;
                released.clear();
                for (entry, &before) in e.roster.entries.iter().zip(statuses.iter()) {
                    let Ok(&now) = m.status.get(entry.entity) else {
                        continue;
                    };
                    if now != before {
                        changed = true;
                        book_status(m, entry.entity, now, released);
                    }
                }
                if !changed {
                    break;
                }
                mirror_engagements(&mut e.lineup, m, released);
                note_triggers(e, m);
                // Each trigger fires once a battle, so this ends.
                if e.morale.pending.len() <= i {
                    break;
                }
            }
        }
        ctx.e.morale.pending.clear();
    }
}

/// `Outcome`: a fight with at most one side able to fight, past its round limit or stalled
/// ends; what lasts only a fight ends with it; the tick's report counts every encounter.
pub(crate) fn outcome<R: Rules>(
    mut params: ParamSet<(StatusChanged<R>, Kit<R>)>,
    mut report: ResMut<TickReport>,
    mut scratch: Local<Scratch>,
) {
    scratch.encounters.clear();
    scratch
        .encounters
        .extend(params.p0().iter().map(|(_, of, _)| of.0));
    scratch.encounters.sort_unstable();
    scratch.encounters.dedup();
    let mut kit = params.p1();
    let Kit {
        encounters,
        members,
    } = &mut kit;
    for parts in encounters.iter_mut() {
        if parts.encounter.phase() == Phase::Ended {
            report.count(Progress::Ended);
            continue;
        }
        let mut ctx = Ctx::new(parts, members);
        let touched = scratch.encounters.binary_search(&ctx.e.entity).is_ok();
        let ending = if touched && ctx.e.encounter.phase() != Phase::Setup {
            side_outcome(ctx.e.roster, ctx.e.sides, |e| {
                ctx.m.status.get(e).ok().copied()
            })
        } else {
            None
        };
        let state = progress(&ctx.e.encounter, &ctx.e.turn, &ctx.e.options, |e| {
            ctx.m.controllers.get(e).is_ok_and(|c| c.is_external())
        });
        let state = {
            let e = &mut ctx.e;
            settle(&mut e.encounter, &e.turn, &mut e.log, ending, state)
        };
        if state == Progress::Ended {
            ctx.e.resolving.clear();
            {
                let (e, m) = (&mut ctx.e, &mut *ctx.m);
                durations::at_battle_end(&mut e.lineup, &mut m.conditions);
            }
            R::battle_end(&mut ctx);
            // What the fight's end changed (the fallen stabilized or dead at last) counts now:
            // no later tick of this encounter runs the turn's bookkeeping.
            let m = &mut *ctx.m;
            for entry in &ctx.e.roster.entries {
                if let (Ok(status), Ok(mut tally)) =
                    (m.status.get(entry.entity), m.tally.get_mut(entry.entity))
                {
                    tally.note_status(*status);
                }
            }
        }
        report.count(state);
    }
}
