//! Every command that takes a file, given a path that is not a file of ours: a FIFO, a
//! folder, a symlink to a FIFO, `/dev/zero`, a huge file, and a damaged save outside the
//! data directory. Each is refused at once with a message (never a stall on a pipe nor a
//! read without end), and nothing named is moved, renamed or written.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::support::cli::{mkfifo, output_within_stall, stderr};

/// Runs the binary with `args`; its status and standard error, or a failure if it hangs.
fn run(data_dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = output_within_stall(
        Command::new(env!("CARGO_BIN_EXE_bohnanza"))
            .args(args)
            .env("BOHNANZA_DATA_DIR", data_dir)
            .stdout(Stdio::null()),
    );
    (out.status.code(), stderr(&out))
}

/// The commands that read a file named on the command line, `FILE` standing for it.
const COMMANDS: &[&[&str]] = &[
    &["--resume", "FILE"],
    &["replay", "FILE"],
    &["export", "FILE"],
    &["--position", "FILE"],
    &["--ruleset", "FILE"],
    &["check", "FILE"],
    &["simulate", "--ruleset", "FILE", "--games", "1"],
    &["simulate", "--against", "FILE", "--games", "1"],
    &["simulate-merge", "FILE"],
    &[
        "ladder",
        "--ruleset",
        "FILE",
        "--bots",
        "random,greedy",
        "--games",
        "1",
    ],
    &["review", "FILE"],
];

fn with_file<'a>(command: &[&'a str], file: &'a str) -> Vec<&'a str> {
    command
        .iter()
        .map(|a| if *a == "FILE" { file } else { a })
        .collect()
}

struct Paths {
    _dir: tempfile::TempDir,
    data: PathBuf,
    hostile: Vec<(&'static str, PathBuf)>,
}

fn paths() -> Paths {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let fifo = dir.path().join("f.json");
    mkfifo(&fifo);
    let folder = dir.path().join("folder.json");
    std::fs::create_dir(&folder).unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    let huge = dir.path().join("huge.json");
    let file = std::fs::File::create(&huge).unwrap();
    file.set_len(64 << 20).unwrap();
    Paths {
        data,
        hostile: vec![
            ("a FIFO", fifo),
            ("a folder", folder),
            ("a symlink to a FIFO", link),
            ("/dev/zero", PathBuf::from("/dev/zero")),
            ("a 64 MB file", huge),
        ],
        _dir: dir,
    }
}

#[test]
fn pipes_devices_folders_and_huge_files_are_refused_by_every_command() {
    let p = paths();
    for command in COMMANDS {
        for (what, path) in &p.hostile {
            let args = with_file(command, path.to_str().unwrap());
            let (code, stderr) = run(&p.data, &args);
            assert_ne!(code, Some(0), "{args:?} on {what}: {stderr}");
            assert!(!stderr.trim().is_empty(), "{args:?} on {what} says why");
            assert!(!stderr.contains('\u{1b}'), "{stderr:?}");
            assert!(path.exists() || path.is_symlink(), "{what} is left alone");
        }
    }
    assert!(!p.data.join("damaged").exists(), "nothing was moved aside");
}

/// The issue's reproduction: `--resume v/notes.json` moved the user's file into the data
/// directory's `damaged/`. A file named on the command line is only read, whatever it
/// holds, by every command.
#[test]
fn a_file_outside_the_data_directory_is_never_moved_or_written() {
    let p = paths();
    let notes = p.data.parent().unwrap().join("notes.json");
    let text = r#"{"my":"notes"}"#;
    std::fs::write(&notes, text).unwrap();
    for command in COMMANDS {
        let args = with_file(command, notes.to_str().unwrap());
        let (code, stderr) = run(&p.data, &args);
        assert_ne!(code, Some(0), "{args:?}: {stderr}");
        assert_eq!(
            std::fs::read_to_string(&notes).unwrap(),
            text,
            "{args:?} changed the file: {stderr}"
        );
    }
    let (_, stderr) = run(&p.data, &["--resume", notes.to_str().unwrap()]);
    assert!(stderr.contains("the file is left as it is"), "{stderr}");
    assert!(!stderr.contains("moved to"), "{stderr}");
    assert!(!p.data.join("damaged").exists());
}

/// A path is text a person typed, and may hold an escape sequence or a bidi override (a
/// file name made to clear the screen, or to read backwards): every command that names the
/// file in its refusal shows those characters replaced, whether the file is missing or is
/// there and refused.
#[test]
fn a_path_with_control_characters_is_named_safely_by_every_command() {
    let p = paths();
    let dir = p.data.parent().unwrap();
    let there = dir.join("evil\u{1b}[2J\u{202e}.json");
    std::fs::write(&there, r#"{"my":"notes"}"#).unwrap();
    let missing = dir.join("gone\u{1b}]0;title\u{7}.json");
    for command in COMMANDS {
        for path in [&there, &missing] {
            let args = with_file(command, path.to_str().unwrap());
            let (code, stderr) = run(&p.data, &args);
            assert_ne!(code, Some(0), "{args:?}: {stderr}");
            assert!(
                !stderr.contains(['\u{1b}', '\u{7}', '\u{202e}']),
                "{args:?} printed the path as typed: {stderr:?}"
            );
            assert!(
                stderr.contains("evil") || stderr.contains("gone"),
                "{args:?} names the file: {stderr}"
            );
        }
    }
}
