//! Overland and overwater travel (L5-22) on `fray_explore`'s journeys: a day's miles by the
//! slowest member's STR, the terrain, encumbrance and how carefully the party moves, or by its
//! boat or ship and the current. The travel turn's threat is rolled daily (the seed: "travel
//! turns can be rolled daily rather than hourly while the party travels overland"), since a
//! turn in a wilderness is a day.
//!
//! Rulings (the seed leaves them to the GM):
//! - difficult terrain is woods, hills, broken and barren land and desert; harsh terrain is
//!   mountains, jungle and swamp; a road and open land are neither;
//! - a member carrying loads above its STR ([`load`](crate::explore::load), L5-05) is
//!   encumbered and moves at half speed, and the party at its slowest member's pace ("if they
//!   plan to stick together"); STR is the member's now, lost points counted;
//! - a forced march is a B/X rule: in lite5e it is the usual pace;
//! - a boat makes 30 miles a day and a ship 100 (it sails day and night); a river's current
//!   downstream is favourable (doubles) and upstream unfavourable (halves); the wind is not
//!   rolled (lite5e has no wind table), so lakes and seas are neither;
//! - miles are rounded down once, after every factor; nobody gets lost (lite5e has no rule);
//! - a threat of 1 outdoors is an accidental encounter from the wilderness's table for the
//!   day's terrain (`outdoor_threats`).

use bevy_ecs::prelude::*;
use fray_core::spawn::Content;
use fray_explore::foes::describe;
use fray_explore::prelude::*;

use super::Lite5eExpedition;
use crate::sheet::modifier;

/// Miles a boat makes in a day on smooth water (3 miles an hour, "roughly 30 miles per day").
pub const BOAT_MILES: u32 = 30;

/// Miles a ship makes in a full day and night at sea (5 miles an hour, "up to 100").
pub const SHIP_MILES: u32 = 100;

/// How hard the ground is going.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Going {
    /// Open terrain.
    Open,
    /// Difficult terrain: half the miles.
    Difficult,
    /// Harsh terrain: a quarter of the miles.
    Harsh,
}

impl Going {
    /// How `terrain` goes (see the rulings).
    pub fn of(terrain: Terrain) -> Self {
        match terrain {
            Terrain::Woods
            | Terrain::Hills
            | Terrain::Broken
            | Terrain::Barren
            | Terrain::Desert => Self::Difficult,
            Terrain::Mountains | Terrain::Jungle | Terrain::Swamp => Self::Harsh,
            _ => Self::Open,
        }
    }

    /// Its factor on the miles.
    pub fn factor(self) -> (u32, u32) {
        match self {
            Self::Open => (1, 1),
            Self::Difficult => (1, 2),
            Self::Harsh => (1, 4),
        }
    }
}

/// The factor of how the party moves: tactically a quarter slower, stealthily half.
pub fn march_factor(march: March) -> (u32, u32) {
    match march {
        March::Normal | March::Forced => (1, 1),
        March::Tactical => (3, 4),
        March::Stealthy => (1, 2),
    }
}

/// Miles a member with STR modifier `str_mod` walks in a day: 10 + STR mod, halved when
/// encumbered, as a fraction (numerator, denominator).
pub fn walker(str_mod: i32, encumbered: bool) -> (u32, u32) {
    let miles = u32::try_from(10i32.saturating_add(str_mod).max(0)).unwrap_or(0);
    (miles, if encumbered { 2 } else { 1 })
}

/// The day's miles overland: the slowest walker (a fraction) through `terrain`, moving
/// `march`, rounded down once; `None` on overflow.
pub fn overland_miles(slowest: (u32, u32), terrain: Terrain, march: March) -> Option<u32> {
    let (gn, gd) = Going::of(terrain).factor();
    let (mn, md) = march_factor(march);
    slowest
        .0
        .checked_mul(gn)?
        .checked_mul(mn)?
        .checked_div(slowest.1.checked_mul(gd)?.checked_mul(md)?)
}

/// The day's miles on the water for `kind`, with the current seen going the party's way.
pub fn overwater_miles(kind: VesselKind, current: Option<Current>) -> u32 {
    let miles = match kind {
        VesselKind::Boat => BOAT_MILES,
        VesselKind::Ship => SHIP_MILES,
    };
    match current {
        Some(Current::Downstream) => miles.saturating_mul(2),
        Some(Current::Upstream) => miles / 2,
        None => miles,
    }
}

/// The slowest living member as a walker, from its STR now and its load (L5-05).
fn slowest(world: &World, expedition: Entity) -> (u32, u32) {
    let order = world
        .get::<Party>(expedition)
        .map(|p| p.order.clone())
        .unwrap_or_default();
    order
        .iter()
        .filter(|m| world.get::<Vitals>(**m).is_some_and(Vitals::is_alive))
        .map(|m| {
            let encumbered = super::load::overload(world, *m) > 0;
            walker(modifier(super::checks::score(world, *m, 0)), encumbered)
        })
        // Miles as quarters: the denominator is 1 or 2, so this is exact.
        .min_by_key(|(n, d)| u64::from(*n).saturating_mul(4) / u64::from((*d).max(1)))
        .unwrap_or((10, 1))
}

/// The miles the party of `expedition` makes in a day on `terrain`: by its vessel on the water
/// (with `current`, seen going its way; none without a vessel), else walking at its slowest
/// member's pace through the terrain, moving `march`.
pub fn day_miles(
    world: &World,
    expedition: Entity,
    terrain: Terrain,
    current: Option<Current>,
    march: March,
) -> u32 {
    if terrain.is_water() {
        let kind = world.get::<Vessel>(expedition).map(|v| v.spec.kind);
        kind.map_or(0, |k| overwater_miles(k, current))
    } else {
        overland_miles(slowest(world, expedition), terrain, march).unwrap_or(0)
    }
}

/// Whether `terrain` of `wilderness` is hostile wilderness (L5-15: no safe rest there; L5-20:
/// a dangerous way home). Ruling: the seed names hostile wilderness but does not define it;
/// Fray counts a terrain as hostile when the wilderness's content gives it wandering monsters
/// (a table with entries for it), and as quiet country otherwise.
pub fn hostile(world: &World, wilderness: Entity, terrain: Terrain) -> bool {
    world
        .get::<Wilderness>(wilderness)
        .and_then(|w| w.spec.table(terrain))
        .is_some_and(|t| !t.entries.is_empty())
}

/// A lite5e expedition's day of travel in a wilderness (`Act`): the day's miles by land or
/// water.
pub(super) fn day(world: &mut World) {
    let mut query = world.query_filtered::<(
        Entity,
        &Expedition,
        &CurrentActivity,
        &Whereabouts,
        Option<&March>,
    ), With<Lite5eExpedition>>();
    let travelling: Vec<(Entity, Whereabouts, March)> = query
        .iter(world)
        .filter(|(_, e, current, ..)| {
            e.state == ExpeditionState::Underway
                && matches!(current.0, Some(Activity::Journey { .. }))
        })
        .map(|(e, _, _, w, march)| (e, w.clone(), march.copied().unwrap_or_default()))
        .collect();
    for (expedition, at, march) in travelling {
        let current = at.trek.and_then(|t| t.current);
        let miles = day_miles(world, expedition, at.terrain, current, march);
        if let Some(mut day) = world.get_mut::<DayMarch>(expedition) {
            *day = DayMarch { miles, lost: false };
        }
    }
}

/// Outdoors, a travel turn's threat of 1 (L5-19: "an accidental encounter") meets monsters
/// from the wilderness's table for the day's terrain. Ruling: the threat roll itself is
/// [`threat`](super::threat)'s, which looks only at dungeon tables; this system runs right
/// after it and meets one wandering group for each threat of 1 not met yet (outdoors, every
/// wandering meeting comes from here, so `Meetings::wandering` counts those met; a terrain
/// without a table gives a meeting with nobody in it, which is dropped).
pub(super) fn outdoor_threats(world: &mut World) {
    let mut query = world.query_filtered::<(
        Entity,
        &Expedition,
        &super::threat::Threats,
        &Meetings,
        &Whereabouts,
    ), With<Lite5eExpedition>>();
    let due: Vec<(Entity, Whereabouts)> = query
        .iter(world)
        .filter(|(_, e, threats, meetings, _)| {
            e.state == ExpeditionState::Underway && threats.terrible > meetings.wandering
        })
        .map(|(e, _, _, _, w)| (e, w.clone()))
        .collect();
    let content = world.get_resource::<Content>().cloned();
    for (expedition, at) in due {
        let table = world
            .get::<Wilderness>(at.wilderness)
            .and_then(|w| w.spec.table(at.terrain).cloned());
        let when = world
            .get::<Clock>(expedition)
            .map(Clock::elapsed)
            .unwrap_or_default();
        let mut entity = world.entity_mut(expedition);
        let Some(mut rng) = entity.take::<ExpeditionRng>() else {
            continue;
        };
        let foes: Vec<Foes> = match (table, entity.get_mut::<ExpeditionLog>()) {
            (Some(table), Some(mut log)) => {
                let mut dice = TurnDice {
                    rng: &mut rng,
                    log: &mut log,
                    at: when,
                };
                let foes: Vec<Foes> = table.roll(&mut dice).into_iter().collect();
                log.record(when, || ExploreEvent::MonstersMet {
                    source: MeetingSource::Wandering,
                    distance_ft: 0,
                    foes: describe(&foes, content.as_ref(), crate::ruleset::ID),
                });
                foes
            }
            _ => Vec::new(),
        };
        entity.insert(rng);
        if let Some(mut meetings) = entity.get_mut::<Meetings>() {
            meetings.meet(Meeting {
                at: when,
                source: MeetingSource::Wandering,
                distance_ft: 0,
                foes,
                area: None,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn l522_a_str_plus_2_pc_travels_12_miles_open_6_difficult_3_harsh() {
        let pc = walker(2, false);
        assert_eq!(overland_miles(pc, Terrain::Clear, March::Normal), Some(12));
        assert_eq!(overland_miles(pc, Terrain::Woods, March::Normal), Some(6));
        assert_eq!(
            overland_miles(pc, Terrain::Mountains, March::Normal),
            Some(3)
        );
    }

    #[test]
    fn l522_an_encumbered_pc_moves_at_half_speed() {
        assert_eq!(
            overland_miles(walker(0, true), Terrain::Road, March::Normal),
            Some(5)
        );
    }

    #[test]
    fn l522_tactical_is_a_quarter_slower_and_stealthy_half() {
        let pc = walker(2, false);
        assert_eq!(overland_miles(pc, Terrain::Clear, March::Tactical), Some(9));
        assert_eq!(overland_miles(pc, Terrain::Clear, March::Stealthy), Some(6));
    }

    #[test]
    fn l522_boats_make_30_miles_ships_100_and_the_current_halves_or_doubles() {
        assert_eq!(overwater_miles(VesselKind::Boat, None), 30);
        assert_eq!(overwater_miles(VesselKind::Ship, None), 100);
        assert_eq!(
            overwater_miles(VesselKind::Boat, Some(Current::Downstream)),
            60
        );
        assert_eq!(
            overwater_miles(VesselKind::Boat, Some(Current::Upstream)),
            15
        );
    }
}

#[cfg(test)]
mod journey_tests {
    use std::sync::Arc;

    use bevy_app::App;
    use fray_core::prelude::{Content, FrayCorePlugin, FrayRunMode};
    use fray_explore::prelude::*;

    fn app() -> App {
        let content = fray_explore::charter::with_expeditions(
            fray_content::loader::ContentLoader::new()
                .with_schema(crate::schema())
                .with_policies(fray_ai::POLICY_NAMES),
        )
        .load_paths(&[concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/lite5e")])
        .unwrap();
        let mut app = App::new();
        app.add_plugins((
            FrayCorePlugin {
                run: FrayRunMode::Manual,
                ..Default::default()
            },
            fray_ai::FrayAiPlugin,
            crate::FrayLite5ePlugin,
            FrayExplorePlugin,
            super::super::Lite5eExplorePlugin::default(),
        ));
        app.insert_resource(Content(Arc::new(content)));
        app.finish();
        app.cleanup();
        app
    }

    #[test]
    fn l519_outdoors_a_threat_of_1_meets_the_terrains_wandering_monsters() {
        use fray_core::rng::EncounterRng;
        let mut app = app();
        let db = app.world().resource::<Content>().0.clone();
        let world = app.world_mut();
        let e = world
            .spawn_delve_from(&db, "lite5e-reedwater-run", 1, true)
            .unwrap();
        // Day 1, on the road: a threat of 1, but no table for roads: nobody comes. Day 2, in
        // the woods: a threat of 1, the table's d2 = 1 and 1d3 = 2: two grey wolves.
        world
            .entity_mut(e)
            .insert(ExpeditionRng(EncounterRng::scripted([1, 1, 1, 2])));
        explore_turn(world);
        assert_eq!(world.get::<Meetings>(e).unwrap().wandering, 1);
        assert!(world.get::<Fighting>(e).is_none());
        explore_turn(world);
        let met = world.get::<ExpeditionLog>(e).unwrap().entries().iter().any(
            |x| matches!(&x.event, ExploreEvent::MonstersMet { foes, .. } if foes == "2 x Grey Wolf"),
        );
        assert!(met);
        assert!(world.get::<Fighting>(e).is_some());
    }

    #[test]
    fn l522_the_reedwater_run_walks_10_plus_str_mod_then_boats_downstream_and_ends() {
        let mut app = app();
        let db = app.world().resource::<Content>().0.clone();
        let spec = db
            .document::<ExpeditionSpec>("lite5e-reedwater-run")
            .unwrap();
        let world = app.world_mut();
        let mut endings = Vec::new();
        for seed in 0..8 {
            let e = world
                .spawn_delve_from(&db, "lite5e-reedwater-run", seed, true)
                .unwrap();
            run_expeditions(world, spec.max_turns);
            out_of_time(world);
            let log = world.get::<ExpeditionLog>(e).unwrap().clone();
            let marched: Vec<u32> = log
                .entries()
                .iter()
                .filter_map(|x| match x.event {
                    ExploreEvent::Marched { miles, .. } => Some(miles),
                    _ => None,
                })
                .collect();
            // The slowest (STR 10-11, +0) walks the 10 road miles to the milestone in a
            // day; the woods halve 10 to 5; the boat runs 60 downstream (24 left).
            assert_eq!(marched.first(), Some(&10), "seed {seed}: {marched:?}");
            assert_eq!(marched.get(1), Some(&5), "seed {seed}: {marched:?}");
            if std::env::var("FRAY_SHOW").is_ok() {
                for x in log.entries() {
                    eprintln!("{:?} {}", x.at, x.event.text());
                }
            }
            endings.push(world.get::<Expedition>(e).unwrap().state);
            let place = world.get::<Whereabouts>(e).unwrap().wilderness;
            world.despawn(e);
            world.despawn(place);
        }
        assert!(
            endings
                .iter()
                .all(|s| *s != ExpeditionState::Ended(ExpeditionEnding::OutOfTime)),
            "{endings:?}"
        );
        assert!(
            endings.contains(&ExpeditionState::Ended(ExpeditionEnding::Journeyed)),
            "{endings:?}"
        );
    }
}
