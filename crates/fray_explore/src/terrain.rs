//! The ground a wilderness journey crosses: the kinds of terrain content may name for its
//! sites and legs. What a terrain does (getting lost, speed, wandering monsters) is each
//! ruleset's procedure; the model only carries the name.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A kind of terrain, on land or water.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
pub enum Terrain {
    /// Open, clear land.
    Clear,
    /// Grasslands.
    Grassland,
    /// Farmland and villages.
    Settled,
    /// A city.
    City,
    /// Barren lands.
    Barren,
    /// Broken lands (badlands, rough ground).
    Broken,
    /// Woods or forest.
    Woods,
    /// Hills.
    Hills,
    /// Mountains.
    Mountains,
    /// Desert.
    Desert,
    /// Jungle.
    Jungle,
    /// Swamp or marsh.
    Swamp,
    /// A maintained road (or a well-kept trail).
    Road,
    /// A river, travelled by boat.
    River,
    /// A lake, travelled by boat.
    Lake,
    /// The open sea, travelled by ship.
    Sea,
}

impl Terrain {
    /// Whether it is travelled on the water (by boat or ship).
    pub fn is_water(self) -> bool {
        matches!(self, Self::River | Self::Lake | Self::Sea)
    }

    /// Its name in lower case, for logs.
    pub fn label(self) -> &'static str {
        match self {
            Self::Clear => "clear land",
            Self::Grassland => "grassland",
            Self::Settled => "settled land",
            Self::City => "city",
            Self::Barren => "barren land",
            Self::Broken => "broken land",
            Self::Woods => "woods",
            Self::Hills => "hills",
            Self::Mountains => "mountains",
            Self::Desert => "desert",
            Self::Jungle => "jungle",
            Self::Swamp => "swamp",
            Self::Road => "road",
            Self::River => "river",
            Self::Lake => "lake",
            Self::Sea => "sea",
        }
    }
}
