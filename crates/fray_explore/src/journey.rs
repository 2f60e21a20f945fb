//! Journeys through a wilderness by days: a [`Journey`](crate::activity::Activity::Journey)
//! takes the shortest way the party knows (in miles), a leg at a time, one day's march a turn;
//! [`Leave`](crate::activity::Activity::Leave) brings the party home to the starting site and
//! ends the expedition.
//!
//! The split with the rulesets: as a day starts (`Plan`), the model puts the party on the
//! next leg of its way and notes the day's terrain in its
//! [`Whereabouts`](crate::landscape::Whereabouts); the ruleset's `Act` systems read it and
//! write the day's [`DayMarch`](crate::journey::DayMarch) (how many miles, and whether the party
//! lost its way); the model then moves the party (`Travel`).
//!
//! Rulings (the seeds leave them to the referee):
//! - a turn in the wilderness is a day (both seeds count wilderness time in days);
//! - a party that loses its way spends the day astray and makes no way along its leg (B/X:
//!   "it may take some time for a lost party to realize that it is moving in the wrong
//!   direction"; Fray spends that day);
//! - reaching a site ends the day's march, as entering an area ends a dungeon turn's move;
//! - monsters living at a site are met on arriving there, and its treasure is taken when none
//!   live there or they are beaten, as in a dungeon's areas;
//! - members do not keep lights lit outdoors by day (their light is not lit when they set
//!   out).

use bevy_reflect::Reflect;
use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::activity::{Activity, CurrentActivity, Plan};
use crate::expedition_state::{Expedition, ExpeditionEnding, ExpeditionState};
use crate::foes::describe_in;
use crate::landscape::{Leg, Site, Trek, Whereabouts, Wilderness};
use crate::log::{ExpeditionLog, ExploreEvent, note};
use crate::meetings::{Meeting, MeetingSource, Meetings};
use crate::place::{Stock, Treasure};
use crate::time::{Clock, GameTime};
use crate::timekeeping::TurnSpan;
use crate::treasure::take_treasure;

/// How hard or how carefully the party travels, chosen in its plan. What each does to the
/// miles is the ruleset's (B/X: forced march, BX-11; lite5e: tactical and stealthy, L5-22).
#[derive(
    Component,
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    Serialize,
    Deserialize,
    JsonSchema,
    Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub enum March {
    /// The usual pace.
    #[default]
    Normal,
    /// Pushing on for more miles (B/X's forced march: then a day of rest).
    Forced,
    /// Moving tactically, ready for trouble.
    Tactical,
    /// Moving stealthily.
    Stealthy,
}

/// The day's march as the ruleset worked it out in `Act`: the miles the party makes along its
/// leg and whether it lost its way. The model moves the party by it in `Travel` and clears it.
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct DayMarch {
    /// Miles the party can make today.
    pub miles: u32,
    /// The party lost its way: it makes no way today.
    pub lost: bool,
}

/// Expeditions as a day starts.
type Starting<'w, 's> = Query<
    'w,
    's,
    (
        (&'static Expedition, &'static Clock),
        &'static mut CurrentActivity,
        &'static mut TurnSpan,
        &'static mut Whereabouts,
        &'static mut ExpeditionLog,
    ),
>;

/// A day in the wilderness starts: its span is a day (leaving takes none); a journey puts the
/// party on the next leg of its way (or, already there, the day is not spent); the day's
/// terrain is noted.
pub(crate) fn start_day(
    mut expeditions: Starting,
    wildernesses: Query<&Wilderness>,
    legs: Query<&Leg>,
    sites: Query<&Site>,
) {
    for ((expedition, clock), mut current, mut span, mut at, mut log) in &mut expeditions {
        if expedition.state != ExpeditionState::Underway || current.0.is_none() {
            continue;
        }
        // Leaving takes no time of its own: it sets the party on its way home, or ends the
        // expedition there.
        span.0 = if matches!(current.0, Some(Activity::Leave)) {
            GameTime::ZERO
        } else {
            GameTime::DAY
        };
        if let Some(Activity::Journey { site }) = &current.0
            && at.trek.is_none()
        {
            let target = wildernesses
                .get(at.wilderness)
                .ok()
                .and_then(|w| w.sites.get(site).copied());
            let step = target.and_then(|target| {
                if target == at.site {
                    return Some(None);
                }
                let w = wildernesses.get(at.wilderness).ok()?;
                first_leg(w, &legs, at.site, target).map(Some)
            });
            match step {
                Some(Some((leg, to))) => {
                    at.trek = legs.get(leg).ok().map(|l| Trek {
                        leg,
                        to,
                        covered: 0,
                        current: l.current_toward(to),
                    });
                }
                Some(None) => {
                    current.0 = None;
                    span.0 = GameTime::ZERO;
                }
                None => {
                    log.record(clock.elapsed(), || ExploreEvent::NoWay { to: site.clone() });
                    current.0 = None;
                    span.0 = GameTime::ZERO;
                }
            }
        }
        at.terrain = match at.trek {
            Some(trek) => legs.get(trek.leg).map_or(at.terrain, |l| l.terrain),
            None => sites.get(at.site).map_or(at.terrain, |s| s.terrain),
        };
    }
}

/// The first leg and site on the shortest way (in miles) from `from` to `target`.
fn first_leg(
    wilderness: &Wilderness,
    legs: &Query<&Leg>,
    from: Entity,
    target: Entity,
) -> Option<(Entity, Entity)> {
    let edges: Vec<(Entity, Leg)> = wilderness
        .legs
        .iter()
        .filter_map(|&e| legs.get(e).ok().map(|l| (e, *l)))
        .collect();
    // Dijkstra over a handful of sites: the distance and the first step to each.
    let mut best: BTreeMap<Entity, (u64, Option<(Entity, Entity)>)> = BTreeMap::new();
    best.insert(from, (0, None));
    let mut done = Vec::new();
    loop {
        let next = best
            .iter()
            .filter(|(e, _)| !done.contains(*e))
            .min_by_key(|(e, (d, _))| (*d, **e))
            .map(|(e, v)| (*e, *v));
        let (site, (distance, first)) = next?;
        if site == target {
            return first;
        }
        done.push(site);
        for (e, leg) in &edges {
            let Some(other) = leg.across(site) else {
                continue;
            };
            let d = distance.saturating_add(u64::from(leg.miles));
            let step = first.or(Some((*e, other)));
            if best.get(&other).is_none_or(|(old, _)| d < *old) {
                best.insert(other, (d, step));
            }
        }
    }
}

/// Plays the `Journey` and `Leave` activities of every expedition in a wilderness.
pub(crate) fn journey(world: &mut World) {
    let mut query = world.query::<(Entity, &Expedition, &CurrentActivity, Has<Whereabouts>)>();
    let moving: Vec<(Entity, Activity)> = query
        .iter(world)
        .filter(|(_, e, _, outdoors)| e.state == ExpeditionState::Underway && *outdoors)
        .filter_map(|(entity, _, current, _)| match &current.0 {
            Some(a @ (Activity::Journey { .. } | Activity::Leave)) => Some((entity, a.clone())),
            _ => None,
        })
        .collect();
    for (expedition, activity) in moving {
        match activity {
            Activity::Journey { site } => march(world, expedition, &site),
            Activity::Leave => come_home(world, expedition),
            _ => {}
        }
    }
    let mut days = world.query::<&mut DayMarch>();
    for mut day in days.iter_mut(world) {
        *day = DayMarch::default();
    }
}

/// One day's march toward `target`, as the ruleset worked it out.
fn march(world: &mut World, expedition: Entity, target: &str) {
    let Some(at) = world.get::<Whereabouts>(expedition).cloned() else {
        return;
    };
    let Some(trek) = at.trek else {
        return;
    };
    let day = world
        .get::<DayMarch>(expedition)
        .copied()
        .unwrap_or_default();
    again(world, expedition, target);
    if day.lost {
        note(
            world,
            expedition,
            ExploreEvent::Lost {
                terrain: at.terrain.label().into(),
            },
        );
        return;
    }
    if day.miles == 0 {
        return;
    }
    let length = world.get::<Leg>(trek.leg).map_or(0, |l| l.miles);
    let covered = trek.covered.saturating_add(day.miles).min(length);
    let toward = site_name(world, trek.to);
    note(
        world,
        expedition,
        ExploreEvent::Marched {
            miles: covered.saturating_sub(trek.covered),
            toward,
            left: length.saturating_sub(covered),
        },
    );
    if covered < length {
        if let Some(mut w) = world.get_mut::<Whereabouts>(expedition) {
            w.trek = Some(Trek { covered, ..trek });
        }
        return;
    }
    if let Some(mut w) = world.get_mut::<Whereabouts>(expedition) {
        w.site = trek.to;
        w.trek = None;
        w.visited.insert(trek.to);
    }
    let there = world.get::<Site>(trek.to).is_some_and(|s| s.id == target);
    if there && let Some(mut plan) = world.get_mut::<Plan>(expedition) {
        plan.0.pop_front();
    }
    arrive(world, expedition, trek.to);
}

/// Home: the expedition is over when the party stands at the starting site.
fn come_home(world: &mut World, expedition: Entity) {
    let Some(at) = world.get::<Whereabouts>(expedition).cloned() else {
        return;
    };
    let Some((start, start_id)) = world
        .get::<Wilderness>(at.wilderness)
        .map(|w| (w.start, w.spec.start.clone()))
    else {
        return;
    };
    if at.site != start || at.trek.is_some() {
        if let Some(mut plan) = world.get_mut::<Plan>(expedition) {
            plan.0.push_front(Activity::Leave);
            plan.0.push_front(Activity::Journey { site: start_id });
        }
        return;
    }
    let at_time = clock(world, expedition);
    if let Some(mut e) = world.get_mut::<Expedition>(expedition) {
        e.state = ExpeditionState::Ended(ExpeditionEnding::Journeyed);
    }
    if let Some(mut log) = world.get_mut::<ExpeditionLog>(expedition) {
        log.record(at_time, || ExploreEvent::Ended {
            reason: ExpeditionEnding::Journeyed.label().into(),
        });
    }
}

/// The party reaches `site`: monsters living there are met, and its treasure taken if none
/// do.
fn arrive(world: &mut World, expedition: Entity, site: Entity) {
    let name = site_name(world, site);
    note(world, expedition, ExploreEvent::Reached { site: name });
    let stock = world
        .get::<Stock>(site)
        .map(|s| s.0.clone())
        .unwrap_or_default();
    if stock.is_empty() {
        if world.get::<Treasure>(site).is_some_and(|t| t.0 > 0) {
            take_treasure(world, expedition, site);
        }
        return;
    }
    note(
        world,
        expedition,
        ExploreEvent::MonstersMet {
            source: MeetingSource::Stocked,
            distance_ft: 0,
            foes: describe_in(world, expedition, &stock),
        },
    );
    let at = clock(world, expedition);
    if let Some(mut meetings) = world.get_mut::<Meetings>(expedition) {
        meetings.meet(Meeting {
            at,
            source: MeetingSource::Stocked,
            distance_ft: 0,
            foes: stock,
            area: Some(site),
        });
    }
}

/// Puts the `Journey` back first in the plan: the party is not there yet (the march takes it
/// off again on arrival).
fn again(world: &mut World, expedition: Entity, target: &str) {
    if let Some(mut plan) = world.get_mut::<Plan>(expedition) {
        plan.0.push_front(Activity::Journey {
            site: target.into(),
        });
    }
}

/// A site's display name.
fn site_name(world: &World, site: Entity) -> String {
    world
        .get::<Site>(site)
        .map(|s| s.name.clone())
        .unwrap_or_default()
}

/// The expedition's clock.
fn clock(world: &World, expedition: Entity) -> GameTime {
    world
        .get::<Clock>(expedition)
        .map(Clock::elapsed)
        .unwrap_or_default()
}
