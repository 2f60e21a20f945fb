//! Rolling to return (L5-20): a check against DC 10 + 1 per travel turn (at most 20), each
//! character rolling with its highest modifier, proficiency included; each point short costs
//! 1d6 damage on a dangerous path (ignoring armour), or one load of equipment on an arduous
//! one.
//!
//! This is how a lite5e party comes home (`head_home`). When its plan takes it home - out of
//! the dungeon by its entrance (the way out its policy set when it turned back, or the end of
//! its plan), or back to the wilderness's starting site (`Leave`) - the party is not walked
//! back scene by scene: each member who is up rolls to return and pays what its shortfall
//! costs, and the party is home (at the entrance, or at the starting site), where the model
//! ends the expedition that same turn.
//!
//! Rulings:
//! - the travel turns are those the way home would take as Fray plays it: in a dungeon, the
//!   shortest way to the entrance through the passages the party has crossed, each passage a
//!   turn at least (entering an area ends a turn's move) and a turn for each full pace it runs
//!   beyond, at the party's pace now (which its load slows); in a wilderness, where a travel
//!   turn is a day (the seed rolls them daily overland), the fewest days home by the legs,
//!   each at the miles a day the party would make on it (its slowest walker and march, or its
//!   boat and the current);
//! - a party no travel turn from home (at the entrance, or at the starting site) walks out
//!   without a roll; one that knows no way home, or cannot move, rolls against DC 20;
//! - the GM's choice of path: the way is dangerous through hostile ground - any dungeon (the
//!   seed's rest rule holds every dungeon unsafe, L5-15), or a wilderness whose way home crosses
//!   a hostile terrain ([`hostile`](crate::explore::overland::hostile)) - and arduous otherwise;
//! - a member rolls with its best ability modifier now (points lost to injuries counted) plus
//!   its proficiency bonus, at disadvantage when burdened (its load, an injury, exhaustion:
//!   "disadvantage on all checks", L5-05); members down do not roll: they are carried home;
//! - a member the dangerous way brings to 0 HP is left unconscious (down, as a trap leaves it),
//!   not dead; the loads an arduous way costs are
//!   [`lose_loads`](crate::explore::load::lose_loads)'s;
//! - a party with monsters met and not yet played out (a threat this very hour) deals with them
//!   first, and rolls to return on a later turn;
//! - the clock does not run on through the way home: the expedition ends as the party is home.

use std::collections::{BTreeMap, BTreeSet};

use bevy_ecs::prelude::*;
use fray_core::grammar::counted;
use fray_dice::DieSource;
use fray_explore::log::note;
use fray_explore::prelude::*;
use serde::{Deserialize, Serialize};

use super::checks::{Checked, block, burdened, name, roll_check, score};
use super::load::lose_loads;
use super::overland::{day_miles, hostile};
use super::{Lite5eExpedition, Lite5eProcedure};
use crate::sheet::modifier;

/// The highest DC of a roll to return.
pub const MAX_RETURN_DC: u32 = 20;

/// The kind of path home.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Path {
    /// Each point short deals 1d6 damage (ignoring armour).
    Dangerous,
    /// Each point short loses one load of equipment.
    Arduous,
}

impl Path {
    /// The way in words, for logs: `a dangerous way`, `an arduous way`.
    pub fn way(self) -> &'static str {
        match self {
            Self::Dangerous => "a dangerous way",
            Self::Arduous => "an arduous way",
        }
    }
}

/// The DC to return after `travel_turns` travel turns away: 10 + 1 each, at most 20.
pub fn return_dc(travel_turns: u64) -> u32 {
    let turns = u32::try_from(travel_turns.min(u64::from(MAX_RETURN_DC))).unwrap_or(MAX_RETURN_DC);
    10u32.saturating_add(turns).min(MAX_RETURN_DC)
}

/// What failing to return cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReturnCost {
    /// Home safe.
    None,
    /// Damage on a dangerous path: the d6 faces and their sum.
    Damage {
        /// One d6 per point short.
        faces: Vec<u32>,
        /// Their sum.
        total: u32,
    },
    /// Loads of equipment dropped on an arduous path.
    LoadsLost(u32),
}

/// One character's roll to return.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Return {
    /// The check: its d20s, the one kept, the total and the DC.
    pub check: Checked,
    /// What it cost.
    pub cost: ReturnCost,
}

impl Return {
    /// `who` rolls to return with `modifier` (its highest, proficiency included) and
    /// `advantage` (advantages, disadvantages) after `travel_turns` travel turns, on `path`:
    /// the check, and on a dangerous path the damage dice of its shortfall, each logged.
    pub fn roll(
        dice: &mut TurnDice<'_>,
        who: &str,
        modifier: i32,
        advantage: (u32, u32),
        travel_turns: u64,
        path: Path,
    ) -> Self {
        let dc = return_dc(travel_turns);
        let what = format!(
            "{who}'s return, {} on {}",
            counted(travel_turns, "travel turn", "travel turns"),
            path.way()
        );
        let check = roll_check(dice, &what, modifier, advantage, i64::from(dc));
        let short = u32::try_from(check.dc.saturating_sub(check.total).max(0)).unwrap_or(u32::MAX);
        let cost = match (short, path) {
            (0, _) => ReturnCost::None,
            (n, Path::Dangerous) => {
                let faces: Vec<u32> = (0..n).map(|_| dice.rng.roll_die(6)).collect();
                let total = faces.iter().fold(0u32, |s, f| s.saturating_add(*f));
                dice.log.record(dice.at, || ExploreEvent::Roll {
                    what: format!("damage to {who} on the dangerous way home ({n} short)"),
                    dice: format!("{n}d6"),
                    faces: faces.clone(),
                    kept: None,
                    modifier: 0,
                    result: i64::from(total),
                    success: None,
                    verdict: None,
                });
                ReturnCost::Damage { faces, total }
            }
            (n, Path::Arduous) => ReturnCost::LoadsLost(n),
        };
        Self { check, cost }
    }
}

/// A member's modifier to return: its best ability modifier now plus its proficiency bonus.
///
/// Ruling: "their highest modifier (including proficiency)" is the best of the six ability
/// modifiers, with the points injuries or corruption took off counted, plus the proficiency
/// bonus of the statblock.
pub fn best_modifier(world: &World, member: Entity) -> i32 {
    let best = (0..6)
        .map(|i| modifier(score(world, member, i)))
        .max()
        .unwrap_or(0);
    best.saturating_add(block(world, member).map_or(0, |b| i32::from(b.proficiency)))
}

/// Where home is for a party heading there.
#[derive(Debug, Clone, Copy)]
enum Home {
    /// The dungeon's entrance area.
    Entrance(Entity),
    /// The wilderness's starting site.
    Start(Entity),
}

/// The way home of a party heading there: where home is, the travel turns it is away (`None`:
/// no way known) and the kind of path.
struct WayHome {
    home: Home,
    turns: Option<u64>,
    path: Path,
}

/// Each lite5e party heading home this turn rolls to return and is home (`Act`, last: the
/// model's `Leave` then ends the expedition).
///
/// Ruling: the seed lets the GM have the players roll to return when there is no time to play
/// the way home scene by scene; Fray always does, for every way home (the party turned back or
/// its plan done), but for a party already home (no travel turn away) and one with monsters
/// still to meet (it meets them first). The module's rulings give the travel turns and the
/// path.
pub(super) fn head_home(world: &mut World) {
    let mut query = world.query_filtered::<(
        Entity,
        &Expedition,
        &CurrentActivity,
        &Plan,
        Option<&Meetings>,
    ), With<Lite5eExpedition>>();
    let heading: Vec<(Entity, Activity, Option<Activity>)> = query
        .iter(world)
        .filter(|(_, e, _, _, meetings)| {
            e.state == ExpeditionState::Underway && meetings.is_none_or(|m| m.pending.is_empty())
        })
        .filter_map(|(entity, _, current, plan, _)| {
            Some((entity, current.0.clone()?, plan.0.front().cloned()))
        })
        .collect();
    for (expedition, current, next) in heading {
        let Some(way) = way_home(world, expedition, &current, next.as_ref()) else {
            continue;
        };
        if way.turns == Some(0) {
            continue;
        }
        let turns = way.turns.unwrap_or(u64::from(MAX_RETURN_DC));
        roll_home(world, expedition, turns, way.path);
        arrive(world, expedition, way.home, current != Activity::Leave);
    }
}

/// The way home of `expedition`, if its activity takes it home: `Leave`, or the way there
/// (`GoTo` the entrance, `Journey` to the starting site) with `Leave` next.
///
/// Ruling: the GM's choice of path is Fray's: every dungeon's way home is dangerous, and a
/// wilderness's when it crosses a hostile terrain (where the party stands, or a leg of the way);
/// a way through quiet country is arduous.
fn way_home(
    world: &World,
    expedition: Entity,
    current: &Activity,
    next: Option<&Activity>,
) -> Option<WayHome> {
    let going = |home: &str| match (current, next) {
        (Activity::Leave, _) => true,
        (Activity::GoTo { area: to } | Activity::Journey { site: to }, Some(Activity::Leave)) => {
            to == home
        }
        _ => false,
    };
    if let Some(at) = world.get::<Position>(expedition) {
        let dungeon = world.get::<Dungeon>(at.dungeon)?;
        if !going(&dungeon.spec.entrance) {
            return None;
        }
        return Some(WayHome {
            home: Home::Entrance(dungeon.entrance),
            turns: dungeon_turns(world, expedition, at, dungeon).map(|(turns, _)| turns),
            path: Path::Dangerous,
        });
    }
    let at = world.get::<Whereabouts>(expedition)?;
    let wilderness = world.get::<Wilderness>(at.wilderness)?;
    if !going(&wilderness.spec.start) {
        return None;
    }
    let way = wilderness_days(world, expedition, at, wilderness);
    let terrains = way
        .iter()
        .flat_map(|(_, legs)| legs.iter())
        .filter_map(|leg| world.get::<Leg>(*leg).map(|l| l.terrain))
        .chain([at.terrain]);
    let path = if terrains
        .into_iter()
        .any(|t| hostile(world, at.wilderness, t))
    {
        Path::Dangerous
    } else {
        Path::Arduous
    };
    Some(WayHome {
        home: Home::Start(wilderness.start),
        turns: way.map(|(days, _)| days),
        path,
    })
}

/// Turns to cover `distance` at `per_turn` a turn, rounded up; `None` at no speed.
fn turns_for(distance: u32, per_turn: u32) -> Option<u64> {
    (per_turn > 0).then(|| u64::from(distance.div_ceil(per_turn)))
}

/// The turns home from the party's place in `dungeon`: through the passages it has crossed,
/// each a turn at least, at its pace now (from the area it last stood in, or on along the
/// passage it is crossing).
fn dungeon_turns(
    world: &World,
    expedition: Entity,
    at: &Position,
    dungeon: &Dungeon,
) -> Option<(u64, Vec<Entity>)> {
    let pace = world
        .get::<Pace>(expedition)
        .copied()
        .unwrap_or_default()
        .familiar;
    let mut sources = vec![(at.area, 0)];
    if let Some(travel) = at.travel {
        let length = world.get::<Passage>(travel.passage).map_or(0, |p| p.feet);
        sources = [
            (at.area, turns_for(travel.covered, pace)),
            (
                travel.to,
                turns_for(length.saturating_sub(travel.covered), pace),
            ),
        ]
        .into_iter()
        .filter_map(|(area, turns)| Some((area, turns?)))
        .collect();
    }
    let edges: Vec<Edge> = dungeon
        .passages
        .iter()
        .filter(|p| at.familiar.contains(*p))
        .filter_map(|&p| {
            let passage = world.get::<Passage>(p)?;
            let turns = turns_for(passage.feet, pace)?.max(1);
            Some([
                (passage.a, passage.b, turns, p),
                (passage.b, passage.a, turns, p),
            ])
        })
        .flatten()
        .collect();
    cheapest(&sources, dungeon.entrance, &edges)
}

/// The days home from the party's place in `wilderness` (at the site it last stood at, or on
/// along the leg it is on), and the legs of the way, each a day at least, at the miles a day it
/// would make on it.
fn wilderness_days(
    world: &World,
    expedition: Entity,
    at: &Whereabouts,
    wilderness: &Wilderness,
) -> Option<(u64, Vec<Entity>)> {
    let march = world.get::<March>(expedition).copied().unwrap_or_default();
    let per_day = |leg: &Leg, to: Entity| {
        day_miles(
            world,
            expedition,
            leg.terrain,
            leg.current_toward(to),
            march,
        )
    };
    let mut sources = vec![(at.site, 0)];
    if let Some(trek) = at.trek
        && let Some(leg) = world.get::<Leg>(trek.leg)
    {
        sources = [
            (at.site, turns_for(trek.covered, per_day(leg, at.site))),
            (
                trek.to,
                turns_for(
                    leg.miles.saturating_sub(trek.covered),
                    per_day(leg, trek.to),
                ),
            ),
        ]
        .into_iter()
        .filter_map(|(site, days)| Some((site, days?)))
        .collect();
    }
    let edges: Vec<Edge> = wilderness
        .legs
        .iter()
        .filter_map(|&e| Some((e, world.get::<Leg>(e)?)))
        .flat_map(|(e, leg)| {
            [(leg.a, leg.b), (leg.b, leg.a)]
                .into_iter()
                .filter_map(move |(from, to)| {
                    let days = turns_for(leg.miles, per_day(leg, to))?.max(1);
                    Some((from, to, days, e))
                })
        })
        .collect();
    cheapest(&sources, wilderness.start, &edges)
}

/// A directed step of a way: from, to, its cost in turns, and the passage or leg it goes along.
type Edge = (Entity, Entity, u64, Entity);

/// The cheapest way from any of `sources` (each with the turns it takes to get there) to
/// `target` along `edges`: its turns and the passages or legs it goes along; `None` without
/// one.
fn cheapest(
    sources: &[(Entity, u64)],
    target: Entity,
    edges: &[Edge],
) -> Option<(u64, Vec<Entity>)> {
    let mut best: BTreeMap<Entity, (u64, Vec<Entity>)> = BTreeMap::new();
    for &(node, cost) in sources {
        if best.get(&node).is_none_or(|(old, _)| cost < *old) {
            best.insert(node, (cost, Vec::new()));
        }
    }
    let mut done = BTreeSet::new();
    loop {
        let (node, (cost, way)) = best
            .iter()
            .filter(|(n, _)| !done.contains(*n))
            .min_by_key(|(n, (c, _))| (*c, **n))
            .map(|(n, v)| (*n, v.clone()))?;
        if node == target {
            return Some((cost, way));
        }
        done.insert(node);
        for &(_, to, step, along) in edges.iter().filter(|e| e.0 == node) {
            let c = cost.saturating_add(step);
            if best.get(&to).is_none_or(|(old, _)| c < *old) {
                let mut longer = way.clone();
                longer.push(along);
                best.insert(to, (c, longer));
            }
        }
    }
}

/// Each member of `expedition` who is up rolls to return from `turns` travel turns away on
/// `path`, and pays what it costs.
fn roll_home(world: &mut World, expedition: Entity, turns: u64, path: Path) {
    let up: Vec<Entity> = world
        .get::<Party>(expedition)
        .map(|p| p.order.clone())
        .unwrap_or_default()
        .into_iter()
        .filter(|m| world.get::<Vitals>(*m).is_some_and(Vitals::is_up))
        .collect();
    for member in up {
        let who = name(world, member);
        let bonus = best_modifier(world, member);
        let burden = u32::from(burdened(world, member));
        let Some(back) = with_turn_dice(world, expedition, |dice| {
            Return::roll(dice, &who, bonus, (0, burden), turns, path)
        }) else {
            return;
        };
        match back.cost {
            ReturnCost::None => {}
            ReturnCost::Damage { total, .. } => {
                if let Some(mut vitals) = world.get_mut::<Vitals>(member) {
                    vitals.wound(i32::try_from(total).unwrap_or(i32::MAX));
                    if vitals.hp <= 0 {
                        vitals.hp = 0;
                        vitals.life = Lite5eProcedure.at_zero_hp();
                    }
                }
            }
            ReturnCost::LoadsLost(n) => {
                lose_loads(world, expedition, member, n);
            }
        }
    }
}

/// The party is home: at the dungeon's entrance or the wilderness's starting site, leaving
/// (the `Leave` next in its plan taken now, when it was on its way there).
fn arrive(world: &mut World, expedition: Entity, home: Home, on_the_way: bool) {
    let event = match home {
        Home::Entrance(area) => {
            if let Some(mut at) = world.get_mut::<Position>(expedition) {
                at.area = area;
                at.travel = None;
                at.visited.insert(area);
            }
            ExploreEvent::Entered {
                area: world
                    .get::<Area>(area)
                    .map(|a| a.name.clone())
                    .unwrap_or_default(),
            }
        }
        Home::Start(site) => {
            let terrain = world.get::<Site>(site).map(|s| s.terrain);
            if let Some(mut at) = world.get_mut::<Whereabouts>(expedition) {
                at.site = site;
                at.trek = None;
                at.visited.insert(site);
                if let Some(terrain) = terrain {
                    at.terrain = terrain;
                }
            }
            ExploreEvent::Reached {
                site: world
                    .get::<Site>(site)
                    .map(|s| s.name.clone())
                    .unwrap_or_default(),
            }
        }
    };
    note(world, expedition, event);
    if on_the_way && let Some(mut plan) = world.get_mut::<Plan>(expedition) {
        plan.0.pop_front();
    }
    if let Some(mut current) = world.get_mut::<CurrentActivity>(expedition) {
        current.0 = Some(Activity::Leave);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::checks::tests::dice_and;

    #[test]
    fn l520_the_dc_is_10_plus_1_per_travel_turn_at_most_20() {
        assert_eq!(return_dc(0), 10);
        assert_eq!(return_dc(4), 14);
        assert_eq!(return_dc(10), 20);
        assert_eq!(return_dc(u64::MAX), 20);
    }

    #[test]
    fn l520_the_seeds_example_two_short_on_an_arduous_path_drops_two_loads() {
        // Four hours away (DC 14): +6 rolling 11 is home; +5 rolling a natural 7 is 2 short.
        let ((first, second), log) = dice_and(vec![11, 7], |dice| {
            (
                Return::roll(dice, "A", 6, (0, 0), 4, Path::Arduous),
                Return::roll(dice, "B", 5, (0, 0), 4, Path::Arduous),
            )
        });
        assert_eq!((first.check.total, first.cost), (17, ReturnCost::None));
        assert_eq!((second.check.total, second.check.dc), (12, 14));
        assert_eq!(second.cost, ReturnCost::LoadsLost(2));
        assert_eq!(log.entries().len(), 2);
    }

    #[test]
    fn l520_each_point_short_on_a_dangerous_path_deals_1d6() {
        let (back, log) = dice_and(vec![9, 4, 6, 1], |dice| {
            Return::roll(dice, "A", 0, (0, 0), 2, Path::Dangerous)
        });
        assert_eq!(
            back.cost,
            ReturnCost::Damage {
                faces: vec![4, 6, 1],
                total: 11
            }
        );
        let texts: Vec<String> = log.entries().iter().map(|e| e.event.text()).collect();
        assert_eq!(
            texts,
            vec![
                "Roll for A's return, 2 travel turns on a dangerous way (DC 12): 1d20 = [9] = 9: failure.",
                "Roll for damage to A on the dangerous way home (3 short): 3d6 = [4, 6, 1] = 11.",
            ]
        );
    }
}
