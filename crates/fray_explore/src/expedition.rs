//! The expedition entity: its ruleset, its own seeded dice, its clock, its log and its party.

use bevy_ecs::prelude::*;
use fray_core::rng::{EncounterRng, derive_seed};
use fray_dice::DieSource;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::activity::{Activity, CurrentActivity, Plan};
use crate::fight::FightCount;
use crate::light::{Light, LightKind};
use crate::log::{ExpeditionLog, ExploreEvent};
use crate::meeting::Meetings;
use crate::party::{Afflictions, Character, Member, Party, Supplies, Vitals};
use crate::procedure::Procedures;
use crate::time::{Clock, GameTime};

/// An expedition: who set out, in which ruleset, and whether it is still under way.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Expedition {
    /// Its id (an expedition file's id, later).
    pub id: String,
    /// The ruleset whose procedures it follows.
    pub ruleset: String,
    /// The seed it was spawned with.
    pub seed: u64,
    /// Under way or ended.
    pub state: ExpeditionState,
}

/// Whether an expedition goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExpeditionState {
    /// Turns are still being played.
    Underway,
    /// It is over.
    Ended(Ending),
}

/// How an expedition ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// The plan ran out: every planned activity was done.
    PlanDone,
    /// Every member is dead.
    PartyDead,
    /// Nobody is left standing: every living member is down, with nobody to carry them out.
    PartyDown,
    /// The party left the dungeon when its plan was done.
    Returned,
    /// The party turned back early (its policy said so) and left the dungeon.
    TurnedBack,
    /// The party came home to the wilderness's starting site when its plan was done.
    Journeyed,
    /// The party's vessel was wrecked or sank.
    Wrecked,
    /// The expedition ran out of turns (the expedition file's `max_turns`) before it ended.
    OutOfTime,
}

impl Ending {
    /// A short description for logs.
    pub fn label(self) -> &'static str {
        match self {
            Self::PlanDone => "the plan is done",
            Self::PartyDead => "the whole party is dead",
            Self::PartyDown => "nobody is left standing",
            Self::Returned => "the party is back out of the dungeon",
            Self::TurnedBack => "the party turned back and is out of the dungeon",
            Self::Journeyed => "the party is home from its journey",
            Self::Wrecked => "the party's vessel was wrecked",
            Self::OutOfTime => "out of time",
        }
    }
}

/// The expedition's own random stream, apart from those of the fights it spawns (each fight
/// gets its own seed derived from the expedition's, so a fight never disturbs the clock's
/// dice). It is fray_core's portable ChaCha8 stream, saved and scriptable the same way.
#[derive(Component, Debug, Clone, Serialize, Deserialize)]
pub struct ExpeditionRng(pub EncounterRng);

impl ExpeditionRng {
    /// Which stream of the expedition's seed the clock's dice use.
    const STREAM: u64 = 0xE5_E5_E5;

    /// The stream of an expedition spawned with `seed`.
    pub fn for_expedition(seed: u64) -> Self {
        Self(EncounterRng::from_seed(derive_seed(seed, Self::STREAM)))
    }
}

impl DieSource for ExpeditionRng {
    fn roll_die(&mut self, sides: u32) -> u32 {
        self.0.roll_die(sides)
    }
}

/// A ruleset's units of time and light, set on the expedition from its
/// [`Procedure`](crate::procedure::Procedure) when it is spawned.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timekeeping {
    /// One combat round (B/X 10 s, lite5e 6 s).
    pub round: GameTime,
    /// One exploration turn (B/X's 10-minute dungeon turn, lite5e's hourly travel turn).
    pub turn: GameTime,
    /// How long a torch burns.
    pub torch: GameTime,
    /// How long a lantern burns on one flask of oil.
    pub lantern: GameTime,
}

impl Timekeeping {
    /// The timekeeping of a ruleset whose seed gives no exploration time (a ruling each such
    /// ruleset shares): `round`-long combat rounds, 10-minute turns, a torch burning an hour
    /// and a lantern four hours on a flask.
    pub fn untimed(round: GameTime) -> Self {
        Self {
            round,
            turn: GameTime::TURN,
            torch: GameTime::HOUR,
            lantern: GameTime::HOUR.checked_mul(4).unwrap_or(GameTime::HOUR),
        }
    }

    /// How long one torch or one flask of `kind` burns.
    pub fn light_duration(&self, kind: LightKind) -> GameTime {
        match kind {
            LightKind::Torch => self.torch,
            LightKind::Lantern => self.lantern,
        }
    }
}

/// How long the turn being played lasts. Set to the ruleset's turn when the turn starts; the
/// ruleset's activity systems may make it longer (a rest of a day, a search of two turns); the
/// clock moves on by it when the turn ends.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TurnSpan(pub GameTime);

/// Why an expedition or a member could not be spawned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ExploreError {
    /// No procedures are registered for the ruleset.
    #[error("no exploration procedures for ruleset `{0}`: add its explore plugin")]
    UnknownRuleset(String),
    /// The entity is not an expedition.
    #[error("that entity is not an expedition")]
    NotAnExpedition,
    /// A member's name is already taken in the party.
    #[error("the party already has a member named `{0}`")]
    DuplicateMember(String),
    /// The ruleset refused.
    #[error("{0}")]
    Ruleset(String),
    /// No expedition file has this id.
    #[error("no expedition `{0}` in the content")]
    UnknownExpedition(String),
    /// No dungeon file has this id.
    #[error("no dungeon `{0}` in the content")]
    UnknownDungeon(String),
    /// No wilderness file has this id.
    #[error("no wilderness `{0}` in the content")]
    UnknownWilderness(String),
    /// The expedition file names neither a dungeon nor a wilderness (or both).
    #[error("expedition `{0}` must name a dungeon or a wilderness")]
    NoPlace(String),
}

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
            Member(expedition),
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
