//! The `fray` command line. Thin: it parses arguments, calls the library and prints.
//!
//! The facade crate passes in the rulesets ([`CliEngine`]), so this crate names no ruleset.

mod adhoc;
mod batch;
mod check;
mod compare;
mod completions;
mod content;
mod delve;
mod delve_csv;
mod delve_plot;
mod demo;
mod html;
mod import;
mod init;
mod list;
mod merge;
mod narrate;
mod output;
mod overrides;
mod play;
mod roll;
mod run;
mod show;
mod show_explore;
mod tournament;
mod tune;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::content::ContentChoice;
use clap::{Args, Parser, Subcommand};
use fray_content::loader::ContentLoader;
use fray_sim::engine::Install;

/// What the command line needs from the rest of Fray.
#[derive(Clone)]
pub struct CliEngine {
    /// Adds the core, the AI and every ruleset to an app.
    pub install: Install,
    /// Adds the adventure clock and every ruleset's exploration procedures to an app (after
    /// `install`).
    pub explore: Install,
    /// A content loader knowing every ruleset's schema and the AI policies.
    pub loader: ContentLoader,
    /// The AI policy names (for `--ai`).
    pub policies: &'static [&'static str],
    /// Whether a policy name (`lookahead:200` too) is known, or why not (for `--ai`).
    pub check_policy: fn(&str) -> Result<(), String>,
}

/// Fray: tabletop combat rules simulated on Bevy's ECS.
#[derive(Debug, Parser)]
#[command(name = "fray", version, long_about = None)]
pub struct Cli {
    /// Where content comes from, for the demo (each command that reads content takes the same
    /// options after its name).
    #[command(flatten)]
    pub source: ContentArgs,
    /// What to do (without one: a narrated demo fight, then 10 000 more).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Where content comes from: `--content DIR` over the built-in content, or `--only-content
/// DIR` alone. Taken by the commands that read content (not by `roll` or `completions`; by
/// `merge` for `--html` only), after the command's name or before it.
#[derive(Debug, Clone, Default, Args)]
pub struct ContentArgs {
    /// A content folder, over the content built into `fray`: its statblocks, encounters,
    /// maps and expeditions add to the built-in ones and override those of the same id
    /// (default: `content/` here when it holds content).
    #[arg(long, value_name = "DIR")]
    pub content: Option<PathBuf>,
    /// A content folder used alone, without the built-in content.
    #[arg(long, value_name = "DIR", conflicts_with = "content")]
    pub only_content: Option<PathBuf>,
}

impl ContentArgs {
    /// These options where given, else `outer` (those given before the command's name).
    fn or<'a>(&'a self, outer: &'a ContentArgs) -> ContentChoice<'a> {
        let given = if self.content.is_some() || self.only_content.is_some() {
            self
        } else {
            outer
        };
        match (&given.content, &given.only_content) {
            (_, Some(dir)) => ContentChoice {
                dir: Some(dir),
                alone: true,
            },
            (dir, None) => ContentChoice {
                dir: dir.as_deref(),
                alone: false,
            },
        }
    }
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play one fight and narrate it: `fray run archmage-bridge --seed 7`.
    Run(run::RunArgs),
    /// Play a fight yourself in the terminal: `fray play archmage-bridge --side Heroes`.
    Play(play::PlayArgs),
    /// Play a fight many times and sum it up: `fray batch archmage-bridge --runs 10000`.
    Batch(batch::BatchArgs),
    /// Compare two encounters, or one played two ways, with significance tests:
    /// `fray compare archmage-bridge --b-option lasting_wounds=true`.
    Compare(compare::CompareArgs),
    /// Sum the parts of a sharded batch into the whole: `fray merge part-*.json --json all.json`.
    Merge(merge::MergeArgs),
    /// Find the value of a knob - a statblock's count or level, a side's hit points or damage -
    /// that brings a side's win rate closest to a target:
    /// `fray tune archmage-mob --side Heroes --target 0.6 --vary count:reed-goblin-mook`.
    Tune(tune::TuneArgs),
    /// Play AI policies on one side of encounters, on the same seeds, and rank them by win rate:
    /// `fray tournament archmage-bridge bx-crypt --ai tactical,lookahead:200 --runs 500`.
    Tournament(tournament::TournamentArgs),
    /// List encounters, expeditions, dungeons, wildernesses, statblocks and options, by
    /// ruleset.
    List(list::ListArgs),
    /// Show what an encounter, an expedition, a dungeon, a wilderness, a map or a statblock
    /// holds, with the numbers its ruleset works out: `fray show bx:cleric-1`.
    Show(show::ShowArgs),
    /// Validate content files: prints `path:line:col: message` for each problem.
    Check(check::CheckArgs),
    /// Play an expedition through a dungeon and narrate it, or many and sum them up:
    /// `fray delve bx-barrow-raid --seed 7`, `fray delve bx-barrow-raid --runs 1000`.
    Delve(delve::DelveArgs),
    /// Write a starter content folder - an encounter and a monster of one's own over the
    /// built-in content: `fray init my-content --ruleset bx`.
    Init(init::InitArgs),
    /// Roll dice: `fray roll 4d6kh3 --times 6`.
    Roll(roll::RollArgs),
    /// Import an open bestiary as a ruleset's statblocks, with a report of what was left out:
    /// `fray import open5e vendor/open5e-srd-2014 --ruleset lite5e --out my-content/lite5e/srd`.
    Import(import::ImportArgs),
    /// Print the shell's tab completion, content ids included: `fray completions bash`.
    Completions(completions::CompletionsArgs),
}

/// Parses the process arguments and runs `fray`.
///
/// Output goes to stdout; when the reader goes away (`fray list | head -3`), `fray` stops
/// quietly and successfully, like other Unix tools.
pub fn run(engine: CliEngine) -> ExitCode {
    // A shell asking for completions (`COMPLETE=bash fray -- ...`) gets them and nothing else.
    clap_complete::CompleteEnv::with_factory(|| completions::command_with_ids(&engine))
        .var(completions::VAR)
        .complete();
    let cli = Cli::parse();
    let mut out = io::stdout().lock();
    let result = dispatch(&engine, cli, &mut out).and_then(|code| {
        out.flush()?;
        Ok(code)
    });
    exit_code(result)
}

/// Runs the command `cli` names, writing its output to `out`.
fn dispatch(engine: &CliEngine, cli: Cli, out: &mut impl Write) -> io::Result<ExitCode> {
    let outer = &cli.source;
    match cli.command {
        None => demo::run(engine, outer.or(outer), out),
        Some(Command::Run(args)) => run::run(engine, args.source.or(outer), &args, out),
        Some(Command::Play(args)) => play::run(engine, args.source.or(outer), &args),
        Some(Command::Batch(args)) => batch::run(engine, args.source.or(outer), &args, out),
        Some(Command::Compare(args)) => compare::run(engine, args.source.or(outer), &args, out),
        Some(Command::Tune(args)) => tune::run(engine, args.source.or(outer), &args, out),
        Some(Command::Tournament(args)) => {
            tournament::run(engine, args.source.or(outer), &args, out)
        }
        Some(Command::Merge(args)) => merge::run(engine, args.source.or(outer), &args, out),
        Some(Command::List(args)) => list::run(engine, args.source.or(outer), &args, out),
        Some(Command::Check(args)) => check::run(engine, args.source.or(outer), &args, out),
        Some(Command::Show(args)) => show::run(engine, args.source.or(outer), &args, out),
        Some(Command::Delve(args)) => delve::run(engine, args.source.or(outer), &args, out),
        Some(Command::Init(args)) => init::run(engine, &args, out),
        Some(Command::Roll(args)) => roll::run(&args, out),
        Some(Command::Import(args)) => import::run(engine, args.source.or(outer), &args, out),
        Some(Command::Completions(args)) => completions::run(&args, out),
    }
}

/// The exit code of a command: a closed pipe ends quietly and successfully, any other
/// output error is reported.
fn exit_code(result: io::Result<ExitCode>) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => fail(1, format!("cannot write the output: {e}"), &[]),
    }
}

/// Prints an error with hints and returns the exit code.
pub(crate) fn fail(code: u8, message: impl std::fmt::Display, hints: &[&str]) -> ExitCode {
    eprintln!("{} {message}", console::style("error:").red().bold());
    for hint in hints {
        eprintln!("  {} {hint}", console::style("hint:").cyan());
    }
    ExitCode::from(code)
}
