//! The exit status of a file the program cannot use is the same for every command that takes
//! one: 1, the program's own refusal; 2 stays clap's, for a command line it cannot parse
//! (docs/rules-testers.md, "Exit codes").

use crate::support::cli::{run, stderr};

#[test]
fn a_file_that_cannot_be_read_exits_1_for_every_command() {
    let data = tempfile::tempdir().unwrap();
    let missing = data.path().join("missing.json");
    let missing = missing.to_str().unwrap();
    let toml = data.path().join("missing.toml");
    let toml = toml.to_str().unwrap();
    for args in [
        &["review", missing][..],
        &["replay", missing],
        &["export", missing],
        &["--resume", missing],
        &["--position", missing, "--variant", "base"],
        &["check", toml],
        &["simulate", "--ruleset", toml, "--games", "1"],
    ] {
        let o = run(args, data.path());
        let said = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {said}");
        assert!(said.contains("missing."), "{args:?} names the file: {said}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_command_line_that_cannot_be_parsed_exits_2() {
    let data = tempfile::tempdir().unwrap();
    for args in [
        &["review"][..],
        &["export"],
        &["check"],
        &["replay", "a.json", "b.json"],
        &["--variant", "no-such-variant"],
    ] {
        let o = run(args, data.path());
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    }
}
