//! `bohnanza host`'s command line: what it refuses before it listens.

use crate::support::cli::{code_and_stderr, run};

#[test]
fn a_stand_in_the_game_does_not_have_is_refused() {
    let data = tempfile::tempdir().unwrap();
    let (code, stderr) = code_and_stderr(
        data.path(),
        &[
            "host",
            "--listen",
            "127.0.0.1:0",
            "--headless",
            "--variant",
            "dice",
            "--stand-in",
            "expert",
        ],
    );
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("--stand-in") && stderr.contains("expert"),
        "{stderr}"
    );
}

/// Without a terminal (as here), the host's screen cannot be shown: `--headless` is asked
/// for, as a usage error.
#[test]
fn the_host_needs_an_address_and_without_a_terminal_headless() {
    let data = tempfile::tempdir().unwrap();
    let (code, stderr) = code_and_stderr(data.path(), &["host", "--listen", "127.0.0.1:0"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("--headless"), "{stderr}");
    let (code, stderr) = code_and_stderr(data.path(), &["host", "--headless"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("--listen"), "{stderr}");
}

#[test]
fn a_save_that_is_not_there_is_not_hosted() {
    let data = tempfile::tempdir().unwrap();
    let out = run(
        &[
            "host",
            "--listen",
            "127.0.0.1:0",
            "--headless",
            "--resume",
            "no-such-game.json",
        ],
        data.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cannot be hosted"), "{stderr}");
}
