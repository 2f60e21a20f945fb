//! Small, stable identifiers used inside an encounter.
//!
//! Entities are only valid in the World that made them, so anything that must be the same in
//! every run - the log, saved games, content references - names combatants, regions and sides
//! by these indices instead.

use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! index_id {
    ($(#[$doc:meta])* $name:ident($inner:ty), $prefix:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize, Reflect)]
        #[reflect(Debug, PartialEq, Hash, Default)]
        pub struct $name(pub $inner);

        impl $name {
            /// The index as a `usize`, for indexing slices.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

index_id!(
    /// A combatant's index in its encounter's [`Roster`](crate::encounter::Roster).
    CombatantId(u16),
    "#"
);
index_id!(
    /// A region's index in its encounter's [`EncounterMap`](crate::region::EncounterMap).
    RegionId(u16),
    "region "
);
index_id!(
    /// A side's index in its encounter's [`Sides`](crate::encounter::Sides).
    SideId(u8),
    "side "
);
index_id!(
    /// An attack's index in the acting combatant's statblock (its ruleset decides the order).
    AttackId(u16),
    "attack "
);
index_id!(
    /// An ability's (power, spell, special action) index in the acting combatant's statblock.
    AbilityId(u16),
    "ability "
);
index_id!(
    /// A group's index in its encounter's [`Groups`](crate::encounter::Groups): combatants
    /// that share initiative and resources (die-rank monster groups).
    GroupId(u16),
    "group "
);
index_id!(
    /// An external controller: a player or a game client.
    PlayerId(u32),
    "player "
);
