//! `fray show <ID>`: what an encounter, a map or a statblock holds, readably.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Args;
use fray_content::db::ContentDb;
use fray_content::encounter::{EncounterSpec, MapRef};
use fray_content::map::MapSpec;
use fray_content::suggest::help_for;

use crate::content::{ContentChoice, content_source, engine_for, print_problems};
use crate::overrides::Overrides;
use crate::{CliEngine, fail};

/// Arguments of `fray show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// An encounter, map or statblock id (see `fray list`), or an encounter file (`*.ron`, as
    /// `fray tune --write` writes one). A statblock id several rulesets use is named with its
    /// ruleset: `bx:cleric-1`.
    pub id: String,
}

/// Runs `fray show`, writing to `out`.
pub fn run(
    cli: &CliEngine,
    content: ContentChoice<'_>,
    args: &ShowArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    if args.id.ends_with(".ron") {
        let (engine, id) = match engine_for(cli, content, &args.id, &Overrides::default()) {
            Ok(x) => x,
            Err(e) => return Ok(e.report()),
        };
        if let Some(spec) = engine.content.encounter(&id) {
            write!(out, "{}", encounter(&engine.content, cli, spec))?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let (db, problems) = content_source(content).check(cli, &[]);
    if !problems.is_empty() {
        print_problems(&problems);
        return Ok(fail(1, "the content has problems", &["run `fray check`"]));
    }
    let id = args.id.as_str();
    let text = if let Some(spec) = db.encounter(id) {
        encounter(&db, cli, spec)
    } else if let Some(map) = db.map(id) {
        map_text(&map)
    } else if let Some(found) = statblock(&db, cli, id) {
        match found {
            Ok(text) => text,
            Err(rulesets) => {
                let named: Vec<String> = rulesets.iter().map(|r| format!("{r}:{id}")).collect();
                return Ok(fail(
                    2,
                    format!(
                        "`{id}` is a statblock of {} rulesets: {}",
                        rulesets.len(),
                        named.join(", ")
                    ),
                    &[&format!(
                        "name the one to show, e.g. `fray show {}`",
                        named[0]
                    )],
                ));
            }
        }
    } else {
        let mut known: Vec<String> = db.encounters().map(|e| e.id.clone()).collect();
        known.extend(db.map_ids());
        for ruleset in cli.loader.ruleset_ids() {
            known.extend(db.statblock_summaries(ruleset).iter().map(|s| s.id.clone()));
        }
        let help = help_for(id, known.iter().map(String::as_str));
        return Ok(fail(
            2,
            format!("no encounter, map or statblock `{id}` ({help})"),
            &["run `fray list` to see every id"],
        ));
    };
    write!(out, "{text}")?;
    Ok(ExitCode::SUCCESS)
}

/// An encounter: its sides and who is on them, its map, and the options it sets.
fn encounter(db: &ContentDb, cli: &CliEngine, spec: &EncounterSpec) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "encounter {} - {} ({})",
        spec.id, spec.name, spec.ruleset
    );
    if !spec.description.is_empty() {
        let _ = writeln!(s, "  {}", spec.description);
    }
    for side in &spec.sides {
        let scale = if side.scale.is_unscaled() {
            String::new()
        } else {
            format!(", hp {}%, damage {}%", side.scale.hp, side.scale.damage)
        };
        let played = match &side.controller {
            fray_content::encounter::ControllerSpec::Ai(policy) => {
                format!("played by the {policy} AI")
            }
            fray_content::encounter::ControllerSpec::External(id) => {
                format!("played by player {id}")
            }
        };
        let _ = writeln!(s, "side {}, {played}{scale}", side.name);
        for c in &side.combatants {
            let name = db
                .statblock_summaries(&spec.ruleset)
                .iter()
                .find(|b| b.id == c.statblock)
                .map_or(c.statblock.as_str(), |b| b.name.as_str());
            let mut notes = Vec::new();
            if c.leader {
                notes.push("leader".to_string());
            }
            if let Some(group) = &c.group {
                notes.push(format!("group {group}"));
            }
            if let Some(level) = c.level {
                notes.push(format!("at level {level}"));
            }
            let notes = if notes.is_empty() {
                String::new()
            } else {
                format!(" [{}]", notes.join(", "))
            };
            let _ = writeln!(
                s,
                "  {} x {name} ({}) in {}{notes}",
                c.count.max(1),
                c.statblock,
                c.region
            );
        }
    }
    let map = match &spec.map {
        MapRef::Named(id) => db.map(id),
        MapRef::Inline(map) => Some(map.clone()),
    };
    if let Some(map) = map {
        s.push_str(&map_text(&map));
    }
    let o = &spec.options;
    let _ = writeln!(s, "options: the round limit is {}", o.max_rounds);
    if let Some(ambush) = &o.ambush {
        let _ = writeln!(s, "  ambush by {}", ambush.side);
    }
    if let Some(schema) = cli.loader.schema(&spec.ruleset) {
        for def in schema.options() {
            match o.ruleset.get(def.name) {
                Some(value) => {
                    let _ = writeln!(s, "  {} = {value} (set here)", def.name);
                }
                None => {
                    let _ = writeln!(s, "  {} = {} (default)", def.name, def.default);
                }
            }
        }
    }
    s
}

/// A map: its regions, their ground and light, and the links between them.
fn map_text(map: &MapSpec) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "map {} - {}", map.id, map.name);
    for r in &map.regions {
        let t = r.terrain;
        let mut ground = Vec::new();
        if t.hamper > 0 {
            ground.push(format!("hamper {}", t.hamper));
        }
        for (flag, word) in [
            (t.difficult, "difficult"),
            (t.water, "water"),
            (t.climb, "climb"),
            (t.unstable, "unstable"),
        ] {
            if flag {
                ground.push(word.to_string());
            }
        }
        let ground = if ground.is_empty() {
            String::new()
        } else {
            format!(", {}", ground.join(", "))
        };
        let name = if r.name.is_empty() { &r.id } else { &r.name };
        let _ = writeln!(s, "  region {} - {name} ({:?}{ground})", r.id, r.light);
    }
    for (a, b) in &map.links {
        let _ = writeln!(s, "  link {a} - {b}");
    }
    s
}

/// A statblock, `id` or `ruleset:id`: its ruleset and kind, and its entry as the content file
/// of its ruleset writes it. `None` when no ruleset has it; `Err` with the rulesets when
/// several have a bare `id`.
fn statblock(db: &ContentDb, cli: &CliEngine, id: &str) -> Option<Result<String, Vec<String>>> {
    let rulesets: Vec<&str> = cli.loader.ruleset_ids().collect();
    let (only, id) = match id.split_once(':') {
        Some((r, bare)) if rulesets.contains(&r) => (Some(r), bare),
        _ => (None, id),
    };
    let found: Vec<(&str, &fray_content::schema::StatblockSummary)> = rulesets
        .iter()
        .filter(|r| only.is_none_or(|o| o == **r))
        .filter_map(|r| {
            db.statblock_summaries(r)
                .iter()
                .find(|s| s.id == id)
                .map(|s| (*r, s))
        })
        .collect();
    let (ruleset, summary) = match found.as_slice() {
        [] => return None,
        [one] => *one,
        many => return Some(Err(many.iter().map(|(r, _)| r.to_string()).collect())),
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        "statblock {id} - {} ({ruleset} {})",
        summary.name, summary.kind
    );
    // The entry is looked for in the ruleset's own files (under a folder named after it, as
    // the loader reads them): another ruleset's file may use the same id.
    let needle = format!("\"{id}\"");
    let found = db
        .sources()
        .iter()
        .filter(|file| {
            file.path
                .components()
                .any(|c| c.as_os_str().to_str() == Some(ruleset))
        })
        .find_map(|file| entry_around(&file.text, &needle).map(|entry| (file, entry)));
    if let Some((file, entry)) = found {
        let _ = writeln!(s, "from {}:", file.path.display());
        let _ = writeln!(s, "{entry}");
    }
    Some(Ok(s))
}

/// The top-level entry of a RON list (`Kind(...)`) whose text holds `needle` as its id
/// (`id: "x"`), whole: from its name to its closing parenthesis.
fn entry_around<'t>(text: &'t str, needle: &str) -> Option<&'t str> {
    let id_at = text.find(&format!("id: {needle}"))?;
    let bytes = text.as_bytes();
    let (mut depth, mut in_string, mut open) = (0usize, false, None);
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'"' if i == 0 || bytes[i - 1] != b'\\' => in_string = !in_string,
            _ if in_string => {}
            b'(' => {
                if depth == 0 && i < id_at {
                    open = Some(i);
                }
                depth += 1;
            }
            b')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 && i > id_at {
                    let start = open?;
                    let name_start = text[..start]
                        .rfind(|c: char| !c.is_alphanumeric() && c != '_')
                        .map_or(0, |p| p + 1);
                    return text.get(name_start..=i);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_found_whole_around_its_id() {
        let text = "[\n    Monster(id: \"orc\", name: \"Orc (big)\", attacks: [(name: \"axe\")]),\n    Monster(id: \"rat\", name: \"Rat\"),\n]";
        assert_eq!(
            entry_around(text, "\"rat\""),
            Some("Monster(id: \"rat\", name: \"Rat\")")
        );
        assert_eq!(
            entry_around(text, "\"orc\""),
            Some("Monster(id: \"orc\", name: \"Orc (big)\", attacks: [(name: \"axe\")])")
        );
        assert_eq!(entry_around(text, "\"bat\""), None);
    }
}
