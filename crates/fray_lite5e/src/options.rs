//! The options a lite5e encounter may set (`options: (ruleset: { "morale": "side" })`).

use std::borrow::Cow;
use std::collections::BTreeMap;

use fray_content::options::{OptionDef, OptionValue};
use serde::{Deserialize, Serialize};

/// The options, as `fray list` shows them.
pub const OPTIONS: &[OptionDef] = &[
    OptionDef {
        name: "morale",
        default: OptionValue::Text(Cow::Borrowed("group")),
        doc: "how monsters roll morale: \"side\", \"group\" (default) or \"individual\" (L5-16)",
    },
    OptionDef {
        name: "region_feet",
        default: OptionValue::Int(30),
        doc: "feet between neighbouring regions, 5..120 (L5-04)",
    },
];

/// How monsters roll morale (L5-16); PCs always roll alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum MoraleBy {
    /// One roll for the whole side.
    Side,
    /// One roll per group (by statblock when content names no groups).
    #[default]
    Group,
    /// Each rolls alone.
    Individual,
}

/// A lite5e encounter's options.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct L5Options {
    /// How monsters roll morale.
    pub morale: MoraleBy,
    /// Feet between neighbouring regions.
    pub region_feet: u16,
}

impl Default for L5Options {
    fn default() -> Self {
        Self {
            morale: MoraleBy::Group,
            region_feet: 30,
        }
    }
}

impl L5Options {
    /// Reads the options, or says which is wrong.
    pub fn read(set: &BTreeMap<String, OptionValue>) -> Result<Self, String> {
        let mut out = Self::default();
        if let Some(v) = set.get("morale") {
            out.morale = match v {
                OptionValue::Text(t) if t == "side" => MoraleBy::Side,
                OptionValue::Text(t) if t == "group" || t.is_empty() => MoraleBy::Group,
                OptionValue::Text(t) if t == "individual" => MoraleBy::Individual,
                other => {
                    return Err(format!(
                        "morale: `{}` is not side, group or individual",
                        bare(other)
                    ));
                }
            };
        }
        if let Some(v) = set.get("region_feet") {
            out.region_feet = match v {
                OptionValue::Int(n) if (5..=120).contains(n) => u16::try_from(*n).unwrap_or(30),
                other => {
                    return Err(format!(
                        "region_feet: `{}` is not within 5..120",
                        bare(other)
                    ));
                }
            };
        }
        Ok(out)
    }
}

/// A value as the user wrote it: text without the quotes a listing puts around it.
fn bare(value: &OptionValue) -> String {
    match value {
        OptionValue::Text(t) => t.to_string(),
        other => other.to_string(),
    }
}
