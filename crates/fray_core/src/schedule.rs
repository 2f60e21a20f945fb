//! The combat schedule: one tick of every encounter in the World, in nine ordered phases.
//!
//! [`FrayTick`] runs these sets in order ([`FraySystems`]):
//!
//! 1. `Setup` - new encounters: the ruleset sets the fight up (initiative); the fight begins.
//! 2. `TurnStart` - round start (the ruleset's round-start rules, effects that end with the
//!    round, declarations), then the next actor's turn: effects that end as it starts, its
//!    budget refill and start-of-turn rolls (death saves, bleeding).
//! 3. `Decide` - the decider's legal intents are offered; AI controllers choose; external
//!    controllers' requests arrive.
//! 4. `Validate` - each request is judged by the ruleset's legality check, and priced or
//!    rejected with a reason and no change.
//! 5. `Resolve` - at most one intent (or one reaction window, or one declaration) per
//!    encounter resolves.
//! 6. `Aftermath` - vitals (staggered, unconscious, dying, dead); an actor that fell ends its
//!    turn.
//! 7. `TurnEnd` - ongoing damage and saves, effects that end with the turn, the next actor or a
//!    new round; engagements of the gone are dropped, falls counted and morale triggers noted.
//! 8. `Morale` - the ruleset rolls the triggered morale checks: flight and surrender.
//! 9. `Outcome` - an encounter ends when at most one side can still fight.
//!
//! Each registered ruleset has one system in each phase ([`RulesetSystems`]), added by its
//! [`RulesetPlugin`](crate::kit::RulesetPlugin); [`CoreSystems`] are the core's own. Games add
//! their systems before or after any phase. The schedule runs on the single-threaded executor
//! with ambiguity detection set to error: any two systems that touch the same data must be
//! ordered, so the same seed always gives the same fight.

use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{LogLevel, ScheduleBuildSettings, ScheduleLabel, SingleThreadedExecutor};

use crate::events::announce;
use crate::flow::inbox::collect_requests;
use crate::flow::outcome::reset_report;
use crate::flow::requests::receive_requests;

/// The schedule of one combat tick.
#[derive(ScheduleLabel, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FrayTick;

/// Fray's place in the app's own schedule (the one [`FrayCorePlugin`](crate::FrayCorePlugin)
/// runs in: `Update` by default). A game orders its systems against these sets: a render system
/// `.after(FraySet::Step)` sees this frame's actions; a system writing requests
/// `.before(FraySet::Collect)` has them answered this frame when the step runs.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FraySet {
    /// Requests written so far are moved into the core's inbox, every run of the schedule,
    /// whether or not the step runs ([`RequestInbox`](crate::flow::inbox::RequestInbox)).
    Collect,
    /// The combat step: [`FrayTick`] runs as the plugin's run mode, step mode and the app's
    /// clock say.
    Step,
}

/// The nine phases of a tick, chained in this order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FraySystems {
    /// New encounters: initiative; the fight begins.
    Setup,
    /// Round start and turn start.
    TurnStart,
    /// Options offered, intents chosen, requests received.
    Decide,
    /// Requests judged and priced, or rejected.
    Validate,
    /// One intent or reaction window resolved per encounter.
    Resolve,
    /// Vitals, fallen actors.
    Aftermath,
    /// End-of-turn effects, next actor, bookkeeping.
    TurnEnd,
    /// Morale checks.
    Morale,
    /// Outcomes.
    Outcome,
}

/// The place of each ruleset's system in each phase.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RulesetSystems {
    /// In `Setup`, first: the lineups take in what changed outside the kit since the last
    /// tick.
    Sync,
    /// In `Setup`.
    Setup,
    /// In `TurnStart`.
    TurnStart,
    /// In `Decide`, before external requests are read.
    Decide,
    /// In `Validate`.
    Validate,
    /// In `Resolve`.
    Resolve,
    /// In `Aftermath`.
    Aftermath,
    /// In `TurnEnd`.
    TurnEnd,
    /// In `Morale`.
    Morale,
    /// In `Outcome`, after the tick's report is started over.
    Outcome,
}

/// Every system of one ruleset, by ruleset id (`RulesetSystemsOf("oho")`).
///
/// Rulesets' systems read and write the same component types (`Hp`, `Turn`, `CombatLog`...),
/// but each acts only on the encounters and combatants carrying its own marker, so two rulesets
/// never touch the same data. [`FrayAppExt::register_ruleset`] declares every pair of
/// registered rulesets' sets ambiguous with each other, so that one App may run several
/// rulesets while ambiguity detection still catches every other conflict.
///
/// [`FrayAppExt::register_ruleset`]: crate::FrayAppExt::register_ruleset
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RulesetSystemsOf(pub &'static str);

/// The core's own systems.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CoreSystems {
    /// `Decide`: external requests, from the [`RequestInbox`](crate::flow::inbox::RequestInbox)
    /// (authority and timing).
    ReceiveRequests,
    /// `Outcome`: the tick's report starts over.
    ResetReport,
    /// After `Outcome`: the log entries of the tick are triggered as
    /// [`events`](crate::events) to animate from.
    Announce,
}

/// Builds the combat schedule with the core's systems in place (rulesets add theirs).
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
    schedule.configure_sets((
        (RulesetSystems::Sync, RulesetSystems::Setup)
            .chain()
            .in_set(FraySystems::Setup),
        RulesetSystems::TurnStart.in_set(FraySystems::TurnStart),
        (RulesetSystems::Decide, CoreSystems::ReceiveRequests)
            .chain()
            .in_set(FraySystems::Decide),
        RulesetSystems::Validate.in_set(FraySystems::Validate),
        RulesetSystems::Resolve.in_set(FraySystems::Resolve),
        RulesetSystems::Aftermath.in_set(FraySystems::Aftermath),
        RulesetSystems::TurnEnd.in_set(FraySystems::TurnEnd),
        RulesetSystems::Morale.in_set(FraySystems::Morale),
        (CoreSystems::ResetReport, RulesetSystems::Outcome)
            .chain()
            .in_set(FraySystems::Outcome),
        CoreSystems::Announce.after(FraySystems::Outcome),
    ));
    schedule.add_systems((
        (collect_requests, receive_requests)
            .chain()
            .in_set(CoreSystems::ReceiveRequests),
        reset_report.in_set(CoreSystems::ResetReport),
        announce.in_set(CoreSystems::Announce),
    ));
    schedule
}
