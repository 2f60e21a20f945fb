//! A fight's replay: its event JSON (what `fray run --format json` writes) and what the page
//! needs that the log does not say: the map's regions and links, and every combatant and
//! battle-wide gauge as the fight starts. The page computes each step's state from the
//! events alone.

use bevy_ecs::prelude::{Entity, World};
use fray_core::client;
use fray_core::gauge::Gauge;
use fray_core::prelude::*;
use fray_sim::engine::Engine;
use fray_sim::record::RunRecord;
use fray_sim::single::{names_line, spawn_one};
use serde_json::{Value, json};

/// The version of a replay's data layout (`docs/replay.md`): raised whenever a field changes
/// meaning or goes away.
pub(crate) const REPLAY_SCHEMA: u32 = 1;

/// A fight as it starts: read after it is spawned, before it plays.
pub(crate) struct Start(Value);

impl Start {
    /// Reads the map, the combatants and the battle-wide gauges of fight `encounter`, not yet
    /// played, in `world`.
    pub(crate) fn read(world: &World, encounter: Entity) -> Self {
        let map = world
            .get::<EncounterMap>(encounter)
            .map(|map| {
                map.ids()
                    .map(|r| {
                        json!({
                            "name": map.name(r),
                            "links": map.neighbours(r).iter().map(|n| n.0).collect::<Vec<_>>(),
                        })
                    })
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default();
        let combatants = world
            .get::<Roster>(encounter)
            .map(|roster| {
                roster
                    .entries
                    .iter()
                    .map(|entry| {
                        let c = world.get_entity(entry.entity).ok();
                        let hp = c.and_then(|c| c.get::<Hp>()).copied();
                        json!({
                            "hp": hp.map_or(0, |h| h.current),
                            "max_hp": hp.map_or(0, |h| h.max),
                            "temp_hp": hp.map_or(0, |h| h.temp),
                            "region": c.and_then(|c| c.get::<InRegion>()).map(|r| r.0.0),
                            "status": c
                                .and_then(|c| c.get::<Status>())
                                .map_or(Value::Null, |s| serde_json::to_value(s).unwrap_or_default()),
                            "budget": gauges(&client::budget(world, entry.entity)),
                        })
                    })
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default();
        Self(json!({
            "map": map,
            "combatants": combatants,
            "gauges": gauges(&client::battle_gauges(world, encounter)),
        }))
    }
}

/// Gauges as the page shows them.
fn gauges(gauges: &[Gauge]) -> Value {
    gauges
        .iter()
        .map(|g| json!({"name": g.name, "value": g.value, "max": g.max, "text": g.text}))
        .collect()
}

/// What a replay is titled and how it is made again.
pub(crate) struct Heading {
    /// The encounter's name.
    pub title: String,
    /// The encounter's id.
    pub encounter: String,
    /// The run's seed.
    pub seed: u64,
    /// The command that plays the same fight (`fray run ... --seed S`).
    pub command: String,
}

/// The replay of fight `encounter` in `world`, played from `start`: its heading, its start and
/// its log as event JSON, in the lines `fray run --format json` writes (names, events,
/// record).
pub(crate) fn replay(world: &World, encounter: Entity, start: Start, heading: &Heading) -> Value {
    let parse = |line: &str| serde_json::from_str::<Value>(line).unwrap_or(Value::Null);
    let names = names_line(world, encounter).map_or(Value::Null, |n| parse(&n));
    let events: Vec<Value> = world
        .get::<CombatLog>(encounter)
        .map(|log| log.to_event_lines().lines().map(parse).collect())
        .unwrap_or_default();
    let record = RunRecord::read(world, encounter, 0, heading.seed)
        .and_then(|r| serde_json::to_value(r).ok())
        .unwrap_or(Value::Null);
    json!({
        "schema": REPLAY_SCHEMA,
        "title": heading.title,
        "encounter": heading.encounter,
        // A string: a script's numbers hold 53 bits, a seed 64.
        "seed": heading.seed.to_string(),
        "command": heading.command,
        "start": start.0,
        "log": {"names": names, "events": events, "record": record},
    })
}

/// Plays `encounter` once with `settings` (the log on) and returns its replay: the path
/// `fray run` takes.
pub(crate) fn play_replay(
    engine: &Engine,
    encounter: &str,
    settings: &EncounterSettings,
    heading: &Heading,
) -> Result<Value, String> {
    let mut fight = spawn_one(engine, encounter, settings).map_err(|e| e.to_string())?;
    let start = Start::read(fight.app.world(), fight.encounter);
    fight.play();
    Ok(replay(fight.app.world(), fight.encounter, start, heading))
}

/// The `fray run` command that plays the fight of `seed` again: the encounter as given, its
/// overrides and the AI given.
pub(crate) fn run_command(
    encounter: &str,
    overrides: &crate::overrides::Overrides,
    ai: &[String],
    seed: u64,
) -> String {
    let word = crate::adhoc::shell_word;
    let mut command = format!("fray run {}", word(encounter));
    if let Some(ruleset) = &overrides.ruleset {
        command.push_str(&format!(" --ruleset {}", word(ruleset)));
    }
    for option in &overrides.options {
        command.push_str(&format!(" --option {}", word(option)));
    }
    if let Some(rounds) = overrides.max_rounds {
        command.push_str(&format!(" --max-rounds {rounds}"));
    }
    for given in ai {
        command.push_str(&format!(" --ai {}", word(given)));
    }
    command.push_str(&format!(" --seed {seed}"));
    command
}
