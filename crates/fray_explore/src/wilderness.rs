//! A wilderness as content: `Wilderness(...)` files (`content/<ruleset>/wilderness/<id>.ron`),
//! with sites (hexes, villages, landmarks, lairs), the legs of road, trail, country or water
//! between them with their terrain and length in miles, and a wandering-monster table per
//! terrain. Ruleset-agnostic: monsters are the ruleset's statblock ids, and what a terrain
//! does to the party's way, speed and wandering monsters is the ruleset's procedure.
//!
//! ```
//! use fray_content::prelude::*;
//! use fray_explore::wilderness::WildernessSpec;
//!
//! let loader = ContentLoader::new().with_document(DocumentKind::<WildernessSpec>::new());
//! let text = r#"Wilderness(
//!   id: "vale", name: "Vale", ruleset: "bx", start: "inn",
//!   sites: [(id: "inn", terrain: Settled), (id: "tor", terrain: Hills)],
//!   legs: [(from: "inn", to: "torr", miles: 12, terrain: Woods)],
//! )"#;
//! let mut db = ContentDb::default();
//! loader.add_source(&mut db, SourceFile::new("content/bx/wilderness/vale.ron", text)).unwrap();
//! let problems = loader.validate(&mut db);
//! assert!(problems[0].to_string().contains("unknown site"));
//! assert_eq!(problems[0].help.as_deref(), Some("did you mean `tor`?"));
//! ```

use std::collections::BTreeSet;

use fray_content::db::ContentDb;
use fray_content::document::Document;
use fray_content::schema::Problem;
use fray_content::suggest::help_for;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::foes::Foes;
use crate::rolls::TurnDice;
use crate::terrain::Terrain;
use crate::validation::{
    LIMIT, count_problem, id_problems, ruleset_problem, statblock_problem, stock_problems,
};
use crate::wandering::{WanderingEntry, roll_entries};

/// Longest leg content may write, in miles.
pub const MAX_MILES: i64 = 1_000;

/// A wilderness: its sites, the legs between them, and what wanders each terrain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename = "Wilderness", deny_unknown_fields)]
pub struct WildernessSpec {
    /// Unique id among wildernesses.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The ruleset whose statblocks its monsters are.
    pub ruleset: String,
    /// What it is, for listings.
    #[serde(default)]
    pub description: String,
    /// The site journeys set out from (and come home to).
    pub start: String,
    /// Its sites.
    pub sites: Vec<SiteSpec>,
    /// The legs between sites (both ways).
    #[serde(default)]
    pub legs: Vec<LegSpec>,
    /// Wandering monsters, one table per terrain.
    #[serde(default)]
    pub wandering: Vec<TerrainTable>,
}

/// One site: a hex, a village, a landmark or a lair.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SiteSpec {
    /// Unique id in the wilderness.
    pub id: String,
    /// Display name (the id when empty).
    #[serde(default)]
    pub name: String,
    /// The terrain around it (where the party rests or hunts there).
    pub terrain: Terrain,
    /// Monsters living here, met when the party arrives.
    #[serde(default)]
    pub monsters: Vec<Foes>,
    /// Treasure here, in gold pieces, taken when no monster is left.
    #[serde(default)]
    pub treasure: u32,
}

/// A leg of the journey between two sites, with its terrain and length.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LegSpec {
    /// One end's site id.
    pub from: String,
    /// The other end's site id.
    pub to: String,
    /// Its length in miles.
    pub miles: u32,
    /// The ground (or water) it crosses.
    pub terrain: Terrain,
    /// On a river: which way the current runs, seen going from `from` to `to`.
    #[serde(default)]
    pub current: Option<Current>,
}

/// Which way a river's current runs along a leg.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Current {
    /// Going from `from` to `to` is downstream.
    Downstream,
    /// Going from `from` to `to` is upstream.
    Upstream,
}

impl Current {
    /// The current as seen going the other way.
    pub fn reversed(self) -> Self {
        match self {
            Self::Downstream => Self::Upstream,
            Self::Upstream => Self::Downstream,
        }
    }
}

/// The wandering monsters of one terrain: a roll of one die with as many sides as entries
/// picks one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainTable {
    /// The terrain it is for.
    pub terrain: Terrain,
    /// Its entries, first for a 1.
    pub entries: Vec<WanderingEntry>,
}

impl TerrainTable {
    /// Rolls the table, as [`WanderingTable::roll`](crate::dungeon::WanderingTable::roll).
    pub fn roll(&self, dice: &mut TurnDice<'_>) -> Option<Foes> {
        roll_entries(
            &format!("wandering table of the {}", self.terrain.label()),
            &self.entries,
            dice,
        )
    }
}

impl WildernessSpec {
    /// The site with this id.
    pub fn site(&self, id: &str) -> Option<&SiteSpec> {
        self.sites.iter().find(|s| s.id == id)
    }

    /// The wandering table of `terrain`.
    pub fn table(&self, terrain: Terrain) -> Option<&TerrainTable> {
        self.wandering.iter().find(|t| t.terrain == terrain)
    }
}

impl Document for WildernessSpec {
    const KIND: &'static str = "Wilderness";

    fn id(&self) -> &str {
        &self.id
    }

    fn problems(&self, db: &ContentDb) -> Vec<Problem> {
        let mut out = Vec::new();
        let ids: Vec<&str> = self.sites.iter().map(|s| s.id.as_str()).collect();
        let mut seen = BTreeSet::new();
        out.extend(id_problems("wilderness", &self.id));
        for site in &self.sites {
            out.extend(id_problems("site", &site.id));
            if !seen.insert(site.id.as_str()) {
                out.push(Problem::at(
                    &site.id,
                    format!("site `{}` is defined twice", site.id),
                ));
            }
            for foes in &site.monsters {
                out.extend(stock_problems(db, &self.ruleset, foes));
            }
            if let Some(p) = Problem::outside(i64::from(site.treasure), 0, LIMIT, "treasure") {
                out.push(p);
            }
        }
        let known = |id: &str, out: &mut Vec<Problem>| {
            if !ids.contains(&id) {
                out.push(
                    Problem::at(id, format!("unknown site `{id}`"))
                        .with_help(help_for(id, ids.iter().copied())),
                );
            }
        };
        known(&self.start, &mut out);
        for leg in &self.legs {
            known(&leg.from, &mut out);
            known(&leg.to, &mut out);
            if leg.from == leg.to {
                out.push(Problem::at(
                    &leg.from,
                    "a leg must join two different sites",
                ));
            }
            if let Some(p) = Problem::outside(i64::from(leg.miles), 1, MAX_MILES, "miles") {
                out.push(p);
            }
            if leg.current.is_some() && leg.terrain != Terrain::River {
                out.push(Problem::at(
                    &leg.to,
                    format!(
                        "the leg from `{}` to `{}` has a current but crosses {}, not a river",
                        leg.from,
                        leg.to,
                        leg.terrain.label()
                    ),
                ));
            }
        }
        let mut terrains = BTreeSet::new();
        for table in &self.wandering {
            if !terrains.insert(table.terrain) {
                out.push(Problem::here(format!(
                    "the {} has two wandering tables",
                    table.terrain.label()
                )));
            }
            if table.entries.is_empty() {
                out.push(Problem::here(format!(
                    "the wandering table of the {} has no entries",
                    table.terrain.label()
                )));
            }
            for entry in &table.entries {
                out.extend(statblock_problem(db, &self.ruleset, &entry.statblock));
                out.extend(count_problem(&entry.count));
            }
        }
        out.extend(ruleset_problem(db, &self.ruleset));
        out
    }
}
