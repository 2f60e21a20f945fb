//! The core of Fray: the ECS model of a fight, the turn pipeline, and the kit every ruleset is
//! written on.
//!
//! - **Entities.** An encounter ([`Encounter`], its own [`EncounterRng`], [`CombatLog`],
//!   [`Turn`] and [`TurnOrder`]); combatants ([`Hp`], [`Side`], [`Controller`], [`Conditions`]
//!   and [`Effects`], [`Engagement`], [`InRegion`], and their ruleset's components); regions.
//!   Many encounters share one World, each independent.
//! - **The tick.** [`FrayTick`](schedule::FrayTick) runs nine ordered phases
//!   ([`FraySystems`](schedule::FraySystems)); the [`flow`] alone moves an encounter from phase
//!   to phase.
//! - **The kit.** A ruleset implements [`Rules`](kit::Rules) - its rules as hooks, and one
//!   legality function - and adds its [`RulesetPlugin`](kit::RulesetPlugin); the kit gives it a
//!   per-encounter [`Ctx`](kit::Ctx), offers, previews on demand, rejections, staged resolution
//!   with reaction windows, and the turn structure. Its words (conditions, damage types,
//!   maneuvers, costs) are its own ([`vocabulary`]).
//!
//! ```
//! use bevy_app::App;
//! use fray_core::prelude::*;
//!
//! let mut app = App::new();
//! app.add_plugins(FrayCorePlugin::default());
//! app.finish();
//! // No encounter yet: nothing runs, nothing is blocked.
//! let report = run_until_blocked(app.world_mut(), 10);
//! assert_eq!(report, TickReport::default());
//! ```

// The model: what a fight is made of.

pub mod combatant;
pub mod condition;
pub mod effect;
pub mod encounter;
pub mod engagement;
pub mod ids;
pub mod lineup;
pub mod region;
pub mod rng;
pub mod turn;
pub mod vocabulary;

// The flow: how a fight moves on.

pub mod drive;
pub mod flow;
pub mod insert_changed;
pub mod morale;
pub mod outcome;
pub mod reaction;
pub mod schedule;
pub mod spawn;

// The kit: what a ruleset is written on.

pub mod compiled;
pub mod cost;
pub mod intent;
pub mod kit;
pub mod legality;
pub mod preview;

// The client API: what a game asks and sends.

pub mod client;
pub mod commands;
pub mod edit;
pub mod events;
pub mod gauge;
pub mod options;
pub mod request;

// Records: the log and saves.

pub mod grammar;
pub mod log;
pub mod log_json;
pub mod log_text;
pub mod persistent;
mod reflection;
pub mod save;

#[cfg(debug_assertions)]
mod invariants;

use bevy_app::prelude::*;
use bevy_ecs::name::Name;
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{InternedScheduleLabel, ScheduleLabel};
use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use bevy_time::{Time, Virtual};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::combatant::{
    Combatant, CombatantTactics, Controller, Hp, Initiative, Leader, Morale, Side, StatblockRef,
    Status, Tally,
};
use crate::condition::Conditions;
use crate::drive::StepMode;
use crate::effect::Effects;
use crate::encounter::{Encounter, Groups, InEncounter, Roster, Sides};
use crate::engagement::Engagement;
use crate::flow::inbox::{RequestInbox, collect_requests};
use crate::log::CombatLog;
use crate::morale::MoraleState;
use crate::outcome::TickReport;
use crate::region::{EncounterMap, InRegion, Region, RegionLinks};
use crate::request::{ActionRejected, ActionRequest, ActionResolved};
use crate::rng::{DecisionRng, EncounterRng};
use crate::save::SaveRegistry;
use crate::schedule::{FraySet, build_schedule};
use crate::spawn::{Ruleset, Rulesets};
use crate::turn::{Turn, TurnOrder};

/// What an embedding game names: the plugin and the schedule, spawning and stepping fights,
/// the components a game reads, requests and their answers, decisions, the log and saves. A
/// ruleset author uses [`kit::prelude`] beside it.
pub mod prelude {
    pub use crate::client::{
        BattleGauges, Budget, Decision as ClientDecision, DecisionKind, DecisionOption, FrayClient,
        decisions,
    };
    pub use crate::combatant::{Combatant, Controller, Hp, Initiative, Side, Status, Tally};
    pub use crate::commands::{EditRefused, EncounterSpawned, FrayCommandsExt};
    pub use crate::condition::{Condition, Conditions};
    pub use crate::drive::{StepMode, run_until_blocked, step, tick};
    pub use crate::edit::{Edit, EditError};
    pub use crate::effect::Effects;
    pub use crate::encounter::{Encounter, InEncounter, PlayerMorale, Roster, Sides};
    pub use crate::engagement::Engagement;
    pub use crate::flow::Phase;
    pub use crate::gauge::Gauge;
    pub use crate::ids::{AbilityId, AttackId, CombatantId, PlayerId, RegionId, SideId};
    pub use crate::intent::{Intent, IntentKind, Maneuver, Readied, Trigger};
    pub use crate::log::{CombatLog, LogEntry, LogEvent};
    pub use crate::log_text::LogNames;
    pub use crate::outcome::{Ending, Outcome, TickReport};
    pub use crate::preview::Preview;
    pub use crate::region::{EncounterMap, InRegion};
    pub use crate::request::{ActionRejected, ActionRequest, ActionResolved, RejectReason};
    pub use crate::rng::EncounterRng;
    pub use crate::save::{LoadedEncounter, load_encounter, load_encounter_mapped, save_encounter};
    pub use crate::schedule::{FraySet, FraySystems, FrayTick};
    pub use crate::spawn::{Content, EncounterSettings, SpawnEncounterExt};
    pub use crate::turn::Turn;
    pub use crate::{FrayAppExt, FrayCorePlugin, FrayRunMode};
}

/// When the combat schedule runs inside an `App`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FrayRunMode {
    /// Every run of the plugin's schedule, stepping as [`FrayStepping`] says - except while the
    /// app's virtual clock (`Time<Virtual>`) is paused.
    #[default]
    EveryUpdate,
    /// At most once per this much time of the app's clock: the schedule's own `Time` (virtual
    /// time in `Update`, the fixed step in `FixedUpdate`), so pausing and scaling the clock
    /// pause and scale the fight. Pacing only: results never depend on it. An app without a
    /// clock (no `TimePlugin`) steps every run.
    FixedTimestep(core::time::Duration),
    /// Only when the game calls [`drive::step`] (or runs [`FrayTick`](schedule::FrayTick)) itself.
    /// Requests are still collected every run ([`FraySet::Collect`]).
    Manual,
}

/// How far each automatic run steps (see [`FrayRunMode`]).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default, Reflect)]
#[reflect(opaque)]
#[reflect(Resource, Debug, PartialEq, Default)]
pub struct FrayStepping(pub StepMode);

/// The time carried toward the next step of [`FrayRunMode::FixedTimestep`].
#[derive(Resource, Debug, Clone, Copy)]
struct StepClock {
    step: core::time::Duration,
    carried: core::time::Duration,
}

/// Adds the combat schedule, its messages and resources, and the core components' save support,
/// and runs the combat step in the app's schedule, in [`FraySet::Step`].
///
/// ```
/// use bevy_app::prelude::*;
/// use bevy_ecs::prelude::*;
/// use fray_core::prelude::*;
/// // The fight steps on the fixed clock; the game draws each step's result.
/// fn draw(logs: Query<&CombatLog>) {}
/// let mut app = App::new();
/// app.add_plugins(FrayCorePlugin::new(FixedUpdate))
///     .add_systems(FixedUpdate, draw.after(FraySet::Step));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct FrayCorePlugin {
    /// When the schedule runs.
    pub run: FrayRunMode,
    /// How far each run steps.
    pub step: StepMode,
    /// The app's schedule the step runs in ([`FraySet`]): `Update` by default; `FixedUpdate`
    /// works.
    pub schedule: InternedScheduleLabel,
}

impl Default for FrayCorePlugin {
    fn default() -> Self {
        Self::new(Update)
    }
}

impl FrayCorePlugin {
    /// The plugin, stepping in `schedule` every run, until every fight waits on a player or has ended.
    pub fn new(schedule: impl ScheduleLabel) -> Self {
        Self {
            run: FrayRunMode::default(),
            step: StepMode::default(),
            schedule: schedule.intern(),
        }
    }
}

impl Plugin for FrayCorePlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<ActionRequest>()
            .add_message::<ActionResolved>()
            .add_message::<ActionRejected>()
            .add_message::<commands::EncounterSpawned>()
            .add_message::<commands::EditRefused>()
            .init_resource::<RequestInbox>()
            .init_resource::<TickReport>()
            .init_resource::<Rulesets>()
            .init_resource::<SaveRegistry>()
            .insert_resource(FrayStepping(self.step));
        let mut schedule = build_schedule();
        // Decisions left for the forward model, asked again once their encounter is copied.
        schedule.add_systems(
            kit::forward::decide_ahead
                .run_if(kit::forward::ahead_pending)
                .in_set(schedule::FraySystems::Decide)
                .after(schedule::RulesetSystems::Decide)
                .before(schedule::CoreSystems::ReceiveRequests),
        );
        #[cfg(debug_assertions)]
        let schedule = {
            let mut schedule = schedule;
            schedule.add_systems(
                invariants::check_invariants
                    .after(schedule::FraySystems::Outcome)
                    .before(schedule::CoreSystems::Announce),
            );
            schedule
        };
        app.add_schedule(schedule)
            .configure_sets(self.schedule, (FraySet::Collect, FraySet::Step).chain())
            .add_systems(self.schedule, collect_requests.in_set(FraySet::Collect))
            .add_systems(self.schedule, client::publish_gauges.in_set(FraySet::Step));
        match self.run {
            FrayRunMode::EveryUpdate => {
                app.add_systems(
                    self.schedule,
                    run_every_update
                        .in_set(FraySet::Step)
                        .before(client::publish_gauges),
                );
            }
            FrayRunMode::FixedTimestep(step) => {
                app.insert_resource(StepClock {
                    step,
                    carried: core::time::Duration::ZERO,
                })
                .add_systems(
                    self.schedule,
                    run_on_timestep
                        .in_set(FraySet::Step)
                        .before(client::publish_gauges),
                );
            }
            FrayRunMode::Manual => {}
        }
        reflection::register_types(app);
        app.register_saved::<Encounter>("fray_core::Encounter")
            .register_saved::<EncounterRng>("fray_core::EncounterRng")
            .register_saved::<DecisionRng>("fray_core::DecisionRng")
            .register_saved::<Groups>("fray_core::Groups")
            .register_saved::<CombatLog>("fray_core::CombatLog")
            .register_saved::<Turn>("fray_core::Turn")
            .register_saved::<TurnOrder>("fray_core::TurnOrder")
            .register_saved::<Roster>("fray_core::Roster")
            .register_saved::<Sides>("fray_core::Sides")
            .register_saved::<EncounterMap>("fray_core::EncounterMap")
            .register_saved::<MoraleState>("fray_core::MoraleState")
            .register_saved::<Region>("fray_core::Region")
            .register_saved::<RegionLinks>("fray_core::RegionLinks")
            .register_saved::<InEncounter>("fray_core::InEncounter")
            .register_saved::<Combatant>("fray_core::Combatant")
            .register_saved::<Name>("bevy::Name")
            .register_saved::<Side>("fray_core::Side")
            .register_saved::<Controller>("fray_core::Controller")
            .register_saved::<Initiative>("fray_core::Initiative")
            .register_saved::<Status>("fray_core::Status")
            .register_saved::<Conditions>("fray_core::Conditions")
            .register_saved::<Engagement>("fray_core::Engagement")
            .register_saved::<InRegion>("fray_core::InRegion")
            .register_saved::<Morale>("fray_core::Morale")
            .register_saved::<Leader>("fray_core::Leader")
            .register_saved::<CombatantTactics>("fray_core::CombatantTactics")
            .register_saved::<StatblockRef>("fray_core::StatblockRef")
            .register_saved::<Hp>("fray_core::Hp")
            .register_saved::<Tally>("fray_core::Tally")
            .register_saved::<Effects>("fray_core::Effects");
    }

    /// Debug builds: Fray's own systems (the core's and every ruleset's) touch no data unordered.
    #[cfg(debug_assertions)]
    fn finish(&self, app: &mut App) {
        let conflicts = schedule::own_ambiguities(app.world_mut());
        assert!(
            conflicts.is_empty(),
            "Fray's own systems touch the same data with no order between them (a defect of \
             Fray or of a ruleset's plugin):\n{}",
            conflicts.join("\n")
        );
    }
}

fn run_every_update(world: &mut World) {
    if world
        .get_resource::<Time<Virtual>>()
        .is_some_and(Time::is_paused)
    {
        return;
    }
    step_as_configured(world);
}

fn run_on_timestep(world: &mut World) {
    let delta = world.get_resource::<Time>().map(Time::delta);
    let Some(mut clock) = world.get_resource_mut::<StepClock>() else {
        return;
    };
    if let Some(delta) = delta {
        clock.carried = clock.carried.saturating_add(delta);
        if clock.carried < clock.step {
            return;
        }
        // One step per run at most: what is carried past it never exceeds one more step.
        clock.carried = (clock.carried - clock.step).min(clock.step);
    }
    step_as_configured(world);
}

/// Runs the step as far as [`FrayStepping`] says.
fn step_as_configured(world: &mut World) {
    let mode = world
        .get_resource::<FrayStepping>()
        .copied()
        .unwrap_or_default();
    drive::step(world, mode.0);
}

/// `App` methods for rulesets and games.
pub trait FrayAppExt {
    /// Registers a ruleset for spawning, and declares its systems' set ([`RulesetSystemsOf`]
    /// its id) ambiguous with every other registered ruleset's (rulesets act on disjoint
    /// encounters). A [`RulesetPlugin`](kit::RulesetPlugin) calls this; add [`FrayCorePlugin`]
    /// first.
    ///
    /// [`RulesetSystemsOf`]: schedule::RulesetSystemsOf
    fn register_ruleset(&mut self, ruleset: impl Ruleset) -> &mut Self;

    /// Saves and loads component `C` with encounters (and other saved sets of entities, such as
    /// expeditions), under a stable name.
    fn register_saved<C>(&mut self, name: &'static str) -> &mut Self
    where
        C: Component + Clone + Serialize + DeserializeOwned;

    /// Saves and loads the components of tuple `T` with encounters and expeditions, each
    /// under the name its type gives ([`persistent::saved_name`]: `fray_bx::BxState`), and
    /// registers each with the type registry for inspectors.
    ///
    /// ```
    /// use bevy_app::App;
    /// use fray_core::combatant::{Hp, Morale};
    /// use fray_core::prelude::*;
    /// use fray_core::save::SaveRegistry;
    /// let mut app = App::new();
    /// app.persist::<(Hp, Morale)>();
    /// let registry = app.world().resource::<SaveRegistry>();
    /// assert_eq!(registry.names().collect::<Vec<_>>(), ["fray_core::Hp", "fray_core::Morale"]);
    /// ```
    fn persist<T: persistent::PersistentSet>(&mut self) -> &mut Self;

    /// Loads a component that older saves carry under `old` as the one saved as `now` (see
    /// [`SaveRegistry::rename`]).
    fn rename_saved(&mut self, old: &'static str, now: &'static str) -> &mut Self;
}

impl FrayAppExt for App {
    fn register_ruleset(&mut self, ruleset: impl Ruleset) -> &mut Self {
        let id = ruleset.id();
        let mut rulesets = self.world_mut().get_resource_or_init::<Rulesets>();
        let others: Vec<&'static str> = rulesets.0.keys().copied().filter(|o| *o != id).collect();
        rulesets.insert(ruleset);
        for other in others {
            self.configure_sets(
                schedule::FrayTick,
                schedule::RulesetSystemsOf(id).ambiguous_with(schedule::RulesetSystemsOf(other)),
            );
        }
        self
    }

    fn register_saved<C>(&mut self, name: &'static str) -> &mut Self
    where
        C: Component + Clone + Serialize + DeserializeOwned,
    {
        self.world_mut()
            .get_resource_or_init::<SaveRegistry>()
            .register::<C>(name);
        self
    }

    fn persist<T: persistent::PersistentSet>(&mut self) -> &mut Self {
        T::register(self);
        self
    }

    fn rename_saved(&mut self, old: &'static str, now: &'static str) -> &mut Self {
        self.world_mut()
            .get_resource_or_init::<SaveRegistry>()
            .rename(old, now);
        self
    }
}
