//! Spawning the expedition entity (its ruleset, its own seeded dice, its clock, its log and its
//! party) and adding members to it. Its components are defined with what they are
//! ([`expedition_state`](crate::expedition_state), [`rng`](crate::rng),
//! [`timekeeping`](crate::timekeeping), [`error`](crate::error)) and re-exported here.

use bevy_ecs::prelude::*;

use crate::activity::{Activity, CurrentActivity, Plan};
pub use crate::error::ExploreError;
pub use crate::expedition_state::{Expedition, ExpeditionEnding, ExpeditionState};
use crate::fighting::FightCount;
use crate::light::{Light, LightKind};
use crate::log::{ExpeditionLog, ExploreEvent};
use crate::meetings::Meetings;
use crate::party::{Afflictions, Character, MemberOf, Party, Supplies, Vitals};
use crate::procedure::Procedures;
pub use crate::rng::ExpeditionRng;
use crate::time::{Clock, GameTime};
pub use crate::timekeeping::{Timekeeping, TurnSpan};

/// How to spawn an expedition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpeditionSettings {
    /// Its id.
    pub id: String,
    /// The ruleset whose procedures it follows.
    pub ruleset: String,
    /// The seed of its stream.
    pub seed: u64,
    /// Whether to record its log.
    pub log: bool,
    /// The activities to take, one per turn.
    pub plan: Vec<Activity>,
}

/// A party member to add, with what it carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberSpec {
    /// Name and statblock.
    pub character: Character,
    /// Maximum (and starting) hit points.
    pub max_hp: i32,
    /// What it carries.
    pub supplies: Supplies,
    /// The light it sets out with lit, if any (taken from its supplies).
    pub lit: Option<LightKind>,
}

/// Spawning expeditions and their parties into a World.
pub trait SpawnExpeditionExt {
    /// Spawns an expedition with an empty party.
    fn spawn_expedition(&mut self, settings: &ExpeditionSettings) -> Result<Entity, ExploreError>;

    /// Adds a member at the back of the marching order of `expedition`.
    fn add_member(&mut self, expedition: Entity, spec: &MemberSpec)
    -> Result<Entity, ExploreError>;
}

impl SpawnExpeditionExt for World {
    fn spawn_expedition(&mut self, settings: &ExpeditionSettings) -> Result<Entity, ExploreError> {
        let procedure = self
            .get_resource::<Procedures>()
            .and_then(|p| p.get(&settings.ruleset).cloned())
            .ok_or_else(|| ExploreError::UnknownRuleset(settings.ruleset.clone()))?;
        let mut log = ExpeditionLog::new(settings.log);
        log.record(GameTime::ZERO, || ExploreEvent::SetOut {
            expedition: settings.id.clone(),
            ruleset: settings.ruleset.clone(),
        });
        let mut entity = self.spawn((
            Expedition {
                id: settings.id.clone(),
                ruleset: settings.ruleset.clone(),
                seed: settings.seed,
                state: ExpeditionState::Underway,
            },
            ExpeditionRng::for_expedition(settings.seed),
            log,
            Clock::default(),
            procedure.timekeeping(),
            TurnSpan::default(),
            Party::default(),
            Plan(settings.plan.iter().cloned().collect()),
            CurrentActivity::default(),
            Meetings::default(),
            FightCount::default(),
        ));
        match procedure.build_expedition(&mut entity) {
            Ok(()) => Ok(entity.id()),
            Err(e) => {
                entity.despawn();
                Err(e)
            }
        }
    }

    fn add_member(
        &mut self,
        expedition: Entity,
        spec: &MemberSpec,
    ) -> Result<Entity, ExploreError> {
        let timekeeping = self
            .get::<Timekeeping>(expedition)
            .copied()
            .ok_or(ExploreError::NotAnExpedition)?;
        let order = self
            .get::<Party>(expedition)
            .ok_or(ExploreError::NotAnExpedition)?
            .order
            .clone();
        let taken = order.iter().any(|m| {
            self.get::<Character>(*m)
                .is_some_and(|c| c.name == spec.character.name)
        });
        if taken {
            return Err(ExploreError::DuplicateMember(spec.character.name.clone()));
        }
        let mut supplies = spec.supplies;
        let light = match spec.lit {
            Some(kind) => {
                let stock = match kind {
                    LightKind::Torch => &mut supplies.torches,
                    LightKind::Lantern => &mut supplies.oil_flasks,
                };
                match stock.checked_sub(1) {
                    Some(left) => {
                        *stock = left;
                        Some(Light {
                            kind,
                            left: timekeeping.light_duration(kind),
                        })
                    }
                    None => None,
                }
            }
            None => None,
        };
        let mut member = self.spawn((
            MemberOf(expedition),
            spec.character.clone(),
            Vitals::new(spec.max_hp),
            supplies,
            Afflictions::default(),
        ));
        if let Some(light) = light {
            member.insert(light);
        }
        let member = member.id();
        if let Some(mut party) = self.get_mut::<Party>(expedition) {
            party.order.push(member);
        }
        Ok(member)
    }
}
