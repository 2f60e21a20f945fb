//! A Bevy `App` with `FrayPlugins` plays an AI-vs-AI fight to the end, one action per frame,
//! printing the log as it happens - next to a system of the game's own.
//!
//! `cargo run --example embed_app`

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray::prelude::*;

/// The game's own bookkeeping: frames rendered.
#[derive(Resource, Default)]
struct Frames(u32);

/// Which fight to show, and how much of its log was printed.
#[derive(Resource)]
struct Shown {
    encounter: Entity,
    cursor: usize,
}

fn count_frames(mut frames: ResMut<Frames>) {
    frames.0 += 1;
}

/// Prints the log entries that arrived since last frame (a renderer would animate them).
fn print_new_log_entries(
    mut shown: ResMut<Shown>,
    encounters: Query<(&CombatLog, &Roster, &EncounterMap, &Sides)>,
) {
    let Ok((log, roster, map, sides)) = encounters.get(shown.encounter) else {
        return;
    };
    let names = LogNames::new(roster, map, sides);
    for entry in log.since(shown.cursor) {
        println!("[round {}] {}", entry.round, names.describe(&entry.event));
    }
    shown.cursor = log.entries().len();
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content"))?;
    let mut app = App::new();
    app.add_plugins(FrayPlugins {
        step: StepMode::OneAction,
        ..Default::default()
    })
    .init_resource::<Frames>()
    .insert_resource(Content(content))
    .add_systems(
        Update,
        (count_frames, print_new_log_entries.after(count_frames)),
    );
    app.finish();
    app.cleanup();
    let encounter = app
        .world_mut()
        .spawn_encounter("archmage-bridge", &EncounterSettings::logged(11))?;
    app.insert_resource(Shown {
        encounter,
        cursor: 0,
    });
    while !app
        .world()
        .get::<Encounter>(encounter)
        .is_some_and(Encounter::is_over)
    {
        app.update();
        if app.world().resource::<Frames>().0 > 10_000 {
            return Err("the fight did not end in 10 000 frames".into());
        }
    }
    app.update();
    println!(
        "The fight took {} frames, one action each.",
        app.world().resource::<Frames>().0
    );
    Ok(())
}
