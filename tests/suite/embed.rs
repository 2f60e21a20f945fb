//! Fray inside a game's own App: other plugins and systems beside it, external control.

use bevy_app::prelude::*;
use bevy_ecs::message::Messages;
use bevy_ecs::prelude::*;
use fray::prelude::*;

#[derive(Resource, Default)]
struct Ticks(u32);

struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Ticks>()
            .add_systems(Update, |mut t: ResMut<Ticks>| t.0 += 1);
    }
}

fn app() -> App {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap();
    let mut app = App::new();
    app.add_plugins((GamePlugin, FrayPlugins::default()))
        .insert_resource(Content(content));
    app.finish();
    app.cleanup();
    app
}

#[test]
fn core02_a_request_from_the_wrong_controller_is_rejected_and_changes_nothing() {
    let mut app = app();
    let settings =
        EncounterSettings::logged(3).with_controller("Heroes", Controller::External(PlayerId(1)));
    let fight = app
        .world_mut()
        .spawn_encounter("archmage-bridge", &settings)
        .unwrap();
    // Play until a hero must decide.
    let mut decision = None;
    for _ in 0..100 {
        app.update();
        decision = fray::core::client::decisions(app.world(), fight)
            .into_iter()
            .find(|d| d.kind == DecisionKind::Turn);
        if decision.is_some() {
            break;
        }
        // Pass on reactions offered to the heroes.
        for d in fray::core::client::decisions(app.world(), fight) {
            app.world_mut().write_message(ActionRequest {
                actor: d.actor,
                controller: PlayerId(1),
                intent: Intent::Pass,
            });
        }
    }
    let decision = decision.expect("a hero gets a turn");
    let before = fray_testkit::conformance::state(app.world_mut(), fight);
    let intent = decision.options[0].intent;
    app.world_mut().write_message(ActionRequest {
        actor: decision.actor,
        controller: PlayerId(2),
        intent,
    });
    app.update();
    let messages = app.world().resource::<Messages<ActionRejected>>();
    let rejected: Vec<_> = messages.get_cursor().read(messages).cloned().collect();
    assert_eq!(rejected.len(), 1);
    assert_eq!(rejected[0].reason, RejectReason::NotYourCombatant);
    assert_eq!(
        before,
        fray_testkit::conformance::state(app.world_mut(), fight)
    );
    // The game's own systems ran beside Fray's all along.
    assert!(app.world().resource::<Ticks>().0 >= 2);
}

#[test]
fn an_embedded_fight_runs_to_the_end_one_action_per_update() {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap();
    let mut app = App::new();
    app.add_plugins((
        GamePlugin,
        FrayPlugins {
            step: StepMode::OneAction,
            ..Default::default()
        },
    ))
    .insert_resource(Content(content));
    app.finish();
    app.cleanup();
    let fight = app
        .world_mut()
        .spawn_encounter("archmage-bridge", &EncounterSettings::logged(9))
        .unwrap();
    let mut updates = 0;
    while !app.world().get::<Encounter>(fight).unwrap().is_over() {
        let actions = app.world().get::<Encounter>(fight).unwrap().actions();
        app.update();
        updates += 1;
        let now = app.world().get::<Encounter>(fight).unwrap().actions();
        assert!(
            now <= actions + 8,
            "one action (with its reactions) per update at most"
        );
        assert!(updates < 20_000);
    }
    assert!(
        updates > 20,
        "the fight was animated over many updates ({updates})"
    );
    assert_eq!(app.world().resource::<Ticks>().0, updates);
}
