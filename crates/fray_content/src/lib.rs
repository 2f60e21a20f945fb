//! Fray's content layer: encounters, maps and ruleset statblocks written in RON.
//!
//! Content is plain data: this crate knows no ECS and no ruleset. Each ruleset registers its
//! statblock schema (a serde type implementing [`Statblock`]) through a [`StatblockSchema`], and
//! the [`ContentLoader`] walks a content tree, parses every `.ron` file with unknown fields
//! denied, resolves references (statblock ids, map and region ids, AI policy names) and collects
//! *every* problem as a [`Diagnostic`] carrying `path:line:col` and a plain message.
//!
//! ```
//! use fray_content::prelude::*;
//!
//! let loader = ContentLoader::new();
//! let mut db = ContentDb::default();
//! let text = r#"Map(id: "yard", regions: [(id: "gate"), (id: "well")], links: [("gate", "well")])"#;
//! loader.add_source(&mut db, SourceFile::new("content/maps/yard.ron", text)).unwrap();
//! assert_eq!(db.map("yard").unwrap().regions.len(), 2);
//! ```

pub mod common_fields;
pub mod context;
pub mod db;
pub mod diagnostic;
pub mod document;
pub mod encounter;
pub mod layer;
pub mod loader;
pub mod map;
pub mod naming;
pub mod options;
pub mod reference;
pub mod schema;
pub mod source;
pub mod suggest;
pub mod tactics;

/// The types most users of this crate need.
pub mod prelude {
    pub use crate::context::ParsedContext;
    pub use crate::db::ContentDb;
    pub use crate::diagnostic::{Diagnostic, Diagnostics};
    pub use crate::document::{Document, DocumentKind, DocumentSchema, Documents};
    pub use crate::encounter::{
        AmbushSpec, CombatantSpec, ControllerSpec, EncounterOptions, EncounterSpec, MapRef,
        SideScale, SideSpec, StepMode,
    };
    pub use crate::loader::ContentLoader;
    pub use crate::map::{Light, MapSpec, RegionSpec, TerrainSpec};
    pub use crate::options::{OptionDef, OptionValue};
    pub use crate::schema::{Problem, Schema, Statblock, StatblockSchema, StatblockSet};
    pub use crate::source::SourceFile;
    pub use crate::tactics::{Fraction, Protect, Spend, Tactics, TargetPriority};
}

pub use prelude::*;
