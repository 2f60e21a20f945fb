//! One fight, played in full with its log: `fray run`.

use bevy_app::App;
use bevy_ecs::prelude::*;
use fray_core::log_json::EVENTS_SCHEMA;
use fray_core::prelude::*;
use fray_core::spawn::SpawnError;

use crate::engine::Engine;
use crate::record::RunRecord;

/// A finished (or blocked) fight and the app it lives in.
pub struct Fight {
    /// The app.
    pub app: App,
    /// The encounter entity.
    pub encounter: Entity,
}

impl Fight {
    /// The log as text, with names.
    pub fn text_log(&self) -> String {
        self.names()
            .map(|n| n.render(self.log()))
            .unwrap_or_default()
    }

    /// The names behind the log's indices, as one JSON object for the head of a JSON stream:
    /// the event JSON's `schema` version ([`EVENTS_SCHEMA`]), then `sides` by side id,
    /// `combatants` by combatant id (with their side and statblock), and `regions` by region
    /// id. A streaming consumer can label every event from it.
    pub fn json_names(&self) -> Option<String> {
        names_line(self.app.world(), self.encounter)
    }

    /// The log as event JSON lines (`docs/events.md`; see [`fray_core::log_json`]).
    pub fn json_log(&self) -> String {
        self.log().to_event_lines()
    }

    /// The log.
    pub fn log(&self) -> &CombatLog {
        static EMPTY: std::sync::OnceLock<CombatLog> = std::sync::OnceLock::new();
        self.app
            .world()
            .get::<CombatLog>(self.encounter)
            .unwrap_or_else(|| EMPTY.get_or_init(CombatLog::default))
    }

    /// Names to render the log with.
    pub fn names(&self) -> Option<LogNames> {
        let w = self.app.world();
        Some(LogNames::new(
            w.get::<Roster>(self.encounter)?,
            w.get::<EncounterMap>(self.encounter)?,
            w.get::<Sides>(self.encounter)?,
        ))
    }

    /// The outcome, once over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.app.world().get::<Encounter>(self.encounter)?.outcome()
    }

    /// Plays the fight until it ends (or waits on an external controller).
    pub fn play(&mut self) {
        run_until_blocked(self.app.world_mut(), fray_core::drive::MAX_TICKS_PER_RUN);
    }

    /// The run's record (final statuses, HP, damage).
    pub fn record(&self, seed: u64) -> Option<RunRecord> {
        RunRecord::read(self.app.world(), self.encounter, 0, seed)
    }
}

/// The names line of encounter `encounter`'s event JSON (see [`Fight::json_names`]), read
/// from any World that holds it (a fight an expedition plays, say).
pub fn names_line(w: &World, encounter: Entity) -> Option<String> {
    let roster = w.get::<Roster>(encounter)?;
    let sides = w.get::<Sides>(encounter)?;
    let map = w.get::<EncounterMap>(encounter)?;
    let side_names: Vec<&str> = (0..sides.len())
        .filter_map(|s| u8::try_from(s).ok())
        .map(|s| sides.name(SideId(s)))
        .collect();
    let combatants: Vec<serde_json::Value> = roster
        .entries
        .iter()
        .enumerate()
        .map(|(id, e)| {
            serde_json::json!({
                "id": id,
                "name": e.name,
                "side": e.side.0,
                "statblock": e.statblock,
            })
        })
        .collect();
    let regions: Vec<&str> = (0..map.len())
        .filter_map(|r| u16::try_from(r).ok())
        .map(|r| map.name(RegionId(r)))
        .collect();
    let head = serde_json::json!({
        "schema": EVENTS_SCHEMA,
        "names": {
            "sides": side_names,
            "combatants": combatants,
            "regions": regions,
        }
    });
    Some(head.to_string())
}

/// Spawns one fight, not yet played: its World holds the fight as it starts (what a replay
/// shows before the first event), and [`Fight::play`] plays it.
pub fn spawn_one(
    engine: &Engine,
    encounter: &str,
    settings: &EncounterSettings,
) -> Result<Fight, SpawnError> {
    let mut app = engine.app();
    let entity = app.world_mut().spawn_encounter(encounter, settings)?;
    Ok(Fight {
        app,
        encounter: entity,
    })
}

/// Plays one fight with its log on, until it ends (or waits on an external controller).
pub fn play_one(
    engine: &Engine,
    encounter: &str,
    settings: &EncounterSettings,
) -> Result<Fight, SpawnError> {
    let mut fight = spawn_one(engine, encounter, settings)?;
    fight.play();
    Ok(fight)
}
