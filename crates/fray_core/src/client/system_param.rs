//! [`FrayClient`]: what a game's systems read of its fights, as a system parameter.

use bevy_ecs::name::Name;
use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryData;
use bevy_ecs::system::SystemParam;

use super::{BattleGauges, Budget, Decision, DecisionParts, read_decisions};
use crate::combatant::{Combatant, Controller, Hp, Side, StatblockRef, Status};
use crate::condition::Conditions;
use crate::effect::Effects;
use crate::encounter::{Encounter, InEncounter, Roster, Sides};
use crate::engagement::Engagement;
use crate::gauge::Gauge;
use crate::log::CombatLog;
use crate::log_text::LogNames;
use crate::options::ActionOptions;
use crate::region::{EncounterMap, InRegion};
use crate::spawn::{CommonWords, Rulesets};
use crate::turn::Turn;
use crate::vocabulary::Vocabulary;

/// What a client draws of one combatant, whatever its ruleset.
#[derive(QueryData)]
pub struct CombatantView {
    /// The combatant.
    pub entity: Entity,
    /// Its roster index.
    pub combatant: &'static Combatant,
    /// Its display name.
    pub name: &'static Name,
    /// The statblock it was spawned from (its content id).
    pub statblock: &'static StatblockRef,
    /// Its side.
    pub side: &'static Side,
    /// Who decides for it.
    pub controller: &'static Controller,
    /// Its hit points.
    pub hp: &'static Hp,
    /// In the fight, down, dead, fled or surrendered.
    pub status: &'static Status,
    /// Where it stands.
    pub region: &'static InRegion,
    /// Its conditions.
    pub conditions: &'static Conditions,
    /// The effects on it.
    pub effects: &'static Effects,
    /// Whom it engages and who engages it.
    pub engagement: &'static Engagement,
    /// Its encounter.
    pub encounter: &'static InEncounter,
    /// What it has left to spend, as of the last step (published by the plugin; absent before
    /// the first).
    pub budget: Option<&'static Budget>,
}

/// The parts of an encounter a client reads.
type EncounterView = (
    Entity,
    &'static Encounter,
    &'static Turn,
    Option<&'static ActionOptions>,
    &'static Roster,
    &'static Sides,
    &'static EncounterMap,
    &'static CombatLog,
);

/// Read-only access to Fray's fights for a game's systems: the decisions they wait on (with
/// every option's cost and preview), each combatant's view, the log and the ruleset's words.
/// It reads components only, so a system may take it beside a
/// `MessageWriter<ActionRequest>` to answer, or beside anything of the game's.
///
/// ```
/// use bevy_ecs::prelude::*;
/// use fray_core::client::FrayClient;
/// use fray_core::prelude::*;
///
/// // A system that answers every decision of the player's with its first option.
/// fn answer(client: FrayClient, mut requests: MessageWriter<ActionRequest>) {
///     for fight in client.fights() {
///         for decision in client.decisions(fight) {
///             if let (Controller::External(player), Some(first)) =
///                 (decision.controller, decision.options.first())
///             {
///                 requests.write(ActionRequest {
///                     actor: decision.actor,
///                     controller: player,
///                     intent: first.intent,
///                 });
///             }
///         }
///     }
/// }
/// # let mut world = World::new();
/// # world.init_resource::<Messages<ActionRequest>>();
/// # let mut schedule = Schedule::default();
/// # schedule.add_systems(answer);
/// # schedule.run(&mut world);
/// ```
///
/// What a combatant has left to spend and the battle's counters are the ruleset's own
/// components; [`FrayCorePlugin`](crate::FrayCorePlugin) publishes them after each step as
/// [`Budget`] and [`BattleGauges`], which [`FrayClient::budget`] and
/// [`FrayClient::battle_gauges`] read.
#[derive(SystemParam)]
pub struct FrayClient<'w, 's> {
    encounters: Query<'w, 's, EncounterView>,
    combatants: Query<'w, 's, CombatantView>,
    gauges: Query<'w, 's, &'static BattleGauges>,
    rulesets: Option<Res<'w, Rulesets>>,
}

impl<'w, 's> FrayClient<'w, 's> {
    /// Every encounter of the World.
    pub fn fights(&self) -> impl Iterator<Item = Entity> + '_ {
        self.encounters.iter().map(|(e, ..)| e)
    }

    /// The decisions `encounter` waits on now (see [`client::decisions`](super::decisions)).
    pub fn decisions(&self, encounter: Entity) -> Vec<Decision> {
        let Ok((_, e, turn, options, ..)) = self.encounters.get(encounter) else {
            return Vec::new();
        };
        read_decisions(
            DecisionParts {
                encounter,
                phase: e.phase(),
                turn,
                options,
                words: self.vocabulary(encounter),
            },
            |actor| {
                self.combatants
                    .get(actor)
                    .ok()
                    .map(|c| c.controller.clone())
            },
        )
    }

    /// The words of `encounter`'s ruleset (conditions, damage types, costs).
    pub fn vocabulary(&self, encounter: Entity) -> &'static dyn Vocabulary {
        self.encounters
            .get(encounter)
            .ok()
            .and_then(|(_, e, ..)| self.rulesets.as_ref()?.get(&e.ruleset))
            .map_or(&CommonWords, |r| r.vocabulary())
    }

    /// `encounter`'s state: phase, round, outcome.
    pub fn encounter(&self, encounter: Entity) -> Option<&Encounter> {
        self.encounters.get(encounter).ok().map(|(_, e, ..)| e)
    }

    /// `encounter`'s log.
    pub fn log(&self, encounter: Entity) -> Option<&CombatLog> {
        self.encounters.get(encounter).ok().map(|(.., log)| log)
    }

    /// `encounter`'s map: its regions, their neighbours and distances.
    pub fn map(&self, encounter: Entity) -> Option<&EncounterMap> {
        self.encounters.get(encounter).ok().map(|(.., map, _)| map)
    }

    /// The names `encounter`'s log entries render with ([`LogNames::describe`]).
    pub fn names(&self, encounter: Entity) -> Option<LogNames> {
        let (_, _, _, _, roster, sides, map, _) = self.encounters.get(encounter).ok()?;
        Some(LogNames::new(roster, map, sides))
    }

    /// `encounter`'s combatants, in roster order.
    pub fn combatants(&self, encounter: Entity) -> impl Iterator<Item = CombatantViewItem<'_, 's>> {
        self.encounters
            .get(encounter)
            .ok()
            .into_iter()
            .flat_map(|(_, _, _, _, roster, ..)| roster.entities())
            .filter_map(|e| self.combatants.get(e).ok())
    }

    /// One combatant's view.
    pub fn combatant(&self, who: Entity) -> Option<CombatantViewItem<'_, 's>> {
        self.combatants.get(who).ok()
    }

    /// What `who` has left to spend, in its ruleset's words, as of the last step ([`Budget`]);
    /// empty when its ruleset shows none.
    pub fn budget(&self, who: Entity) -> &[Gauge] {
        self.combatants
            .get(who)
            .ok()
            .and_then(|c| c.budget)
            .map_or(&[], |b| b.0.as_slice())
    }

    /// `encounter`'s battle-wide counters (archmage's escalation die), as of the last step
    /// ([`BattleGauges`]).
    pub fn battle_gauges(&self, encounter: Entity) -> &[Gauge] {
        self.gauges.get(encounter).map_or(&[], |g| g.0.as_slice())
    }
}
