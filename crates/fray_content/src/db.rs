//! The loaded content: every encounter, map and statblock, ready to spawn from.

use std::any::Any;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::encounter::{EncounterSpec, MapRef};
use crate::map::MapSpec;
use crate::schema::{Statblock, StatblockSet, StatblockSummary};
use crate::source::SourceFile;
use crate::tactics::Tactics;

/// All loaded content. Built by a [`ContentLoader`](crate::loader::ContentLoader); read-only
/// afterwards and shared between worlds (it is `Send + Sync`).
pub struct ContentDb {
    /// Unique to this database in the process ([`ContentDb::id`]).
    id: u64,
    pub(crate) sources: Vec<SourceFile>,
    pub(crate) encounters: BTreeMap<String, (EncounterSpec, usize)>,
    pub(crate) maps: BTreeMap<String, (MapSpec, usize)>,
    pub(crate) stores: BTreeMap<&'static str, Box<dyn Any + Send + Sync>>,
    pub(crate) summaries: BTreeMap<&'static str, Vec<StatblockSummary>>,
    /// Rulesets with a statblock file that failed to parse (references into them are not
    /// reported again, to keep one mistake from burying the others).
    pub(crate) broken: std::collections::BTreeSet<&'static str>,
    /// Other crates' documents (dungeons, expeditions), by kind.
    pub(crate) documents: BTreeMap<&'static str, Box<dyn Any + Send + Sync>>,
}

impl std::fmt::Debug for ContentDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ContentDb")
            .field("files", &self.sources.len())
            .field("encounters", &self.encounters.keys().collect::<Vec<_>>())
            .field("maps", &self.maps.keys().collect::<Vec<_>>())
            .field("rulesets", &self.stores.keys().collect::<Vec<_>>())
            .field("documents", &self.documents.keys().collect::<Vec<_>>())
            .finish()
    }
}

impl Default for ContentDb {
    fn default() -> Self {
        static NEXT_ID: AtomicU64 = AtomicU64::new(1);
        Self {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            sources: Vec::new(),
            encounters: BTreeMap::new(),
            maps: BTreeMap::new(),
            stores: BTreeMap::new(),
            summaries: BTreeMap::new(),
            broken: Default::default(),
            documents: BTreeMap::new(),
        }
    }
}

impl ContentDb {
    /// A number no other database of this process has: caches of what was compiled from
    /// content (rulesets' sheets) use it to tell one content from another, for instance after a
    /// game reloads its content.
    ///
    /// ```
    /// use fray_content::db::ContentDb;
    /// assert_ne!(ContentDb::default().id(), ContentDb::default().id());
    /// ```
    pub fn id(&self) -> u64 {
        self.id
    }

    /// An encounter by id.
    pub fn encounter(&self, id: &str) -> Option<&EncounterSpec> {
        self.encounters.get(id).map(|(spec, _)| spec)
    }

    /// An encounter by id, to change it (a command line's overrides); the caller keeps it
    /// valid.
    pub fn encounter_mut(&mut self, id: &str) -> Option<&mut EncounterSpec> {
        self.encounters.get_mut(id).map(|(spec, _)| spec)
    }

    /// All encounters in id order.
    pub fn encounters(&self) -> impl Iterator<Item = &EncounterSpec> + Clone {
        self.encounters.values().map(|(spec, _)| spec)
    }

    /// The file an encounter was loaded from.
    pub fn encounter_source(&self, id: &str) -> Option<&SourceFile> {
        self.encounters
            .get(id)
            .and_then(|(_, i)| self.sources.get(*i))
    }

    /// A map by id: a loaded map file, or a built-in map.
    pub fn map(&self, id: &str) -> Option<MapSpec> {
        self.maps
            .get(id)
            .map(|(m, _)| m.clone())
            .or_else(|| MapSpec::builtin(id))
    }

    /// Ids of every map, loaded and built-in.
    pub fn map_ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = self.maps.keys().cloned().collect();
        ids.extend(MapSpec::BUILTIN.iter().map(|s| s.to_string()));
        ids
    }

    /// The map an encounter uses.
    pub fn resolve_map(&self, spec: &EncounterSpec) -> Option<MapSpec> {
        match &spec.map {
            MapRef::Named(id) => self.map(id),
            MapRef::Inline(map) => Some(map.clone()),
        }
    }

    /// The statblocks of a ruleset, typed. `None` if the ruleset has no schema in this database
    /// or `S` is not its statblock type.
    pub fn statblocks<S: Statblock>(&self, ruleset: &str) -> Option<&StatblockSet<S>> {
        self.stores.get(ruleset)?.downcast_ref()
    }

    /// Ruleset ids with a registered schema.
    pub fn rulesets(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.stores.keys().copied()
    }

    /// Listing of a ruleset's statblocks (after validation).
    pub fn statblock_summaries(&self, ruleset: &str) -> &[StatblockSummary] {
        self.summaries.get(ruleset).map_or(&[], Vec::as_slice)
    }

    /// The tactics statblock `id` of `ruleset` writes (after validation), if any.
    pub fn statblock_tactics(&self, ruleset: &str, id: &str) -> Option<Tactics> {
        let summaries = self.statblock_summaries(ruleset);
        let at = summaries.binary_search_by(|s| s.id.as_str().cmp(id)).ok()?;
        summaries.get(at).and_then(|s| s.tactics)
    }

    /// Every file loaded, in load order.
    pub fn sources(&self) -> &[SourceFile] {
        &self.sources
    }

    /// The content layer of source file `index` (0, the top, for an unknown index).
    pub(crate) fn layer_of(&self, index: usize) -> u8 {
        self.sources.get(index).map_or(0, |s| s.layer)
    }

    /// Whether a statblock file of `ruleset` failed to load: its statblocks are not all known,
    /// so a reference to one that seems missing is no problem of its own (the file's problem
    /// is reported once, not again at every reference).
    pub fn statblocks_broken(&self, ruleset: &str) -> bool {
        self.broken.contains(ruleset)
    }
}
