//! The model driven through a real `App`, with a toy procedure.

use bevy_app::App;
use bevy_ecs::prelude::*;

use crate::prelude::*;

/// A toy ruleset: ten-minute turns, torches for two turns, lanterns for four.
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
            torch: GameTime::turns(2).unwrap_or(GameTime::ZERO),
            lantern: GameTime::turns(4).unwrap_or(GameTime::ZERO),
        }
    }

    fn build_expedition(&self, expedition: &mut EntityWorldMut<'_>) -> Result<(), ExploreError> {
        expedition.insert(ToyMarker);
        Ok(())
    }
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins(FrayExplorePlugin).register_procedure(Toy);
    app
}

fn settings(turns: usize) -> ExpeditionSettings {
    ExpeditionSettings {
        id: "test".into(),
        ruleset: "toy".into(),
        seed: 7,
        log: true,
        plan: vec![Activity::Explore; turns],
    }
}

fn member(name: &str, torches: u32) -> MemberSpec {
    MemberSpec {
        character: Character {
            name: name.into(),
            statblock: "fighter-1".into(),
        },
        max_hp: 8,
        supplies: Supplies {
            torches,
            ..Default::default()
        },
        lit: Some(LightKind::Torch),
    }
}

#[test]
fn the_schedule_has_no_ambiguities() {
    let mut app = app();
    let world = app.world_mut();
    world.spawn_expedition(&settings(1)).unwrap();
    run_expeditions(world, 10);
}

#[test]
fn turns_advance_the_clock_until_the_plan_is_done() {
    let mut app = app();
    let world = app.world_mut();
    let e = world.spawn_expedition(&settings(3)).unwrap();
    world.add_member(e, &member("Aldo", 0)).unwrap();
    let played = run_expeditions(world, 100);
    assert_eq!(
        played, 4,
        "three activities, then the turn that finds the plan empty"
    );
    assert_eq!(
        world.get::<Clock>(e).unwrap().elapsed(),
        GameTime::turns(3).unwrap()
    );
    assert_eq!(
        world.get::<Expedition>(e).unwrap().state,
        ExpeditionState::Ended(ExpeditionEnding::PlanDone)
    );
}

#[test]
fn torches_burn_down_and_are_relit_from_supplies_until_none_is_left() {
    let mut app = app();
    let world = app.world_mut();
    let e = world.spawn_expedition(&settings(5)).unwrap();
    let aldo = world.add_member(e, &member("Aldo", 2)).unwrap();
    assert_eq!(world.get::<Supplies>(aldo).unwrap().torches, 1, "one lit");
    explore_turn(world);
    explore_turn(world);
    // The first torch burned its two turns; the spare is lit.
    assert_eq!(world.get::<Supplies>(aldo).unwrap().torches, 0);
    assert_eq!(
        world.get::<Light>(aldo).unwrap().left,
        GameTime::turns(2).unwrap()
    );
    explore_turn(world);
    explore_turn(world);
    assert!(world.get::<Light>(aldo).is_none(), "the last torch is out");
    let log = world.get::<ExpeditionLog>(e).unwrap();
    let outs = log
        .entries()
        .iter()
        .filter(|x| matches!(x.event, ExploreEvent::LightOut { .. }))
        .count();
    assert_eq!(outs, 1);
}

#[test]
fn a_party_all_dead_ends_the_expedition() {
    let mut app = app();
    let world = app.world_mut();
    let e = world.spawn_expedition(&settings(5)).unwrap();
    let aldo = world.add_member(e, &member("Aldo", 0)).unwrap();
    world.get_mut::<Vitals>(aldo).unwrap().life = Life::Dead;
    explore_turn(world);
    assert_eq!(
        world.get::<Expedition>(e).unwrap().state,
        ExpeditionState::Ended(ExpeditionEnding::PartyDead)
    );
    assert_eq!(
        world.get::<DiedAt>(aldo),
        Some(&DiedAt(GameTime::TURN)),
        "found dead at the end of the turn"
    );
}

#[test]
fn unknown_rulesets_and_duplicate_names_are_refused() {
    let mut app = app();
    let world = app.world_mut();
    let mut other = settings(1);
    other.ruleset = "nope".into();
    assert_eq!(
        world.spawn_expedition(&other),
        Err(ExploreError::UnknownRuleset("nope".into()))
    );
    let e = world.spawn_expedition(&settings(1)).unwrap();
    world.add_member(e, &member("Aldo", 0)).unwrap();
    assert_eq!(
        world.add_member(e, &member("Aldo", 0)),
        Err(ExploreError::DuplicateMember("Aldo".into()))
    );
    assert_eq!(
        world.get::<Party>(e).unwrap().order.len(),
        1,
        "the refused member is not added"
    );
}

#[test]
fn core01_the_same_seed_gives_the_same_expedition_stream() {
    use fray_dice::DieSource;
    let mut a = ExpeditionRng::for_expedition(11);
    let mut b = ExpeditionRng::for_expedition(11);
    let rolls: Vec<u32> = (0..16).map(|_| a.roll_die(6)).collect();
    assert_eq!(rolls, (0..16).map(|_| b.roll_die(6)).collect::<Vec<_>>());
}

#[test]
fn despawning_an_expedition_despawns_its_members() {
    let mut app = app();
    let world = app.world_mut();
    let e = world.spawn_expedition(&settings(1)).unwrap();
    let aldo = world.add_member(e, &member("Aldo", 1)).unwrap();
    assert_eq!(world.get::<MemberOf>(aldo), Some(&MemberOf(e)));
    world.despawn(e);
    assert!(world.get_entity(aldo).is_err());
}

#[test]
fn when_a_light_goes_out_the_next_member_with_a_torch_lights_one() {
    let mut app = app();
    let world = app.world_mut();
    let e = world.spawn_expedition(&settings(3)).unwrap();
    let aldo = world.add_member(e, &member("Aldo", 1)).unwrap();
    let mut spec = member("Bea", 1);
    spec.lit = None;
    let bea = world.add_member(e, &spec).unwrap();
    explore_turn(world);
    explore_turn(world);
    assert!(
        world.get::<Light>(aldo).is_none(),
        "Aldo's only torch burned two turns"
    );
    let light = *world.get::<Light>(bea).unwrap();
    assert_eq!(light.kind, LightKind::Torch);
    assert_eq!(world.get::<Supplies>(bea).unwrap().torches, 0);
}

/// A second toy ruleset, to run beside the first.
struct Other;

#[derive(Component)]
struct OtherMarker;

impl Procedure for Other {
    fn ruleset(&self) -> &'static str {
        "other"
    }

    fn timekeeping(&self) -> Timekeeping {
        Toy.timekeeping()
    }

    fn build_expedition(&self, expedition: &mut EntityWorldMut<'_>) -> Result<(), ExploreError> {
        expedition.insert(OtherMarker);
        Ok(())
    }
}

/// A ruleset's Wander system: it rolls the expedition's dice.
fn roll_toy(mut rng: Query<&mut ExpeditionRng, With<ToyMarker>>) {
    for mut rng in &mut rng {
        fray_dice::DieSource::roll_die(&mut *rng, 6);
    }
}

/// Another ruleset's Wander system, touching the same components.
fn roll_other(mut rng: Query<&mut ExpeditionRng, With<OtherMarker>>) {
    for mut rng in &mut rng {
        fray_dice::DieSource::roll_die(&mut *rng, 6);
    }
}

#[test]
fn two_rulesets_systems_in_one_phase_run_in_registration_order_without_ambiguity() {
    let mut app = App::new();
    app.add_plugins(FrayExplorePlugin)
        .register_procedure(Toy)
        .register_procedure(Other)
        .add_procedure_systems("toy", ExploreSystems::Wander, roll_toy)
        .add_procedure_systems("other", ExploreSystems::Wander, roll_other);
    let world = app.world_mut();
    world.spawn_expedition(&settings(2)).unwrap();
    let mut other = settings(2);
    other.ruleset = "other".into();
    world.spawn_expedition(&other).unwrap();
    assert_eq!(run_expeditions(world, 10), 3);
    assert_eq!(world.resource::<Procedures>().order(), &["toy", "other"]);
}
