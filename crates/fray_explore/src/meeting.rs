//! Monsters met on the way, waiting to be played out (reaction, evasion or a fight).

use bevy_ecs::entity::{EntityMapper, MapEntities};
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::expedition::{Expedition, ExpeditionState};
use crate::fight::{FightExt, FightSetup, Fighting, Foes};
use crate::log::{ExpeditionLog, ExploreEvent};
use crate::time::Clock;
use crate::time::GameTime;

/// Where a meeting came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MeetingSource {
    /// A wandering-monster check came up.
    Wandering,
    /// The party entered an area where monsters live.
    Stocked,
}

impl MeetingSource {
    /// A short name for logs and reports.
    pub fn label(self) -> &'static str {
        match self {
            Self::Wandering => "wandering",
            Self::Stocked => "placed",
        }
    }
}

/// Monsters met: when, from where, how far off, who they are and where they live.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meeting {
    /// The expedition's clock when they were met.
    pub at: GameTime,
    /// Why they were met.
    pub source: MeetingSource,
    /// How far off they are, in feet (0 when the ruleset rolls it as the fight opens).
    pub distance_ft: u32,
    /// Who they are (empty when nothing says: no wandering table for the level).
    pub foes: Vec<Foes>,
    /// The area they live in, for placed monsters (beating them clears it).
    pub area: Option<Entity>,
}

impl MapEntities for Meeting {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        self.area.map_entities(mapper);
    }
}

/// The meetings of an expedition, oldest first: those not yet played out, and how many were
/// met so far, by source, for statistics.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meetings {
    /// Met and not yet played out.
    #[entities]
    pub pending: Vec<Meeting>,
    /// How many were met, in all.
    pub total: u32,
    /// How many of them were wandering monsters.
    pub wandering: u32,
}

/// The expeditions marked with `M` (a ruleset's marker) that are under way, not fighting, and
/// have a meeting waiting: a ruleset's meeting system plays out the first of each.
pub fn ready_to_meet<M: Component>(world: &mut World) -> Vec<Entity> {
    let mut query =
        world.query_filtered::<(Entity, &Expedition, &Meetings, Has<Fighting>), With<M>>();
    query
        .iter(world)
        .filter(|(_, e, m, fighting)| {
            e.state == ExpeditionState::Underway && !fighting && !m.pending.is_empty()
        })
        .map(|(e, ..)| e)
        .collect()
}

/// Plays out `expedition`'s oldest waiting meeting as the fight `setup` builds from it; a
/// meeting with nobody in it is dropped, and a fight that cannot start is noted in the log.
pub fn fight_next_meeting(
    world: &mut World,
    expedition: Entity,
    setup: impl FnOnce(&mut World, Meeting) -> FightSetup,
) {
    let meeting = match world.get_mut::<Meetings>(expedition) {
        Some(mut m) if !m.pending.is_empty() => m.pending.remove(0),
        _ => return,
    };
    if meeting.foes.is_empty() {
        return;
    }
    let setup = setup(world, meeting);
    if let Err(e) = world.start_fight_with(expedition, setup) {
        let at = world
            .get::<Clock>(expedition)
            .map(Clock::elapsed)
            .unwrap_or_default();
        if let Some(mut log) = world.get_mut::<ExpeditionLog>(expedition) {
            log.record(at, || ExploreEvent::NoFight {
                reason: e.to_string(),
            });
        }
    }
}

/// A meeting system for a ruleset with no procedure of its own before blows (no reaction
/// roll, no evasion): each expedition marked with `M` that is ready to meet fights its oldest
/// waiting meeting, a turn at a time, on the default map. Add it to the
/// [`Meet`](crate::schedule::ExploreSystems::Meet) phase with
/// [`ExploreAppExt::add_procedure_systems`](crate::procedure::ExploreAppExt::add_procedure_systems).
pub fn fight_meetings<M: Component>(world: &mut World) {
    for expedition in ready_to_meet::<M>(world) {
        fight_next_meeting(world, expedition, |_, meeting| FightSetup {
            foes: meeting.foes.clone(),
            meeting: Some(meeting),
            ..FightSetup::default()
        });
    }
}

impl Meetings {
    /// Notes a new meeting.
    pub fn meet(&mut self, meeting: Meeting) {
        if meeting.source == MeetingSource::Wandering {
            self.wandering = self.wandering.saturating_add(1);
        }
        self.pending.push(meeting);
        self.total = self.total.saturating_add(1);
    }
}
