//! The multiattack sentence of a 5e statblock, where it is regular: "The bear makes two
//! attacks: one with its bite and one with its claws", "The aboleth makes three tentacle
//! attacks", "The devil makes two attacks with its chains".

use std::fmt;
use std::sync::LazyLock;

use regex::Regex;

use crate::words;

/// What a multiattack makes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Multiattack {
    /// How many attacks.
    pub count: u8,
    /// With what, when the sentence says (`(1, "bite"), (2, "claws")`); empty when it names
    /// no weapon ("two melee attacks").
    pub with: Vec<(u8, String)>,
}

static MAKES: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"(?i)\bmakes (one|two|three|four|five|six|seven|eight|\d+) ((?:[a-z]+ )*?)attacks?(?:(:| with its) ([^.]*))?(?:\.|$)").ok()
});
static ITEM: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"^(one|two|three|four|five|six|seven|eight|\d+) with its ([a-z][a-z ]*)$").ok()
});

/// Reads the first sentence of a multiattack's prose; `None` when it is not one of the
/// regular forms (then the caller says the prose was not understood).
pub fn parse(desc: &str) -> Option<Multiattack> {
    let first = desc.split(". ").next().unwrap_or(desc);
    // "The dragon can use its Frightful Presence. It then makes three attacks: ..." puts the
    // attacks in the second sentence.
    let sentence = if first.contains(" makes ") {
        first
    } else {
        desc.split(". ").nth(1)?
    };
    let caps = MAKES.as_ref()?.captures(sentence)?;
    let count = words::count(caps.get(1)?.as_str())?;
    let weapon = caps.get(2).map_or("", |m| m.as_str()).trim();
    let with = match (
        caps.get(3).map(|m| m.as_str()),
        caps.get(4).map(|m| m.as_str()),
    ) {
        (Some(":"), Some(list)) => list_items(list)?,
        (Some(_), Some(name)) if !name.contains(" or ") => {
            vec![(count, name.trim().to_string())]
        }
        (None, _) if !weapon.is_empty() && weapon != "melee" && weapon != "ranged" => {
            vec![(count, weapon.to_string())]
        }
        (None, _) => Vec::new(),
        _ => return None,
    };
    let named: u32 = with.iter().map(|(n, _)| u32::from(*n)).sum();
    (with.is_empty() || named == u32::from(count)).then_some(Multiattack { count, with })
}

/// `one with its bite, one with its horns, and two with its claws`.
fn list_items(list: &str) -> Option<Vec<(u8, String)>> {
    let item = ITEM.as_ref()?;
    list.replace(", and ", ", ")
        .replace(" and ", ", ")
        .split(", ")
        .map(|part| {
            let caps = item.captures(part.trim())?;
            let name = caps.get(2)?.as_str().trim();
            if name.contains(" or ") {
                return None;
            }
            Some((words::count(caps.get(1)?.as_str())?, name.to_string()))
        })
        .collect()
}

impl fmt::Display for Multiattack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = words::word(self.count);
        let s = if self.count == 1 { "" } else { "s" };
        write!(f, "{n} attack{s}")?;
        if !self.with.is_empty() {
            let parts: Vec<String> = self
                .with
                .iter()
                .map(|(n, w)| format!("{} with its {w}", words::word(*n)))
                .collect();
            write!(f, " ({})", parts.join(", "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_attacks_one_with_each() {
        let m = parse("The bear makes two attacks: one with its bite and one with its claws.");
        assert_eq!(
            m,
            Some(Multiattack {
                count: 2,
                with: vec![(1, "bite".into()), (1, "claws".into())]
            })
        );
    }

    #[test]
    fn the_dragons_second_sentence() {
        let m = parse(
            "The dragon can use its Frightful Presence. It then makes three attacks: one with its bite and two with its claws.",
        );
        assert_eq!(m.as_ref().map(|m| m.count), Some(3));
        assert_eq!(
            m.map(|m| m.to_string()),
            Some("three attacks (one with its bite, two with its claws)".into())
        );
    }

    #[test]
    fn a_weapon_named_before_attacks() {
        let m = parse("The aboleth makes three tentacle attacks.");
        assert_eq!(
            m,
            Some(Multiattack {
                count: 3,
                with: vec![(3, "tentacle".into())]
            })
        );
        let m = parse("The knight makes two melee attacks.");
        assert_eq!(
            m,
            Some(Multiattack {
                count: 2,
                with: vec![]
            })
        );
        let m = parse("The devil makes two attacks with its chains.");
        assert_eq!(
            m,
            Some(Multiattack {
                count: 2,
                with: vec![(2, "chains".into())]
            })
        );
    }

    #[test]
    fn irregular_prose_is_not_guessed() {
        assert_eq!(
            parse("The hydra makes as many bite attacks as it has heads."),
            None
        );
        assert_eq!(
            parse(
                "The manticore makes three attacks: one with its bite and two with its claws or three with its tail spikes."
            ),
            None
        );
        assert_eq!(parse("The fungus makes 1d4 Rotting Touch attacks."), None);
    }
}
