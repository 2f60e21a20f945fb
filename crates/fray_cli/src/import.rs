//! `fray import`: an open bestiary into a ruleset's statblocks - the 5e SRD (Open5e's data
//! files) into `lite5e`, the Basic Fantasy RPG bestiary into `bx`. Prints the import report
//! and writes the folder whole, only once every statblock loads and checks.

use std::collections::BTreeSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use fray_content::diagnostic::Diagnostics;
use fray_content::source::SourceFile;
use fray_import::open5e::Open5eFiles;
use fray_import::report::Outcome;
use fray_import::{Import, OutFile};

use crate::content::{ContentChoice, content_source, print_problems};
use crate::output::write_whole;
use crate::{CliEngine, fail};

/// The bestiaries `fray import` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Open5e's v2 data files of the 5e SRD (a folder holding `Creature.json`,
    /// `CreatureAction.json`, `CreatureActionAttack.json` and `CreatureTrait.json`, or its
    /// `Creature.json`): into `lite5e`.
    Open5e,
    /// The Basic Fantasy RPG bestiary's `monsterdata.json`: into `bx`.
    Bfrpg,
}

impl Format {
    /// The ruleset it imports into.
    fn ruleset(self) -> &'static str {
        match self {
            Self::Open5e => "lite5e",
            Self::Bfrpg => "bx",
        }
    }
}

/// Arguments of `fray import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// Where content comes from (an id already in it gets a suffix).
    #[command(flatten)]
    pub source: crate::ContentArgs,
    /// The bestiary's format.
    pub format: Format,
    /// Its file or folder.
    pub path: PathBuf,
    /// The ruleset to write for (`lite5e` for open5e, `bx` for bfrpg).
    #[arg(long)]
    pub ruleset: String,
    /// The folder to write: one statblock file per monster, ATTRIBUTION.md and
    /// IMPORT-REPORT.txt. It must not exist or be empty, unless `--force`.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Replace a folder that is not empty (whole: its old files go).
    #[arg(long)]
    pub force: bool,
    /// Also write the report as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
}

/// Runs `fray import`, writing the report to `out`.
pub fn run(
    cli: &CliEngine,
    content: ContentChoice<'_>,
    args: &ImportArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let ruleset = args.format.ruleset();
    if args.ruleset != ruleset {
        let format = format!("{:?}", args.format).to_lowercase();
        return Ok(fail(
            2,
            format!("{format} imports into `{ruleset}`, not `{}`", args.ruleset),
            &[&format!("pass --ruleset {ruleset}")],
        ));
    }
    let dir = &args.out;
    if dir.exists() && !dir.is_dir() {
        return Ok(fail(
            2,
            format!("{} is a file, not a folder", dir.display()),
            &["name a folder with --out"],
        ));
    }
    if dir.is_dir() && !is_empty_dir(dir) && !args.force {
        return Ok(fail(
            2,
            format!("{} is not empty: nothing was written", dir.display()),
            &["name a new folder, or add --force to replace it whole"],
        ));
    }
    let source = content_source(content);
    let (context, unreadable) = source.sources();
    if !unreadable.is_empty() {
        print_problems(&Diagnostics(unreadable));
        return Ok(fail(
            1,
            "the content cannot be read",
            &["fix it first: fray check"],
        ));
    }
    // A previous import in the folder being replaced does not count as content already there.
    let context: Vec<SourceFile> = context
        .into_iter()
        .filter(|s| !under(&s.path, dir))
        .collect();
    let (db, problems) = cli.loader.check_layers(context.clone());
    if !problems.is_empty() {
        print_problems(&problems);
        return Ok(fail(
            1,
            "the content has problems",
            &["fix them first: fray check"],
        ));
    }
    let taken: BTreeSet<String> = db
        .statblock_summaries(ruleset)
        .iter()
        .map(|s| s.id.clone())
        .collect();
    let import = match read_and_import(args.format, &args.path, &taken) {
        Ok(import) => import,
        Err(e) => return Ok(fail(1, e, &[])),
    };
    // Every statblock must load and pass its ruleset's checks over the content in use.
    let shown = checking_path(dir, ruleset);
    let imported: Vec<SourceFile> = import
        .files
        .iter()
        .map(|f| SourceFile::new(shown.join(&f.name), f.text.clone()).in_layer(0))
        .collect();
    let layered = context.into_iter().map(|s| {
        let layer = s.layer.saturating_add(1);
        s.in_layer(layer)
    });
    let (_, problems) = cli
        .loader
        .check_layers(imported.into_iter().chain(layered).collect());
    if !problems.is_empty() {
        print_problems(&problems);
        return Ok(fail(
            1,
            "imported statblocks do not load: nothing was written (a defect of the importer: please report it)",
            &[],
        ));
    }
    if let Some(path) = &args.report
        && let Err(e) = write_whole(path, import.report.to_json().as_bytes())
    {
        return Ok(fail(1, e, &["check the --report path"]));
    }
    if let Err(e) = write_folder(dir, &import.folder()) {
        return Ok(fail(1, e, &["check the --out path"]));
    }
    print_report(&import, out)?;
    writeln!(
        out,
        "\nWrote {} statblocks, {} and {} to {}/.",
        import.files.len(),
        fray_import::ATTRIBUTION_FILE,
        fray_import::REPORT_FILE,
        dir.display()
    )?;
    if shown != *dir {
        writeln!(
            out,
            "hint: content is read by ruleset folder: put {0}/ under a folder named `{ruleset}` in your content (my-content/{ruleset}/{0}) to use it.",
            dir.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The report: the counts, the parts most often left out, then each monster imported partly
/// or refused with its reasons (the notes are in the folder's report).
fn print_report(import: &Import, out: &mut impl Write) -> io::Result<()> {
    let r = &import.report;
    writeln!(out, "{}", r.summary())?;
    let common = r.common_left_out();
    if !common.is_empty() {
        writeln!(out, "Parts left out most often (monsters lacking one):")?;
        for (kind, n) in common {
            writeln!(out, "  {n:>4}  {kind}")?;
        }
    }
    let renamed: Vec<&String> = r
        .monsters
        .iter()
        .flat_map(|m| &m.notes)
        .filter(|n| n.contains("already taken"))
        .collect();
    if !renamed.is_empty() {
        writeln!(out, "\nIds the content already has ({}):", renamed.len())?;
        for n in renamed {
            writeln!(out, "  - {n}")?;
        }
    }
    for m in r.monsters.iter().filter(|m| m.outcome != Outcome::Whole) {
        writeln!(out)?;
        match (&m.id, &m.refused) {
            (_, Some(why)) => writeln!(out, "{}: refused: {why}", m.name)?,
            (Some(id), None) => writeln!(out, "{} ({id}): imported partly", m.name)?,
            (None, None) => writeln!(out, "{}", m.name)?,
        }
        for l in &m.left_out {
            writeln!(out, "  - left out: {}: {}", l.part, l.why)?;
        }
    }
    Ok(())
}

/// Reads the source files and imports them.
fn read_and_import(
    format: Format,
    path: &Path,
    taken: &BTreeSet<String>,
) -> Result<Import, String> {
    let read = |p: &Path| std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()));
    match format {
        Format::Bfrpg => {
            if path.is_dir() {
                return Err(format!(
                    "{} is a folder: name the bestiary's monsterdata.json",
                    path.display()
                ));
            }
            fray_import::bx::import(&read(path)?, taken).map_err(|e| e.to_string())
        }
        Format::Open5e => {
            let folder = if path.is_dir() {
                path.to_path_buf()
            } else if path.file_name().is_some_and(|n| n == "Creature.json") {
                path.parent().map(Path::to_path_buf).unwrap_or_default()
            } else {
                return Err(format!(
                    "{} is not Open5e's Creature.json: name it, or the folder holding Creature.json, CreatureAction.json, CreatureActionAttack.json and CreatureTrait.json",
                    path.display()
                ));
            };
            let (c, a, t, r) = (
                read(&folder.join("Creature.json"))?,
                read(&folder.join("CreatureAction.json"))?,
                read(&folder.join("CreatureActionAttack.json"))?,
                read(&folder.join("CreatureTrait.json"))?,
            );
            let files = Open5eFiles {
                creatures: &c,
                actions: &a,
                attacks: &t,
                traits: &r,
            };
            fray_import::lite5e::import(files, taken).map_err(|e| e.to_string())
        }
    }
}

/// Whether `path` lies under `dir` (by their names, and by the files they are).
fn under(path: &Path, dir: &Path) -> bool {
    if path.starts_with(dir) {
        return true;
    }
    match (path.canonicalize(), dir.canonicalize()) {
        (Ok(p), Ok(d)) => p.starts_with(d),
        _ => false,
    }
}

/// Where the imported files are checked as coming from: the output folder when a folder of
/// its path is named after the ruleset (content is read by ruleset folder), else the ruleset's
/// folder inside it.
fn checking_path(dir: &Path, ruleset: &str) -> PathBuf {
    if dir.components().any(|c| c.as_os_str() == ruleset) {
        dir.to_path_buf()
    } else {
        dir.join(ruleset)
    }
}

/// Whether `dir` is a folder with nothing in it.
fn is_empty_dir(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_none())
}

/// Writes `files` into a hidden folder beside `dir`, then puts it in `dir`'s place (the old
/// folder moved aside and removed only once the new one is in place): a failure leaves `dir`
/// as it was and no half-written folder.
fn write_folder(dir: &Path, files: &[OutFile]) -> Result<(), String> {
    let name = dir
        .file_name()
        .ok_or_else(|| format!("{} names no folder", dir.display()))?;
    let hidden = |what: &str| {
        dir.with_file_name(format!(
            ".{}.{}.{what}",
            name.to_string_lossy(),
            std::process::id()
        ))
    };
    let (temp, old) = (hidden("partial"), hidden("old"));
    let result = (|| {
        std::fs::create_dir_all(&temp)
            .map_err(|e| format!("cannot create {}: {e}", temp.display()))?;
        for f in files {
            let path = temp.join(&f.name);
            std::fs::write(&path, &f.text)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        let replacing = dir.exists();
        if replacing {
            std::fs::rename(dir, &old)
                .map_err(|e| format!("cannot replace {}: {e}", dir.display()))?;
        }
        if let Err(e) = std::fs::rename(&temp, dir) {
            if replacing {
                let _ = std::fs::rename(&old, dir);
            }
            return Err(format!("cannot create {}: {e}", dir.display()));
        }
        if replacing {
            let _ = std::fs::remove_dir_all(&old);
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&temp);
    }
    result
}
