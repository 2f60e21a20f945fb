//! The attack line of a 5e statblock: "Melee Weapon Attack: +4 to hit, reach 5 ft., one target.
//! Hit: 5 (1d6 + 2) slashing damage plus 3 (1d6) fire damage." The SRD's own text: Open5e's
//! structured attack fields leave out damage bonuses and extra dice on many attacks (the
//! aboleth's tail is `3d6` there and `3d6 + 5` in its prose), so the prose is what is read.

use std::sync::LazyLock;

use regex::Regex;

use crate::words::Roll;

/// How an attack is delivered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// In melee only.
    Melee,
    /// At range only.
    Ranged,
    /// Either (a thrown weapon).
    MeleeOrRanged,
}

/// One attack line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttackLine {
    /// Melee, ranged or both.
    pub delivery: Delivery,
    /// A spell attack, not a weapon's.
    pub spell: bool,
    /// The printed bonus to hit.
    pub to_hit: i32,
    /// The farthest it reaches, in feet (the long range of a ranged attack).
    pub farthest: u32,
    /// The damage of a hit.
    pub damage: Roll,
    /// Its damage type.
    pub damage_type: String,
    /// Damage a hit adds ("plus 4 (1d8) acid damage").
    pub extra: Option<(Roll, String)>,
    /// The two-handed alternative ("or 7 (1d8 + 3) slashing damage if used with two hands").
    pub versatile: Option<Roll>,
    /// Another alternative, with its condition in the prose's words ("or 6 (1d8 + 2)
    /// bludgeoning damage with shillelagh").
    pub alternative: Option<String>,
    /// What the hit also does, in the prose's words (empty when nothing).
    pub rider: String,
}

static HEAD: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"(?s)^(Melee or Ranged|Melee|Ranged) (Weapon|Spell) Attack: ([+-]) ?(\d+) to hit(?: \([^)]*\))?, (.*?)\. *Hit: *(.*)$").ok()
});
static REACH: LazyLock<Option<Regex>> = LazyLock::new(|| Regex::new(r"reach (\d+) ?ft").ok());
static RANGE: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"range (\d+)(?:/(\d+))? ?ft").ok());
const ROLL: &str = r"(\d+)(?: \((\d+d\d+(?: ?[+-] ?\d+)?)\))? ([a-z]+) damage";
static FIRST: LazyLock<Option<Regex>> = LazyLock::new(|| Regex::new(&format!("^{ROLL}")).ok());
static PLUS: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(&format!("^,? plus {ROLL}")).ok());
static VERSATILE: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(&format!(
        r"^,? or {ROLL} if used with two hands(?: to make a melee attack)?"
    ))
    .ok()
});
static OTHERWISE: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(&format!(r"^,? or {ROLL}[^.]*")).ok());

/// The roll of a damage clause's captures: the dice when printed, else the flat average.
fn roll_of(caps: &regex::Captures<'_>) -> Option<(Roll, String)> {
    let roll = match caps.get(2) {
        Some(dice) => Roll::parse(dice.as_str())?,
        None => Roll::parse(caps.get(1)?.as_str())?,
    };
    Some((roll, caps.get(3)?.as_str().to_string()))
}

/// Reads an attack line; `None` when the prose is not the regular form.
pub fn parse(desc: &str) -> Option<AttackLine> {
    let caps = HEAD.as_ref()?.captures(desc.trim())?;
    let delivery = match caps.get(1)?.as_str() {
        "Melee" => Delivery::Melee,
        "Ranged" => Delivery::Ranged,
        _ => Delivery::MeleeOrRanged,
    };
    let spell = caps.get(2)?.as_str() == "Spell";
    let magnitude: i32 = caps.get(4)?.as_str().parse().ok()?;
    let to_hit = if caps.get(3)?.as_str() == "-" {
        magnitude.checked_neg()?
    } else {
        magnitude
    };
    let reach_text = caps.get(5)?.as_str();
    let reach = REACH
        .as_ref()
        .and_then(|re| re.captures(reach_text))
        .and_then(|c| c.get(1)?.as_str().parse::<u32>().ok());
    let range = RANGE
        .as_ref()
        .and_then(|re| re.captures(reach_text))
        .and_then(|c| {
            let normal: u32 = c.get(1)?.as_str().parse().ok()?;
            Some(match c.get(2) {
                Some(long) => long.as_str().parse().ok()?,
                None => normal,
            })
        });
    let farthest = range.or(reach).unwrap_or(5);
    let mut hit = caps.get(6)?.as_str().trim();
    let first = FIRST.as_ref()?.captures(hit)?;
    let (damage, damage_type) = roll_of(&first)?;
    hit = &hit[first.get(0)?.end()..];
    let mut versatile = None;
    if let Some(v) = VERSATILE.as_ref().and_then(|re| re.captures(hit)) {
        versatile = roll_of(&v).map(|(r, _)| r);
        hit = &hit[v.get(0)?.end()..];
    }
    let mut alternative = None;
    if let Some(o) = OTHERWISE.as_ref().and_then(|re| re.captures(hit)) {
        let whole = o.get(0)?;
        alternative = Some(whole.as_str().trim_start_matches([',', ' ']).to_string());
        hit = &hit[whole.end()..];
    }
    let mut extra = None;
    if let Some(p) = PLUS.as_ref().and_then(|re| re.captures(hit)) {
        extra = roll_of(&p);
        hit = &hit[p.get(0)?.end()..];
    }
    let rider = hit.trim_start_matches(['.', ',', ' ']).trim().to_string();
    Some(AttackLine {
        delivery,
        spell,
        to_hit,
        farthest,
        damage,
        damage_type,
        extra,
        versatile,
        alternative,
        rider,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_melee_attack_with_extra_damage() {
        let a = parse(
            "Melee Weapon Attack: +11 to hit, reach 10 ft., one target. Hit: 17 (2d10 + 6) piercing damage plus 4 (1d8) acid damage.",
        );
        let a = a.as_ref();
        assert_eq!(
            a.map(|a| (a.delivery, a.to_hit, a.farthest)),
            Some((Delivery::Melee, 11, 10))
        );
        assert_eq!(
            a.map(|a| a.damage),
            Some(Roll {
                count: 2,
                sides: 10,
                bonus: 6
            })
        );
        assert_eq!(
            a.and_then(|a| a.extra.clone()),
            Some((
                Roll {
                    count: 1,
                    sides: 8,
                    bonus: 0
                },
                "acid".into()
            ))
        );
        assert_eq!(a.map(|a| a.rider.as_str()), Some(""));
    }

    #[test]
    fn a_thrown_weapon_a_flat_hit_and_a_rider() {
        let a = parse(
            "Melee or Ranged Weapon Attack: +4 to hit, reach 5 ft. or range 20/60 ft., one target. Hit: 5 (1d6 + 2) piercing damage, or 6 (1d8 + 2) piercing damage if used with two hands to make a melee attack.",
        );
        assert_eq!(
            a.as_ref().map(|a| (a.delivery, a.farthest)),
            Some((Delivery::MeleeOrRanged, 60))
        );
        assert_eq!(
            a.and_then(|a| a.versatile),
            Some(Roll {
                count: 1,
                sides: 8,
                bonus: 2
            })
        );
        let a = parse(
            "Melee Weapon Attack: +0 to hit, reach 5 ft., one creature. Hit: 1 piercing damage.",
        );
        assert_eq!(
            a.map(|a| a.damage),
            Some(Roll {
                count: 0,
                sides: 0,
                bonus: 1
            })
        );
        let a = parse(
            "Melee Weapon Attack: +5 to hit, reach 5 ft., one target. Hit: 6 (1d8 + 2) piercing damage, and the target must succeed on a DC 12 Constitution saving throw or be poisoned for 1 minute.",
        );
        assert!(a.is_some_and(|a| {
            a.rider
                .starts_with("and the target must succeed on a DC 12")
        }));
        assert_eq!(parse("The aboleth makes three tentacle attacks."), None);
        let a = parse(
            "Melee Weapon Attack: +2 to hit (+4 to hit with shillelagh), reach 5 ft., one target. Hit: 3 (1d6) bludgeoning damage, or 6 (1d8 + 2) bludgeoning damage with shillelagh or if wielded with two hands.",
        );
        assert_eq!(
            a.as_ref()
                .map(|a| (a.to_hit, a.damage.count, a.rider.as_str())),
            Some((2, 1, ""))
        );
        assert!(
            a.and_then(|a| a.alternative)
                .is_some_and(|t| t.ends_with("with shillelagh or if wielded with two hands"))
        );
    }
}
