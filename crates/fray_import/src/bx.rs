//! The Basic Fantasy RPG bestiary as `bx` monsters (seed 004).
//!
//! BFRPG is a B/X-compatible game with ascending armour class; each field is mapped
//! deliberately, and where B/X's rules work a number out differently from BFRPG's printed one,
//! B/X's rule wins and the report says so:
//!
//! - **Armour class**: descending = 20 - ascending ([`crate::bfrpg_fields::descending_ac`]).
//! - **Attack bonus**: B/X looks it up on the attack matrix by hit dice (BX-22); BFRPG's
//!   printed bonus is not copied, and a difference is noted.
//! - **Saves**: by hit dice on B/X's monster table (BX-26); BFRPG's "save as Fighter: N" is
//!   noted where N is not the hit dice.

use std::collections::{BTreeMap, BTreeSet};

use fray_bx::statblock::{
    Affliction, Area, BxBlock, MonsterAttack, MonsterBlock, OnHit, SpecialBlock,
};
use fray_bx::tables::{HitDice, SaveCategory};
use fray_dice::Dice;

use crate::bfrpg::{self, Record};
use crate::bfrpg_attacks::{self as attacks, DamageText};
use crate::bfrpg_fields as fields;
use crate::error::ImportError;
use crate::render;
use crate::report::{Entry, LeftOut, Report};
use crate::{Import, slug};

/// The suffix an id already taken in bx's content gets.
pub const SUFFIX: &str = "bfrpg";

/// The output folder's attribution and licence (CC BY-SA 4.0: an adaptation of BFRPG's text
/// is shared alike).
pub const ATTRIBUTION: &str = "# Attribution and licence

The statblocks in this folder are adapted by Fray's importer (`fray import bfrpg`) from the
Basic Fantasy Role-Playing Game bestiary by Chris Gonnerman and the Basic Fantasy RPG
contributors (<https://www.basicfantasy.org/>), as published in `monsterdata.json` of
<https://github.com/Solomoriah/BFRPG-Bestiary> (the copy Fray read is in
`vendor/bfrpg-bestiary/`). They are changed to fit the `bx` ruleset (armour class made
descending, attack bonus and saves by hit dice, movement per turn...): see `IMPORT-REPORT.txt`
for what was mapped, left out or refused.

The bestiary's text is licensed under the Creative Commons Attribution-ShareAlike 4.0
International License, <https://creativecommons.org/licenses/by-sa/4.0/legalcode>. These adapted
statblocks are an adaptation of it and are licensed under the same licence, CC BY-SA 4.0.
";

/// The mapping, once for all, as the report prints it.
pub const MAPPING: &[&str] = &[
    "id: a slug of the name (a name the bestiary gives several statblocks adds their hit dice); one already in bx's content gets `-bfrpg`",
    "name: as printed, without BFRPG's `*` (a mark for special abilities' XP)",
    "hit dice: as printed, without the `*` marks and the `(+N)` attack bonus; `1 Hit Point` / `1d2 hit points` is 1/2 HD with 1 hp",
    "hit points: not given, so bx's average of the hit dice",
    "intelligent (parley, surrender, subdual): BFRPG gives no intelligence; bx's default, yes, is kept",
    "armour class: descending = 20 - ascending (BFRPG unarmoured 11 / leather 13 / chain 15 / plate 17 are B/X's 9 / 7 / 5 / 3, and BFRPG's +1 of a 1 HD monster hits as B/X's THAC0 19); the figure in brackets (without armour) is not used; (m) magic weapons only, (s) silver or magic",
    "attack bonus: B/X's attack matrix by hit dice (BX-22), not BFRPG's printed bonus; a difference is noted",
    "saves: by hit dice on B/X's monster table (BX-26); a 'save as' level other than the hit dice is noted",
    "movement: BFRPG's feet per round x 3 = B/X's rate per turn (BX-02), the fastest way it moves (a map has no flight or water layer); an `Unarmored` rate goes with the AC without armour and is not used",
    "morale: the first figure; a second, situational one is left out",
    "attacks: each kind of attack a round, repeated by its count, with its damage dice; `by weapon` is 1d6 (BX-23); `+ poison` and `+ paralysis` are B/X's on-hit poison and paralysis; of alternatives (`1 bite or 1 weapon`) the first is played",
    "specials: a breath with damage dice is a special attack (every enemy in a region, save versus breath, half damage, once a fight); a petrifying gaze is a special (one creature, save versus paralysis or turn to stone, once a fight)",
    "not mapped (no part in a fight): number appearing, treasure, XP",
];

/// The bx statblocks of the bestiary's monsters, and the report. `taken` holds the ids bx's
/// content already has.
pub fn import(bytes: &[u8], taken: &BTreeSet<String>) -> Result<Import, ImportError> {
    let records = bfrpg::read(bytes)?;
    let mut names: BTreeMap<String, usize> = BTreeMap::new();
    for r in &records {
        *names.entry(display_name(&r.name)).or_default() += 1;
    }
    let mut taken = taken.clone();
    let mut out = Vec::new();
    let mut entries = Vec::new();
    for r in &records {
        let name = display_name(&r.name);
        match monster(r) {
            Ok((mut block, left_out, mut notes)) => {
                let id_name = if names.get(&name).copied().unwrap_or(0) > 1 {
                    format!("{name} {} HD", block.hd)
                } else {
                    name.clone()
                };
                let (id, renamed) = slug::assign(&id_name.replace("1/2", "half"), SUFFIX, &taken);
                taken.insert(id.clone());
                notes.extend(renamed);
                block.id.clone_from(&id);
                let comment = vec![format!(
                    "{} - adapted from the Basic Fantasy RPG bestiary (CC BY-SA 4.0); see ATTRIBUTION.",
                    r.name
                )];
                out.push(render::statblock_file(
                    &id,
                    &comment,
                    &BxBlock::Monster(block),
                )?);
                entries.push(Entry::imported(&r.name, id, left_out, notes));
            }
            Err((why, left_out)) => entries.push(Entry::refused(&r.name, why, left_out)),
        }
    }
    Ok(Import {
        files: out,
        attribution: ATTRIBUTION.into(),
        report: Report {
            source: "Basic Fantasy RPG bestiary".into(),
            ruleset: "bx".into(),
            mapping: MAPPING.iter().map(|s| (*s).to_string()).collect(),
            monsters: entries,
        },
    })
}

/// The name without BFRPG's `*` marks.
fn display_name(name: &str) -> String {
    name.replace('*', "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A monster's statblock, parts left out and notes; or why it is refused.
type Mapped = Result<(MonsterBlock, Vec<LeftOut>, Vec<String>), (String, Vec<LeftOut>)>;

/// Maps one record.
fn monster(r: &Record) -> Mapped {
    let mut notes = Vec::new();
    let mut left_out = Vec::new();
    let hd_text = fields::hit_dice(&r.hitdice).ok_or_else(|| {
        (
            format!("hit dice `{}` not understood", r.hitdice),
            Vec::new(),
        )
    })?;
    let hd = HitDice::parse(&hd_text.hd).map_err(|e| (e, Vec::new()))?;
    let ac = fields::armour_class(&r.armorclass).ok_or_else(|| {
        (
            format!("armour class `{}`: no number bx can play", r.armorclass),
            Vec::new(),
        )
    })?;
    let descending = fields::descending_ac(ac.ascending)
        .filter(|d| (-20..=20).contains(d))
        .ok_or_else(|| {
            (
                format!("armour class {} is out of range", ac.ascending),
                Vec::new(),
            )
        })?;
    if !ac.rest.is_empty() {
        let bracketed_number = ac
            .rest
            .strip_prefix('(')
            .and_then(|s| s.strip_suffix(')'))
            .is_some_and(|s| s.chars().all(|c| c.is_ascii_digit()));
        if bracketed_number {
            notes.push(format!(
                "armour class {}: the first figure is played (the second is without armour or shield)",
                r.armorclass
            ));
        } else {
            left_out.push(LeftOut::new(
                "armour class special",
                format!("Armour class {}", r.armorclass),
                format!("`{}` is not a rule bx plays", ac.rest),
            ));
        }
    }
    let movement = match fields::movement(&r.movement) {
        Some((rate, how)) => {
            if how != "walk" {
                notes.push(format!("move {rate}: its {how} rate ({})", r.movement));
            }
            rate
        }
        None => {
            notes.push(format!("movement `{}` not understood: move 0", r.movement));
            0
        }
    };
    let morale = match fields::morale(&r.morale) {
        Some((m, rest)) => {
            if !rest.is_empty() {
                left_out.push(LeftOut::new(
                    "situational morale",
                    format!("Morale {}", r.morale),
                    format!("bx keeps one morale score: {}", m.clamp(2, 12)),
                ));
            }
            Some(m.clamp(2, 12))
        }
        None => {
            notes.push(format!("morale `{}`: it never checks morale", r.morale));
            None
        }
    };
    let bx_bonus = 20 - hd.thac0();
    if i64::from(bx_bonus) != r.attackbonus {
        notes.push(format!(
            "attack bonus +{} in BFRPG; B/X's attack matrix for HD {} gives +{bx_bonus} (BX-22)",
            r.attackbonus, hd_text.hd
        ));
    }
    let save_level: Option<u32> = r
        .saveas
        .split(':')
        .nth(1)
        .and_then(|s| s.split_whitespace().next()?.parse().ok());
    if save_level != Some(u32::from(hd.level())) && !r.saveas.trim().is_empty() {
        notes.push(format!(
            "saves as {} in BFRPG; bx saves by its hit dice (BX-26)",
            r.saveas.trim()
        ));
    }
    let (attacks, specials) = routine(r, &mut left_out, &mut notes);
    let block = MonsterBlock {
        id: String::new(),
        name: display_name(&r.name),
        hd: hd_text.hd,
        hp: hd_text.hp,
        ac: descending,
        movement,
        morale,
        save_as: None,
        attacks,
        intelligent: true,
        invulnerable: ac.invulnerable,
        specials,
        spells: Vec::new(),
    };
    if block.attacks.is_empty() && block.specials.is_empty() {
        return Err(("no attack bx can play".into(), left_out));
    }
    Ok((block, left_out, notes))
}

/// The attacks and specials of a record's routine.
fn routine(
    r: &Record,
    left_out: &mut Vec<LeftOut>,
    notes: &mut Vec<String>,
) -> (Vec<MonsterAttack>, Vec<SpecialBlock>) {
    let mut damage_groups = attacks::damages(&r.damage);
    let mut all_rider = None;
    damage_groups.retain(
        |(first, _)| match first.to_ascii_lowercase().strip_prefix("all plus ") {
            Some(rider) => {
                all_rider = Some(rider.trim().to_string());
                false
            }
            None => true,
        },
    );
    let raw: Vec<String> = damage_groups
        .iter()
        .flat_map(|(f, alts)| std::iter::once(f.clone()).chain(alts.iter().cloned()))
        .collect();
    let parsed: Vec<Option<DamageText>> = damage_groups
        .iter()
        .map(|(f, _)| attacks::damage(f))
        .collect();
    let groups: Vec<String> = match &r.noattacks {
        Some(n) if !n.trim().eq_ignore_ascii_case("none") => attacks::routines(n),
        _ => damage_groups.iter().map(|_| "1".to_string()).collect(),
    };
    let mut out = Vec::new();
    let mut specials = Vec::new();
    for (i, group) in groups.iter().enumerate() {
        let (first, alts) = attacks::alternatives(group);
        for alt in &alts {
            if let Some(s) = special(alt, &raw) {
                specials.push(s);
            } else {
                left_out.push(LeftOut::new(
                    "alternative attack",
                    format!("or {alt}"),
                    format!("bx plays the first of a monster's alternatives ({first})"),
                ));
            }
        }
        let Some(rt) = attacks::routine(&first) else {
            left_out.push(LeftOut::new(
                "attack prose",
                first.clone(),
                "not a regular attack (count and name)",
            ));
            continue;
        };
        if rt.name.contains("gaze") || rt.name.contains("breath") {
            match special(&first, &raw) {
                Some(s) => specials.push(s),
                None => left_out.push(LeftOut::new(
                    "special attack",
                    first.clone(),
                    "no damage dice or affliction bx can play",
                )),
            }
            continue;
        }
        let by_name = parsed.iter().flatten().find(|d| {
            !d.name.is_empty()
                && (d.name == rt.name || d.name.contains(&rt.name) || rt.name.contains(&d.name))
        });
        let positional = if parsed.len() == groups.len() {
            parsed.get(i).and_then(Option::as_ref)
        } else if parsed.len() == 1 {
            parsed.first().and_then(Option::as_ref)
        } else {
            None
        };
        let Some(d) = by_name.or(positional) else {
            left_out.push(LeftOut::new(
                "attack damage",
                first.clone(),
                format!("its damage in `{}` not understood", r.damage),
            ));
            continue;
        };
        let dice = match (&d.dice, d.by_weapon) {
            (Some(dice), _) => dice.clone(),
            (None, true) => {
                notes.push(format!("{}: `by weapon` is 1d6 (BX-23)", rt.name));
                "1d6".into()
            }
            (None, false) => {
                left_out.push(LeftOut::new(
                    "attack damage",
                    first.clone(),
                    format!("`{}` gives it no damage dice", r.damage),
                ));
                continue;
            }
        };
        if Dice::parse(&dice).map(|d| d.max() <= 0).unwrap_or(true) {
            left_out.push(LeftOut::new(
                "attack damage",
                first.clone(),
                format!("damage `{dice}` is not dice bx can roll"),
            ));
            continue;
        }
        let mut on_hit = None;
        for rider in [rt.rider.as_ref(), d.rider.as_ref(), all_rider.as_ref()]
            .into_iter()
            .flatten()
        {
            match rider.as_str() {
                "poison" => on_hit = Some(OnHit::Poison),
                "paralysis" => on_hit = Some(OnHit::Paralysis),
                other => left_out.push(LeftOut::new(
                    "on-hit effect",
                    format!("{} + {other}", rt.name),
                    "not a rule bx plays",
                )),
            }
        }
        if group.contains(" to ") {
            notes.push(format!("`{group}`: {} a round", rt.count));
        }
        for _ in 0..rt.count {
            out.push(MonsterAttack {
                name: rt.name.clone(),
                damage: dice.clone(),
                ranges: None,
                on_hit,
                magic: false,
            });
        }
    }
    (out, specials)
}

/// A breath with damage dice, or a petrifying gaze, as a special attack.
fn special(alt: &str, raw: &[String]) -> Option<SpecialBlock> {
    let lower = alt.to_ascii_lowercase();
    if lower.contains("breath") {
        let dice = raw.iter().find_map(|d| {
            let d = d.to_ascii_lowercase();
            if !d.contains("breath") {
                return None;
            }
            let dice = d.split_whitespace().next()?.to_string();
            Dice::parse(&dice)
                .ok()
                .filter(|x| x.max() > 0)
                .map(|_| dice)
        })?;
        return Some(SpecialBlock {
            name: "breath".into(),
            area: Area::Region,
            save: SaveCategory::Breath,
            damage: Some(dice),
            inflicts: None,
            uses: 1,
            range: 60,
        });
    }
    let petrifies = raw
        .iter()
        .any(|d| d.to_ascii_lowercase().contains("petrif"));
    (lower.contains("gaze") && petrifies).then(|| SpecialBlock {
        name: "petrifying gaze".into(),
        area: Area::One,
        save: SaveCategory::Paralysis,
        damage: None,
        inflicts: Some(Affliction::Petrification),
        uses: 1,
        range: 30,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(noattacks: &str, damage: &str) -> Record {
        Record {
            name: "Test*".into(),
            armorclass: "15 (m)".into(),
            attackbonus: 4,
            damage: damage.into(),
            hitdice: "4**".into(),
            morale: "9".into(),
            movement: "40'".into(),
            noattacks: Some(noattacks.into()),
            saveas: "Fighter: 4".into(),
        }
    }

    #[test]
    fn a_bear_hugs_nobody_in_bx() {
        let Ok((m, left, _)) = monster(&record(
            "2 claws, 1 bite + hug",
            "1d8 claw, 2d6 bite, 2d8 hug",
        )) else {
            panic!("refused");
        };
        let names: Vec<(&str, &str)> = m
            .attacks
            .iter()
            .map(|a| (a.name.as_str(), a.damage.as_str()))
            .collect();
        assert_eq!(
            names,
            vec![("claw", "1d8"), ("claw", "1d8"), ("bite", "2d6")]
        );
        assert_eq!(m.ac, 5);
        assert_eq!(m.movement, 120);
        assert_eq!(
            m.invulnerable,
            Some(fray_bx::statblock::Invulnerability::Magic)
        );
        assert!(left.iter().any(|l| l.part == "bite + hug"));
    }

    #[test]
    fn poison_breath_and_alternatives() {
        let Ok((m, left, _)) = monster(&record("1 bite or 1 breath", "1d6 bite, 4d6 breath"))
        else {
            panic!("refused");
        };
        assert_eq!(m.attacks.len(), 1);
        assert_eq!(
            m.specials.first().and_then(|s| s.damage.clone()),
            Some("4d6".into())
        );
        assert!(left.is_empty());
        let Ok((m, _, _)) = monster(&record("1 sting", "1d4 + poison sting")) else {
            panic!("refused");
        };
        assert_eq!(
            m.attacks.first().and_then(|a| a.on_hit),
            Some(OnHit::Poison)
        );
        assert!(monster(&record("1 touch", "Rust, see below")).is_err());
    }
}
