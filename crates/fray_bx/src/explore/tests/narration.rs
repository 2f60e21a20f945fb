//! The delve's narration (newcomer trial H.39): a fight's end before what follows it, rolls
//! whose outcome is an event said in words, names instead of ids, and what a fleeing party
//! leaves behind.

use bevy_ecs::prelude::*;
use fray_core::spawn::Content;
use fray_explore::prelude::*;

use super::super::meet;
use super::{expedition, fighting_app, rats};

/// The log of `e`, as the narration prints it.
fn texts(world: &World, e: Entity) -> Vec<String> {
    world
        .get::<ExpeditionLog>(e)
        .unwrap()
        .entries()
        .iter()
        .map(|x| x.event.text())
        .collect()
}

#[test]
fn h39_the_barrow_raid_ends_each_fight_before_its_spoils_and_names_areas_and_monsters() {
    let mut app = fighting_app();
    let db = app.world().resource::<Content>().0.clone();
    let turns = db
        .document::<ExpeditionSpec>("bx-barrow-raid")
        .unwrap()
        .max_turns;
    let world = app.world_mut();
    let mut all = Vec::new();
    for seed in 0..8 {
        let e = world
            .spawn_delve_from(&db, "bx-barrow-raid", seed, true)
            .unwrap();
        run_expeditions(world, turns);
        let mut fighting = false;
        for entry in world.get::<ExpeditionLog>(e).unwrap().entries() {
            match entry.event {
                ExploreEvent::FightStarted { .. } => fighting = true,
                ExploreEvent::FightEnded { .. } => fighting = false,
                ExploreEvent::TreasureTaken { .. } | ExploreEvent::Gained { .. } => assert!(
                    !fighting,
                    "seed {seed}: {} comes before the fight is over",
                    entry.event.text()
                ),
                _ => {}
            }
        }
        all.extend(texts(world, e));
        let dungeon = world.get::<Position>(e).unwrap().dungeon;
        world.despawn(e);
        world.despawn(dungeon);
    }
    let all = all.join("\n");
    assert!(
        all.contains("Roll for search of the Pillared Hall by "),
        "{all}"
    );
    assert!(all.contains("A fight with 3 x Giant Rat begins."), "{all}");
    for id in ["search of hall", "giant-rat", "mire-goblin", "bone-warrior"] {
        assert!(!all.contains(id), "`{id}` in the narration:\n{all}");
    }
}

#[test]
fn h39_a_wandering_check_says_whether_monsters_come() {
    let mut app = super::app();
    let world = app.world_mut();
    // Turn 2: 1 in 6 comes up (2d6 = 3 + 4: 70 ft). Turn 4: a 6, nothing.
    let (e, _) = expedition(world, vec![Activity::Explore; 4], vec![1, 3, 4, 6]);
    for _ in 0..4 {
        explore_turn(world);
    }
    let log = texts(world, e);
    assert!(
        log.contains(&"Roll for wandering monsters: 1d6 = [1] = 1: monsters come.".to_string()),
        "{log:#?}"
    );
    assert!(
        log.contains(&"Roll for wandering monsters: 1d6 = [6] = 6: no monsters come.".to_string()),
        "{log:#?}"
    );
}

#[test]
fn h39_treasure_dropped_for_pursuers_is_logged_with_who_how_much_and_why() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // Rats are as fast as the party, which has no food: it drops half its 500 gp, and the
    // pursuers' d6 shows 3: they stop for it.
    let (e, _) = expedition(world, vec![Activity::Explore], vec![3]);
    world
        .entity_mut(e)
        .insert((ExpeditionPolicy::default(), Haul(500)));
    let meeting = Meeting {
        at: GameTime::ZERO,
        source: MeetingSource::Wandering,
        distance_ft: 40,
        foes: rats(2),
        area: None,
    };
    meet::setup(world, e, meeting);
    assert_eq!(world.get::<Haul>(e).unwrap().0, 250);
    let log = texts(world, e);
    for line in [
        "Roll for the pursuers to stop for the dropped treasure (3 in 6): 1d6 = [3] = 3: they stop.",
        "The party leaves 250 gp behind (dropped for the pursuers).",
    ] {
        assert!(log.contains(&line.to_string()), "{line}\n{log:#?}");
    }
}
