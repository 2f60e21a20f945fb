//! BFRPG's attack strings: what a monster attacks with each round (`"2 claws, 1 bite + hug"`)
//! and the damage of each (`"1d8 claw, 2d6 bite, 2d8 hug"`), read into attacks B/X plays; what
//! is not regular enough, or that B/X has no rule for, is returned by name to leave out.

use std::sync::LazyLock;

use regex::Regex;

/// One kind of attack a round: `2 claws` is two attacks named `claw`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Routine {
    /// How many a round.
    pub count: u8,
    /// Its name, singular (`claw`).
    pub name: String,
    /// What it carries besides damage (`hug`, `poison`), from `+ hug`.
    pub rider: Option<String>,
}

/// One damage entry: its dice (none: `by weapon`, `special`), name and rider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamageText {
    /// Dice as printed (`1d8`, `2d4+1`), if any.
    pub dice: Option<String>,
    /// Its name (`claw`), maybe empty.
    pub name: String,
    /// `+ poison`, `+ hold`.
    pub rider: Option<String>,
    /// Written `by weapon`.
    pub by_weapon: bool,
}

static ROUTINE: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"^(\d+)(?: to (\d+))?(?: ([a-z][a-z /-]*?))?(?:\s*\+\s*([a-z][a-z ]*?))?(?:,? each.*| \(.*\)|,? see below.*)?$").ok()
});
static DICE: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"^(\d+d\d+|\d+)(?: points?)?(\s*[+-]\s*\d+)?(.*)$").ok());
static BRACKETS: LazyLock<Option<Regex>> = LazyLock::new(|| Regex::new(r"\([^)]*\)").ok());

/// Riders B/X has a rule for, written before a name (`1d4 + poison sting`).
const KNOWN_RIDERS: [&str; 2] = ["poison", "paralysis"];

/// The singular of an attack's name (`claws` -> `claw`, `hooves` -> `hoof`).
pub fn singular(name: &str) -> String {
    let n = name.trim();
    if let Some(stem) = n.strip_suffix("hooves") {
        return format!("{stem}hoof");
    }
    if n.ends_with("ss") {
        return n.to_string();
    }
    n.strip_suffix('s').unwrap_or(n).to_string()
}

/// Splits a list at top-level commas (not inside brackets).
fn split_list(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0u32;
    let mut cur = String::new();
    for c in text.chars() {
        match c {
            '(' => depth = depth.saturating_add(1),
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// A group of a routine: its first alternative, and the others (`1 bite or 1 weapon` gives
/// `1 bite` and `["1 weapon"]`).
pub fn alternatives(group: &str) -> (String, Vec<String>) {
    let mut parts = group.split(" or ").map(|s| s.trim().to_string());
    let first = parts.next().unwrap_or_default();
    (first, parts.collect())
}

/// Reads one alternative of a routine (`2 claws`, `1 bite + hug`, `1`); `None` if irregular.
pub fn routine(text: &str) -> Option<Routine> {
    let caps = ROUTINE.as_ref()?.captures(text.trim())?;
    let count: u8 = caps.get(1)?.as_str().parse().ok()?;
    let name = caps.get(3).map_or("attack", |m| m.as_str());
    Some(Routine {
        count,
        name: singular(name),
        rider: caps.get(4).map(|m| m.as_str().trim().to_string()),
    })
}

/// The groups of a routine, in order.
pub fn routines(text: &str) -> Vec<String> {
    split_list(text)
}

/// The damage entries, in order (their first alternatives, and the rest).
pub fn damages(text: &str) -> Vec<(String, Vec<String>)> {
    split_list(text).iter().map(|g| alternatives(g)).collect()
}

/// Reads one damage entry (`1d8 claw`, `1d4 + poison sting`, `1d6 bite + 1d6/round hold`,
/// `2d4+1`, `by weapon`, `1 point bite`; brackets are dropped); `None` if it gives neither
/// dice nor a rider B/X knows.
pub fn damage(text: &str) -> Option<DamageText> {
    let lower = text.trim().to_ascii_lowercase();
    let t = BRACKETS.as_ref()?.replace_all(&lower, "");
    let t = t.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(rest) = t.strip_prefix("by weapon") {
        return Some(DamageText {
            dice: None,
            name: rest.trim().to_string(),
            rider: None,
            by_weapon: true,
        });
    }
    let (dice, rest) = match DICE.as_ref()?.captures(&t) {
        Some(c) => {
            let mut dice = c.get(1)?.as_str().to_string();
            let mut rest = c.get(3).map_or("", |m| m.as_str()).to_string();
            // `+1` is the dice's bonus unless it starts more dice (`+ 1d6/round`).
            if let Some(bonus) = c.get(2) {
                if rest.starts_with(['d', 'D']) || rest.starts_with(|c: char| c.is_ascii_digit()) {
                    rest = format!("{}{rest}", bonus.as_str());
                } else {
                    dice.push_str(&bonus.as_str().replace(' ', ""));
                }
            }
            (Some(dice), rest)
        }
        None => (None, t.clone()),
    };
    let rest = rest.trim().trim_start_matches("per ").trim();
    let (name, rider) = match rest.strip_prefix('+') {
        Some(after) => {
            let after = after.trim();
            let first = after.split_whitespace().next().unwrap_or("");
            if KNOWN_RIDERS.contains(&first) {
                (
                    after[first.len()..].trim().to_string(),
                    Some(first.to_string()),
                )
            } else {
                (String::new(), Some(after.to_string()))
            }
        }
        None => match rest.split_once('+') {
            Some((name, rider)) => (name.trim().to_string(), Some(rider.trim().to_string())),
            None => (rest.to_string(), None),
        },
    };
    if dice.is_none() && rider.is_none() {
        let first = name.split_whitespace().next().unwrap_or("");
        if !KNOWN_RIDERS.contains(&first) {
            return None;
        }
        return Some(DamageText {
            dice: None,
            name: singular(name[first.len()..].trim()),
            rider: Some(first.to_string()),
            by_weapon: false,
        });
    }
    Some(DamageText {
        dice,
        name: singular(&name),
        rider,
        by_weapon: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routines_and_their_alternatives() {
        assert_eq!(
            routines("2 claws, 1 bite + hug"),
            vec!["2 claws", "1 bite + hug"]
        );
        assert_eq!(
            routine("2 claws"),
            Some(Routine {
                count: 2,
                name: "claw".into(),
                rider: None
            })
        );
        assert_eq!(
            routine("1 bite + hug"),
            Some(Routine {
                count: 1,
                name: "bite".into(),
                rider: Some("hug".into())
            })
        );
        assert_eq!(routine("1").map(|r| r.name), Some("attack".into()));
        assert_eq!(routine("2 hooves").map(|r| r.name), Some("hoof".into()));
        assert_eq!(
            alternatives("1 bite or 1 weapon"),
            ("1 bite".into(), vec!["1 weapon".into()])
        );
    }

    #[test]
    fn damage_entries() {
        let d = damage("1d4 + poison sting");
        assert_eq!(
            d,
            Some(DamageText {
                dice: Some("1d4".into()),
                name: "sting".into(),
                rider: Some("poison".into()),
                by_weapon: false
            })
        );
        assert_eq!(damage("2d4+1").and_then(|d| d.dice), Some("2d4+1".into()));
        assert_eq!(
            damage("1 point bite").and_then(|d| d.dice),
            Some("1".into())
        );
        assert_eq!(damage("1d10 per bite").map(|d| d.name), Some("bite".into()));
        assert!(damage("by weapon").is_some_and(|d| d.by_weapon));
        assert_eq!(damage("Rust, see below"), None);
        let d = damage("1d6 bite + 1d6/round hold");
        assert_eq!(
            d.map(|d| (d.dice, d.name, d.rider)),
            Some((
                Some("1d6".into()),
                "bite".into(),
                Some("1d6/round hold".into())
            ))
        );
        let d = damage("7d6 (8d6) giant weapon");
        assert_eq!(
            d.map(|d| (d.dice, d.name)),
            Some((Some("7d6".into()), "giant weapon".into()))
        );
        let d = damage("2d4 + 2d4/round");
        assert_eq!(
            d.map(|d| (d.dice, d.rider)),
            Some((Some("2d4".into()), Some("2d4/round".into())))
        );
    }
}
