//! Fights written on the command line instead of in an encounter file:
//! `fray batch "fighter-3, cleric-2 vs 6 cave-goblin, goblin-boss"`.
//!
//! The text is sides separated by `vs`; a side is statblock ids separated by commas, each
//! with an optional count before it (`6 cave-goblin`, `6x cave-goblin`) and the side with an
//! optional name before a colon (`Party: fighter-3, cleric-2`). A side without a name is
//! named after its first statblock. The ruleset is `--ruleset`'s, else the one ruleset whose
//! statblocks every id names (an id may carry its ruleset: `bx:cleric-1`). The fight is
//! played on the built-in `near-far` map, the first side in `near` and the others in `far`,
//! every side played by the tactical AI unless `--ai` says otherwise.

use std::collections::BTreeSet;

use fray_content::db::ContentDb;
use fray_content::encounter::{
    CombatantSpec, ControllerSpec, EncounterOptions, EncounterSpec, MapRef, SideSpec,
};
use fray_content::schema::StatblockSummary;
use fray_content::suggest::help_for;

use crate::CliEngine;

/// The id an ad-hoc fight is played under (in logs, reports and `--ai`'s hints).
pub const ID: &str = "ad-hoc";

/// The map an ad-hoc fight is played on (built in, for every ruleset).
const MAP: &str = "near-far";

/// Whether `what` (an encounter argument) is an ad-hoc fight (`A vs B`) rather than an
/// encounter id or file.
pub fn is_ad_hoc(what: &str) -> bool {
    sides_of(what).len() > 1
}

/// The text of each side: `what` split at each `vs` standing as a word of its own.
fn sides_of(what: &str) -> Vec<String> {
    let mut sides = vec![String::new()];
    for word in what.split_whitespace() {
        if word.eq_ignore_ascii_case("vs") || word.eq_ignore_ascii_case("vs.") {
            sides.push(String::new());
        } else if let Some(current) = sides.last_mut() {
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
    }
    sides
}

/// One entry of a side as written: how many, of which statblock, and the ruleset it names.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    count: u16,
    ruleset: Option<String>,
    id: String,
}

/// A side as written: its name, if given, and its entries.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Side {
    name: Option<String>,
    entries: Vec<Entry>,
}

/// Reads one side's text (`Party: 2 fighter-3, cleric-2`).
fn parse_side(text: &str, cli: &CliEngine) -> Result<Side, String> {
    // A name ends at a colon followed by a space (`bx:cleric-1` is an id with its ruleset).
    let (name, list) = match text.split_once(": ") {
        Some((name, list)) if !name.contains(',') => (Some(name.trim().to_string()), list),
        _ => (None, text),
    };
    if let Some(name) = &name
        && let Some(problem) = fray_content::naming::name_problem("side", name)
    {
        return Err(problem);
    }
    let entries = list
        .split(',')
        .map(|entry| parse_entry(entry.trim(), cli))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Side { name, entries })
}

/// Reads one entry (`6 cave-goblin`, `6x cave-goblin`, `bx:cleric-1`).
fn parse_entry(text: &str, cli: &CliEngine) -> Result<Entry, String> {
    if text.is_empty() {
        return Err("a side lists nothing between two commas, or nothing at all".to_string());
    }
    let (count, id) = match text.split_once(' ') {
        Some((n, id)) if n.trim_end_matches(['x', 'X']).parse::<u64>().is_ok() => {
            (Some(n.trim_end_matches(['x', 'X'])), id.trim())
        }
        _ => match text.find(['x', 'X']) {
            Some(at) if at > 0 && text[..at].bytes().all(|b| b.is_ascii_digit()) => {
                (Some(&text[..at]), text[at + 1..].trim())
            }
            _ => (None, text),
        },
    };
    let count = match count {
        None => 1,
        Some(n) => match n.parse::<u16>() {
            Ok(n) if n >= 1 => n,
            _ => {
                return Err(format!(
                    "`{text}`: a count is a whole number from 1 to {}",
                    fray_content::encounter::MAX_COMBATANTS
                ));
            }
        },
    };
    if id.is_empty() {
        return Err(format!(
            "`{text}`: a count needs a statblock id after it (`6 cave-goblin`)"
        ));
    }
    if id.contains(char::is_whitespace) {
        return Err(format!(
            "`{text}`: expected a statblock id, with a count before it if more than one (`6 cave-goblin`); separate entries with commas"
        ));
    }
    let (ruleset, id) = match id.split_once(':') {
        Some((ruleset, id)) => {
            if !cli.loader.ruleset_ids().any(|r| r == ruleset) {
                let known: Vec<&str> = cli.loader.ruleset_ids().collect();
                return Err(format!(
                    "`{text}`: no ruleset `{ruleset}` ({})",
                    help_for(ruleset, known.iter().copied())
                ));
            }
            (Some(ruleset.to_string()), id)
        }
        None => (None, id),
    };
    Ok(Entry {
        count,
        ruleset,
        id: id.to_string(),
    })
}

/// The statblocks an encounter of `ruleset` may place.
fn spawnable<'a>(db: &'a ContentDb, ruleset: &str) -> impl Iterator<Item = &'a StatblockSummary> {
    db.statblock_summaries(ruleset)
        .iter()
        .filter(|s| s.spawnable)
}

/// The ruleset of the fight: `given`, else the one every entry's ruleset or id points to.
fn ruleset_of(
    sides: &[Side],
    given: Option<&str>,
    db: &ContentDb,
    cli: &CliEngine,
) -> Result<String, String> {
    let named: BTreeSet<&str> = sides
        .iter()
        .flat_map(|s| &s.entries)
        .filter_map(|e| e.ruleset.as_deref())
        .collect();
    if let Some(given) = given {
        if !cli.loader.ruleset_ids().any(|r| r == given) {
            let known: Vec<&str> = cli.loader.ruleset_ids().collect();
            return Err(format!(
                "`--ruleset {given}`: no such ruleset ({})",
                help_for(given, known.iter().copied())
            ));
        }
        if let Some(other) = named.iter().find(|r| **r != given) {
            return Err(format!(
                "the fight names a statblock of {other} but `--ruleset` says {given}: one fight plays one ruleset"
            ));
        }
        return Ok(given.to_string());
    }
    match (named.first(), named.len()) {
        (Some(one), 1) => return Ok((*one).to_string()),
        (None, _) => {}
        _ => {
            return Err(format!(
                "the fight names statblocks of {}: one fight plays one ruleset",
                named.into_iter().collect::<Vec<_>>().join(" and ")
            ));
        }
    }
    let fits = |ruleset: &str| {
        sides
            .iter()
            .flat_map(|s| &s.entries)
            .all(|e| spawnable(db, ruleset).any(|s| s.id == e.id))
    };
    let candidates: Vec<&str> = cli.loader.ruleset_ids().filter(|r| fits(r)).collect();
    match candidates.as_slice() {
        [one] => Ok((*one).to_string()),
        [] => {
            // Name the first id no ruleset has, with the closest id of any.
            let missing = sides.iter().flat_map(|s| &s.entries).find(|e| {
                !cli.loader
                    .ruleset_ids()
                    .any(|r| spawnable(db, r).any(|s| s.id == e.id))
            });
            match missing {
                Some(e) => {
                    let known: Vec<&str> = cli
                        .loader
                        .ruleset_ids()
                        .flat_map(|r| spawnable(db, r).map(|s| s.id.as_str()))
                        .collect();
                    Err(format!(
                        "no statblock `{}` in any ruleset ({})",
                        e.id,
                        help_for(&e.id, known.iter().copied())
                    ))
                }
                None => Err(
                    "no one ruleset has every statblock the fight names: name it with `--ruleset`"
                        .to_string(),
                ),
            }
        }
        many => Err(format!(
            "every statblock the fight names is in {} rulesets ({}): name one with `--ruleset`",
            many.len(),
            many.join(", ")
        )),
    }
}

/// The encounter an ad-hoc fight `what` describes, with the statblocks of `db` (`given`:
/// the `--ruleset` asked for). Says what is wrong, and which id was meant, when it cannot.
pub fn encounter(
    what: &str,
    given: Option<&str>,
    db: &ContentDb,
    cli: &CliEngine,
) -> Result<EncounterSpec, String> {
    let sides = sides_of(what)
        .iter()
        .map(|text| parse_side(text, cli))
        .collect::<Result<Vec<_>, _>>()?;
    let ruleset = ruleset_of(&sides, given, db, cli)?;
    let mut spec_sides: Vec<SideSpec> = Vec::with_capacity(sides.len());
    for (index, side) in sides.iter().enumerate() {
        let region = if index == 0 { "near" } else { "far" };
        let mut combatants = Vec::with_capacity(side.entries.len());
        let mut first_name = None;
        for entry in &side.entries {
            let Some(statblock) = spawnable(db, &ruleset).find(|s| s.id == entry.id) else {
                let known: Vec<&str> = spawnable(db, &ruleset).map(|s| s.id.as_str()).collect();
                return Err(format!(
                    "no {ruleset} statblock `{}` an encounter can place ({})",
                    entry.id,
                    help_for(&entry.id, known.iter().copied())
                ));
            };
            first_name.get_or_insert_with(|| statblock.name.clone());
            combatants.push(CombatantSpec {
                statblock: entry.id.clone(),
                name: None,
                count: entry.count,
                region: region.to_string(),
                leader: false,
                group: None,
                level: None,
            });
        }
        let mut name = side
            .name
            .clone()
            .or(first_name)
            .unwrap_or_else(|| format!("Side {}", index + 1));
        let base = name.clone();
        let mut n = 2;
        while spec_sides.iter().any(|s| s.name == name) {
            name = format!("{base} {n}");
            n += 1;
        }
        spec_sides.push(SideSpec {
            name,
            controller: ControllerSpec::default(),
            combatants,
            scale: Default::default(),
            tactics: Default::default(),
        });
    }
    Ok(EncounterSpec {
        id: ID.to_string(),
        name: written(&sides),
        description: "a fight written on the command line".to_string(),
        ruleset,
        map: MapRef::Named(MAP.to_string()),
        sides: spec_sides,
        options: EncounterOptions::default(),
        seed: None,
    })
}

/// The fight as written, tidied: `2 fighter-3, cleric-2 vs 6 cave-goblin`.
fn written(sides: &[Side]) -> String {
    sides
        .iter()
        .map(|side| {
            let list = side
                .entries
                .iter()
                .map(|e| {
                    let id = match &e.ruleset {
                        Some(r) => format!("{r}:{}", e.id),
                        None => e.id.clone(),
                    };
                    if e.count == 1 {
                        id
                    } else {
                        format!("{} {id}", e.count)
                    }
                })
                .collect::<Vec<_>>()
                .join(", ");
            match &side.name {
                Some(name) => format!("{name}: {list}"),
                None => list,
            }
        })
        .collect::<Vec<_>>()
        .join(" vs ")
}

/// `word` as one word for a shell: as it is when it holds nothing a shell reads, else in
/// single quotes (for the hints that say how to replay a fight).
pub fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=+@%,".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_split_at_vs_as_a_word() {
        assert_eq!(
            sides_of("fighter-3, cleric-2  VS 6 goblin vs. orc"),
            vec!["fighter-3, cleric-2", "6 goblin", "orc"]
        );
        assert_eq!(sides_of("versus-beast"), vec!["versus-beast"]);
        assert!(!is_ad_hoc("archmage-bridge"));
        assert!(is_ad_hoc("a vs b"));
    }

    #[test]
    fn shell_words_are_quoted_only_when_needed() {
        assert_eq!(shell_word("archmage-bridge"), "archmage-bridge");
        assert_eq!(shell_word("a vs b"), "'a vs b'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
    }
}
