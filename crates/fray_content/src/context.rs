//! Context content parsed once, to check file after file over it: what
//! [`ContentLoader::check_sources_in_context`] finds for a file in its context, without
//! parsing the context again for every file (a fuzzer's inputs, an editor's saves).

use crate::db::ContentDb;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::loader::ContentLoader;
use crate::source::SourceFile;

/// Context files parsed once by a loader ([`ContentLoader::parse_context`]). Each
/// [`check`](Self::check) adds its target files to a copy of them and validates the whole:
/// the same problems, in the same order, as
/// [`check_sources_in_context`](ContentLoader::check_sources_in_context) of the same targets
/// and context, and the same content.
///
/// ```
/// use fray_content::prelude::*;
///
/// let loader = ContentLoader::new();
/// let yard = r#"Map(id: "yard", regions: [(id: "gate"), (id: "well")], links: [("gate", "well")])"#;
/// let context = loader.parse_context(vec![SourceFile::new("content/maps/yard.ron", yard)]);
/// // A file that uses the context's map, then one that breaks it.
/// let fine = r#"Map(id: "lane", regions: [(id: "gate")], links: [])"#;
/// let (db, problems) = context.check(vec![SourceFile::new("content/maps/lane.ron", fine)]);
/// assert!(problems.is_empty() && db.map("yard").is_some() && db.map("lane").is_some());
/// let broken = SourceFile::new("content/maps/lane.ron", "Map(id: \"lane\", regions: [");
/// let (_, problems) = context.check(vec![broken.clone()]);
/// assert_eq!(problems.0[0].path, std::path::PathBuf::from("content/maps/lane.ron"));
/// assert_eq!(
///     problems,
///     loader.check_sources_in_context(vec![broken], vec![SourceFile::new("content/maps/yard.ron", yard)]).1,
/// );
/// ```
pub struct ParsedContext {
    loader: ContentLoader,
    /// The context, parsed (each file one layer below its own, as in
    /// `check_sources_in_context`) and not validated.
    db: ContentDb,
    /// The problems parsing the context found.
    problems: Vec<Diagnostic>,
}

impl ContentLoader {
    /// Parses `context` once, to [`check`](ParsedContext::check) files over it. The files are
    /// taken as [`check_sources_in_context`](Self::check_sources_in_context) takes its
    /// context: each a layer below its own, so that the targets override it.
    pub fn parse_context(&self, context: Vec<SourceFile>) -> ParsedContext {
        let sources: Vec<SourceFile> = context
            .into_iter()
            .map(|s| {
                let layer = s.layer.saturating_add(1);
                s.in_layer(layer)
            })
            .collect();
        let (db, problems) = self.add_layers(sources);
        ParsedContext {
            loader: self.clone(),
            db,
            problems,
        }
    }
}

impl ParsedContext {
    /// Checks the `targets` files over the context, as
    /// [`check_sources_in_context`](ContentLoader::check_sources_in_context) checks them:
    /// returns what loaded (a database of its own) and every problem, in targets and context
    /// alike.
    pub fn check(&self, targets: Vec<SourceFile>) -> (ContentDb, Diagnostics) {
        let Some(mut db) = self.copy() else {
            // A schema that cannot copy its store: the context is parsed again.
            let context = self.db.sources.iter().cloned();
            let targets = targets.into_iter().map(|s| s.in_layer(0));
            return self.loader.check_layers(targets.chain(context).collect());
        };
        // The targets' problems come first, then the context's, then validation's: the order
        // of a check that parses the targets first.
        let mut problems = Vec::new();
        for target in targets {
            if let Err(ds) = self.loader.add_source(&mut db, target.in_layer(0)) {
                problems.extend(ds);
            }
        }
        problems.extend(self.problems.iter().cloned());
        problems.extend(self.loader.validate(&mut db));
        (db, Diagnostics(problems))
    }

    /// A copy of the parsed context (a database of its own, with its own
    /// [`id`](ContentDb::id)), or `None` when a store cannot be copied.
    fn copy(&self) -> Option<ContentDb> {
        let db = &self.db;
        let mut stores = std::collections::BTreeMap::new();
        for (&ruleset, store) in &db.stores {
            let schema = self
                .loader
                .schemas
                .iter()
                .find(|s| s.ruleset() == ruleset)?;
            stores.insert(ruleset, schema.clone_store(store.as_ref())?);
        }
        let mut documents = std::collections::BTreeMap::new();
        for (&kind, store) in &db.documents {
            let schema = self.loader.documents.iter().find(|k| k.kind() == kind)?;
            documents.insert(kind, schema.clone_store(store.as_ref())?);
        }
        let mut copy = ContentDb::default();
        copy.sources = db.sources.clone();
        copy.encounters = db.encounters.clone();
        copy.maps = db.maps.clone();
        copy.stores = stores;
        copy.summaries = db.summaries.clone();
        copy.broken = db.broken.clone();
        copy.documents = documents;
        Some(copy)
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use serde::Deserialize;

    use super::*;
    use crate::document::{Document, DocumentKind};
    use crate::loader::read_tree;
    use crate::schema::{Problem, Schema, Statblock, StatblockSet};

    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    struct Beast {
        id: String,
        name: String,
        hp: i32,
    }

    impl Statblock for Beast {
        fn id(&self) -> &str {
            &self.id
        }
        fn name(&self) -> &str {
            &self.name
        }
        fn kind(&self) -> &'static str {
            "beast"
        }
        fn problems(&self, _: &StatblockSet<Self>) -> Vec<Problem> {
            if self.hp > 0 {
                Vec::new()
            } else {
                vec![Problem::field("hp", "hp must be positive")]
            }
        }
    }

    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    struct Note {
        id: String,
        beast: String,
    }

    impl Document for Note {
        const KIND: &'static str = "Note";
        fn id(&self) -> &str {
            &self.id
        }
        fn problems(&self, db: &ContentDb) -> Vec<Problem> {
            match db.statblocks::<Beast>("zoo") {
                Some(set) if set.get(&self.beast).is_some() => Vec::new(),
                _ => vec![Problem::at(self.beast.clone(), "no such beast")],
            }
        }
    }

    fn loader() -> ContentLoader {
        ContentLoader::new()
            .with_schema(Schema::<Beast>::new("zoo", &[]))
            .with_document(DocumentKind::<Note>::new())
            .with_policies(["tactical", "random"])
    }

    const ZOO: &[(&str, &str)] = &[
        (
            "content/zoo/beasts.ron",
            "[\n  (id: \"wolf\", name: \"Wolf\", hp: 9),\n  (id: \"bear\", name: \"Bear\", hp: 20),\n]",
        ),
        (
            "content/zoo/more.ron",
            "[\n  (id: \"rat\", name: \"Rat\", hp: 1),\n]",
        ),
        (
            "content/zoo/notes/n.ron",
            "Note(id: \"n\", beast: \"wolf\")",
        ),
        (
            "content/zoo/maps/den.ron",
            "Map(id: \"den\", regions: [(id: \"mouth\"), (id: \"back\")], links: [(\"mouth\", \"back\")])",
        ),
        (
            "content/zoo/encounters/e.ron",
            "Encounter(\n  id: \"e\", name: \"E\", ruleset: \"zoo\", map: Named(\"den\"),\n  sides: [\n    (name: \"A\", combatants: [(statblock: \"wolf\", region: \"mouth\")]),\n    (name: \"B\", combatants: [(statblock: \"rat\", region: \"back\")]),\n  ],\n)",
        ),
    ];

    fn zoo() -> Vec<SourceFile> {
        ZOO.iter()
            .map(|(path, text)| SourceFile::new(*path, *text))
            .collect()
    }

    /// Each file of `files` as the target (as it is, and as `variants` make it), checked over
    /// the others by both paths: the same problems, and the same content.
    fn both_ways_agree(
        loader: &ContentLoader,
        files: &[SourceFile],
        variants: &[&dyn Fn(&str) -> String],
    ) -> usize {
        let mut checked = 0;
        for file in files {
            let context: Vec<SourceFile> = files
                .iter()
                .filter(|s| s.path != file.path)
                .cloned()
                .collect();
            let parsed = loader.parse_context(context.clone());
            let texts =
                std::iter::once(file.text.clone()).chain(variants.iter().map(|v| v(&file.text)));
            for text in texts {
                let target = SourceFile::new(file.path.clone(), text);
                let (full_db, full) =
                    loader.check_sources_in_context(vec![target.clone()], context.clone());
                let (db, problems) = parsed.check(vec![target.clone()]);
                assert_eq!(
                    problems,
                    full,
                    "{}:\n{}",
                    target.path.display(),
                    target.text
                );
                let ids = |db: &ContentDb| {
                    (
                        db.encounters().map(|e| e.id.clone()).collect::<Vec<_>>(),
                        db.map_ids(),
                        db.rulesets()
                            .map(|r| db.statblock_summaries(r).to_vec())
                            .map(|s| s.into_iter().map(|s| (s.id, s.name)).collect::<Vec<_>>())
                            .collect::<Vec<_>>(),
                    )
                };
                assert_eq!(ids(&db), ids(&full_db), "{}", target.path.display());
                assert_ne!(db.id(), full_db.id());
                checked += 1;
            }
        }
        checked
    }

    /// Breaks a file's text: cut in half.
    fn truncated(text: &str) -> String {
        text.chars().take(text.chars().count() / 2).collect()
    }

    /// Breaks a file's text: every id and name the same (a clash with the context's), and
    /// numbers zeroed.
    fn clashing(text: &str) -> String {
        let mut out = text
            .replace("\"wolf\"", "\"bear\"")
            .replace("\"n\"", "\"m\"");
        for digit in '1'..='9' {
            out = out.replace(digit, "0");
        }
        out
    }

    /// Breaks a file's text: a bad name (one a terminal cannot take).
    fn badly_named(text: &str) -> String {
        text.replacen("name: \"", "name: \"\\u{1b}", 1)
            .replacen("id: \"", "id: \"Bad Id ", 1)
    }

    #[test]
    fn a_check_over_a_parsed_context_finds_what_a_full_check_finds() {
        let checked = both_ways_agree(&loader(), &zoo(), &[&truncated, &clashing, &badly_named]);
        assert_eq!(checked, ZOO.len() * 4);
        // A new file beside the context, which overrides the context's wolf.
        let parsed = loader().parse_context(zoo());
        let wolf = SourceFile::new(
            "content/zoo/new.ron",
            "[(id: \"wolf\", name: \"Wolf\", hp: 0)]",
        );
        let (db, problems) = parsed.check(vec![wolf.clone()]);
        assert_eq!(
            problems,
            loader().check_sources_in_context(vec![wolf], zoo()).1
        );
        assert_eq!(problems.0.len(), 1, "{problems:?}");
        assert_eq!(
            problems.0[0].to_string(),
            "content/zoo/new.ron:1:29: wolf: hp must be positive"
        );
        let wolf = db.statblocks::<Beast>("zoo").and_then(|s| s.get("wolf"));
        assert_eq!(wolf.map(|w| w.hp), Some(0));
    }

    #[test]
    fn the_real_maps_and_encounters_check_the_same_both_ways() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
        let (tree, unread) = read_tree(&root);
        assert!(unread.is_empty(), "{unread:?}");
        // The maps and encounters of each ruleset's folder (statblocks are the rulesets'
        // crates' own), over the toy ruleset's files.
        let mut checked = 0;
        let folders: std::collections::BTreeSet<PathBuf> = tree
            .iter()
            .filter_map(|s| s.path.strip_prefix(&root).ok()?.components().next())
            .map(|c| root.join(c))
            .collect();
        for folder in folders {
            let files: Vec<SourceFile> = tree
                .iter()
                .filter(|s| s.path.starts_with(&folder))
                .filter(|s| matches!(s.top_level_name(), Some("Map" | "Encounter")))
                .cloned()
                .chain(zoo())
                .collect();
            checked += both_ways_agree(&loader(), &files, &[&truncated, &clashing]);
        }
        assert!(checked > 30, "{checked}");
    }

    /// The toy ruleset's schema, but for copying its stores, which it leaves to the default
    /// (it cannot).
    struct Uncopied(Schema<Beast>);

    impl crate::schema::StatblockSchema for Uncopied {
        fn ruleset(&self) -> &'static str {
            self.0.ruleset()
        }
        fn options(&self) -> &'static [crate::options::OptionDef] {
            self.0.options()
        }
        fn empty_store(&self) -> Box<dyn std::any::Any + Send + Sync> {
            self.0.empty_store()
        }
        fn load(
            &self,
            file: &SourceFile,
            file_index: usize,
            store: &mut dyn std::any::Any,
        ) -> Vec<Diagnostic> {
            self.0.load(file, file_index, store)
        }
        fn validate(&self, store: &dyn std::any::Any, sources: &[SourceFile]) -> Vec<Diagnostic> {
            self.0.validate(store, sources)
        }
        fn summaries(&self, store: &dyn std::any::Any) -> Vec<crate::schema::StatblockSummary> {
            self.0.summaries(store)
        }
        fn statblock_schema(&self, generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
            self.0.statblock_schema(generator)
        }
    }

    #[test]
    fn a_schema_that_cannot_copy_its_stores_gets_its_context_parsed_again() {
        let loader = ContentLoader::new()
            .with_schema(Uncopied(Schema::new("zoo", &[])))
            .with_document(DocumentKind::<Note>::new())
            .with_policies(["tactical", "random"]);
        let checked = both_ways_agree(&loader, &zoo(), &[&truncated, &clashing, &badly_named]);
        assert_eq!(checked, ZOO.len() * 4);
    }

    #[test]
    fn a_check_leaves_the_parsed_context_as_it_was() {
        let parsed = loader().parse_context(zoo());
        let broken = SourceFile::new("content/zoo/more.ron", "[(id: \"rat\", name: ");
        let (db, problems) = parsed.check(vec![broken]);
        assert_eq!(problems.0.len(), 1, "{problems:?}");
        assert_eq!(problems.0[0].path, PathBuf::from("content/zoo/more.ron"));
        assert!(db.statblocks_broken("zoo"));
        // The context itself is untouched: the next check starts from it again.
        let (db, problems) = parsed.check(Vec::new());
        assert!(problems.is_empty(), "{problems:?}");
        assert!(!db.statblocks_broken("zoo"));
        assert_eq!(db.statblock_summaries("zoo").len(), 3);
    }
}
