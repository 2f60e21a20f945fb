//! Spawning encounters from content (or from specs built in code), and the ruleset seam for it.

use std::collections::BTreeMap;
use std::sync::Arc;

use bevy_ecs::name::Name;
use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_content::encounter::{CombatantSpec, ControllerSpec, EncounterSpec, SideScale};
use fray_content::options::OptionValue;
use fray_content::suggest::help_for;
use thiserror::Error;

use crate::combatant::{
    Combatant, Controller, Hp, Initiative, Leader, Morale, Side, StatblockRef, Status, Tally,
};
use crate::condition::Conditions;
use crate::effect::Effects;
use crate::encounter::{
    Encounter, GroupInfo, Groups, InEncounter, PlayerMorale, Roster, RosterEntry, SideInfo, Sides,
};
use crate::engagement::Engagement;
use crate::events::Announced;
use crate::gauge::Gauge;
use crate::ids::{CombatantId, GroupId, PlayerId, RegionId, SideId};
use crate::log::{CombatLog, LogEvent};
use crate::morale::MoraleState;
use crate::options::ActionOptions;
use crate::region::{EncounterMap, InRegion, Region, RegionLinks};
use crate::rng::{DecisionRng, EncounterRng};
use crate::turn::{Turn, TurnOrder};
use crate::vocabulary::Vocabulary;

/// A ruleset as the core sees it when spawning. Its [`RulesetPlugin`](crate::kit::RulesetPlugin)
/// registers it in [`Rulesets`]; the kit does everything else.
///
/// `build_encounter` and `build_combatant` also run when an encounter is played again in place
/// ([`SpawnEncounterExt::reset_encounter`]): they insert the same components with their
/// starting values.
pub trait Ruleset: Send + Sync + 'static {
    /// The ruleset id (`archmage`), as encounter files name it.
    fn id(&self) -> &'static str;

    /// Adds the ruleset's components to a new encounter entity: its marker component and its
    /// options (read from `spec.options.ruleset`).
    fn build_encounter(&self, build: EncounterBuild<'_>) -> Result<(), SpawnError>;

    /// Adds the ruleset's components to a new combatant: [`Hp`], its
    /// budget, its stats, from the statblock named in the build.
    fn build_combatant(&self, build: CombatantBuild<'_>) -> Result<(), SpawnError>;

    /// The display name of a statblock (for naming spawned combatants).
    fn statblock_name(&self, content: &ContentDb, statblock: &str) -> Option<String>;

    /// The ruleset's words for its conditions, damage types, maneuvers and costs (a UI asks
    /// here; the kit's plugin gives the ruleset's own).
    fn vocabulary(&self) -> &'static dyn Vocabulary {
        &CommonWords
    }

    /// What combatant `who` has left to spend, for a client (see
    /// [`Presentation::budget`](crate::kit::Presentation::budget)); none by default.
    fn budget(&self, world: &World, who: Entity) -> Vec<Gauge> {
        let _ = (world, who);
        Vec::new()
    }

    /// The battle-wide counters of `encounter`, for a client (see
    /// [`Presentation::battle_gauges`](crate::kit::Presentation::battle_gauges)); none by default.
    fn battle_gauges(&self, world: &World, encounter: Entity) -> Vec<Gauge> {
        let _ = (world, encounter);
        Vec::new()
    }

    /// The numbers combatant `who` is judged by, for a client (see
    /// [`Presentation::stats`](crate::kit::Presentation::stats)); none by default.
    fn stats(&self, world: &World, who: Entity) -> Vec<Gauge> {
        let _ = (world, who);
        Vec::new()
    }

    /// The ruleset's own terms with what they mean, for a client (see
    /// [`Presentation::glossary`](crate::kit::Presentation::glossary)); none by default.
    fn glossary(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// Makes a game's `edit` of combatant `who` of `encounter` (see [`crate::edit::apply`]). The
    /// kit's plugin makes it with the ruleset's hooks; a spawner alone takes no edits.
    fn apply_edit(
        &self,
        world: &mut World,
        encounter: Entity,
        who: Entity,
        edit: crate::edit::change::Edit,
        why: &str,
    ) -> Result<(), crate::edit::error::EditError> {
        let _ = (world, encounter, who, edit, why);
        Err(crate::edit::error::EditError::NotEditable(
            self.id().to_string(),
        ))
    }

    /// Offers `encounter`'s decision on hand again at once, after its components changed (see
    /// [`crate::edit::changed`]); nothing by default.
    fn reoffer(&self, world: &mut World, encounter: Entity) {
        let _ = (world, encounter);
    }
}

/// The words of the core's common vocabulary alone.
#[derive(Debug, Clone, Copy, Default)]
pub struct CommonWords;

impl Vocabulary for CommonWords {}

/// What a ruleset gets to build an encounter.
pub struct EncounterBuild<'w> {
    /// The new encounter entity (core components already in place).
    pub entity: EntityWorldMut<'w>,
    /// The encounter's spec.
    pub spec: &'w EncounterSpec,
    /// All content.
    pub content: &'w ContentDb,
}

/// What a ruleset gets to build a combatant.
pub struct CombatantBuild<'w> {
    /// The new combatant entity (core components already in place).
    pub entity: EntityWorldMut<'w>,
    /// The statblock id.
    pub statblock: &'w str,
    /// All content.
    pub content: &'w ContentDb,
    /// The encounter's ruleset options.
    pub options: &'w BTreeMap<String, OptionValue>,
    /// The level (or hit dice) the encounter plays the statblock at instead of its own
    /// (`level:` on the entry). The core has checked that the statblock's
    /// [`levels`](fray_content::schema::Statblock::levels) allow it, so a ruleset gets a level
    /// only for statblocks that say they can play at one, and must honour it.
    pub level: Option<u16>,
}

/// The registered rulesets, by id.
#[derive(Resource, Default, Clone)]
pub struct Rulesets(pub BTreeMap<&'static str, Arc<dyn Ruleset>>);

impl Rulesets {
    /// Registers a ruleset.
    pub fn insert(&mut self, ruleset: impl Ruleset) {
        self.0.insert(ruleset.id(), Arc::new(ruleset));
    }

    /// The ruleset with this id.
    pub fn get(&self, id: &str) -> Option<&Arc<dyn Ruleset>> {
        self.0.get(id)
    }

    /// The ruleset `encounter` is played under, when it is registered in `world`.
    pub fn of(world: &World, encounter: Entity) -> Option<&Arc<dyn Ruleset>> {
        let id = &world.get::<crate::encounter::Encounter>(encounter)?.ruleset;
        world.get_resource::<Rulesets>()?.get(id)
    }
}

/// The loaded content, shared by every World that spawns from it.
#[derive(Resource, Clone, Debug)]
pub struct Content(pub Arc<ContentDb>);

/// How to spawn one encounter.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EncounterSettings {
    /// The seed of its random stream.
    pub seed: u64,
    /// Whether to record its log.
    pub log: bool,
    /// Controllers to use instead of the file's, by side name.
    pub controllers: Vec<(String, Controller)>,
    /// Whether morale checks pass over the combatants a player controls.
    pub player_morale: PlayerMorale,
}

impl EncounterSettings {
    /// A seed, logging on.
    pub fn logged(seed: u64) -> Self {
        Self {
            seed,
            log: true,
            controllers: Vec::new(),
            player_morale: PlayerMorale::default(),
        }
    }

    /// A seed, logging off (batch runs).
    pub fn quiet(seed: u64) -> Self {
        Self {
            seed,
            log: false,
            controllers: Vec::new(),
            player_morale: PlayerMorale::default(),
        }
    }

    /// Lets players decide their own combatants' morale ([`PlayerMorale::PlayerDecides`]).
    pub fn with_player_morale(mut self, player_morale: PlayerMorale) -> Self {
        self.player_morale = player_morale;
        self
    }

    /// Overrides a side's controller.
    pub fn with_controller(mut self, side: impl Into<String>, controller: Controller) -> Self {
        self.controllers.push((side.into(), controller));
        self
    }
}

/// Why an encounter could not be spawned. Nothing is left in the World when spawning fails.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpawnError {
    /// No [`Content`] resource.
    #[error("no content is loaded: insert a `Content` resource first")]
    NoContent,
    /// No encounter with that id.
    #[error("unknown encounter `{id}` ({help})")]
    UnknownEncounter {
        /// The id asked for.
        id: String,
        /// A suggestion.
        help: String,
    },
    /// The encounter's ruleset is not registered.
    #[error("ruleset `{0}` is not registered: add its plugin")]
    UnknownRuleset(String),
    /// The map cannot be found.
    #[error("unknown map for encounter `{0}`")]
    UnknownMap(String),
    /// A region named by a combatant is not on the map.
    #[error("unknown region `{region}` for `{statblock}`")]
    UnknownRegion {
        /// The region id.
        region: String,
        /// Whose start it is.
        statblock: String,
    },
    /// A statblock is missing or not a combatant.
    #[error("unknown statblock `{id}` ({help})")]
    UnknownStatblock {
        /// The id.
        id: String,
        /// A suggestion.
        help: String,
    },
    /// A controller override names no side.
    #[error("no side named `{side}` ({help})")]
    UnknownSide {
        /// The side name.
        side: String,
        /// A suggestion.
        help: String,
    },
    /// More combatants, regions or sides than an encounter can index.
    #[error("encounter too large: {0}")]
    TooLarge(&'static str),
    /// The entity is not a spawned encounter.
    #[error("that entity is not an encounter")]
    NotAnEncounter,
    /// The ruleset refused.
    #[error("{0}")]
    Ruleset(String),
}

/// Spawning encounters into a World.
pub trait SpawnEncounterExt {
    /// Spawns the content encounter `id`.
    fn spawn_encounter(
        &mut self,
        id: &str,
        settings: &EncounterSettings,
    ) -> Result<Entity, SpawnError>;

    /// Spawns an encounter from a spec (built in code or loaded).
    fn spawn_encounter_spec(
        &mut self,
        spec: &EncounterSpec,
        settings: &EncounterSettings,
    ) -> Result<Entity, SpawnError>;

    /// Plays encounter `encounter` again from the start, in place: the same entities, with
    /// every component back to its starting value, the seed and log of `settings` (and its
    /// controllers, for the sides it names). Much cheaper than despawning it and spawning anew:
    /// batches play run after run this way.
    fn reset_encounter(
        &mut self,
        encounter: Entity,
        settings: &EncounterSettings,
    ) -> Result<(), SpawnError>;
}

impl SpawnEncounterExt for World {
    fn spawn_encounter(
        &mut self,
        id: &str,
        settings: &EncounterSettings,
    ) -> Result<Entity, SpawnError> {
        let content = self
            .get_resource::<Content>()
            .ok_or(SpawnError::NoContent)?
            .0
            .clone();
        let spec = content
            .encounter(id)
            .ok_or_else(|| SpawnError::UnknownEncounter {
                id: id.to_string(),
                help: help_for(id, content.encounters().map(|e| e.id.as_str())),
            })?;
        self.spawn_encounter_spec(spec, settings)
    }

    fn spawn_encounter_spec(
        &mut self,
        spec: &EncounterSpec,
        settings: &EncounterSettings,
    ) -> Result<Entity, SpawnError> {
        let content = self
            .get_resource::<Content>()
            .ok_or(SpawnError::NoContent)?
            .0
            .clone();
        let ruleset = self
            .get_resource::<Rulesets>()
            .and_then(|r| r.0.get(spec.ruleset.as_str()).cloned())
            .ok_or_else(|| SpawnError::UnknownRuleset(spec.ruleset.clone()))?;
        let encounter = self
            .spawn((
                Encounter {
                    player_morale: settings.player_morale,
                    ..Encounter::new(
                        &spec.id,
                        &spec.ruleset,
                        spec.options.max_rounds,
                        settings.seed,
                    )
                },
                EncounterRng::from_seed(settings.seed),
                DecisionRng::for_encounter(settings.seed),
                CombatLog::new(settings.log),
                Announced::default(),
            ))
            .id();
        match populate(self, encounter, spec, settings, &content, ruleset.as_ref()) {
            Ok(()) => Ok(encounter),
            Err(e) => {
                self.despawn(encounter);
                Err(e)
            }
        }
    }

    fn reset_encounter(
        &mut self,
        encounter: Entity,
        settings: &EncounterSettings,
    ) -> Result<(), SpawnError> {
        let content = self
            .get_resource::<Content>()
            .ok_or(SpawnError::NoContent)?
            .0
            .clone();
        let id = self
            .get::<Encounter>(encounter)
            .map(|e| e.id.clone())
            .ok_or(SpawnError::NotAnEncounter)?;
        let spec = content
            .encounter(&id)
            .ok_or_else(|| SpawnError::UnknownEncounter {
                id: id.clone(),
                help: help_for(&id, content.encounters().map(|e| e.id.as_str())),
            })?;
        let ruleset = self
            .get_resource::<Rulesets>()
            .and_then(|r| r.0.get(spec.ruleset.as_str()).cloned())
            .ok_or_else(|| SpawnError::UnknownRuleset(spec.ruleset.clone()))?;
        reset(self, encounter, spec, settings, &content, ruleset.as_ref())
    }
}

fn populate(
    world: &mut World,
    encounter: Entity,
    spec: &EncounterSpec,
    settings: &EncounterSettings,
    content: &ContentDb,
    ruleset: &dyn Ruleset,
) -> Result<(), SpawnError> {
    let map_spec = content
        .resolve_map(spec)
        .ok_or_else(|| SpawnError::UnknownMap(spec.id.clone()))?;
    if map_spec.regions.len() > u16::MAX as usize {
        return Err(SpawnError::TooLarge("more than 65535 regions"));
    }
    if spec.sides.len() > u8::MAX as usize {
        return Err(SpawnError::TooLarge("more than 255 sides"));
    }
    let region_entities: Vec<Entity> = map_spec
        .regions
        .iter()
        .enumerate()
        .map(|(i, r)| {
            world
                .spawn((
                    Region {
                        id: RegionId(i as u16),
                        content_id: r.id.clone(),
                        name: if r.name.is_empty() {
                            r.id.clone()
                        } else {
                            r.name.clone()
                        },
                        size: r.size,
                        terrain: r.terrain,
                        light: r.light,
                    },
                    InEncounter(encounter),
                ))
                .id()
        })
        .collect();
    for (i, links) in map_spec.adjacency().into_iter().enumerate() {
        let linked = links.into_iter().map(|j| region_entities[j]).collect();
        world
            .entity_mut(region_entities[i])
            .insert(RegionLinks(linked));
    }
    let map = EncounterMap::from_spec(&map_spec, region_entities);

    for (side, _) in &settings.controllers {
        if !spec.sides.iter().any(|s| &s.name == side) {
            return Err(SpawnError::UnknownSide {
                side: side.clone(),
                help: help_for(side, spec.sides.iter().map(|s| s.name.as_str())),
            });
        }
    }
    let mut sides = Sides::default();
    let mut roster = Roster::default();
    let mut groups = Groups::default();
    // Combatants sharing a name are numbered across the whole encounter, whichever entries
    // they come from, so that no two share a name.
    let mut namesakes: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    for entry in spec.sides.iter().flat_map(|s| &s.combatants) {
        let base = entry
            .name
            .clone()
            .or_else(|| ruleset.statblock_name(content, &entry.statblock));
        if let Some(base) = base {
            let (total, _) = namesakes.entry(base).or_insert((0, 0));
            *total = total.saturating_add(u32::from(entry.count.max(1)));
        }
    }
    for (side_index, side) in spec.sides.iter().enumerate() {
        let controller = side_controller(spec, side_index, settings);
        sides.0.push(SideInfo {
            name: side.name.clone(),
            controller: controller.clone(),
            scale: side.scale,
        });
        for entry in &side.combatants {
            let region =
                map_spec
                    .region_index(&entry.region)
                    .ok_or_else(|| SpawnError::UnknownRegion {
                        region: entry.region.clone(),
                        statblock: entry.statblock.clone(),
                    })?;
            let base_name = match &entry.name {
                Some(name) => name.clone(),
                None => ruleset
                    .statblock_name(content, &entry.statblock)
                    .ok_or_else(|| SpawnError::UnknownStatblock {
                        id: entry.statblock.clone(),
                        help: help_for(
                            &entry.statblock,
                            content
                                .statblock_summaries(&spec.ruleset)
                                .iter()
                                .filter(|s| s.spawnable)
                                .map(|s| s.id.as_str()),
                        ),
                    })?,
            };
            for _ in 0..entry.count.max(1) {
                if roster.entries.len() >= u16::MAX as usize {
                    return Err(SpawnError::TooLarge("more than 65535 combatants"));
                }
                let name = match namesakes.get_mut(&base_name) {
                    Some((total, given)) if *total > 1 => {
                        *given = given.saturating_add(1);
                        format!("{base_name} {given}")
                    }
                    _ => base_name.clone(),
                };
                let id = CombatantId(roster.entries.len() as u16);
                let side_id = SideId(side_index as u8);
                let group = match &entry.group {
                    Some(name) => Some(match groups.find(side_id, name) {
                        Some(g) => g,
                        None => {
                            let g = u16::try_from(groups.0.len())
                                .map_err(|_| SpawnError::TooLarge("more than 65535 groups"))?;
                            groups.0.push(GroupInfo {
                                name: name.clone(),
                                side: side_id,
                            });
                            GroupId(g)
                        }
                    }),
                    None => None,
                };
                let mut entity = world.spawn((
                    Combatant { id },
                    Name::new(name.clone()),
                    Side(side_id),
                    controller.clone(),
                    StatblockRef(entry.statblock.clone()),
                    InEncounter(encounter),
                ));
                entity.insert(starting_state(RegionId(region as u16)));
                if entry.leader {
                    entity.insert(Leader);
                }
                let combatant = entity.id();
                roster.entries.push(RosterEntry {
                    entity: combatant,
                    name,
                    side: side_id,
                    statblock: entry.statblock.clone(),
                    group,
                });
                ruleset.build_combatant(CombatantBuild {
                    entity: world.entity_mut(combatant),
                    statblock: &entry.statblock,
                    content,
                    options: &spec.options.ruleset,
                    level: entry_level(content, spec, entry)?,
                })?;
                scale_hp(world.entity_mut(combatant), side.scale);
            }
        }
    }
    let mut entity = world.entity_mut(encounter);
    if let Some(mut log) = entity.get_mut::<CombatLog>() {
        log.record(|| LogEvent::BattleStarted {
            encounter: spec.id.clone(),
            ruleset: spec.ruleset.clone(),
        });
    }
    entity.insert((map, sides, roster, groups));
    ruleset.build_encounter(EncounterBuild {
        entity: world.entity_mut(encounter),
        spec,
        content,
    })?;
    crate::lineup::rebuild_in(world, encounter);
    Ok(())
}

/// The level `entry` plays its statblock at, when it sets one its statblock allows.
fn entry_level(
    content: &ContentDb,
    spec: &EncounterSpec,
    entry: &CombatantSpec,
) -> Result<Option<u16>, SpawnError> {
    let Some(level) = entry.level else {
        return Ok(None);
    };
    let summary = content
        .statblock_summaries(&spec.ruleset)
        .iter()
        .find(|s| s.id == entry.statblock);
    match summary.map(|s| s.level_problem(level)) {
        Some(None) => Ok(Some(level)),
        Some(Some(problem)) => Err(SpawnError::Ruleset(problem)),
        None => Err(SpawnError::UnknownStatblock {
            id: entry.statblock.clone(),
            help: format!("no {} statblock has this id", spec.ruleset),
        }),
    }
}

/// Scales a freshly built combatant's hit points by its side's [`SideScale`].
fn scale_hp(mut entity: EntityWorldMut<'_>, scale: SideScale) {
    if scale.hp == 100 {
        return;
    }
    if let Some(mut hp) = entity.get_mut::<Hp>() {
        let max = scale.hp_of(hp.max);
        hp.current = scale.hp_of(hp.current).min(max);
        hp.max = max;
    }
}

/// What a combatant starts a fight with, in the core's components.
fn starting_state(
    region: RegionId,
) -> (
    Initiative,
    Status,
    Conditions,
    Effects,
    Engagement,
    InRegion,
    Morale,
    Tally,
) {
    (
        Initiative::default(),
        Status::Active,
        Conditions::default(),
        Effects::default(),
        Engagement::default(),
        InRegion(region),
        Morale::default(),
        Tally::default(),
    )
}

/// Puts every component of a spawned encounter back to its starting value, in place.
fn reset(
    world: &mut World,
    encounter: Entity,
    spec: &EncounterSpec,
    settings: &EncounterSettings,
    content: &ContentDb,
    ruleset: &dyn Ruleset,
) -> Result<(), SpawnError> {
    let roster = world
        .get::<Roster>(encounter)
        .cloned()
        .ok_or(SpawnError::NotAnEncounter)?;
    let map_spec = content
        .resolve_map(spec)
        .ok_or_else(|| SpawnError::UnknownMap(spec.id.clone()))?;
    let mut index = 0usize;
    for (side_index, side) in spec.sides.iter().enumerate() {
        let controller = side_controller(spec, side_index, settings);
        for entry in &side.combatants {
            let region =
                map_spec
                    .region_index(&entry.region)
                    .ok_or_else(|| SpawnError::UnknownRegion {
                        region: entry.region.clone(),
                        statblock: entry.statblock.clone(),
                    })?;
            for _ in 0..entry.count.max(1) {
                let Some(slot) = roster.entries.get(index) else {
                    return Err(SpawnError::Ruleset(
                        "the encounter's roster no longer matches its content".into(),
                    ));
                };
                index += 1;
                let level = entry_level(content, spec, entry)?;
                let mut entity = world
                    .get_entity_mut(slot.entity)
                    .map_err(|_| SpawnError::NotAnEncounter)?;
                if entity.get::<Controller>() != Some(&controller) {
                    entity.insert(controller.clone());
                }
                entity.insert((
                    Initiative::default(),
                    Status::Active,
                    InRegion(RegionId(region as u16)),
                    Morale::default(),
                    Tally::default(),
                ));
                if let Some(mut c) = entity.get_mut::<Conditions>() {
                    *c = Conditions::default();
                }
                if let Some(mut e) = entity.get_mut::<Effects>() {
                    e.clear();
                }
                if let Some(mut e) = entity.get_mut::<Engagement>() {
                    e.clear();
                }
                ruleset.build_combatant(CombatantBuild {
                    entity,
                    statblock: &entry.statblock,
                    content,
                    options: &spec.options.ruleset,
                    level,
                })?;
                if let Ok(entity) = world.get_entity_mut(slot.entity) {
                    scale_hp(entity, side.scale);
                }
            }
        }
    }
    let mut entity = world.entity_mut(encounter);
    if let Some(mut e) = entity.get_mut::<Encounter>() {
        crate::flow::transition::restart(&mut e, spec.options.max_rounds, settings.seed);
        e.player_morale = settings.player_morale;
    }
    if let Some(mut rng) = entity.get_mut::<EncounterRng>() {
        rng.reseed(settings.seed);
    }
    if let Some(mut rng) = entity.get_mut::<DecisionRng>() {
        rng.reseed(settings.seed);
    }
    if let Some(mut log) = entity.get_mut::<CombatLog>() {
        log.restart(settings.log);
        log.record(|| LogEvent::BattleStarted {
            encounter: spec.id.clone(),
            ruleset: spec.ruleset.clone(),
        });
    }
    if let Some(mut turn) = entity.get_mut::<Turn>() {
        turn.restart();
    }
    if let Some(mut order) = entity.get_mut::<TurnOrder>() {
        order.clear();
    }
    if let Some(mut options) = entity.get_mut::<ActionOptions>() {
        options.clear();
    }
    if let Some(mut morale) = entity.get_mut::<MoraleState>() {
        morale.restart();
    }
    if let Some(mut sides) = entity.get_mut::<Sides>() {
        for (i, side) in sides.0.iter_mut().enumerate() {
            let controller = side_controller(spec, i, settings);
            if side.controller != controller {
                side.controller = controller;
            }
            if let Some(spec_side) = spec.sides.get(i) {
                side.scale = spec_side.scale;
            }
        }
    }
    ruleset.build_encounter(EncounterBuild {
        entity: world.entity_mut(encounter),
        spec,
        content,
    })?;
    crate::lineup::rebuild_in(world, encounter);
    Ok(())
}

/// The controller of side `index`: the settings' override, else the file's.
fn side_controller(spec: &EncounterSpec, index: usize, settings: &EncounterSettings) -> Controller {
    let Some(side) = spec.sides.get(index) else {
        return Controller::Ai("tactical".into());
    };
    settings
        .controllers
        .iter()
        .rev()
        .find(|(name, _)| name == &side.name)
        .map(|(_, c)| c.clone())
        .unwrap_or_else(|| match &side.controller {
            ControllerSpec::Ai(policy) => Controller::Ai(policy.clone()),
            ControllerSpec::External(id) => Controller::External(PlayerId(*id)),
        })
}
