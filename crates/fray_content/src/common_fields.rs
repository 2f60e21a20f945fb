//! The fields every ruleset's statblocks may write, whatever the ruleset's schema: today
//! `tactics: (...)` ([`Tactics`]). A ruleset's statblock type knows nothing of them (a new
//! ruleset gets them for free): the loader takes them out of a statblock file before the
//! ruleset's type parses it, and parses them itself.
//!
//! Taking a field out blanks its text (every character but line breaks becomes a space), so
//! every other position in the file, and every error the ruleset's parse reports, stays where
//! it was; a common field's own errors are located in the file the same way.
//!
//! `tactics` is therefore a reserved field name for every ruleset's statblocks.

use crate::diagnostic::Diagnostic;
use crate::source::SourceFile;
use crate::tactics::Tactics;

/// The name of the common `tactics` field.
const TACTICS: &str = "tactics";

/// A statblock file with its common fields taken out.
#[derive(Debug)]
pub(crate) struct Split {
    /// The file with every common field blanked, for the ruleset's type to parse.
    pub rest: SourceFile,
    /// The tactics each statblock writes, by its position in the file's list.
    pub tactics: Vec<(usize, Tactics)>,
    /// Problems with the common fields (located).
    pub problems: Vec<Diagnostic>,
}

/// Takes the common fields out of `file`, a list of statblocks.
pub(crate) fn split(file: &SourceFile) -> Split {
    let spans = common_field_spans(&file.text);
    if spans.is_empty() {
        return Split {
            rest: file.clone(),
            tactics: Vec::new(),
            problems: Vec::new(),
        };
    }
    let mut rest = file.clone();
    rest.text = blank(&file.text, |i| spans.iter().any(|s| s.field.contains(&i)));
    let mut tactics: Vec<(usize, Tactics)> = Vec::new();
    let mut problems = Vec::new();
    for span in &spans {
        let only = SourceFile {
            text: blank(&file.text, |i| !span.value.contains(&i)),
            ..file.clone()
        };
        match only.parse::<Tactics>() {
            Ok(_) if tactics.iter().any(|(e, _)| *e == span.element) => {
                let (line, column) = position(&file.text, span.field.start);
                problems.push(
                    Diagnostic::new(
                        &file.path,
                        line,
                        column,
                        "`tactics` is given twice in one statblock",
                    )
                    .with_help("write one `tactics: (...)` per statblock"),
                );
            }
            Ok(t) => tactics.push((span.element, t)),
            Err(d) => problems.push(d),
        }
    }
    Split {
        rest,
        tactics,
        problems,
    }
}

/// Where a common field is written: the whole field (name, value and a comma after it) and
/// its value alone, as byte ranges, and which statblock of the list it belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Span {
    field: std::ops::Range<usize>,
    value: std::ops::Range<usize>,
    element: usize,
}

/// `text` with every character at a byte offset `hide` picks turned into a space, line
/// breaks kept: lines and columns (in characters) of what is left stay the same.
fn blank(text: &str, hide: impl Fn(usize) -> bool) -> String {
    text.char_indices()
        .map(|(i, c)| if c != '\n' && hide(i) { ' ' } else { c })
        .collect()
}

/// Line and column (1-based, in characters) of a byte offset.
fn position(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// The `tactics: (...)` fields of the statblocks of a list (`[ Monster(..., tactics: (...)),
/// ... ]`: a field of an item of the top-level list, at nesting depth 2).
fn common_field_spans(text: &str) -> Vec<Span> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut depth = 0usize;
    let mut element = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if let Some(end) = skip_literal_or_comment(bytes, i) {
            i = end;
            continue;
        }
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b',' if depth == 1 => element += 1,
            _ if depth == 2 && is_ident_start(b) && (i == 0 || !is_ident(bytes[i - 1])) => {
                let end = ident_end(bytes, i);
                if &text[i..end] == TACTICS
                    && let Some(span) = field_value(bytes, end)
                {
                    let mut field_end = span.end;
                    let after = skip_blank(bytes, field_end);
                    if bytes.get(after) == Some(&b',') {
                        field_end = after + 1;
                    }
                    spans.push(Span {
                        field: i..field_end,
                        value: span,
                        element,
                    });
                    i = field_end;
                    continue;
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    spans
}

/// After a field name ending at `at`: the byte range of its value when a `:` and a
/// parenthesized value (`(...)`, or `Name(...)`) follow.
fn field_value(bytes: &[u8], at: usize) -> Option<std::ops::Range<usize>> {
    let colon = skip_blank(bytes, at);
    if bytes.get(colon) != Some(&b':') {
        return None;
    }
    let start = skip_blank(bytes, colon + 1);
    let mut i = start;
    if bytes.get(i).copied().is_some_and(is_ident_start) {
        i = skip_blank(bytes, ident_end(bytes, i));
    }
    if bytes.get(i) != Some(&b'(') {
        return None;
    }
    let mut depth = 0usize;
    while i < bytes.len() {
        if let Some(end) = skip_literal_or_comment(bytes, i) {
            i = end;
            continue;
        }
        match bytes[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(start..i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Past whitespace and comments from `i`.
fn skip_blank(bytes: &[u8], mut i: usize) -> usize {
    loop {
        while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        match bytes.get(i..i + 2) {
            Some(b"//") | Some(b"/*") => {
                i = skip_literal_or_comment(bytes, i).unwrap_or(bytes.len());
            }
            _ => return i,
        }
    }
}

/// The end of the string, character literal or comment starting at `i`, if one does.
fn skip_literal_or_comment(bytes: &[u8], i: usize) -> Option<usize> {
    let b = *bytes.get(i)?;
    let next = bytes.get(i + 1).copied();
    if b == b'/' && next == Some(b'/') {
        let end = bytes[i..].iter().position(|&c| c == b'\n');
        return Some(end.map_or(bytes.len(), |e| i + e));
    }
    if b == b'/' && next == Some(b'*') {
        // Block comments nest in RON.
        let (mut depth, mut j) = (0usize, i);
        while j < bytes.len() {
            match bytes.get(j..j + 2) {
                Some(b"/*") => {
                    depth += 1;
                    j += 2;
                }
                Some(b"*/") => {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        return Some(j);
                    }
                }
                _ => j += 1,
            }
        }
        return Some(bytes.len());
    }
    if (i == 0 || !is_ident(bytes[i - 1])) && (b == b'r' || b == b'b') {
        // Raw strings: r"..", r#".."#, br"..".
        let mut j = i + 1;
        if b == b'b' && bytes.get(j) == Some(&b'r') {
            j += 1;
        } else if b == b'b' {
            return (bytes.get(j) == Some(&b'"')).then(|| quoted_end(bytes, j, b'"'));
        }
        let hashes = bytes[j..].iter().take_while(|&&c| c == b'#').count();
        if bytes.get(j + hashes) != Some(&b'"') {
            return None;
        }
        let body = j + hashes + 1;
        let mut k = body;
        while k < bytes.len() {
            if bytes[k] == b'"' && bytes[k + 1..].iter().take(hashes).all(|&c| c == b'#') {
                return Some((k + 1 + hashes).min(bytes.len()));
            }
            k += 1;
        }
        return Some(bytes.len());
    }
    match b {
        b'"' => Some(quoted_end(bytes, i, b'"')),
        b'\'' => Some(quoted_end(bytes, i, b'\'')),
        _ => None,
    }
}

/// The end of a quoted literal opening at `i` with `quote` (escapes skipped).
fn quoted_end(bytes: &[u8], i: usize, quote: u8) -> usize {
    let mut j = i + 1;
    while j < bytes.len() {
        match bytes[j] {
            b'\\' => j += 2,
            c if c == quote => return j + 1,
            _ => j += 1,
        }
    }
    bytes.len()
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn ident_end(bytes: &[u8], i: usize) -> usize {
    i + bytes[i..].iter().take_while(|&&b| is_ident(b)).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tactics_are_taken_out_of_each_statblock_and_the_rest_keeps_its_positions() {
        let text = "// \"tactics: (x)\" in a comment\n[\n  Monster(id: \"a\", name: \"tactics: (\",\n    tactics: (focus_fire: true), hp: 3),\n  Monster(id: \"b\", tactics: Tactics(keep_range: true)),\n]";
        let split = split(&SourceFile::new("m.ron", text));
        assert!(split.problems.is_empty(), "{:?}", split.problems);
        assert_eq!(split.tactics.len(), 2);
        assert_eq!(split.tactics[0].0, 0);
        assert_eq!(split.tactics[0].1.focus_fire, Some(true));
        assert_eq!(split.tactics[1].0, 1);
        assert_eq!(split.tactics[1].1.keep_range, Some(true));
        assert!(!split.rest.text.contains("focus_fire"));
        assert!(split.rest.text.contains("name: \"tactics: (\""));
        assert_eq!(split.rest.text.lines().count(), text.lines().count());
        assert!(split.rest.text.contains("    ")); // blanked, not removed
    }

    #[test]
    fn a_bad_tactic_is_located_where_the_file_writes_it() {
        let text = "[\n  Monster(id: \"a\",\n    tactics: (target: Weakest)),\n]";
        let split = split(&SourceFile::new("m.ron", text));
        assert_eq!(split.problems.len(), 1);
        let d = &split.problems[0];
        assert_eq!((d.line, d.column), (3, 23), "{d}");
        assert!(d.message.contains("Weakest"), "{d}");
    }

    #[test]
    fn tactics_written_twice_in_one_statblock_are_refused() {
        let text = "[Monster(id: \"a\", tactics: (), tactics: (focus_fire: true))]";
        let split = split(&SourceFile::new("m.ron", text));
        assert_eq!(split.problems.len(), 1);
        assert!(split.problems[0].message.contains("twice"));
    }

    #[test]
    fn a_field_of_a_nested_value_named_tactics_is_left_alone() {
        let text = "[Monster(id: \"a\", extra: (tactics: (focus_fire: true)))]";
        let split = split(&SourceFile::new("m.ron", text));
        assert!(split.tactics.is_empty());
        assert_eq!(split.rest.text, text);
    }
}
