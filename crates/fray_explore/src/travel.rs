//! Moving through a dungeon: a [`GoTo`](crate::activity::Activity::GoTo) step each turn along
//! the shortest way the party knows, doors forced or found on the way, traps crossed, and what
//! the party finds on entering an area (monsters living there, treasure); and leaving by the
//! entrance.
//!
//! Rulings (the seeds leave them to the referee):
//! - the party moves its [`Pace`](crate::place::Pace) along one passage in a turn; entering an area ends the
//!   turn's move (the party looks around), and what is left of the pace is lost;
//! - a trap springs as the party crosses its area unawares, when it leaves it, on the first
//!   member in marching order who is up (a search of the area finds it first);
//! - a locked door is impassable (nobody picks locks yet), a secret door is passable once a
//!   search of either of its areas succeeded;
//! - treasure is taken on entering an area where no monster lives, or when the monsters
//!   living there are beaten.

use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use fray_dice::Dice;

use crate::activity::{Activity, CurrentActivity, Plan};
use crate::dungeon::DoorState;
use crate::expedition_state::{Expedition, ExpeditionEnding, ExpeditionState};
use crate::foes::describe_in;
use crate::log::{ExploreEvent, note};
use crate::meetings::{Meeting, MeetingSource, Meetings};
use crate::party::{Character, Party, Vitals};
use crate::place::{
    Area, Discoveries, Door, Dungeon, Pace, Passage, Position, Stock, Trap, Travel,
};
use crate::policy::{PolicyState, Stance};
use crate::procedure::Procedures;
use crate::rolls::{TurnDice, with_turn_dice};
use crate::time::Clock;
use crate::treasure::take_treasure;

/// Plays the `GoTo` and `Leave` activities of every expedition in a dungeon.
pub(crate) fn travel(world: &mut World) {
    let mut query = world.query::<(Entity, &Expedition, &CurrentActivity, Has<Position>)>();
    let moving: Vec<(Entity, Activity)> = query
        .iter(world)
        .filter(|(_, e, _, placed)| e.state == ExpeditionState::Underway && *placed)
        .filter_map(|(entity, _, current, _)| match &current.0 {
            Some(a @ (Activity::GoTo { .. } | Activity::Leave)) => Some((entity, a.clone())),
            _ => None,
        })
        .collect();
    for (expedition, activity) in moving {
        match activity {
            Activity::GoTo { area } => go_to(world, expedition, &area),
            Activity::Leave => leave(world, expedition),
            _ => {}
        }
    }
}

/// One turn's move toward `target`.
fn go_to(world: &mut World, expedition: Entity, target: &str) {
    let Some(position) = world.get::<Position>(expedition).cloned() else {
        return;
    };
    let Some(target_area) = world
        .get::<Dungeon>(position.dungeon)
        .and_then(|d| d.areas.get(target).copied())
    else {
        note(world, expedition, ExploreEvent::NoWay { to: target.into() });
        return;
    };
    let travel = match position.travel {
        Some(travel) => travel,
        None => {
            if position.area == target_area {
                return;
            }
            let Some((passage, next)) = first_step(world, expedition, &position, target_area)
            else {
                note(world, expedition, ExploreEvent::NoWay { to: target.into() });
                return;
            };
            cross_trap(world, expedition, position.area);
            if !through_door(world, expedition, passage) {
                again(world, expedition, target);
                return;
            }
            Travel {
                passage,
                to: next,
                covered: 0,
            }
        }
    };
    let pace = world.get::<Pace>(expedition).copied().unwrap_or_default();
    let step = if position.familiar.contains(&travel.passage) {
        pace.familiar
    } else {
        pace.unknown
    };
    let covered = travel.covered.saturating_add(step.max(1));
    let length = world.get::<Passage>(travel.passage).map_or(0, |p| p.feet);
    if covered < length {
        if let Some(mut at) = world.get_mut::<Position>(expedition) {
            at.travel = Some(Travel { covered, ..travel });
        }
        again(world, expedition, target);
        return;
    }
    let first_visit = match world.get_mut::<Position>(expedition) {
        Some(mut at) => {
            at.area = travel.to;
            at.travel = None;
            at.familiar.insert(travel.passage);
            at.visited.insert(travel.to)
        }
        None => return,
    };
    if travel.to != target_area {
        again(world, expedition, target);
    }
    enter(world, expedition, travel.to, first_visit);
}

/// Leaving by the entrance: the expedition is over when the party stands there.
fn leave(world: &mut World, expedition: Entity) {
    let Some(position) = world.get::<Position>(expedition).cloned() else {
        return;
    };
    let Some(entrance) = world
        .get::<Dungeon>(position.dungeon)
        .map(|d| (d.entrance, d.spec.entrance.clone()))
    else {
        return;
    };
    if position.area != entrance.0 || position.travel.is_some() {
        if let Some(mut plan) = world.get_mut::<Plan>(expedition) {
            plan.0.push_front(Activity::Leave);
            plan.0.push_front(Activity::GoTo { area: entrance.1 });
        }
        return;
    }
    let ending = if world
        .get::<PolicyState>(expedition)
        .is_some_and(|s| s.turned_back)
    {
        ExpeditionEnding::TurnedBack
    } else {
        ExpeditionEnding::Returned
    };
    if let Some(mut e) = world.get_mut::<Expedition>(expedition) {
        e.state = ExpeditionState::Ended(ending);
    }
    note(
        world,
        expedition,
        ExploreEvent::Ended {
            reason: ending.label().into(),
        },
    );
}

/// Puts the `GoTo` back first in the plan: the party is not there yet.
fn again(world: &mut World, expedition: Entity, target: &str) {
    if let Some(mut plan) = world.get_mut::<Plan>(expedition) {
        plan.0.push_front(Activity::GoTo {
            area: target.into(),
        });
    }
}

/// Whether the party can pass the door of `passage` as it stands, knowing what it found.
fn passable(world: &World, passage: Entity, found: &dyn Fn(&Passage) -> bool) -> bool {
    let Some(p) = world.get::<Passage>(passage) else {
        return false;
    };
    match world.get::<Door>(passage).map(|d| d.state) {
        None | Some(DoorState::Open | DoorState::Stuck) => true,
        Some(DoorState::Locked) => false,
        Some(DoorState::Secret) => found(p),
    }
}

/// The first passage and area on the shortest way (in feet) from where the party stands to
/// `target`, through doors it can pass.
fn first_step(
    world: &World,
    expedition: Entity,
    position: &Position,
    target: Entity,
) -> Option<(Entity, Entity)> {
    let dungeon = world.get::<Dungeon>(position.dungeon)?;
    let searched = world
        .get::<Discoveries>(expedition)
        .map(|d| d.searched.clone())
        .unwrap_or_default();
    let area_id = |e: Entity| world.get::<Area>(e).map(|a| a.id.clone());
    let found = |p: &Passage| {
        [p.a, p.b]
            .into_iter()
            .filter_map(area_id)
            .any(|id| searched.contains(&id))
    };
    let edges: Vec<(Entity, Passage)> = dungeon
        .passages
        .iter()
        .filter(|&&e| passable(world, e, &found))
        .filter_map(|&e| world.get::<Passage>(e).map(|p| (e, *p)))
        .collect();
    // Dijkstra over a handful of areas: the distance and the first step to each.
    let mut best: BTreeMap<Entity, (u64, Option<(Entity, Entity)>)> = BTreeMap::new();
    best.insert(position.area, (0, None));
    let mut done = Vec::new();
    loop {
        let next = best
            .iter()
            .filter(|(e, _)| !done.contains(*e))
            .min_by_key(|(e, (d, _))| (*d, **e))
            .map(|(e, v)| (*e, *v));
        let Some((area, (distance, first))) = next else {
            break;
        };
        if area == target {
            return first;
        }
        done.push(area);
        for (e, p) in &edges {
            let Some(other) = p.across(area) else {
                continue;
            };
            let d = distance.saturating_add(u64::from(p.feet));
            let step = first.or(Some((*e, other)));
            if best.get(&other).is_none_or(|(old, _)| d < *old) {
                best.insert(other, (d, step));
            }
        }
    }
    None
}

/// The door of `passage`, if any, as the party goes through: a stuck door must be forced (the
/// ruleset's roll; a failure spends the turn), a secret door it passes is found.
fn through_door(world: &mut World, expedition: Entity, passage: Entity) -> bool {
    let Some(door) = world.get::<Door>(passage).cloned() else {
        return true;
    };
    let how = match door.state {
        DoorState::Open => return true,
        DoorState::Locked => return false,
        DoorState::Secret => "found",
        DoorState::Stuck => {
            let forced = procedure_of(world, expedition)
                .is_none_or(|p| p.party_forces_door(world, expedition));
            if !forced {
                note(world, expedition, ExploreEvent::DoorHolds { door: door.id });
                return false;
            }
            "forced"
        }
    };
    if let Some(mut d) = world.get_mut::<Door>(passage) {
        d.state = DoorState::Open;
    }
    note(
        world,
        expedition,
        ExploreEvent::DoorOpened {
            door: door.id,
            how: how.into(),
        },
    );
    true
}

/// Asks the expedition's procedure a question that rolls its dice; `true` without one.
fn roll_with(
    world: &mut World,
    expedition: Entity,
    ask: impl FnOnce(&dyn crate::procedure::Procedure, &mut TurnDice<'_>) -> bool,
) -> bool {
    let Some(procedure) = procedure_of(world, expedition) else {
        return true;
    };
    with_turn_dice(world, expedition, |dice| ask(procedure.as_ref(), dice)).unwrap_or(true)
}

/// The procedures of `expedition`'s ruleset, if registered.
fn procedure_of(
    world: &World,
    expedition: Entity,
) -> Option<std::sync::Arc<dyn crate::procedure::Procedure>> {
    world.get::<Expedition>(expedition).and_then(|e| {
        world
            .get_resource::<Procedures>()
            .and_then(|p| p.get(&e.ruleset).cloned())
    })
}

/// The party crosses `area` on its way out: an unfound trap there may spring (the ruleset's
/// roll) on the first member in marching order who is up.
fn cross_trap(world: &mut World, expedition: Entity, area: Entity) {
    let Some(trap) = world.get::<Trap>(area).cloned() else {
        return;
    };
    if trap.sprung || trap.found {
        return;
    }
    let area_id = world
        .get::<Area>(area)
        .map(|a| a.id.clone())
        .unwrap_or_default();
    if world
        .get::<Discoveries>(expedition)
        .is_some_and(|d| d.searched.contains(&area_id))
    {
        if let Some(mut t) = world.get_mut::<Trap>(area) {
            t.found = true;
        }
        return;
    }
    if !roll_with(world, expedition, |p, dice| p.trap_springs(dice)) {
        return;
    }
    if let Some(mut t) = world.get_mut::<Trap>(area) {
        t.sprung = true;
    }
    let victim = world.get::<Party>(expedition).and_then(|party| {
        party
            .order
            .iter()
            .copied()
            .find(|m| world.get::<Vitals>(*m).is_some_and(Vitals::is_up))
    });
    let Some(victim) = victim else {
        return;
    };
    let procedure = world.get::<Expedition>(expedition).and_then(|e| {
        world
            .get_resource::<Procedures>()
            .and_then(|p| p.get(&e.ruleset).cloned())
    });
    if procedure.is_some_and(|p| p.trap_check(world, expedition, victim, &trap)) {
        return;
    }
    let damage = match Dice::parse(&trap.damage) {
        Ok(dice) => {
            let mut total = 0;
            roll_with(world, expedition, |_, rolls| {
                total = rolls.roll(&format!("{} damage", trap.name), &dice);
                true
            });
            i32::try_from(total.max(0)).unwrap_or(i32::MAX)
        }
        Err(_) => 0,
    };
    let at_zero = world
        .get::<Expedition>(expedition)
        .and_then(|e| {
            world
                .get_resource::<Procedures>()
                .and_then(|p| p.get(&e.ruleset).map(|p| p.at_zero_hp()))
        })
        .unwrap_or(crate::party::Life::Dead);
    if let Some(mut vitals) = world.get_mut::<Vitals>(victim) {
        vitals.wound(damage);
        if vitals.hp <= 0 {
            vitals.life = at_zero;
        }
    }
    let who = world
        .get::<Character>(victim)
        .map(|c| c.name.clone())
        .unwrap_or_default();
    note(
        world,
        expedition,
        ExploreEvent::TrapSprung {
            trap: trap.name,
            who,
            damage,
        },
    );
}

/// The party enters `area`: monsters living there are met (each time it enters while they
/// live), its treasure taken if none do, and a cautious party searches it the first time.
fn enter(world: &mut World, expedition: Entity, area: Entity, first_visit: bool) {
    let Some(info) = world.get::<Area>(area).cloned() else {
        return;
    };
    note(
        world,
        expedition,
        ExploreEvent::Entered {
            area: info.name.clone(),
        },
    );
    let stock = world
        .get::<Stock>(area)
        .map(|s| s.0.clone())
        .unwrap_or_default();
    if stock.is_empty() {
        take_treasure(world, expedition, area);
    } else {
        let at = world
            .get::<Clock>(expedition)
            .map(Clock::elapsed)
            .unwrap_or_default();
        note(
            world,
            expedition,
            ExploreEvent::MonstersMet {
                source: MeetingSource::Stocked,
                distance_ft: 0,
                foes: describe_in(world, expedition, &stock),
            },
        );
        if let Some(mut meetings) = world.get_mut::<Meetings>(expedition) {
            meetings.meet(Meeting {
                at,
                source: MeetingSource::Stocked,
                distance_ft: 0,
                foes: stock,
                area: Some(area),
            });
        }
    }
    let cautious = world
        .get::<crate::policy::ExpeditionPolicy>(expedition)
        .is_some_and(|p| p.stance == Stance::Cautious);
    if first_visit
        && cautious
        && let Some(mut plan) = world.get_mut::<Plan>(expedition)
    {
        plan.0.push_front(Activity::Search { area: info.id });
    }
}
