//! The `bohnanza` command: the game, and the tools for rules testers and designers.

use std::process::ExitCode;

mod cli;

fn main() -> ExitCode {
    cli::run()
}
