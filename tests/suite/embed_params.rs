//! A game's systems drive Fray without `World` access: [`FrayClient`] to read, Fray's commands
//! to spawn, request and edit; and their own systems in the combat schedule need no total order.

use bevy_app::prelude::*;
use bevy_ecs::message::{MessageCursor, Messages};
use bevy_ecs::prelude::*;
use bevy_ecs::system::RunSystemOnce;
use fray::core::schedule::own_ambiguities;
use fray::core::spawn::SpawnError;
use fray::prelude::*;

fn app() -> App {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap();
    let mut app = App::new();
    app.add_plugins(FrayPlugins::default())
        .insert_resource(Content(content));
    app
}

fn read<M: Message + Clone>(app: &App) -> Vec<M> {
    let messages = app.world().resource::<Messages<M>>();
    MessageCursor::<M>::default()
        .read(messages)
        .cloned()
        .collect()
}

/// The game's player: answers each of its decisions with the option of most expected damage,
/// reading through `FrayClient` alone, and records what it saw of the combatants.
fn player(client: FrayClient, mut requests: MessageWriter<ActionRequest>, mut seen: ResMut<Seen>) {
    for fight in client.fights() {
        for c in client.combatants(fight) {
            seen.views += 1;
            assert!(c.hp.current <= c.hp.max, "{}", c.name);
        }
        for decision in client.decisions(fight) {
            let Controller::External(player) = decision.controller else {
                continue;
            };
            let best = decision.options.iter().max_by(|a, b| {
                a.preview
                    .expected_damage
                    .total_cmp(&b.preview.expected_damage)
            });
            if let Some(best) = best {
                seen.answered += 1;
                requests.write(ActionRequest {
                    actor: decision.actor,
                    controller: player,
                    intent: best.intent,
                });
            }
        }
    }
}

#[derive(Resource, Default)]
struct Seen {
    answered: usize,
    views: usize,
}

#[test]
fn a_system_with_fray_client_plays_the_player_s_side_to_the_end() {
    let mut app = app();
    app.init_resource::<Seen>()
        .add_systems(Update, player.after(FraySet::Step));
    app.finish();
    app.cleanup();
    let settings =
        EncounterSettings::logged(7).with_controller("Heroes", Controller::External(PlayerId(1)));
    let fight = app
        .world_mut()
        .spawn_encounter("archmage-bridge", &settings)
        .unwrap();
    for _ in 0..5_000 {
        app.update();
        if app.world().get::<Encounter>(fight).unwrap().is_over() {
            break;
        }
    }
    assert!(app.world().get::<Encounter>(fight).unwrap().is_over());
    let seen = app.world().resource::<Seen>();
    assert!(seen.answered > 0 && seen.views > 0);
    assert_eq!(app.world().get::<Encounter>(fight).unwrap().rejections(), 0);
}

#[test]
fn commands_spawn_an_encounter_and_edit_its_combatants_and_say_what_became_of_them() {
    let mut app = app();
    app.finish();
    app.cleanup();
    app.world_mut()
        .run_system_once(|mut commands: Commands| {
            commands.spawn_fray_encounter("archmage-bridge", EncounterSettings::logged(7));
            commands.spawn_fray_encounter("no-such-fight", EncounterSettings::logged(7));
        })
        .unwrap();
    let spawned = read::<EncounterSpawned>(&app);
    assert_eq!(spawned.len(), 2);
    let fight = spawned[0].result.clone().unwrap();
    assert!(
        matches!(spawned[1].result, Err(SpawnError::UnknownEncounter { .. })),
        "{spawned:?}"
    );

    let hero = app
        .world()
        .get::<Roster>(fight)
        .unwrap()
        .entities()
        .next()
        .unwrap();
    app.world_mut()
        .run_system_once(move |mut commands: Commands| {
            commands.edit_combatant(hero, Edit::Damage(2), "trapdoor");
            commands.edit_combatant(hero, Edit::Heal(-1), "a bad potion");
        })
        .unwrap();
    let log = app.world().get::<CombatLog>(fight).unwrap().entries();
    assert!(log.iter().any(|e| matches!(
        &e.event,
        LogEvent::Edited { edit: Edit::Damage(2), why, .. } if why == "trapdoor"
    )));
    let refused = read::<EditRefused>(&app);
    assert_eq!(
        refused,
        vec![EditRefused {
            who: hero,
            edit: Edit::Heal(-1),
            error: EditError::Negative(-1)
        }]
    );
}

#[derive(Resource, Default)]
struct Counter(u32);

fn bump(mut c: ResMut<Counter>) {
    c.0 += 1;
}

fn bump_too(mut c: ResMut<Counter>) {
    c.0 += 10;
}

#[test]
fn the_game_s_unordered_systems_in_the_combat_schedule_run_and_fray_s_own_are_ordered() {
    let mut app = app();
    // Two of the game's systems touching the same resource, in no order: allowed.
    app.init_resource::<Counter>()
        .add_systems(FrayTick, (bump, bump_too).in_set(FraySystems::TurnEnd));
    app.finish();
    app.cleanup();
    assert_eq!(own_ambiguities(app.world_mut()), Vec::<String>::new());
    let all = app
        .world()
        .resource::<Schedules>()
        .get(FrayTick)
        .unwrap()
        .graph()
        .conflicting_systems()
        .0
        .len();
    assert!(all >= 1, "the game's pair is a conflict, just not Fray's");
    app.world_mut()
        .spawn_encounter("archmage-bridge", &EncounterSettings::logged(7))
        .unwrap();
    app.update();
    assert!(app.world().resource::<Counter>().0 > 0);
}

#[test]
fn a_load_says_which_new_entity_stands_for_each_saved_one() {
    let mut app = app();
    app.finish();
    app.cleanup();
    let fight = app
        .world_mut()
        .spawn_encounter("archmage-bridge", &EncounterSettings::logged(7))
        .unwrap();
    fray::core::drive::tick(app.world_mut());
    let saved = save_encounter(app.world(), fight).unwrap();
    let before: Vec<Entity> = app
        .world()
        .get::<Roster>(fight)
        .unwrap()
        .entities()
        .collect();

    let mut second = self::app();
    second.finish();
    second.cleanup();
    // Something of the game's first, so the new entities' ids differ from the saved ones.
    for _ in 0..7 {
        second.world_mut().spawn_empty();
    }
    let loaded = load_encounter_mapped(second.world_mut(), &saved).unwrap();
    assert_eq!(loaded.get(fight), Some(loaded.encounter));
    let after: Vec<Entity> = second
        .world()
        .get::<Roster>(loaded.encounter)
        .unwrap()
        .entities()
        .collect();
    assert_eq!(before.len(), after.len());
    for (old, new) in before.iter().zip(&after) {
        assert_eq!(loaded.get(*old), Some(*new), "combatant {old} is {new} now");
    }
    assert!(loaded.entities.len() > before.len(), "regions too");
}
