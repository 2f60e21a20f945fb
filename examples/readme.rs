//! The README's embedding example, kept compiling and running by CI: a Bevy app with Fray's
//! plugins, one fight with the heroes played from code, the answers to every request read
//! back, and errors printed in words.

use bevy_app::prelude::*;
use bevy_ecs::message::{MessageCursor, Messages};
use fray::prelude::*;

fn main() {
    if let Err(e) = play() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

fn play() -> Result<(), Box<dyn std::error::Error>> {
    // The built-in content, found from this crate's folder (not the current directory).
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content"))?;
    let mut app = App::new();
    app.add_plugins(FrayPlugins::default()) // core + AI + every ruleset
        .insert_resource(Content(content));
    app.finish();
    app.cleanup();
    let player = PlayerId(1);
    let settings =
        EncounterSettings::logged(7).with_controller("Heroes", Controller::External(player));
    let fight = app
        .world_mut()
        .spawn_encounter("archmage-bridge", &settings)?;
    let mut resolved = MessageCursor::<ActionResolved>::default();
    let mut rejected = MessageCursor::<ActionRejected>::default();
    let mut actions = 0;
    while !app
        .world()
        .get::<Encounter>(fight)
        .is_some_and(Encounter::is_over)
    {
        app.update(); // runs until the player must decide
        // Every request is answered: resolved, or rejected with a reason.
        actions += resolved
            .read(app.world().resource::<Messages<ActionResolved>>())
            .count();
        for r in rejected.read(app.world().resource::<Messages<ActionRejected>>()) {
            println!("rejected: {}", r.reason);
        }
        for decision in fray::core::client::decisions(app.world(), fight) {
            // decision.options: every legal intent with its cost and an exact preview;
            // this player takes the likeliest damage.
            let best = decision.options.iter().max_by(|a, b| {
                a.preview
                    .expected_damage
                    .total_cmp(&b.preview.expected_damage)
            });
            let Some(pick) = best.map(|o| o.intent) else {
                continue;
            };
            app.world_mut().write_message(ActionRequest {
                actor: decision.actor,
                controller: player,
                intent: pick,
            });
        }
    }
    let outcome = app
        .world()
        .get::<Encounter>(fight)
        .and_then(|e| e.outcome());
    println!("{actions} actions resolved; outcome: {outcome:?}");
    Ok(())
}
