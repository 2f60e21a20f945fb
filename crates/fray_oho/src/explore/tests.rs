//! OHO's between-fight rules across the fights of an expedition: exhaustion carried, and
//! experience summed from the checks in each fight's log.

use std::sync::Arc;

use bevy_app::App;
use bevy_ecs::prelude::*;
use fray_core::drive::run_until_blocked;
use fray_core::encounter::Roster;
use fray_core::log::{CombatLog, LogEvent};
use fray_core::prelude::*;
use fray_core::rng::EncounterRng;
use fray_dice::Dice;
use fray_explore::prelude::*;

use super::OhoExplorePlugin;
use super::exhaustion::EXHAUSTION;
use super::experience::Experience;
use crate::statblock::Ability;
use crate::state::OhoState;

fn content() -> Arc<fray_content::db::ContentDb> {
    Arc::new(
        fray_explore::charter::with_expeditions(
            fray_content::loader::ContentLoader::new()
                .with_schema(crate::schema())
                .with_policies(fray_ai::POLICY_NAMES),
        )
        .load_paths(&[concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/oho")])
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
        crate::FrayOhoPlugin,
        FrayExplorePlugin,
        OhoExplorePlugin::default(),
    ));
    app.insert_resource(Content(content()));
    app.finish();
    app.cleanup();
    app
}

/// An expedition of one hero of `statblock`, not logging (its fights keep their logs all the
/// same).
fn hero(world: &mut World, statblock: &str, hp: i32) -> (Entity, Entity) {
    let e = world
        .spawn_expedition(&ExpeditionSettings {
            id: "crypt".into(),
            ruleset: "oho".into(),
            seed: 5,
            log: false,
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

/// Starts a fight against one rat-kin; returns the hero's fresh combatant.
fn start(world: &mut World, e: Entity) -> Entity {
    let foes = [Foes {
        statblock: "rat-kin".into(),
        count: 1,
    }];
    world.start_fight(e, &foes).unwrap();
    world.get::<Fighting>(e).unwrap().members[0].1
}

/// Plays the fight out and leaves the hero standing, at full health.
fn play(world: &mut World, combatant: Entity) {
    run_until_blocked(world, 100_000);
    world.entity_mut(combatant).insert(Status::Active);
    let mut hp = world.get_mut::<Hp>(combatant).unwrap();
    hp.current = hp.max;
}

/// Replaces the fight's log with `checks` defense rolls (Reflex) of the hero's: 20 against
/// 10, a success worth 10 / 20 x 100 = 50 experience each (OHO-22).
fn log_checks(world: &mut World, e: Entity, combatant: Entity, checks: usize) {
    let encounter = world.get::<Fighting>(e).unwrap().encounter;
    let who = world
        .get::<Roster>(encounter)
        .unwrap()
        .id_of(combatant)
        .unwrap();
    let mut log = world.get_mut::<CombatLog>(encounter).unwrap();
    assert!(log.enabled(), "the fight keeps its log for experience");
    log.restart(true);
    for _ in 0..checks {
        let roll = Dice::die(20).roll(&mut EncounterRng::scripted(vec![20]));
        log.push(LogEvent::Roll {
            who: Some(who),
            purpose: "defense roll (Reflex)".into(),
            roll,
            target: Some(10),
            success: Some(true),
        });
    }
}

#[test]
fn oho21_exhaustion_carries_from_fight_to_fight_and_level_5_leaves_the_member_down() {
    let mut app = app();
    let world = app.world_mut();
    let (e, brannoc) = hero(world, "brannoc", 30);
    let combatant = start(world, e);
    assert_eq!(world.get::<OhoState>(combatant).unwrap().exhaustion, 0);
    play(world, combatant);
    world.get_mut::<OhoState>(combatant).unwrap().exhaustion = 2;
    world.end_fight(e).unwrap();
    assert_eq!(
        world.get::<Afflictions>(brannoc).unwrap().level(EXHAUSTION),
        2
    );
    let combatant = start(world, e);
    assert_eq!(world.get::<OhoState>(combatant).unwrap().exhaustion, 2);
    play(world, combatant);
    // Three more levels in fight two stack on the two carried: 5, unconscious.
    world.get_mut::<OhoState>(combatant).unwrap().exhaustion = 5;
    let result = world.end_fight(e).unwrap();
    assert_eq!(result.down, vec![brannoc]);
    assert_eq!(
        world.get::<Afflictions>(brannoc).unwrap().level(EXHAUSTION),
        5
    );
    assert_eq!(world.get::<Vitals>(brannoc).unwrap().life, Life::Down);
}

#[test]
fn oho21_a_sixth_level_of_exhaustion_kills() {
    let mut app = app();
    let world = app.world_mut();
    let (e, brannoc) = hero(world, "brannoc", 30);
    let combatant = start(world, e);
    play(world, combatant);
    world.get_mut::<OhoState>(combatant).unwrap().exhaustion = 6;
    world.end_fight(e).unwrap();
    assert_eq!(world.get::<Vitals>(brannoc).unwrap().life, Life::Dead);
    let now = world.get::<Clock>(e).unwrap().elapsed();
    assert_eq!(
        world.get::<DiedAt>(brannoc),
        Some(&DiedAt(now)),
        "killed as the fight is written back"
    );
}

#[test]
fn oho22_oho23_experience_is_summed_across_two_fights_into_a_proficiency_point() {
    let mut app = app();
    let world = app.world_mut();
    let (e, brannoc) = hero(world, "brannoc", 30);
    for checks in [6, 5] {
        let combatant = start(world, e);
        play(world, combatant);
        log_checks(world, e, combatant, checks);
        world.end_fight(e).unwrap();
    }
    // 6 x 50 + 5 x 50 = 550 Reflex experience: a point at 500 (OHO-23), 50 carried; all 550
    // toward level 4 (3 000 from level 3).
    let progress = &world.get::<Experience>(brannoc).unwrap().0;
    assert_eq!(progress.ability_experience(Ability::Reflex), 50);
    assert_eq!(
        (progress.points, progress.experience, progress.level),
        (1, 550, 3)
    );
    assert_eq!(progress.ranks.get("blades"), Some(&5), "from the statblock");
    assert_eq!(
        world.get::<XpGained>(brannoc),
        Some(&XpGained(550)),
        "the expedition's XP, as every ruleset counts it"
    );
}

#[test]
fn oho24_a_level_1_member_reaches_level_2_on_experience_from_two_fights() {
    let mut app = app();
    let world = app.world_mut();
    let (e, hollis) = hero(world, "hollis", 28);
    let combatant = start(world, e);
    play(world, combatant);
    log_checks(world, e, combatant, 12);
    world.end_fight(e).unwrap();
    let progress = &world.get::<Experience>(hollis).unwrap().0;
    assert_eq!((progress.level, progress.experience), (1, 600));
    let combatant = start(world, e);
    play(world, combatant);
    log_checks(world, e, combatant, 10);
    world.end_fight(e).unwrap();
    // 600 + 500 = 1 100: level 1 x 1 000 buys level 2, 100 left toward level 3; two points.
    let progress = &world.get::<Experience>(hollis).unwrap().0;
    assert_eq!(
        (
            progress.level,
            progress.experience,
            progress.points,
            progress.open_level_ups
        ),
        (2, 100, 2, 1)
    );
    assert_eq!(progress.tier(), 1);
}

#[test]
fn oho22_the_crypt_delve_plays_to_an_end_on_every_seed_and_its_heroes_earn_experience() {
    let mut app = app();
    let db = app.world().resource::<Content>().0.clone();
    let spec = db.document::<ExpeditionSpec>("oho-crypt-delve").unwrap();
    let world = app.world_mut();
    let (mut earned, mut xp) = (0, 0);
    for seed in 0..6 {
        let e = world
            .spawn_delve_from(&db, "oho-crypt-delve", seed, false)
            .unwrap();
        run_expeditions(world, spec.max_turns);
        let state = world.get::<Expedition>(e).unwrap().state;
        assert!(matches!(state, ExpeditionState::Ended(_)), "seed {seed}");
        let order = world.get::<Party>(e).unwrap().order.clone();
        earned += order
            .iter()
            .filter_map(|m| world.get::<Experience>(*m))
            .map(|x| x.0.experience)
            .sum::<u64>();
        let summary = DelveSummary::of(world, e, spec).unwrap();
        assert_eq!(
            summary.xp,
            summary.members.iter().map(|m| m.xp).sum::<u64>(),
            "seed {seed}"
        );
        xp += summary.xp;
        let dungeon = world.get::<Position>(e).unwrap().dungeon;
        world.despawn(e);
        world.despawn(dungeon);
    }
    assert!(earned > 0, "the crypt's fights earn experience");
    assert!(xp >= earned, "the summaries count all of it as XP");
}

#[test]
fn the_crypt_delve_saved_at_every_turn_and_mid_fight_loads_and_plays_on_identically() {
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
                "oho-crypt-delve",
                seed,
            )
        })
        .sum();
    assert!(fights > 0, "some saves were taken mid-fight");
}
