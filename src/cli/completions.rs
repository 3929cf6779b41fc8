//! `bohnanza completions SHELL`: the shell's completion script, generated from the same
//! command definitions the program parses with, so it cannot drift from the flags.

use std::process::ExitCode;

use clap_complete::Shell;

/// Writes the completion script for `shell` to standard output.
pub fn completions(shell: Shell) -> ExitCode {
    let mut command = super::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "bohnanza", &mut script);
    super::stdout::print_last(script)
}
