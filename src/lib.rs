//! Fray: a tabletop role-playing combat engine on Bevy's ECS.
//!
//! This facade re-exports the workspace's crates and bundles them: [`FrayPlugins`] adds the
//! core, the AI and every ruleset to a Bevy `App`; [`content_loader`] knows every ruleset's
//! statblock schema; [`content::builtin`] is the built-in content, from any directory. Each
//! ruleset is a cargo feature (all on by default): a game that plays one builds only it
//! (`default-features = false, features = ["lite5e"]`), and the bundles hold only it.
//!
//! ```
//! use bevy_app::App;
//! use fray::prelude::*;
//!
//! let mut app = App::new();
//! app.add_plugins(FrayPlugins::default());
//! let content = fray::load_content("content").expect("built-in content loads");
//! app.insert_resource(Content(content));
//! app.finish();
//! let fight = app
//!     .world_mut()
//!     .spawn_encounter("archmage-bridge", &EncounterSettings::logged(7))
//!     .unwrap();
//! fray::core::drive::run_until_blocked(app.world_mut(), 1_000_000);
//! assert!(app.world().get::<Encounter>(fight).unwrap().is_over());
//! ```

use std::path::Path;
use std::sync::Arc;

use bevy_app::{PluginGroup, PluginGroupBuilder};
use fray_content::db::ContentDb;
use fray_content::diagnostic::Diagnostics;
use fray_content::loader::ContentLoader;
use fray_core::kit::RulesetDescriptor;
use fray_core::{FrayCorePlugin, FrayRunMode};

/// AI policies.
pub use fray_ai as ai;
/// The command line (the `cli` feature, on by default).
#[cfg(feature = "cli")]
pub use fray_cli as cli;
/// RON content loading, and the built-in content.
pub mod content {
    pub use fray_content::*;

    /// The built-in content of the rulesets this build has (the workspace's `content/`,
    /// embedded, so it loads from any directory and from a crate that depends on `fray`).
    ///
    /// ```
    /// let content = fray::content::builtin().expect("the built-in content loads");
    /// assert!(content.encounter("l5-barrow").is_some());
    /// ```
    pub fn builtin() -> Result<std::sync::Arc<db::ContentDb>, diagnostic::Diagnostics> {
        let loader = crate::content_loader();
        let mut db = db::ContentDb::default();
        let mut problems = Vec::new();
        for ruleset in crate::RULESETS {
            for (path, text) in fray_builtin::of_ruleset(ruleset.id) {
                let file = source::SourceFile::new(format!("content/{path}"), text);
                if let Err(mut d) = loader.add_source(&mut db, file) {
                    problems.append(&mut d.0);
                }
            }
        }
        problems.extend(loader.validate(&mut db));
        if problems.is_empty() {
            Ok(std::sync::Arc::new(db))
        } else {
            Err(diagnostic::Diagnostics(problems))
        }
    }
}
/// The ECS model and the turn pipeline.
pub use fray_core as core;
/// Dice.
pub use fray_dice as dice;
/// The adventure clock: expeditions through dungeons.
pub use fray_explore as explore;
/// The headless batch runner (the `sim` feature, on by default).
#[cfg(feature = "sim")]
pub use fray_sim as sim;

/// The types most users need. Each ruleset's own types (sheets, states, schemas) keep their
/// names under [`archmage`], [`oho`], [`bx`], [`dierank`] and [`lite5e`], where they cannot clash.
pub mod prelude {
    pub use crate::{FrayPlugins, content_loader, load_content};
    pub use fray_ai::prelude::*;
    pub use fray_core::prelude::*;
    pub use fray_dice::prelude::*;
    #[cfg(feature = "sim")]
    pub use fray_sim::prelude::*;
}

/// The core, the AI controller and every ruleset, as one plugin group.
///
/// `schedule` is the app's schedule the combat step runs in (`Update` by default, or
/// `FixedUpdate`), in [`FraySet::Step`](fray_core::schedule::FraySet::Step); `run` says when
/// it runs there (every run, on the app's clock, or only when the game steps it); `step` how far
/// each run goes.
///
/// ```
/// use bevy_app::prelude::*;
/// use fray::prelude::*;
/// let mut app = App::new();
/// app.add_plugins(FrayPlugins::new(FixedUpdate));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct FrayPlugins {
    /// When the combat schedule runs.
    pub run: FrayRunMode,
    /// How far each run steps.
    pub step: fray_core::drive::StepMode,
    /// The app's schedule the step runs in.
    pub schedule: bevy_ecs::schedule::InternedScheduleLabel,
}

impl Default for FrayPlugins {
    fn default() -> Self {
        Self::new(bevy_app::Update)
    }
}

impl FrayPlugins {
    /// Every plugin, the combat step in `schedule`, every run, until every fight waits on a player or has ended.
    pub fn new(schedule: impl bevy_ecs::schedule::ScheduleLabel) -> Self {
        Self {
            run: FrayRunMode::default(),
            step: fray_core::drive::StepMode::default(),
            schedule: schedule.intern(),
        }
    }
}

impl PluginGroup for FrayPlugins {
    fn build(self) -> PluginGroupBuilder {
        let group = PluginGroupBuilder::start::<Self>()
            .add(FrayCorePlugin {
                run: self.run,
                step: self.step,
                schedule: self.schedule,
            })
            .add(fray_ai::FrayAiPlugin);
        RULESETS
            .iter()
            .fold(group, |group, r| (r.add_to_group)(group))
    }
}

/// Declares the rulesets of this build, one line each (`"feature" => crate as module`, under
/// its doc line): each becomes a module of this crate (`fray::bx`) and an entry of
/// [`RULESETS`], both behind its cargo feature.
macro_rules! rulesets {
    ($($(#[$doc:meta])* $feature:literal => $krate:ident as $module:ident,)*) => {
        $(
            $(#[$doc])*
            #[cfg(feature = $feature)]
            pub use $krate as $module;
        )*

        /// The rulesets of this build, in the order they are installed: what [`FrayPlugins`],
        /// [`content_loader`], [`content::builtin`] and the command line install, and what the
        /// fuzz targets and test suites iterate over.
        pub const RULESETS: &[RulesetDescriptor] = &[$(
            #[cfg(feature = $feature)]
            $krate::RULESET,
        )*];
    };
}

// The one list a new ruleset adds a line to.
rulesets! {
    /// The archmage ruleset (seed 003).
    "archmage" => fray_archmage as archmage,
    /// The OHO ruleset (seed 000).
    "oho" => fray_oho as oho,
    /// The B/X ruleset (seed 004).
    "bx" => fray_bx as bx,
    /// The die-rank ruleset (seed 001).
    "dierank" => fray_dierank as dierank,
    /// The lite5e ruleset (seed 002).
    "lite5e" => fray_lite5e as lite5e,
}

/// A content loader that knows the statblocks of every ruleset of this build, the AI
/// policies, and the adventure clock's dungeon and expedition files.
pub fn content_loader() -> ContentLoader {
    RULESETS
        .iter()
        .fold(
            fray_explore::charter::with_expeditions(ContentLoader::new()),
            |loader, r| (r.schema)(loader),
        )
        .with_policies(fray_ai::POLICY_NAMES)
        .with_policy_check(fray_ai::check_policy)
}

/// Loads and validates a content directory (or file).
pub fn load_content(path: impl AsRef<Path>) -> Result<Arc<ContentDb>, Diagnostics> {
    content_loader().load_paths(&[path]).map(Arc::new)
}

/// Adds [`FrayPlugins`] to a headless app whose combat schedule its caller steps
/// ([`FrayRunMode::Manual`]): what batches, benches and tests install.
pub fn install_headless(app: &mut bevy_app::App) {
    app.add_plugins(FrayPlugins {
        run: FrayRunMode::Manual,
        ..Default::default()
    });
}

/// The batch engine over `content`: every ruleset and the built-in AI, the schedule stepped by
/// the runner.
///
/// ```
/// let content = fray::load_content("content").expect("built-in content loads");
/// let engine = fray::headless_engine(content);
/// let config = fray::sim::batch::BatchConfig::new("archmage-bridge", 10, 1);
/// let report = fray::sim::batch::run_batch(&engine, &config).expect("the batch runs");
/// assert_eq!(report.runs, 10);
/// ```
#[cfg(feature = "sim")]
pub fn headless_engine(content: Arc<ContentDb>) -> fray_sim::engine::Engine {
    fray_sim::engine::Engine::new(install_headless, content)
}

/// Everything the `fray` command line needs.
#[cfg(feature = "cli")]
pub fn cli_engine() -> fray_cli::CliEngine {
    fray_cli::CliEngine {
        install: install_headless,
        explore: |app| {
            app.add_plugins(fray_explore::FrayExplorePlugin);
            for r in RULESETS {
                (r.explore)(app);
            }
        },
        loader: content_loader(),
        policies: &fray_ai::POLICY_NAMES,
        check_policy: fray_ai::check_policy,
    }
}
