//! The `fray` command line. Thin: it parses arguments, calls the library and prints.

mod roll;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Fray: tabletop combat rules simulated on Bevy's ECS.
#[derive(Debug, Parser)]
#[command(name = "fray", version, about, long_about = None)]
pub struct Cli {
    /// What to do (without one, a short welcome).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Roll dice: `fray roll 4d6kh3 --times 6`.
    Roll(roll::RollArgs),
}

/// Parses the process arguments and runs `fray`.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Roll(args)) => roll::run(&args),
        None => {
            print!("{}", welcome());
            ExitCode::SUCCESS
        }
    }
}

fn welcome() -> String {
    "Fray - tabletop combat rules on Bevy's ECS.\n\n\
     Try:\n  \
       fray roll 4d6kh3 --times 6          roll ability scores\n  \
       fray roll '2d20kh1+5' --seed 7      an attack with advantage, reproducibly\n  \
       fray roll 'd60+2d3' --times 20000 --stats\n\n\
     Run `fray --help` for every command.\n"
        .to_string()
}
