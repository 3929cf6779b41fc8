//! `bohnanza export FILE`.

use crate::cli::locate;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use bohnanza::text::sanitize;

/// `bohnanza export FILE`: a saved game as the protocol's JSON lines on standard output.
pub fn export(file: &Path) -> ExitCode {
    let path = locate(file, bohnanza::store::data_dir().as_deref());
    let shown_path = sanitize(&path.display().to_string()).into_owned();
    let exported = bohnanza::store::read(&path)
        .map_err(|e| e.to_string())
        .and_then(|saved| {
            bohnanza::store::export::export(&saved).map_err(|e| bohnanza::store::shown_lines(&e))
        });
    let exported = match exported {
        Ok(x) => x,
        Err(e) => {
            eprintln!("bohnanza: the saved game {shown_path} cannot be exported: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(w) = &exported.warning {
        eprintln!("bohnanza: {w}");
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = (exported.lines.iter())
        .try_for_each(|line| writeln!(out, "{line}"))
        .and_then(|()| out.flush());
    written.map_or_else(super::stdout::failed, |()| ExitCode::SUCCESS)
}
