//! BFRPG's armour class, hit dice, movement and morale strings, read into B/X's numbers.

use std::sync::LazyLock;

use fray_bx::statblock::Invulnerability;
use regex::Regex;

/// BFRPG's ascending armour class as B/X's descending one: **descending = 20 - ascending**.
///
/// Why 20 and not 19: BFRPG's unarmoured AC is 11, leather 13, chain 15, plate 17 (a shield
/// +1), where B/X has 9, 7, 5 and 3 (a shield -1); and BFRPG's attack bonus of a 1 HD monster
/// (+1, hitting when d20 + 1 reaches the AC) gives the same odds as B/X's THAC0 19 against the
/// converted AC only with 20 (d20 >= 19 - (20 - AC) is d20 + 1 >= AC).
pub fn descending_ac(ascending: i32) -> Option<i32> {
    20_i32.checked_sub(ascending)
}

/// An armour class string: the first number (a parenthesised second figure is the AC without
/// armour or shield), and `(m)` magic or `(s)` silver weapons only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArmourClass {
    /// The ascending AC.
    pub ascending: i32,
    /// Which weapons harm it.
    pub invulnerable: Option<Invulnerability>,
    /// What else the string says (`(11)`, `(only hit by fire or cold)`).
    pub rest: String,
}

static LEADING: LazyLock<Option<Regex>> = LazyLock::new(|| Regex::new(r"^\s*(\d+)\s*(.*)$").ok());

/// Reads `15`, `15 (11)`, `21 (m)`, `16 (s)`; `None` without a leading number.
pub fn armour_class(text: &str) -> Option<ArmourClass> {
    let caps = LEADING.as_ref()?.captures(text)?;
    let ascending: i32 = caps.get(1)?.as_str().parse().ok()?;
    let mut rest = caps.get(2).map_or("", |m| m.as_str()).trim().to_string();
    let invulnerable = if rest.starts_with("(m)") {
        rest = rest["(m)".len()..].trim().to_string();
        Some(Invulnerability::Magic)
    } else if rest.starts_with("(s)") {
        rest = rest["(s)".len()..].trim().to_string();
        Some(Invulnerability::SilverOrMagic)
    } else {
        None
    };
    Some(ArmourClass {
        ascending,
        invulnerable,
        rest,
    })
}

/// Hit dice read for B/X: its hit dice text (`4`, `3+1`, `1-1`, `1/2`), the hit points when the
/// string fixes them, and the count of whole dice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HitDiceText {
    /// As B/X writes it.
    pub hd: String,
    /// Fixed hit points (`1 Hit Point`).
    pub hp: Option<i32>,
}

static HD: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"^\s*(\d+)([+-]\d+)?\**(?:\s*\(\+\d+\))?\s*\**\s*(.*)$").ok());

/// Reads `4`, `6**`, `9** (+8)` (asterisks mark special abilities, the bracket the attack bonus:
/// both dropped), `3+1`, `1-1`, `1/2 (1d4 hit points)`, `1 Hit Point`, `1 hp`, `1d2 hit points`.
pub fn hit_dice(text: &str) -> Option<HitDiceText> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    if lower.starts_with("1/2") {
        return Some(HitDiceText {
            hd: "1/2".into(),
            hp: None,
        });
    }
    if lower == "1 hit point" || lower == "1 hp" || lower.starts_with("1d2 hit points") {
        return Some(HitDiceText {
            hd: "1/2".into(),
            hp: Some(1),
        });
    }
    let caps = HD.as_ref()?.captures(t)?;
    let dice = caps.get(1)?.as_str();
    let adjust = caps.get(2).map_or("", |m| m.as_str());
    Some(HitDiceText {
        hd: format!("{dice}{adjust}"),
        hp: None,
    })
}

static FEET: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"(?i)(?:(fly|swim|unarmored|burrow|climb)\s+)?(\d+)'").ok());

/// BFRPG's movement (feet per round, `40'`, `30' Fly 80' (15')`; the parenthesised figure is
/// its turning distance) as B/X's rate per turn: **3 x the fastest rate it has** (B/X's
/// encounter movement is a third of its rate, BX-02; a map has no flight or water layer). An
/// `Unarmored` rate is not used: it goes with the AC without armour, and the armoured AC is
/// the one played.
/// Returns the rate and the way of moving it came from.
pub fn movement(text: &str) -> Option<(i32, String)> {
    let re = FEET.as_ref()?;
    let mut best: Option<(i32, String)> = None;
    for caps in re.captures_iter(text) {
        let whole = caps.get(0)?;
        // A figure in brackets right after a rate is a turning distance, not a rate.
        let before = text[..whole.start()].trim_end();
        if before.ends_with('(') {
            continue;
        }
        let feet: i32 = caps.get(2)?.as_str().parse().ok()?;
        let how = caps
            .get(1)
            .map_or("walk", |m| m.as_str())
            .to_ascii_lowercase();
        // The unarmoured rate goes with the unarmoured AC, which is not the one played.
        if how == "unarmored" {
            continue;
        }
        if best.as_ref().is_none_or(|(b, _)| feet > *b) {
            best = Some((feet, how));
        }
    }
    let (feet, how) = best?;
    Some((feet.checked_mul(3)?, how))
}

/// Morale: the first number 2..12 and whatever follows it (`7 (9)`: 9 in its lair); `N/A` has
/// none (it never checks).
pub fn morale(text: &str) -> Option<(i32, String)> {
    let caps = LEADING.as_ref()?.captures(text)?;
    let m: i32 = caps.get(1)?.as_str().parse().ok()?;
    Some((m, caps.get(2).map_or("", |m| m.as_str()).trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn armour_class_converts_to_descending() {
        assert_eq!(descending_ac(11), Some(9));
        assert_eq!(descending_ac(13), Some(7));
        assert_eq!(descending_ac(17), Some(3));
        assert_eq!(descending_ac(25), Some(-5));
        let ac = armour_class("21 (m)");
        assert_eq!(
            ac.as_ref().map(|a| (a.ascending, a.invulnerable)),
            Some((21, Some(Invulnerability::Magic)))
        );
        let ac = armour_class("15 (11)");
        assert_eq!(ac.map(|a| (a.ascending, a.rest)), Some((15, "(11)".into())));
        assert_eq!(armour_class("Immune to normal weapons"), None);
    }

    #[test]
    fn hit_dice_lose_their_marks() {
        let hd = |t: &str| hit_dice(t).map(|h| (h.hd, h.hp));
        assert_eq!(hd("9** (+8)"), Some(("9".into(), None)));
        assert_eq!(hd("7+1**"), Some(("7+1".into(), None)));
        assert_eq!(hd("1-1"), Some(("1-1".into(), None)));
        assert_eq!(hd("12+3* (+10)"), Some(("12+3".into(), None)));
        assert_eq!(hd("1/2* (1d4 hit points)"), Some(("1/2".into(), None)));
        assert_eq!(hd("1 Hit Point"), Some(("1/2".into(), Some(1))));
    }

    #[test]
    fn movement_per_round_becomes_per_turn() {
        assert_eq!(movement("40'"), Some((120, "walk".into())));
        assert_eq!(movement("30' Fly 80' (15')"), Some((240, "fly".into())));
        assert_eq!(movement("60' (10')"), Some((180, "walk".into())));
        assert_eq!(movement("1'"), Some((3, "walk".into())));
        assert_eq!(movement("20' Unarmored 40'"), Some((60, "walk".into())));
        assert_eq!(movement("none"), None);
    }

    #[test]
    fn morale_keeps_the_first_figure() {
        assert_eq!(morale("7 (9)"), Some((7, "(9)".into())));
        assert_eq!(morale("12"), Some((12, String::new())));
        assert_eq!(morale("N/A"), None);
    }
}
