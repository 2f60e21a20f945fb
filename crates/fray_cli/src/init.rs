//! `fray init <DIR>`: a starter content folder - one encounter of a ruleset and one monster of
//! one's own in it, over the built-in content, with a README saying what to do next.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use fray_content::db::ContentDb;
use fray_content::suggest::help_for;

use crate::content::{ContentChoice, content_source, entry_around, print_problems};
use crate::{CliEngine, fail};

/// Arguments of `fray init`.
#[derive(Debug, Args)]
pub struct InitArgs {
    /// The folder to create (it must not exist, or be empty).
    pub dir: PathBuf,
    /// The ruleset of the starter encounter (see `fray list`).
    #[arg(long, default_value = "archmage")]
    pub ruleset: String,
}

/// The id of the starter encounter.
const ENCOUNTER: &str = "my-first-fight";

/// The starter folder's files: the path under the folder and the text.
struct Starter {
    files: Vec<(PathBuf, String)>,
    /// The id of the monster of one's own.
    monster: String,
}

/// Runs `fray init`, writing to `out`.
pub fn run(cli: &CliEngine, args: &InitArgs, out: &mut impl Write) -> io::Result<ExitCode> {
    let rulesets: Vec<&str> = cli.loader.ruleset_ids().collect();
    if !rulesets.contains(&args.ruleset.as_str()) {
        let help = help_for(&args.ruleset, rulesets.iter().copied());
        return Ok(fail(
            2,
            format!("no ruleset `{}` ({help})", args.ruleset),
            &[&format!("the rulesets: {}", rulesets.join(", "))],
        ));
    }
    let dir = &args.dir;
    if dir.exists() && !is_empty_dir(dir) {
        return Ok(fail(
            2,
            format!(
                "{} exists and is not an empty folder: nothing was written",
                dir.display()
            ),
            &["name a new folder: `fray init my-content`"],
        ));
    }
    let built_in = ContentChoice {
        dir: None,
        alone: false,
    };
    let (db, problems) = content_source(built_in).check(cli, &[]);
    if !problems.is_empty() {
        print_problems(&problems);
        return Ok(fail(1, "the built-in content has problems", &[]));
    }
    let Some(starter) = starter(&db, &args.ruleset) else {
        return Ok(fail(
            1,
            format!(
                "the ruleset `{}` has no built-in encounter to start from",
                args.ruleset
            ),
            &[],
        ));
    };
    if let Err(e) = write_checked(cli, dir, &starter) {
        return Ok(fail(1, e, &[]));
    }
    let d = dir.display();
    writeln!(out, "Wrote {d}/ (over the built-in content):")?;
    for (path, _) in &starter.files {
        writeln!(out, "  {d}/{}", path.display())?;
    }
    writeln!(out)?;
    writeln!(out, "Next:")?;
    writeln!(
        out,
        "  fray check --content {d}                   # validate it"
    )?;
    writeln!(
        out,
        "  fray run {ENCOUNTER} --content {d}        # one fight, narrated"
    )?;
    writeln!(
        out,
        "  fray batch {ENCOUNTER} --content {d}      # 10 000 of them, summed up"
    )?;
    writeln!(out, "  fray show {} --content {d}", starter.monster)?;
    Ok(ExitCode::SUCCESS)
}

/// Whether `dir` is a folder with nothing in it.
fn is_empty_dir(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_none())
}

/// The starter files of `ruleset`: its first built-in encounter (by id) copied as
/// `my-first-fight`, with its last side's first statblock copied as a monster of one's own
/// (`my-<id>`, "My <Name>") that the encounter fields instead.
fn starter(db: &ContentDb, ruleset: &str) -> Option<Starter> {
    let mut encounters: Vec<_> = db.encounters().filter(|e| e.ruleset == ruleset).collect();
    encounters.sort_by(|a, b| a.id.cmp(&b.id));
    let spec = encounters.first()?;
    let source = db.encounter_source(&spec.id)?;
    let foe = spec.sides.last()?.combatants.first()?.statblock.clone();
    let summary = db
        .statblock_summaries(ruleset)
        .iter()
        .find(|s| s.id == foe)?;
    let monster_file = summary.source.and_then(|i| db.sources().get(i))?;
    let entry = entry_around(&monster_file.text, &format!("\"{foe}\""))?;
    let monster = format!("my-{foe}");
    let renamed_entry = entry
        .replacen(&format!("id: \"{foe}\""), &format!("id: \"{monster}\""), 1)
        .replacen(
            &format!("name: \"{}\"", summary.name),
            &format!("name: \"My {}\"", summary.name),
            1,
        );
    let monsters = format!(
        "// A monster of your own, copied from the built-in `{foe}` ({}): change its numbers,\n\
         // add more entries to this list. Statblock files sit in the ruleset's folder.\n\
         [\n    {renamed_entry},\n]\n",
        monster_file.path.display()
    );
    let encounter = source
        .text
        .replacen(
            &format!("id: \"{}\"", spec.id),
            &format!("id: \"{ENCOUNTER}\""),
            1,
        )
        .replacen(
            &format!("name: \"{}\"", spec.name),
            "name: \"My first fight\"",
            1,
        )
        .replace(
            &format!("statblock: \"{foe}\""),
            &format!("statblock: \"{monster}\""),
        );
    let encounter = format!(
        "// Your first encounter, copied from the built-in `{}` ({}): it fields your monster\n\
         // `{monster}`, and the built-in statblocks and map it names as they are.\n{encounter}",
        spec.id,
        source.path.display()
    );
    let readme = format!(
        "# Content of your own\n\n\
         This folder adds to Fray's built-in content: give it to any command with\n\
         `--content DIR` (DIR being this folder), e.g. `fray run {ENCOUNTER} --content DIR`.\n\
         An id defined here overrides the built-in one of the same id; everything else is\n\
         still there (`--only-content DIR` uses this folder alone).\n\n\
         - `{ruleset}/my-monsters.ron`: statblocks of the `{ruleset}` ruleset (a RON list).\n\
         - `{ruleset}/encounters/{ENCOUNTER}.ron`: an encounter (sides, map, options).\n\n\
         `fray check --content DIR` validates the folder (`file:line:col: message` for each\n\
         problem); `fray list --content DIR` shows where each id comes from; `fray show ID`\n\
         shows any statblock, encounter or map, to copy from.\n"
    );
    Some(Starter {
        files: vec![
            (PathBuf::from("README.md"), readme),
            (PathBuf::from(ruleset).join("my-monsters.ron"), monsters),
            (
                PathBuf::from(ruleset)
                    .join("encounters")
                    .join(format!("{ENCOUNTER}.ron")),
                encounter,
            ),
        ],
        monster,
    })
}

/// Writes the starter files into a hidden folder beside `dir`, checks them over the built-in
/// content, and moves the folder into place only when they load without a problem.
fn write_checked(cli: &CliEngine, dir: &Path, starter: &Starter) -> Result<(), String> {
    let name = dir
        .file_name()
        .ok_or_else(|| format!("{} names no folder", dir.display()))?;
    let temp = dir.with_file_name(format!(
        ".{}.{}.partial",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| {
        for (path, text) in &starter.files {
            let path = temp.join(path);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)
                    .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
            }
            std::fs::write(&path, text)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        let folder = ContentChoice {
            dir: Some(&temp),
            alone: false,
        };
        let (_, problems) = content_source(folder).check(cli, &[]);
        if !problems.is_empty() {
            print_problems(&problems);
            return Err(
                "the starter content does not load (a defect of fray: please report it)"
                    .to_string(),
            );
        }
        if dir.exists() {
            std::fs::remove_dir(dir)
                .map_err(|e| format!("cannot replace {}: {e}", dir.display()))?;
        }
        std::fs::rename(&temp, dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))
    })();
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&temp);
    }
    result
}
