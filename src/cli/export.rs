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
    let saved = match bohnanza::store::read(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("bohnanza: the saved game {shown_path} cannot be exported: {e}");
            return ExitCode::FAILURE;
        }
    };
    let exported = match bohnanza::store::export::export(&saved) {
        Ok(x) => x,
        Err(e) => {
            let e = bohnanza::store::shown_lines(&e);
            eprintln!("bohnanza: the saved game {shown_path} cannot be exported: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(w) = &exported.warning {
        eprintln!("bohnanza: {w}");
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in &exported.lines {
        if let Err(e) = writeln!(out, "{line}") {
            eprintln!("bohnanza: export: {e}");
            return ExitCode::FAILURE;
        }
    }
    match out.flush() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bohnanza: export: {e}");
            ExitCode::FAILURE
        }
    }
}
