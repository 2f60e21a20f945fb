//! archmage's between-fight rules across the fights of an expedition, with the quick rests'
//! dice scripted on the expedition's stream.

use std::sync::Arc;

use bevy_app::App;
use bevy_ecs::prelude::*;
use fray_core::drive::run_until_blocked;
use fray_core::prelude::*;
use fray_core::rng::EncounterRng;
use fray_explore::prelude::*;

use super::ArchmageExplorePlugin;
use super::lasting::Lasting;
use super::rest::earns_heal_up;
use crate::state::ArchState;

fn content() -> Arc<fray_content::db::ContentDb> {
    Arc::new(
        fray_explore::charter::with_expeditions(
            fray_content::loader::ContentLoader::new()
                .with_schema(crate::schema())
                .with_policies(fray_ai::POLICY_NAMES),
        )
        .load_paths(&[concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../content/archmage"
        )])
        .unwrap(),
    )
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        FrayCorePlugin {
            run: FrayRunMode::Manual,
            ..Default::default()
        },
        fray_ai::FrayAiPlugin,
        crate::FrayArchmagePlugin,
        FrayExplorePlugin,
        ArchmageExplorePlugin::default(),
    ));
    app.insert_resource(Content(content()));
    app.finish();
    app.cleanup();
    app
}

/// An expedition of one hero of `statblock` with `hp` hit points.
fn hero(world: &mut World, statblock: &str, hp: i32) -> (Entity, Entity) {
    let e = world
        .spawn_expedition(&ExpeditionSettings {
            id: "barrow".into(),
            ruleset: "archmage".into(),
            seed: 7,
            log: true,
            plan: Vec::new(),
        })
        .unwrap();
    let member = world
        .add_member(
            e,
            &MemberSpec {
                character: Character {
                    name: "Hero".into(),
                    statblock: statblock.into(),
                },
                max_hp: hp,
                supplies: Supplies::default(),
                lit: None,
            },
        )
        .unwrap();
    (e, member)
}

/// Starts a fight against one goblin skulker; returns the hero's fresh combatant.
fn start(world: &mut World, e: Entity) -> Entity {
    let foes = [Foes {
        statblock: "reed-goblin-mook".into(),
        count: 1,
    }];
    world.start_fight(e, &foes).unwrap();
    world.get::<Fighting>(e).unwrap().members[0].1
}

/// Plays the fight out, then sets the hero's hit points and state at its end as the test
/// needs them.
fn play_and_leave_at(
    world: &mut World,
    combatant: Entity,
    hp: i32,
    state: impl FnOnce(&mut ArchState),
) {
    run_until_blocked(world, 100_000);
    world.entity_mut(combatant).insert(Status::Active);
    world.get_mut::<Hp>(combatant).unwrap().current = hp;
    state(&mut world.get_mut::<ArchState>(combatant).unwrap());
}

fn script(world: &mut World, e: Entity, faces: Vec<u32>) {
    world
        .entity_mut(e)
        .insert(ExpeditionRng(EncounterRng::scripted(faces)));
}

fn scripted_left(world: &World, e: Entity) -> Option<usize> {
    world
        .get::<ExpeditionRng>(e)
        .unwrap()
        .0
        .scripted_remaining()
}

#[test]
fn ar24_recoveries_spent_at_the_rest_after_fight_one_are_not_there_in_fight_two() {
    let mut app = app();
    let world = app.world_mut();
    let (e, brannoc) = hero(world, "fighter-1", 30);
    let combatant = start(world, e);
    assert_eq!(world.get::<ArchState>(combatant).unwrap().recoveries, 9);
    // At 10 of 30, the quick rest heals to full: 1d10 + 2 (Con 14) a recovery, faces 6, 9
    // and 1: 8, 11 and 3 (of 4), three recoveries of nine.
    play_and_leave_at(world, combatant, 10, |s| s.recoveries = 9);
    script(world, e, vec![6, 9, 1]);
    world.end_fight(e).unwrap();
    assert_eq!(scripted_left(world, e), Some(0));
    assert_eq!(world.get::<Vitals>(brannoc).unwrap().hp, 30);
    assert_eq!(world.get::<Lasting>(brannoc).unwrap().recoveries, 6);
    let combatant = start(world, e);
    assert_eq!(world.get::<ArchState>(combatant).unwrap().recoveries, 6);
    assert_eq!(world.get::<Hp>(combatant).unwrap().current, 30);
}

#[test]
fn h39_the_fight_is_over_in_the_log_before_the_rest_after_it() {
    let mut app = app();
    let world = app.world_mut();
    let (e, _) = hero(world, "fighter-1", 30);
    let combatant = start(world, e);
    // At 10 of 30, the quick rest spends three recoveries (faces 6, 9 and 1) to heal 20.
    play_and_leave_at(world, combatant, 10, |s| s.recoveries = 9);
    script(world, e, vec![6, 9, 1]);
    world.end_fight(e).unwrap();
    let log: Vec<String> = world
        .get::<ExpeditionLog>(e)
        .unwrap()
        .entries()
        .iter()
        .map(|x| x.event.text())
        .collect();
    let at = |start: &str| log.iter().position(|l| l.starts_with(start));
    let (over, rest) = (
        at("The fight is over"),
        at("Hero gains 20 HP from 3 recoveries"),
    );
    assert!(over.is_some() && rest.is_some() && over < rest, "{log:#?}");
}

#[test]
fn ar24_a_level_5_hero_recovers_5d10_plus_twice_its_con_mod_between_fights() {
    let mut app = app();
    let world = app.world_mut();
    let (e, brannoc) = hero(world, "fighter-5", 80);
    let combatant = start(world, e);
    // At 60 of 80: five 1s and +4 (Con 14, x2 at level 5) heal 9, then five 2s and +4 heal
    // 14: two recoveries, 60 -> 69 -> 80 (of 83).
    play_and_leave_at(world, combatant, 60, |s| s.recoveries = 9);
    script(world, e, vec![1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    world.end_fight(e).unwrap();
    assert_eq!(scripted_left(world, e), Some(0));
    assert_eq!(world.get::<Vitals>(brannoc).unwrap().hp, 80);
    let combatant = start(world, e);
    assert_eq!(world.get::<ArchState>(combatant).unwrap().recoveries, 7);
}

#[test]
fn ar24_with_no_recoveries_left_the_debt_and_the_wounds_carry_into_the_next_fight() {
    let mut app = app();
    let world = app.world_mut();
    let (e, brannoc) = hero(world, "fighter-1", 30);
    let combatant = start(world, e);
    play_and_leave_at(world, combatant, 12, |s| {
        s.recoveries = 0;
        s.recovery_debt = 2;
    });
    script(world, e, Vec::new());
    world.end_fight(e).unwrap();
    assert_eq!(
        world.get::<Vitals>(brannoc).unwrap().hp,
        12,
        "nothing to spend"
    );
    let combatant = start(world, e);
    let state = world.get::<ArchState>(combatant).unwrap();
    assert_eq!((state.recoveries, state.recovery_debt), (0, 2));
    assert_eq!(state.debt_penalty(), 2, "-2 to defenses and attacks");
    assert_eq!(world.get::<Hp>(combatant).unwrap().current, 12);
}

#[test]
fn ar39_a_used_recharge_attack_comes_back_after_a_fight_on_a_d20_at_or_above_its_number() {
    let mut app = app();
    let world = app.world_mut();
    // Sable's poisoned edge (its fourth attack) recharges on 16+.
    let (e, sable) = hero(world, "rogue-1", 24);
    let combatant = start(world, e);
    play_and_leave_at(world, combatant, 24, |s| s.attacks_spent.spend(3));
    script(world, e, vec![15]);
    world.end_fight(e).unwrap();
    assert!(world.get::<Lasting>(sable).unwrap().attacks_spent.spent(3));
    let combatant = start(world, e);
    assert!(
        world
            .get::<ArchState>(combatant)
            .unwrap()
            .attacks_spent
            .spent(3),
        "a 15 keeps it spent into fight two"
    );
    play_and_leave_at(world, combatant, 24, |s| s.attacks_spent.spend(3));
    script(world, e, vec![16]);
    world.end_fight(e).unwrap();
    assert_eq!(scripted_left(world, e), Some(0));
    let logged = world.get::<ExpeditionLog>(e).unwrap().entries().to_vec();
    assert!(logged.iter().any(|entry| matches!(
        &entry.event,
        ExploreEvent::Roll { faces, success: Some(true), .. } if faces == &vec![16]
    )));
    let combatant = start(world, e);
    assert!(
        !world
            .get::<ArchState>(combatant)
            .unwrap()
            .attacks_spent
            .spent(3)
    );
}

#[test]
fn ar39_a_full_heal_up_after_every_fourth_fight() {
    assert!(!earns_heal_up(0));
    assert!(!earns_heal_up(3));
    assert!(earns_heal_up(4));
    assert!(!earns_heal_up(5));
    assert!(earns_heal_up(8));
}

#[test]
fn ar39_the_fourth_fight_of_an_expedition_ends_in_a_full_heal_up() {
    let mut app = app();
    let world = app.world_mut();
    let (e, brannoc) = hero(world, "fighter-1", 30);
    for _ in 0..3 {
        let combatant = start(world, e);
        play_and_leave_at(world, combatant, 30, |s| {
            s.recoveries = 2;
            s.recovery_debt = 1;
        });
        script(world, e, Vec::new());
        world.end_fight(e).unwrap();
    }
    let lasting = *world.get::<Lasting>(brannoc).unwrap();
    assert_eq!((lasting.recoveries, lasting.recovery_debt), (2, 1));
    let combatant = start(world, e);
    play_and_leave_at(world, combatant, 5, |_| {});
    script(world, e, Vec::new());
    world.end_fight(e).unwrap();
    assert_eq!(world.get::<Vitals>(brannoc).unwrap().hp, 30);
    let lasting = *world.get::<Lasting>(brannoc).unwrap();
    assert_eq!((lasting.recoveries, lasting.recovery_debt), (9, 0));
}

#[test]
fn ar39_the_barrow_delve_plays_to_an_end_on_every_seed_with_rests_between_fights() {
    let mut app = app();
    let db = app.world().resource::<Content>().0.clone();
    let spec = db
        .document::<ExpeditionSpec>("archmage-barrow-delve")
        .unwrap();
    let world = app.world_mut();
    let mut fights = 0;
    for seed in 0..8 {
        let e = world
            .spawn_delve_from(&db, "archmage-barrow-delve", seed, true)
            .unwrap();
        run_expeditions(world, spec.max_turns);
        let state = world.get::<Expedition>(e).unwrap().state;
        assert!(matches!(state, ExpeditionState::Ended(_)), "seed {seed}");
        fights += world.get::<FightCount>(e).map_or(0, |c| c.0);
        let dungeon = world.get::<Position>(e).unwrap().dungeon;
        world.despawn(e);
        world.despawn(dungeon);
    }
    assert!(fights > 0, "the barrow's goblins are met");
}

#[test]
fn ar39_a_member_down_between_fights_is_back_up_after_the_full_heal_up() {
    let mut app = app();
    let world = app.world_mut();
    let (e, _) = hero(world, "fighter-1", 30);
    let sable = world
        .add_member(
            e,
            &MemberSpec {
                character: Character {
                    name: "Sable".into(),
                    statblock: "rogue-1".into(),
                },
                max_hp: 24,
                supplies: Supplies::default(),
                lit: None,
            },
        )
        .unwrap();
    world.entity_mut(sable).insert(Lasting {
        recoveries: 0,
        recovery_debt: 1,
        ..Lasting::default()
    });
    {
        let mut vitals = world.get_mut::<Vitals>(sable).unwrap();
        vitals.hp = -3;
        vitals.life = Life::Down;
    }
    for fight in 1..=4 {
        let combatant = start(world, e);
        assert_eq!(
            world.get::<Fighting>(e).unwrap().members.len(),
            1,
            "Sable, down, sits fight {fight} out"
        );
        play_and_leave_at(world, combatant, 30, |_| {});
        script(world, e, Vec::new());
        world.end_fight(e).unwrap();
        let life = world.get::<Vitals>(sable).unwrap().life;
        assert_eq!(life == Life::Alive, fight == 4, "after fight {fight}");
    }
    assert_eq!(world.get::<Vitals>(sable).unwrap().hp, 24);
    assert!(world.get::<Lasting>(sable).is_none(), "spawned fresh next");
    start(world, e);
    let (_, combatant) = world.get::<Fighting>(e).unwrap().members[1];
    let state = world.get::<ArchState>(combatant).unwrap();
    assert_eq!((state.recoveries, state.recovery_debt), (8, 0));
}

#[test]
fn the_barrow_delve_saved_at_every_turn_and_mid_fight_loads_and_plays_on_identically() {
    let with = |db: Arc<fray_content::db::ContentDb>| {
        let mut app = app();
        app.insert_resource(Content(db));
        app
    };
    let db = content();
    let fights: usize = (0..4)
        .map(|seed| {
            fray_testkit::expedition_saves::saves_continue_identically(
                &with,
                &db,
                "archmage-barrow-delve",
                seed,
            )
        })
        .sum();
    assert!(fights > 0, "some saves were taken mid-fight");
}
