//! The expedition's way home and its nights and chases, played with forced dice: rolling to
//! return (L5-20), safe rest in the wilderness (L5-15) and the party chasing what flees its
//! fights (L5-23).

use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_content::source::SourceFile;
use fray_core::combatant::Status;
use fray_core::encounter::Roster;
use fray_core::ids::SideId;
use fray_core::rng::EncounterRng;
use fray_core::spawn::Content;
use fray_explore::policy::way_out;
use fray_explore::prelude::*;

use super::delve_tests::app;
use super::procedure_tests::{all_rolled, breakdowns_add_up, rolls};
use super::resilience::EXHAUSTED;
use super::{load, meet};

fn logged(world: &World, e: Entity, event: &ExploreEvent) -> bool {
    world
        .get::<ExpeditionLog>(e)
        .unwrap()
        .entries()
        .iter()
        .any(|x| x.event == *event)
}

fn member(world: &World, e: Entity, i: usize) -> Entity {
    world.get::<Party>(e).unwrap().order[i]
}

fn spawn(world: &mut World, id: &str) -> Entity {
    let db = world.resource::<Content>().0.clone();
    world.spawn_delve_from(&db, id, 1, true).unwrap()
}

fn force(world: &mut World, e: Entity, faces: Vec<u32>) {
    world
        .entity_mut(e)
        .insert(ExpeditionRng(EncounterRng::scripted(faces)));
}

#[test]
fn l520_turning_back_from_the_warren_hoard_four_turns_out_is_a_dc_14_roll_and_each_point_short_1d6()
{
    let mut app = app();
    let world = app.world_mut();
    let e = spawn(world, "lite5e-warren-delve");
    // The party stands in the boss's hoard, four passages (four travel turns) from the cave
    // mouth, and turns back.
    let dungeon = world.get::<Position>(e).unwrap().dungeon;
    let (hoard, mouth, passages) = {
        let d = world.get::<Dungeon>(dungeon).unwrap();
        (d.areas["hoard"], d.entrance, d.passages.clone())
    };
    {
        let mut at = world.get_mut::<Position>(e).unwrap();
        at.area = hoard;
        at.familiar.extend(passages);
    }
    // It carries the hoard's 1 500 gp, a load each: Ilse's 14 loads are one over her STR.
    world.get_mut::<Haul>(e).unwrap().0 = 1_500;
    world.get_mut::<PolicyState>(e).unwrap().turned_back = true;
    *world.get_mut::<Plan>(e).unwrap() = way_out("mouth");
    // The threat (20); Brannoc, +5 (STR +3, proficiency +2): 9 + 5 makes DC 14. Ilse, +5
    // (WIS), burdened: two d20, the 7 kept, 12 is 2 short: 2d6 (3 + 4) on the dangerous way.
    // Wren, +5 (DEX): 20.
    force(world, e, vec![20, 9, 13, 7, 3, 4, 20]);
    explore_turn(world);
    all_rolled(world, e);
    let r = rolls(world, e);
    let way = "4 travel turns on a dangerous way (DC 14)";
    assert!(
        r.contains(&(format!("Brannoc's return, {way}"), 14, Some(true))),
        "{r:?}"
    );
    assert!(
        r.contains(&(format!("Ilse's return, {way}"), 12, Some(false))),
        "{r:?}"
    );
    assert!(
        r.contains(&(format!("Wren's return, {way}"), 25, Some(true))),
        "{r:?}"
    );
    assert!(r.contains(&(
        "damage to Ilse on the dangerous way home (2 short)".into(),
        7,
        None
    )));
    breakdowns_add_up(world, e);
    let ilse = member(world, e, 1);
    assert_eq!(world.get::<Vitals>(ilse).unwrap().hp, 8);
    assert_eq!(world.get::<Vitals>(member(world, e, 0)).unwrap().hp, 28);
    assert_eq!(world.get::<Position>(e).unwrap().area, mouth);
    assert_eq!(
        world.get::<Expedition>(e).unwrap().state,
        ExpeditionState::Ended(ExpeditionEnding::TurnedBack),
        "home the same turn, not walked back"
    );
}

#[test]
fn l520_a_member_brought_to_0_hp_on_the_way_home_is_left_down_not_dead() {
    let mut app = app();
    let world = app.world_mut();
    let e = spawn(world, "lite5e-warren-delve");
    let dungeon = world.get::<Position>(e).unwrap().dungeon;
    let (warren, passages) = {
        let d = world.get::<Dungeon>(dungeon).unwrap();
        (d.areas["warren"], d.passages.clone())
    };
    {
        let mut at = world.get_mut::<Position>(e).unwrap();
        at.area = warren;
        at.familiar.extend(passages);
    }
    *world.get_mut::<Plan>(e).unwrap() = way_out("mouth");
    let wren = member(world, e, 2);
    world.get_mut::<Vitals>(wren).unwrap().hp = 3;
    // Two turns out: DC 12. Brannoc 7 + 5, Ilse 8 + 5; Wren 1 + 5 = 6 is 6 short: 6d6 = 6.
    force(world, e, vec![20, 7, 8, 1, 1, 1, 1, 1, 1, 1]);
    explore_turn(world);
    all_rolled(world, e);
    let vitals = *world.get::<Vitals>(wren).unwrap();
    assert_eq!((vitals.life, vitals.hp), (Life::Down, 0));
    assert_eq!(
        world.get::<Expedition>(e).unwrap().state,
        ExpeditionState::Ended(ExpeditionEnding::Returned)
    );
}

/// A wilderness of two sites 40 miles apart over clear land, with no wandering monsters.
fn quiet_wilds() -> WildernessSpec {
    let text = r#"Wilderness(id: "test-wilds", name: "Test", ruleset: "lite5e", start: "camp",
        sites: [(id: "camp", name: "Camp", terrain: Clear), (id: "ruin", name: "Ruin", terrain: Clear)],
        legs: [(from: "camp", to: "ruin", miles: 40, terrain: Clear)])"#;
    SourceFile::new("test.ron", text).parse().unwrap()
}

#[test]
fn l520_the_seeds_example_four_days_from_camp_dc_14_a_natural_7_plus_5_drops_two_loads() {
    let mut app = app();
    let world = app.world_mut();
    let member = |name: &str, statblock: &str, hp: i32, supplies: Supplies| PartyMemberSpec {
        name: name.into(),
        statblock: statblock.into(),
        hp,
        supplies,
        lit: None,
    };
    let spec = ExpeditionSpec {
        id: "test".into(),
        name: "Test".into(),
        ruleset: "lite5e".into(),
        description: String::new(),
        dungeon: None,
        wilderness: Some("test-wilds".into()),
        vessel: None,
        mount: None,
        party: vec![
            member("Brannoc", "fighter-3", 28, Supplies::default()),
            // Gear 8, five rations (a load) and 600 gp (a load) on STR 10: not burdened.
            member(
                "Wren",
                "rogue-3",
                20,
                Supplies {
                    rations: 5,
                    gold: 600,
                    ..Supplies::default()
                },
            ),
        ],
        plan: PlanSpec {
            route: Vec::new(),
            goal: None,
            policy: ExpeditionPolicy {
                stance: Stance::Bold,
                ..ExpeditionPolicy::default()
            },
            march: March::default(),
        },
        max_turns: 10,
    };
    let e = world
        .spawn_journey(&spec, Arc::new(quiet_wilds()), 1, true)
        .unwrap();
    // At the ruin, four days' walk from camp (40 miles at Wren's 10 a day), the party heads
    // home through quiet country: an arduous way.
    let ruin = {
        let wilderness = world.get::<Whereabouts>(e).unwrap().wilderness;
        world.get::<Wilderness>(wilderness).unwrap().sites["ruin"]
    };
    world.get_mut::<Whereabouts>(e).unwrap().site = ruin;
    *world.get_mut::<Plan>(e).unwrap() = Plan([Activity::Leave].into_iter().collect());
    // The threat (20); Brannoc +5 rolls 12: 17, home; Wren +5 rolls a natural 7: 12, two
    // short: a load of rations, then a load of coins.
    force(world, e, vec![20, 12, 7]);
    explore_turn(world);
    all_rolled(world, e);
    let r = rolls(world, e);
    let way = "4 travel turns on an arduous way (DC 14)";
    assert!(
        r.contains(&(format!("Brannoc's return, {way}"), 17, Some(true))),
        "{r:?}"
    );
    assert!(
        r.contains(&(format!("Wren's return, {way}"), 12, Some(false))),
        "{r:?}"
    );
    breakdowns_add_up(world, e);
    let wren = world.get::<Party>(e).unwrap().order[1];
    let supplies = *world.get::<Supplies>(wren).unwrap();
    assert_eq!((supplies.rations, supplies.gold), (0, 100));
    assert_eq!(world.get::<Vitals>(wren).unwrap().hp, 20, "no damage");
    for (what, amount) in [("rations", 5), ("gp", 500)] {
        assert!(logged(
            world,
            e,
            &ExploreEvent::Dropped {
                who: "Wren".into(),
                what: what.into(),
                amount,
                why: "lost on the arduous way home".into(),
            }
        ));
    }
    assert_eq!(
        world.get::<Expedition>(e).unwrap().state,
        ExpeditionState::Ended(ExpeditionEnding::Journeyed)
    );
}

#[test]
fn l520_an_arduous_way_takes_supplies_then_coins_then_gear() {
    let mut app = app();
    let world = app.world_mut();
    let e = spawn(world, "lite5e-warren-delve");
    // Brannoc: 4 torches and 2 rations (a load), gear 14; 600 gp of the haul (alone up).
    let brannoc = member(world, e, 0);
    *world.get_mut::<Supplies>(brannoc).unwrap() = Supplies {
        torches: 4,
        rations: 2,
        ..Supplies::default()
    };
    for m in [1, 2] {
        let other = member(world, e, m);
        world.get_mut::<Vitals>(other).unwrap().life = Life::Down;
    }
    world.get_mut::<Haul>(e).unwrap().0 = 600;
    assert_eq!(load::lose_loads(world, e, brannoc, 4), 4);
    let supplies = *world.get::<Supplies>(brannoc).unwrap();
    assert_eq!((supplies.rations, supplies.torches), (0, 1));
    assert_eq!(world.get::<Haul>(e).unwrap().0, 100);
    assert_eq!(
        world
            .get::<Afflictions>(brannoc)
            .unwrap()
            .level(load::DROPPED),
        2
    );
}

#[test]
fn l520_the_reedwater_party_five_days_from_millbrook_rolls_dc_15_on_a_dangerous_way() {
    let mut app = app();
    let world = app.world_mut();
    let e = spawn(world, "lite5e-reedwater-run");
    // At the old mill: upstream 24 miles by boat (15 a day: 2 days), the woods' 8 miles (5 a
    // day: 2 days), the road's 10 (1 day). The woods have wolves and bandits: dangerous.
    let (mill, start) = {
        let wilderness = world.get::<Whereabouts>(e).unwrap().wilderness;
        let w = world.get::<Wilderness>(wilderness).unwrap();
        (w.sites["old-mill"], w.start)
    };
    world.get_mut::<Whereabouts>(e).unwrap().site = mill;
    *world.get_mut::<Plan>(e).unwrap() = Plan([Activity::Leave].into_iter().collect());
    force(world, e, vec![20, 10, 10, 10]);
    explore_turn(world);
    all_rolled(world, e);
    let r = rolls(world, e);
    for who in ["Brannoc", "Ilse", "Wren"] {
        let what = format!("{who}'s return, 5 travel turns on a dangerous way (DC 15)");
        assert!(r.contains(&(what, 15, Some(true))), "{r:?}");
    }
    assert_eq!(world.get::<Whereabouts>(e).unwrap().site, start);
    assert_eq!(
        world.get::<Expedition>(e).unwrap().state,
        ExpeditionState::Ended(ExpeditionEnding::Journeyed)
    );
}

#[test]
fn l515_a_night_camped_by_the_road_is_safe_rest_1_hp_per_level_and_in_the_wolf_woods_unsafe_1() {
    let mut app = app();
    let world = app.world_mut();
    let e = spawn(world, "lite5e-reedwater-run");
    let (brannoc, wren) = (member(world, e, 0), member(world, e, 2));
    world.get_mut::<Vitals>(brannoc).unwrap().hp = 10;
    world
        .get_mut::<Afflictions>(wren)
        .unwrap()
        .set(EXHAUSTED, 1);
    // Day 1 on the road (no wandering monsters): a safe night heals Brannoc (level 3) 3 HP and
    // cures Wren's exhaustion.
    force(world, e, vec![20, 20]);
    explore_turn(world);
    assert_eq!(world.get::<Vitals>(brannoc).unwrap().hp, 13);
    assert!(!world.get::<Afflictions>(wren).unwrap().has(EXHAUSTED));
    let healed = |safe: &str, amount| ExploreEvent::Gained {
        who: "Brannoc".into(),
        what: format!("HP from {safe} rest"),
        amount,
    };
    assert!(logged(world, e, &healed("safe", 3)));
    // Day 2 in the woods (wolves and bandits roam there: hostile wilderness): 1 HP.
    explore_turn(world);
    all_rolled(world, e);
    assert_eq!(world.get::<Vitals>(brannoc).unwrap().hp, 14);
    assert!(logged(world, e, &healed("unsafe", 1)));
}

/// The party of expedition `id`, made ready by `prepare`, in a fight against `foes` in which
/// every monster fled at once, played out; then these dice, and the fight written back.
fn fled_fight(
    world: &mut World,
    id: &str,
    prepare: impl FnOnce(&mut World, Entity),
    foes: Vec<Foes>,
    faces: Vec<u32>,
) -> Entity {
    let e = spawn(world, id);
    prepare(world, e);
    let encounter = world
        .start_fight_with(
            e,
            FightSetup {
                foes: foes.clone(),
                meeting: Some(Meeting {
                    at: GameTime::ZERO,
                    source: MeetingSource::Wandering,
                    distance_ft: 0,
                    foes,
                    area: None,
                }),
                ..FightSetup::default()
            },
        )
        .unwrap();
    let monsters: Vec<Entity> = world
        .get::<Roster>(encounter)
        .unwrap()
        .entries
        .iter()
        .filter(|x| x.side != SideId(0))
        .map(|x| x.entity)
        .collect();
    for m in monsters {
        world.entity_mut(m).insert(Status::Fled);
    }
    fray_core::drive::run_until_blocked(world, 100_000);
    force(world, e, faces);
    world.end_fight(e).unwrap();
    e
}

/// Readies a reedwater party: `stance`, in the day's `terrain`.
fn outdoors(terrain: Terrain, stance: Stance) -> impl FnOnce(&mut World, Entity) {
    move |world, e| {
        world.get_mut::<ExpeditionPolicy>(e).unwrap().stance = stance;
        world.get_mut::<Whereabouts>(e).unwrap().terrain = terrain;
    }
}

fn wolf() -> Vec<Foes> {
    vec![Foes {
        statblock: "grey-wolf".into(),
        count: 1,
    }]
}

#[test]
fn l523_the_seeds_scout_a_wolf_of_40_ft_fled_into_a_thicket_dc_13_dex_at_disadvantage_eludes_a_4() {
    let mut app = app();
    let world = app.world_mut();
    // The woods are dense: DEX (Ilse's +0 the worst), two d20, the 4 kept: it eludes, and its
    // purse goes with it (no loot rolled).
    let e = fled_fight(
        world,
        "lite5e-reedwater-run",
        outdoors(Terrain::Woods, Stance::Bold),
        wolf(),
        vec![15, 4],
    );
    all_rolled(world, e);
    assert_eq!(
        rolls(world, e),
        vec![(
            "the party chasing 1 x Grey Wolf that fled (DEX, the worst) (DC 13)".into(),
            4,
            Some(false)
        )]
    );
    breakdowns_add_up(world, e);
    assert_eq!(world.get::<Haul>(e).unwrap().0, 0);
}

#[test]
fn l523_on_the_open_road_the_party_chases_with_str_and_a_wolf_caught_is_beaten_for_its_purse() {
    let mut app = app();
    let world = app.world_mut();
    // The road is open: STR (Wren's +0 the worst), one d20: 13 catches it; its loot is 2d20
    // (2 HD): 5 + 6.
    let e = fled_fight(
        world,
        "lite5e-reedwater-run",
        outdoors(Terrain::Road, Stance::Bold),
        wolf(),
        vec![13, 5, 6],
    );
    all_rolled(world, e);
    assert!(rolls(world, e).contains(&(
        "the party chasing 1 x Grey Wolf that fled (STR, the worst) (DC 13)".into(),
        13,
        Some(true)
    )));
    assert_eq!(world.get::<Haul>(e).unwrap().0, 11);
}

#[test]
fn l523_in_the_warrens_dark_a_fled_goblin_of_30_ft_is_chased_dc_11_dex_at_disadvantage() {
    let mut app = app();
    let world = app.world_mut();
    let goblin = vec![Foes {
        statblock: "cave-goblin".into(),
        count: 1,
    }];
    // The bold warren party, its lights out, and no member sees in the dark: two d20, the 9
    // kept (Ilse's DEX +0).
    let lights_out = |world: &mut World, e: Entity| {
        for i in 0..3 {
            let m = member(world, e, i);
            world.entity_mut(m).remove::<Light>();
        }
    };
    let e = fled_fight(
        world,
        "lite5e-warren-delve",
        lights_out,
        goblin,
        vec![18, 9],
    );
    all_rolled(world, e);
    assert!(rolls(world, e).contains(&(
        "the party chasing 1 x Cave Goblin that fled (DEX, the worst) (DC 11)".into(),
        9,
        Some(false)
    )));
}

#[test]
fn l523_a_cautious_party_lets_its_fleeing_foes_go_with_their_purses() {
    let mut app = app();
    let world = app.world_mut();
    let e = fled_fight(
        world,
        "lite5e-reedwater-run",
        outdoors(Terrain::Road, Stance::Cautious),
        wolf(),
        vec![],
    );
    all_rolled(world, e);
    assert!(rolls(world, e).is_empty());
    assert_eq!(world.get::<Haul>(e).unwrap().0, 0);
}

#[test]
fn l523_a_cautious_party_fleeing_through_the_woods_breaks_line_of_sight_with_advantage() {
    let mut app = app();
    let world = app.world_mut();
    let e = spawn(world, "lite5e-reedwater-run");
    world.get_mut::<ExpeditionPolicy>(e).unwrap().stance = Stance::Cautious;
    world.get_mut::<Whereabouts>(e).unwrap().terrain = Terrain::Woods;
    world.get_mut::<Meetings>(e).unwrap().meet(Meeting {
        at: GameTime::ZERO,
        source: MeetingSource::Wandering,
        distance_ft: 0,
        foes: wolf(),
        area: None,
    });
    // DEX (Ilse's +0), two d20, the 13 kept: DC 13 (the wolf's 40 ft), away.
    force(world, e, vec![3, 13]);
    meet::meet(world);
    all_rolled(world, e);
    assert!(world.get::<Fighting>(e).is_none());
    assert!(rolls(world, e).contains(&(
        "the party flees (DEX, the worst) (DC 13)".into(),
        13,
        Some(true)
    )));
}
