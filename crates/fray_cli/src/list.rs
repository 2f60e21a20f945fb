//! `fray list`: what content there is.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use fray_explore::charter::ExpeditionSpec;
use fray_explore::dungeon::DungeonSpec;
use fray_explore::wilderness::WildernessSpec;

use crate::content::{ContentChoice, ContentSource, content_source, print_problems};
use crate::{CliEngine, fail};
use fray_content::source::SourceFile;

/// Arguments of `fray list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// Where content comes from.
    #[command(flatten)]
    pub source: crate::ContentArgs,
    /// A content file or folder to list, read in the context of the content directory
    /// (default: the whole content directory).
    pub path: Option<PathBuf>,
    /// List only this ruleset's content.
    #[arg(long)]
    pub ruleset: Option<String>,
    /// List only what has this text in its id or name (any case): `--search drag`.
    #[arg(long, value_name = "TEXT")]
    pub search: Option<String>,
}

/// Runs `fray list`, writing to `out`.
pub fn run(
    cli: &CliEngine,
    content: ContentChoice<'_>,
    args: &ListArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let source = content_source(content);
    if let Some(ruleset) = &args.ruleset
        && !cli.loader.ruleset_ids().any(|r| r == ruleset)
    {
        let known: Vec<&str> = cli.loader.ruleset_ids().collect();
        return Ok(fail(
            2,
            format!(
                "no ruleset `{ruleset}` ({})",
                fray_content::suggest::help_for(ruleset, known.iter().copied())
            ),
            &[],
        ));
    }
    let search = args.search.as_deref().map(str::to_lowercase);
    // Whether an id and name are what the search asks for.
    let found = |id: &str, name: &str| {
        search.as_deref().is_none_or(|text| {
            id.to_lowercase().contains(text) || name.to_lowercase().contains(text)
        })
    };
    let targets: Vec<PathBuf> = args.path.iter().cloned().collect();
    let (db, problems) = source.check(cli, &targets);
    writeln!(out, "{}", source.describe())?;
    // Over the built-in content, what the folder adds or overrides says where it comes from.
    let from = |file: Option<&SourceFile>| match file {
        Some(file)
            if matches!(source, ContentSource::Layered(_)) && !ContentSource::is_built_in(file) =>
        {
            format!("  ({})", file.path.display())
        }
        _ => String::new(),
    };
    let file = |index: Option<usize>| index.and_then(|i| db.sources().get(i));
    // The id column fits the longest id (24 at least, so short lists keep their look).
    let width = id_width(cli, &db);
    // What the path itself defines (the rest of the content is only its context).
    let own = args
        .path
        .as_ref()
        .map(|path| cli.loader.check_paths(&[path]).0);
    let listed = |ruleset: &str, id: &str| {
        own.as_ref().is_none_or(|own| {
            own.encounter(id).is_some()
                || own.statblock_summaries(ruleset).iter().any(|s| s.id == id)
        })
    };
    let mut shown = 0;
    let mut matched = 0;
    for ruleset in cli.loader.ruleset_ids() {
        if args.ruleset.as_deref().is_some_and(|r| r != ruleset) {
            continue;
        }
        let encounters: Vec<_> = db
            .encounters()
            .filter(|e| e.ruleset == ruleset && listed(ruleset, &e.id) && found(&e.id, &e.name))
            .collect();
        let statblocks: Vec<_> = db
            .statblock_summaries(ruleset)
            .iter()
            .filter(|s| listed(ruleset, &s.id) && found(&s.id, &s.name))
            .collect();
        let expeditions: Vec<&ExpeditionSpec> = db
            .documents_of::<ExpeditionSpec>()
            .into_iter()
            .flat_map(|d| d.iter())
            .filter(|e| e.ruleset == ruleset && own.is_none() && found(&e.id, &e.name))
            .collect();
        let dungeons: Vec<&DungeonSpec> = db
            .documents_of::<DungeonSpec>()
            .into_iter()
            .flat_map(|d| d.iter())
            .filter(|d| d.ruleset == ruleset && own.is_none() && found(&d.id, &d.name))
            .collect();
        let wildernesses: Vec<&WildernessSpec> = db
            .documents_of::<WildernessSpec>()
            .into_iter()
            .flat_map(|d| d.iter())
            .filter(|w| w.ruleset == ruleset && own.is_none() && found(&w.id, &w.name))
            .collect();
        matched += encounters.len()
            + statblocks.len()
            + expeditions.len()
            + dungeons.len()
            + wildernesses.len();
        if encounters.is_empty() && statblocks.is_empty() && search.is_none() {
            continue;
        }
        if search.is_some()
            && encounters.is_empty()
            && statblocks.is_empty()
            && expeditions.is_empty()
            && dungeons.is_empty()
            && wildernesses.is_empty()
        {
            continue;
        }
        shown += 1;
        writeln!(out, "{}", console::style(ruleset).bold())?;
        if !encounters.is_empty() || search.is_none() {
            writeln!(out, "  encounters:")?;
        }
        for e in encounters {
            let sides: Vec<String> = e
                .sides
                .iter()
                .map(|s| {
                    format!(
                        "{} ({})",
                        s.name,
                        s.combatants.iter().map(|c| u32::from(c.count)).sum::<u32>()
                    )
                })
                .collect();
            writeln!(
                out,
                "    {:<width$} {:<34} {}{}",
                e.id,
                e.name,
                sides.join(" vs "),
                from(db.encounter_source(&e.id))
            )?;
        }
        if !expeditions.is_empty() {
            writeln!(out, "  expeditions (fray delve):")?;
            for e in expeditions {
                let origin = db
                    .documents_of::<ExpeditionSpec>()
                    .and_then(|d| d.source_of(&e.id));
                writeln!(
                    out,
                    "    {:<width$} {:<34} a party of {} in {}{}",
                    e.id,
                    e.name,
                    e.party.len(),
                    e.dungeon
                        .as_deref()
                        .or(e.wilderness.as_deref())
                        .unwrap_or("nowhere"),
                    from(file(origin))
                )?;
            }
        }
        if !dungeons.is_empty() {
            writeln!(out, "  dungeons:")?;
            for d in dungeons {
                let origin = db
                    .documents_of::<DungeonSpec>()
                    .and_then(|all| all.source_of(&d.id));
                writeln!(
                    out,
                    "    {:<width$} {:<34} {} areas{}",
                    d.id,
                    d.name,
                    d.areas.len(),
                    from(file(origin))
                )?;
            }
        }
        if !wildernesses.is_empty() {
            writeln!(out, "  wildernesses:")?;
            for w in wildernesses {
                let origin = db
                    .documents_of::<WildernessSpec>()
                    .and_then(|all| all.source_of(&w.id));
                writeln!(
                    out,
                    "    {:<width$} {:<34} {} sites, {} legs{}",
                    w.id,
                    w.name,
                    w.sites.len(),
                    w.legs.len(),
                    from(file(origin))
                )?;
            }
        }
        if !statblocks.is_empty() || search.is_none() {
            writeln!(out, "  statblocks:")?;
        }
        // An imported bestiary (hundreds of files of one statblock each) is summed up in a
        // line unless searched: `--search` lists what it holds.
        let bestiaries = if search.is_none() {
            bestiary_folders(&db, &statblocks)
        } else {
            BTreeMap::new()
        };
        for s in statblocks {
            let folder = file(s.source).and_then(|f| f.path.parent());
            if folder.is_some_and(|f| bestiaries.contains_key(f)) {
                continue;
            }
            writeln!(
                out,
                "    {:<width$} {:<11} {}{}",
                s.id,
                s.kind,
                s.name,
                from(file(s.source))
            )?;
        }
        for (folder, n) in &bestiaries {
            writeln!(
                out,
                "    ... and {n} statblocks of {}/ (`fray list --ruleset {ruleset} --search NAME` lists them)",
                folder.display()
            )?;
        }
        if let Some(schema) = cli.loader.schema(ruleset)
            && !schema.options().is_empty()
            && search.is_none()
        {
            writeln!(out, "  options:")?;
            for o in schema.options() {
                writeln!(
                    out,
                    "    {:<width$} default {:<8} {}",
                    o.name,
                    o.default.to_string(),
                    o.doc
                )?;
            }
        }
    }
    if !problems.is_empty() {
        // What loaded is listed; what did not is said, and the listing fails.
        print_problems(&problems);
        let what = args
            .path
            .as_ref()
            .map_or_else(|| "the content".to_string(), |p| p.display().to_string());
        let n = problems.len();
        return Ok(fail(
            1,
            format!(
                "{what} has {n} problem{}: what did not load is not listed",
                if n == 1 { "" } else { "s" }
            ),
            &["run `fray check` for details"],
        ));
    }
    if let Some(text) = &args.search
        && matched == 0
    {
        return Ok(fail(
            1,
            format!("nothing has `{text}` in its id or name"),
            &["try a shorter part of the name, or `fray list` for everything"],
        ));
    }
    if shown == 0 {
        return Ok(fail(
            1,
            "no encounters or statblocks found",
            &["content is RON files under a ruleset's folder: content/<ruleset>/..."],
        ));
    }
    Ok(ExitCode::SUCCESS)
}

/// The fewest statblocks a folder of one-statblock files holds to be summed up as a bestiary.
const BESTIARY: usize = 40;

/// The folders among `statblocks`' files that hold an imported bestiary: at least
/// [`BESTIARY`] statblocks, each in a file of its own (as `fray import` writes them), with how
/// many each holds.
fn bestiary_folders<'d>(
    db: &'d fray_content::db::ContentDb,
    statblocks: &[&fray_content::schema::StatblockSummary],
) -> BTreeMap<&'d Path, usize> {
    let mut by_folder: BTreeMap<&Path, (usize, BTreeSet<usize>)> = BTreeMap::new();
    for s in statblocks {
        let Some((index, source)) = s.source.and_then(|i| Some((i, db.sources().get(i)?))) else {
            continue;
        };
        if let Some(folder) = source.path.parent() {
            let entry = by_folder.entry(folder).or_default();
            entry.0 += 1;
            entry.1.insert(index);
        }
    }
    by_folder
        .into_iter()
        .filter(|(_, (n, files))| *n >= BESTIARY && files.len() == *n)
        .map(|(folder, (n, _))| (folder, n))
        .collect()
}

/// The width of the id column: the longest id or option name listed, 24 at least.
fn id_width(cli: &CliEngine, db: &fray_content::db::ContentDb) -> usize {
    let documents = |ids: Vec<usize>| ids.into_iter().max().unwrap_or(0);
    let longest = [
        db.encounters()
            .map(|e| e.id.chars().count())
            .max()
            .unwrap_or(0),
        documents(
            db.documents_of::<ExpeditionSpec>()
                .map(|d| d.ids().map(|id| id.chars().count()).collect())
                .unwrap_or_default(),
        ),
        documents(
            db.documents_of::<DungeonSpec>()
                .map(|d| d.ids().map(|id| id.chars().count()).collect())
                .unwrap_or_default(),
        ),
        documents(
            db.documents_of::<WildernessSpec>()
                .map(|d| d.ids().map(|id| id.chars().count()).collect())
                .unwrap_or_default(),
        ),
        cli.loader
            .ruleset_ids()
            .flat_map(|r| {
                db.statblock_summaries(r)
                    .iter()
                    .map(|s| s.id.chars().count())
            })
            .max()
            .unwrap_or(0),
        cli.loader
            .ruleset_ids()
            .filter_map(|r| cli.loader.schema(r))
            .flat_map(|s| s.options().iter().map(|o| o.name.chars().count()))
            .max()
            .unwrap_or(0),
    ];
    longest.into_iter().max().unwrap_or(0).max(24)
}
