//! How an approved intent happens: its price, its reactions, itself.

use bevy_ecs::prelude::*;

use crate::intent::Intent;
use crate::kit::{Ctx, Reacted, Step};
use crate::turn::Approved;

use super::RulesBase;

/// Resolution: an approved intent is paid ([`Resolution::pay`]), its provoked reactions
/// happen kind by kind ([`Resolution::react_step`]), and unless they cut its actor down
/// ([`Resolution::goes_on`]) the intent itself resolves ([`Resolution::execute`]), pausing
/// where a roll waits for others to answer.
pub trait Resolution: RulesBase {
    /// Pays a legal intent's cost, at the price [`Legality::check`](super::Legality::check)
    /// gave it: an intent of a turn before anything else of it resolves; a reaction once it
    /// happened ([`Resolution::react_step`] returned [`Reacted::Done`]), its cost's
    /// [`Timing`](crate::cost::Timing) saying what it is paid from (the reactions of the
    /// round, the actor's next turn). Default: nothing is paid.
    fn pay(ctx: &mut Ctx<Self>, approved: &Approved) {
        let _ = (ctx, approved);
    }

    /// Whether `actor`'s intent may go on after the reactions so far (an actor cut down by an
    /// opportunity attack stops).
    fn goes_on(ctx: &Ctx<Self>, actor: Entity) -> bool;

    /// `approved` was cut down by its reactions ([`Resolution::goes_on`] said no) after it
    /// was paid and before it resolved: give back what was paid for what now never happens
    /// (die-rank: the mastery point that would have kept the turn going after the attack).
    /// Default: nothing is given back.
    fn cut_short(ctx: &mut Ctx<Self>, approved: &Approved) {
        let _ = (ctx, approved);
    }

    /// `reactor` takes `reaction` against `approved` (one answer of a window of `kind`).
    /// Returns whether it happened (a reactor cut down before its turn came does nothing).
    ///
    /// This is the hook of rulesets whose reactions never pause; the kit calls it through
    /// [`Resolution::react_step`]. A ruleset that overrides `react_step` need not implement it
    /// (default: nothing happens).
    fn react(
        ctx: &mut Ctx<Self>,
        approved: &Approved,
        kind: u8,
        reactor: Entity,
        reaction: Intent,
    ) -> bool {
        let _ = (ctx, approved, kind, reactor, reaction);
        false
    }

    /// `reactor` takes `reaction` against `approved` (one answer of a window of `kind`), and
    /// may pause inside it as [`Resolution::execute`] does: it opens a window
    /// ([`Ctx::open_window`], [`Ctx::offer_reaction`]) and returns [`Reacted::Wait`] with its
    /// continuation state, and the kit calls [`Resolution::resume_reaction`] once that window
    /// is answered (at once if nobody was offered anything). The window's own answers resolve
    /// through this hook again, so pauses nest. The reaction is paid when it is
    /// [`Reacted::Done`]; the reactions after it in its window, and then the intent, wait.
    ///
    /// Default: [`Resolution::react`], which never pauses.
    fn react_step(
        ctx: &mut Ctx<Self>,
        approved: &Approved,
        kind: u8,
        reactor: Entity,
        reaction: Intent,
    ) -> Reacted<Self::Pause> {
        if Self::react(ctx, approved, kind, reactor, reaction) {
            Reacted::Done
        } else {
            Reacted::Not
        }
    }

    /// Goes on with `reaction` (an answer of a window of `kind` to `approved`) that paused in
    /// [`Resolution::react_step`] or here, once its window is answered. Default: it is done.
    fn resume_reaction(
        ctx: &mut Ctx<Self>,
        approved: &Approved,
        kind: u8,
        reaction: &Approved,
        pause: Self::Pause,
    ) -> Reacted<Self::Pause> {
        let _ = (ctx, approved, kind, reaction, pause);
        Reacted::Done
    }

    /// The intent itself, after its reactions.
    fn execute(ctx: &mut Ctx<Self>, approved: &Approved) -> Step<Self::Pause>;

    /// Goes on with an intent that paused in [`Resolution::execute`] once its window is
    /// answered. Default: it is done.
    fn resume(ctx: &mut Ctx<Self>, approved: &Approved, pause: Self::Pause) -> Step<Self::Pause> {
        let _ = (ctx, approved, pause);
        Step::Done
    }

    /// Whether `actor`'s turn is over after resolving `approved` (nothing left to spend).
    /// `EndTurn` always ends it.
    fn turn_over(ctx: &Ctx<Self>, approved: &Approved) -> bool;
}
