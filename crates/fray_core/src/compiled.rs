//! Statblocks compiled once and shared: a ruleset turns a statblock into the numbers its
//! systems read (its "sheet") the first time a combatant is spawned from it, and every later
//! combatant of that statblock shares the same `Arc`.
//!
//! The cache belongs to the ruleset's [`Ruleset`](crate::spawn::Ruleset) value (one per App)
//! and remembers which content it compiled from ([`ContentDb::id`]): when a game loads new
//! content into the same App, the old sheets are dropped instead of being served stale.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use fray_content::db::ContentDb;

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
