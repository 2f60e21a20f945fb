//! Fights on the way: an encounter spawned from the party's living members and the monsters
//! met, played by the ruleset on the combat tick, and its results written back to the party.
//!
//! The fight is an ordinary `fray_core` encounter in the same World: the party is one side
//! (its living members, in marching order, spawned from their statblocks and then set to their
//! lasting hit points, then given what else their ruleset carries over through
//! [`Procedure::enter_fight`](crate::procedure::Procedure::enter_fight)), the monsters the other, on the built-in `near-far` map. Its seed is
//! derived from the expedition's seed and the fight's number, so a fight never draws from the
//! expedition's own stream. When it is over, [`FightExt::end_fight`](crate::fight::FightExt::end_fight) writes each member's hit
//! points and death back to its [`Vitals`](crate::party::Vitals) (a member killed is marked
//! with the time, [`DiedAt`](crate::death::DiedAt)) and despawns the encounter: dead stay dead, wounds
//! stay.

use bevy_ecs::prelude::*;
use fray_content::encounter::{
    CombatantSpec, ControllerSpec, EncounterOptions, EncounterSpec, MapRef, SideScale, SideSpec,
};
use fray_core::combatant::{Controller, Hp, Status};
use fray_core::encounter::{Encounter, Roster};
use fray_core::ids::SideId;
use fray_core::outcome::{Ending, Outcome};
use fray_core::rng::derive_seed;
use fray_core::spawn::{EncounterSettings, SpawnEncounterExt, SpawnError};
use thiserror::Error;

use crate::expedition_state::Expedition;
pub use crate::fighting::{FightCount, Fighting};
pub use crate::foes::Foes;
use crate::foes::describe_in;
use crate::log::{ExpeditionLog, ExploreEvent, note};
use crate::meetings::Meeting;
use crate::party::{Character, Life, Party, Vitals};
use crate::place::Stock;
use crate::procedure::Procedures;
use crate::time::Clock;
use crate::treasure::take_treasure;

/// What a fight is spawned with.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FightSetup {
    /// The monsters.
    pub foes: Vec<Foes>,
    /// The encounter's options (the ruleset's, by name: surprise, distance, parley...).
    pub options: EncounterOptions,
    /// The meeting it comes from.
    pub meeting: Option<Meeting>,
    /// The map (default: the built-in `near-far`, the party near and the monsters far).
    pub map: Option<MapRef>,
    /// Controllers instead of the AI, by side name ([`PARTY_SIDE`], [`MONSTER_SIDE`]): a game
    /// or a test that plays a side itself.
    pub controllers: Vec<(String, Controller)>,
}

/// What a finished fight did to the party.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FightResult {
    /// How the encounter ended.
    pub outcome: Option<Outcome>,
    /// Members down but alive after it.
    pub down: Vec<Entity>,
    /// Members killed in it.
    pub killed: Vec<Entity>,
    /// Hit points the party lost in it, in all.
    pub hp_lost: i64,
}

/// Why a fight could not be started or ended; nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FightError {
    /// The entity is not an expedition.
    #[error("that entity is not an expedition")]
    NotAnExpedition,
    /// The expedition is already in a fight.
    #[error("the expedition is already fighting")]
    AlreadyFighting,
    /// The expedition is not in a fight.
    #[error("the expedition is not fighting")]
    NotFighting,
    /// The fight is not over yet.
    #[error("the fight is not over yet")]
    NotOver,
    /// The fight's encounter was despawned before it was written back: the party is left as
    /// it was before the fight, and the expedition is no longer fighting.
    #[error("the fight's encounter is gone; nothing was written back")]
    EncounterGone,
    /// Nobody in the party can fight, or no monster was given.
    #[error("a fight needs a living member and a monster")]
    NoSides,
    /// The encounter could not be spawned.
    #[error(transparent)]
    Spawn(#[from] SpawnError),
}

/// Which stream of the expedition's seed its fights' seeds come from.
const FIGHT_STREAM: u64 = 0xF1_F1_F1;

/// The name of the party's side in its fights.
pub const PARTY_SIDE: &str = "Party";

/// The name of the monsters' side in the party's fights.
pub const MONSTER_SIDE: &str = "Monsters";

/// Starting and ending an expedition's fights.
pub trait FightExt {
    /// Spawns a fight between the living members of `expedition` and `foes`. The World needs
    /// the ruleset's plugin and a `fray_core` [`Content`](fray_core::spawn::Content) resource
    /// holding the members' and foes' statblocks. Play it with the combat tick
    /// (`fray_core::drive`), then call [`FightExt::end_fight`].
    fn start_fight(&mut self, expedition: Entity, foes: &[Foes]) -> Result<Entity, FightError> {
        self.start_fight_with(
            expedition,
            FightSetup {
                foes: foes.to_vec(),
                ..FightSetup::default()
            },
        )
    }

    /// Spawns a fight as [`FightExt::start_fight`] does, with the ruleset's encounter options
    /// (surprise, distance, parley, evasion...) and the meeting it comes from (beating monsters
    /// that live in an area clears it).
    fn start_fight_with(
        &mut self,
        expedition: Entity,
        setup: FightSetup,
    ) -> Result<Entity, FightError>;

    /// Writes a finished fight's results back to the party (a member dead after it is marked
    /// with the expedition's clock, [`DiedAt`](crate::death::DiedAt)) and despawns its encounter.
    fn end_fight(&mut self, expedition: Entity) -> Result<FightResult, FightError>;
}

impl FightExt for World {
    fn start_fight_with(
        &mut self,
        expedition: Entity,
        setup: FightSetup,
    ) -> Result<Entity, FightError> {
        let FightSetup {
            foes,
            options,
            meeting,
            map,
            controllers,
        } = setup;
        if self.get::<Fighting>(expedition).is_some() {
            return Err(FightError::AlreadyFighting);
        }
        let (id, ruleset, seed) = self
            .get::<Expedition>(expedition)
            .map(|e| (e.id.clone(), e.ruleset.clone(), e.seed))
            .ok_or(FightError::NotAnExpedition)?;
        let order = self
            .get::<Party>(expedition)
            .map(|p| p.order.clone())
            .ok_or(FightError::NotAnExpedition)?;
        let fighters: Vec<(Entity, Character, Vitals)> = order
            .into_iter()
            .filter_map(|m| {
                let character = self.get::<Character>(m)?.clone();
                let vitals = *self.get::<Vitals>(m)?;
                vitals.is_up().then_some((m, character, vitals))
            })
            .collect();
        if fighters.is_empty() || foes.iter().all(|f| f.count == 0) {
            return Err(FightError::NoSides);
        }
        let number = self.get::<FightCount>(expedition).map_or(0, |c| c.0);
        let procedure = self
            .get_resource::<Procedures>()
            .and_then(|p| p.get(&ruleset).cloned());
        let spec = EncounterSpec {
            id: format!("{id}:fight-{}", number.saturating_add(1)),
            name: format!("{id}, fight {}", number.saturating_add(1)),
            description: String::new(),
            ruleset,
            map: map.unwrap_or_else(|| MapRef::Named("near-far".into())),
            sides: vec![
                SideSpec {
                    name: PARTY_SIDE.into(),
                    controller: ControllerSpec::default(),
                    combatants: fighters
                        .iter()
                        .map(|(_, c, _)| combatant(&c.statblock, Some(c.name.clone()), 1, "near"))
                        .collect(),
                    scale: SideScale::default(),
                    tactics: Default::default(),
                },
                SideSpec {
                    name: MONSTER_SIDE.into(),
                    controller: ControllerSpec::default(),
                    combatants: foes
                        .iter()
                        .filter(|f| f.count > 0)
                        .map(|f| combatant(&f.statblock, None, f.count, "far"))
                        .collect(),
                    scale: SideScale::default(),
                    tactics: Default::default(),
                },
            ],
            options,
            seed: None,
        };
        let log = self
            .get::<ExpeditionLog>(expedition)
            .is_some_and(ExpeditionLog::enabled);
        let settings = EncounterSettings {
            seed: derive_seed(derive_seed(seed, FIGHT_STREAM), u64::from(number)),
            log,
            controllers,
            ..Default::default()
        };
        let encounter = self.spawn_encounter_spec(&spec, &settings)?;
        let combatants: Vec<Entity> = self
            .get::<Roster>(encounter)
            .map(|r| r.side(SideId(0)).collect())
            .unwrap_or_default();
        let mut members = Vec::with_capacity(fighters.len());
        for ((member, _, vitals), combatant) in fighters.into_iter().zip(combatants) {
            if let Some(mut hp) = self.get_mut::<Hp>(combatant) {
                hp.current = vitals.hp.min(hp.max);
            }
            if let Some(procedure) = &procedure {
                procedure.enter_fight(self, member, combatant);
            }
            members.push((member, combatant));
        }
        let foes = describe_in(self, expedition, &foes);
        note(self, expedition, ExploreEvent::FightStarted { foes });
        self.entity_mut(expedition).insert((
            Fighting {
                encounter,
                members,
                meeting,
            },
            FightCount(number.saturating_add(1)),
        ));
        Ok(encounter)
    }

    fn end_fight(&mut self, expedition: Entity) -> Result<FightResult, FightError> {
        let fighting = self
            .get::<Fighting>(expedition)
            .cloned()
            .ok_or(FightError::NotFighting)?;
        match self.get::<Encounter>(fighting.encounter) {
            Some(encounter) if encounter.is_over() => {}
            Some(_) => return Err(FightError::NotOver),
            None => {
                self.entity_mut(expedition).remove::<Fighting>();
                return Err(FightError::EncounterGone);
            }
        }
        let outcome = self
            .get::<Encounter>(fighting.encounter)
            .and_then(Encounter::outcome);
        let procedure = self.get::<Expedition>(expedition).and_then(|e| {
            self.get_resource::<Procedures>()
                .and_then(|p| p.get(&e.ruleset).cloned())
        });
        let mut result = FightResult {
            outcome,
            ..FightResult::default()
        };
        // The fight's end is logged ahead of what its aftermath logs below: the members'
        // rest, the spoils.
        let first_after = self
            .get::<ExpeditionLog>(expedition)
            .map_or(0, |log| log.entries().len());
        for (member, combatant) in &fighting.members {
            let (Some(hp), Some(status)) = (
                self.get::<Hp>(*combatant).copied(),
                self.get::<Status>(*combatant).copied(),
            ) else {
                continue;
            };
            let Some(mut vitals) = self.get_mut::<Vitals>(*member) else {
                continue;
            };
            result.hp_lost = result
                .hp_lost
                .saturating_add(i64::from(vitals.hp.saturating_sub(hp.current).max(0)));
            vitals.hp = hp.current.min(vitals.max_hp);
            if status == Status::Dead {
                vitals.life = Life::Dead;
                result.killed.push(*member);
            }
            if let Some(procedure) = &procedure {
                procedure.leave_fight(self, *member, *combatant);
            }
            crate::death::note_death(self, *member);
            if self
                .get::<Vitals>(*member)
                .is_some_and(|v| v.life == Life::Down)
            {
                result.down.push(*member);
            }
        }
        let won = outcome.is_some_and(|o| o.winner == Some(SideId(0)));
        if won
            && let Some(procedure) = &procedure
            && let Some(meeting) = &fighting.meeting
        {
            procedure.won_fight(self, expedition, &meeting.foes);
        }
        if won && let Some(area) = fighting.meeting.as_ref().and_then(|m| m.area) {
            if let Some(mut stock) = self.get_mut::<Stock>(area) {
                stock.0.clear();
            }
            take_treasure(self, expedition, area);
        }
        let name = |world: &World, m: &Entity| {
            world
                .get::<Character>(*m)
                .map(|c| c.name.clone())
                .unwrap_or_default()
        };
        let killed = result.killed.iter().map(|m| name(self, m)).collect();
        let down = result.down.iter().map(|m| name(self, m)).collect();
        let ending = outcome.map_or_else(
            || "The fight is unfinished".to_string(),
            |o| ending_words(&o),
        );
        let at = self
            .get::<Clock>(expedition)
            .map(Clock::elapsed)
            .unwrap_or_default();
        if let Some(mut log) = self.get_mut::<ExpeditionLog>(expedition) {
            log.record_before(first_after, at, || ExploreEvent::FightEnded {
                ending,
                hp_lost: result.hp_lost,
                killed,
                down,
            });
        }
        self.entity_mut(expedition).remove::<Fighting>();
        self.despawn(fighting.encounter);
        Ok(result)
    }
}

/// One entry of a fight's side.
fn combatant(statblock: &str, name: Option<String>, count: u16, region: &str) -> CombatantSpec {
    CombatantSpec {
        statblock: statblock.into(),
        name,
        count,
        region: region.into(),
        leader: false,
        group: None,
        level: None,
    }
}

/// How a fight ended, from the party's side (the first side), as the narration's sentence
/// opens: `The fight is over: the party wins, the monsters flee`, `No fight: the sides part
/// ways`.
fn ending_words(outcome: &Outcome) -> String {
    let party = outcome.winner == Some(SideId(0));
    let over = |how: &str| format!("The fight is over: {how}");
    match (outcome.winner, outcome.ending) {
        (Some(_), Ending::Fled) if party => over("the party wins, the monsters flee"),
        (Some(_), Ending::Surrendered) if party => over("the party wins, the monsters give up"),
        (Some(_), Ending::Fled) => over("the monsters win, the party flees"),
        (Some(_), Ending::Surrendered) => over("the monsters win, the party gives up"),
        (Some(_), _) if party => over("the party wins"),
        (Some(_), _) => over("the monsters win"),
        (None, Ending::RoundLimit) => over("a draw at the round limit"),
        (None, Ending::Stalled) => over("a draw, the fight stalls"),
        (None, Ending::Aborted) => "The fight never starts".into(),
        (_, Ending::Parley) => "No fight: the sides part ways".into(),
        (_, Ending::Evaded) => "No fight: a side gets away".into(),
        (None, _) => over("nobody is left standing"),
    }
}
