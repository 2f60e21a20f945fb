//! `fray completions <SHELL>`: the shell's tab completion for every command and option.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use crate::Cli;

/// Arguments of `fray completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell: bash, elvish, fish, powershell or zsh.
    pub shell: Shell,
}

/// Writes the completion script for `args.shell` to `out`: for bash,
/// `fray completions bash > ~/.local/share/bash-completion/completions/fray`.
pub fn run(args: &CompletionsArgs, out: &mut impl Write) -> io::Result<ExitCode> {
    let mut command = Cli::command();
    clap_complete::generate(args.shell, &mut command, "fray", out);
    Ok(ExitCode::SUCCESS)
}
