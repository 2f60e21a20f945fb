//! A lite5e combatant's own components, as the kit queries them.

use bevy_ecs::query::QueryData;

use crate::sheet::Sheet;
use crate::state::L5State;

/// The lite5e components of a combatant (the core's - health, status, region - are read
/// through the context).
#[derive(QueryData)]
#[query_data(mutable)]
pub struct Fighter {
    /// Compiled numbers.
    pub sheet: &'static Sheet,
    /// Changing state.
    pub state: &'static mut L5State,
}
