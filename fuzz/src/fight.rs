//! The app the `content` target fights every input's content in: built once per thread and
//! reused, each fight cleared out of it after its input.

use std::sync::Arc;

use bevy_app::App;
use bevy_ecs::prelude::*;
use fray::content::db::ContentDb;
use fray::prelude::*;

/// An app with every ruleset, stepped by hand (and empty content, for the caller to replace).
pub fn fight_app() -> App {
    let mut app = App::new();
    app.add_plugins(FrayPlugins {
        run: FrayRunMode::Manual,
        ..Default::default()
    })
    .insert_resource(Content(Arc::new(ContentDb::default())));
    app.finish();
    app.cleanup();
    app
}

/// Clears every fight out of `world`, for the next input to start from a world without it:
/// encounters, regions and combatants despawned, requests and answers dropped, and the
/// messages their removals wrote rotated out (only `App::update` does that, and a world
/// stepped by hand never runs it: they would pile up, input after input).
pub fn clear_fights(world: &mut World) {
    let spawned: Vec<Entity> = world
        .query_filtered::<Entity, Or<(
            With<Encounter>,
            With<fray::core::region::Region>,
            With<InEncounter>,
        )>>()
        .iter(world)
        .collect();
    for entity in spawned {
        world.despawn(entity);
    }
    fray::core::drive::clear_messages(world);
    // Removal messages are double-buffered: two rotations drop them all.
    world.clear_trackers();
    world.clear_trackers();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The messages of removed components `world` holds.
    fn removal_messages(world: &World) -> usize {
        world
            .removed_components()
            .iter()
            .map(|(_, messages)| messages.len())
            .sum()
    }

    /// The content target's campaign grew by about 4 KB for every input it fought (300 MB in
    /// 2 million inputs; libFuzzer stops a run at 2 GB): its reused app kept the message of
    /// every component its cleared fights removed.
    #[test]
    fn fights_cleared_out_of_a_reused_app_leave_no_removal_messages() {
        let Ok(content) = fray::content::builtin() else {
            panic!("the built-in content does not load");
        };
        let ids: Vec<String> = content.encounters().map(|e| e.id.clone()).collect();
        let mut app = fight_app();
        let world = app.world_mut();
        world.insert_resource(Content(content.clone()));
        for (seed, id) in ids.iter().enumerate() {
            let spawned = world.spawn_encounter(id, &EncounterSettings::logged(seed as u64));
            assert!(spawned.is_ok(), "{id}: {spawned:?}");
            fray::core::drive::run_until_blocked(world, 64);
            clear_fights(world);
            assert_eq!(removal_messages(world), 0, "after {id}");
            let left = world
                .query_filtered::<(), Or<(With<Encounter>, With<InEncounter>)>>()
                .iter(world)
                .count();
            assert_eq!(left, 0, "after {id}");
        }
    }
}
