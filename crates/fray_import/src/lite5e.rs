//! The 5e SRD's creatures (Open5e's fixtures) as `lite5e` monsters (seed 002).
//!
//! Each source field is mapped deliberately; where lite5e's rules work a number out
//! differently from the SRD, lite5e's rule wins and the report says what changed:
//!
//! - **To-hit**: lite5e derives a monster's attack bonus from its stats (L5-10: ability
//!   modifier + proficiency; "the GM rolls for a monster ... using the monster's stats"), so
//!   the SRD's printed bonus is not copied; an attack whose printed bonus differs gets a note.
//! - **Damage**: lite5e adds the attack's ability modifier to its dice (L5-11); the SRD prints
//!   dice plus a bonus. The statblock's dice carry the SRD's bonus minus that modifier, so a
//!   hit deals the SRD's damage (a finesse goblin's `1d6 + 2` with STR 8 is written `1d6+3`).
//! - Multiattack, save effects, legendary actions, reactions, traits, damage types and
//!   condition immunities have no lite5e rule: each is a named part left out.

use std::collections::BTreeSet;

use fray_dice::Dice;
use fray_lite5e::statblock::{AttackBlock, AttackKind, BodyPart, CreatureBlock, L5Block, Reach};

use crate::attack_line::{self, AttackLine, Delivery};
use crate::error::ImportError;
use crate::open5e::{self, Action, Creature, Open5eFiles};
use crate::render;
use crate::report::{Entry, LeftOut, Report};
use crate::words::Roll;
use crate::{Import, multiattack, save_effect, slug};

/// The suffix an id already taken in lite5e's content gets.
pub const SUFFIX: &str = "srd";

/// The most attacks a lite5e statblock holds.
const MOST_ATTACKS: usize = 16;

/// The output folder's attribution (the SRD 5.1's CC-BY-4.0 statement, as its document record
/// asks).
pub const ATTRIBUTION: &str = "# Attribution and licence

The statblocks in this folder are adapted by Fray's importer (`fray import open5e`) from the
System Reference Document 5.1, as published in Open5e's data files
(<https://github.com/open5e/open5e-api>, `data/v2/wizards-of-the-coast/srd-2014/`; the copy
Fray read is in `vendor/open5e-srd-2014/`). They are changed to fit the `lite5e` ruleset: see
`IMPORT-REPORT.txt` for what was mapped, left out or refused.

This work includes material taken from the System Reference Document 5.1 (\"SRD 5.1\") by
Wizards of the Coast LLC and available at
<https://dnd.wizards.com/resources/systems-reference-document>. The SRD 5.1 is licensed under
the Creative Commons Attribution 4.0 International License available at
<https://creativecommons.org/licenses/by/4.0/legalcode>.

These adapted statblocks are likewise shared under CC-BY-4.0.
";

/// The mapping, once for all, as the report prints it.
pub const MAPPING: &[&str] = &[
    "id: a slug of the name; one already in lite5e's content gets `-srd`",
    "level: the number of hit dice (lite5e's monster level is its HD, L5-16), at most 20",
    "proficiency: the SRD's, else by challenge rating (CR 0-4 +2 ... CR 17+ +6); lite5e allows +6 at most",
    "abilities, AC and hit points: as printed",
    "speed: the fastest of walk, fly, swim, climb and burrow (a lite5e map has no flight or water layer), at most 120 ft",
    "darksight: darkvision, blindsight, tremorsense or truesight (L5-18); stealthy: a Stealth skill (L5-08)",
    "morale bonus (L5-16, 'based off HD'): 2 + half the HD rounded up, as lite5e's built-in monsters have it, at most 10; immune to being frightened: 10",
    "body parts (L5-14): the SRD names none; one, `a part of its body`, with no penalty",
    "attacks: read from the SRD's attack prose (Open5e's structured fields lack most damage bonuses); melee weapon -> Melee (STR), ranged weapon -> Ranged (DEX), thrown -> both, spell -> Arcane (INT) or Divine (WIS, when WIS is higher)",
    "reach: melee close; ranged 'Far' when it reaches 150 ft or more, else 'Ranged' (L5-09)",
    "to-hit: lite5e's rule (ability modifier + proficiency, L5-10), not the printed bonus; a difference is noted",
    "damage: the dice carry the SRD's bonus minus lite5e's ability modifier, so a hit deals the SRD's damage (L5-11); extra damage dice are added; damage types are dropped (lite5e has none); a two-handed alternative is a second attack",
    "shapechangers: played in the form most of their shape-limited attacks name (lite5e has no change of shape); attacks of other forms are left out",
    "uses: N per day -> N per fight; recharge -> once a fight (the recharge itself is left out)",
    "corruption (L5-25): a hit that calls for a Constitution save against poison or disease corrupts at that DC",
];

/// The lite5e statblocks of an Open5e document's creatures, and the report. `taken` holds the
/// ids lite5e's content already has.
pub fn import(files: Open5eFiles<'_>, taken: &BTreeSet<String>) -> Result<Import, ImportError> {
    let creatures = open5e::read(files)?;
    let mut taken = taken.clone();
    let mut out = Vec::new();
    let mut entries = Vec::new();
    for c in &creatures {
        match creature(c) {
            Ok((mut block, left_out, mut notes)) => {
                let (id, renamed) = slug::assign(&c.fields.name, SUFFIX, &taken);
                taken.insert(id.clone());
                notes.extend(renamed);
                block.id.clone_from(&id);
                let comment = vec![format!(
                    "{} - from the System Reference Document 5.1 (CC-BY-4.0), via Open5e `{}`; see ATTRIBUTION.",
                    c.fields.name, c.pk
                )];
                out.push(render::statblock_file(
                    &id,
                    &comment,
                    &L5Block::Monster(block),
                )?);
                entries.push(Entry::imported(&c.fields.name, id, left_out, notes));
            }
            Err((why, left_out)) => entries.push(Entry::refused(&c.fields.name, why, left_out)),
        }
    }
    Ok(Import {
        files: out,
        attribution: ATTRIBUTION.into(),
        report: Report {
            source: "Open5e SRD 5.1 (srd-2014)".into(),
            ruleset: "lite5e".into(),
            mapping: MAPPING.iter().map(|s| (*s).to_string()).collect(),
            monsters: entries,
        },
    })
}

/// A monster's statblock, parts left out and notes; or why it is refused.
type Mapped = Result<(CreatureBlock, Vec<LeftOut>, Vec<String>), (String, Vec<LeftOut>)>;

/// An ability modifier (floor((score - 10) / 2)).
fn modifier(score: u8) -> i32 {
    (i32::from(score) - 10).div_euclid(2)
}

fn within<T: TryFrom<i64>>(value: i64, lo: i64, hi: i64, what: &str) -> Result<T, String> {
    if (lo..=hi).contains(&value) {
        T::try_from(value).map_err(|_| format!("{what} {value} is outside lite5e's {lo}..{hi}"))
    } else {
        Err(format!("{what} {value} is outside lite5e's {lo}..{hi}"))
    }
}

/// The whole part of a challenge rating (`"0.125"` is 0, `"10.000"` is 10).
fn cr_whole(cr: &str) -> Option<i64> {
    cr.split('.').next()?.parse().ok()
}

/// The proficiency bonus of a challenge rating (the SRD's table).
fn proficiency_by_cr(cr: i64) -> i64 {
    match cr {
        ..=4 => 2,
        5..=8 => 3,
        9..=12 => 4,
        13..=16 => 5,
        17..=20 => 6,
        21..=24 => 7,
        25..=28 => 8,
        _ => 9,
    }
}

/// Maps one creature.
fn creature(c: &Creature) -> Mapped {
    let f = &c.fields;
    let mut notes = Vec::new();
    let mut left_out = Vec::new();
    let refuse = |why: String| (why, Vec::new());
    let ability = |v: i64, n: &str| within::<u8>(v, 1, 30, n).map_err(refuse);
    let (str_, dex, con) = (
        ability(f.ability_score_strength, "strength")?,
        ability(f.ability_score_dexterity, "dexterity")?,
        ability(f.ability_score_constitution, "constitution")?,
    );
    let (int, wis, cha) = (
        ability(f.ability_score_intelligence, "intelligence")?,
        ability(f.ability_score_wisdom, "wisdom")?,
        ability(f.ability_score_charisma, "charisma")?,
    );
    let ac = within::<u8>(f.armor_class, 1, 30, "armour class").map_err(refuse)?;
    let hp = within::<u16>(
        f.hit_points,
        1,
        i64::from(fray_lite5e::statblock::MAX_HP),
        "hit points",
    )
    .map_err(refuse)?;
    let cr = cr_whole(&f.challenge_rating).ok_or_else(|| {
        refuse(format!(
            "challenge rating `{}` is not a number",
            f.challenge_rating
        ))
    })?;
    let hd: i64 = f
        .hit_dice
        .as_deref()
        .and_then(|h| h.split(['d', 'D']).next()?.trim().parse().ok())
        .unwrap_or_else(|| {
            notes.push(format!(
                "no hit dice printed: level {} from its challenge rating",
                cr.max(1)
            ));
            cr.max(1)
        });
    let level = if hd > 20 {
        notes.push(format!("{hd} hit dice: level 20, lite5e's most"));
        20
    } else {
        u8::try_from(hd.max(1)).unwrap_or(1)
    };
    let wanted = f.proficiency_bonus.unwrap_or_else(|| proficiency_by_cr(cr));
    let proficiency = if wanted > 6 {
        notes.push(format!("proficiency +{wanted}: +6, lite5e's most"));
        6
    } else {
        u8::try_from(wanted.max(0)).unwrap_or(0)
    };
    let speed = movement(c, &mut notes);
    let sense = |r: Option<f64>| r.is_some_and(|r| r > 0.0);
    let darksight = sense(f.darkvision_range)
        || sense(f.blindsight_range)
        || sense(f.tremorsense_range)
        || sense(f.truesight_range);
    let fearless = f.condition_immunities.iter().any(|c| c == "frightened");
    let morale: i8 = if fearless {
        10
    } else {
        i8::try_from((2 + level.div_ceil(2)).min(10)).unwrap_or(10)
    };
    let mut block = CreatureBlock {
        id: String::new(),
        name: f.name.clone(),
        level,
        str: str_,
        dex,
        con,
        int,
        wis,
        cha,
        proficiency,
        ac,
        hp,
        speed,
        load: 0,
        light: None,
        darksight,
        stealthy: f.skill_bonus_stealth.is_some(),
        hidden: false,
        medic: false,
        morale,
        morale_proficient: false,
        corrupts: None,
        body_parts: vec![BodyPart {
            name: "a part of its body".into(),
            attack: 0,
            speed: 0,
        }],
        attacks: Vec::new(),
    };
    let form = chosen_form(c);
    if let Some(form) = &form {
        notes.push(format!(
            "played in its `{form}` form (lite5e has no change of shape; the form most of its attacks are limited to)"
        ));
    }
    let mut legendary = Vec::new();
    for a in &c.actions {
        match a.fields.action_type.as_str() {
            "ACTION" if a.attacks > 0 => {
                attack(a, form.as_deref(), &mut block, &mut left_out, &mut notes);
            }
            "ACTION" => left_out.push(other_action(a)),
            "LEGENDARY_ACTION" => legendary.push(a.fields.name.clone()),
            _ => left_out.push(LeftOut::new(
                "reaction",
                format!("Reaction: {}", a.fields.name),
                "lite5e plays no reaction of a monster's own",
            )),
        }
    }
    if !legendary.is_empty() {
        left_out.push(LeftOut::new(
            "legendary actions",
            format!("Legendary actions ({})", legendary.join(", ")),
            "lite5e has no legendary actions",
        ));
    }
    for t in &c.traits {
        let spells = t.name.contains("Spellcasting");
        left_out.push(LeftOut::new(
            if spells { "spellcasting" } else { "trait" },
            format!("Trait: {}", t.name),
            if spells {
                "lite5e plays a monster's spells only as attacks written for it"
            } else {
                "not a rule lite5e plays"
            },
        ));
    }
    for (kind, text) in [
        ("damage immunities", &f.damage_immunities_display),
        ("damage resistances", &f.damage_resistances_display),
        ("damage vulnerabilities", &f.damage_vulnerabilities_display),
    ] {
        if !text.trim().is_empty() {
            left_out.push(LeftOut::new(
                kind,
                format!("{}{} ({text})", kind[..1].to_uppercase(), &kind[1..]),
                "lite5e has no damage types",
            ));
        }
    }
    let conditions: Vec<&str> = f
        .condition_immunities
        .iter()
        .map(String::as_str)
        .filter(|c| *c != "frightened")
        .collect();
    if !conditions.is_empty() {
        left_out.push(LeftOut::new(
            "condition immunities",
            format!("Condition immunities ({})", conditions.join(", ")),
            "lite5e does not inflict these conditions",
        ));
    }
    if fearless {
        notes.push("immune to being frightened: morale bonus 10".into());
    }
    if block.attacks.len() > MOST_ATTACKS {
        for a in block.attacks.split_off(MOST_ATTACKS) {
            left_out.push(LeftOut::new(
                "attack",
                a.name,
                format!("lite5e holds {MOST_ATTACKS} attacks at most"),
            ));
        }
    }
    if block.attacks.is_empty() {
        return Err(("no attack lite5e can play".into(), left_out));
    }
    Ok((block, left_out, notes))
}

/// The forms a shape-limited action names (`Wolf or Hybrid Form Only` names `Wolf` and
/// `Hybrid`).
fn forms(limited: &str) -> Vec<String> {
    let t = limited.trim();
    let t = t.strip_suffix(" Only").unwrap_or(t);
    let t = t.strip_suffix(" Form").unwrap_or(t);
    t.split(" or ").map(|f| f.trim().to_string()).collect()
}

/// The form a shapechanger is played in: the one most of its shape-limited attacks name (the
/// first named on a tie); none when no attack is limited.
fn chosen_form(c: &Creature) -> Option<String> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for a in &c.actions {
        if a.attacks == 0 {
            continue;
        }
        for f in a
            .fields
            .limited_to_form
            .as_deref()
            .map(forms)
            .unwrap_or_default()
        {
            match counts.iter_mut().find(|(g, _)| *g == f) {
                Some((_, n)) => *n += 1,
                None => counts.push((f, 1)),
            }
        }
    }
    let most = counts.iter().map(|(_, n)| *n).max()?;
    counts.into_iter().find(|(_, n)| *n == most).map(|(f, _)| f)
}

/// The fastest way it moves, in feet (at most 120).
fn movement(c: &Creature, notes: &mut Vec<String>) -> u8 {
    let f = &c.fields;
    let walk = f.walk.unwrap_or(0.0);
    let mut best = ("walk", walk);
    for (how, v) in [
        ("fly", f.fly),
        ("swim", f.swim),
        ("climb", f.climb),
        ("burrow", f.burrow),
    ] {
        if let Some(v) = v
            && v > best.1
        {
            best = (how, v);
        }
    }
    if best.0 != "walk" {
        notes.push(format!(
            "speed {} ft: its {} speed, faster than its walk ({} ft)",
            best.1, best.0, walk
        ));
    }
    let feet = best.1.clamp(0.0, 120.0).round();
    // Within 0..=120 after the clamp: the conversion cannot fail.
    (0u8..=120).find(|&n| f64::from(n) >= feet).unwrap_or(120)
}

/// A non-attack action: a multiattack, a save effect or other prose; all left out.
fn other_action(a: &Action) -> LeftOut {
    let name = &a.fields.name;
    if name == "Multiattack" {
        return match multiattack::parse(&a.fields.desc) {
            Some(m) => LeftOut::new(
                "multiattack",
                "Multiattack",
                format!("{m}: lite5e plays one active action a round (L5-03)"),
            ),
            None => LeftOut::new(
                "multiattack",
                "Multiattack",
                format!("prose not understood: \"{}\"", a.fields.desc.trim()),
            ),
        };
    }
    match save_effect::parse(&a.fields.desc) {
        Some(s) => LeftOut::new(
            "save effect",
            name.clone(),
            format!("{s}: a save effect lite5e cannot play"),
        ),
        None => LeftOut::new(
            "other action",
            name.clone(),
            "not an attack lite5e can play",
        ),
    }
}

/// Adds the lite5e attacks of an attack action.
fn attack(
    a: &Action,
    form: Option<&str>,
    block: &mut CreatureBlock,
    left_out: &mut Vec<LeftOut>,
    notes: &mut Vec<String>,
) {
    let name = a.fields.name.clone();
    if let (Some(limited), Some(form)) = (&a.fields.limited_to_form, form)
        && !forms(limited).iter().any(|f| f == form)
    {
        left_out.push(LeftOut::new(
            "shape-limited attack",
            name,
            format!("{limited}: it is played in its `{form}` form"),
        ));
        return;
    }
    let Some(line) = attack_line::parse(&a.fields.desc) else {
        left_out.push(LeftOut::new(
            "attack prose",
            name,
            format!("attack prose not understood: \"{}\"", a.fields.desc.trim()),
        ));
        return;
    };
    let uses = match (a.fields.uses_type.as_deref(), a.fields.uses_param) {
        (Some("PER_DAY"), Some(n)) => u8::try_from(n.clamp(1, 255)).unwrap_or(1),
        (Some("RECHARGE_ON_ROLL"), p) => {
            left_out.push(LeftOut::new(
                "recharge",
                format!("Recharge of {name}"),
                format!(
                    "recharge {}: lite5e has no recharge; {name} is used once a fight",
                    p.map_or("roll".to_string(), |p| format!("{p}-6"))
                ),
            ));
            1
        }
        _ => 0,
    };
    let spell_kind = if block.wis > block.int {
        AttackKind::Divine
    } else {
        AttackKind::Arcane
    };
    let far = if line.farthest >= 150 {
        Reach::Far
    } else {
        Reach::Ranged
    };
    let ways: Vec<(String, AttackKind, Reach, Roll)> = match (line.delivery, line.spell) {
        (Delivery::Melee, false) => {
            vec![(name.clone(), AttackKind::Melee, Reach::Close, line.damage)]
        }
        (Delivery::Ranged, false) => vec![(name.clone(), AttackKind::Ranged, far, line.damage)],
        (Delivery::MeleeOrRanged, false) => vec![
            (name.clone(), AttackKind::Melee, Reach::Close, line.damage),
            (
                format!("{name} (thrown)"),
                AttackKind::Ranged,
                far,
                line.damage,
            ),
        ],
        (Delivery::Melee, true) => vec![(name.clone(), spell_kind, Reach::Close, line.damage)],
        (_, true) => vec![(name.clone(), spell_kind, far, line.damage)],
    };
    let mut ways = ways;
    if let Some(two) = line.versatile {
        ways.push((
            format!("{name} (two hands)"),
            AttackKind::Melee,
            Reach::Close,
            two,
        ));
    }
    for (attack_name, kind, reach, roll) in ways {
        match one_attack(block, &line, &attack_name, kind, roll, notes) {
            Ok(damage) => block.attacks.push(AttackBlock {
                name: attack_name,
                kind,
                damage,
                reach,
                proficient: true,
                heal: false,
                quick: false,
                uses,
            }),
            Err(why) => left_out.push(LeftOut::new("attack damage", attack_name, why)),
        }
    }
    if let Some(alt) = &line.alternative {
        left_out.push(LeftOut::new(
            "alternative damage",
            format!("{name}: {alt}"),
            "lite5e plays the attack's first damage",
        ));
    }
    if !line.rider.is_empty() {
        let why = match save_effect::parse(&line.rider) {
            Some(s) => {
                let corrupting = s.ability == "Constitution"
                    && (line.rider.contains("poison") || line.rider.contains("disease"));
                if corrupting {
                    block.corrupts = Some(block.corrupts.map_or(s.dc, |d| d.max(s.dc)));
                    notes.push(format!(
                        "{name}: its DC {} Constitution save against poison or disease corrupts (L5-25)",
                        s.dc
                    ));
                }
                format!("{s}: a save effect lite5e cannot play in the fight")
            }
            None => format!("\"{}\": not a rule lite5e plays", line.rider),
        };
        left_out.push(LeftOut::new(
            "on-hit effect",
            format!("{name}: what a hit also does"),
            why,
        ));
    }
}

/// The dice of one lite5e attack, with a note when lite5e's to-hit differs from the printed
/// one; or why the damage cannot be written.
fn one_attack(
    block: &CreatureBlock,
    line: &AttackLine,
    name: &str,
    kind: AttackKind,
    roll: Roll,
    notes: &mut Vec<String>,
) -> Result<Dice, String> {
    let (score, ability) = match kind {
        AttackKind::Melee => (block.str, "STR"),
        AttackKind::Ranged => (block.dex, "DEX"),
        AttackKind::Arcane => (block.int, "INT"),
        AttackKind::Divine => (block.wis, "WIS"),
    };
    let m = modifier(score);
    let derived = m + i32::from(block.proficiency);
    if derived != line.to_hit {
        notes.push(format!(
            "{name}: to-hit {:+} by lite5e's rule ({ability} {m:+}, proficiency +{}), {:+} in the SRD",
            derived, block.proficiency, line.to_hit
        ));
    }
    let extra = line.extra.as_ref().map(|(r, _)| *r);
    let dice_count = roll
        .count
        .checked_add(extra.map_or(0, |e| e.count))
        .ok_or("too many dice")?;
    let printed = roll
        .bonus
        .checked_add(extra.map_or(0, |e| e.bonus))
        .ok_or("damage bonus out of range")?;
    let mut flat = printed.checked_sub(m).ok_or("damage bonus out of range")?;
    // lite5e refuses dice that can roll below 0: the flat part can take away at most one point
    // per die (each die rolls at least 1).
    let least = -i32::try_from(dice_count).map_err(|_| "too many dice")?;
    if flat < least {
        notes.push(format!(
            "{name}: {} in the SRD; with lite5e's {ability} {m:+} the dice are {}",
            show(roll, extra),
            least
        ));
        flat = least;
    }
    let mut parts: Vec<String> = [roll.dice(), extra.and_then(|e| e.dice())]
        .into_iter()
        .flatten()
        .collect();
    if flat != 0 || parts.is_empty() {
        parts.push(flat.to_string());
    }
    let text = parts.join("+").replace("+-", "-");
    let dice = Dice::parse(&text).map_err(|e| format!("damage `{text}`: {e}"))?;
    if dice.max() <= 0 {
        return Err(format!(
            "{} damage in the SRD; lite5e adds {ability} {m:+}, and dice that never roll above 0 never hurt",
            show(roll, extra)
        ));
    }
    if dice.max() > 200 {
        return Err(format!("damage `{text}` can pass 200, lite5e's most"));
    }
    Ok(dice)
}

/// A hit's damage as the SRD prints it.
fn show(roll: Roll, extra: Option<Roll>) -> String {
    match extra {
        Some(e) => format!("{roll} plus {e}"),
        None => roll.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modifiers_round_down() {
        assert_eq!(modifier(8), -1);
        assert_eq!(modifier(10), 0);
        assert_eq!(modifier(15), 2);
        assert_eq!(modifier(1), -5);
    }

    #[test]
    fn proficiency_follows_the_challenge_rating() {
        assert_eq!(cr_whole("0.125"), Some(0));
        assert_eq!(proficiency_by_cr(0), 2);
        assert_eq!(proficiency_by_cr(10), 4);
        assert_eq!(proficiency_by_cr(30), 9);
    }
}
