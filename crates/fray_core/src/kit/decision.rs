//! Decisions as controllers see them: the legal options, previews on demand, and what the
//! decider can see of the fight.
//!
//! AI controllers implement [`Controllers`] (the `fray_ai` crate does) and are installed as the
//! [`AiControllers`] resource; the kit asks them for every AI decision - a turn, a reaction, a
//! declaration - through a [`AiDecision`], which works out an option's exact preview only when the
//! controller asks for it, once per decision.

use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_content::tactics::Tactics;

use crate::ids::SideId;
use crate::intent::{Intent, IntentKind};
use crate::kit::forward::{Play, PlayForward, Played};
use crate::kit::{Ctx, Rules};
use crate::legality::{Legal, Occasion, Scope};
use crate::lineup::Lineup;
use crate::options::ActionOption;
use crate::preview::Preview;
use crate::region::EncounterMap;
use crate::rng::EncounterRng;

/// What kind of decision is waited on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecisionKind {
    /// The combatant's own turn.
    Turn,
    /// A reaction out of turn (opportunity attack, intercept, readied action).
    Reaction,
    /// A declaration before initiative.
    Declaration,
}

/// What a decider may ask of any combatant of its fight beyond its lineup row.
pub trait Standing {
    /// Whether `e` is its side's leader (the encounter entry marked `leader: true`).
    fn is_leader(&self, e: Entity) -> bool;

    /// Whether `e` is a caster: it casts spells or wields spell-like powers, as its
    /// ruleset's [`Previews::casts`](crate::kit::Previews::casts) defines them.
    fn is_caster(&self, e: Entity) -> bool;

    /// Whether `attacker` could harm `target` at all, with anything it has left, as its
    /// ruleset's [`Previews::can_harm`](crate::kit::Previews::can_harm) says.
    fn can_harm(&self, attacker: Entity, target: Entity) -> bool;

    /// Whether `actor`, staying where it stands, could strike a foe at a later step of this
    /// round, as its ruleset's
    /// [`Previews::strikes_later_from_here`](crate::kit::Previews::strikes_later_from_here)
    /// says.
    fn strikes_later_from_here(&self, actor: Entity) -> bool;
}

impl<R: Rules> Standing for Ctx<'_, '_, '_, '_, R> {
    fn is_leader(&self, e: Entity) -> bool {
        self.morale(e).is_some_and(|(_, leader)| leader)
    }

    fn is_caster(&self, e: Entity) -> bool {
        R::casts(self, e)
    }

    fn can_harm(&self, attacker: Entity, target: Entity) -> bool {
        R::can_harm(self, attacker, target)
    }

    fn strikes_later_from_here(&self, actor: Entity) -> bool {
        R::strikes_later_from_here(self, actor)
    }
}

/// The fight as the decider sees it.
#[derive(Clone, Copy)]
pub struct FightView<'a> {
    /// Who decides.
    pub actor: Entity,
    /// Its side.
    pub side: SideId,
    /// The map.
    pub map: &'a EncounterMap,
    /// Every combatant, in roster order: side, status, region, hit points, conditions and
    /// engagements.
    pub lineup: &'a Lineup,
    /// Active enemies engaged with the decider.
    pub threat: usize,
    /// Whether the decider is engaged with anyone.
    pub engaged: bool,
    /// Whether the decider's morale is broken.
    pub morale_broken: bool,
    /// The tactics the decider fights by (its [`CombatantTactics`](crate::combatant::CombatantTactics)).
    pub tactics: Tactics,
    /// Who leads whom, who casts and who can harm whom (`None`: nobody is known to lead nor
    /// to cast, and harm is told by previews alone).
    pub standing: Option<&'a dyn Standing>,
}

impl std::fmt::Debug for FightView<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FightView")
            .field("actor", &self.actor)
            .field("side", &self.side)
            .field("threat", &self.threat)
            .field("engaged", &self.engaged)
            .field("morale_broken", &self.morale_broken)
            .field("tactics", &self.tactics)
            .finish_non_exhaustive()
    }
}

/// One decision, as a controller sees it.
pub trait AiDecision {
    /// A turn, a reaction or a declaration.
    fn kind(&self) -> DecisionKind;

    /// Who decides.
    fn actor(&self) -> Entity;

    /// The legal options (their previews are `None` until asked for).
    fn options(&self) -> &[ActionOption];

    /// The exact preview of option `i`, worked out when asked for (the built-in policies ask
    /// once per option; a preview the options already carry is returned as is).
    fn preview(&mut self, i: usize) -> Preview;

    /// What the decider sees of the fight.
    fn fight(&self) -> FightView<'_>;

    /// The controllers' random stream (never the rules' dice).
    fn rng(&mut self) -> &mut EncounterRng;

    /// Plays each of `plays` (an option and a rollout index) forward in a copy of the
    /// encounter as it stands, with fresh dice, for at most `horizon` rounds after the current
    /// one, and says how each went, in order (see [`PlayForward`]). `None` when no forward
    /// model is at hand: the policy does not look ahead ([`Controllers::looks_ahead`]), the
    /// World has no [`ForwardModel`](crate::kit::ForwardModel), or this decision is itself
    /// played in a copy.
    fn play_forward(&mut self, plays: &[Play], horizon: u32) -> Option<Vec<Played>> {
        let _ = (plays, horizon);
        None
    }
}

/// AI controllers: pick one of a decision's options for a policy.
pub trait Controllers: Send + Sync + 'static {
    /// The id of the policy a `Controller::Ai` names (`None` for a name it does not know: the
    /// decision is left unanswered).
    fn policy(&self, name: &str) -> Option<u32>;

    /// The index of the option policy `policy` chooses (`None` leaves it unanswered).
    fn choose(&self, policy: u32, decision: &mut dyn AiDecision) -> Option<usize>;

    /// Whether policy `policy`, deciding its own turn with ending the turn among its options,
    /// never takes an intent of `kind`: it scores every such intent below ending the turn. The
    /// kit then leaves those candidates out of the AI's offer unchecked (a player's offer is
    /// always whole; a turn that may not end gets the whole offer too). Default: any kind may
    /// be taken.
    fn passes_over(&self, policy: u32, kind: IntentKind) -> bool {
        let _ = (policy, kind);
        false
    }

    /// Whether policy `policy` plays its decisions forward
    /// ([`AiDecision::play_forward`]): its decisions with more than one option are then asked
    /// once the encounter has been copied, in a second pass of `Decide` (see
    /// [`forward`](crate::kit::ForwardModel)). Default: no.
    fn looks_ahead(&self, policy: u32) -> bool {
        let _ = policy;
        false
    }

    /// The policy that takes `policy`'s decisions in a copy played forward: never one that
    /// looks ahead, so rollouts never recurse. Default: `policy` itself.
    fn in_rollout(&self, policy: u32) -> u32 {
        policy
    }
}

/// The AI controllers the kit asks for AI decisions.
#[derive(Resource, Clone)]
pub struct AiControllers(pub Arc<dyn Controllers>);

/// Which options a decision is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    /// The encounter's [`ActionOptions`](crate::options::ActionOptions).
    Offer,
    /// Reactor `i` of the open reaction window.
    Reactor(usize),
}

/// A decision of an encounter of ruleset `R`.
pub(crate) struct KitDecision<'c, 'f, 'a, 'i, 'w, 's, R: Rules> {
    pub ctx: &'c mut Ctx<'a, 'i, 'w, 's, R>,
    /// The forward model, in the second pass of a policy that looks ahead.
    pub forward: Option<&'f mut dyn PlayForward>,
    pub kind: DecisionKind,
    pub actor: Entity,
    pub occasion: Occasion,
    pub source: Source,
    pub threat: usize,
    pub engaged: bool,
    pub morale_broken: bool,
}

impl<R: Rules> KitDecision<'_, '_, '_, '_, '_, '_, R> {
    fn list(&self) -> &[ActionOption] {
        match self.source {
            Source::Offer => &self.ctx.e.options.list,
            Source::Reactor(i) => self.ctx.e.turn.window.offers(i),
        }
    }
}

impl<R: Rules> AiDecision for KitDecision<'_, '_, '_, '_, '_, '_, R> {
    fn kind(&self) -> DecisionKind {
        self.kind
    }

    fn actor(&self) -> Entity {
        self.actor
    }

    fn options(&self) -> &[ActionOption] {
        self.list()
    }

    fn preview(&mut self, i: usize) -> Preview {
        if let Some(p) = self.list().get(i).and_then(|o| o.preview) {
            return p;
        }
        preview_option(self.ctx, self.actor, &self.occasion, self.source, i)
    }

    fn fight(&self) -> FightView<'_> {
        FightView {
            actor: self.actor,
            side: self.ctx.side(self.actor).unwrap_or_default(),
            map: self.ctx.map(),
            lineup: self.ctx.lineup(),
            threat: self.threat,
            engaged: self.engaged,
            morale_broken: self.morale_broken,
            tactics: self.ctx.tactics(self.actor),
            standing: Some(&*self.ctx),
        }
    }

    fn rng(&mut self) -> &mut EncounterRng {
        self.ctx.decisions_rng()
    }

    fn play_forward(&mut self, plays: &[Play], horizon: u32) -> Option<Vec<Played>> {
        let (actor, kind) = (self.actor, self.kind);
        self.forward
            .as_deref_mut()
            .map(|f| f.play(actor, kind, plays, horizon))
    }
}

/// `legal` with the reactions `intent` provokes worked out, if they were not yet.
pub(crate) fn with_reactions<R: Rules>(
    ctx: &Ctx<R>,
    actor: Entity,
    intent: &Intent,
    occasion: &Occasion,
    legal: Legal,
) -> Legal {
    if legal.scope == Scope::Reactions {
        return legal;
    }
    ctx.check(actor, intent, occasion, Scope::Reactions)
        .unwrap_or(legal)
}

/// Works out and keeps the preview of option `i` of `source` and what a player is told of it
/// ([`Previews::notes`](crate::kit::Previews::notes)): for the options of an external
/// controller.
pub(crate) fn show_option<R: Rules>(
    ctx: &mut Ctx<R>,
    actor: Entity,
    occasion: &Occasion,
    source: Source,
    i: usize,
) {
    let preview = preview_option(ctx, actor, occasion, source, i);
    let intent = match source {
        Source::Offer => ctx.e.options.list.get(i).map(|o| o.intent),
        Source::Reactor(r) => ctx.e.turn.window.offers(r).get(i).map(|o| o.intent),
    };
    let Some(intent) = intent else {
        return;
    };
    let notes = if intent == Intent::Surrender {
        vec![crate::kit::surrender::NOTE.to_string()]
    } else {
        R::notes(ctx, actor, &intent, &preview)
    };
    let option = match source {
        Source::Offer => ctx.e.options.list.get_mut(i),
        Source::Reactor(r) => ctx.e.turn.window.offers_mut(r).get_mut(i),
    };
    if let Some(o) = option {
        o.notes = notes;
    }
}

/// Works out and keeps the preview of option `i` of `source`.
pub(crate) fn preview_option<R: Rules>(
    ctx: &mut Ctx<R>,
    actor: Entity,
    occasion: &Occasion,
    source: Source,
    i: usize,
) -> Preview {
    let (intent, legal) = match source {
        Source::Offer => {
            let options = &mut *ctx.e.options;
            let (Some(o), Some(l)) = (options.list.get(i), options.legal.get_mut(i)) else {
                return Preview::default();
            };
            (o.intent, std::mem::take(l))
        }
        Source::Reactor(r) => {
            let Some(o) = ctx.e.turn.window.offers(r).get(i) else {
                return Preview::default();
            };
            let intent = o.intent;
            let legal = ctx
                .e
                .turn
                .window
                .legal(r)
                .get(i)
                .cloned()
                .unwrap_or_default();
            (intent, legal)
        }
    };
    let preview = if intent == Intent::Surrender {
        // The kit's own intent: it hurts nobody and spends nothing.
        Preview::default()
    } else {
        R::preview(ctx, actor, &intent, &legal, occasion).scaled(ctx.side_scale(actor))
    };
    match source {
        Source::Offer => {
            if let Some(l) = ctx.e.options.legal.get_mut(i) {
                *l = legal;
            }
            if let Some(o) = ctx.e.options.list.get_mut(i) {
                o.preview = Some(preview);
            }
        }
        Source::Reactor(r) => {
            if let Some(o) = ctx.e.turn.window.offers_mut(r).get_mut(i) {
                o.preview = Some(preview);
            }
        }
    }
    preview
}
