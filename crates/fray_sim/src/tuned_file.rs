//! The encounter file `fray tune --write` writes: the original file's own text with the tuned
//! value, an id of its own and a name saying what was tuned edited in, so its comments,
//! layout and unwritten defaults stay as the author wrote them. Where the text cannot be
//! edited with certainty (the knob's entry written twice, say), the encounter is written out
//! whole instead. Either way the file is checked to load as the tuned encounter.

use fray_content::encounter::EncounterSpec;
use fray_content::source::SourceFile;

use crate::tune::{Knob, TuneError, set_knob};

/// The text of the tuned encounter file: `spec` with `knob` at `value`, under the id
/// `<id>-tuned-<value>`, edited into `original` (the text of the file `spec` was loaded from)
/// where it can be.
///
/// ```
/// use fray_content::encounter::EncounterSpec;
/// use fray_content::source::SourceFile;
/// use fray_sim::tune::Knob;
/// use fray_sim::tuned_file::tuned_file;
/// let text = r#"// Goblins at the ford.
/// Encounter(id: "ford", name: "The ford", ruleset: "archmage", map: Named("m"),
///     sides: [
///         (name: "Heroes", combatants: [(statblock: "fighter-1", region: "a")]),
///         (name: "Goblins", combatants: [(statblock: "goblin", count: 3, region: "b")]),
///     ])
/// "#;
/// let spec: EncounterSpec = SourceFile::new("ford.ron", text).parse().unwrap();
/// let tuned = tuned_file(Some(text), &spec, &"count:goblin".parse().unwrap(), 5).unwrap();
/// assert!(tuned.contains("// Goblins at the ford."));
/// assert!(tuned.contains(r#"(statblock: "goblin", count: 5, region: "b")"#));
/// assert!(tuned.contains(r#"id: "ford-tuned-5""#));
/// ```
pub fn tuned_file(
    original: Option<&str>,
    spec: &EncounterSpec,
    knob: &Knob,
    value: u16,
) -> Result<String, TuneError> {
    let expected = tuned_spec(spec, knob, value)?;
    let header = format!(
        "// Written by `fray tune` from `{}`: {knob} = {value}.\n",
        spec.id
    );
    let edited = original
        .and_then(|text| edit(text, spec, &expected, knob, value))
        .filter(|text| loads_as(text, &expected));
    let body = match edited {
        Some(text) => text,
        None => {
            let ron = ron::ser::to_string_pretty(&expected, ron::ser::PrettyConfig::default())
                .map_err(|e| TuneError::Settings(format!("cannot write the encounter: {e}")))?;
            format!("Encounter{ron}\n")
        }
    };
    let text = format!("{header}{body}");
    if loads_as(&text, &expected) {
        Ok(text)
    } else {
        Err(TuneError::Settings(
            "the tuned encounter does not load as tuned (a defect of fray: please report it)"
                .into(),
        ))
    }
}

/// `spec` tuned: the knob at `value`, an id of its own (so the file can go beside the
/// original: two files of one id are refused), `<id>-tuned-<value>` kept within 64
/// characters, and a name saying what was tuned.
fn tuned_spec(spec: &EncounterSpec, knob: &Knob, value: u16) -> Result<EncounterSpec, TuneError> {
    let mut tuned = spec.clone();
    set_knob(&mut tuned, knob, value)?;
    let suffix = format!("-tuned-{value}");
    let keep = 64usize.saturating_sub(suffix.len());
    tuned.id = format!("{}{suffix}", spec.id.chars().take(keep).collect::<String>());
    tuned.name = format!("{} (tuned: {knob} = {value})", spec.name);
    Ok(tuned)
}

/// Whether `text` loads as the encounter `expected`.
fn loads_as(text: &str, expected: &EncounterSpec) -> bool {
    SourceFile::new("tuned.ron", text)
        .parse::<EncounterSpec>()
        .is_ok_and(|back| back == *expected)
}

/// `original` with the id, the name and the knob edited in, or `None` where the text does not
/// say them in one place each.
fn edit(
    original: &str,
    spec: &EncounterSpec,
    tuned: &EncounterSpec,
    knob: &Knob,
    value: u16,
) -> Option<String> {
    let text = replace_once(original, &field("id", &spec.id), &field("id", &tuned.id))?;
    let text = replace_once(
        &text,
        &field("name", &spec.name),
        &field("name", &tuned.name),
    )?;
    match knob {
        Knob::Count(id) => set_in_entry(&text, &field("statblock", id), "count", value),
        Knob::Level(id) => set_in_entry(&text, &field("statblock", id), "level", value),
        Knob::Hp(side) | Knob::Damage(side) => {
            let what = if matches!(knob, Knob::Hp(_)) {
                "hp"
            } else {
                "damage"
            };
            set_scale(&text, &field("name", side), what, value)
        }
    }
}

/// `name: "value"` as an author writes it in RON (quotes and backslashes escaped).
fn field(name: &str, value: &str) -> String {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    format!("{name}: \"{escaped}\"")
}

/// `text` with its one occurrence of `from` replaced by `to` (`None` unless there is exactly
/// one).
fn replace_once(text: &str, from: &str, to: &str) -> Option<String> {
    (text.matches(from).count() == 1).then(|| text.replacen(from, to, 1))
}

/// The span of the parenthesised entry around byte `at` (from its `(` to its `)`), skipping
/// strings and comments.
fn entry_span(text: &str, at: usize) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut open: Vec<usize> = Vec::new();
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            if b == b'\\' {
                i += 1;
            } else if b == b'"' {
                in_string = false;
            }
        } else if b == b'/' && bytes.get(i + 1) == Some(&b'/') {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'(' => open.push(i),
                b')' => {
                    let start = open.pop()?;
                    if start < at && at < i && open.iter().all(|&o| o < start) {
                        // The innermost entry holding `at` closes first.
                        return Some((start, i));
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    None
}

/// In the entry holding the one `key` of `text` (`statblock: "goblin"`), `field: value`:
/// replaced where the entry writes the field at its own level, else added after `key`.
fn set_in_entry(text: &str, key: &str, field_name: &str, value: u16) -> Option<String> {
    if text.matches(key).count() != 1 {
        return None;
    }
    let at = text.find(key)?;
    let (start, end) = entry_span(text, at)?;
    let entry = &text[start..=end];
    let written = format!("{field_name}:");
    let edited = if entry.contains(&written) {
        replace_number(entry, field_name, value)?
    } else {
        entry.replacen(key, &format!("{key}, {field_name}: {value}"), 1)
    };
    Some(format!("{}{edited}{}", &text[..start], &text[end + 1..]))
}

/// In the side whose `name: "..."` is `key`, its scale's `what` (`hp` or `damage`) set to
/// `value`: in its `scale: (...)` where it writes one, else a new `scale: (what: value)`.
fn set_scale(text: &str, key: &str, what: &str, value: u16) -> Option<String> {
    if text.matches(key).count() != 1 {
        return None;
    }
    let at = text.find(key)?;
    let (start, end) = entry_span(text, at)?;
    let side = &text[start..=end];
    let edited = match side.matches("scale:").count() {
        0 => side.replacen(key, &format!("{key}, scale: ({what}: {value})"), 1),
        1 => {
            let scale_at = side.find("scale:")?;
            let open = scale_at + side[scale_at..].find('(')?;
            let (s, e) = entry_span(side, open + 1)?;
            let scale = &side[s..=e];
            let set = if scale.contains(&format!("{what}:")) {
                replace_number(scale, what, value)?
            } else if scale.trim() == "()" {
                format!("({what}: {value})")
            } else {
                scale.replacen('(', &format!("({what}: {value}, "), 1)
            };
            format!("{}{set}{}", &side[..s], &side[e + 1..])
        }
        _ => return None,
    };
    Some(format!("{}{edited}{}", &text[..start], &text[end + 1..]))
}

/// `text` with the number after its one `what:` replaced by `value`.
fn replace_number(text: &str, what: &str, value: u16) -> Option<String> {
    let written = format!("{what}:");
    if text.matches(&written).count() != 1 {
        return None;
    }
    let from = text.find(&written)? + written.len();
    let rest = &text[from..];
    let digits_at = rest.len() - rest.trim_start().len();
    let digits = rest[digits_at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .count();
    (digits > 0).then(|| {
        format!(
            "{}{value}{}",
            &text[..from + digits_at],
            &text[from + digits_at + digits..]
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = r#"// Goblins at the ford.
Encounter(id: "ford", name: "The \"ford\"", ruleset: "archmage", map: Named("m"),
    sides: [
        // The party.
        (name: "Heroes", scale: (damage: 80), combatants: [(statblock: "fighter-1", region: "a")]),
        (name: "Goblins", combatants: [
            (statblock: "goblin", count: 3, region: "b"),
            (statblock: "shaman", region: "b"),
        ]),
    ])
"#;

    fn tuned(knob: &str, value: u16) -> String {
        let spec: EncounterSpec = SourceFile::new("ford.ron", TEXT).parse().unwrap();
        tuned_file(Some(TEXT), &spec, &knob.parse().unwrap(), value).unwrap()
    }

    #[test]
    fn g33_each_knob_is_edited_into_the_authors_text() {
        let count = tuned("count:goblin", 7);
        assert!(
            count.contains(r#"(statblock: "goblin", count: 7, region: "b")"#),
            "{count}"
        );
        assert!(count.contains("// The party."), "{count}");
        assert!(
            count.contains(r#"name: "The \"ford\" (tuned: count:goblin = 7)""#),
            "{count}"
        );
        let added = tuned("count:shaman", 2);
        assert!(
            added.contains(r#"(statblock: "shaman", count: 2, region: "b")"#),
            "{added}"
        );
        let hp = tuned("hp:Goblins", 150);
        assert!(
            hp.contains(r#"(name: "Goblins", scale: (hp: 150), combatants"#),
            "{hp}"
        );
        let damage = tuned("damage:Heroes", 120);
        assert!(damage.contains("scale: (damage: 120)"), "{damage}");
        let hp_heroes = tuned("hp:Heroes", 90);
        assert!(
            hp_heroes.contains("scale: (hp: 90, damage: 80)"),
            "{hp_heroes}"
        );
        for text in [count, added, hp, damage, hp_heroes] {
            assert_eq!(text.lines().count(), TEXT.lines().count() + 1, "{text}");
        }
    }

    #[test]
    fn g33_an_entry_written_twice_is_written_out_whole_and_still_loads() {
        let twice = TEXT.replace(r#"(statblock: "fighter-1", region: "a")"#, r#"(statblock: "fighter-1", region: "a"), (statblock: "goblin", name: Some("Tame"), region: "a")"#);
        let spec: EncounterSpec = SourceFile::new("ford.ron", twice.as_str()).parse().unwrap();
        let written = tuned_file(Some(&twice), &spec, &"count:Tame".parse().unwrap(), 4).unwrap();
        let back: EncounterSpec = SourceFile::new("t.ron", written.as_str()).parse().unwrap();
        assert_eq!(back.id, "ford-tuned-4");
        assert_eq!(back.sides[0].combatants[1].count, 4);
    }
}
