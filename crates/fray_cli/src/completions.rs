//! `fray completions <SHELL>`: the shell's tab completion for every command and option, and
//! for the ids of the content the commands take (encounters, expeditions, statblocks, maps).
//!
//! The script the command prints asks `fray` itself for the candidates as one types
//! (`COMPLETE=<shell> fray -- <words>`), so ids come from the content in use where one types:
//! the built-in content, with a `./content` folder over it.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Args, CommandFactory};
use clap_complete::Shell;
use clap_complete::engine::{ArgValueCandidates, CompletionCandidate};
use clap_complete::env::Shells;
use fray_content::db::ContentDb;
use fray_explore::charter::ExpeditionSpec;

use crate::content::{ContentChoice, content_source};
use crate::{Cli, CliEngine, fail};

/// The environment variable that asks `fray` for completions instead of running a command.
pub(crate) const VAR: &str = "COMPLETE";

/// Arguments of `fray completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell: bash, elvish, fish, powershell or zsh.
    pub shell: Shell,
}

/// Writes the completion script for `args.shell` to `out`: for bash,
/// `fray completions bash > ~/.local/share/bash-completion/completions/fray`.
pub fn run(args: &CompletionsArgs, out: &mut impl Write) -> io::Result<ExitCode> {
    let name = args.shell.to_string();
    let shells = Shells::builtins();
    let Some(shell) = shells.completer(&name) else {
        return Ok(fail(
            2,
            format!("no completion for the shell `{name}`"),
            &[],
        ));
    };
    shell.write_registration(VAR, "fray", "fray", "fray", out)?;
    Ok(ExitCode::SUCCESS)
}

/// What kind of id an argument takes.
#[derive(Debug, Clone, Copy)]
enum Ids {
    /// An encounter's.
    Encounters,
    /// An expedition's.
    Expeditions,
    /// Anything `fray show` shows: encounters, maps and statblocks (`ruleset:id` where
    /// several rulesets share an id).
    Shown,
}

/// The command line, with the candidates of each argument that takes a content id.
pub(crate) fn command_with_ids(engine: &CliEngine) -> clap::Command {
    let ids = |kind: Ids| {
        let engine = engine.clone();
        ArgValueCandidates::new(move || candidates(&engine, kind))
    };
    let on = |command: clap::Command, sub: &str, arg: &str, kind: Ids| {
        command.mut_subcommand(sub, |c| c.mut_arg(arg, |a| a.add(ids(kind))))
    };
    let mut command = Cli::command();
    for sub in ["run", "play", "batch", "tune"] {
        command = on(command, sub, "encounter", Ids::Encounters);
    }
    command = on(command, "compare", "a", Ids::Encounters);
    command = on(command, "compare", "b", Ids::Encounters);
    command = on(command, "tournament", "encounters", Ids::Encounters);
    command = on(command, "delve", "expedition", Ids::Expeditions);
    on(command, "show", "id", Ids::Shown)
}

/// The ids of `kind` in the content in use here, each with its name as help.
fn candidates(engine: &CliEngine, kind: Ids) -> Vec<CompletionCandidate> {
    let here = ContentChoice {
        dir: None,
        alone: false,
    };
    let (db, _) = content_source(here).check(engine, &[]);
    let mut found: Vec<(String, String)> = match kind {
        Ids::Encounters => encounters(&db),
        Ids::Expeditions => db
            .documents_of::<ExpeditionSpec>()
            .into_iter()
            .flat_map(|d| d.iter())
            .map(|e| (e.id.clone(), e.name.clone()))
            .collect(),
        Ids::Shown => {
            let mut all = encounters(&db);
            all.extend(db.map_ids().into_iter().map(|id| (id, "map".to_string())));
            let rulesets: Vec<&str> = engine.loader.ruleset_ids().collect();
            for ruleset in &rulesets {
                for s in db.statblock_summaries(ruleset) {
                    let shared = rulesets
                        .iter()
                        .filter(|r| *r != ruleset)
                        .any(|r| db.statblock_summaries(r).iter().any(|o| o.id == s.id));
                    let id = if shared {
                        format!("{ruleset}:{}", s.id)
                    } else {
                        s.id.clone()
                    };
                    all.push((id, format!("{} ({ruleset} {})", s.name, s.kind)));
                }
            }
            all
        }
    };
    found.sort();
    found.dedup_by(|a, b| a.0 == b.0);
    found
        .into_iter()
        .map(|(id, help)| CompletionCandidate::new(id).help(Some(help.into())))
        .collect()
}

/// Every encounter id, with its name.
fn encounters(db: &ContentDb) -> Vec<(String, String)> {
    db.encounters()
        .map(|e| (e.id.clone(), e.name.clone()))
        .collect()
}
