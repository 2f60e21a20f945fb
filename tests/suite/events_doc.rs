//! The event JSON reference, `docs/events.md`, is generated from the log's own source: every
//! variant of `LogEvent` (`crates/fray_core/src/log.rs`) with its doc comment and fields. This
//! test fails when the committed page is not what the source gives, and when the JSON `fray
//! run --format json` writes has an event kind or a field the page does not list. Write it
//! anew with
//!
//! ```sh
//! FRAY_BLESS_REFERENCE=1 cargo test --profile ci --features cli --test suite events_doc
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::PathBuf;

use crate::cli::{fray_ok, text};

/// Set to write the page anew instead of comparing.
const BLESS: &str = "FRAY_BLESS_REFERENCE";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One event kind: its doc and its fields (name, Rust type, doc).
struct Kind {
    name: String,
    doc: String,
    fields: Vec<(String, String, String)>,
}

/// The variants of `pub enum LogEvent`, read from its source (variants at four spaces of
/// indent, fields at eight, `///` docs before each).
fn kinds() -> Vec<Kind> {
    let source = std::fs::read_to_string(root().join("crates/fray_core/src/log.rs")).unwrap();
    let start = source.find("pub enum LogEvent {").unwrap();
    let body = &source[start..];
    let end = body.find("\n}\n").unwrap();
    let mut kinds: Vec<Kind> = Vec::new();
    let mut doc: Vec<String> = Vec::new();
    for line in body[..end].lines().skip(1) {
        let trimmed = line.trim();
        if let Some(text) = trimmed.strip_prefix("///") {
            doc.push(text.trim().to_string());
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let said = doc.join(" ");
        doc.clear();
        if indent == 4 && !trimmed.starts_with('}') {
            let name: String = trimmed
                .chars()
                .take_while(|c| c.is_alphanumeric())
                .collect();
            kinds.push(Kind {
                name,
                doc: said,
                fields: Vec::new(),
            });
        } else if indent == 8
            && let Some((field, ty)) = trimmed.split_once(": ")
            && let Some(kind) = kinds.last_mut()
        {
            kind.fields.push((
                field.to_string(),
                ty.trim_end_matches(',').to_string(),
                said,
            ));
        }
    }
    kinds
}

/// What a field of Rust type `ty` is in the JSON.
fn json_type(ty: &str) -> String {
    if let Some(inner) = ty.strip_prefix("Option<").and_then(|t| t.strip_suffix('>')) {
        return format!("{}, or null", json_type(inner));
    }
    match ty {
        "CombatantId" => "combatant index (`names.combatants`)".into(),
        "RegionId" => "region index (`names.regions`)".into(),
        "SideId" => "side index (`names.sides`)".into(),
        "Roll" => "roll (see above)".into(),
        "bool" => "true or false".into(),
        "i32" | "u32" | "i64" | "u16" | "u8" => "whole number".into(),
        "String" | "Cow<'static, str>" => "text".into(),
        "Status" => "text: the status (`Active`, `Down`, `Dead`, `Fled`, ...)".into(),
        other => format!("`{other}`, as serde writes it"),
    }
}

/// The page.
fn page() -> String {
    let mut s = String::from(
        "# Event JSON\n\n\
         <!-- Generated from crates/fray_core/src/log.rs by tests/suite/events_doc.rs: do not \
         edit by hand. -->\n\n\
         `fray run ENCOUNTER --format json` writes one JSON object per line:\n\n\
         1. **The names line**: `{\"names\": {\"sides\": [...], \"combatants\": [{\"id\", \
         \"name\", \"side\", \"statblock\"}], \"regions\": [...]}, \"schema\": 1}`. Events name \
         combatants, regions and sides by their index in these lists. `schema` is the version \
         of this layout (`fray_core::log_json::EVENTS_SCHEMA`); it goes up whenever a field \
         changes meaning or goes away.\n\
         2. **One line per log entry**: `round`, `turn` (the turn's serial number in the \
         fight), `event` (the kind, below), then the kind's fields by name.\n\
         3. **The record line**: how the fight ended (`winner`, `ending`, `rounds`, `turns`, \
         `actions`, `rejections`) and each combatant's end (`status`, `hp`, `max_hp`, damage \
         dealt and taken, `times_dropped`, `morale_broken`).\n\n\
         A **roll** is `{\"breakdown\": \"[18] + 5 (attack)\", \"dice\": [18], \"notation\": \
         \"d20+5\", \"total\": 23}`: the breakdown as the text log shows it (dropped dice and \
         rerolled faces in parentheses, exploding chains as `6!+2`, named modifiers with their \
         reason), the kept dice in rolling order, and the total, which the breakdown adds up \
         to.\n\n\
         The same entries read as text in `fray run`'s narration. The internal form a save keeps \
         is another one, not meant to be read outside Fray.\n\n\
         ## Event kinds\n",
    );
    for kind in kinds() {
        let _ = write!(s, "\n### `{}`\n\n{}\n", kind.name, kind.doc);
        if kind.fields.is_empty() {
            continue;
        }
        s.push_str("\n| field | JSON | meaning |\n|---|---|---|\n");
        for (name, ty, doc) in &kind.fields {
            let _ = writeln!(s, "| `{name}` | {} | {doc} |", json_type(ty));
        }
    }
    s
}

#[test]
fn events_doc_is_current_and_lists_every_kind_and_field_the_json_has() {
    let now = page();
    let path = root().join("docs/events.md");
    if std::env::var_os(BLESS).is_some() {
        std::fs::write(&path, &now).unwrap();
    } else {
        let committed = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e}; write it with {BLESS}=1", path.display()))
            .replace("\r\n", "\n");
        assert!(
            committed == now,
            "{} is not what crates/fray_core/src/log.rs gives: write it anew with {BLESS}=1 \
             cargo test --profile ci --features cli --test suite events_doc",
            path.display()
        );
    }
    // What the JSON of real fights holds is what the page lists.
    let listed: BTreeMap<String, BTreeSet<String>> = kinds()
        .into_iter()
        .map(|k| (k.name, k.fields.into_iter().map(|f| f.0).collect()))
        .collect();
    let mut seen = BTreeSet::new();
    for encounter in [
        "archmage-bridge",
        "oho-crossroads",
        "bx-goblin-cave",
        "dr-ford",
        "l5-barrow",
    ] {
        let out = fray_ok(&["run", encounter, "--seed", "2", "--format", "json"]);
        let stdout = text(&out.stdout);
        let mut lines = stdout.lines();
        let head: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
        assert_eq!(head["schema"], 1);
        for line in lines {
            let entry: serde_json::Value = serde_json::from_str(line).unwrap();
            let Some(kind) = entry["event"].as_str() else {
                continue; // the record line
            };
            let fields = listed
                .get(kind)
                .unwrap_or_else(|| panic!("event `{kind}` is not in the page"));
            for key in entry.as_object().unwrap().keys() {
                assert!(
                    ["round", "turn", "event"].contains(&key.as_str()) || fields.contains(key),
                    "{kind}.{key} is not in the page"
                );
            }
            if let Some(roll) = entry.get("roll").filter(|r| r.is_object()) {
                assert!(
                    roll["breakdown"].is_string() && roll["total"].is_i64(),
                    "{line}"
                );
            }
            seen.insert(kind.to_string());
        }
    }
    assert!(seen.len() >= 15, "only {seen:?} were seen");
}
