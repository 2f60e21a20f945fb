//! A ruleset as the programs that install it see it: one constant per ruleset crate.

use bevy_app::{App, Plugin, PluginGroupBuilder};
use fray_content::loader::ContentLoader;

use crate::intent::Maneuver;

/// Everything a program needs to install one ruleset: its id, its plugins and its statblock
/// schema. Each ruleset crate has one, `RULESET`; the `fray` facade keeps the one list of
/// them, which its plugin group, its content loader, the command line, the fuzz targets and
/// the test suites iterate over. Adding a ruleset to a program is adding its `RULESET` to a
/// list.
///
/// ```
/// use bevy_app::App;
/// use fray_core::kit::RulesetDescriptor;
/// use fray_core::prelude::*;
///
/// /// A ruleset with no rules: only its plugins matter here.
/// #[derive(Default)]
/// struct NoCombat;
/// impl bevy_app::Plugin for NoCombat {
///     fn build(&self, _: &mut App) {}
/// }
///
/// const NONE: RulesetDescriptor =
///     RulesetDescriptor::new::<NoCombat, NoCombat>("none", |loader| loader);
/// let mut app = App::new();
/// app.add_plugins(FrayCorePlugin::default());
/// (NONE.install)(&mut app);
/// assert_eq!(NONE.id, "none");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct RulesetDescriptor {
    /// Its id: the `ruleset` its content names, and the folder of its built-in content.
    pub id: &'static str,
    /// Adds its combat plugin to an app: its spawning, its saved components and the kit's
    /// systems for it. Add [`FrayCorePlugin`](crate::FrayCorePlugin) first.
    pub install: fn(&mut App),
    /// Adds the same plugin to a plugin group (where a game can disable it by type).
    pub add_to_group: fn(PluginGroupBuilder) -> PluginGroupBuilder,
    /// Adds its exploration procedures to an app that has the adventure clock
    /// (`fray_explore`'s plugin).
    pub explore: fn(&mut App),
    /// Adds its statblock schema to a content loader.
    pub schema: fn(ContentLoader) -> ContentLoader,
    /// Its own maneuvers, besides [`Maneuver::STANDARD`]: what a test suite aims every attack
    /// with.
    pub maneuvers: &'static [Maneuver],
}

impl RulesetDescriptor {
    /// Ruleset `id`, whose combat plugin is `P`, exploration plugin `X` and statblock schema
    /// the one `schema` adds; no maneuvers of its own.
    pub const fn new<P: Plugin + Default, X: Plugin + Default>(
        id: &'static str,
        schema: fn(ContentLoader) -> ContentLoader,
    ) -> Self {
        Self {
            id,
            install: add_plugin::<P>,
            add_to_group: add_to_group::<P>,
            explore: add_plugin::<X>,
            schema,
            maneuvers: &[],
        }
    }

    /// The same, with its own maneuvers.
    pub const fn with_maneuvers(mut self, maneuvers: &'static [Maneuver]) -> Self {
        self.maneuvers = maneuvers;
        self
    }
}

/// Adds plugin `P` to `app`.
fn add_plugin<P: Plugin + Default>(app: &mut App) {
    app.add_plugins(P::default());
}

/// Adds plugin `P` to `group`.
fn add_to_group<P: Plugin + Default>(group: PluginGroupBuilder) -> PluginGroupBuilder {
    group.add(P::default())
}
