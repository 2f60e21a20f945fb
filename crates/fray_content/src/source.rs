//! One content file: its path, its text, and RON parsing with located errors.

use std::path::{Path, PathBuf};

use ron::extensions::Extensions;
use serde::de::DeserializeOwned;

use crate::diagnostic::Diagnostic;

/// A content file held in memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// Where the text came from (used in diagnostics).
    pub path: PathBuf,
    /// The whole file.
    pub text: String,
    /// Its content layer: 0 is the top. Content a higher layer defines (a statblock,
    /// encounter, map or document of the same id) overrides a lower layer's instead of
    /// clashing with it: the user's folder over the built-in content, a file being checked
    /// over the folder. Within one layer an id is defined once.
    pub layer: u8,
}

impl SourceFile {
    /// A file from a path and its text.
    pub fn new(path: impl Into<PathBuf>, text: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            text: text.into(),
            layer: 0,
        }
    }

    /// The same file in content layer `layer` (see [`SourceFile::layer`]).
    pub fn in_layer(self, layer: u8) -> Self {
        Self { layer, ..self }
    }

    /// Reads a file from disk. A UTF-8 byte order mark, which some editors write first, is
    /// left out: it is no content.
    pub fn read(path: &Path) -> Result<Self, Diagnostic> {
        std::fs::read_to_string(path)
            .map(|text| match text.strip_prefix('\u{feff}') {
                Some(rest) => Self::new(path, rest),
                None => Self::new(path, text),
            })
            .map_err(|e| Diagnostic::new(path, 1, 1, format!("cannot read file: {e}")))
    }

    /// Parses the whole file as `T`, with `implicit_some` on (optional fields are written
    /// without `Some(...)`) and `unwrap_variant_newtypes` on (`Monster(id: ..)` rather than
    /// `Monster((id: ..))`). Syntax errors, unknown fields and wrong types come back located.
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, Diagnostic> {
        let text = self.text.strip_prefix('\u{feff}').unwrap_or(&self.text);
        if is_blank(text) {
            return Err(
                Diagnostic::new(&self.path, 1, 1, "the file is empty").with_help(
                    "a content file holds one RON value: a list of statblocks `[...]`, or an \
                 `Encounter(...)`, `Map(...)`, `Dungeon(...)`...",
                ),
            );
        }
        ron::Options::default()
            .with_default_extension(Extensions::IMPLICIT_SOME | Extensions::UNWRAP_VARIANT_NEWTYPES)
            .from_str(text)
            .map_err(|e| {
                let d = Diagnostic::new(
                    &self.path,
                    e.span.start.line.max(1),
                    e.span.start.col.max(1),
                    readable(&e.code.to_string()),
                );
                match e.code {
                    ron::Error::ExceededRecursionLimit => Diagnostic {
                        message: "the value nests too deeply".into(),
                        help: Some("no content value nests more than a few levels".into()),
                        ..d
                    },
                    _ => d,
                }
            })
    }

    /// A diagnostic pointing at the first occurrence of the quoted string `"needle"` in the file
    /// (serde keeps no positions after parsing, so references are found by their text), or at
    /// the start of the file when it does not occur.
    pub fn diagnostic_at(&self, needle: &str, message: impl Into<String>) -> Diagnostic {
        let (line, column) = self.locate(needle).unwrap_or((1, 1));
        Diagnostic::new(&self.path, line, column, message)
    }

    /// A diagnostic pointing at the first occurrence of the quoted string `"needle"` from the
    /// first occurrence of `"anchor"` on - a statblock's problem inside that statblock (its id
    /// is the anchor), though another statblock of the file uses the same name - or as
    /// [`SourceFile::diagnostic_at`] says when there is none from there.
    pub fn diagnostic_after(
        &self,
        anchor: &str,
        needle: &str,
        message: impl Into<String>,
    ) -> Diagnostic {
        match self.locate_after(anchor, needle) {
            Some((line, column)) => Diagnostic::new(&self.path, line, column, message),
            None => self.diagnostic_at(needle, message),
        }
    }

    /// Line and column of the first occurrence of `"needle"` (quotes included) from the first
    /// occurrence of `"anchor"` on.
    pub fn locate_after(&self, anchor: &str, needle: &str) -> Option<(usize, usize)> {
        let from = self.text.find(&format!("\"{anchor}\""))?;
        let quoted = format!("\"{needle}\"");
        let offset = from + self.text[from..].find(&quoted)?;
        Some(self.position_of(offset))
    }

    /// Line and column of the field `name` (written `name:`, as a whole word) from the first
    /// occurrence of `"anchor"` on, before the next statblock's `id:` (so a field another
    /// statblock writes is not taken for a default here).
    pub fn locate_field_after(&self, anchor: &str, name: &str) -> Option<(usize, usize)> {
        let from = self.text.find(&format!("\"{anchor}\""))?;
        let rest = &self.text[from..];
        let end = rest[1..].find("id:").map_or(rest.len(), |i| i + 1);
        let scope = &rest[..end];
        let key = format!("{name}:");
        let mut search = 0;
        while let Some(i) = scope[search..].find(&key) {
            let at = search + i;
            let whole = scope[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric() && c != '_');
            if whole {
                return Some(self.position_of(from + at));
            }
            search = at + key.len();
        }
        None
    }

    /// Line and column (1-based, in characters) of the first occurrence of `"needle"`, quotes
    /// included, or of the bare text when no quoted occurrence exists.
    pub fn locate(&self, needle: &str) -> Option<(usize, usize)> {
        let quoted = format!("\"{needle}\"");
        let offset = self.text.find(&quoted).or_else(|| {
            (!needle.is_empty())
                .then(|| self.text.find(needle))
                .flatten()
        })?;
        Some(self.position_of(offset))
    }

    /// Line and column of a byte offset.
    fn position_of(&self, offset: usize) -> (usize, usize) {
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = self.text[line_start..offset].chars().count() + 1;
        (line, column)
    }

    /// The name of the top-level RON struct (`Encounter(...)` gives `Some("Encounter")`), after
    /// comments, whitespace and `#![enable(...)]` attributes; `None` for a list or anything else.
    pub fn top_level_name(&self) -> Option<&str> {
        let rest = self.body();
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let name = &rest[..end];
        let starts_with_letter = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
        (starts_with_letter && rest[end..].trim_start().starts_with('(')).then_some(name)
    }

    /// Whether the text opens with an unnamed `(...)`: no content file does (a statblock list
    /// is `[...]`, every other kind is named), but a save (`fray play`'s, `fray delve --save`'s)
    /// does.
    pub fn is_unnamed_struct(&self) -> bool {
        self.body().starts_with('(')
    }

    /// The text from its first token on: comments and inner attributes skipped.
    fn body(&self) -> &str {
        let mut rest = self.text.as_str();
        loop {
            let trimmed = rest.trim_start();
            if let Some(after) = trimmed.strip_prefix("//") {
                rest = after.find('\n').map_or("", |i| &after[i..]);
            } else if let Some(after) = trimmed.strip_prefix("/*") {
                rest = after.find("*/").map_or("", |i| &after[i + 2..]);
            } else if let Some(after) = trimmed.strip_prefix("#![") {
                rest = after.find(']').map_or("", |i| &after[i + 1..]);
            } else {
                rest = trimmed;
                break;
            }
        }
        rest
    }
}

/// A parser message in an author's words: Fray's type names (`struct `AttackDef``,
/// `enum `DamageSpec``) become what they are (`an attack`, `a damage`).
/// Whether `text` holds nothing but blanks and `//` comments.
fn is_blank(text: &str) -> bool {
    text.lines().all(|line| {
        let line = line.trim();
        line.is_empty() || line.starts_with("//")
    })
}

fn readable(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = ["struct `", "enum `"]
        .iter()
        .filter_map(|kind| rest.find(kind).map(|i| (i, kind.len())))
        .min()
    {
        let (start, skip) = at;
        let after = &rest[start + skip..];
        let Some(end) = after.find('`') else {
            break;
        };
        out.push_str(&rest[..start]);
        out.push_str(&described(&after[..end]));
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

/// `AttackDef` as "an attack", `EncounterSpec` as "an encounter", `MapSpec` as "a map".
fn described(type_name: &str) -> String {
    let base = ["Def", "Block", "Spec"]
        .iter()
        .find_map(|suffix| type_name.strip_suffix(suffix).filter(|b| !b.is_empty()))
        .unwrap_or(type_name);
    let mut words = String::new();
    for (i, c) in base.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            words.push(' ');
        }
        words.extend(c.to_lowercase());
    }
    let article = if words.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {words}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[test]
    fn an_empty_file_a_byte_order_mark_and_deep_nesting_get_plain_words() {
        // Issue 32 F.28: a BOM and an empty file both gave "1:1: Expected opening `[`", and deep
        // nesting gave ron's advice to raise its recursion limit.
        let empty = SourceFile::new("e.ron", "// nothing yet\n\n").parse::<Vec<u32>>();
        let message = empty.map_err(|d| d.message);
        assert_eq!(message, Err("the file is empty".to_string()));
        let bom = SourceFile::new("b.ron", "\u{feff}[1, 2]").parse::<Vec<u32>>();
        assert_eq!(bom.map_err(|d| d.message), Ok(vec![1, 2]));
        let deep = format!("{}1{}", "[".repeat(200), "]".repeat(200));
        let nested = SourceFile::new("n.ron", deep).parse::<ron::Value>();
        assert_eq!(
            nested.map_err(|d| d.message),
            Err("the value nests too deeply".to_string())
        );
    }

    #[test]
    fn a_field_is_found_in_its_statblock_and_not_in_the_next() {
        let file = SourceFile::new(
            "t.ron",
            "[\n  (id: \"a\", max_hp: 3, hp: 0),\n  (id: \"b\", hp: 5),\n]",
        );
        assert_eq!(file.locate_field_after("a", "hp"), Some((2, 24)));
        assert_eq!(file.locate_field_after("b", "hp"), Some((3, 13)));
        // Not written in `a`'s own text: no place (the caller points at the id).
        assert_eq!(file.locate_field_after("a", "speed"), None);
    }

    #[test]
    fn parser_messages_name_what_content_means_not_fray_types() {
        assert_eq!(
            readable("Expected opening `(` for struct `AttackDef`"),
            "Expected opening `(` for an attack"
        );
        assert_eq!(
            readable("Unexpected variant named `Foo` in enum `DamageSpec`"),
            "Unexpected variant named `Foo` in a damage"
        );
        assert_eq!(
            readable("struct `MapSpec` and enum `Light`"),
            "a map and a light"
        );
        assert_eq!(readable("no type names here"), "no type names here");
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Probe {
        #[allow(dead_code)]
        name: String,
    }

    #[test]
    fn syntax_errors_are_located() {
        let f = SourceFile::new("a.ron", "Probe(\n  name: \"x\",\n  oops\n)");
        let d = f.parse::<Probe>().unwrap_err();
        assert_eq!(d.line, 3);
        assert!(d.column >= 3, "{d}");
    }

    #[test]
    fn unknown_fields_are_refused_with_position() {
        let f = SourceFile::new("a.ron", "Probe(name: \"x\", colour: 3)");
        let d = f.parse::<Probe>().unwrap_err();
        assert_eq!((d.line, d.column), (1, 18), "{d}");
        assert!(d.message.contains("colour"), "{d}");
    }

    #[test]
    fn locate_finds_quoted_references() {
        let f = SourceFile::new("a.ron", "(\n  a: \"orc\",\n  b: \"goblin\")");
        assert_eq!(f.locate("goblin"), Some((3, 6)));
        assert_eq!(f.locate("absent"), None);
    }

    #[test]
    fn core04_locate_after_finds_a_name_inside_its_own_statblock() {
        let f = SourceFile::new(
            "a.ron",
            "[\n  (id: \"a\", attacks: [(id: \"fist\")]),\n  (id: \"b\", attacks: [(id: \"fist\")]),\n]",
        );
        assert_eq!(f.locate_after("b", "fist"), Some((3, 28)));
        assert_eq!(f.locate_after("a", "fist"), Some((2, 28)));
        assert_eq!(f.locate_after("c", "fist"), None);
        assert_eq!(f.diagnostic_after("c", "fist", "x").line, 2);
    }

    #[test]
    fn top_level_name_skips_comments_and_attributes() {
        let f = SourceFile::new(
            "a.ron",
            "// a map\n#![enable(implicit_some)]\n/* x */ Map(id: \"m\")",
        );
        assert_eq!(f.top_level_name(), Some("Map"));
        assert_eq!(
            SourceFile::new("b.ron", "[Monster()]").top_level_name(),
            None
        );
    }
}
