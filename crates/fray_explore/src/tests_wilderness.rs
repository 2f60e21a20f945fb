//! Wilderness files validated, and a journey played by days with a toy procedure.

use std::sync::Arc;

use bevy_app::App;
use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_content::source::SourceFile;

use crate::prelude::*;

/// A toy ruleset whose parties make 10 miles a day.
struct Toy;

#[derive(Component)]
struct ToyMarker;

impl Procedure for Toy {
    fn ruleset(&self) -> &'static str {
        "toy"
    }

    fn timekeeping(&self) -> Timekeeping {
        Timekeeping {
            round: GameTime::from_seconds(10),
            turn: GameTime::TURN,
            torch: GameTime::HOUR,
            lantern: GameTime::HOUR,
        }
    }

    fn build_expedition(&self, expedition: &mut EntityWorldMut<'_>) -> Result<(), ExploreError> {
        expedition.insert(ToyMarker);
        Ok(())
    }
}

fn ten_miles_a_day(mut days: Query<(&CurrentActivity, &mut DayMarch), With<ToyMarker>>) {
    for (current, mut day) in &mut days {
        if matches!(current.0, Some(Activity::Journey { .. })) {
            day.miles = 10;
        }
    }
}

const WILD: &str = r#"Wilderness(id: "vale", name: "Vale", ruleset: "toy", start: "home",
    sites: [(id: "home", terrain: Settled), (id: "mid", name: "Midway", terrain: Woods),
            (id: "far", name: "Far Tor", terrain: Hills, treasure: 7)],
    legs: [(from: "home", to: "mid", miles: 15, terrain: Woods),
           (from: "mid", to: "far", miles: 10, terrain: Hills),
           (from: "home", to: "far", miles: 40, terrain: Swamp)],
)"#;

const TRIP: &str = r#"Expedition(id: "trip", name: "Trip", ruleset: "toy", wilderness: "vale",
    party: [(name: "Aldo", statblock: "x", hp: 8, lit: Torch, supplies: (torches: 2))],
    plan: (goal: "far"))"#;

#[test]
fn a_journey_takes_the_shortest_way_a_leg_at_a_time_by_days_and_comes_home() {
    let mut app = App::new();
    app.add_plugins(crate::FrayExplorePlugin)
        .register_procedure(Toy)
        .add_procedure_systems("toy", ExploreSystems::Act, ten_miles_a_day);
    let world = app.world_mut();
    let wild: WildernessSpec = SourceFile::new("vale.ron", WILD).parse().unwrap();
    let spec: ExpeditionSpec = SourceFile::new("trip.ron", TRIP).parse().unwrap();
    let e = world.spawn_journey(&spec, Arc::new(wild), 1, true).unwrap();
    let member = world.get::<Party>(e).unwrap().order[0];
    assert!(world.get::<Light>(member).is_none(), "no light by day");
    explore_turn(world);
    let at = world.get::<Whereabouts>(e).unwrap().clone();
    assert_eq!(at.trek.map(|t| t.covered), Some(10));
    assert_eq!(
        at.terrain,
        Terrain::Woods,
        "via Midway, 25 miles, not the 40 of swamp"
    );
    assert_eq!(world.get::<Clock>(e).unwrap().elapsed(), GameTime::DAY);
    run_expeditions(world, 20);
    assert_eq!(
        world.get::<Expedition>(e).unwrap().state,
        ExpeditionState::Ended(ExpeditionEnding::Journeyed)
    );
    // Out: 10 + 5 (reaching Midway ends the day), 10; home: 10, 10 + 5.
    assert_eq!(world.get::<Clock>(e).unwrap().count(GameTime::DAY), 6);
    assert_eq!(world.get::<Haul>(e).unwrap().0, 7);
    let text: Vec<String> = world
        .get::<ExpeditionLog>(e)
        .unwrap()
        .entries()
        .iter()
        .map(|x| x.event.text())
        .collect();
    assert!(
        text.iter().any(|t| t == "The party reaches the Far Tor."),
        "{text:#?}"
    );
}

fn problems(files: &[(&str, &str)]) -> Vec<String> {
    let loader = crate::charter::with_expeditions(fray_content::ContentLoader::new());
    let mut db = ContentDb::default();
    for (name, text) in files {
        loader
            .add_source(&mut db, SourceFile::new(*name, *text))
            .unwrap();
    }
    loader
        .validate(&mut db)
        .iter()
        .map(|d| format!("{d} {}", d.help.clone().unwrap_or_default()))
        .collect()
}

#[test]
fn wilderness_files_report_duplicates_unknown_sites_bad_miles_and_bad_dice_where_they_are() {
    let text = r#"Wilderness(id: "w", name: "W", ruleset: "toy", start: "hom",
    sites: [(id: "home", terrain: Settled), (id: "home", terrain: Woods)],
    legs: [(from: "home", to: "home", miles: 0, terrain: Road, current: Downstream)],
    wandering: [(terrain: Woods, entries: [(statblock: "rat", count: "1d0")]),
                (terrain: Woods, entries: [])],
)"#;
    let found = problems(&[("content/toy/wilderness/w.ron", text)]);
    let has = |s: &str| found.iter().any(|p| p.contains(s));
    assert!(has("site `home` is defined twice"), "{found:#?}");
    assert!(has("unknown site `hom`"), "{found:#?}");
    assert!(has("did you mean `home`?"), "{found:#?}");
    assert!(has("a leg must join two different sites"), "{found:#?}");
    assert!(has("miles"), "{found:#?}");
    assert!(has("has a current but crosses road"), "{found:#?}");
    assert!(has("a wandering count `1d0`"), "{found:#?}");
    assert!(has("the woods has two wandering tables"), "{found:#?}");
    assert!(
        found
            .iter()
            .all(|p| p.starts_with("content/toy/wilderness/w.ron:"))
    );
}

#[test]
fn an_expedition_names_a_known_wilderness_and_its_sites_or_a_dungeon_not_both() {
    let unknown_site = TRIP.replace(r#"goal: "far""#, r#"goal: "fra""#);
    let found = problems(&[("vale.ron", WILD), ("trip.ron", &unknown_site)]);
    assert!(
        found
            .iter()
            .any(|p| p.contains("wilderness `vale` has no site `fra`") && p.contains("`far`")),
        "{found:#?}"
    );
    let both = TRIP.replace(
        r#"wilderness: "vale","#,
        r#"wilderness: "vale", dungeon: "d","#,
    );
    let found = problems(&[("vale.ron", WILD), ("trip.ron", &both)]);
    assert!(found.iter().any(|p| p.contains("not both")), "{found:#?}");
    let neither = TRIP.replace(r#"wilderness: "vale","#, "");
    let found = problems(&[("trip.ron", &neither)]);
    assert!(
        found
            .iter()
            .any(|p| p.contains("needs a `dungeon` or a `wilderness`")),
        "{found:#?}"
    );
    let nowhere = TRIP.replace(r#""vale""#, r#""vael""#);
    let found = problems(&[("vale.ron", WILD), ("trip.ron", &nowhere)]);
    assert!(
        found
            .iter()
            .any(|p| p.contains("unknown wilderness `vael`") && p.contains("`vale`")),
        "{found:#?}"
    );
}

#[test]
fn an_expedition_refuses_a_turn_back_above_100_percent_supplies_past_the_limit_and_bad_names() {
    let text = r#"Expedition(id: "trip", name: "Trip", ruleset: "toy", wilderness: "vale",
    party: [(name: "Al\u{202e}do", statblock: "x", hp: 8, supplies: (torches: 2147483648))],
    plan: (goal: "far", policy: (turn_back_below_hp_percent: 200)))"#;
    let found = problems(&[("trip.ron", text)]);
    let has = |text: &str| found.iter().any(|p| p.contains(text));
    assert!(
        has("turn_back_below_hp_percent is 200; it must be within 0..100"),
        "{found:?}"
    );
    assert!(has("torches are 2147483648; at most 100000"), "{found:?}");
    assert!(has("holds the character U+202E"), "{found:?}");
}

#[test]
fn an_expedition_refuses_a_goal_no_way_leads_to() {
    // Issue 32 F.26: with both ways to its goal removed, the plan was accepted.
    let cut = WILD
        .replace(
            r#"(from: "mid", to: "far", miles: 10, terrain: Hills),"#,
            "",
        )
        .replace(
            r#"(from: "home", to: "far", miles: 40, terrain: Swamp)"#,
            "",
        );
    let found = problems(&[("vale.ron", &cut), ("trip.ron", TRIP)]);
    assert!(
        found
            .iter()
            .any(|p| p.contains("no leg leads from the start `home` to site `far`")),
        "{found:#?}"
    );
    let whole = problems(&[("vale.ron", WILD), ("trip.ron", TRIP)]);
    assert!(
        !whole.iter().any(|p| p.contains("no leg leads")),
        "{whole:#?}"
    );
}
