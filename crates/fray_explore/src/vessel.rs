//! The party's vessel for water legs: what an expedition file says of it, and its state on
//! the way. How fast it goes and what the weather does to it is the ruleset's procedure.

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A vessel, as an expedition file describes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VesselSpec {
    /// Its name.
    pub name: String,
    /// A boat (rivers and lakes) or a ship (the sea).
    pub kind: VesselKind,
    /// Its base movement rate in feet per turn (B/X's vessels; rulesets that go by the kind
    /// ignore it).
    #[serde(default)]
    pub movement: u32,
    /// Whether it sails (the wind moves it); else it is rowed or poled.
    #[serde(default)]
    pub sails: bool,
    /// Whether it is seaworthy.
    #[serde(default = "yes")]
    pub seaworthy: bool,
    /// Whether a navigator is aboard.
    #[serde(default)]
    pub navigator: bool,
}

fn yes() -> bool {
    true
}

/// A boat or a ship.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum VesselKind {
    /// A boat, for smooth water.
    Boat,
    /// A ship, for the sea.
    Ship,
}

/// The expedition's vessel and how it fares.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Vessel {
    /// What it is.
    pub spec: VesselSpec,
    /// It took on water: slower until repaired at a dock.
    pub taking_water: bool,
}
