//! `fray show <ID>`: what an encounter, a map, a statblock (with the numbers its ruleset works
//! out) or an exploration document holds, readably.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::Args;
use fray_content::db::ContentDb;
use fray_content::encounter::{EncounterSpec, MapRef};
use fray_content::map::MapSpec;
use fray_content::source::SourceFile;
use fray_content::suggest::help_for;

use crate::content::{
    ContentChoice, content_source, engine_for, entry_around, print_problems, split_ruleset,
};
use crate::overrides::Overrides;
use crate::{CliEngine, fail};

/// Arguments of `fray show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// Where content comes from.
    #[command(flatten)]
    pub source: crate::ContentArgs,
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
    if args.id.ends_with(".ron") && !is_encounter_file(&args.id) {
        return file(cli, content, Path::new(&args.id), out);
    }
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
    // `bx:bx-goblin-cave` names the ruleset too; a statblock's is read by `statblock`.
    let (ruleset, bare) = split_ruleset(cli, id);
    let text = if let Some(spec) = db
        .encounter(bare)
        .filter(|e| ruleset.is_none_or(|r| e.ruleset == r))
    {
        encounter(&db, cli, spec)
    } else if let Some(map) = db.map(id) {
        map_text(&map)
    } else if let Some(text) = crate::show_explore::document(&db, bare, ruleset) {
        text
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
        known.extend(crate::show_explore::ids(&db));
        for ruleset in cli.loader.ruleset_ids() {
            known.extend(db.statblock_summaries(ruleset).iter().map(|s| s.id.clone()));
        }
        let help = help_for(id, known.iter().map(String::as_str));
        return Ok(fail(
            2,
            format!(
                "no encounter, expedition, dungeon, wilderness, map or statblock `{id}` ({help})"
            ),
            &["run `fray list` to see every id"],
        ));
    };
    write!(out, "{text}")?;
    Ok(ExitCode::SUCCESS)
}

/// Whether the file at `path` holds an encounter (or cannot be read: the encounter path then
/// says why).
fn is_encounter_file(path: &str) -> bool {
    SourceFile::read(Path::new(path)).map_or(true, |f| f.top_level_name() == Some("Encounter"))
}

/// A content file that is not an encounter, read over the content: a map, an expedition, a
/// dungeon or a wilderness shown as its id would be, or each statblock of a statblock list.
fn file(
    cli: &CliEngine,
    content: ContentChoice<'_>,
    path: &Path,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let source = match SourceFile::read(path) {
        Ok(source) => source,
        Err(d) => return Ok(fail(2, d, &["pass an id (`fray list`) or a content file"])),
    };
    let (db, problems) = content_source(content).check(cli, &[path.to_path_buf()]);
    let mine: Vec<_> = problems
        .iter()
        .filter(|d| d.path == path)
        .cloned()
        .collect();
    if !mine.is_empty() {
        print_problems(&fray_content::diagnostic::Diagnostics(mine));
        return Ok(fail(
            1,
            format!("{} has problems", path.display()),
            &["run `fray check` on it"],
        ));
    }
    let text = match source.top_level_name() {
        Some("Map") => source.parse::<MapSpec>().map(|map| map_text(&map)).ok(),
        Some(_) => {
            document_id(&source).and_then(|id| crate::show_explore::document(&db, &id, None))
        }
        // A list of statblocks: each, as its id shows it.
        None => {
            let mut all = String::new();
            for ruleset in cli.loader.ruleset_ids() {
                for s in db.statblock_summaries(ruleset) {
                    let from_here = s
                        .source
                        .and_then(|i| db.sources().get(i))
                        .is_some_and(|f| f.path == path);
                    if from_here
                        && let Some(Ok(text)) = statblock(&db, cli, &format!("{ruleset}:{}", s.id))
                    {
                        all.push_str(&text);
                    }
                }
            }
            (!all.is_empty()).then_some(all)
        }
    };
    match text {
        Some(text) => {
            write!(out, "{text}")?;
            Ok(ExitCode::SUCCESS)
        }
        None => Ok(fail(
            2,
            format!("{} holds nothing `fray show` can show", path.display()),
            &[
                "`fray show` takes an encounter, map, expedition, dungeon, wilderness or statblock file",
            ],
        )),
    }
}

/// The `id` a document file (`Expedition(id: ...)`) gives itself.
fn document_id(source: &SourceFile) -> Option<String> {
    use fray_explore::charter::ExpeditionSpec;
    use fray_explore::dungeon::DungeonSpec;
    use fray_explore::wilderness::WildernessSpec;
    match source.top_level_name()? {
        "Expedition" => source.parse::<ExpeditionSpec>().ok().map(|e| e.id),
        "Dungeon" => source.parse::<DungeonSpec>().ok().map(|d| d.id),
        "Wilderness" => source.parse::<WildernessSpec>().ok().map(|w| w.id),
        _ => None,
    }
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
    // What the ruleset works out from the entry (B/X: THAC0, saves, hit points from hit dice).
    match cli.loader.derived(db, ruleset, id) {
        Ok(lines) => {
            let width = lines.iter().map(|(what, _)| what.len()).max().unwrap_or(0);
            for (what, value) in lines {
                let _ = writeln!(s, "  {what:<width$}  {value}");
            }
        }
        Err(why) => {
            let _ = writeln!(s, "  (its numbers cannot be worked out: {why})");
        }
    }
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
        // The file's opening comment says what it holds, and for content from elsewhere
        // where it came from and under which licence.
        for line in header(&file.text) {
            let _ = writeln!(s, "{line}");
        }
        let _ = writeln!(s, "{entry}");
    }
    Some(Ok(s))
}

/// The comment lines a content file opens with.
fn header(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim_end)
        .take_while(|line| line.trim_start().starts_with("//"))
}
