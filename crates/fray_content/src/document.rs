//! Other crates' kinds of content file: a crate that owns a kind of document (the adventure
//! clock's `Dungeon(...)` and `Expedition(...)`) registers it with the loader, which then
//! parses such files, keeps them in the [`ContentDb`] and validates them after everything else
//! loaded, reporting their problems as statblocks' are ([`Problem`] located at
//! `path:line:col`).
//!
//! ```
//! use fray_content::prelude::*;
//! use serde::Deserialize;
//!
//! #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
//! #[serde(deny_unknown_fields)]
//! struct Note { id: String, words: u32 }
//!
//! impl Document for Note {
//!     const KIND: &'static str = "Note";
//!     fn id(&self) -> &str { &self.id }
//!     fn problems(&self, _: &ContentDb) -> Vec<Problem> {
//!         if self.words > 0 { vec![] } else { vec![Problem::field("words", "a note needs words")] }
//!     }
//! }
//!
//! let loader = ContentLoader::new().with_document(DocumentKind::<Note>::new());
//! let mut db = ContentDb::default();
//! loader.add_source(&mut db, SourceFile::new("content/n.ron", "Note(id: \"a\", words: 3)")).unwrap();
//! loader.add_source(&mut db, SourceFile::new("content/m.ron", "Note(\n  id: \"b\",\n  words: 0)")).unwrap();
//! let problems = loader.validate(&mut db);
//! assert_eq!(problems[0].to_string(), "content/m.ron:3:3: b: a note needs words");
//! assert_eq!(db.document::<Note>("a").unwrap().words, 3);
//! ```

use std::any::Any;
use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use schemars::{JsonSchema, SchemaGenerator};
use serde::de::DeserializeOwned;

use crate::db::ContentDb;
use crate::diagnostic::Diagnostic;
use crate::layer::Layered;
use crate::schema::Problem;
use crate::source::SourceFile;

/// A kind of content file another crate owns, written `Kind(...)` at the top of its file. Its
/// [`JsonSchema`] is what the content reference ([`reference`](crate::reference)) documents.
pub trait Document:
    DeserializeOwned + JsonSchema + Clone + Send + Sync + fmt::Debug + 'static
{
    /// The top-level RON name of its files (`Dungeon`).
    const KIND: &'static str;
    /// Unique id among the documents of its kind.
    fn id(&self) -> &str;
    /// What is wrong with it, given everything else loaded (statblocks, other documents).
    fn problems(&self, db: &ContentDb) -> Vec<Problem>;
}

/// The documents of one kind, by id, with the file each came from.
#[derive(Debug, Clone)]
pub struct Documents<D> {
    entries: BTreeMap<String, (D, usize)>,
    /// The content layer each document comes from.
    layers: BTreeMap<String, u8>,
}

impl<D> Default for Documents<D> {
    fn default() -> Self {
        Self {
            entries: BTreeMap::new(),
            layers: BTreeMap::new(),
        }
    }
}

impl<D: Document> Documents<D> {
    /// The document with this id.
    pub fn get(&self, id: &str) -> Option<&D> {
        self.entries.get(id).map(|(d, _)| d)
    }

    /// The index of the source file document `id` comes from, in
    /// [`ContentDb::sources`](crate::db::ContentDb::sources).
    pub fn source_of(&self, id: &str) -> Option<usize> {
        self.entries.get(id).map(|&(_, file)| file)
    }

    /// Every document, in id order.
    pub fn iter(&self) -> impl Iterator<Item = &D> {
        self.entries.values().map(|(d, _)| d)
    }

    /// Every id, in order.
    pub fn ids(&self) -> impl Iterator<Item = &str> + Clone {
        self.entries.keys().map(String::as_str)
    }
}

/// Other crates' documents in the database (their store is the database's; reading them is
/// this module's, so the database needs to know nothing of documents).
impl ContentDb {
    /// The documents of kind `D` (dungeons, expeditions), when the loader knows the kind.
    pub fn documents_of<D: Document>(&self) -> Option<&Documents<D>> {
        self.documents.get(D::KIND)?.downcast_ref()
    }

    /// A document of kind `D` by id.
    pub fn document<D: Document>(&self, id: &str) -> Option<&D> {
        self.documents_of::<D>()?.get(id)
    }
}

/// The object-safe face of a [`Document`] type, as the loader holds it.
pub trait DocumentSchema: Send + Sync {
    /// The top-level RON name of its files.
    fn kind(&self) -> &'static str;
    /// A new, empty store of its documents.
    fn empty_store(&self) -> Box<dyn Any + Send + Sync>;
    /// A copy of `store` (one of this kind's), as
    /// [`StatblockSchema::clone_store`](crate::schema::StatblockSchema::clone_store) copies a
    /// statblock store; `None` (the default) when the kind cannot copy its stores.
    fn clone_store(&self, store: &dyn Any) -> Option<Box<dyn Any + Send + Sync>> {
        let _ = store;
        None
    }
    /// Parses one file into the store.
    fn load(&self, file: &SourceFile, file_index: usize, store: &mut dyn Any) -> Vec<Diagnostic>;
    /// Validates every document of its kind against everything loaded.
    fn validate(&self, db: &ContentDb) -> Vec<Diagnostic>;
    /// The JSON schema of one document, for the content reference: a `$ref` to its type's
    /// definition, which `generator` keeps with those of the types it holds.
    fn document_schema(&self, generator: &mut SchemaGenerator) -> schemars::Schema;
}

/// The [`DocumentSchema`] of a [`Document`] type.
pub struct DocumentKind<D>(PhantomData<fn() -> D>);

impl<D> DocumentKind<D> {
    /// The schema of `D`.
    pub const fn new() -> Self {
        Self(PhantomData)
    }
}

impl<D> Default for DocumentKind<D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<D: Document> DocumentSchema for DocumentKind<D> {
    fn kind(&self) -> &'static str {
        D::KIND
    }

    fn empty_store(&self) -> Box<dyn Any + Send + Sync> {
        Box::new(Documents::<D>::default())
    }

    fn clone_store(&self, store: &dyn Any) -> Option<Box<dyn Any + Send + Sync>> {
        let set = store.downcast_ref::<Documents<D>>()?;
        Some(Box::new(set.clone()))
    }

    fn load(&self, file: &SourceFile, file_index: usize, store: &mut dyn Any) -> Vec<Diagnostic> {
        let Some(set) = store.downcast_mut::<Documents<D>>() else {
            return vec![Diagnostic::new(
                &file.path,
                1,
                1,
                format!("internal: store of `{}` has the wrong type", D::KIND),
            )];
        };
        let document: D = match file.parse() {
            Ok(d) => d,
            Err(d) => return vec![d],
        };
        let id = document.id().to_string();
        match Layered::of(set.layers.get(&id).copied(), file.layer) {
            Layered::Duplicate => {
                return vec![file.diagnostic_at(
                    &id,
                    format!("{} id `{id}` is defined twice", D::KIND.to_lowercase()),
                )];
            }
            Layered::Overridden => {}
            Layered::Added | Layered::Overrides => {
                set.layers.insert(id.clone(), file.layer);
                set.entries.insert(id, (document, file_index));
            }
        }
        Vec::new()
    }

    fn document_schema(&self, generator: &mut SchemaGenerator) -> schemars::Schema {
        generator.subschema_for::<D>()
    }

    fn validate(&self, db: &ContentDb) -> Vec<Diagnostic> {
        let Some(set) = db.documents_of::<D>() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (id, (document, index)) in &set.entries {
            let Some(file) = db.sources().get(*index) else {
                continue;
            };
            for problem in document.problems(db) {
                out.push(locate(file, id, problem));
            }
        }
        out
    }
}

/// Where a document's problem points: its field, else its quoted text, from the document's id
/// on (as statblocks' problems do).
fn locate(file: &SourceFile, id: &str, problem: Problem) -> Diagnostic {
    let at = problem.at.as_deref().unwrap_or(id);
    let message = format!("{id}: {}", problem.message);
    let mut d = match problem.field.and_then(|f| file.locate_field_after(id, f)) {
        Some((line, column)) => Diagnostic::new(&file.path, line, column, message),
        None => file.diagnostic_after(id, at, message),
    };
    d.help = problem.help;
    d
}
