//! The import report: each monster imported whole, imported with parts left out (each part
//! named, with why), or refused (why); and notes where the ruleset works a number out
//! differently from the source.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

/// What became of one monster.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Every part of it plays.
    Whole,
    /// It plays, with the parts named in `left_out` missing.
    Partly,
    /// No statblock was written.
    Refused,
}

/// A part of a monster the target ruleset does not play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LeftOut {
    /// Which part (`Multiattack`, `Fire Breath`, `Trait: Amphibious`).
    pub part: String,
    /// Why it is left out, in words.
    pub why: String,
    /// The kind of part, for the summary of the most common (`multiattack`, `save effect`).
    pub kind: &'static str,
}

impl LeftOut {
    /// A part left out.
    pub fn new(kind: &'static str, part: impl Into<String>, why: impl Into<String>) -> Self {
        Self {
            part: part.into(),
            why: why.into(),
            kind,
        }
    }
}

/// One monster of the source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// Its name in the source.
    pub name: String,
    /// The id it was written under (none when refused).
    pub id: Option<String>,
    /// What became of it.
    pub outcome: Outcome,
    /// Why it was refused.
    pub refused: Option<String>,
    /// The parts left out.
    pub left_out: Vec<LeftOut>,
    /// Where a number differs from the source's, and why (not a part left out).
    pub notes: Vec<String>,
}

impl Entry {
    /// A monster written as `id`, whole unless parts are left out.
    pub fn imported(
        name: impl Into<String>,
        id: String,
        left_out: Vec<LeftOut>,
        notes: Vec<String>,
    ) -> Self {
        let outcome = if left_out.is_empty() {
            Outcome::Whole
        } else {
            Outcome::Partly
        };
        Self {
            name: name.into(),
            id: Some(id),
            outcome,
            refused: None,
            left_out,
            notes,
        }
    }

    /// A monster refused, with why and the parts that could not be played.
    pub fn refused(
        name: impl Into<String>,
        why: impl Into<String>,
        left_out: Vec<LeftOut>,
    ) -> Self {
        Self {
            name: name.into(),
            id: None,
            outcome: Outcome::Refused,
            refused: Some(why.into()),
            left_out,
            notes: Vec::new(),
        }
    }
}

/// The report of one import.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// What was read (`Open5e srd-2014`, `BFRPG bestiary`).
    pub source: String,
    /// The ruleset written for.
    pub ruleset: String,
    /// How the ruleset's rules and the source's numbers were reconciled, once for all.
    pub mapping: Vec<String>,
    /// Every monster, in the source's order.
    pub monsters: Vec<Entry>,
}

/// The counts of a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Counts {
    /// Imported whole.
    pub whole: usize,
    /// Imported with parts left out.
    pub partly: usize,
    /// Refused.
    pub refused: usize,
}

impl Counts {
    /// All the monsters.
    pub fn total(&self) -> usize {
        self.whole + self.partly + self.refused
    }
}

impl Report {
    /// How many monsters came whole, partly and not at all.
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for m in &self.monsters {
            match m.outcome {
                Outcome::Whole => c.whole += 1,
                Outcome::Partly => c.partly += 1,
                Outcome::Refused => c.refused += 1,
            }
        }
        c
    }

    /// The kinds of part left out, most common first, with how many monsters lack one.
    pub fn common_left_out(&self) -> Vec<(&'static str, usize)> {
        let mut by: BTreeMap<&'static str, usize> = BTreeMap::new();
        for m in &self.monsters {
            let mut kinds: Vec<&'static str> = m.left_out.iter().map(|l| l.kind).collect();
            kinds.sort_unstable();
            kinds.dedup();
            for k in kinds {
                *by.entry(k).or_default() += 1;
            }
        }
        let mut out: Vec<_> = by.into_iter().collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        out
    }

    /// The counts in one line.
    pub fn summary(&self) -> String {
        let c = self.counts();
        format!(
            "{} {} monsters for {}: {} whole, {} partly, {} refused ({} of {} imported).",
            self.source,
            c.total(),
            self.ruleset,
            c.whole,
            c.partly,
            c.refused,
            c.whole + c.partly,
            c.total()
        )
    }

    /// The report as JSON: the counts, then the report's fields.
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct Json<'a> {
            counts: Counts,
            #[serde(flatten)]
            report: &'a Report,
        }
        let json = Json {
            counts: self.counts(),
            report: self,
        };
        serde_json::to_string_pretty(&json).unwrap_or_default()
    }

    /// The report as text: the counts, the mapping, the most common parts left out, then each
    /// monster refused or imported partly (with its parts), and with `notes` each note (the
    /// monsters imported whole with notes too).
    pub fn to_text(&self, notes: bool) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "{}", self.summary());
        let _ = writeln!(s);
        let _ = writeln!(s, "How the numbers were mapped:");
        for m in &self.mapping {
            let _ = writeln!(s, "  - {m}");
        }
        let common = self.common_left_out();
        if !common.is_empty() {
            let _ = writeln!(s);
            let _ = writeln!(s, "Parts left out most often (monsters lacking one):");
            for (kind, n) in common {
                let _ = writeln!(s, "  {n:>4}  {kind}");
            }
        }
        for m in &self.monsters {
            if m.outcome == Outcome::Whole && (m.notes.is_empty() || !notes) {
                continue;
            }
            let _ = writeln!(s);
            match (&m.id, m.outcome) {
                (_, Outcome::Refused) => {
                    let why = m.refused.as_deref().unwrap_or("");
                    let _ = writeln!(s, "{}: refused: {why}", m.name);
                }
                (Some(id), Outcome::Partly) => {
                    let _ = writeln!(s, "{} ({id}): imported partly", m.name);
                }
                (Some(id), _) => {
                    let _ = writeln!(s, "{} ({id}): imported whole", m.name);
                }
                (None, _) => {
                    let _ = writeln!(s, "{}", m.name);
                }
            }
            for l in &m.left_out {
                let _ = writeln!(s, "  - left out: {}: {}", l.part, l.why);
            }
            for n in m.notes.iter().filter(|_| notes) {
                let _ = writeln!(s, "  - note: {n}");
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_common_parts() {
        let r = Report {
            source: "Test".into(),
            ruleset: "lite5e".into(),
            mapping: vec![],
            monsters: vec![
                Entry::imported("A", "a".into(), vec![], vec![]),
                Entry::imported(
                    "B",
                    "b".into(),
                    vec![
                        LeftOut::new("trait", "Trait: X", "not played"),
                        LeftOut::new("trait", "Trait: Y", "not played"),
                    ],
                    vec![],
                ),
                Entry::refused(
                    "C",
                    "no attack",
                    vec![LeftOut::new("trait", "Trait: Z", "-")],
                ),
            ],
        };
        let c = r.counts();
        assert_eq!((c.whole, c.partly, c.refused), (1, 1, 1));
        assert_eq!(r.common_left_out(), vec![("trait", 2)]);
        let text = r.to_text(true);
        assert!(r.to_json().contains("\"whole\": 1"));
        assert!(text.starts_with("Test 3 monsters for lite5e: 1 whole, 1 partly, 1 refused"));
        assert!(text.contains("C: refused: no attack"));
        assert!(text.contains("left out: Trait: X: not played"));
    }
}
