//! The built binary run as a person types a command, with a data directory of the test's own.

use std::path::Path;
use std::process::{Command, Output};

/// Runs `bohnanza ARGS` in the test's environment, to its end.
pub fn bohnanza(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bohnanza"))
        .args(args)
        .output()
        .unwrap()
}

/// Runs `bohnanza ARGS` with its data in `data`, to its end.
pub fn run(args: &[&str], data: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bohnanza"))
        .args(args)
        .env("BOHNANZA_DATA_DIR", data)
        .output()
        .unwrap()
}

/// What a run wrote to standard error.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The exit code and standard error of `bohnanza ARGS` run with its data in `data`.
pub fn code_and_stderr(data: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = run(args, data);
    (out.status.code(), stderr(&out))
}
