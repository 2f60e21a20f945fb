//! Saving an expedition and loading it into a fresh World, with the toy procedure: it plays on
//! exactly as the original, and bad text is refused without changing anything.

use bevy_ecs::prelude::*;

use crate::prelude::*;
use crate::save::expedition_entities;
use crate::tests_places::{app, bold, delve};
use fray_core::save::SaveError;

/// A cautious delve to d (a rat lives there) and on to c (a stuck door, a trap), on the seeded
/// stream of seed 7.
fn cautious_delve(world: &mut World) -> Entity {
    let policy = ExpeditionPolicy {
        stance: Stance::Cautious,
        rest_every: 3,
        ..bold()
    };
    let (e, _) = delve(world, &["d", "c"], policy, vec![]);
    world.entity_mut(e).insert(ExpeditionRng::for_expedition(7));
    e
}

fn underway(world: &World, e: Entity) -> bool {
    world
        .get::<Expedition>(e)
        .is_some_and(|x| x.state == ExpeditionState::Underway)
}

fn entity_count(world: &mut World) -> usize {
    world.query::<Entity>().iter(world).count()
}

#[test]
fn a_delve_saved_at_every_turn_and_loaded_into_a_fresh_world_plays_on_identically() {
    const MAX_TURNS: u32 = 60;
    let mut first = app();
    let world = first.world_mut();
    let e = cautious_delve(world);
    let mut saves = Vec::new();
    let mut played = 0;
    while played < MAX_TURNS && underway(world, e) {
        saves.push((played, save_expedition(world, e).unwrap()));
        explore_turn(world);
        played += 1;
    }
    assert!(!underway(world, e), "the delve ends");
    assert!(played > 5, "the delve takes turns");
    assert!(
        world.get::<Meetings>(e).unwrap().total > 0,
        "the party met the rat, whose meeting names its area"
    );
    let log = world.get::<ExpeditionLog>(e).unwrap().clone();
    let end = save_expedition(world, e).unwrap();
    for (at, text) in saves {
        let mut again = app();
        let world = again.world_mut();
        let loaded = load_expedition(world, &text).unwrap();
        run_expeditions(world, MAX_TURNS - at);
        assert_eq!(
            world.get::<ExpeditionLog>(loaded).unwrap().entries(),
            log.entries(),
            "saved after turn {at}"
        );
        assert_eq!(save_expedition(world, loaded).unwrap(), end, "turn {at}");
    }
}

#[test]
fn a_saved_expedition_holds_its_members_dungeon_areas_and_passages_and_loads_them_linked() {
    let mut first = app();
    let world = first.world_mut();
    let e = cautious_delve(world);
    explore_turn(world);
    let saved = expedition_entities(world, e);
    // The expedition, Aldo, the dungeon, its 5 areas and 5 passages.
    assert_eq!(saved.len(), 1 + 1 + 1 + 5 + 5);
    let text = save_expedition(world, e).unwrap();
    let mut again = app();
    let world = again.world_mut();
    let before = entity_count(world);
    let loaded = load_expedition(world, &text).unwrap();
    assert_eq!(entity_count(world), before + saved.len());
    let aldo = world.get::<Party>(loaded).unwrap().order[0];
    assert_eq!(world.get::<MemberOf>(aldo), Some(&MemberOf(loaded)));
    assert_eq!(world.get::<Character>(aldo).unwrap().name, "Aldo");
    let position = world.get::<Position>(loaded).unwrap().clone();
    let dungeon = world.get::<Dungeon>(position.dungeon).unwrap();
    assert_eq!(dungeon.spec.id, "toy-dungeon");
    assert_eq!(world.get::<Area>(dungeon.entrance).unwrap().id, "a");
    assert!(position.visited.contains(&dungeon.entrance));
    // Despawning the loaded expedition and its dungeon leaves nothing behind.
    world.despawn(loaded);
    world.despawn(position.dungeon);
    assert_eq!(entity_count(world), before);
}

#[test]
fn bad_text_is_an_error_and_leaves_the_world_as_it_was() {
    let mut first = app();
    let world = first.world_mut();
    let e = cautious_delve(world);
    explore_turn(world);
    let text = save_expedition(world, e).unwrap();
    let count = entity_count(world);
    let unknown = text.replacen("fray_explore::Haul", "nowhere::Nothing", 1);
    // A broken value on the last entity's component, after the others loaded.
    let broken = {
        let at = text.rfind("fray_explore::Area\": \"").unwrap() + "fray_explore::Area\": \"".len();
        format!("{}garbage{}", &text[..at], &text[at..])
    };
    let cases: [(&str, String); 6] = [
        ("garbage", "this is no save {[(".into()),
        ("wrong version", text.replacen("format: 1", "format: 99", 1)),
        ("unknown component", unknown),
        ("broken component", broken),
        ("no entities", "(format: 1, entities: [])".into()),
        (
            "no expedition",
            "(format: 1, entities: [(components: {})])".into(),
        ),
    ];
    for (what, bad) in cases {
        let result = load_expedition(world, &bad);
        let expected_kind = matches!(
            (&result, what),
            (Err(SaveError::Parse(_)), "garbage")
                | (Err(SaveError::Format { found: 99 }), "wrong version")
                | (Err(SaveError::UnknownComponent(_)), "unknown component")
                | (Err(SaveError::Component { .. }), "broken component")
                | (Err(SaveError::NotA { .. }), "no entities" | "no expedition")
        );
        assert!(expected_kind, "{what}: {result:?}");
        assert_eq!(entity_count(world), count, "{what}: nothing spawned");
        assert_eq!(
            save_expedition(world, e).unwrap(),
            text,
            "{what}: nothing changed"
        );
    }
}

#[test]
fn saving_an_entity_that_is_no_expedition_is_an_error() {
    let mut first = app();
    let world = first.world_mut();
    let e = cautious_delve(world);
    let aldo = world.get::<Party>(e).unwrap().order[0];
    assert!(matches!(
        save_expedition(world, aldo),
        Err(SaveError::NotA { .. })
    ));
}

#[test]
fn a_save_cut_short_anywhere_is_refused_without_panicking_or_changing_anything() {
    let mut first = app();
    let world = first.world_mut();
    let e = cautious_delve(world);
    explore_turn(world);
    let text = save_expedition(world, e).unwrap();
    let count = entity_count(world);
    let cuts: Vec<usize> = (0..text.len())
        .filter(|at| text.is_char_boundary(*at))
        .collect();
    for at in cuts {
        assert!(load_expedition(world, &text[..at]).is_err(), "cut at {at}");
        assert_eq!(entity_count(world), count, "cut at {at}");
    }
    assert_eq!(save_expedition(world, e).unwrap(), text);
}
