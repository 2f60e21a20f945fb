//! The combat step inside a game's schedule: the public set a game orders against, the game's
//! clock, and requests written between steps.

use std::time::Duration;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_time::{Time, TimePlugin, TimeUpdateStrategy, Virtual};
use fray::core::client::decisions;
use fray::prelude::*;

fn content() -> Content {
    Content(fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap())
}

fn ready(mut app: App) -> App {
    app.insert_resource(content());
    app.finish();
    app.cleanup();
    app
}

fn fight(app: &mut App, settings: &EncounterSettings) -> Entity {
    app.world_mut()
        .spawn_encounter("archmage-bridge", settings)
        .unwrap()
}

fn log_len(world: &World, fight: Entity) -> usize {
    world.get::<CombatLog>(fight).unwrap().entries().len()
}

/// What the game's render system saw of the log, frame by frame.
#[derive(Resource, Default)]
struct Seen(Vec<usize>);

#[derive(Resource)]
struct Fight(Entity);

fn render(fight: Res<Fight>, logs: Query<&CombatLog>, mut seen: ResMut<Seen>) {
    seen.0
        .push(logs.get(fight.0).map_or(0, |l| l.entries().len()));
}

#[test]
fn a_system_after_fray_set_step_sees_this_frame_s_actions() {
    let mut app = App::new();
    app.add_plugins(FrayPlugins::default())
        .init_resource::<Seen>()
        .add_systems(Update, render.after(FraySet::Step));
    let mut app = ready(app);
    let fight = fight(&mut app, &EncounterSettings::logged(5));
    app.insert_resource(Fight(fight));
    for frame in 0..20 {
        app.update();
        let now = log_len(app.world(), fight);
        assert_eq!(
            app.world().resource::<Seen>().0.last(),
            Some(&now),
            "frame {frame}: the render system drew the log as the step left it"
        );
    }
    assert!(log_len(app.world(), fight) > 0, "the fight was played");
}

#[test]
fn a_paused_virtual_clock_plays_no_action_and_resuming_it_plays_on() {
    for run in [
        FrayRunMode::EveryUpdate,
        FrayRunMode::FixedTimestep(Duration::from_millis(10)),
    ] {
        let mut app = App::new();
        app.add_plugins((
            TimePlugin,
            FrayPlugins {
                run,
                ..Default::default()
            },
        ))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            20,
        )));
        let mut app = ready(app);
        let fight = fight(&mut app, &EncounterSettings::logged(5));
        let spawned = log_len(app.world(), fight);
        app.world_mut().resource_mut::<Time<Virtual>>().pause();
        for _ in 0..20 {
            app.update();
        }
        assert_eq!(
            log_len(app.world(), fight),
            spawned,
            "{run:?}: nothing happens while the game's clock is paused"
        );
        app.world_mut().resource_mut::<Time<Virtual>>().unpause();
        for _ in 0..20 {
            app.update();
        }
        assert!(
            log_len(app.world(), fight) > spawned,
            "{run:?}: the fight plays once the clock runs"
        );
    }
}

#[test]
fn the_step_runs_in_fixed_update_on_the_fixed_clock() {
    let mut app = App::new();
    app.add_plugins((
        TimePlugin,
        FrayPlugins {
            step: StepMode::OneAction,
            ..FrayPlugins::new(FixedUpdate)
        },
    ))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        50,
    )))
    .init_resource::<Seen>()
    .add_systems(FixedUpdate, render.after(FraySet::Step));
    let mut app = ready(app);
    let fight = fight(&mut app, &EncounterSettings::logged(5));
    app.insert_resource(Fight(fight));
    for _ in 0..10 {
        app.update();
    }
    let seen = &app.world().resource::<Seen>().0;
    assert!(
        seen.len() > 10,
        "FixedUpdate ran several times a frame ({} runs in 10 frames)",
        seen.len()
    );
    assert_eq!(seen.last(), Some(&log_len(app.world(), fight)));
    assert!(
        seen.windows(2).all(|w| w[0] <= w[1]) && seen[seen.len() - 1] > seen[0],
        "the log grew step by step: {seen:?}"
    );
}

/// Requests the game sent, and answers it read.
#[derive(Resource, Default)]
struct Exchange {
    frame: u32,
    sent: u32,
    answered: u32,
    /// The decisions already asked about: (actor, kind, actions played when it was asked).
    asked: Vec<(Entity, DecisionKind, u32)>,
}

const PLAYER: PlayerId = PlayerId(1);

/// The game: every frame it may answer the heroes' pending decisions (each decision once, on
/// a frame that moves round the four-frame cycle), and it steps the fight only every fourth
/// frame, as a game does when it waits for its animations to end.
fn play(world: &mut World) {
    let fight = world.resource::<Fight>().0;
    let mut exchange = world.remove_resource::<Exchange>().unwrap();
    let actions = world.get::<Encounter>(fight).unwrap().actions();
    for decision in decisions(world, fight) {
        let key = (decision.actor, decision.kind, actions);
        if decision.controller != Controller::External(PLAYER)
            || exchange.asked.contains(&key)
            || exchange.frame % 4 != exchange.sent % 4
        {
            continue;
        }
        let intent = if decision.kind == DecisionKind::Reaction {
            Intent::Pass
        } else {
            decision.options[0].intent
        };
        world.write_message(ActionRequest {
            actor: decision.actor,
            controller: PLAYER,
            intent,
        });
        exchange.asked.push(key);
        exchange.sent += 1;
    }
    if exchange.frame % 4 == 3 {
        fray::core::drive::tick(world);
    }
    exchange.frame += 1;
    world.insert_resource(exchange);
}

fn answers(
    heroes: Query<&Controller>,
    mut resolved: MessageReader<ActionResolved>,
    mut rejected: MessageReader<ActionRejected>,
    mut exchange: ResMut<Exchange>,
) {
    let ours = |e: Entity| {
        heroes
            .get(e)
            .is_ok_and(|c| *c == Controller::External(PLAYER))
    };
    let answered = resolved.read().filter(|r| ours(r.actor)).count()
        + rejected.read().filter(|r| ours(r.actor)).count();
    exchange.answered += u32::try_from(answered).unwrap();
}

#[test]
fn every_request_is_answered_when_the_game_steps_every_fourth_frame() {
    let mut app = App::new();
    app.add_plugins(FrayPlugins {
        run: FrayRunMode::Manual,
        step: StepMode::OneAction,
        ..Default::default()
    })
    .init_resource::<Exchange>()
    .add_systems(Update, (play, answers).chain().after(FraySet::Collect));
    let mut app = ready(app);
    let settings =
        EncounterSettings::logged(5).with_controller("Heroes", Controller::External(PLAYER));
    let fight = fight(&mut app, &settings);
    app.insert_resource(Fight(fight));
    for _ in 0..4_000 {
        app.update();
        if app.world().get::<Encounter>(fight).unwrap().is_over() {
            break;
        }
    }
    // One more cycle reads the answers of the last step.
    for _ in 0..4 {
        app.update();
    }
    let exchange = app.world().resource::<Exchange>();
    assert!(
        exchange.sent > 5,
        "the heroes were asked ({})",
        exchange.sent
    );
    assert_eq!(
        exchange.answered, exchange.sent,
        "every request was resolved or rejected"
    );
    assert!(
        app.world().get::<Encounter>(fight).unwrap().is_over(),
        "no decision stayed pending: the fight ended"
    );
}
