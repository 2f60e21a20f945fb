//! The exploration schedule: one turn of every expedition under way, in ordered phases.
//!
//! [`ExploreTick`](crate::tick::ExploreTick) runs these sets in order
//! ([`ExploreSystems`](crate::tick::ExploreSystems)):
//!
//! 1. `Plan` - the turn starts: the party's [`ExpeditionPolicy`](crate::policy::ExpeditionPolicy) may turn it back
//!    or make it rest, its span is the ruleset's turn, and the party takes the next activity of
//!    its plan (an expedition with none left ends). An expedition in a fight
//!    ([`Fighting`](crate::fighting::Fighting)) sits the turn out: its time passes in the fight.
//! 2. `Wander` - the ruleset's wandering-monster checks.
//! 3. `Act` - the ruleset resolves the activity (searching, listening, resting), rolls its
//!    dice and may lengthen the turn.
//! 4. `Travel` - the model moves the party through its dungeon (doors, traps, areas entered,
//!    monsters living there met, treasure taken), asking the ruleset's
//!    [`Procedure`](crate::procedure::Procedure) for its rolls; or along the legs of its
//!    wilderness by the day's march the ruleset worked out ([`journey`](crate::journey)).
//!
//! In a wilderness a turn is a day: `Plan` puts the party on the next leg of its journey and
//! notes the day's terrain.
//! 5. `Meet` - the ruleset plays out the monsters met (reactions, evasion, or a fight).
//! 6. `EndTurn` - the clock moves on; lights burn for the turn's span and are relit from
//!    supplies (or another member lights one).
//! 7. `Outcome` - members found dead are marked with the time ([`DiedAt`](crate::death::DiedAt));
//!    an expedition whose party is all dead, or all down, ends.
//!
//! A ruleset adds its systems to `Wander`, `Act` and `Meet`
//! ([`ExploreAppExt::add_procedure_systems`](crate::procedure::ExploreAppExt::add_procedure_systems))
//! and acts only on expeditions carrying its marker; within a phase, the rulesets run one
//! after the other in the order they were registered. The schedule runs single-threaded with ambiguity detection set to error, like the
//! combat tick, so that the same seed always gives the same expedition.

use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{LogLevel, ScheduleBuildSettings, SingleThreadedExecutor};

use crate::activity::{CurrentActivity, Plan};
use crate::expedition_state::{Expedition, ExpeditionEnding, ExpeditionState};
use crate::fighting::Fighting;
use crate::light::{Burned, Light, LightKind};
use crate::log::{ExpeditionLog, ExploreEvent};
use crate::party::{Character, MemberOf, Party, Supplies, Vitals};
pub use crate::tick::{ExploreSystems, ExploreTick};
use crate::time::{Clock, GameTime};
use crate::timekeeping::{Timekeeping, TurnSpan};

/// Builds the exploration schedule with the model's own systems in place.
pub fn build_schedule() -> Schedule {
    let mut schedule = Schedule::new(ExploreTick);
    schedule.set_executor(SingleThreadedExecutor::new());
    schedule.set_build_settings(ScheduleBuildSettings {
        ambiguity_detection: LogLevel::Error,
        ..Default::default()
    });
    schedule.configure_sets(
        (
            ExploreSystems::Plan,
            ExploreSystems::Wander,
            ExploreSystems::Act,
            ExploreSystems::Travel,
            ExploreSystems::Meet,
            ExploreSystems::EndTurn,
            ExploreSystems::Outcome,
        )
            .chain(),
    );
    schedule.add_systems((
        (
            crate::policy::follow_policy,
            start_turn,
            crate::journey::start_day,
        )
            .chain()
            .in_set(ExploreSystems::Plan),
        (crate::travel::travel, crate::journey::journey)
            .chain()
            .in_set(ExploreSystems::Travel),
        (advance_clock, burn_lights)
            .chain()
            .in_set(ExploreSystems::EndTurn),
        (crate::death::note_deaths, end_when_all_dead)
            .chain()
            .in_set(ExploreSystems::Outcome),
    ));
    schedule
}

/// Expeditions as a turn starts: what `start_turn` reads and sets.
type Starting<'w, 's> = Query<
    'w,
    's,
    (
        &'static mut Expedition,
        &'static Timekeeping,
        &'static mut TurnSpan,
        &'static mut Plan,
        &'static mut CurrentActivity,
        &'static mut ExpeditionLog,
        &'static Clock,
        Has<Fighting>,
    ),
>;

/// The turn starts: its span is the ruleset's turn and the next activity is taken from the
/// plan; with the plan empty, the expedition ends.
fn start_turn(mut expeditions: Starting) {
    for (mut expedition, timekeeping, mut span, mut plan, mut current, mut log, clock, fighting) in
        &mut expeditions
    {
        if expedition.state != ExpeditionState::Underway || fighting {
            current.0 = None;
            span.0 = GameTime::ZERO;
            continue;
        }
        current.0 = plan.0.pop_front();
        if current.0.is_none() {
            end(&mut expedition, &mut log, clock, ExpeditionEnding::PlanDone);
            span.0 = GameTime::ZERO;
        } else {
            span.0 = timekeeping.turn;
        }
    }
}

/// Members without a lit light, who may take one up.
type Unlit<'w, 's> = Query<
    'w,
    's,
    (&'static Character, &'static Vitals, &'static mut Supplies),
    (With<MemberOf>, Without<Light>),
>;

/// Every lit light burns for the turn's span (the clock has moved on), relit from its
/// bearer's supplies; a light with nothing left to relight it goes out, and the next living
/// member in marching order without a light who carries a torch (or else oil) lights one
/// (ruling: the party keeps one light for each that went out while it has any).
fn burn_lights(
    mut expeditions: Query<(
        &Expedition,
        &Timekeeping,
        &TurnSpan,
        &Clock,
        &Party,
        &mut ExpeditionLog,
    )>,
    mut bearers: Query<(&Character, &Vitals, &mut Supplies, &mut Light), With<MemberOf>>,
    mut unlit: Unlit,
    mut commands: Commands,
) {
    for (expedition, timekeeping, span, clock, party, mut log) in &mut expeditions {
        if expedition.state != ExpeditionState::Underway {
            continue;
        }
        let at = clock.elapsed();
        let mut taken: Vec<Entity> = Vec::new();
        for &member in &party.order {
            let Ok((character, vitals, mut supplies, mut light)) = bearers.get_mut(member) else {
                continue;
            };
            if !vitals.is_alive() {
                continue;
            }
            let kind = light.kind;
            let (relit, out) =
                match light.burn(span.0, timekeeping.light_duration(kind), &mut supplies) {
                    Burned::Burning => (0, false),
                    Burned::Relit(times) => (times, false),
                    Burned::Out(times) => (times, true),
                };
            for _ in 0..relit {
                log.record(at, || ExploreEvent::LightLit {
                    bearer: character.name.clone(),
                    kind,
                });
            }
            if out {
                log.record(at, || ExploreEvent::LightOut {
                    bearer: character.name.clone(),
                    kind,
                });
                commands.entity(member).remove::<Light>();
                let next = party.order.iter().copied().find_map(|m| {
                    if taken.contains(&m) {
                        return None;
                    }
                    let (c, v, mut s) = unlit.get_mut(m).ok()?;
                    if !v.is_alive() {
                        return None;
                    }
                    let kind = if s.torches > 0 {
                        s.torches -= 1;
                        LightKind::Torch
                    } else if s.oil_flasks > 0 {
                        s.oil_flasks -= 1;
                        LightKind::Lantern
                    } else {
                        return None;
                    };
                    Some((m, c.name.clone(), kind))
                });
                if let Some((m, bearer, kind)) = next {
                    taken.push(m);
                    commands.entity(m).insert(Light {
                        kind,
                        left: timekeeping.light_duration(kind),
                    });
                    log.record(at, || ExploreEvent::LightLit { bearer, kind });
                }
            }
        }
    }
}

/// The clock moves on by the turn's span, and counts the turn.
fn advance_clock(
    mut expeditions: Query<(
        &Expedition,
        &TurnSpan,
        &CurrentActivity,
        &mut Clock,
        &mut ExpeditionLog,
    )>,
) {
    for (expedition, span, current, mut clock, mut log) in &mut expeditions {
        if expedition.state != ExpeditionState::Underway {
            continue;
        }
        clock.count_turn();
        let Some(activity) = &current.0 else {
            continue;
        };
        let at = clock.elapsed();
        log.record(at, || ExploreEvent::TimePassed {
            span: span.0,
            activity: activity.label().to_string(),
        });
        clock.advance(span.0);
    }
}

/// An expedition whose members are all dead ends; so does one with nobody left up.
fn end_when_all_dead(
    mut expeditions: Query<(&mut Expedition, &Party, &Clock, &mut ExpeditionLog)>,
    members: Query<&Vitals, With<MemberOf>>,
) {
    for (mut expedition, party, clock, mut log) in &mut expeditions {
        if expedition.state != ExpeditionState::Underway || party.order.is_empty() {
            continue;
        }
        let alive =
            |up: fn(&Vitals) -> bool| party.order.iter().any(|m| members.get(*m).is_ok_and(up));
        if !alive(Vitals::is_alive) {
            end(
                &mut expedition,
                &mut log,
                clock,
                ExpeditionEnding::PartyDead,
            );
        } else if !alive(Vitals::is_up) {
            end(
                &mut expedition,
                &mut log,
                clock,
                ExpeditionEnding::PartyDown,
            );
        }
    }
}

/// Ends an expedition and logs why.
fn end(
    expedition: &mut Expedition,
    log: &mut ExpeditionLog,
    clock: &Clock,
    ending: ExpeditionEnding,
) {
    expedition.state = ExpeditionState::Ended(ending);
    log.record(clock.elapsed(), || ExploreEvent::Ended {
        reason: ending.label().to_string(),
    });
}
