//! Imports open bestiaries into Fray's rulesets: the 5e System Reference Document 5.1 (Open5e's
//! v2 data files) as `lite5e` monsters, and the Basic Fantasy RPG bestiary
//! (`monsterdata.json`) as `bx` monsters.
//!
//! Everything here is a pure function from the source files' bytes to the statblocks, written
//! as RON in the ruleset's own schema (one file per monster), and a [`report::Report`]: each
//! monster imported whole, imported with its parts left out (each named, with why), or refused.
//! Prose is read where it is regular ([`multiattack`], [`save_effect`], [`attack_line`]) and only
//! as far as the ruleset has a rule to play it: what it cannot play is a named part left out,
//! never a guess. A malformed source file is an [`error::ImportError`], never a panic.

/// The prose of a 5e attack line.
pub mod attack_line;
/// The Basic Fantasy RPG bestiary's records.
pub mod bfrpg;
/// BFRPG's attack and damage strings.
pub mod bfrpg_attacks;
/// BFRPG's armour class, hit dice, movement and morale strings.
pub mod bfrpg_fields;
/// BFRPG monsters as `bx` statblocks.
pub mod bx;
/// Why a source cannot be read.
pub mod error;
/// Open5e SRD creatures as `lite5e` statblocks.
pub mod lite5e;
/// The prose of a 5e multiattack.
pub mod multiattack;
/// Open5e's data files.
pub mod open5e;
/// Statblocks as RON files.
pub mod render;
/// The import report.
pub mod report;
/// The prose of a 5e saving throw.
pub mod save_effect;
/// Ids from names.
pub mod slug;
/// Count words and printed dice.
pub mod words;

pub use error::ImportError;
pub use render::OutFile;
pub use report::Report;

/// What an import made: the statblock files, the attribution its source's licence asks for,
/// and the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Import {
    /// One file per monster imported, in the source's order.
    pub files: Vec<OutFile>,
    /// The text of the output folder's `ATTRIBUTION.md`.
    pub attribution: String,
    /// What became of each monster.
    pub report: Report,
}

/// The name of the attribution file in an output folder.
pub const ATTRIBUTION_FILE: &str = "ATTRIBUTION.md";
/// The name of the report in an output folder.
pub const REPORT_FILE: &str = "IMPORT-REPORT.txt";

impl Import {
    /// Every file of the output folder: the statblocks, the attribution and the report (with
    /// its notes).
    pub fn folder(&self) -> Vec<OutFile> {
        let mut out = self.files.clone();
        out.push(OutFile {
            name: ATTRIBUTION_FILE.into(),
            text: self.attribution.clone(),
        });
        out.push(OutFile {
            name: REPORT_FILE.into(),
            text: self.report.to_text(true),
        });
        out
    }
}
