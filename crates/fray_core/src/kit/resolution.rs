//! The staged resolution driver: an approved intent's reactions, kind by kind, then the
//! intent itself, pausing on reaction windows with the ruleset's continuation state.

use std::sync::{Arc, OnceLock};

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::combatant::Controller;
use crate::cost::Cost;
use crate::flow;
use crate::flow::phase::Phase;
use crate::intent::Intent;
use crate::kit::decision::{Source, show_option};
use crate::kit::offer::{Offer, OfferSink};
use crate::kit::surrender;
use crate::kit::{Ctx, Rules, RulesBase};
use crate::legality::{Legal, Occasion};
use crate::options::ActionOption;
use crate::reaction::ReactionWindow;
use crate::turn::Approved;

/// What comes of a ruleset's [`Resolution::execute`](crate::kit::Resolution::execute) or
/// [`Resolution::resume`](crate::kit::Resolution::resume).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step<P> {
    /// The intent is done.
    Done,
    /// The intent waits on the reaction window the ruleset opened
    /// ([`Ctx::open_window`], [`Ctx::offer_reaction`]), and goes on from `P` once it is answered
    /// ([`Resolution::resume`](crate::kit::Resolution::resume)).
    Wait(P),
}

/// What comes of a ruleset's [`Resolution::react_step`](crate::kit::Resolution::react_step) or
/// [`Resolution::resume_reaction`](crate::kit::Resolution::resume_reaction).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reacted<P> {
    /// Nothing happened (a reactor cut down before its turn came): it is not paid.
    Not,
    /// The reaction happened: the kit pays it ([`Resolution::pay`](crate::kit::Resolution::pay))
    /// and goes on with the next.
    Done,
    /// The reaction waits on the reaction window the ruleset opened ([`Ctx::open_window`],
    /// [`Ctx::offer_reaction`]) - a roll made inside it that others may answer - and goes on from
    /// `P` once that window is answered
    /// ([`Resolution::resume_reaction`](crate::kit::Resolution::resume_reaction)).
    Wait(P),
}

/// Where a paused resolution goes on from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound = "P: Serialize + serde::de::DeserializeOwned")]
pub(crate) enum At<P> {
    /// The reactions of this kind and later, then the intent.
    Stage(u8),
    /// Inside the ruleset's resolution.
    Inside(P),
    /// Inside a reaction ([`Reacted::Wait`]).
    Reacting(Box<Reacting<P>>),
}

/// A reaction paused inside the ruleset's resolution of it, with what follows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound = "P: Serialize + serde::de::DeserializeOwned")]
pub(crate) struct Reacting<P> {
    /// The kind of the window it answered.
    kind: u8,
    /// The reaction, with the price it was offered at.
    reaction: Approved,
    /// Where the ruleset's resolution of it paused.
    pause: P,
    /// The answers of its window still to resolve after it, in order.
    rest: SmallVec<[Approved; 8]>,
    /// Where the resolution goes on from after them.
    then: At<P>,
}

impl<P: MapEntities> MapEntities for At<P> {
    fn map_entities<M: bevy_ecs::entity::EntityMapper>(&mut self, mapper: &mut M) {
        match self {
            At::Stage(_) => {}
            At::Inside(p) => p.map_entities(mapper),
            At::Reacting(r) => {
                r.reaction.map_entities(mapper);
                r.pause.map_entities(mapper);
                for a in &mut r.rest {
                    a.map_entities(mapper);
                }
                r.then.map_entities(mapper);
            }
        }
    }
}

impl<P> At<P> {
    /// The innermost pause inside the ruleset's resolution, if any.
    fn pause(&self) -> Option<&P> {
        match self {
            At::Stage(_) => None,
            At::Inside(p) => Some(p),
            At::Reacting(r) => Some(&r.pause),
        }
    }
}

/// The resolution an encounter of ruleset `R` is waiting in, if any (held on the encounter).
#[derive(Component, Debug, Serialize, Deserialize)]
#[component(map_entities)]
#[serde(bound = "")]
pub struct Resolving<R: RulesBase> {
    pub(crate) approved: Option<Approved>,
    pub(crate) at: Option<At<R::Pause>>,
}

impl<R: RulesBase> Clone for Resolving<R> {
    fn clone(&self) -> Self {
        Self {
            approved: self.approved.clone(),
            at: self.at.clone(),
        }
    }
}

impl<R: RulesBase> Default for Resolving<R> {
    fn default() -> Self {
        Self {
            approved: None,
            at: None,
        }
    }
}

impl<R: RulesBase> Resolving<R> {
    /// The intent being resolved, if one waits on reactions.
    pub fn approved(&self) -> Option<&Approved> {
        self.approved.as_ref()
    }

    /// The intent the open window answers: the paused reaction's, when a reaction waits
    /// ([`Reacted::Wait`]), else the one being resolved.
    pub fn answering(&self) -> Option<Intent> {
        match &self.at {
            Some(At::Reacting(r)) => Some(r.reaction.intent),
            _ => self.approved.as_ref().map(|a| a.intent),
        }
    }

    /// Nothing waits any more.
    pub(crate) fn clear(&mut self) {
        self.approved = None;
        self.at = None;
    }
}

impl<R: RulesBase> MapEntities for Resolving<R> {
    fn map_entities<M: bevy_ecs::entity::EntityMapper>(&mut self, mapper: &mut M) {
        self.approved.map_entities(mapper);
        if let Some(at) = &mut self.at {
            at.map_entities(mapper);
        }
    }
}

/// The label of `Pass`, made once.
pub(crate) fn pass_label() -> &'static Arc<str> {
    static PASS: OnceLock<Arc<str>> = OnceLock::new();
    PASS.get_or_init(|| Arc::from("pass"))
}

impl OfferSink for ReactionWindow {
    fn push(&mut self, intent: Intent, legal: Legal, label: Arc<str>) {
        self.push_offer(ActionOption::offered(intent, &legal, label), legal);
    }

    fn len(&self) -> usize {
        self.offers_in_progress()
    }

    fn keep_only(&mut self, i: usize) {
        self.keep_only_in_progress(i);
    }
}

impl<R: Rules> Ctx<'_, '_, '_, '_, R> {
    /// Opens a reaction window of `kind` for `provoker` (from
    /// [`Resolution::execute`](crate::kit::Resolution::execute), before returning [`Step::Wait`]);
    /// add its reactors with [`Ctx::offer_reaction`].
    pub fn open_window(&mut self, provoker: Entity, kind: u8) {
        self.e
            .turn
            .window
            .open(provoker, kind, R::vocabulary().provocation(kind));
    }

    /// Where the resolution waiting on the open window paused inside
    /// [`Resolution::execute`](crate::kit::Resolution::execute) or
    /// [`Resolution::resume`](crate::kit::Resolution::resume) ([`Step::Wait`]), or inside a
    /// reaction ([`Reacted::Wait`]), while the window waits: the previews of the reactions it
    /// offers may read it (the roll they answer).
    pub fn paused(&self) -> Option<&R::Pause> {
        self.e.resolving.at.as_ref().and_then(At::pause)
    }

    /// Adds `reactor` to the open window, with the reactions
    /// [`Legality::offer`](crate::kit::Legality::offer) and
    /// [`Legality::check`](crate::kit::Legality::check) give it against `intent` (and `Pass`); a
    /// reactor with no legal reaction is left out.
    pub fn offer_reaction(&mut self, reactor: Entity, intent: Intent) {
        let Some(provoker) = self.e.turn.window.provoker else {
            return;
        };
        let occasion = Occasion::Reaction {
            provoker,
            intent,
            kind: self.e.turn.window.kind,
        };
        // The window is set aside while the ruleset offers (its buffers are kept).
        let mut window = std::mem::take(&mut self.e.turn.window);
        window.intent = Some(intent);
        window.begin_reactor(reactor);
        if let Some(me) = self.actor(reactor) {
            let mut offer = Offer {
                ctx: &*self,
                actor: me,
                occasion,
                sink: &mut window,
                skip: 0,
            };
            R::offer(&mut offer);
        }
        if window.offers_in_progress() > 0 {
            OfferSink::push(
                &mut window,
                Intent::Pass,
                Legal::costs(Cost::FREE),
                pass_label().clone(),
            );
        }
        window.end_reactor();
        self.e.turn.window = window;
    }
}

/// Starts resolving an approved intent: pays it, then its reactions and itself.
pub(crate) fn start<R: Rules>(ctx: &mut Ctx<R>, approved: Approved) {
    if approved.intent == Intent::Surrender {
        // The kit's own intent, the same in every ruleset: nothing to pay, nothing provoked.
        surrender::resolve(ctx, approved.actor);
        finish(ctx, approved);
        return;
    }
    R::pay(ctx, &approved);
    run(ctx, approved, 0);
}

/// Goes on from the reactions of kind `from` on.
fn run<R: Rules>(ctx: &mut Ctx<R>, approved: Approved, from: u8) {
    if !R::goes_on(ctx, approved.actor) {
        // Cut down by a reaction: the intent ends here.
        R::cut_short(ctx, &approved);
        finish(ctx, approved);
        return;
    }
    let mut kind = from;
    while let Some(k) = approved
        .legal
        .provoked
        .iter()
        .map(|p| p.kind)
        .filter(|k| *k >= kind)
        .min()
    {
        ctx.open_window(approved.actor, k);
        let reactors: SmallVec<[Entity; 8]> = approved
            .legal
            .provoked
            .iter()
            .filter(|p| p.kind == k)
            .map(|p| p.reactor)
            .collect();
        for reactor in reactors {
            ctx.offer_reaction(reactor, approved.intent);
        }
        if !ctx.e.turn.window.is_empty() {
            wait(ctx, approved, At::Stage(k.saturating_add(1)));
            return;
        }
        ctx.e.turn.window.clear();
        match k.checked_add(1) {
            Some(next) => kind = next,
            None => break,
        }
    }
    let step = R::execute(ctx, &approved);
    after(ctx, approved, step);
}

/// Waits on the open window. An external reactor's UI gets every preview at once (they see
/// where the resolution paused).
fn wait<R: Rules>(ctx: &mut Ctx<R>, approved: Approved, at: At<R::Pause>) {
    let intent = match &at {
        At::Reacting(r) => r.reaction.intent,
        _ => approved.intent,
    };
    let occasion = Occasion::Reaction {
        provoker: ctx.e.turn.window.provoker.unwrap_or(approved.actor),
        intent,
        kind: ctx.e.turn.window.kind,
    };
    ctx.e.resolving.approved = Some(approved);
    ctx.e.resolving.at = Some(at);
    for i in 0..ctx.e.turn.window.reactors().len() {
        let reactor = ctx.e.turn.window.reactors()[i].reactor;
        if ctx.controller(reactor).is_some_and(|c| c.is_external()) {
            for j in 0..ctx.e.turn.window.offers(i).len() {
                show_option(ctx, reactor, &occasion, Source::Reactor(i), j);
            }
        }
    }
    flow::open_window(&mut ctx.e.encounter);
}

/// What follows the ruleset's own resolution.
fn after<R: Rules>(ctx: &mut Ctx<R>, approved: Approved, step: Step<R::Pause>) {
    match step {
        Step::Done => finish(ctx, approved),
        Step::Wait(pause) => {
            if ctx.e.turn.window.is_open() && !ctx.e.turn.window.is_empty() {
                wait(ctx, approved, At::Inside(pause));
            } else {
                // Nobody to wait for: go on at once.
                ctx.e.turn.window.clear();
                let step = R::resume(ctx, &approved, pause);
                after(ctx, approved, step);
            }
        }
    }
}

/// The window is answered: its reactions resolve in order, then the resolution goes on.
pub(crate) fn close<R: Rules>(ctx: &mut Ctx<R>) {
    let (Some(approved), Some(at)) = (ctx.e.resolving.approved.take(), ctx.e.resolving.at.take())
    else {
        for reaction in taken(&ctx.e.turn.window) {
            overtaken(ctx, &reaction);
        }
        ctx.e.turn.window.clear();
        flow::close_window(&mut ctx.e.encounter);
        return;
    };
    let kind = ctx.e.turn.window.kind;
    let reactions = taken(&ctx.e.turn.window);
    ctx.e.turn.window.clear();
    flow::close_window(&mut ctx.e.encounter);
    react_all(ctx, approved, kind, reactions, at);
}

/// Resolves `reactions` (the answers of a window of `kind`) in order, then goes on from
/// `then`. A reaction that pauses ([`Reacted::Wait`]) waits on its window with the rest.
fn react_all<R: Rules>(
    ctx: &mut Ctx<R>,
    approved: Approved,
    kind: u8,
    reactions: SmallVec<[Approved; 8]>,
    then: At<R::Pause>,
) {
    let mut rest = reactions.into_iter();
    while let Some(reaction) = rest.next() {
        let step = R::react_step(ctx, &approved, kind, reaction.actor, reaction.intent);
        if let Reacted::Wait(pause) = step {
            let paused = Reacting {
                kind,
                reaction,
                pause,
                rest: rest.collect(),
                then,
            };
            react_paused(ctx, approved, paused);
            return;
        }
        reacted(ctx, &reaction, &step);
    }
    go_on(ctx, approved, then);
}

/// Pays and records a reaction that happened; one a player asked for that came to nothing is
/// answered as overtaken.
fn reacted<R: Rules>(ctx: &mut Ctx<R>, reaction: &Approved, step: &Reacted<R::Pause>) {
    match step {
        Reacted::Done => {
            R::pay(ctx, reaction);
            ctx.e.turn.record_resolved(reaction.actor, reaction.intent);
        }
        Reacted::Not => overtaken(ctx, reaction),
        Reacted::Wait(_) => {}
    }
}

/// `reaction`, taken in a window, will not happen: a player who asked for it is told
/// (`ActionRejected` with [`RejectReason::Overtaken`](crate::request::RejectReason::Overtaken)).
/// An AI's reactions are answered by nobody: it sent no request.
fn overtaken<R: Rules>(ctx: &mut Ctx<R>, reaction: &Approved) {
    let asked = !matches!(ctx.controller(reaction.actor), Some(Controller::Ai(_)));
    if asked {
        ctx.e.turn.overtaken.push((reaction.actor, reaction.intent));
    }
}

/// A reaction paused: it waits on its window, or, with nobody to wait for, goes on at once
/// (again and again, until it is done or waits).
fn react_paused<R: Rules>(ctx: &mut Ctx<R>, approved: Approved, mut paused: Reacting<R::Pause>) {
    loop {
        if ctx.e.turn.window.is_open() && !ctx.e.turn.window.is_empty() {
            wait(ctx, approved, At::Reacting(Box::new(paused)));
            return;
        }
        ctx.e.turn.window.clear();
        let step = R::resume_reaction(ctx, &approved, paused.kind, &paused.reaction, paused.pause);
        match step {
            Reacted::Wait(pause) => paused.pause = pause,
            step => {
                reacted(ctx, &paused.reaction, &step);
                react_all(ctx, approved, paused.kind, paused.rest, paused.then);
                return;
            }
        }
    }
}

/// Goes on from where the resolution paused, once its window's answers resolved.
fn go_on<R: Rules>(ctx: &mut Ctx<R>, approved: Approved, at: At<R::Pause>) {
    match at {
        At::Stage(from) => run(ctx, approved, from),
        At::Inside(pause) => {
            let step = R::resume(ctx, &approved, pause);
            after(ctx, approved, step);
        }
        At::Reacting(paused) => {
            let Reacting {
                kind,
                reaction,
                pause,
                rest,
                then,
            } = *paused;
            match R::resume_reaction(ctx, &approved, kind, &reaction, pause) {
                Reacted::Wait(pause) => {
                    let paused = Reacting {
                        kind,
                        reaction,
                        pause,
                        rest,
                        then,
                    };
                    react_paused(ctx, approved, paused);
                }
                step => {
                    reacted(ctx, &reaction, &step);
                    react_all(ctx, approved, kind, rest, then);
                }
            }
        }
    }
}

/// The reactions taken in `window` (answers other than `Pass`), in order, each with the price
/// the legality check gave it when it was offered.
fn taken(window: &ReactionWindow) -> SmallVec<[Approved; 8]> {
    window
        .reactors()
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            let intent = r.answer.filter(|a| *a != Intent::Pass)?;
            let legal = window
                .offers(i)
                .iter()
                .position(|o| o.intent == intent)
                .and_then(|j| window.legal(i).get(j))
                .cloned()
                .unwrap_or_default();
            Some(Approved {
                actor: r.reactor,
                intent,
                legal,
            })
        })
        .collect()
}

/// Records the resolution, and ends the turn when it asked to or nothing is left to spend.
fn finish<R: Rules>(ctx: &mut Ctx<R>, approved: Approved) {
    let actor = approved.actor;
    ctx.e.turn.record_resolved(actor, approved.intent);
    if ctx.e.encounter.phase() == Phase::Acting
        && Some(actor) == ctx.e.turn.actor
        && (matches!(approved.intent, Intent::EndTurn | Intent::Surrender)
            || R::turn_over(ctx, &approved))
    {
        flow::end_turn(&mut ctx.e.encounter, &mut ctx.e.turn);
    }
}
