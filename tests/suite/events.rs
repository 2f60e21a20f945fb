//! Events to animate from: each log entry about a combatant triggers the same kind of event
//! in every ruleset.

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray::core::events::{Attacked, Damaged, FightEnded, StatusChanged, TurnStarted};
use fray::prelude::*;

/// What the observers saw.
#[derive(Resource, Default, Debug)]
struct Seen {
    attacks: usize,
    hits: usize,
    damage: i64,
    statuses: usize,
    turns: usize,
    ended: usize,
}

fn app() -> App {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap();
    let mut app = App::new();
    app.add_plugins(FrayPlugins::default())
        .insert_resource(Content(content))
        .init_resource::<Seen>()
        .add_observer(|a: On<Attacked>, mut seen: ResMut<Seen>| {
            seen.attacks += 1;
            seen.hits += usize::from(a.hit);
        })
        .add_observer(|d: On<Damaged>, mut seen: ResMut<Seen>| {
            seen.damage += i64::from(d.amount);
        })
        .add_observer(|_: On<StatusChanged>, mut seen: ResMut<Seen>| seen.statuses += 1)
        .add_observer(|_: On<TurnStarted>, mut seen: ResMut<Seen>| seen.turns += 1)
        .add_observer(|_: On<FightEnded>, mut seen: ResMut<Seen>| seen.ended += 1);
    app.finish();
    app.cleanup();
    app
}

#[test]
fn observers_see_every_attack_damage_status_and_turn_of_every_ruleset() {
    for encounter in [
        "archmage-bridge",
        "oho-barrow-wight",
        "bx-goblin-cave",
        "dr-ford",
        "l5-barrow",
    ] {
        let mut app = app();
        let fight = app
            .world_mut()
            .spawn_encounter(encounter, &EncounterSettings::logged(3))
            .unwrap();
        for _ in 0..10_000 {
            app.update();
            if app.world().get::<Encounter>(fight).unwrap().is_over() {
                break;
            }
        }
        app.update();
        let log = app.world().get::<CombatLog>(fight).unwrap().entries();
        let count = |f: fn(&LogEvent) -> bool| log.iter().filter(|e| f(&e.event)).count();
        let attacks = count(|e| matches!(e, LogEvent::Attack { .. }));
        let hits = count(|e| matches!(e, LogEvent::Attack { hit: true, .. }));
        let damage: i64 = log
            .iter()
            .map(|e| match e.event {
                LogEvent::Damage { amount, .. } => i64::from(amount),
                _ => 0,
            })
            .sum();
        let seen = app.world().resource::<Seen>();
        assert!(damage > 0, "{encounter}: someone was hurt");
        assert!(attacks > 0, "{encounter}: the log records its attacks");
        assert_eq!(seen.attacks, attacks, "{encounter}: an event per attack");
        assert_eq!(seen.hits, hits, "{encounter}");
        assert_eq!(seen.damage, damage, "{encounter}: an event per damage");
        assert_eq!(
            seen.statuses,
            count(|e| matches!(e, LogEvent::StatusChanged { .. })),
            "{encounter}"
        );
        assert_eq!(
            seen.turns,
            count(|e| matches!(e, LogEvent::TurnStarted { .. })),
            "{encounter}"
        );
        assert_eq!(seen.ended, 1, "{encounter}: the end is announced once");
    }
}

#[test]
fn a_quiet_fight_triggers_no_event() {
    let mut app = app();
    let fight = app
        .world_mut()
        .spawn_encounter("archmage-bridge", &EncounterSettings::quiet(3))
        .unwrap();
    for _ in 0..100 {
        app.update();
    }
    assert!(app.world().get::<Encounter>(fight).unwrap().actions() > 0);
    assert_eq!(app.world().resource::<Seen>().attacks, 0);
}
