//! How a ruleset plugs its statblock type into the loader.
//!
//! A ruleset defines one serde type for its statblocks (usually an enum of monsters, heroes,
//! weapons...) and implements [`Statblock`] for it. A statblock file is a RON list of them.
//! [`Schema`] turns that type into a [`StatblockSchema`], the object-safe form the
//! [`ContentLoader`](crate::loader::ContentLoader) holds, together with the ruleset's options.

use std::any::Any;
use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use schemars::{JsonSchema, SchemaGenerator};
use serde::de::DeserializeOwned;

use crate::diagnostic::Diagnostic;
use crate::layer::Layered;
use crate::options::{OptionDef, OptionValue};
use crate::source::SourceFile;
use crate::tactics::Tactics;

/// A ruleset's statblock type. Its [`JsonSchema`] (derived beside its `Deserialize`) is what
/// the content reference ([`reference`](crate::reference)) documents.
pub trait Statblock:
    DeserializeOwned + JsonSchema + Clone + Send + Sync + fmt::Debug + 'static
{
    /// Unique id within the ruleset, referenced by encounters.
    fn id(&self) -> &str;
    /// Display name.
    fn name(&self) -> &str;
    /// What kind of statblock this is (`monster`, `hero`, `weapon`...), for listings.
    fn kind(&self) -> &'static str;
    /// Whether an encounter may place it as a combatant (weapons and armor may not).
    fn spawnable(&self) -> bool {
        true
    }
    /// The levels (or hit dice) an encounter entry may play it at with `level:`, least and
    /// most, where the ruleset derives its numbers from one (B/X monsters from their hit dice);
    /// `None` (the default) where the statblock gives its numbers outright.
    fn levels(&self) -> Option<(u16, u16)> {
        None
    }
    /// The hit points a combatant of this statblock starts a fight with, at its own level
    /// (`None` for what is no combatant, or where the ruleset cannot say without more): an
    /// expedition's member may set out with fewer, never more.
    fn max_hp(&self) -> Option<i32> {
        None
    }
    /// Impossible values and references to other statblocks of the set.
    fn problems(&self, _set: &StatblockSet<Self>) -> Vec<Problem> {
        Vec::new()
    }
}

/// A problem found while validating a statblock: what to point at and what to say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Text in the statblock's file to point at (a quoted string's content, usually an id),
    /// found from the statblock's own id on; the statblock's own id when `None`.
    pub at: Option<String>,
    /// A field of the statblock to point at (`hp`, for `hp: 0`), found from its id on; it
    /// wins over `at` when the file writes it.
    pub field: Option<&'static str>,
    /// What is wrong.
    pub message: String,
    /// What to do.
    pub help: Option<String>,
}

impl Problem {
    /// A problem pointing at `at`.
    pub fn at(at: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            at: Some(at.into()),
            field: None,
            message: message.into(),
            help: None,
        }
    }

    /// A problem pointing at the statblock itself.
    pub fn here(message: impl Into<String>) -> Self {
        Self {
            at: None,
            field: None,
            message: message.into(),
            help: None,
        }
    }

    /// A problem pointing at one of the statblock's fields, where the file writes it (at the
    /// statblock itself when it does not: a default).
    pub fn field(field: &'static str, message: impl Into<String>) -> Self {
        Self {
            at: None,
            field: Some(field),
            message: message.into(),
            help: None,
        }
    }

    /// A problem when `value`, named `what`, lies outside `lo..=hi` ("hp is 0; it must be
    /// within 1..10000"): it points at the field when `what` names one (`hp`), else at the
    /// statblock.
    ///
    /// ```
    /// use fray_content::schema::Problem;
    /// assert!(Problem::outside(5, 1, 10, "hp").is_none());
    /// let p = Problem::outside(0, 1, 10, "hp").unwrap();
    /// assert_eq!((p.field, p.message.as_str()), (Some("hp"), "hp is 0; it must be within 1..10"));
    /// assert_eq!(Problem::outside(99, 1, 10, "an attack's uses").unwrap().field, None);
    /// ```
    pub fn outside(value: i64, lo: i64, hi: i64, what: &'static str) -> Option<Self> {
        if (lo..=hi).contains(&value) {
            return None;
        }
        let message = format!("{what} is {value}; it must be within {lo}..{hi}");
        Some(
            if what.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                Self::field(what, message)
            } else {
                Self::here(message)
            },
        )
    }

    /// Adds a suggestion.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

/// Every statblock of one ruleset, by id.
#[derive(Debug, Clone)]
pub struct StatblockSet<S> {
    entries: BTreeMap<String, S>,
    /// The source file and content layer each statblock comes from.
    origin: BTreeMap<String, (usize, u8)>,
    /// The tactics statblocks write (the field every ruleset's statblocks share: see
    /// [`common_fields`](crate::common_fields)).
    tactics: BTreeMap<String, Tactics>,
}

impl<S> Default for StatblockSet<S> {
    fn default() -> Self {
        Self {
            entries: BTreeMap::new(),
            origin: BTreeMap::new(),
            tactics: BTreeMap::new(),
        }
    }
}

impl<S: Statblock> StatblockSet<S> {
    /// The statblock with this id.
    pub fn get(&self, id: &str) -> Option<&S> {
        self.entries.get(id)
    }

    /// All statblocks in id order.
    pub fn iter(&self) -> impl Iterator<Item = &S> {
        self.entries.values()
    }

    /// All ids in order.
    pub fn ids(&self) -> impl Iterator<Item = &str> + Clone {
        self.entries.keys().map(String::as_str)
    }

    /// Number of statblocks.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds a statblock defined in source `file` (a code-built set uses any index). Returns the
    /// statblock back when the id is taken.
    pub fn insert(&mut self, statblock: S, file: usize) -> Result<(), S> {
        match self.insert_in_layer(statblock, file, 0) {
            (Layered::Duplicate, Some(statblock)) => Err(statblock),
            _ => Ok(()),
        }
    }

    /// Adds a statblock defined in source `file` of content layer `layer`: a higher layer's
    /// statblock of the same id wins (see [`Layered`]). A duplicate comes back with it.
    pub fn insert_in_layer(
        &mut self,
        statblock: S,
        file: usize,
        layer: u8,
    ) -> (Layered, Option<S>) {
        let id = statblock.id().to_string();
        let outcome = Layered::of(self.origin.get(&id).map(|&(_, l)| l), layer);
        match outcome {
            Layered::Added | Layered::Overrides => {
                self.origin.insert(id.clone(), (file, layer));
                self.entries.insert(id, statblock);
                (outcome, None)
            }
            Layered::Overridden => (outcome, None),
            Layered::Duplicate => (outcome, Some(statblock)),
        }
    }

    /// The tactics statblock `id` writes (`tactics: (...)`), if it writes any.
    pub fn tactics(&self, id: &str) -> Option<&Tactics> {
        self.tactics.get(id)
    }

    /// Gives statblock `id` the tactics it writes (`None`: it writes none), as loaded with
    /// it: a statblock that overrides another keeps only its own.
    pub fn set_tactics(&mut self, id: &str, tactics: Option<Tactics>) {
        match tactics {
            Some(t) => {
                self.tactics.insert(id.to_string(), t);
            }
            None => {
                self.tactics.remove(id);
            }
        }
    }

    /// The index of the source file statblock `id` comes from.
    pub fn source_of(&self, id: &str) -> Option<usize> {
        self.origin.get(id).map(|&(file, _)| file)
    }
}

/// A listing line for one statblock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatblockSummary {
    /// Its id.
    pub id: String,
    /// Its display name.
    pub name: String,
    /// Its kind (`monster`, `hero`...).
    pub kind: &'static str,
    /// Whether encounters may place it.
    pub spawnable: bool,
    /// The levels an encounter may play it at ([`Statblock::levels`]).
    pub levels: Option<(u16, u16)>,
    /// Its hit points at its own level ([`Statblock::max_hp`]).
    pub max_hp: Option<i32>,
    /// The index of the source file it comes from, in [`ContentDb::sources`](crate::db::ContentDb::sources).
    pub source: Option<usize>,
    /// The tactics it writes (`tactics: (...)`, the field every ruleset's statblocks share).
    pub tactics: Option<Tactics>,
}

impl StatblockSummary {
    /// Why an encounter entry cannot play this statblock at `level`, if it cannot.
    pub fn level_problem(&self, level: u16) -> Option<String> {
        match self.levels {
            None => Some(format!(
                "`{}` has no level or hit dice an encounter can set (its {} gives its numbers outright)",
                self.id, self.kind
            )),
            Some((lo, hi)) if !(lo..=hi).contains(&level) => Some(format!(
                "`{}` plays at levels {lo}..={hi}, not {level}",
                self.id
            )),
            Some(_) => None,
        }
    }
}

/// The object-safe face of a ruleset's statblock type, as the loader holds it.
pub trait StatblockSchema: Send + Sync {
    /// The ruleset id (the directory name under `content/`).
    fn ruleset(&self) -> &'static str;
    /// The options encounters of this ruleset may set.
    fn options(&self) -> &'static [OptionDef];
    /// A new, empty store for this ruleset's statblocks.
    fn empty_store(&self) -> Box<dyn Any + Send + Sync>;
    /// A copy of `store` (one of this schema's), to add files to without touching it; `None`
    /// when the schema cannot copy its stores (the default) or `store` is not one of them.
    /// Checking files over a [`ParsedContext`](crate::context::ParsedContext) copies stores.
    fn clone_store(&self, store: &dyn Any) -> Option<Box<dyn Any + Send + Sync>> {
        let _ = store;
        None
    }
    /// Parses one file (a RON list of statblocks) into the store.
    fn load(&self, file: &SourceFile, file_index: usize, store: &mut dyn Any) -> Vec<Diagnostic>;
    /// Validates every statblock of the store, after all files are loaded.
    fn validate(&self, store: &dyn Any, sources: &[SourceFile]) -> Vec<Diagnostic>;
    /// One summary per statblock, in id order.
    fn summaries(&self, store: &dyn Any) -> Vec<StatblockSummary>;
    /// The JSON schema of one statblock, for the content reference: a `$ref` to its type's
    /// definition, which `generator` keeps with those of the types it holds.
    fn statblock_schema(&self, generator: &mut SchemaGenerator) -> schemars::Schema;
    /// What is wrong with `value` for the option called `name` beyond its kind, if anything
    /// (nothing, unless the ruleset checks its options: [`Schema::with_option_check`]).
    fn option_problem(&self, name: &str, value: &OptionValue) -> Option<String> {
        let _ = (name, value);
        None
    }
    /// The numbers the ruleset works out for statblock `id` of the store (nothing when it
    /// works out none: [`Schema::with_derived`]), or why they cannot be worked out.
    fn derived(&self, store: &dyn Any, id: &str) -> Result<Vec<(&'static str, String)>, String> {
        let _ = (store, id);
        Ok(Vec::new())
    }
}

/// The [`StatblockSchema`] of a [`Statblock`] type.
///
/// ```
/// use fray_content::prelude::*;
/// use serde::Deserialize;
///
/// #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
/// #[serde(deny_unknown_fields)]
/// struct Beast { id: String, hp: i32 }
///
/// impl Statblock for Beast {
///     fn id(&self) -> &str { &self.id }
///     fn name(&self) -> &str { &self.id }
///     fn kind(&self) -> &'static str { "beast" }
///     fn problems(&self, _: &StatblockSet<Self>) -> Vec<Problem> {
///         if self.hp > 0 { vec![] } else { vec![Problem::here("hp must be positive")] }
///     }
/// }
///
/// let loader = ContentLoader::new().with_schema(Schema::<Beast>::new("zoo", &[]));
/// let mut db = ContentDb::default();
/// loader.add_source(&mut db, SourceFile::new("content/zoo/beasts.ron", r#"[(id: "wolf", hp: 9)]"#)).unwrap();
/// assert_eq!(db.statblocks::<Beast>("zoo").unwrap().get("wolf").unwrap().hp, 9);
/// ```
pub struct Schema<S> {
    ruleset: &'static str,
    options: &'static [OptionDef],
    option_check: Option<OptionCheck>,
    derived: Option<Derived<S>>,
    statblock: PhantomData<fn() -> S>,
}

/// A ruleset's numbers worked out from what a statblock writes (B/X: THAC0, saving throws,
/// hit points from hit dice), as `(what, value)` lines for `fray show`; `Err` says why they
/// cannot be worked out.
pub type Derived<S> =
    fn(statblock: &S, set: &StatblockSet<S>) -> Result<Vec<(&'static str, String)>, String>;

/// A ruleset's check of an option's value beyond its kind (a range, say): what is wrong with
/// `value` for the option called `name`, or `None` when it is fine.
pub type OptionCheck = fn(name: &str, value: &OptionValue) -> Option<String>;

impl<S> Schema<S> {
    /// The schema of ruleset `ruleset` with its options.
    pub const fn new(ruleset: &'static str, options: &'static [OptionDef]) -> Self {
        Self {
            ruleset,
            options,
            option_check: None,
            derived: None,
            statblock: PhantomData,
        }
    }

    /// The same schema, with `check` judging the values of its options beyond their kind: an
    /// encounter that sets a value it refuses gets a diagnostic at the option.
    pub const fn with_option_check(self, check: OptionCheck) -> Self {
        Self {
            option_check: Some(check),
            ..self
        }
    }

    /// The same schema, with `derived` working out the numbers a statblock does not write
    /// ([`StatblockSchema::derived`]).
    pub const fn with_derived(self, derived: Derived<S>) -> Self {
        Self {
            derived: Some(derived),
            ..self
        }
    }
}

impl<S: Statblock> StatblockSchema for Schema<S> {
    fn ruleset(&self) -> &'static str {
        self.ruleset
    }

    fn options(&self) -> &'static [OptionDef] {
        self.options
    }

    fn empty_store(&self) -> Box<dyn Any + Send + Sync> {
        Box::new(StatblockSet::<S>::default())
    }

    fn clone_store(&self, store: &dyn Any) -> Option<Box<dyn Any + Send + Sync>> {
        let set = store.downcast_ref::<StatblockSet<S>>()?;
        Some(Box::new(set.clone()))
    }

    fn load(&self, file: &SourceFile, file_index: usize, store: &mut dyn Any) -> Vec<Diagnostic> {
        let Some(set) = store.downcast_mut::<StatblockSet<S>>() else {
            return vec![Diagnostic::new(
                &file.path,
                1,
                1,
                format!(
                    "internal: store of ruleset `{}` has the wrong type",
                    self.ruleset
                ),
            )];
        };
        // The fields every ruleset's statblocks share come out first; the ruleset's type
        // parses the rest (positions unchanged).
        let split = crate::common_fields::split(file);
        let list: Vec<S> = match split.rest.parse() {
            Ok(list) => list,
            Err(d) => return [vec![d], split.problems].concat(),
        };
        let mut out = split.problems;
        for (index, statblock) in list.into_iter().enumerate() {
            let id = statblock.id().to_string();
            match set.insert_in_layer(statblock, file_index, file.layer) {
                (Layered::Duplicate, _) => out.push(
                    file.diagnostic_at(&id, format!("statblock id `{id}` is defined twice"))
                        .with_help("statblock ids must be unique within a ruleset"),
                ),
                (Layered::Overridden, _) => {}
                (Layered::Added | Layered::Overrides, _) => {
                    let tactics = split
                        .tactics
                        .iter()
                        .find(|(e, _)| *e == index)
                        .map(|(_, t)| *t);
                    set.set_tactics(&id, tactics);
                }
            }
        }
        out
    }

    fn validate(&self, store: &dyn Any, sources: &[SourceFile]) -> Vec<Diagnostic> {
        let Some(set) = store.downcast_ref::<StatblockSet<S>>() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (id, statblock) in &set.entries {
            let Some(file) = set.source_of(id).and_then(|i| sources.get(i)) else {
                continue;
            };
            for problem in statblock.problems(set) {
                let at = problem.at.as_deref().unwrap_or(id);
                let message = format!("{id}: {}", problem.message);
                let mut d = match problem.field.and_then(|f| file.locate_field_after(id, f)) {
                    Some((line, column)) => Diagnostic::new(&file.path, line, column, message),
                    None => file.diagnostic_after(id, at, message),
                };
                d.help = problem.help;
                out.push(d);
            }
        }
        out
    }

    fn option_problem(&self, name: &str, value: &OptionValue) -> Option<String> {
        self.option_check.and_then(|check| check(name, value))
    }

    fn derived(&self, store: &dyn Any, id: &str) -> Result<Vec<(&'static str, String)>, String> {
        let (Some(derived), Some(set)) = (self.derived, store.downcast_ref::<StatblockSet<S>>())
        else {
            return Ok(Vec::new());
        };
        set.get(id).map_or(Ok(Vec::new()), |s| derived(s, set))
    }

    fn statblock_schema(&self, generator: &mut SchemaGenerator) -> schemars::Schema {
        generator.subschema_for::<S>()
    }

    fn summaries(&self, store: &dyn Any) -> Vec<StatblockSummary> {
        store
            .downcast_ref::<StatblockSet<S>>()
            .map(|set| {
                set.iter()
                    .map(|s| StatblockSummary {
                        id: s.id().to_string(),
                        name: s.name().to_string(),
                        kind: s.kind(),
                        spawnable: s.spawnable(),
                        levels: s.levels(),
                        max_hp: s.max_hp(),
                        source: set.source_of(s.id()),
                        tactics: set.tactics(s.id()).copied(),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}
