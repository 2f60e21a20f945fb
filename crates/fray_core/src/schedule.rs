//! The combat schedule: one tick of every encounter in the World, in nine ordered phases.
//!
//! [`FrayTick`] runs these sets in order ([`FraySystems`]):
//!
//! 1. `Setup` - rulesets roll initiative for new encounters; the fight begins.
//! 2. `TurnStart` - round start (escalation die, re-rolled initiative), then the next actor's
//!    turn: budget refill and start-of-turn rolls (death saves, bleeding).
//! 3. `Decide` - rulesets offer the legal intents with previews; AI controllers choose;
//!    external controllers' requests arrive.
//! 4. `Validate` - each request is checked against the offered intents and priced, or rejected
//!    with a reason and no change.
//! 5. `Resolve` - the ruleset resolves at most one intent (or one reaction window) per encounter.
//! 6. `Aftermath` - conditions are recomputed; rulesets apply staggered, unconscious, dying,
//!    dead; an actor that fell ends its turn.
//! 7. `TurnEnd` - ongoing damage and saves, durations, the next actor or a new round;
//!    engagements of the gone are dropped and morale triggers noted.
//! 8. `Morale` - rulesets roll the triggered morale checks: flight and surrender.
//! 9. `Outcome` - an encounter ends when at most one side can still fight.
//!
//! Inside each phase, [`RulesetSystems`] and [`ControllerSystems`] are the slots where
//! rulesets and AI controllers add their systems; [`CoreSystems`] are the core's own. The
//! schedule runs on the single-threaded executor with ambiguity detection set to error: any
//! two systems that touch the same data must be ordered, so the same seed always gives the same
//! fight.

use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{LogLevel, ScheduleBuildSettings, ScheduleLabel, SingleThreadedExecutor};

use crate::combatant::tally_falls;
use crate::effect::{
    expire_battle_effects, expire_round_effects, expire_turn_effects, refresh_conditions,
};
use crate::engagement::drop_engagements_of_the_gone;
use crate::morale::{clear_morale_triggers, note_morale_triggers};
use crate::outcome::decide_outcome;
use crate::request::{acknowledge_resolved, receive_requests, reject_illegal, validate_requests};
use crate::turn::{
    advance_turn, end_turn_of_fallen_actor, open_turn, start_battle, start_round, start_turn,
};

/// The schedule of one combat tick.
#[derive(ScheduleLabel, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FrayTick;

/// The nine phases of a tick, chained in this order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FraySystems {
    /// New encounters: initiative; the fight begins.
    Setup,
    /// Round start and turn start.
    TurnStart,
    /// Options offered, intents chosen, requests received.
    Decide,
    /// Requests checked and priced, or rejected.
    Validate,
    /// One intent or reaction window resolved per encounter.
    Resolve,
    /// Conditions, vitals, fallen actors.
    Aftermath,
    /// End-of-turn effects, next actor, bookkeeping.
    TurnEnd,
    /// Morale checks.
    Morale,
    /// Outcomes.
    Outcome,
}

/// Where rulesets add their systems (each slot sits inside a phase, ordered against the core).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RulesetSystems {
    /// `Setup`: fill the [`TurnOrder`](crate::turn::TurnOrder) of encounters in `Phase::Setup`.
    Initiative,
    /// `TurnStart`, before the round's first actor is picked: round-start rules.
    RoundStart,
    /// `TurnStart`, after the actor's turn began: refill its budget, start-of-turn rolls; set
    /// `Phase::TurnEnd` if it cannot act.
    TurnStart,
    /// `Decide`: fill [`ActionOptions`](crate::options::ActionOptions) when stale, and the offers
    /// of reaction windows.
    Offer,
    /// `Validate`: explain why a request that was not offered is illegal (`Turn::rejection`).
    Explain,
    /// `Resolve`: resolve `Turn::approved` or a complete reaction window.
    Resolve,
    /// `Aftermath`: staggered, unconscious, dying, dead.
    Vitals,
    /// `TurnEnd`, before the next actor is picked: ongoing damage, saves.
    TurnEnd,
    /// `Morale`: roll the checks queued in [`MoraleState`](crate::morale::MoraleState).
    Morale,
    /// `Outcome`: tidy up encounters that just ended.
    BattleEnd,
}

/// Every system of one ruleset, by ruleset id (`RulesetSystemsOf("oho")`), beside the slot of
/// [`RulesetSystems`] each one sits in.
///
/// Rulesets share the slots, and their systems read and write the same components (`Hp`,
/// `Turn`, `CombatLog`...), but each acts only on the encounters carrying its own marker and on
/// their combatants, so two rulesets never touch the same data. [`FrayAppExt::register_ruleset`]
/// declares every pair of registered rulesets' sets ambiguous with each other, so that one App
/// may run several rulesets while ambiguity detection still catches every other conflict.
///
/// [`FrayAppExt::register_ruleset`]: crate::FrayAppExt::register_ruleset
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RulesetSystemsOf(pub &'static str);

/// Where controllers (AI policies) add their systems.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ControllerSystems {
    /// `Decide`, after the options are offered: put an intent in `Turn::request` for AI actors
    /// and answer AI reactors of open reaction windows.
    Choose,
}

/// The core's own systems, by the place they hold.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CoreSystems {
    /// `Setup`: start fights whose turn order is filled.
    StartBattle,
    /// `TurnStart`: conditions from last tick's changes.
    PrepareTurn,
    /// `TurnStart`: round-bound effects, then the round's first actor.
    StartRound,
    /// `TurnStart`: a new turn serial; start-of-turn durations.
    StartTurn,
    /// `TurnStart`: the actor may act (or its turn ends at once).
    OpenTurn,
    /// `Decide`: external requests.
    ReceiveRequests,
    /// `Validate`: requests against options.
    Validate,
    /// `Validate`: rejections.
    Reject,
    /// `Resolve`: `ActionResolved` messages.
    Acknowledge,
    /// `Aftermath`: conditions from effects.
    RefreshConditions,
    /// `Aftermath`: an actor that fell ends its turn.
    CheckActor,
    /// `TurnEnd`: end-of-turn durations; the next actor or round.
    EndTurn,
    /// `TurnEnd`: engagements of the gone; morale triggers.
    Bookkeeping,
    /// `Morale`: the queue is cleared.
    ClearMorale,
    /// `Outcome`: decide outcomes, end battle-long effects.
    Outcome,
}

/// Builds the combat schedule with every core system in place (rulesets and controllers add
/// theirs to the slots).
pub fn build_schedule() -> Schedule {
    let mut schedule = Schedule::new(FrayTick);
    schedule.set_executor(SingleThreadedExecutor::new());
    schedule.set_build_settings(ScheduleBuildSettings {
        ambiguity_detection: LogLevel::Error,
        ..Default::default()
    });
    schedule.configure_sets(
        (
            FraySystems::Setup,
            FraySystems::TurnStart,
            FraySystems::Decide,
            FraySystems::Validate,
            FraySystems::Resolve,
            FraySystems::Aftermath,
            FraySystems::TurnEnd,
            FraySystems::Morale,
            FraySystems::Outcome,
        )
            .chain(),
    );
    schedule.configure_sets(
        (RulesetSystems::Initiative, CoreSystems::StartBattle)
            .chain()
            .in_set(FraySystems::Setup),
    );
    schedule.configure_sets(
        (
            CoreSystems::PrepareTurn,
            RulesetSystems::RoundStart,
            CoreSystems::StartRound,
            CoreSystems::StartTurn,
            RulesetSystems::TurnStart,
            CoreSystems::OpenTurn,
        )
            .chain()
            .in_set(FraySystems::TurnStart),
    );
    schedule.configure_sets(
        (
            RulesetSystems::Offer,
            ControllerSystems::Choose,
            CoreSystems::ReceiveRequests,
        )
            .chain()
            .in_set(FraySystems::Decide),
    );
    schedule.configure_sets(
        (
            CoreSystems::Validate,
            RulesetSystems::Explain,
            CoreSystems::Reject,
        )
            .chain()
            .in_set(FraySystems::Validate),
    );
    schedule.configure_sets(
        (RulesetSystems::Resolve, CoreSystems::Acknowledge)
            .chain()
            .in_set(FraySystems::Resolve),
    );
    schedule.configure_sets(
        (
            CoreSystems::RefreshConditions,
            RulesetSystems::Vitals,
            CoreSystems::CheckActor,
        )
            .chain()
            .in_set(FraySystems::Aftermath),
    );
    schedule.configure_sets(
        (
            RulesetSystems::TurnEnd,
            CoreSystems::EndTurn,
            CoreSystems::Bookkeeping,
        )
            .chain()
            .in_set(FraySystems::TurnEnd),
    );
    schedule.configure_sets(
        (RulesetSystems::Morale, CoreSystems::ClearMorale)
            .chain()
            .in_set(FraySystems::Morale),
    );
    schedule.configure_sets(
        (CoreSystems::Outcome, RulesetSystems::BattleEnd)
            .chain()
            .in_set(FraySystems::Outcome),
    );
    schedule.add_systems((
        start_battle.in_set(CoreSystems::StartBattle),
        refresh_conditions.in_set(CoreSystems::PrepareTurn),
        (expire_round_effects, start_round)
            .chain()
            .in_set(CoreSystems::StartRound),
        (start_turn, expire_turn_effects)
            .chain()
            .in_set(CoreSystems::StartTurn),
        open_turn.in_set(CoreSystems::OpenTurn),
        receive_requests.in_set(CoreSystems::ReceiveRequests),
        validate_requests.in_set(CoreSystems::Validate),
        reject_illegal.in_set(CoreSystems::Reject),
        acknowledge_resolved.in_set(CoreSystems::Acknowledge),
        refresh_conditions.in_set(CoreSystems::RefreshConditions),
        end_turn_of_fallen_actor.in_set(CoreSystems::CheckActor),
        (expire_turn_effects, advance_turn)
            .chain()
            .in_set(CoreSystems::EndTurn),
        (
            drop_engagements_of_the_gone,
            note_morale_triggers,
            tally_falls,
        )
            .chain()
            .in_set(CoreSystems::Bookkeeping),
        clear_morale_triggers.in_set(CoreSystems::ClearMorale),
        (decide_outcome, expire_battle_effects)
            .chain()
            .in_set(CoreSystems::Outcome),
    ));
    schedule
}
