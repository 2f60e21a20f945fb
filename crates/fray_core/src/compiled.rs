//! Statblocks compiled once and shared: a ruleset turns a statblock into the numbers its
//! systems read (its "sheet") the first time a combatant is spawned from it, and every later
//! combatant of that statblock shares the same `Arc`.
//!
//! The cache belongs to the ruleset's [`Ruleset`](crate::spawn::Ruleset) value (one per App)
//! and remembers which content it compiled from ([`ContentDb::id`]): when a game loads new
//! content into the same App, the old sheets are dropped instead of being served stale.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use bevy_ecs::prelude::*;
use bevy_reflect::utility::GenericTypePathCell;
use bevy_reflect::{Reflect, TypePath};
use fray_content::db::ContentDb;
use fray_content::schema::{Statblock, StatblockSet};
use serde::{Deserialize, Serialize};

use crate::spawn::SpawnError;

/// Compiled statblocks of one content, by statblock id.
///
/// ```
/// use fray_content::db::ContentDb;
/// use fray_core::compiled::CompiledStatblocks;
///
/// let cache: CompiledStatblocks<String> = CompiledStatblocks::default();
/// let content = ContentDb::default();
/// let a = cache.get_or_compile(&content, "goblin", || Ok("Goblin, 7 HP".to_string())).unwrap();
/// let b = cache.get_or_compile(&content, "goblin", || unreachable!("compiled once")).unwrap();
/// assert!(std::sync::Arc::ptr_eq(&a, &b));
/// // Other content: compiled again.
/// let c = cache.get_or_compile(&ContentDb::default(), "goblin", || Ok("Goblin, 9 HP".into())).unwrap();
/// assert_eq!(c.as_str(), "Goblin, 9 HP");
/// ```
#[derive(Debug)]
pub struct CompiledStatblocks<T> {
    /// The content the sheets were compiled from, and the sheets.
    inner: Mutex<(u64, HashMap<String, Arc<T>>)>,
}

impl<T> Default for CompiledStatblocks<T> {
    fn default() -> Self {
        Self {
            inner: Mutex::new((0, HashMap::new())),
        }
    }
}

impl<T> CompiledStatblocks<T> {
    /// The compiled form of statblock `id` of `content`, compiled by `compile` on first use.
    /// A failed compilation is not cached.
    pub fn get_or_compile(
        &self,
        content: &ContentDb,
        id: &str,
        compile: impl FnOnce() -> Result<T, SpawnError>,
    ) -> Result<Arc<T>, SpawnError> {
        let mut guard = self
            .inner
            .lock()
            .map_err(|_| SpawnError::Ruleset("the compiled statblock cache is poisoned".into()))?;
        let (from, sheets) = &mut *guard;
        if *from != content.id() {
            *from = content.id();
            sheets.clear();
        }
        if let Some(sheet) = sheets.get(id) {
            return Ok(sheet.clone());
        }
        let sheet = Arc::new(compile()?);
        sheets.insert(id.to_string(), sheet.clone());
        Ok(sheet)
    }
}

/// Statblock `id` of `ruleset`'s statblocks `S` in `content`, with the set it is in (for the
/// statblocks it refers to), if an encounter may place it as a combatant
/// ([`Statblock::spawnable`]): what a ruleset compiles its sheet from. Else the spawn error
/// to report: no content of the ruleset is loaded, or no such combatant.
pub fn spawnable_statblock<'c, S: Statblock>(
    content: &'c ContentDb,
    ruleset: &str,
    id: &str,
) -> Result<(&'c S, &'c StatblockSet<S>), SpawnError> {
    let set = content
        .statblocks::<S>(ruleset)
        .ok_or_else(|| SpawnError::Ruleset(format!("no {ruleset} content is loaded")))?;
    match set.get(id) {
        Some(block) if block.spawnable() => Ok((block, set)),
        _ => Err(SpawnError::UnknownStatblock {
            id: id.to_string(),
            help: format!("`fray list --ruleset {ruleset}` lists its statblocks"),
        }),
    }
}

/// The display name of combatant statblock `id` of `ruleset` (see [`spawnable_statblock`]),
/// for a ruleset's [`Ruleset::statblock_name`](crate::spawn::Ruleset::statblock_name).
pub fn statblock_name<S: Statblock>(
    content: &ContentDb,
    ruleset: &str,
    id: &str,
) -> Option<String> {
    spawnable_statblock::<S>(content, ruleset, id)
        .ok()
        .map(|(block, _)| block.name().to_string())
}

/// A combatant's compiled statblock (its ruleset's sheet type `T`), shared by every combatant
/// spawned from the same statblock: cheap to clone. Each ruleset names its own
/// (`pub type Sheet = fray_core::compiled::Sheet<SheetData>;`) and reads it in its fighter
/// query.
///
/// It reflects as an opaque value (an inspector shows it through `Debug`), and it is named as
/// its ruleset's: its type's crate is `T`'s, so a sheet of B/X is saved as `fray_bx::Sheet`
/// ([`persist`](crate::FrayAppExt::persist)).
#[derive(Component, Debug, Clone, PartialEq, Serialize, Deserialize, Reflect)]
#[reflect(opaque, type_path = false)]
#[reflect(Component, Debug, PartialEq)]
pub struct Sheet<T: CompiledSheet>(pub Arc<T>);

/// What a ruleset's compiled sheet type is: named for reflection, shared between threads,
/// printable and comparable (any `#[derive(Debug, Clone, PartialEq, TypePath)]` struct).
pub trait CompiledSheet: TypePath + Send + Sync + Clone + std::fmt::Debug + PartialEq {}

impl<T: TypePath + Send + Sync + Clone + std::fmt::Debug + PartialEq> CompiledSheet for T {}

impl<T: CompiledSheet> Sheet<T> {
    /// The sheet `data`.
    pub fn new(data: impl Into<Arc<T>>) -> Self {
        Self(data.into())
    }
}

impl<T: CompiledSheet> TypePath for Sheet<T> {
    fn type_path() -> &'static str {
        static CELL: GenericTypePathCell = GenericTypePathCell::new();
        CELL.get_or_insert::<Self, _>(|| format!("fray_core::compiled::Sheet<{}>", T::type_path()))
    }

    fn short_type_path() -> &'static str {
        "Sheet"
    }

    fn type_ident() -> Option<&'static str> {
        Some("Sheet")
    }

    /// The ruleset's crate: `T`'s.
    fn crate_name() -> Option<&'static str> {
        T::crate_name()
    }

    fn module_path() -> Option<&'static str> {
        T::module_path()
    }
}
