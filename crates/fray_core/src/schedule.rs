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
//! their systems before or after any phase. The schedule runs on the single-threaded executor,
//! and any two of Fray's own systems that touch the same data are ordered, so the same seed
//! always gives the same fight: [`own_ambiguities`] finds those that are not (debug builds check
//! when the app is finished). A game's own systems in the schedule need no total order.

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
    /// clock say; then each combatant's [`Budget`](crate::client::Budget) and each fight's
    /// [`BattleGauges`](crate::client::BattleGauges) are published (every run, so a game that
    /// steps by hand ([`FrayRunMode::Manual`](crate::FrayRunMode::Manual)) before this set sees
    /// them too).
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

/// The pairs of Fray's own systems in `world`'s [`FrayTick`] that touch the same data with
/// nothing ordering them, named with the data (empty when there are none, or no schedule). A
/// game's systems are not counted: only systems of Fray's crates (`fray_*`, including the kit's
/// systems of any ruleset) must be totally ordered. Builds the schedule if it is not yet.
pub fn own_ambiguities(world: &mut World) -> Vec<String> {
    world
        .try_schedule_scope(FrayTick, |world, schedule| {
            if let Err(e) = schedule.initialize(world) {
                return vec![format!("the schedule does not build: {e}")];
            }
            // Built, the systems live in the executable schedule, not the graph: name them there.
            let Ok(systems) = schedule.systems() else {
                return Vec::new();
            };
            let names: std::collections::HashMap<_, String> = systems
                .map(|(key, system)| (key, system.name().to_string()))
                .collect();
            let name = |key| names.get(key).map_or("?", String::as_str);
            schedule
                .graph()
                .conflicting_systems()
                .0
                .iter()
                .filter(|(a, b, _)| name(a).starts_with("fray_") && name(b).starts_with("fray_"))
                .map(|(a, b, on)| {
                    let on: Vec<String> = on
                        .iter()
                        .map(|id| {
                            world
                                .components()
                                .get_name(*id)
                                .map_or_else(|| format!("{id:?}"), |n| n.to_string())
                        })
                        .collect();
                    format!("{} and {}, on {}", name(a), name(b), on.join(", "))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Builds the combat schedule with the core's systems in place (rulesets add theirs).
pub fn build_schedule() -> Schedule {
    let mut schedule = Schedule::new(FrayTick);
    schedule.set_executor(SingleThreadedExecutor::new());
    schedule.set_build_settings(ScheduleBuildSettings {
        // The game's systems may be unordered; Fray's own are checked by `own_ambiguities`.
        ambiguity_detection: LogLevel::Ignore,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Resource, Default)]
    struct Shared(u32);

    fn one(mut s: ResMut<Shared>) {
        s.0 += 1;
    }

    fn two(mut s: ResMut<Shared>) {
        s.0 *= 2;
    }

    #[test]
    fn two_of_fray_s_systems_touching_the_same_data_unordered_are_named() {
        let mut world = World::new();
        world.init_resource::<Shared>();
        let mut schedule = build_schedule();
        schedule.add_systems((one, two).in_set(FraySystems::TurnEnd));
        world.add_schedule(schedule);
        let found = own_ambiguities(&mut world);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].contains("schedule::tests::one") && found[0].contains("Shared"),
            "{found:?}"
        );
    }
}
