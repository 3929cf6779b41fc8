//! `bohnanza script`.

use std::io::{self};
use std::process::ExitCode;

use bohnanza::protocol;

/// Speaks the headless protocol on standard input and output.
pub fn script() -> ExitCode {
    let stdin = io::stdin();
    match protocol::run(stdin.lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => super::stdout::failed(e),
        Err(e) => {
            eprintln!("bohnanza script: {e}");
            ExitCode::FAILURE
        }
    }
}
