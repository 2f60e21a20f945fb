//! The Basic Fantasy RPG bestiary's `monsterdata.json`: one record per monster, its numbers
//! as the printed statblock writes them (`"armorclass": "15 (11)"`, `"hitdice": "9** (+8)"`).

use serde::Deserialize;

use crate::error::ImportError;

/// One monster's record (the fields the importer maps; the rest, such as treasure, number
/// appearing and XP, play no part in a fight and are ignored).
#[derive(Debug, Clone, Deserialize)]
pub struct Record {
    /// The source's `name`.
    pub name: String,
    /// The source's `armorclass`.
    pub armorclass: String,
    /// The source's `attackbonus`.
    pub attackbonus: i64,
    /// The source's `damage`.
    pub damage: String,
    /// The source's `hitdice`.
    pub hitdice: String,
    /// The source's `morale`.
    pub morale: String,
    /// The source's `movement`.
    pub movement: String,
    /// The source's `noattacks`.
    #[serde(default)]
    pub noattacks: Option<String>,
    /// The source's `saveas`.
    pub saveas: String,
}

/// Reads `monsterdata.json`. The published file ends its list with `},\n]`, a trailing comma
/// strict JSON refuses: that one comma, before the closing bracket at the very end, is
/// accepted; anything else malformed is an error.
pub fn read(bytes: &[u8]) -> Result<Vec<Record>, ImportError> {
    let text = String::from_utf8_lossy(bytes);
    let trimmed = text.trim_end();
    let fixed = match trimmed.strip_suffix(']') {
        Some(body) => {
            let body = body.trim_end();
            match body.strip_suffix(',') {
                Some(before) => format!("{before}]"),
                None => format!("{body}]"),
            }
        }
        None => trimmed.to_string(),
    };
    serde_json::from_str(&fixed).map_err(|source| ImportError::Json {
        file: "monsterdata.json".into(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_trailing_comma_and_nothing_else() {
        let one = r#"[{"name": "Orc", "armorclass": "14", "attackbonus": 1, "damage": "1d8", "hitdice": "1", "morale": "8", "movement": "40'", "noattacks": "1 weapon", "saveas": "Fighter: 1"},
]"#;
        assert_eq!(read(one.as_bytes()).map(|r| r.len()).ok(), Some(1));
        assert!(read(b"[{\"name\": 3}]").is_err());
        assert!(read(b"not json").is_err());
    }
}
