//! The saving-throw sentence of a 5e statblock, where it is regular: "each creature in that
//! area must make a DC 13 Dexterity saving throw, taking 22 (4d10) lightning damage on a
//! failed save, or half as much damage on a successful one".

use std::fmt;
use std::sync::LazyLock;

use regex::Regex;

use crate::words::Roll;

/// A save a statblock's prose calls for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveEffect {
    /// Its DC.
    pub dc: u8,
    /// The ability saved with (`Dexterity`).
    pub ability: String,
    /// The damage a failed save takes, if the sentence gives it.
    pub damage: Option<SaveDamage>,
}

/// The damage of a failed save.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveDamage {
    /// The average the prose prints.
    pub average: u32,
    /// The roll.
    pub roll: Roll,
    /// Its damage type (`lightning`).
    pub damage_type: String,
    /// A successful save takes half.
    pub half: bool,
}

static SAVE: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw",
    )
    .ok()
});
static DAMAGE: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"^[^.]*?taking (\d+) \((\d+d\d+(?: ?[+-] ?\d+)?)\) ([a-z]+) damage on a failed save(, or half as much damage on a successful one)?").ok()
});

/// Reads the first save the prose calls for; `None` when it names no DC and ability.
pub fn parse(text: &str) -> Option<SaveEffect> {
    let caps = SAVE.as_ref()?.captures(text)?;
    let dc: u8 = caps.get(1)?.as_str().parse().ok()?;
    let ability = caps.get(2)?.as_str().to_string();
    let rest = &text[caps.get(0)?.end()..];
    let damage = DAMAGE.as_ref().and_then(|re| {
        let d = re.captures(rest)?;
        Some(SaveDamage {
            average: d.get(1)?.as_str().parse().ok()?,
            roll: Roll::parse(d.get(2)?.as_str())?,
            damage_type: d.get(3)?.as_str().to_string(),
            half: d.get(4).is_some(),
        })
    });
    Some(SaveEffect {
        dc,
        ability,
        damage,
    })
}

impl fmt::Display for SaveEffect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DC {} {} save", self.dc, self.ability)?;
        if let Some(d) = &self.damage {
            write!(f, ", {} ({}) {} damage", d.average, d.roll, d.damage_type)?;
            if d.half {
                write!(f, ", half on a success")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dc_ability_dice_and_half() {
        let s = parse(
            "The dragon exhales lightning in a 60-foot line. Each creature in that line must make a DC 13 Dexterity saving throw, taking 22 (4d10) lightning damage on a failed save, or half as much damage on a successful one.",
        );
        assert_eq!(
            s,
            Some(SaveEffect {
                dc: 13,
                ability: "Dexterity".into(),
                damage: Some(SaveDamage {
                    average: 22,
                    roll: Roll {
                        count: 4,
                        sides: 10,
                        bonus: 0
                    },
                    damage_type: "lightning".into(),
                    half: true,
                }),
            })
        );
        assert_eq!(
            s.map(|s| s.to_string()),
            Some("DC 13 Dexterity save, 22 (4d10) lightning damage, half on a success".into())
        );
    }

    #[test]
    fn a_save_without_damage_and_damage_without_half() {
        let s = parse("must succeed on a DC 14 Wisdom saving throw or be charmed");
        assert_eq!(
            s.map(|s| (s.dc, s.ability, s.damage)),
            Some((14, "Wisdom".into(), None))
        );
        let s = parse(
            "must make a DC 11 Constitution saving throw, taking 10 (3d6) poison damage on a failed save.",
        );
        let d = s.and_then(|s| s.damage);
        assert_eq!(
            d.map(|d| (d.roll.count, d.roll.sides, d.half)),
            Some((3, 6, false))
        );
        assert_eq!(parse("The ogre hits with a club."), None);
    }
}
