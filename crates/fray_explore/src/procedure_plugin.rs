//! One plugin for any ruleset's exploration procedures:
//! [`ProcedurePlugin`](crate::procedure_plugin::ProcedurePlugin) registers the ruleset's
//! [`Procedure`](crate::procedure::Procedure), saves the marker of its expeditions, and adds
//! its systems to the exploration tick - by default, that every meeting comes to blows, which
//! is all a seed without exploration rules of its own needs.

use std::marker::PhantomData;

use bevy_app::{App, Plugin};
use fray_core::FrayAppExt;
use fray_core::persistent::Persistent;

use crate::meeting::fight_meetings;
use crate::procedure::{ExploreAppExt, Procedure};
use crate::tick::ExploreSystems;

/// A ruleset's exploration as [`ProcedurePlugin`] installs it: its [`Procedure`] (the hooks
/// the expedition model calls), the marker its expeditions carry, and what it adds to the
/// exploration tick.
pub trait ExploreRules: Procedure + Default {
    /// Marks the ruleset's expeditions (its [`Procedure::build_expedition`] inserts it); its
    /// systems act on the expeditions that carry it. It is saved with them under the name
    /// its type gives ([`saved_name`](fray_core::persistent::saved_name)).
    type Marker: Persistent;

    /// Adds the ruleset's systems to the phases of the exploration tick
    /// ([`ExploreAppExt::add_procedure_systems`]). By default every monster met comes to
    /// blows ([`fight_meetings`] in [`ExploreSystems::Meet`]).
    fn systems(app: &mut App) {
        app.add_procedure_systems(
            Self::default().ruleset(),
            ExploreSystems::Meet,
            fight_meetings::<Self::Marker>,
        );
    }

    /// Registers the components the ruleset's procedures keep on an expedition and its
    /// members, beyond the marker, to be saved with it ([`FrayAppExt::persist`]), and the
    /// names older saves carry them under ([`FrayAppExt::rename_saved`]). By default there
    /// are none.
    fn saved(app: &mut App) {
        let _ = app;
    }
}

/// Adds ruleset `P`'s exploration procedures to the exploration tick, and registers what its
/// expeditions keep to be saved with them (`fray_explore::save`). Add
/// [`FrayExplorePlugin`](crate::FrayExplorePlugin) first.
pub struct ProcedurePlugin<P: ExploreRules>(PhantomData<fn() -> P>);

impl<P: ExploreRules> Default for ProcedurePlugin<P> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<P: ExploreRules> Plugin for ProcedurePlugin<P> {
    fn build(&self, app: &mut App) {
        app.register_procedure(P::default())
            .persist::<(P::Marker,)>();
        P::systems(app);
        P::saved(app);
    }
}
