//! Long runs show a progress bar on a terminal (`simulate` and `ladder` alike), and nothing
//! when standard error is not a terminal.

mod tmux_support;

use std::process::{Command, Stdio};
use std::time::Duration;

use tmux_support::{Tmux, has_tmux};

/// The binary with `args`, as a shell command line.
fn command(args: &str) -> String {
    format!("'{}' {args}", env!("CARGO_BIN_EXE_bohnanza"))
}

#[test]
fn a_long_run_shows_its_progress_on_a_terminal() {
    if !has_tmux() {
        eprintln!("NOTE: tmux is not installed, so the progress bar test did not run");
        return;
    }
    let t = Tmux::new("progress");
    // Far more games than the test waits for: the bar appears after a second.
    t.start(
        "simulate",
        &command("simulate --games 100000000 --players 3 --jobs 1"),
    );
    let screen = t.wait_for("simulate", "/100000000 games, ");
    assert!(screen.contains(" left"), "{screen}");
    t.start(
        "ladder",
        &command("ladder --bots greedy,random --players 3 --games 100000000 --jobs 1"),
    );
    let screen = t.wait_for("ladder", "/100000000 games, ");
    assert!(screen.contains(" left"), "{screen}");
}

#[test]
fn a_short_run_on_a_terminal_leaves_only_its_report() {
    if !has_tmux() {
        eprintln!("NOTE: tmux is not installed, so the progress bar test did not run");
        return;
    }
    let t = Tmux::new("progress-short");
    t.start("short", &command("simulate --games 3 --players 3"));
    let screen = t.wait_for("short", "EXITED 0");
    assert!(screen.contains("3 games of base"), "{screen}");
    assert!(!screen.contains("games, "), "no bar left behind:\n{screen}");
}

#[test]
fn progress_is_quiet_when_standard_error_is_not_a_terminal() {
    for args in [
        &[
            "simulate",
            "--games",
            "100000000",
            "--players",
            "3",
            "--jobs",
            "1",
        ][..],
        &[
            "ladder",
            "--bots",
            "greedy,random",
            "--players",
            "3",
            "--games",
            "100000000",
            "--jobs",
            "1",
        ],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bohnanza"))
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Past the second after which a terminal would show the bar.
        std::thread::sleep(Duration::from_millis(2500));
        child.kill().unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
