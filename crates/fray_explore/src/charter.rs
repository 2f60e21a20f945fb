//! An expedition as content: `Expedition(...)` files (`content/<ruleset>/expeditions/<id>.ron`)
//! name a dungeon or a wilderness, a party with its supplies and a plan (a route of areas or
//! sites, a goal, and the party's policy and march), and spawn into a World with
//! [`SpawnDelveExt::spawn_delve`](crate::charter::SpawnDelveExt::spawn_delve) (a dungeon) or
//! [`SpawnDelveExt::spawn_journey`](crate::charter::SpawnDelveExt::spawn_journey) (a
//! wilderness); [`SpawnDelveExt::spawn_delve_from`](crate::charter::SpawnDelveExt::spawn_delve_from)
//! spawns either.

use std::collections::BTreeSet;
use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_content::document::{Document, DocumentKind};
use fray_content::loader::ContentLoader;
use fray_content::naming::name_problem;
use fray_content::schema::Problem;
use fray_content::suggest::help_for;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::activity::Activity;
use crate::dungeon::DungeonSpec;
use crate::error::ExploreError;
use crate::expedition::{ExpeditionSettings, MemberSpec, SpawnExpeditionExt};
use crate::journey::{DayMarch, March};
use crate::landscape::{Site, Whereabouts, Wilderness, spawn_wilderness};
use crate::light::LightKind;
use crate::mount::{MountSpec, Mounts};
use crate::party::{Character, Supplies};
use crate::place::{Discoveries, Haul, Position, spawn_dungeon};
use crate::policy::{ExpeditionPolicy, PolicyState};
use crate::procedure::Procedures;
use crate::terrain::Terrain;
use crate::validation::{LIMIT, id_problems, ruleset_problem, statblock_problem};
use crate::vessel::{Vessel, VesselSpec};
use crate::wilderness::WildernessSpec;

/// Largest hit points a party member may set out with.
pub const MAX_HP: i64 = 10_000;

/// Largest number of turns an expedition file may allow.
pub const MAX_TURNS: i64 = 1_000_000;

/// An expedition: a party, what it carries, and what it means to do in which dungeon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
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
    /// The dungeon's id (an expedition names a dungeon or a wilderness).
    #[serde(default)]
    pub dungeon: Option<String>,
    /// The wilderness's id: the party journeys from its starting site, and home again.
    #[serde(default)]
    pub wilderness: Option<String>,
    /// The party, in marching order.
    pub party: Vec<PartyMemberSpec>,
    /// Its vessel, for a wilderness's water legs.
    #[serde(default)]
    pub vessel: Option<VesselSpec>,
    /// Its mounts, one for each member, for a wilderness's land legs.
    #[serde(default)]
    pub mount: Option<MountSpec>,
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
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

/// What the party means to do: visit areas (or a wilderness's sites) in order, each by the
/// shortest way it knows, then reach its goal, then come back out by the entrance (or home
/// to the starting site); and how it goes about it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct PlanSpec {
    /// Areas (or sites) to visit, in order.
    pub route: Vec<String>,
    /// The area (or site) it came for, after the route.
    pub goal: Option<String>,
    /// Its policy.
    pub policy: ExpeditionPolicy,
    /// How it marches in a wilderness.
    pub march: March,
}

impl ExpeditionSpec {
    /// The plan's journey through a wilderness: to each site of the route, to the goal, then
    /// home (the starting site is the wilderness's).
    pub fn journey(&self) -> Vec<Activity> {
        self.plan
            .route
            .iter()
            .chain(&self.plan.goal)
            .map(|site| Activity::Journey { site: site.clone() })
            .chain([Activity::Leave])
            .collect()
    }

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
        match (&self.dungeon, &self.wilderness) {
            (Some(dungeon), None) => out.extend(self.dungeon_problems(db, dungeon)),
            (None, Some(wilderness)) => out.extend(self.wilderness_problems(db, wilderness)),
            (Some(_), Some(_)) => out.push(Problem::field(
                "wilderness",
                "an expedition names a dungeon or a wilderness, not both (a journey to a \
                 dungeon and into it is not built yet)",
            )),
            (None, None) => out.push(Problem::here(
                "an expedition needs a `dungeon` or a `wilderness`",
            )),
        }
        out.extend(self.party_problems(db));
        out
    }
}

/// The places reached from `start` along two-way `links`, `start` included.
fn reachable<'a>(
    start: &'a str,
    links: impl Iterator<Item = (&'a str, &'a str)> + Clone,
) -> BTreeSet<&'a str> {
    let mut reached = BTreeSet::from([start]);
    let mut stack = vec![start];
    while let Some(at) = stack.pop() {
        for (a, b) in links.clone() {
            let next = if a == at {
                b
            } else if b == at {
                a
            } else {
                continue;
            };
            if reached.insert(next) {
                stack.push(next);
            }
        }
    }
    reached
}

impl ExpeditionSpec {
    /// The problems of its dungeon and the areas its plan names.
    fn dungeon_problems(&self, db: &ContentDb, id: &str) -> Vec<Problem> {
        let mut out = Vec::new();
        let dungeons = db.documents_of::<DungeonSpec>();
        match db.document::<DungeonSpec>(id) {
            None => out.push(
                Problem::at(id, format!("unknown dungeon `{id}`"))
                    .with_help(help_for(id, dungeons.into_iter().flat_map(|d| d.ids()))),
            ),
            Some(dungeon) => {
                if dungeon.ruleset != self.ruleset {
                    out.push(Problem::at(
                        id,
                        format!(
                            "dungeon `{id}` is a {} dungeon, not {}",
                            dungeon.ruleset, self.ruleset
                        ),
                    ));
                }
                let reached = reachable(
                    &dungeon.entrance,
                    dungeon
                        .passages
                        .iter()
                        .map(|p| (p.from.as_str(), p.to.as_str())),
                );
                for area in self.plan.route.iter().chain(&self.plan.goal) {
                    if dungeon.area(area).is_none() {
                        out.push(
                            Problem::at(
                                area,
                                format!("dungeon `{}` has no area `{area}`", dungeon.id),
                            )
                            .with_help(help_for(area, dungeon.areas.iter().map(|a| a.id.as_str()))),
                        );
                    } else if !reached.contains(area.as_str()) {
                        out.push(
                            Problem::at(
                                area,
                                format!(
                                    "no passage leads from the entrance `{}` to area `{area}` of dungeon `{}`",
                                    dungeon.entrance, dungeon.id
                                ),
                            )
                            .with_help("add a passage to it, or leave it out of the plan"),
                        );
                    }
                }
            }
        }
        out
    }

    /// The problems of its wilderness and the sites its plan names.
    fn wilderness_problems(&self, db: &ContentDb, id: &str) -> Vec<Problem> {
        let mut out = Vec::new();
        let wildernesses = db.documents_of::<WildernessSpec>();
        match db.document::<WildernessSpec>(id) {
            None => out.push(
                Problem::at(id, format!("unknown wilderness `{id}`"))
                    .with_help(help_for(id, wildernesses.into_iter().flat_map(|w| w.ids()))),
            ),
            Some(wilderness) => {
                if wilderness.ruleset != self.ruleset {
                    out.push(Problem::at(
                        id,
                        format!(
                            "wilderness `{id}` is a {} wilderness, not {}",
                            wilderness.ruleset, self.ruleset
                        ),
                    ));
                }
                let reached = reachable(
                    &wilderness.start,
                    wilderness
                        .legs
                        .iter()
                        .map(|l| (l.from.as_str(), l.to.as_str())),
                );
                for site in self.plan.route.iter().chain(&self.plan.goal) {
                    if wilderness.site(site).is_none() {
                        out.push(
                            Problem::at(site, format!("wilderness `{id}` has no site `{site}`"))
                                .with_help(help_for(
                                    site,
                                    wilderness.sites.iter().map(|s| s.id.as_str()),
                                )),
                        );
                    } else if !reached.contains(site.as_str()) {
                        out.push(
                            Problem::at(
                                site,
                                format!(
                                    "no leg leads from the start `{}` to site `{site}` of wilderness `{id}`",
                                    wilderness.start
                                ),
                            )
                            .with_help("add a leg to it, or leave it out of the plan"),
                        );
                    }
                }
            }
        }
        out
    }

    /// The problems of its party and limits.
    fn party_problems(&self, db: &ContentDb) -> Vec<Problem> {
        let mut out = Vec::new();
        if self.party.is_empty() {
            out.push(Problem::field("party", "an expedition needs a party"));
        }
        out.extend(id_problems("expedition", &self.id));
        if let Some(message) = name_problem("expedition", &self.name) {
            out.push(Problem::at(&self.name, message));
        }
        if let Some(p) = Problem::outside(
            i64::from(self.plan.policy.turn_back_below_hp_percent),
            0,
            100,
            "turn_back_below_hp_percent",
        ) {
            out.push(p.with_help("a percentage of the party's hit points, 0 for never"));
        }
        let mut names = BTreeSet::new();
        for member in &self.party {
            if let Some(message) = name_problem("party member", &member.name) {
                out.push(Problem::at(&member.name, message));
            }
            let supplies = &member.supplies;
            for (what, n) in [
                ("torches", supplies.torches),
                ("oil_flasks", supplies.oil_flasks),
                ("rations", supplies.rations),
                ("gold", supplies.gold),
            ] {
                if i64::from(n) > LIMIT {
                    out.push(Problem::at(
                        &member.name,
                        format!("{}'s {what} are {n}; at most {LIMIT}", member.name),
                    ));
                }
            }
            if !names.insert(member.name.as_str()) {
                out.push(Problem::at(
                    &member.name,
                    format!("party member `{}` is named twice", member.name),
                ));
            }
            out.extend(statblock_problem(db, &self.ruleset, &member.statblock));
            let most = db
                .statblock_summaries(&self.ruleset)
                .iter()
                .find(|s| s.id == member.statblock)
                .and_then(|s| s.max_hp);
            if !(1..=MAX_HP).contains(&i64::from(member.hp)) {
                out.push(Problem::at(
                    &member.name,
                    format!(
                        "{}'s hp is {}; it must be within 1..{MAX_HP}",
                        member.name, member.hp
                    ),
                ));
            } else if let Some(most) = most.filter(|most| member.hp > *most) {
                // Its fights spawn it from its statblock: more would be lost at the first one.
                out.push(
                    Problem::at(
                        &member.name,
                        format!(
                            "{}'s hp is {}, above the {most} of its statblock `{}`",
                            member.name, member.hp, member.statblock
                        ),
                    )
                    .with_help(format!(
                        "a member sets out with at most its statblock's hit points: hp: {most} or fewer"
                    )),
                );
            }
        }
        if let Some(mount) = &self.mount {
            out.extend(statblock_problem(db, &self.ruleset, &mount.statblock));
        }
        if let Some(p) = Problem::outside(i64::from(self.max_turns), 1, MAX_TURNS, "max_turns") {
            out.push(p);
        }
        out
    }
}

/// `loader`, knowing dungeon, wilderness and expedition files: it then loads and validates
/// them.
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
        .with_document(DocumentKind::<WildernessSpec>::new())
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

    /// Spawns the wilderness and the expedition of `spec` at the wilderness's starting site,
    /// with its party (lights unlit: it travels by day), plan, policy and march, seeded with
    /// `seed`; returns the expedition entity. Its wilderness is despawned with it only by the
    /// caller (see [`Whereabouts::wilderness`]).
    fn spawn_journey(
        &mut self,
        spec: &ExpeditionSpec,
        wilderness: Arc<WildernessSpec>,
        seed: u64,
        log: bool,
    ) -> Result<Entity, ExploreError>;

    /// Spawns the expedition of id `id` from loaded content, with its dungeon or wilderness.
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
        match (&spec.dungeon, &spec.wilderness) {
            (Some(dungeon), None) => {
                let dungeon = db
                    .document::<DungeonSpec>(dungeon)
                    .ok_or_else(|| ExploreError::UnknownDungeon(dungeon.clone()))?;
                self.spawn_delve(spec, Arc::new(dungeon.clone()), seed, log)
            }
            (None, Some(wilderness)) => {
                let wilderness = db
                    .document::<WildernessSpec>(wilderness)
                    .ok_or_else(|| ExploreError::UnknownWilderness(wilderness.clone()))?;
                self.spawn_journey(spec, Arc::new(wilderness.clone()), seed, log)
            }
            _ => Err(ExploreError::NoPlace(spec.id.clone())),
        }
    }
}

/// Spawns the expedition of `spec` with `plan` and its party; `lights` says whether members
/// set out with their light lit.
fn spawn_party(
    world: &mut World,
    spec: &ExpeditionSpec,
    plan: Vec<Activity>,
    seed: u64,
    log: bool,
    lights: bool,
) -> Result<Entity, ExploreError> {
    let expedition = world.spawn_expedition(&ExpeditionSettings {
        id: spec.id.clone(),
        ruleset: spec.ruleset.clone(),
        seed,
        log,
        plan,
    })?;
    for member in &spec.party {
        let added = world.add_member(
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
                lit: member.lit.filter(|_| lights),
            },
        );
        if let Err(e) = added {
            world.despawn(expedition);
            return Err(e);
        }
    }
    Ok(expedition)
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
        let expedition = spawn_party(
            self,
            spec,
            spec.activities(&dungeon.entrance),
            seed,
            log,
            true,
        )?;
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

    fn spawn_journey(
        &mut self,
        spec: &ExpeditionSpec,
        wilderness: Arc<WildernessSpec>,
        seed: u64,
        log: bool,
    ) -> Result<Entity, ExploreError> {
        if self
            .get_resource::<Procedures>()
            .is_none_or(|p| p.get(&spec.ruleset).is_none())
        {
            return Err(ExploreError::UnknownRuleset(spec.ruleset.clone()));
        }
        let expedition = spawn_party(self, spec, spec.journey(), seed, log, false)?;
        let place = spawn_wilderness(self, wilderness);
        let (start, terrain) = self
            .get::<Wilderness>(place)
            .map(|w| w.start)
            .and_then(|s| self.get::<Site>(s).map(|site| (s, site.terrain)))
            .unwrap_or((place, Terrain::Clear));
        self.entity_mut(expedition).insert((
            Whereabouts {
                wilderness: place,
                site: start,
                trek: None,
                visited: [start].into_iter().collect(),
                terrain,
            },
            spec.plan.march,
            DayMarch::default(),
            Haul::default(),
            spec.plan.policy,
            PolicyState::default(),
        ));
        if let Some(vessel) = &spec.vessel {
            self.entity_mut(expedition).insert(Vessel {
                spec: vessel.clone(),
                taking_water: false,
            });
        }
        if let Some(mount) = &spec.mount {
            self.entity_mut(expedition).insert(Mounts(mount.clone()));
        }
        Ok(expedition)
    }
}
