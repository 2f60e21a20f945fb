//! Walks content trees, parses every file and validates every reference.
//!
//! File kinds are told apart by their top-level RON name: `Encounter(...)` is an encounter,
//! `Map(...)` a map, and a list (`[...]`) is a file of statblocks belonging to the ruleset whose
//! id names one of the directories on its path (`content/archmage/monsters.ron` belongs to
//! `archmage`). Other crates register their own kinds ([`ContentLoader::with_document`]: the
//! adventure clock's `Dungeon(...)` and `Expedition(...)`). Directories are walked in name
//! order, so loading is deterministic.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::db::ContentDb;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::document::DocumentSchema;
use crate::encounter::{ControllerSpec, EncounterSpec, MAX_COMBATANTS, MapRef, SideScale};
use crate::layer::Layered;
use crate::map::MapSpec;
use crate::naming::{id_problem, name_problem};
use crate::schema::{StatblockSchema, StatblockSummary};
use crate::source::SourceFile;
use crate::suggest::help_for;

/// Kinds of content file that other crates own (the adventure clock's dungeons,
/// wildernesses and expeditions, `fray_explore`): a loader that has not registered them
/// ([`ContentLoader::with_document`]) skips such files instead of refusing them, so that a
/// ruleset's own tests can load its whole folder.
pub const KINDS_ELSEWHERE: [&str; 3] = ["Dungeon", "Wilderness", "Expedition"];

/// Loads and validates content. Register every ruleset's schema (and the AI policy names, if
/// encounters should be checked against them) before loading.
#[derive(Clone, Default)]
pub struct ContentLoader {
    pub(crate) schemas: Vec<Arc<dyn StatblockSchema>>,
    pub(crate) documents: Vec<Arc<dyn DocumentSchema>>,
    policies: Vec<String>,
    policy_check: Option<PolicyCheck>,
}

/// A check of an AI policy name: `Ok` if it is known, else why not.
pub type PolicyCheck = fn(&str) -> Result<(), String>;

impl ContentLoader {
    /// A loader that knows no ruleset yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers a ruleset's statblock schema.
    pub fn with_schema(mut self, schema: impl StatblockSchema + 'static) -> Self {
        self.schemas.push(Arc::new(schema));
        self
    }

    /// Registers an already shared schema.
    pub fn with_shared_schema(mut self, schema: Arc<dyn StatblockSchema>) -> Self {
        self.schemas.push(schema);
        self
    }

    /// Registers another crate's kind of content file (`Dungeon(...)`).
    pub fn with_document(mut self, kind: impl DocumentSchema + 'static) -> Self {
        self.documents.push(Arc::new(kind));
        self
    }

    /// The AI policy names encounters may use (unchecked when none are given).
    pub fn with_policies<S: Into<String>>(mut self, names: impl IntoIterator<Item = S>) -> Self {
        self.policies = names.into_iter().map(Into::into).collect();
        self
    }

    /// A check of AI policy names with parameters (`lookahead:200`): a name it accepts is
    /// known even if [`with_policies`](Self::with_policies) does not list it; a name it
    /// refuses is reported with its reason.
    pub fn with_policy_check(mut self, check: PolicyCheck) -> Self {
        self.policy_check = Some(check);
        self
    }

    /// The registered schema of a ruleset.
    pub fn schema(&self, ruleset: &str) -> Option<&dyn StatblockSchema> {
        self.schemas
            .iter()
            .find(|s| s.ruleset() == ruleset)
            .map(|s| s.as_ref())
    }

    /// The numbers ruleset `ruleset` works out for its statblock `id` of `db` (B/X: THAC0,
    /// saving throws, hit points from hit dice; nothing for a ruleset whose statblocks write
    /// their numbers outright), or why they cannot be worked out.
    pub fn derived(
        &self,
        db: &ContentDb,
        ruleset: &str,
        id: &str,
    ) -> Result<Vec<(&'static str, String)>, String> {
        match (self.schema(ruleset), db.stores.get(ruleset)) {
            (Some(schema), Some(store)) => schema.derived(store.as_ref(), id),
            _ => Ok(Vec::new()),
        }
    }

    /// Ids of the registered rulesets.
    pub fn ruleset_ids(&self) -> impl Iterator<Item = &'static str> + Clone + '_ {
        self.schemas.iter().map(|s| s.ruleset())
    }

    /// The registered kinds of other crates' content files, in the order registered.
    pub fn document_kinds(&self) -> impl Iterator<Item = &dyn DocumentSchema> + '_ {
        self.documents.iter().map(|k| k.as_ref())
    }

    /// Loads every `.ron` file under the given files and directories and validates the result.
    /// Returns every problem found, not just the first.
    pub fn load_paths<P: AsRef<Path>>(&self, paths: &[P]) -> Result<ContentDb, Diagnostics> {
        let (db, problems) = self.check_paths(paths);
        if problems.is_empty() {
            Ok(db)
        } else {
            Err(problems)
        }
    }

    /// Like [`load_paths`](Self::load_paths), but returns what loaded together with the
    /// problems (for `fray check`).
    pub fn check_paths<P: AsRef<Path>>(&self, paths: &[P]) -> (ContentDb, Diagnostics) {
        let mut db = ContentDb::default();
        let mut problems = Vec::new();
        for path in paths {
            let path = path.as_ref();
            let mut files = Vec::new();
            if let Err(d) = collect_ron_files(path, &mut files) {
                problems.push(d);
            }
            for file in files {
                match SourceFile::read(&file) {
                    Ok(source) => {
                        if let Err(ds) = self.add_source(&mut db, source) {
                            problems.extend(ds);
                        }
                    }
                    Err(d) => problems.push(d),
                }
            }
        }
        problems.extend(self.validate(&mut db));
        (db, Diagnostics(problems))
    }

    /// Checks the `targets` files in the context of the `context` files. Targets are a content
    /// layer above the context's (see [`SourceFile::layer`]): an encounter, map, statblock or
    /// document of the context with the id of a target's is overridden, so that a copy of
    /// content can be edited and run beside the original. Returns what loaded and every
    /// problem, in targets and context alike (callers show the targets' problems, or refuse
    /// any).
    pub fn check_sources_in_context(
        &self,
        targets: Vec<SourceFile>,
        context: Vec<SourceFile>,
    ) -> (ContentDb, Diagnostics) {
        let context = context.into_iter().map(|s| {
            let layer = s.layer.saturating_add(1);
            s.in_layer(layer)
        });
        let targets = targets.into_iter().map(|s| s.in_layer(0));
        self.check_layers(targets.chain(context).collect())
    }

    /// Checks content files of several layers (see [`SourceFile::layer`]): higher layers'
    /// definitions override lower ones'. Returns what loaded and every problem.
    pub fn check_layers(&self, sources: Vec<SourceFile>) -> (ContentDb, Diagnostics) {
        let (mut db, mut problems) = self.add_layers(sources);
        problems.extend(self.validate(&mut db));
        (db, Diagnostics(problems))
    }

    /// Parses `sources` into a new database, the top layer first and each layer in the order
    /// given (without cross-file validation); returns it and the files' problems.
    pub(crate) fn add_layers(&self, mut sources: Vec<SourceFile>) -> (ContentDb, Vec<Diagnostic>) {
        sources.sort_by_key(|s| s.layer);
        let mut db = ContentDb::default();
        let mut problems = Vec::new();
        for source in sources {
            if let Err(ds) = self.add_source(&mut db, source) {
                problems.extend(ds);
            }
        }
        (db, problems)
    }

    /// Parses one file into the database (without cross-file validation; call
    /// [`validate`](Self::validate) once everything is added).
    pub fn add_source(&self, db: &mut ContentDb, file: SourceFile) -> Result<(), Diagnostics> {
        for schema in &self.schemas {
            db.stores
                .entry(schema.ruleset())
                .or_insert_with(|| schema.empty_store());
        }
        for kind in &self.documents {
            db.documents
                .entry(kind.kind())
                .or_insert_with(|| kind.empty_store());
        }
        let index = db.sources.len();
        let document = file
            .top_level_name()
            .and_then(|name| self.documents.iter().find(|k| k.kind() == name));
        if document.is_none()
            && file
                .top_level_name()
                .is_some_and(|name| KINDS_ELSEWHERE.contains(&name))
        {
            return Ok(());
        }
        if let Some(kind) = document {
            let problems = match db.documents.get_mut(kind.kind()) {
                Some(store) => kind.load(&file, index, store.as_mut()),
                None => Vec::new(),
            };
            db.sources.push(file);
            return if problems.is_empty() {
                Ok(())
            } else {
                Err(Diagnostics(problems))
            };
        }
        let result = match file.top_level_name() {
            Some("Encounter") => file.parse::<EncounterSpec>().and_then(|spec| {
                let first = db.encounters.get(&spec.id).map(|(_, first)| *first);
                match Layered::of(first.map(|i| db.layer_of(i)), file.layer) {
                    Layered::Duplicate => {
                        let mut d = file.diagnostic_at(
                            &spec.id,
                            format!("encounter id `{}` is defined twice", spec.id),
                        );
                        d.help = first.map(|first| where_first(db, first, &spec.id));
                        Err(d)
                    }
                    Layered::Overridden => Ok(()),
                    Layered::Added | Layered::Overrides => {
                        db.encounters.insert(spec.id.clone(), (spec, index));
                        Ok(())
                    }
                }
            }),
            Some("Map") => file.parse::<MapSpec>().and_then(|map| {
                let first = db.maps.get(&map.id).map(|(_, first)| *first);
                let layered = Layered::of(first.map(|i| db.layer_of(i)), file.layer);
                if let (Layered::Duplicate, Some(first)) = (layered, first) {
                    let mut d = file
                        .diagnostic_at(&map.id, format!("map id `{}` is defined twice", map.id));
                    d.help = Some(where_first(db, first, &map.id));
                    Err(d)
                } else if layered == Layered::Overridden {
                    Ok(())
                } else if MapSpec::builtin(&map.id).is_some() {
                    let mut d = file
                        .diagnostic_at(&map.id, format!("map id `{}` is defined twice", map.id));
                    d.help = Some(format!("`{}` is a built-in map: pick another id", map.id));
                    Err(d)
                } else {
                    db.maps.insert(map.id.clone(), (map, index));
                    Ok(())
                }
            }),
            Some(other) => Err(Diagnostic::new(
                &file.path,
                1,
                1,
                format!("unknown kind of content file `{other}(...)`"),
            )
            .with_help(
                "a content file is `Encounter(...)`, `Map(...)`, a list `[...]` of statblocks, or a kind another crate registers (`Dungeon(...)`, `Wilderness(...)`, `Expedition(...)`)",
            )),
            None if file.is_unnamed_struct() => Err(Diagnostic::new(
                &file.path,
                1,
                1,
                "not a content file: it opens with an unnamed `(...)`, as a saved fight or expedition does",
            )
            .with_help(
                "a save is loaded in `fray play` (its `l` key, from `--save FILE`) or by `fray delve --resume FILE`; content is `[...]` of statblocks or a named kind (`Encounter(...)`, `Map(...)`...)",
            )),
            None => {
                let problems = self.load_statblocks(db, &file, index);
                if problems.is_empty() {
                    Ok(())
                } else {
                    db.sources.push(file);
                    return Err(Diagnostics(problems));
                }
            }
        };
        db.sources.push(file);
        result.map_err(Diagnostics::from)
    }

    fn load_statblocks(
        &self,
        db: &mut ContentDb,
        file: &SourceFile,
        index: usize,
    ) -> Vec<Diagnostic> {
        let ruleset = file.path.components().find_map(|c| {
            let name = c.as_os_str().to_str()?;
            self.schemas.iter().find(|s| s.ruleset() == name)
        });
        let Some(schema) = ruleset else {
            return vec![
                Diagnostic::new(
                    &file.path,
                    1,
                    1,
                    "cannot tell which ruleset these statblocks belong to",
                )
                .with_help(format!(
                    "put the file under a directory named after its ruleset ({})",
                    self.ruleset_ids().collect::<Vec<_>>().join(", ")
                )),
            ];
        };
        let problems = match db.stores.get_mut(schema.ruleset()) {
            Some(store) => schema.load(file, index, store.as_mut()),
            None => Vec::new(),
        };
        if !problems.is_empty() {
            db.broken.insert(schema.ruleset());
        }
        problems
    }

    /// Validates everything loaded so far: statblocks, maps and every encounter reference.
    /// Also fills the statblock listings.
    pub fn validate(&self, db: &mut ContentDb) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        for schema in &self.schemas {
            if let Some(store) = db.stores.get(schema.ruleset()) {
                out.extend(schema.validate(store.as_ref(), &db.sources));
                let summaries = schema.summaries(store.as_ref());
                out.extend(naming_problems(&summaries, &db.sources));
                db.summaries.insert(schema.ruleset(), summaries);
            }
        }
        for (map, index) in db.maps.values() {
            let Some(file) = db.sources.get(*index) else {
                continue;
            };
            for (at, message, help) in map.problems() {
                let mut d = file.diagnostic_at(&at, message);
                d.help = help;
                out.push(d);
            }
        }
        for (spec, index) in db.encounters.values() {
            if let Some(file) = db.sources.get(*index) {
                out.extend(self.encounter_problems(db, spec, file));
            }
        }
        for kind in &self.documents {
            out.extend(kind.validate(db));
        }
        // One mistake found from two sides (a dungeon's stock and its wandering table naming
        // the same statblock at the same place) is said once.
        let mut said = std::collections::BTreeSet::new();
        out.retain(|d| said.insert((d.path.clone(), d.line, d.column, d.message.clone())));
        out
    }

    fn encounter_problems(
        &self,
        db: &ContentDb,
        spec: &EncounterSpec,
        file: &SourceFile,
    ) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        let Some(schema) = self.schema(&spec.ruleset) else {
            out.push(
                file.diagnostic_at(&spec.ruleset, format!("unknown ruleset `{}`", spec.ruleset))
                    .with_help(help_for(&spec.ruleset, self.ruleset_ids())),
            );
            return out;
        };
        let map = match &spec.map {
            MapRef::Named(id) => {
                let map = db.map(id);
                if map.is_none() {
                    let ids = db.map_ids();
                    out.push(
                        file.diagnostic_at(id, format!("unknown map `{id}`"))
                            .with_help(help_for(id, ids.iter().map(String::as_str))),
                    );
                }
                map
            }
            MapRef::Inline(map) => {
                for (at, message, help) in map.problems() {
                    let mut d = file.diagnostic_at(&at, message);
                    d.help = help;
                    out.push(d);
                }
                Some(map.clone())
            }
        };
        // Ids and names: what a command line, a file path and a terminal can take.
        // A text is found as written, else as RON escapes it (`\u{1b}`), else by its field.
        let at_text = |text: &str, field: &str, message: String| {
            let found = file
                .locate(text)
                .or_else(|| file.locate(&text.escape_debug().to_string()))
                .or_else(|| file.locate_field_after(&spec.id, field));
            match found {
                Some((line, column)) => Diagnostic::new(&file.path, line, column, message),
                None => file.diagnostic_at(&spec.id, message),
            }
        };
        if let Some(problem) = id_problem("encounter", &spec.id) {
            out.push(
                at_text(&spec.id, "id", problem).with_help("write an id such as `goblin-ambush`"),
            );
        }
        let written_names = std::iter::once(("encounter", spec.name.as_str()))
            .chain(spec.sides.iter().map(|s| ("side", s.name.as_str())))
            .chain(
                spec.sides
                    .iter()
                    .flat_map(|s| &s.combatants)
                    .filter_map(|c| c.name.as_deref().map(|n| ("combatant", n))),
            );
        for (what, name) in written_names {
            if let Some(problem) = name_problem(what, name) {
                out.push(at_text(name, "name", problem));
            }
        }
        let combatants: u32 = spec
            .sides
            .iter()
            .flat_map(|s| &s.combatants)
            .map(|c| u32::from(c.count))
            .sum();
        if combatants > MAX_COMBATANTS {
            out.push(
                file.diagnostic_at(
                    &spec.id,
                    format!(
                        "the encounter has {combatants} combatants; at most {MAX_COMBATANTS} play in reasonable time"
                    ),
                )
                .with_help("lower the counts, or split the fight into several encounters"),
            );
        }
        if spec.sides.len() < 2 {
            out.push(
                file.diagnostic_at(&spec.id, "an encounter needs at least two sides")
                    .with_help("add a second entry to `sides`"),
            );
        }
        let summaries = db.statblock_summaries(&spec.ruleset);
        let mut side_names = BTreeSet::new();
        let mut names = BTreeSet::new();
        for side in &spec.sides {
            if !side_names.insert(side.name.as_str()) {
                out.push(
                    file.diagnostic_at(&side.name, format!("side `{}` appears twice", side.name)),
                );
            }
            if side.combatants.is_empty() {
                out.push(file.diagnostic_at(
                    &side.name,
                    format!("side `{}` has no combatants", side.name),
                ));
            }
            for (what, percent) in [("hp", side.scale.hp), ("damage", side.scale.damage)] {
                if !(1..=SideScale::MAX_PERCENT).contains(&percent) {
                    let message = format!(
                        "side `{}`: a {what} scale of {percent}% is out of range",
                        side.name
                    );
                    let diagnostic = match file.locate_field_after(&side.name, "scale") {
                        Some((line, column)) => Diagnostic::new(&file.path, line, column, message),
                        None => file.diagnostic_at(&side.name, message),
                    };
                    out.push(diagnostic.with_help(format!(
                        "write a percentage from 1 to {} (100 is as written)",
                        SideScale::MAX_PERCENT
                    )));
                }
            }
            if let ControllerSpec::Ai(policy) = &side.controller
                && !self.policies.is_empty()
                && !self.policies.contains(policy)
            {
                match self.policy_check.map(|check| check(policy)) {
                    Some(Ok(())) => {}
                    Some(Err(why)) if policy.contains(':') => {
                        out.push(file.diagnostic_at(policy, why));
                    }
                    _ => out.push(
                        file.diagnostic_at(policy, format!("unknown AI policy `{policy}`"))
                            .with_help(help_for(policy, self.policies.iter().map(String::as_str))),
                    ),
                }
            }
            for c in &side.combatants {
                match summaries.iter().find(|s| s.id == c.statblock) {
                    None if db.broken.contains(schema.ruleset()) => {}
                    None => out.push(
                        file.diagnostic_at(
                            &c.statblock,
                            format!("unknown {} statblock `{}`", spec.ruleset, c.statblock),
                        )
                        .with_help(help_for(
                            &c.statblock,
                            summaries
                                .iter()
                                .filter(|s| s.spawnable)
                                .map(|s| s.id.as_str()),
                        )),
                    ),
                    Some(s) if !s.spawnable => out.push(file.diagnostic_at(
                        &c.statblock,
                        format!("`{}` is a {}, not a combatant", c.statblock, s.kind),
                    )),
                    Some(s) => {
                        if let Some(problem) = c.level.and_then(|l| s.level_problem(l)) {
                            let diagnostic = match file.locate_field_after(&c.statblock, "level") {
                                Some((line, column)) => {
                                    Diagnostic::new(&file.path, line, column, problem)
                                }
                                None => file.diagnostic_at(&c.statblock, problem),
                            };
                            out.push(diagnostic);
                        }
                    }
                }
                if c.count == 0 {
                    out.push(file.diagnostic_at(&c.statblock, "count must be at least 1"));
                }
                if let Some(map) = &map
                    && map.region_index(&c.region).is_none()
                {
                    out.push(
                        file.diagnostic_at(
                            &c.region,
                            format!("unknown region `{}` in map `{}`", c.region, map.id),
                        )
                        .with_help(help_for(
                            &c.region,
                            map.regions.iter().map(|r| r.id.as_str()),
                        )),
                    );
                }
                if let Some(name) = &c.name
                    && !names.insert(name.clone())
                {
                    out.push(
                        file.diagnostic_at(name, format!("combatant name `{name}` is used twice")),
                    );
                }
            }
        }
        if let Some(ambush) = &spec.options.ambush
            && !side_names.contains(ambush.side.as_str())
        {
            out.push(
                file.diagnostic_at(
                    &ambush.side,
                    format!("ambush names unknown side `{}`", ambush.side),
                )
                .with_help(help_for(&ambush.side, side_names.iter().copied())),
            );
        }
        if spec.options.max_rounds == 0 {
            out.push(file.diagnostic_at("max_rounds", "max_rounds must be at least 1"));
        }
        let defs = schema.options();
        for (key, value) in &spec.options.ruleset {
            match defs.iter().find(|d| d.name == key) {
                None => out.push(
                    file.diagnostic_at(key, format!("unknown {} option `{key}`", spec.ruleset))
                        .with_help(help_for(key, defs.iter().map(|d| d.name))),
                ),
                Some(def) if !def.default.same_kind(value) => out.push(file.diagnostic_at(
                    key,
                    format!(
                        "option `{key}` takes {}, found {} `{value}`",
                        def.default.kind(),
                        value.kind()
                    ),
                )),
                Some(_) => {
                    if let Some(problem) = schema.option_problem(key, value) {
                        out.push(file.diagnostic_at(key, format!("option `{key}`: {problem}")));
                    }
                }
            }
        }
        out
    }
}

/// The statblocks whose id or name a command line or a terminal cannot take, each pointed at
/// in the first file that holds its id.
fn naming_problems(summaries: &[StatblockSummary], sources: &[SourceFile]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for s in summaries {
        let problems = id_problem(s.kind, &s.id)
            .into_iter()
            .chain(name_problem(s.kind, &s.name));
        for message in problems {
            // The statblock's own file, else the first that writes its id (or its name).
            let holder = s
                .source
                .and_then(|i| sources.get(i))
                .or_else(|| sources.iter().find(|f| f.locate(&s.id).is_some()))
                .or_else(|| sources.iter().find(|f| f.locate(&s.name).is_some()));
            match holder {
                Some(file) => out.push(file.diagnostic_at(&s.id, message)),
                None => out.push(Diagnostic::new(Path::new("content"), 1, 1, message)),
            }
        }
    }
    out
}

/// Where an id was first defined: the file and line of source `index`.
fn where_first(db: &ContentDb, index: usize, id: &str) -> String {
    match db.sources.get(index) {
        Some(first) => {
            let at = first.diagnostic_at(id, String::new());
            format!(
                "it was first defined at {}:{}:{}",
                at.path.display(),
                at.line,
                at.column
            )
        }
        None => "it was defined earlier".to_string(),
    }
}

/// Reads every `.ron` file under `path` (or `path` itself), sorted by path, with the problems
/// of those that cannot be read.
pub fn read_tree(path: &Path) -> (Vec<SourceFile>, Vec<Diagnostic>) {
    let mut files = Vec::new();
    let mut problems = Vec::new();
    if let Err(d) = collect_ron_files(path, &mut files) {
        problems.push(d);
    }
    let sources = files
        .iter()
        .filter_map(|file| match SourceFile::read(file) {
            Ok(source) => Some(source),
            Err(d) => {
                problems.push(d);
                None
            }
        })
        .collect();
    (sources, problems)
}

/// Collects `.ron` files under `path` (or `path` itself), sorted by path.
fn collect_ron_files(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), Diagnostic> {
    let meta = std::fs::metadata(path)
        .map_err(|e| Diagnostic::new(path, 1, 1, format!("cannot read: {e}")))?;
    if meta.is_file() {
        // A file named outright is read whatever it is called, but one that is plainly not
        // content is said so, not parsed as RON.
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("json") || e.eq_ignore_ascii_case("csv"))
        {
            return Err(Diagnostic::new(
                path,
                1,
                1,
                "not a content file: content is written in RON, in `*.ron` files",
            )
            .with_help("a batch's JSON or CSV is a result, not content; check a `.ron` file"));
        }
        out.push(path.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(|e| Diagnostic::new(path, 1, 1, format!("cannot list directory: {e}")))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for entry in entries {
        if entry.is_dir() {
            collect_ron_files(&entry, out)?;
        } else if entry.extension().is_some_and(|e| e == "ron") {
            out.push(entry);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{OptionDef, OptionValue};
    use crate::schema::{Problem, Schema, Statblock, StatblockSet};
    use serde::Deserialize;

    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    enum Block {
        Beast { id: String, hp: i32 },
        Claw { id: String },
    }

    impl Statblock for Block {
        fn id(&self) -> &str {
            match self {
                Block::Beast { id, .. } | Block::Claw { id } => id,
            }
        }
        fn name(&self) -> &str {
            self.id()
        }
        fn kind(&self) -> &'static str {
            match self {
                Block::Beast { .. } => "beast",
                Block::Claw { .. } => "claw",
            }
        }
        fn spawnable(&self) -> bool {
            matches!(self, Block::Beast { .. })
        }
        fn problems(&self, _: &StatblockSet<Self>) -> Vec<Problem> {
            match self {
                Block::Beast { hp, .. } if *hp <= 0 => vec![Problem::here("hp must be positive")],
                _ => vec![],
            }
        }
    }

    const OPTIONS: &[OptionDef] = &[OptionDef {
        name: "lasting_wounds",
        default: OptionValue::Bool(false),
        doc: "test option",
    }];

    fn loader() -> ContentLoader {
        ContentLoader::new()
            .with_schema(Schema::<Block>::new("zoo", OPTIONS))
            .with_policies(["tactical", "random"])
    }

    fn load(files: &[(&str, &str)]) -> (ContentDb, Vec<Diagnostic>) {
        let loader = loader();
        let mut db = ContentDb::default();
        let mut problems = Vec::new();
        for (path, text) in files {
            if let Err(ds) = loader.add_source(&mut db, SourceFile::new(*path, *text)) {
                problems.extend(ds);
            }
        }
        problems.extend(loader.validate(&mut db));
        (db, problems)
    }

    const BEASTS: (&str, &str) = (
        "content/zoo/beasts.ron",
        "[\n  Beast(id: \"wolf\", hp: 9),\n  Beast(id: \"bear\", hp: 20),\n  Claw(id: \"claw\"),\n]",
    );

    fn encounter(body: &str) -> String {
        format!(
            "Encounter(\n  id: \"e\", name: \"E\", ruleset: \"zoo\", map: Named(\"near-far\"),\n  sides: [\n{body}\n  ],\n)"
        )
    }

    #[test]
    fn core04_valid_content_loads() {
        let text = encounter(
            "(name: \"A\", combatants: [(statblock: \"wolf\", region: \"near\", count: 2)]),\n(name: \"B\", controller: Ai(\"random\"), combatants: [(statblock: \"bear\", region: \"far\")]),",
        );
        let (db, problems) = load(&[BEASTS, ("content/zoo/encounters/e.ron", &text)]);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(db.encounter("e").unwrap().sides.len(), 2);
        assert_eq!(db.statblock_summaries("zoo").len(), 3);
    }

    #[test]
    fn core04_unknown_reference_names_the_closest_known_one() {
        let text = encounter(
            "(name: \"A\", combatants: [(statblock: \"wolff\", region: \"near\")]),\n(name: \"B\", combatants: [(statblock: \"bear\", region: \"farr\")]),",
        );
        let (_, problems) = load(&[BEASTS, ("content/zoo/encounters/e.ron", &text)]);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert_eq!(problems[0].line, 4);
        assert!(
            problems[0]
                .message
                .contains("unknown zoo statblock `wolff`")
        );
        assert_eq!(problems[0].help.as_deref(), Some("did you mean `wolf`?"));
        assert!(problems[1].message.contains("unknown region `farr`"));
        assert_eq!(problems[1].help.as_deref(), Some("did you mean `far`?"));
    }

    #[test]
    fn core04_impossible_values_and_wrong_kinds_are_refused() {
        let text = encounter(
            "(name: \"A\", controller: Ai(\"tactcal\"), combatants: [(statblock: \"claw\", region: \"near\")]),\n(name: \"A\", combatants: [(statblock: \"wolf\", region: \"near\", count: 0)]),",
        );
        let bad_beast = ("content/zoo/more.ron", "[Beast(id: \"rat\", hp: 0)]");
        let (_, problems) = load(&[BEASTS, bad_beast, ("content/zoo/encounters/e.ron", &text)]);
        let messages: Vec<String> = problems.iter().map(|d| d.to_string()).collect();
        let all = messages.join("\n");
        assert!(
            all.contains("content/zoo/more.ron:1:12: rat: hp must be positive"),
            "{all}"
        );
        assert!(all.contains("unknown AI policy `tactcal`"), "{all}");
        assert!(all.contains("`claw` is a claw, not a combatant"), "{all}");
        assert!(all.contains("side `A` appears twice"), "{all}");
        assert!(all.contains("count must be at least 1"), "{all}");
    }

    #[test]
    fn core04_syntax_error_is_located_and_loading_continues() {
        let (db, problems) = load(&[
            ("content/zoo/broken.ron", "[Beast(id: \"x\", hp: 3,,)]"),
            BEASTS,
        ]);
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].path, PathBuf::from("content/zoo/broken.ron"));
        assert_eq!(problems[0].line, 1);
        assert!(problems[0].column > 1);
        assert_eq!(db.statblock_summaries("zoo").len(), 3);
    }

    #[test]
    fn core04_unknown_option_and_wrong_option_type() {
        let mut text = encounter(
            "(name: \"A\", combatants: [(statblock: \"wolf\", region: \"near\")]),\n(name: \"B\", combatants: [(statblock: \"bear\", region: \"far\")]),",
        );
        text = text.replace(
            "\n)",
            "\n  options: (ruleset: {\"lasting_wound\": true, \"lasting_wounds\": 3}),\n)",
        );
        let (_, problems) = load(&[BEASTS, ("content/zoo/encounters/e.ron", &text)]);
        let all: Vec<String> = problems.iter().map(|d| d.to_string()).collect();
        assert_eq!(problems.len(), 2, "{all:?}");
        assert!(all[0].contains("unknown zoo option `lasting_wound`"));
        assert!(all[1].contains("takes a boolean, found a whole number"));
    }

    #[test]
    fn core04_a_ruleset_checks_its_option_values_beyond_their_kind() {
        const PACKS: &[OptionDef] = &[OptionDef {
            name: "packs",
            default: OptionValue::Int(1),
            doc: "test option",
        }];
        let check = |name: &str, value: &OptionValue| match value {
            OptionValue::Int(n) if name == "packs" && *n < 0 => {
                Some(format!("at least 0, found {n}"))
            }
            _ => None,
        };
        let loader = ContentLoader::new()
            .with_schema(Schema::<Block>::new("zoo", PACKS).with_option_check(check))
            .with_policies(["tactical"]);
        let text = encounter(
            "(name: \"A\", combatants: [(statblock: \"wolf\", region: \"near\")]),\n(name: \"B\", combatants: [(statblock: \"bear\", region: \"far\")]),",
        );
        let mut problems = Vec::new();
        for packs in [2, -1] {
            let text = text.replace(
                "\n)",
                &format!("\n  options: (ruleset: {{\"packs\": {packs}}}),\n)"),
            );
            let mut db = ContentDb::default();
            for (path, source) in [BEASTS, ("content/zoo/encounters/e.ron", &text)] {
                loader
                    .add_source(&mut db, SourceFile::new(path, source))
                    .unwrap();
            }
            problems.extend(loader.validate(&mut db).iter().map(ToString::to_string));
        }
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].contains("e.ron:")
                && problems[0].ends_with("option `packs`: at least 0, found -1"),
            "{problems:?}"
        );
    }

    #[test]
    fn core04_statblocks_outside_a_ruleset_directory_are_refused() {
        let (_, problems) = load(&[("content/beasts.ron", "[Beast(id: \"x\", hp: 1)]")]);
        assert!(problems[0].message.contains("cannot tell which ruleset"));
    }

    #[test]
    fn files_of_kinds_other_crates_own_are_skipped_unless_registered() {
        let (db, problems) = load(&[
            BEASTS,
            (
                "content/zoo/dungeons/d.ron",
                "Dungeon(id: \"d\", whatever: 1)",
            ),
        ]);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(db.sources().len(), 1);
        let (_, problems) = load(&[("content/zoo/x.ron", "Dungeons(id: \"d\")")]);
        assert!(problems[0].message.contains("unknown kind of content file"));
    }

    #[test]
    fn duplicate_ids_are_reported() {
        let (_, problems) = load(&[
            BEASTS,
            ("content/zoo/again.ron", "[Beast(id: \"wolf\", hp: 2)]"),
        ]);
        assert!(problems[0].message.contains("`wolf` is defined twice"));
    }
}
