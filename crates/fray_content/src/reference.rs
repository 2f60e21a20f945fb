//! The content reference: a Markdown page of every field a content file may write, generated
//! from the schema types themselves, so that it cannot drift from what the loader accepts.
//!
//! Each type content deserializes derives [`schemars::JsonSchema`] beside its `Deserialize`,
//! which follows its serde attributes (`default`, `rename`, `deny_unknown_fields`, tagging) and
//! takes its doc comments. [`markdown`] asks a [`ContentLoader`] for every kind of file it
//! knows: encounters and maps (this crate's), the documents other crates registered
//! ([`DocumentSchema::document_schema`](crate::document::DocumentSchema::document_schema)),
//! and each ruleset's statblocks ([`StatblockSchema::statblock_schema`]) with the ruleset's
//! options. It writes one section per kind and a table per type, enum variants as RON writes
//! them and defaults as RON values.
//!
//! A kind's section lists the types only it reaches; the types several kinds reach (a
//! dungeon's and a wilderness's monsters, the rulesets' dice) are listed once, among the shared
//! types, and linked from each. Fields come required first, in the order their type declares
//! them, then the others by name: a JSON schema keeps no order among its properties (schemars
//! keeps it only with serde_json's `preserve_order`, a feature every crate of a build would
//! then share).
//!
//! ```
//! use fray_content::prelude::*;
//! use fray_content::reference;
//!
//! let page = reference::markdown(&ContentLoader::new(), "Made by a doctest.");
//! assert!(page.contains("| `regions` | list of [`RegionSpec`](#content-regionspec) | required |"));
//! assert!(page.contains("| `light` | [`Light`](#content-light) | default `WellLit` |"));
//! ```

use std::collections::{BTreeMap, VecDeque};
use std::fmt::Write as _;

use schemars::SchemaGenerator;
use schemars::generate::SchemaSettings;
use serde_json::{Map, Value};

use crate::encounter::EncounterSpec;
use crate::loader::ContentLoader;
use crate::map::MapSpec;
use crate::schema::StatblockSchema;

/// The reference page of every kind of file `loader` knows, in Markdown. `preface` follows the
/// title: how the page is made and checked, in the words of whoever publishes it.
pub fn markdown(loader: &ContentLoader, preface: &str) -> String {
    let mut scopes = Vec::new();
    let mut kinds = Vec::new();
    let mut shared = SchemaSettings::draft2020_12().into_generator();
    kinds.push(file_kind(
        "Encounter",
        shared.subschema_for::<EncounterSpec>(),
        0,
    ));
    kinds.push(file_kind("Map", shared.subschema_for::<MapSpec>(), 0));
    for kind in loader.document_kinds() {
        let root = kind.document_schema(&mut shared);
        kinds.push(file_kind(kind.kind(), root, 0));
    }
    scopes.push(Scope::new("content", &mut shared));
    for id in loader.ruleset_ids() {
        let Some(schema) = loader.schema(id) else {
            continue;
        };
        let mut generator = SchemaSettings::draft2020_12().into_generator();
        let root = schema.statblock_schema(&mut generator);
        kinds.push(statblock_kind(schema, root, scopes.len()));
        scopes.push(Scope::new(id, &mut generator));
    }
    let page = Page::new(scopes, kinds);
    page.render(preface)
}

/// A kind of content file: its section's heading, anchor and opening, and its root type.
struct Kind {
    /// The section's heading.
    heading: String,
    /// The section's anchor.
    anchor: String,
    /// How a file of this kind is written, with `{root}` for the link to the root type.
    opening: String,
    /// More to say after the opening (a ruleset's options).
    more: String,
    /// A `$ref` to the root type.
    root: Value,
    /// The index of the scope its types are defined in.
    scope: usize,
}

/// The kind of a file whose top level is `name(...)`.
fn file_kind(name: &str, root: schemars::Schema, scope: usize) -> Kind {
    Kind {
        heading: format!("`{name}` files"),
        anchor: format!("file-{}", name.to_lowercase()),
        opening: format!("A file whose top level is `{name}(...)`: the fields of {{root}}."),
        more: String::new(),
        root: root.to_value(),
        scope,
    }
}

/// The statblocks of one ruleset, and its encounter options.
fn statblock_kind(schema: &dyn StatblockSchema, root: schemars::Schema, scope: usize) -> Kind {
    let id = schema.ruleset();
    let mut more = String::new();
    if !schema.options().is_empty() {
        more.push_str(
            "Its encounters may set these options, in `options: (ruleset: {\"name\": value})`:\n\n",
        );
        more.push_str("| option | default | description |\n|---|---|---|\n");
        for option in schema.options() {
            let _ = writeln!(
                more,
                "| `{}` | `{}` | {} |",
                option.name,
                option.default,
                cell(option.doc)
            );
        }
        more.push('\n');
    }
    Kind {
        heading: format!("`{id}` statblocks"),
        anchor: format!("statblocks-{id}"),
        opening: format!(
            "A `.ron` file in a folder named `{id}` (`content/{id}/...`) whose top level is a list \
             `[...]` of statblocks, each one {{root}}. Encounters, dungeons, wildernesses and \
             expeditions of ruleset `{id}` name them by `id`. Besides the fields below, a \
             statblock of any ruleset may write `tactics: (...)`: how its combatants fight, a \
             `Tactics` as an encounter's side writes it (see `SideSpec`); a side's tactics win \
             over its statblocks' field by field."
        ),
        more,
        root: root.to_value(),
        scope,
    }
}

/// The type definitions of one schema generator, and the prefix of their anchors.
struct Scope {
    /// The anchors' prefix (`content`, or a ruleset's id).
    prefix: String,
    /// The definitions, by name.
    definitions: Map<String, Value>,
}

impl Scope {
    fn new(prefix: &str, generator: &mut SchemaGenerator) -> Self {
        Self {
            prefix: prefix.to_string(),
            definitions: generator.take_definitions(true),
        }
    }
}

/// Where each type is listed, and what each section lists.
struct Page {
    scopes: Vec<Scope>,
    kinds: Vec<Kind>,
    /// Each type's anchor, by scope and name: its own, or that of the same type in an earlier
    /// scope.
    anchors: BTreeMap<(usize, String), String>,
    /// The type each anchor lists: its scope and name.
    owners: BTreeMap<String, (usize, String)>,
    /// The types each kind's section lists, by anchor, in order.
    listed: Vec<Vec<String>>,
    /// The types several kinds reach, by anchor, in order.
    shared: Vec<String>,
}

impl Page {
    /// Places every type: each kind's root in its own section, each other type in the one
    /// section that reaches it (breadth first, fields in order), or among the shared types
    /// when several do.
    fn new(scopes: Vec<Scope>, kinds: Vec<Kind>) -> Self {
        let mut page = Self {
            scopes,
            kinds,
            anchors: BTreeMap::new(),
            owners: BTreeMap::new(),
            listed: Vec::new(),
            shared: Vec::new(),
        };
        for scope in 0..page.scopes.len() {
            let names: Vec<String> = page.scopes[scope].definitions.keys().cloned().collect();
            for name in names {
                page.place(scope, &name);
            }
        }
        let roots: Vec<String> = page
            .kinds
            .iter()
            .filter_map(|k| ref_name(&k.root).map(|name| page.anchor(k.scope, name)))
            .collect();
        let reached: Vec<Vec<String>> = page.kinds.iter().map(|k| page.reach(k, &roots)).collect();
        let mut order: Vec<&String> = Vec::new();
        for anchor in reached.iter().flatten() {
            if !order.contains(&anchor) {
                order.push(anchor);
            }
        }
        let reaching = |anchor: &String| reached.iter().filter(|r| r.contains(anchor)).count();
        page.shared = order
            .into_iter()
            .filter(|a| !roots.contains(a) && reaching(a) > 1)
            .cloned()
            .collect();
        page.listed = reached
            .iter()
            .map(|r| {
                r.iter()
                    .filter(|a| !page.shared.contains(a))
                    .filter(|a| !roots.contains(a) || r.first() == Some(a))
                    .cloned()
                    .collect()
            })
            .collect();
        page.rename_shared();
        page
    }

    /// Gives the shared types anchors that name no scope (`shared-dice`, not `archmage-dice`).
    fn rename_shared(&mut self) {
        let mut renamed: BTreeMap<String, String> = BTreeMap::new();
        for anchor in &self.shared {
            let Some((_, name)) = self.owners.get(anchor) else {
                continue;
            };
            let new = format!("shared-{}", name.to_lowercase());
            let taken = self.owners.contains_key(&new)
                || renamed.values().any(|n| *n == new)
                || new == SHARED_ANCHOR;
            if !taken {
                renamed.insert(anchor.clone(), new);
            }
        }
        let rename = |anchor: &mut String| {
            if let Some(new) = renamed.get(anchor) {
                anchor.clone_from(new);
            }
        };
        self.anchors.values_mut().for_each(rename);
        self.shared.iter_mut().for_each(rename);
        self.owners = std::mem::take(&mut self.owners)
            .into_iter()
            .map(|(anchor, owner)| (renamed.get(&anchor).cloned().unwrap_or(anchor), owner))
            .collect();
    }

    /// The anchors of every type `kind` reaches from its root, breadth first, root first,
    /// not through the `roots` of other kinds (an encounter's inline map is the map kind's).
    fn reach(&self, kind: &Kind, roots: &[String]) -> Vec<String> {
        let mut queue: VecDeque<String> = ref_name(&kind.root)
            .map(str::to_string)
            .into_iter()
            .collect();
        let mut seen: Vec<String> = queue.iter().cloned().collect();
        let mut reached = Vec::new();
        while let Some(name) = queue.pop_front() {
            let anchor = self.anchor(kind.scope, &name);
            let other_root = !reached.is_empty() && roots.contains(&anchor);
            reached.push(anchor);
            if other_root {
                continue;
            }
            let mut refs = Vec::new();
            if let Some(definition) = self.scopes[kind.scope].definitions.get(&name) {
                collect_refs(definition, &mut refs);
            }
            for r in refs {
                if !seen.contains(&r) {
                    seen.push(r.clone());
                    queue.push_back(r);
                }
            }
        }
        reached
    }

    /// Gives type `name` of `scope` its anchor: that of the same type in an earlier scope, or
    /// its own.
    fn place(&mut self, scope: usize, name: &str) {
        let earlier = (0..scope).find(|s| {
            self.anchors.contains_key(&(*s, name.to_string()))
                && self.same(*s, scope, name, &mut Vec::new())
        });
        let anchor = match earlier {
            Some(s) => self.anchor(s, name),
            None => {
                let anchor = format!("{}-{}", self.scopes[scope].prefix, name.to_lowercase());
                self.owners
                    .insert(anchor.clone(), (scope, name.to_string()));
                anchor
            }
        };
        self.anchors.insert((scope, name.to_string()), anchor);
    }

    /// Whether type `name` is defined alike in scopes `a` and `b`, and so is every type it
    /// names (`visiting`: the names being compared already, for recursive types).
    fn same(&self, a: usize, b: usize, name: &str, visiting: &mut Vec<String>) -> bool {
        if visiting.iter().any(|v| v == name) {
            return true;
        }
        let (Some(in_a), Some(in_b)) = (
            self.scopes[a].definitions.get(name),
            self.scopes[b].definitions.get(name),
        ) else {
            return false;
        };
        if in_a != in_b {
            return false;
        }
        visiting.push(name.to_string());
        let mut refs = Vec::new();
        collect_refs(in_a, &mut refs);
        refs.iter().all(|r| self.same(a, b, r, visiting))
    }

    fn render(&self, preface: &str) -> String {
        let mut out = String::from("# Content reference\n\n");
        out.push_str(preface.trim());
        out.push_str("\n\n");
        out.push_str(PRIMER);
        out.push_str("\nThe kinds of file:\n\n");
        for kind in &self.kinds {
            let _ = writeln!(out, "- [{}](#{})", kind.heading, kind.anchor);
        }
        if !self.shared.is_empty() {
            let _ = writeln!(out, "- [{SHARED}](#{SHARED_ANCHOR})");
        }
        for (kind, listed) in self.kinds.iter().zip(&self.listed) {
            let _ = write!(
                out,
                "\n<a id=\"{}\"></a>\n\n## {}\n\n",
                kind.anchor, kind.heading
            );
            let root = self.type_md(&kind.root, kind.scope);
            out.push_str(&kind.opening.replace("{root}", &root));
            out.push_str("\n\n");
            out.push_str(&kind.more);
            for anchor in listed {
                self.render_type(&mut out, anchor);
            }
        }
        if !self.shared.is_empty() {
            let _ = write!(
                out,
                "\n<a id=\"{SHARED_ANCHOR}\"></a>\n\n## {SHARED}\n\nThe types more than one kind \
                 of file uses.\n\n"
            );
            for anchor in &self.shared {
                self.render_type(&mut out, anchor);
            }
        }
        out
    }

    /// One type's section: its description, then its fields, variants or forms.
    fn render_type(&self, out: &mut String, anchor: &str) {
        let Some((scope, name)) = self.owners.get(anchor) else {
            return;
        };
        let (scope, name) = (*scope, name.as_str());
        let Some(definition) = self.scopes[scope].definitions.get(name) else {
            return;
        };
        let _ = write!(out, "<a id=\"{anchor}\"></a>\n\n### `{name}`\n\n");
        if let Some(text) = description(definition) {
            out.push_str(&prose(text));
            out.push_str("\n\n");
        }
        if definition.get("properties").is_some() {
            self.render_fields(out, scope, definition);
        } else if let Some(variants) = definition.get("oneOf").and_then(Value::as_array) {
            self.render_variants(out, scope, anchor, variants);
        } else if let Some(forms) = definition.get("anyOf").and_then(Value::as_array) {
            out.push_str("Written as any one of these:\n\n| form | description |\n|---|---|\n");
            for form in forms {
                let _ = writeln!(
                    out,
                    "| {} | {} |",
                    self.type_md(form, scope),
                    description(form).map(cell).unwrap_or_default()
                );
            }
            out.push('\n');
        } else if let Some(names) = definition.get("enum").and_then(Value::as_array) {
            let names: Vec<String> = names.iter().map(|n| format!("`{}`", bare(n))).collect();
            let _ = write!(out, "One of: {}.\n\n", names.join(", "));
        } else {
            let _ = write!(out, "Written as: {}.\n\n", self.type_md(definition, scope));
        }
    }

    /// A struct's table of fields: required ones first (in declared order), then the others.
    fn render_fields(&self, out: &mut String, scope: usize, definition: &Value) {
        let Some(properties) = definition.get("properties").and_then(Value::as_object) else {
            return;
        };
        let required: Vec<&str> = definition
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut names: Vec<&str> = required.clone();
        names.extend(
            properties
                .keys()
                .map(String::as_str)
                .filter(|n| !required.contains(n)),
        );
        out.push_str("| field | type | required / default | description |\n|---|---|---|---|\n");
        for name in names {
            let Some(field) = properties.get(name) else {
                continue;
            };
            let _ = writeln!(
                out,
                "| `{name}` | {} | {} | {} |",
                self.type_md(field, scope),
                self.requirement(field, required.contains(&name), scope),
                description(field).map(cell).unwrap_or_default()
            );
        }
        out.push('\n');
        if definition.get("additionalProperties") != Some(&Value::Bool(false)) {
            out.push_str("Fields it does not list are ignored.\n\n");
        }
    }

    /// An enum's table of variants, then the fields of each variant that holds named fields.
    fn render_variants(&self, out: &mut String, scope: usize, anchor: &str, variants: &[Value]) {
        out.push_str(
            "One of these variants:\n\n| variant | holds | description |\n|---|---|---|\n",
        );
        let mut with_fields = Vec::new();
        for variant in variants {
            let about = description(variant).map(cell).unwrap_or_default();
            for unit in unit_variants(variant) {
                let _ = writeln!(out, "| `{unit}` | | {about} |");
            }
            let Some((name, content)) = tagged_variant(variant) else {
                if unit_variants(variant).is_empty() {
                    let _ = writeln!(out, "| {} | | {about} |", self.type_md(variant, scope));
                }
                continue;
            };
            let (written, holds) = if content.get("properties").is_some() {
                let fields_anchor = format!("{anchor}-{}", name.to_lowercase());
                with_fields.push((name, content, fields_anchor.clone()));
                ("...".to_string(), format!("[its fields](#{fields_anchor})"))
            } else if let Some(items) = content.get("prefixItems").and_then(Value::as_array) {
                let items: Vec<String> = items.iter().map(|i| self.type_md(i, scope)).collect();
                (vec!["..."; items.len()].join(", "), items.join(", "))
            } else if let Some(fields) = self.struct_ref(content, scope) {
                ("...".to_string(), format!("the fields of {fields}"))
            } else {
                ("...".to_string(), self.type_md(content, scope))
            };
            let _ = writeln!(out, "| `{name}({written})` | {holds} | {about} |");
        }
        out.push('\n');
        for (name, content, fields_anchor) in with_fields {
            let _ = write!(
                out,
                "<a id=\"{fields_anchor}\"></a>\n\n#### `{name}(...)`\n\n"
            );
            self.render_fields(out, scope, content);
        }
    }

    /// A link to the struct `schema` refers to, if it refers to one.
    fn struct_ref(&self, schema: &Value, scope: usize) -> Option<String> {
        let name = ref_name(schema)?;
        let definition = self.scopes[scope].definitions.get(name)?;
        definition
            .get("properties")
            .map(|_| self.type_md(schema, scope))
    }

    /// What a field must be, in Markdown (links to the types it names).
    fn type_md(&self, schema: &Value, scope: usize) -> String {
        if let Some(name) = ref_name(schema) {
            return format!("[`{name}`](#{})", self.anchor(scope, name));
        }
        if let Some(options) = schema.get("anyOf").and_then(Value::as_array) {
            let forms: Vec<String> = options
                .iter()
                .filter(|o| !is_null(o))
                .map(|o| self.type_md(o, scope))
                .collect();
            return forms.join(" or ");
        }
        if let Some(constant) = schema.get("const") {
            return format!("`{}`", bare(constant));
        }
        if let Some(names) = schema.get("enum").and_then(Value::as_array) {
            let names: Vec<String> = names.iter().map(|n| format!("`{}`", bare(n))).collect();
            return format!("one of {}", names.join(", "));
        }
        let kind = match schema.get("type") {
            Some(Value::String(kind)) => kind.as_str(),
            Some(Value::Array(kinds)) => kinds
                .iter()
                .filter_map(Value::as_str)
                .find(|k| *k != "null")
                .unwrap_or("null"),
            _ if schema == &Value::Bool(true) || schema.as_object().is_some_and(Map::is_empty) => {
                return "anything".to_string();
            }
            _ => return format!("`{schema}`"),
        };
        match kind {
            "string" => "string".to_string(),
            "boolean" => "`true` or `false`".to_string(),
            "integer" => integer_md(schema),
            "number" => "number".to_string(),
            "array" => {
                if let Some(items) = schema.get("prefixItems").and_then(Value::as_array) {
                    let items: Vec<String> = items.iter().map(|i| self.type_md(i, scope)).collect();
                    format!("({})", items.join(", "))
                } else {
                    let items = schema.get("items").unwrap_or(&Value::Bool(true));
                    let set = if schema.get("uniqueItems") == Some(&Value::Bool(true)) {
                        ", no repeats"
                    } else {
                        ""
                    };
                    format!("list of {}{set}", self.type_md(items, scope))
                }
            }
            "object" => {
                let values = schema
                    .get("additionalProperties")
                    .unwrap_or(&Value::Bool(true));
                let keys = schema
                    .get("propertyNames")
                    .map_or_else(|| "string".to_string(), |k| self.type_md(k, scope));
                format!("map of {keys} to {}", self.type_md(values, scope))
            }
            other => other.to_string(),
        }
    }

    /// Whether a field must be written, or what it is when left out.
    fn requirement(&self, field: &Value, required: bool, scope: usize) -> String {
        if required {
            return "required".to_string();
        }
        match field.get("default") {
            Some(Value::Null) => "optional".to_string(),
            Some(value) => match self.ron(value, field, scope).as_str() {
                // A type with fields, each at its own default.
                "()" => "default".to_string(),
                written => format!("default `{written}`"),
            },
            None if is_nullable(field) => "optional".to_string(),
            None => "default".to_string(),
        }
    }

    /// `value` (a default, as JSON) as RON writes it, read by its `schema`: enum variants by
    /// name, structs in parentheses with only the fields that differ from their own defaults.
    fn ron(&self, value: &Value, schema: &Value, scope: usize) -> String {
        let schema = self.resolve(schema, scope);
        let schema = schema
            .get("anyOf")
            .and_then(Value::as_array)
            .and_then(|forms| forms.iter().find(|f| !is_null(f)))
            .map_or(schema, |form| self.resolve(form, scope));
        match value {
            Value::Null => "None".to_string(),
            Value::Bool(_) | Value::Number(_) => value.to_string(),
            Value::String(text) if self.is_unit_variant(schema, text) => text.clone(),
            Value::String(_) => value.to_string(),
            Value::Array(items) => {
                if let Some(forms) = schema.get("prefixItems").and_then(Value::as_array) {
                    let items: Vec<String> = items
                        .iter()
                        .zip(forms)
                        .map(|(v, s)| self.ron(v, s, scope))
                        .collect();
                    format!("({})", items.join(", "))
                } else {
                    let form = schema.get("items").unwrap_or(&Value::Bool(true));
                    let items: Vec<String> =
                        items.iter().map(|v| self.ron(v, form, scope)).collect();
                    format!("[{}]", items.join(", "))
                }
            }
            Value::Object(fields) => self.ron_object(fields, schema, scope),
        }
    }

    /// A JSON object as RON: a struct, an enum's variant holding something, or a map.
    fn ron_object(&self, fields: &Map<String, Value>, schema: &Value, scope: usize) -> String {
        if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
            let written: Vec<String> = fields
                .iter()
                .filter(|(name, value)| {
                    properties
                        .get(*name)
                        .is_none_or(|p| p.get("default") != Some(*value))
                })
                .map(|(name, value)| {
                    let form = properties.get(name).unwrap_or(&Value::Bool(true));
                    format!("{name}: {}", self.ron(value, form, scope))
                })
                .collect();
            return format!("({})", written.join(", "));
        }
        let variants = schema.get("oneOf").and_then(Value::as_array);
        if let (Some(variants), Some((name, inner))) = (variants, single(fields)) {
            let content = variants
                .iter()
                .filter_map(tagged_variant)
                .find(|(n, _)| n == name)
                .map(|(_, content)| content);
            if let Some(content) = content {
                let inner = self.ron(inner, content, scope);
                // A struct or a tuple in a variant drops its own parentheses.
                return if inner.starts_with('(') {
                    format!("{name}{inner}")
                } else {
                    format!("{name}({inner})")
                };
            }
        }
        let form = schema
            .get("additionalProperties")
            .unwrap_or(&Value::Bool(true));
        let entries: Vec<String> = fields
            .iter()
            .map(|(key, value)| {
                format!(
                    "{}: {}",
                    Value::from(key.as_str()),
                    self.ron(value, form, scope)
                )
            })
            .collect();
        format!("{{{}}}", entries.join(", "))
    }

    /// Whether `text` names a unit variant of the enum `schema` describes.
    fn is_unit_variant(&self, schema: &Value, text: &str) -> bool {
        let mut forms = vec![schema];
        if let Some(variants) = schema.get("oneOf").and_then(Value::as_array) {
            forms.extend(variants);
        }
        forms
            .into_iter()
            .any(|form| unit_variants(form).contains(&text))
    }

    /// The definition `schema` refers to (itself when it refers to none).
    fn resolve<'a>(&'a self, schema: &'a Value, scope: usize) -> &'a Value {
        ref_name(schema)
            .and_then(|name| self.scopes[scope].definitions.get(name))
            .unwrap_or(schema)
    }

    /// The anchor of type `name` of `scope`.
    fn anchor(&self, scope: usize, name: &str) -> String {
        self.anchors
            .get(&(scope, name.to_string()))
            .cloned()
            .unwrap_or_else(|| format!("{}-{}", self.scopes[scope].prefix, name.to_lowercase()))
    }
}

/// The heading of the section of types several kinds use.
const SHARED: &str = "Shared types";
/// Its anchor.
const SHARED_ANCHOR: &str = "shared-types";

/// How the page reads RON, after the preface.
const PRIMER: &str = "\
Content files are [RON](https://github.com/ron-rs/ron). In the tables below:

- a type with fields is written in parentheses, `(id: \"orc\", hp: 9)`; a `required` field must \
  be written, any other may be left out, and then takes its default (`default` alone: the \
  type's own empty or zero value, or the defaults of its fields);
- a list is written `[a, b]`, a pair or tuple `(a, b)`, a map `{\"key\": value}`;
- an enum is written as one of its variants: a bare name (`WellLit`), or a name holding what \
  it holds in parentheses (`Named(\"yard\")`); a variant holding a type with fields writes \
  those fields straight inside (`Monster(id: \"orc\", ...)`);
- an `optional` field is left out for none, or written as its value (`seed: 7`; `Some(7)` \
  works too);
- a field that a type does not list is refused, unless its section says otherwise.

A type's fields are listed required first, in the order the type declares them, then the others \
by name.
";

/// The unit variants a variant schema stands for (`const` or `enum` of names).
fn unit_variants(variant: &Value) -> Vec<&str> {
    if let Some(name) = variant.get("const").and_then(Value::as_str) {
        return vec![name];
    }
    variant
        .get("enum")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// An externally tagged variant holding something: its name and the schema of what it holds.
fn tagged_variant(variant: &Value) -> Option<(&str, &Value)> {
    let properties = variant.get("properties")?.as_object()?;
    let (name, content) = single(properties)?;
    Some((name.as_str(), content))
}

/// The one entry of a map of one.
fn single(map: &Map<String, Value>) -> Option<(&String, &Value)> {
    let mut entries = map.iter();
    match (entries.next(), entries.next()) {
        (Some(entry), None) => Some(entry),
        _ => None,
    }
}

/// The name of the definition a `$ref` schema refers to.
fn ref_name(schema: &Value) -> Option<&str> {
    schema.get("$ref")?.as_str()?.rsplit('/').next()
}

/// Every definition `schema` refers to, in the order met (fields in declared order where the
/// schema keeps it).
fn collect_refs(schema: &Value, out: &mut Vec<String>) {
    match schema {
        Value::Object(map) => {
            if let Some(name) = ref_name(schema) {
                out.push(name.to_string());
            }
            let required: Vec<&str> = map
                .get("required")
                .and_then(Value::as_array)
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            if let Some(properties) = map.get("properties").and_then(Value::as_object) {
                for name in required.iter().copied().chain(
                    properties
                        .keys()
                        .map(String::as_str)
                        .filter(|n| !required.contains(n)),
                ) {
                    if let Some(field) = properties.get(name) {
                        collect_refs(field, out);
                    }
                }
            }
            for (key, value) in map {
                if key != "properties" && key != "default" {
                    collect_refs(value, out);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|i| collect_refs(i, out)),
        _ => {}
    }
}

/// Whether a schema is only `null`.
fn is_null(schema: &Value) -> bool {
    schema.get("type").and_then(Value::as_str) == Some("null")
}

/// Whether a schema accepts `null` (an `Option`).
fn is_nullable(schema: &Value) -> bool {
    let typed = schema
        .get("type")
        .and_then(Value::as_array)
        .is_some_and(|kinds| kinds.iter().any(|k| k == "null"));
    let any_of = schema
        .get("anyOf")
        .and_then(Value::as_array)
        .is_some_and(|forms| forms.iter().any(is_null));
    typed || any_of
}

/// An integer's schema in words, with its bounds.
fn integer_md(schema: &Value) -> String {
    let min = schema.get("minimum").and_then(Value::as_i64);
    let max = schema.get("maximum").and_then(Value::as_i64);
    match (min, max) {
        (Some(min), Some(max)) => format!("integer {min} to {max}"),
        (Some(min), None) => format!("integer ≥ {min}"),
        _ => "integer".to_string(),
    }
}

/// A string value as a bare name (a unit variant), anything else as JSON.
fn bare(value: &Value) -> String {
    value
        .as_str()
        .map_or_else(|| value.to_string(), str::to_string)
}

/// A schema's description.
fn description(schema: &Value) -> Option<&str> {
    schema
        .get("description")
        .and_then(Value::as_str)
        .filter(|d| !d.trim().is_empty())
}

/// A doc comment as the page's prose: without its code examples, its headings made bold and
/// its links into the Rust API reduced to their text.
fn prose(doc: &str) -> String {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in doc.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        match line.strip_prefix('#') {
            Some(heading) => out.push(format!("**{}**", heading.trim_start_matches('#').trim())),
            None => out.push(unlink(line)),
        }
    }
    let mut text = out.join("\n");
    while text.contains("\n\n\n") {
        text = text.replace("\n\n\n", "\n\n");
    }
    text.trim().to_string()
}

/// A doc comment as one table cell: its prose on one line, pipes escaped.
fn cell(doc: &str) -> String {
    prose(doc)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "\\|")
}

/// A line of a doc comment with its intra-doc links (`[`Dice`](crate::Dice)`, `[`Dice`]`)
/// reduced to their text; web links and code spans are kept.
fn unlink(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '`' => {
                let end = code_end(&chars, i);
                out.extend(&chars[i..end]);
                i = end;
            }
            '[' => match link_at(&chars, i) {
                Some((text, end)) => {
                    out.push_str(&text);
                    i = end;
                }
                None => {
                    out.push('[');
                    i += 1;
                }
            },
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// The end of the code span opening at `start` (past its closing backticks), or the end of
/// the backticks when it does not close.
fn code_end(chars: &[char], start: usize) -> usize {
    let ticks = chars[start..].iter().take_while(|c| **c == '`').count();
    let mut i = start + ticks;
    while i < chars.len() {
        if chars[i] == '`' {
            let run = chars[i..].iter().take_while(|c| **c == '`').count();
            if run == ticks {
                return i + run;
            }
            i += run;
        } else {
            i += 1;
        }
    }
    start + ticks
}

/// The text of an intra-doc link opening at `start`, and where the link ends.
fn link_at(chars: &[char], start: usize) -> Option<(String, usize)> {
    let mut depth = 0;
    let mut i = start;
    let close = loop {
        match chars.get(i)? {
            '`' => i = code_end(chars, i),
            '[' => {
                depth += 1;
                i += 1;
            }
            ']' => {
                depth -= 1;
                if depth == 0 {
                    break i;
                }
                i += 1;
            }
            _ => i += 1,
        }
    };
    let text: String = chars[start + 1..close].iter().collect();
    match chars.get(close + 1) {
        Some('(') => {
            let end = chars[close + 1..].iter().position(|c| *c == ')')? + close + 1;
            let target: String = chars[close + 2..end].iter().collect();
            let web = target.contains("://") || target.starts_with('#');
            (!web).then(|| (unlink(&text), end + 1))
        }
        Some('[') => {
            let end = chars[close + 1..].iter().position(|c| *c == ']')? + close + 1;
            Some((unlink(&text), end + 1))
        }
        _ => {
            let code = text.starts_with('`') && text.ends_with('`') && text.len() > 1;
            code.then_some((text, close + 1))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intra_doc_links_keep_their_text_and_web_links_stay() {
        assert_eq!(
            unlink("[`Dice`](crate::Dice), [`Roll`], [its text][Roll] and [RON](https://ron.rs)"),
            "`Dice`, `Roll`, its text and [RON](https://ron.rs)"
        );
        assert_eq!(unlink("`[a](b)` and [a list]"), "`[a](b)` and [a list]");
    }

    #[test]
    fn doc_comments_lose_their_examples_and_headings() {
        let doc = "Dice.\n\n# Limits\n\nAt most 1000.\n\n```\nlet x = 1;\n```";
        assert_eq!(prose(doc), "Dice.\n\n**Limits**\n\nAt most 1000.");
        assert_eq!(cell("a | b\nc"), "a \\| b c");
    }

    #[test]
    fn defaults_are_written_as_ron() {
        let page = markdown(&ContentLoader::new(), "");
        // A variant holding a value, a struct at its fields' defaults, an empty map, a number.
        for row in [
            "| `controller` | [`ControllerSpec`](#content-controllerspec) | default `Ai(\"tactical\")` |",
            "| `options` | [`EncounterOptions`](#content-encounteroptions) | default |",
            "| `ruleset` | map of string to [`OptionValue`](#content-optionvalue) | default `{}` |",
            "| `max_rounds` | integer ≥ 0 | default `50` |",
            "| `Inline(...)` | the fields of [`Map`](#content-map) |",
        ] {
            assert!(page.contains(row), "{row}");
        }
    }
}
