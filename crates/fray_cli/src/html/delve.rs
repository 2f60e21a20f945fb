//! An expedition's page (`fray delve --html`): its log as a timeline with the clock, the party
//! at the end, and each of its fights as a replay.

use bevy_ecs::prelude::{Entity, World};
use fray_core::drive::{MAX_TICKS_PER_RUN, run_until_blocked};
use fray_core::prelude::Encounter;
use fray_explore::drive::{any_underway, explore_turn};
use fray_explore::fight::FightExt;
use fray_explore::fighting::Fighting;
use fray_explore::log::ExploreEntry;
use fray_explore::report::DelveSummary;
use fray_explore::time::GameTime;
use serde_json::{Value, json};

use super::replay::{Heading, Start, replay};

/// The version of an expedition page's data layout (`docs/replay.md`).
pub(crate) const DELVE_PAGE_SCHEMA: u32 = 1;

/// The page data of one expedition: its entries (with the clock and the text the narration
/// prints) and its summary.
pub(crate) fn delve_data(
    title: &str,
    seed: u64,
    command: &str,
    entries: &[ExploreEntry],
    summary: &DelveSummary,
    clock: fn(GameTime) -> String,
    fights: Vec<Value>,
) -> Value {
    let entries: Vec<Value> = entries
        .iter()
        .map(|entry| {
            json!({
                "clock": clock(entry.at),
                "text": entry.event.text(),
                "event": serde_json::to_value(&entry.event).unwrap_or(Value::Null),
            })
        })
        .collect();
    json!({
        "schema": DELVE_PAGE_SCHEMA,
        "title": title,
        // A string: a script's numbers hold 53 bits, a seed 64.
        "seed": seed.to_string(),
        "command": command,
        "entries": entries,
        "summary": serde_json::to_value(summary).unwrap_or(Value::Null),
        "fights": fights,
    })
}

/// The fights of an expedition played with their replays kept: its turns played as
/// [`run_expeditions`](fray_explore::drive::run_expeditions) plays them (a turn, then its
/// fights on the combat tick, then written back), each fight read as it starts and once over,
/// before it is written back and despawned.
pub(crate) struct FightReplays {
    /// The expedition's name, for the fights' titles.
    title: String,
    /// The command that plays the expedition again.
    command: String,
    /// Fights under way: their encounter and how they started.
    started: Vec<(Entity, Start)>,
    /// The replays of the fights over, in the order they ended.
    replays: Vec<Value>,
}

impl FightReplays {
    /// Keeps the fights of expedition `title`, which `command` plays again.
    pub(crate) fn new(title: &str, command: &str) -> Self {
        Self {
            title: title.to_string(),
            command: command.to_string(),
            started: Vec::new(),
            replays: Vec::new(),
        }
    }

    /// Plays at most `max_turns` turns while an expedition is under way, as
    /// `run_expeditions` does, keeping every fight's replay; returns the turns played.
    pub(crate) fn run(&mut self, world: &mut World, max_turns: u32) -> u32 {
        let mut played = 0;
        while played < max_turns && any_underway(world) {
            explore_turn(world);
            self.settle(world);
            played += 1;
        }
        played
    }

    /// `settle_fights`, with each fight read as it starts and once it is over.
    fn settle(&mut self, world: &mut World) {
        let mut query = world.query::<(Entity, &Fighting)>();
        let fighting: Vec<(Entity, Entity)> =
            query.iter(world).map(|(e, f)| (e, f.encounter)).collect();
        if fighting.is_empty() {
            return;
        }
        for (_, encounter) in &fighting {
            if !self.started.iter().any(|(e, _)| e == encounter) {
                self.started
                    .push((*encounter, Start::read(world, *encounter)));
            }
        }
        let over = |world: &World, encounter: Entity| {
            world
                .get::<Encounter>(encounter)
                .is_none_or(Encounter::is_over)
        };
        if fighting.iter().any(|(_, enc)| !over(world, *enc)) {
            run_until_blocked(world, MAX_TICKS_PER_RUN);
        }
        for (expedition, encounter) in fighting {
            if over(world, encounter)
                && let Some(at) = self.started.iter().position(|(e, _)| *e == encounter)
            {
                let (_, start) = self.started.swap_remove(at);
                let heading = Heading {
                    title: format!("{}: fight {}", self.title, self.replays.len() + 1),
                    encounter: world
                        .get::<Encounter>(encounter)
                        .map(|e| e.id.clone())
                        .unwrap_or_default(),
                    seed: world.get::<Encounter>(encounter).map_or(0, |e| e.seed),
                    command: self.command.clone(),
                };
                self.replays.push(replay(world, encounter, start, &heading));
            }
            // What `settle_fights` does with each: a fight over is written back; one waiting
            // on a controller is refused and stays.
            let _ = world.end_fight(expedition);
        }
    }

    /// The replays of the fights over, in the order they ended.
    pub(crate) fn into_replays(self) -> Vec<Value> {
        self.replays
    }
}
