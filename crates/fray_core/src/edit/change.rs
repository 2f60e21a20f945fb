//! One change a game makes to a combatant.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::error::EditError;
use crate::combatant::Status;
use crate::ids::RegionId;

/// A change a game makes to a combatant between ticks (see [`apply`](super::apply)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edit {
    /// Heals this many hit points, not past the maximum (a potion). The ruleset says what
    /// healing does to the fallen: lite5e stabilizes them (L5-13); OHO's never get up.
    Heal(i32),
    /// Deals this much damage, temporary hit points first (a trapdoor, a falling rock); the
    /// ruleset's vitals follow (falling, dying).
    Damage(i32),
    /// Sets current hit points, clamped to the ruleset's floor (or minus the maximum) and the
    /// maximum. It never brings a fallen combatant back: [`Edit::Revive`] does.
    SetHp(i32),
    /// Brings a combatant that is down, dead, fled or surrendered back into the fight with this
    /// many hit points (at least 1, at most its maximum); the ruleset clears its dying state.
    Revive(i32),
    /// Moves to a region of the encounter's map, at once: every engagement of the combatant
    /// ends (it is no move of the rules, so it provokes nothing).
    MoveTo(RegionId),
    /// Takes the combatant out of the fight for good: it counts as fled, every engagement of
    /// it ends, and the entity stays (logs and saves still name it).
    Remove,
    /// Sets the combatant's status. A status out of the fight ends its engagements; `Active`
    /// needs hit points above 0 (else [`Edit::Revive`]).
    SetStatus(Status),
}

impl fmt::Display for Edit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Heal(n) => write!(f, "heals {n} HP"),
            Self::Damage(n) => write!(f, "takes {n} damage"),
            Self::SetHp(n) => write!(f, "HP set to {n}"),
            Self::Revive(n) => write!(f, "revived with {n} HP"),
            Self::MoveTo(r) => write!(f, "moved to region {r}"),
            Self::Remove => f.write_str("removed from the fight"),
            Self::SetStatus(s) => write!(f, "status set to {s:?}"),
        }
    }
}

impl Edit {
    /// Checks what can be checked without the ruleset: amounts are not negative.
    pub(crate) fn check_amount(&self) -> Result<(), EditError> {
        match *self {
            Self::Heal(n) | Self::Damage(n) if n < 0 => Err(EditError::Negative(n)),
            _ => Ok(()),
        }
    }
}
