//! The built binary run as a person types a command, with a data directory of the test's own.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

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

/// How long a command given a pipe or a device may run before the test calls it stalled.
pub const STALL: Duration = Duration::from_secs(20);

/// Runs `command` to its end, its standard input empty and its standard error kept (the
/// caller says where standard output goes), failing the test if it still runs after
/// [`STALL`]: a read or a write that waits without end.
pub fn output_within_stall(command: &mut Command) -> Output {
    let mut child = command
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > STALL {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{command:?} was still running after {STALL:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Makes a named pipe at `path`: a file that a reader waits on until someone writes.
pub fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success());
}
