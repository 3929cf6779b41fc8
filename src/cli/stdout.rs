//! What the commands print on standard output, written so that a reader that stops early
//! (`bohnanza export FILE | head`) ends the command quietly: `print!` would panic ("failed
//! printing to stdout"), since Rust programs do not die of SIGPIPE.

use std::io::{self, Write};
use std::process::ExitCode;

/// The exit status of a command whose reader went away: 128 + SIGPIPE, as a shell reports
/// a filter that SIGPIPE ended.
const READER_GONE: u8 = 141;

/// Writes `text` to standard output and flushes it; `Err` is the status to exit with.
pub fn print(text: impl AsRef<[u8]>) -> Result<(), ExitCode> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_ref())
        .and_then(|()| out.flush())
        .map_err(failed)
}

/// Writes `text` to standard output as a command's last word: its exit status.
pub fn print_last(text: impl AsRef<[u8]>) -> ExitCode {
    print(text).map_or_else(|code| code, |()| ExitCode::SUCCESS)
}

/// The exit status for a failed write to standard output: quietly 141 when the reader
/// stopped reading, else the reason on standard error (a full disk) and status 1.
pub fn failed(e: io::Error) -> ExitCode {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::from(READER_GONE);
    }
    eprintln!("bohnanza: standard output: {e}");
    ExitCode::FAILURE
}
