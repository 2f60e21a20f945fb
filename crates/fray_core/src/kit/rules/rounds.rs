//! What a round holds: its start, declarations, the steps of a unit's turn, who has a turn.

use bevy_ecs::prelude::*;

use crate::intent::Intent;
use crate::kit::{Ctx, RoundPlan};
use crate::turn::{ActingUnit, Steps};

use super::RulesBase;

/// The shape of a round. Every hook has a default (turns at once, in the turn order, one step
/// each, for everyone): a ruleset whose rounds are plain writes `impl Rounds for MyRules {}`.
pub trait Rounds: RulesBase {
    /// A round starts (before its first turn, and before the round-start log entry): the
    /// escalation die, a new initiative, full-round actions landing. Says whether combatants
    /// declare first.
    fn round_start(ctx: &mut Ctx<Self>) -> RoundPlan {
        let _ = ctx;
        RoundPlan::Turns
    }

    /// Whether `who` is asked to declare this round (default: everyone active). A combatant
    /// with nothing it could declare is passed over without a decision.
    fn declares(ctx: &Ctx<Self>, who: Entity) -> bool {
        let _ = (ctx, who);
        true
    }

    /// `who` declares `intent` for the round (an intent
    /// [`Legality::check`](super::Legality::check) passed with
    /// [`Occasion::Declaration`](crate::legality::Occasion::Declaration)).
    fn declare(ctx: &mut Ctx<Self>, who: Entity, intent: Intent) {
        let _ = (ctx, who, intent);
    }

    /// Whether `who`, having just declared `intent`, is asked to declare again before the next
    /// combatant (default: no). A ruleset whose declarations may repeat says yes while the
    /// combatant may still add one (die-rank: another mastery point on its initiative roll,
    /// up to its rank); a pass, or anything `check` then refuses, ends its turn to declare.
    fn declares_again(ctx: &Ctx<Self>, who: Entity, intent: &Intent) -> bool {
        let _ = (ctx, who, intent);
        false
    }

    /// Everyone has declared: roll initiative, if the ruleset rolls it after declarations. It
    /// may also end the fight ([`Ctx::conclude`]): then no turn is taken.
    fn declarations_done(ctx: &mut Ctx<Self>) {
        let _ = ctx;
    }

    /// The steps of a unit's turn (one, not simultaneous, by default).
    fn steps(ctx: &Ctx<Self>, unit: ActingUnit) -> Steps {
        let _ = (ctx, unit);
        Steps::default()
    }

    /// Whether `actor`, next in the turn order (in the current step, for units with steps), has
    /// a turn at all (default: yes). Passing over it costs nothing: no turn starts, nothing is
    /// logged, no start- or end-of-turn rules run. Rulesets whose steps concern only some
    /// members say no for the rest (B/X: only those with missiles have a turn in the missile
    /// step). It may change the fight: B/X rolls a side's morale checks when the first of its
    /// turn is asked.
    fn has_turn(ctx: &mut Ctx<Self>, actor: Entity) -> bool {
        let _ = (ctx, actor);
        true
    }
}
