//! Wilderness days (BX-11): the day's sequence of the seed's "Wilderness Adventuring" - losing
//! direction by terrain, miles a day by the party's movement rate and the terrain, forced
//! marches and the rest they cost, a day of rest in every seven, foraging on the way and
//! hunting as the day's sole activity - played on `fray_explore`'s journeys. Wandering
//! monsters outdoors (BX-09) are in [`wandering`](crate::explore::wandering); water legs
//! follow [`waterborne`](crate::explore::waterborne) (BX-12).
//!
//! Rulings (the seed leaves them to the referee):
//! - the party travels at its slowest member's rate (the seed gives a character's miles);
//! - "33% slower" is two thirds of the distance and "50% faster" three halves; miles are
//!   rounded down once, after every modifier;
//! - broken lands count as barren lands for getting lost, settled lands and cities as clear
//!   land, and a road is never lost ("characters can confidently follow trails, roads");
//! - the party always takes the rest the seed requires: the day after a forced march, and a
//!   day after six days of travel; a hunting day is neither travel nor rest;
//! - the party forages on every day of travel on land; a successful hunt ("animals which may
//!   be suitable for eating (if they can be caught!)") feeds 1d6, as foraging does;
//! - a day of rest (owed or planned) is a full day of complete rest: each wounded living
//!   member heals 1d3 (BX-06), even if monsters come that day;
//! - each living member eats a ration at the end of every day; food found is shared out a
//!   ration at a time in marching order; a member with nothing to eat is noted hungry (the
//!   seed's starvation penalties "may" begin: none is applied yet).

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use fray_dice::DieSource;
use fray_explore::log::{Verdicts, note};
use fray_explore::prelude::*;
use serde::{Deserialize, Serialize};

use super::BxExpedition;
use super::chance::InSix;
use super::pace::party_rate;
use super::{flying, waterborne};

/// Chance in 6 of foraging enough food for 1d6 on a day of travel, and of finding game when
/// hunting.
pub const FORAGE_IN_6: u8 = 1;

/// Days of travel before a day of rest is owed.
pub const DAYS_BEFORE_REST: u8 = 6;

/// The chance in 6 of losing direction for a day in `terrain` on land ("Losing Direction").
/// Water is [`waterborne::lost_in_6`]'s.
pub fn lost_in_6(terrain: Terrain) -> u8 {
    match terrain {
        Terrain::Road => 0,
        Terrain::Clear | Terrain::Grassland | Terrain::Settled | Terrain::City => 1,
        Terrain::Barren
        | Terrain::Broken
        | Terrain::Hills
        | Terrain::Mountains
        | Terrain::Woods
        | Terrain::River
        | Terrain::Lake
        | Terrain::Sea => 2,
        Terrain::Desert | Terrain::Jungle | Terrain::Swamp => 3,
    }
}

/// The chance in 6 of meeting wandering monsters in a day in `terrain` ("Chance by Terrain";
/// on the water, BX-12: "2-in-6 on oceans or rivers, 3-in-6 in swamps"). Ruling: a road is
/// settled land, broken land is barren, a lake is a river.
pub fn wandering_in_6(terrain: Terrain) -> u8 {
    match terrain {
        Terrain::City | Terrain::Clear | Terrain::Grassland | Terrain::Settled | Terrain::Road => 1,
        Terrain::Barren
        | Terrain::Broken
        | Terrain::Desert
        | Terrain::Woods
        | Terrain::Hills
        | Terrain::River
        | Terrain::Lake
        | Terrain::Sea => 2,
        Terrain::Jungle | Terrain::Mountains | Terrain::Swamp => 3,
    }
}

/// Miles a day at a base movement rate of `feet` per turn: the rate divided by five
/// ("Overland Travel": 120' gives 24 miles).
pub fn miles_per_day(feet: u32) -> u32 {
    feet / 5
}

/// The terrain's modifier to the day's miles, as a fraction ("Terrain Modifiers"): broken
/// lands, desert, forest and hills 33% slower (two thirds), jungle, mountains and swamp 50%
/// slower, maintained roads 50% faster.
pub fn terrain_factor(terrain: Terrain) -> (u32, u32) {
    match terrain {
        Terrain::Broken | Terrain::Desert | Terrain::Woods | Terrain::Hills => (2, 3),
        Terrain::Jungle | Terrain::Mountains | Terrain::Swamp => (1, 2),
        Terrain::Road => (3, 2),
        _ => (1, 1),
    }
}

/// The miles a party with base rate `feet` makes in a day on land in `terrain`, forced march
/// or not ("Forced March": +50%), rounded down once; `None` on overflow.
pub fn day_miles(feet: u32, terrain: Terrain, forced: bool) -> Option<u32> {
    let (tn, td) = terrain_factor(terrain);
    let (fn_, fd) = if forced { (3, 2) } else { (1, 1) };
    miles_per_day(feet)
        .checked_mul(tn)?
        .checked_mul(fn_)?
        .checked_div(td.checked_mul(fd)?)
}

/// The days of travel since the party last rested, and whether it marched forced yesterday.
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct TravelDays {
    /// Days of travel since the last day of rest (or since setting out).
    pub since_rest: u8,
    /// The last day of travel was a forced march: the next day is rest.
    pub forced: bool,
    /// Days still to spend fleeing pursuers in a random direction, after a pursuit that
    /// lasted that many days beyond the day of the meeting (BX-15).
    #[serde(default)]
    pub fleeing: u8,
}

impl TravelDays {
    /// Why the party must rest today instead of travelling, if it must: after a forced march,
    /// or after six days of travel ("Resting").
    pub fn rest_owed(&self) -> Option<&'static str> {
        if self.forced {
            Some("a day of rest after a forced march")
        } else if self.since_rest >= DAYS_BEFORE_REST {
            Some("a day of rest after six days of travel")
        } else {
            None
        }
    }

    /// Notes a day of travel.
    pub fn travelled(&mut self, forced: bool) {
        self.since_rest = self.since_rest.saturating_add(1);
        self.forced = forced;
    }

    /// Notes a day of rest (the days owed to a pursuit are not rest: they stay owed).
    pub fn rested(&mut self) {
        *self = Self {
            fleeing: self.fleeing,
            ..Self::default()
        };
    }
}

/// Foraging or hunting: the 1-in-6 roll and, on a success, the 1d6 fed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FoodSearch {
    /// The chance roll.
    pub roll: InSix,
    /// How many are fed (0 on a failure).
    pub fed: u32,
}

impl FoodSearch {
    /// Rolls a day's foraging or hunting: 1 in 6, then 1d6 fed ("Foraging", "Hunting").
    pub fn roll(dice: &mut impl DieSource) -> Self {
        let roll = InSix::roll(dice, FORAGE_IN_6);
        let fed = if roll.success { dice.roll_die(6) } else { 0 };
        Self { roll, fed }
    }
}

/// A B/X expedition's day in the wilderness, as the `Act` phase works it out.
pub(super) fn day(world: &mut World) {
    let mut query = world.query_filtered::<(
        Entity,
        &Expedition,
        &CurrentActivity,
        Has<Whereabouts>,
    ), With<BxExpedition>>();
    let outdoors: Vec<(Entity, Activity)> = query
        .iter(world)
        .filter(|(_, e, _, w)| e.state == ExpeditionState::Underway && *w)
        .filter_map(|(e, _, current, _)| current.0.clone().map(|a| (e, a)))
        .collect();
    for (expedition, activity) in outdoors {
        match activity {
            Activity::Journey { site } => travel_day(world, expedition, &site),
            Activity::Rest => {
                if let Some(mut days) = world.get_mut::<TravelDays>(expedition) {
                    days.rested();
                }
                heal(world, expedition);
            }
            Activity::Hunt => {
                let search = with_dice(world, expedition, |rng, _| FoodSearch::roll(rng));
                if let Some(search) = search {
                    food_found(world, expedition, search, "hunting");
                }
            }
            _ => {}
        }
        eat(world, expedition);
    }
}

/// A day of travel: the rest owed instead, or the way lost or the miles made, and foraging.
fn travel_day(world: &mut World, expedition: Entity, site: &str) {
    let mut days = world
        .get::<TravelDays>(expedition)
        .copied()
        .unwrap_or_default();
    if days.fleeing > 0 {
        // A pursuit's days beyond the meeting's, before any rest: the party flees in a random
        // direction and makes no way (BX-15); ruling: they tire like days of travel.
        days.fleeing = days.fleeing.saturating_sub(1);
        days.travelled(false);
        world.entity_mut(expedition).insert(days);
        if let Some(mut day) = world.get_mut::<DayMarch>(expedition) {
            *day = DayMarch::default();
        }
        let why = "it flees its pursuers in a random direction";
        note(world, expedition, ExploreEvent::Halted { why: why.into() });
        return;
    }
    if let Some(why) = days.rest_owed() {
        days.rested();
        world.entity_mut(expedition).insert(days);
        if let Some(mut current) = world.get_mut::<CurrentActivity>(expedition) {
            current.0 = Some(Activity::Rest);
        }
        if let Some(mut plan) = world.get_mut::<Plan>(expedition) {
            plan.0.push_front(Activity::Journey { site: site.into() });
        }
        note(world, expedition, ExploreEvent::Halted { why: why.into() });
        heal(world, expedition);
        return;
    }
    let Some(at) = world.get::<Whereabouts>(expedition).cloned() else {
        return;
    };
    let forced = world.get::<March>(expedition) == Some(&March::Forced);
    let riding = flying::riding(world, expedition).unwrap_or_else(|why| {
        note(world, expedition, ExploreEvent::OnFoot { why });
        None
    });
    let flying = riding.is_some_and(|r| r.flying);
    if at.terrain.is_water() && !flying {
        waterborne::sail_day(world, expedition, &at);
        days.travelled(false);
        world.entity_mut(expedition).insert(days);
        return;
    }
    let feet = riding.map_or_else(|| party_rate(world, expedition), |r| r.feet);
    // Terrain does not affect air travel: a flying party loses its way as over clear land.
    let (chance, where_) = if flying {
        (lost_in_6(Terrain::Clear), "the air".to_string())
    } else {
        (lost_in_6(at.terrain), format!("the {}", at.terrain.label()))
    };
    let lost = chance > 0
        && with_dice(world, expedition, |rng, log| {
            let roll = InSix::roll(rng, chance);
            let what = format!("losing direction in {where_}");
            log_in_six(log, &what, roll, Some(LOSING_DIRECTION));
            roll.success
        })
        .unwrap_or(false);
    let miles = if flying {
        flying::flying_day_miles(feet, forced)
    } else {
        day_miles(feet, at.terrain, forced)
    }
    .unwrap_or(0);
    if let Some(mut day) = world.get_mut::<DayMarch>(expedition) {
        *day = DayMarch { miles, lost };
    }
    days.travelled(forced);
    world.entity_mut(expedition).insert(days);
    let search = with_dice(world, expedition, |rng, _| FoodSearch::roll(rng));
    if let Some(search) = search {
        food_found(world, expedition, search, "foraging");
    }
}

/// A day of rest heals each wounded living member 1d3 (BX-06).
fn heal(world: &mut World, expedition: Entity) {
    for m in living(world, expedition) {
        let Some(mut vitals) = world.get::<Vitals>(m).copied() else {
            continue;
        };
        if vitals.hp >= vitals.max_hp {
            continue;
        }
        let who = world
            .get::<Character>(m)
            .map(|c| c.name.clone())
            .unwrap_or_default();
        let healed = with_dice(world, expedition, |rng, log| {
            let (faces, healed) = super::healing::rest_days(rng, &mut vitals, 1);
            log.roll(&format!("a day's rest heals {who}"), "1d3", faces, 0);
            healed
        });
        if healed.is_some()
            && let Some(mut v) = world.get_mut::<Vitals>(m)
        {
            *v = vitals;
        }
    }
}

/// Logs a food search and shares out what it found.
fn food_found(world: &mut World, expedition: Entity, search: FoodSearch, how: &str) {
    with_dice(world, expedition, |_, log| {
        log_in_six(log, how, search.roll, None);
    });
    if search.fed == 0 {
        return;
    }
    note(
        world,
        expedition,
        ExploreEvent::FoodFound {
            rations: search.fed,
            how: how.into(),
        },
    );
    let living = living(world, expedition);
    if living.is_empty() {
        return;
    }
    for i in 0..search.fed {
        let Some(m) = usize::try_from(i)
            .ok()
            .and_then(|i| living.get(i % living.len()))
        else {
            continue;
        };
        if let Some(mut s) = world.get_mut::<Supplies>(*m) {
            s.rations = s.rations.saturating_add(1);
        }
    }
}

/// Every living member eats a ration for the day, or goes hungry.
fn eat(world: &mut World, expedition: Entity) {
    for m in living(world, expedition) {
        let ate = world.get_mut::<Supplies>(m).is_some_and(|mut s| {
            s.rations.checked_sub(1).is_some_and(|left| {
                s.rations = left;
                true
            })
        });
        if !ate {
            let who = world
                .get::<Character>(m)
                .map(|c| c.name.clone())
                .unwrap_or_default();
            note(world, expedition, ExploreEvent::Hungry { who });
        }
    }
}

/// The living members, in marching order.
fn living(world: &World, expedition: Entity) -> Vec<Entity> {
    world
        .get::<Party>(expedition)
        .map(|p| p.order.clone())
        .unwrap_or_default()
        .into_iter()
        .filter(|m| world.get::<Vitals>(*m).is_some_and(Vitals::is_alive))
        .collect()
}

/// Runs `roll` with the expedition's stream and log; `None` when it has none.
pub(super) fn with_dice<T>(
    world: &mut World,
    expedition: Entity,
    roll: impl FnOnce(&mut ExpeditionRng, &mut Logged<'_>) -> T,
) -> Option<T> {
    let at = world
        .get::<Clock>(expedition)
        .map(Clock::elapsed)
        .unwrap_or_default();
    let mut entity = world.entity_mut(expedition);
    let mut rng = entity.take::<ExpeditionRng>()?;
    let answer = entity.get_mut::<ExpeditionLog>().map(|mut log| {
        let mut logged = Logged { log: &mut log, at };
        roll(&mut rng, &mut logged)
    });
    entity.insert(rng);
    answer
}

/// The expedition's log at the day's clock.
pub(super) struct Logged<'a> {
    log: &'a mut ExpeditionLog,
    at: GameTime,
}

impl Logged<'_> {
    /// Logs a roll of `faces` plus `modifier` (its result is their sum: what the roll then
    /// does - ten feet a point, healing up to the wounds - is the caller's to say).
    pub(super) fn roll(&mut self, what: &str, dice: &str, faces: Vec<u32>, modifier: i64) {
        let result = faces
            .iter()
            .map(|&f| i64::from(f))
            .sum::<i64>()
            .saturating_add(modifier);
        self.log.record(self.at, || ExploreEvent::Roll {
            what: what.into(),
            dice: dice.into(),
            faces,
            kept: None,
            modifier,
            result,
            success: None,
            verdict: None,
        });
    }
}

/// What a roll for losing direction means, as the log says it.
pub(super) const LOSING_DIRECTION: Verdicts = Verdicts {
    success: "the party is lost",
    failure: "the party keeps its bearings",
};

/// Logs an "N in 6" roll, its outcome in the words of `verdicts` when it is an event of its
/// own.
pub(super) fn log_in_six(
    log: &mut Logged<'_>,
    what: &str,
    roll: InSix,
    verdicts: Option<Verdicts>,
) {
    log.log.record(log.at, || ExploreEvent::Roll {
        what: what.into(),
        dice: "1d6".into(),
        faces: vec![roll.face],
        kept: None,
        modifier: 0,
        result: i64::from(roll.face),
        success: Some(roll.success),
        verdict: verdicts.map(|v| v.of(roll.success)),
    });
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    #[test]
    fn bx11_getting_lost_is_1_2_or_3_in_6_by_terrain() {
        for t in [Terrain::Clear, Terrain::Grassland] {
            assert_eq!(lost_in_6(t), 1, "{t:?}");
        }
        for t in [
            Terrain::Barren,
            Terrain::Hills,
            Terrain::Mountains,
            Terrain::Woods,
        ] {
            assert_eq!(lost_in_6(t), 2, "{t:?}");
        }
        for t in [Terrain::Desert, Terrain::Jungle, Terrain::Swamp] {
            assert_eq!(lost_in_6(t), 3, "{t:?}");
        }
        assert_eq!(lost_in_6(Terrain::Road), 0, "roads are never lost");
    }

    #[test]
    fn bx11_miles_a_day_are_the_rate_over_five_120_ft_gives_24() {
        assert_eq!(miles_per_day(120), 24);
        assert_eq!(miles_per_day(90), 18);
        assert_eq!(day_miles(120, Terrain::Clear, false), Some(24));
    }

    #[test]
    fn bx11_forest_and_hills_are_33_percent_slower_swamp_50_roads_50_faster() {
        assert_eq!(day_miles(120, Terrain::Woods, false), Some(16));
        assert_eq!(day_miles(120, Terrain::Hills, false), Some(16));
        assert_eq!(day_miles(120, Terrain::Desert, false), Some(16));
        assert_eq!(day_miles(120, Terrain::Broken, false), Some(16));
        assert_eq!(day_miles(120, Terrain::Swamp, false), Some(12));
        assert_eq!(day_miles(120, Terrain::Mountains, false), Some(12));
        assert_eq!(day_miles(120, Terrain::Jungle, false), Some(12));
        assert_eq!(day_miles(120, Terrain::Road, false), Some(36));
    }

    #[test]
    fn bx11_a_forced_march_goes_50_percent_further_24_miles_become_36() {
        assert_eq!(day_miles(120, Terrain::Clear, true), Some(36));
        assert_eq!(day_miles(120, Terrain::Swamp, true), Some(18));
        assert_eq!(
            day_miles(u32::MAX, Terrain::Road, true),
            None,
            "no overflow"
        );
    }

    #[test]
    fn bx11_a_forced_march_costs_the_next_day_and_six_days_of_travel_a_seventh() {
        let mut days = TravelDays::default();
        days.travelled(true);
        assert!(days.rest_owed().is_some_and(|w| w.contains("forced march")));
        days.rested();
        for _ in 0..5 {
            days.travelled(false);
            assert_eq!(days.rest_owed(), None);
        }
        days.travelled(false);
        assert!(days.rest_owed().is_some_and(|w| w.contains("six days")));
    }

    #[test]
    fn bx11_foraging_finds_food_for_1d6_on_a_1_in_6() {
        let mut dice = EncounterRng::scripted([1, 4]);
        let found = FoodSearch::roll(&mut dice);
        assert!(found.roll.success);
        assert_eq!(found.fed, 4);
        let mut dice = EncounterRng::scripted([2]);
        let found = FoodSearch::roll(&mut dice);
        assert_eq!(found.fed, 0);
        assert_eq!(dice.scripted_remaining(), Some(0), "no 1d6 on a miss");
    }

    #[test]
    fn bx11_wandering_chance_by_terrain_is_1_2_or_3_in_6() {
        for t in [
            Terrain::City,
            Terrain::Clear,
            Terrain::Grassland,
            Terrain::Settled,
        ] {
            assert_eq!(wandering_in_6(t), 1, "{t:?}");
        }
        for t in [
            Terrain::Barren,
            Terrain::Desert,
            Terrain::Woods,
            Terrain::Hills,
        ] {
            assert_eq!(wandering_in_6(t), 2, "{t:?}");
        }
        for t in [Terrain::Jungle, Terrain::Mountains, Terrain::Swamp] {
            assert_eq!(wandering_in_6(t), 3, "{t:?}");
        }
    }
}
