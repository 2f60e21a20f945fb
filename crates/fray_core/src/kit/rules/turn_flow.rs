//! A fight's beginning, its turns and its end.

use bevy_ecs::prelude::*;

use crate::combatant::Status;
use crate::condition::Conditions;
use crate::edit::change::Edit;
use crate::ids::SideId;
use crate::kit::{Ctx, TurnBegins};
use crate::morale::MoraleTrigger;

use super::RulesBase;

/// The flow of a fight: its setup, each turn's start and end, the state checks after a
/// change, morale, and its end. [`TurnFlow::setup`] and [`TurnFlow::turn_start`] are required;
/// the rest default to doing nothing.
pub trait TurnFlow: RulesBase {
    /// A new fight: roll initiative into the turn order (or leave it for
    /// [`Rounds::round_start`](super::Rounds::round_start) when initiative is rolled each
    /// round).
    fn setup(ctx: &mut Ctx<Self>);

    /// `actor`'s turn starts: refill its budget, make its start-of-turn rolls. Returns whether
    /// it acts.
    fn turn_start(ctx: &mut Ctx<Self>, actor: Entity) -> TurnBegins;

    /// `actor`'s turn ends (not after a delay): ongoing damage, saves.
    fn turn_end(ctx: &mut Ctx<Self>, actor: Entity) {
        let _ = (ctx, actor);
    }

    /// Brings `who`'s status in line with its state after a change
    /// [`RulesBase::Watch`](super::RulesBase::Watch) saw: unconscious, dying, dead, staggered.
    fn vitals(ctx: &mut Ctx<Self>, who: Entity) {
        let _ = (ctx, who);
    }

    /// A game changed `who` through [`crate::edit::apply`] (the core has made `edit`: hit points,
    /// status, region, engagements): bring the ruleset's own state in line with it - a revived
    /// combatant is no longer dying, healing a fallen one does what the ruleset's healing does.
    /// [`TurnFlow::vitals`] runs after it. Default: nothing.
    fn edited(ctx: &mut Ctx<Self>, who: Entity, edit: Edit) {
        let _ = (ctx, who, edit);
    }

    /// A morale trigger fired for `side`: roll the check, if the ruleset has morale.
    fn morale(ctx: &mut Ctx<Self>, side: SideId, trigger: MoraleTrigger) {
        let _ = (ctx, side, trigger);
    }

    /// Whether a combatant with this status and these conditions counts as out of the fight
    /// for its side's half-out morale trigger. Default: whoever is no longer active (down,
    /// dead, fled, surrendered). A ruleset whose text counts the otherwise incapacitated too
    /// (B/X: "half killed or otherwise incapacitated", the asleep and the paralysed) says so
    /// here; a change of conditions then notes the trigger at the turn's end as a fall does.
    fn out_of_fight(status: Status, conditions: &Conditions) -> bool {
        let _ = conditions;
        !status.is_active()
    }

    /// The fight is over: tidy up what lasts only a fight.
    fn battle_end(ctx: &mut Ctx<Self>) {
        let _ = ctx;
    }
}
