//! A B/X combatant's own components, as the kit queries them, and what its conditions allow.

use bevy_ecs::query::QueryData;
use fray_core::condition::{Condition, Conditions};

use crate::sheet::Sheet;
use crate::state::BxState;
use crate::vocabulary::PETRIFIED;

/// The B/X components of a combatant (the core's - health, status, conditions - are read
/// through the context).
#[derive(QueryData)]
#[query_data(mutable)]
pub struct Fighter {
    /// Compiled numbers.
    pub sheet: &'static Sheet,
    /// Changing state.
    pub state: &'static mut BxState,
}

/// Helpless: paralysed, asleep or turned to stone. It cannot act, and melee blows hit it
/// automatically (BX-24; a sleeper is as helpless as the paralysed, Fray's ruling).
pub fn helpless(c: &Conditions) -> bool {
    c.has(Condition::PARALYZED) || c.has(Condition::UNCONSCIOUS) || c.has(PETRIFIED)
}

/// Whether a combatant with these conditions can act at all this round.
pub fn can_act(c: &Conditions) -> bool {
    !helpless(c) && !c.has(Condition::SURPRISED)
}
