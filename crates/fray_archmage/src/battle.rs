//! The archmage state of a whole encounter: options, the escalation die, the surprise round.

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use fray_content::options::{OptionDef, OptionValue};
use fray_core::ids::SideId;
use fray_core::turn::TurnEntry;
use serde::{Deserialize, Serialize};

/// Marks an archmage encounter and holds its battle-wide state.
#[derive(Component, Debug, Clone, Default, PartialEq, Serialize, Deserialize, Reflect)]
#[component(map_entities)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct Archmage {
    /// The escalation die (AR-11).
    pub escalation: u8,
    /// Normal rounds started (the surprise round does not count).
    pub normal_rounds: u32,
    /// The surprise round of an ambush is being played (AR-37).
    pub surprise: bool,
    /// Optional rule: lasting wounds (AR-41).
    pub lasting_wounds: bool,
    /// Optional rule: meaningful death (AR-41).
    pub meaningful_death: bool,
    /// The side that springs an ambush, and the name of the creature that starts it (AR-37).
    pub ambush: Option<(SideId, Option<String>)>,
    /// The whole turn order, kept aside while the surprise round is played.
    pub full_order: Vec<TurnEntry>,
    /// The end of the battle has been tidied up.
    pub closed: bool,
    /// Someone has fought in spirit this battle: only the first time gives +2 (AR-42).
    #[serde(default)]
    pub fought_in_spirit: bool,
    /// The circumstance modifiers this encounter applies (AR-36).
    #[serde(default)]
    pub circumstances: Circumstances,
}

/// The situations in which Fray applies the universal +2 / -2 circumstance modifier to an
/// attack (AR-36), each an encounter option, both on unless an encounter turns them off. The
/// log names either as `circumstance`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Circumstances {
    /// -2 to attacks made from a region marked difficult (bad footing).
    pub bad_footing: bool,
    /// +2 to attacks on a target engaged with two or more of the attacker's allies.
    pub ganged_up: bool,
}

impl Default for Circumstances {
    fn default() -> Self {
        Self {
            bad_footing: true,
            ganged_up: true,
        }
    }
}

impl MapEntities for Archmage {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        for entry in &mut self.full_order {
            entry.unit.map_entities(mapper);
        }
    }
}

/// The options archmage encounters accept.
pub const OPTIONS: &[OptionDef] = &[
    OptionDef {
        name: "lasting_wounds",
        default: OptionValue::Bool(false),
        doc: "each drop to 0 HP in a fight lowers max HP by 2 + level until a full heal-up (AR-41)",
    },
    OptionDef {
        name: "meaningful_death",
        default: OptionValue::Bool(false),
        doc: "only named villains can kill heroes; four failed death saves mean a coma (AR-41)",
    },
    OptionDef {
        name: "circumstance_bad_footing",
        default: OptionValue::Bool(true),
        doc: "-2 to attacks made from a region marked difficult (AR-36)",
    },
    OptionDef {
        name: "circumstance_ganged_up",
        default: OptionValue::Bool(true),
        doc: "+2 to attacks on a target engaged with two or more of the attacker's allies (AR-36)",
    },
];
