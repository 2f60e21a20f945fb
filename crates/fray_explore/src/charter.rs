//! An expedition as content: `Expedition(...)` files (`content/<ruleset>/expeditions/<id>.ron`)
//! name a dungeon, a party with its supplies and a plan (a route of areas, a goal, and the
//! party's policy), and spawn into a World with [`SpawnDelveExt::spawn_delve`](crate::charter::SpawnDelveExt::spawn_delve).

use std::collections::BTreeSet;
use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_content::document::{Document, DocumentKind};
use fray_content::loader::ContentLoader;
use fray_content::schema::Problem;
use fray_content::suggest::help_for;
use serde::{Deserialize, Serialize};

use crate::activity::Activity;
use crate::dungeon::{DungeonSpec, ruleset_problem, statblock_problem};
use crate::expedition::{ExpeditionSettings, ExploreError, MemberSpec, SpawnExpeditionExt};
use crate::light::LightKind;
use crate::party::{Character, Supplies};
use crate::place::{Discoveries, Haul, Position, spawn_dungeon};
use crate::policy::{Policy, PolicyState};
use crate::procedure::Procedures;

/// Largest hit points a party member may set out with.
pub const MAX_HP: i64 = 10_000;

/// Largest number of turns an expedition file may allow.
pub const MAX_TURNS: i64 = 1_000_000;

/// An expedition: a party, what it carries, and what it means to do in which dungeon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Expedition", deny_unknown_fields)]
pub struct ExpeditionSpec {
    /// Unique id among expeditions.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The ruleset whose procedures it follows.
    pub ruleset: String,
    /// What it is, for listings.
    #[serde(default)]
    pub description: String,
    /// The dungeon's id.
    pub dungeon: String,
    /// The party, in marching order.
    pub party: Vec<PartyMemberSpec>,
    /// What it means to do.
    #[serde(default)]
    pub plan: PlanSpec,
    /// Turns after which a run stops, if it has not ended by itself.
    #[serde(default = "default_max_turns")]
    pub max_turns: u32,
}

fn default_max_turns() -> u32 {
    1_000
}

/// A party member of an expedition file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartyMemberSpec {
    /// Its name (unique in the party).
    pub name: String,
    /// Its statblock in the ruleset.
    pub statblock: String,
    /// Its hit points when it sets out (and their maximum).
    pub hp: i32,
    /// What it carries.
    #[serde(default)]
    pub supplies: Supplies,
    /// The light it sets out with lit (taken from its supplies).
    #[serde(default)]
    pub lit: Option<LightKind>,
}

/// What the party means to do: visit areas in order (each by the shortest way it knows), then
/// reach its goal, then come back out by the entrance; and how it goes about it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PlanSpec {
    /// Areas to visit, in order.
    pub route: Vec<String>,
    /// The area it came for, after the route.
    pub goal: Option<String>,
    /// Its policy.
    pub policy: Policy,
}

impl ExpeditionSpec {
    /// The plan's activities: to each area of the route, to the goal, then out.
    pub fn activities(&self, entrance: &str) -> Vec<Activity> {
        self.plan
            .route
            .iter()
            .chain(&self.plan.goal)
            .map(|area| Activity::GoTo { area: area.clone() })
            .chain([
                Activity::GoTo {
                    area: entrance.to_string(),
                },
                Activity::Leave,
            ])
            .collect()
    }
}

impl Document for ExpeditionSpec {
    const KIND: &'static str = "Expedition";

    fn id(&self) -> &str {
        &self.id
    }

    fn problems(&self, db: &ContentDb) -> Vec<Problem> {
        let mut out = Vec::new();
        out.extend(ruleset_problem(db, &self.ruleset));
        let dungeons = db.documents_of::<DungeonSpec>();
        match db.document::<DungeonSpec>(&self.dungeon) {
            None => out.push(
                Problem::at(&self.dungeon, format!("unknown dungeon `{}`", self.dungeon))
                    .with_help(help_for(
                        &self.dungeon,
                        dungeons.into_iter().flat_map(|d| d.ids()),
                    )),
            ),
            Some(dungeon) => {
                if dungeon.ruleset != self.ruleset {
                    out.push(Problem::at(
                        &self.dungeon,
                        format!(
                            "dungeon `{}` is a {} dungeon, not {}",
                            self.dungeon, dungeon.ruleset, self.ruleset
                        ),
                    ));
                }
                for area in self.plan.route.iter().chain(&self.plan.goal) {
                    if dungeon.area(area).is_none() {
                        out.push(
                            Problem::at(
                                area,
                                format!("dungeon `{}` has no area `{area}`", dungeon.id),
                            )
                            .with_help(help_for(area, dungeon.areas.iter().map(|a| a.id.as_str()))),
                        );
                    }
                }
            }
        }
        if self.party.is_empty() {
            out.push(Problem::field("party", "an expedition needs a party"));
        }
        let mut names = BTreeSet::new();
        for member in &self.party {
            if !names.insert(member.name.as_str()) {
                out.push(Problem::at(
                    &member.name,
                    format!("party member `{}` is named twice", member.name),
                ));
            }
            out.extend(statblock_problem(db, &self.ruleset, &member.statblock));
            if !(1..=MAX_HP).contains(&i64::from(member.hp)) {
                out.push(Problem::at(
                    &member.name,
                    format!(
                        "{}'s hp is {}; it must be within 1..{MAX_HP}",
                        member.name, member.hp
                    ),
                ));
            }
        }
        if let Some(p) = Problem::outside(i64::from(self.max_turns), 1, MAX_TURNS, "max_turns") {
            out.push(p);
        }
        out
    }
}

/// `loader`, knowing dungeon and expedition files: it then loads and validates them.
///
/// ```
/// let loader = fray_explore::charter::with_expeditions(fray_content::ContentLoader::new());
/// let mut db = fray_content::ContentDb::default();
/// let text = "Expedition(id: \"x\", name: \"X\", ruleset: \"bx\", dungeon: \"nowhere\", party: [])";
/// loader.add_source(&mut db, fray_content::SourceFile::new("x.ron", text)).unwrap();
/// let problems: Vec<String> = loader.validate(&mut db).iter().map(|d| d.to_string()).collect();
/// assert!(problems.iter().any(|p| p.contains("unknown dungeon `nowhere`")), "{problems:?}");
/// ```
pub fn with_expeditions(loader: ContentLoader) -> ContentLoader {
    loader
        .with_document(DocumentKind::<DungeonSpec>::new())
        .with_document(DocumentKind::<ExpeditionSpec>::new())
}

/// Spawning expeditions from their files.
pub trait SpawnDelveExt {
    /// Spawns the dungeon and the expedition of `spec` into the dungeon's entrance, with its
    /// party, plan and policy, seeded with `seed`; returns the expedition entity. Its dungeon
    /// is despawned with it only by the caller (see [`Position::dungeon`]).
    fn spawn_delve(
        &mut self,
        spec: &ExpeditionSpec,
        dungeon: Arc<DungeonSpec>,
        seed: u64,
        log: bool,
    ) -> Result<Entity, ExploreError>;

    /// Spawns the expedition of id `id` from loaded content, with its dungeon.
    fn spawn_delve_from(
        &mut self,
        db: &ContentDb,
        id: &str,
        seed: u64,
        log: bool,
    ) -> Result<Entity, ExploreError> {
        let spec = db
            .document::<ExpeditionSpec>(id)
            .ok_or_else(|| ExploreError::UnknownExpedition(id.to_string()))?;
        let dungeon = db
            .document::<DungeonSpec>(&spec.dungeon)
            .ok_or_else(|| ExploreError::UnknownDungeon(spec.dungeon.clone()))?;
        self.spawn_delve(spec, Arc::new(dungeon.clone()), seed, log)
    }
}

impl SpawnDelveExt for World {
    fn spawn_delve(
        &mut self,
        spec: &ExpeditionSpec,
        dungeon: Arc<DungeonSpec>,
        seed: u64,
        log: bool,
    ) -> Result<Entity, ExploreError> {
        let pace = self
            .get_resource::<Procedures>()
            .and_then(|p| p.get(&spec.ruleset))
            .map(|p| p.pace())
            .ok_or_else(|| ExploreError::UnknownRuleset(spec.ruleset.clone()))?;
        let expedition = self.spawn_expedition(&ExpeditionSettings {
            id: spec.id.clone(),
            ruleset: spec.ruleset.clone(),
            seed,
            log,
            plan: spec.activities(&dungeon.entrance),
        })?;
        for member in &spec.party {
            let added = self.add_member(
                expedition,
                &MemberSpec {
                    character: Character {
                        name: member.name.clone(),
                        statblock: member.statblock.clone(),
                    },
                    max_hp: member
                        .hp
                        .clamp(1, i32::try_from(MAX_HP).unwrap_or(i32::MAX)),
                    supplies: member.supplies,
                    lit: member.lit,
                },
            );
            if let Err(e) = added {
                self.despawn(expedition);
                return Err(e);
            }
        }
        let place = spawn_dungeon(self, dungeon);
        let entrance = self
            .get::<crate::place::Dungeon>(place)
            .map_or(place, |d| d.entrance);
        self.entity_mut(expedition).insert((
            Position {
                dungeon: place,
                area: entrance,
                travel: None,
                visited: [entrance].into_iter().collect(),
                familiar: BTreeSet::new(),
            },
            pace,
            Discoveries::default(),
            Haul::default(),
            spec.plan.policy,
            PolicyState::default(),
        ));
        Ok(expedition)
    }
}
