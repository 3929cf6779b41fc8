//! `bohnanza export` and `bohnanza --resume FILE` as a person types them, for card games and
//! the dice game.

use bohnanza::cards::bots::names;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::support::card_screen;
use crate::support::cli::{mkfifo, output_within_stall};
use bohnanza::cards::Cards;
use bohnanza::cards::screen::CardTable;
use bohnanza::game::SeatKind;
use bohnanza::store::RulesetSource;
use bohnanza::store::{self, Saver, export};
use bohnanza::ui::GameConfig;

fn run(args: &[&str], data: &Path, input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bohnanza"))
        .args(args)
        .env("BOHNANZA_DATA_DIR", data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Greedy bots play `moves` moves of `c` (unsaved, then saved once); returns the game and
/// its file.
fn saved(data: &Path, mut c: GameConfig<Cards>, moves: usize) -> (CardTable, PathBuf) {
    c.seats = vec![SeatKind::Bot(names::GREEDY); c.names.len()];
    let mut saver = Saver::for_new_game(data, &c.ruleset.name, &c.names);
    let mut g = CardTable::new(c, None).unwrap();
    for _ in 0..moves {
        if !g.play_bot() {
            break;
        }
    }
    assert!(saver.save(&g.shell.record));
    (g, saver.path().to_path_buf())
}

#[test]
fn export_then_script_replays_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let (g, path) = saved(dir.path(), card_screen::config(4, 3, false), 300);
    // By its name in the data directory, as the resume list shows it.
    let name = path.file_name().unwrap().to_str().unwrap();
    let out = run(&["export", name], dir.path(), "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines = text(&out.stdout);
    let expected = export::export(&store::read(&path).unwrap()).unwrap().lines;
    assert_eq!(lines.lines().collect::<Vec<_>>(), expected);
    assert!(
        lines.starts_with(r#"{"new":{"players":4,"seed":3,"#),
        "{lines}"
    );

    let session = format!("{lines}{{\"state\": null}}\n");
    let replies = run(&["script"], dir.path(), &session);
    assert!(replies.status.success());
    let replies = text(&replies.stdout);
    let replies: Vec<&str> = replies.lines().collect();
    assert_eq!(replies.len(), expected.len() + 1);
    assert!(replies.iter().all(|r| !r.starts_with(r#"{"error""#)));
    let state: serde_json::Value = serde_json::from_str(replies.last().unwrap()).unwrap();
    assert_eq!(state["state"]["turn"], g.state.turn());
    let coins: Vec<u64> = (0..4)
        .map(|p| state["state"]["players"][p]["coins"].as_u64().unwrap())
        .collect();
    let expected_coins: Vec<u64> = g
        .state
        .full_view()
        .seats
        .iter()
        .map(|s| u64::from(s.coins))
        .collect();
    assert_eq!(coins, expected_coins);
}

#[test]
fn a_custom_ruleset_is_exported_by_its_path_with_a_warning_once_it_changed() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mine.toml");
    let text_of = bohnanza::rulesets::BUILT_IN[0].text;
    std::fs::write(&file, text_of).unwrap();
    let mut c = card_screen::config(3, 9, false);
    c.source = RulesetSource {
        origin: file.display().to_string(),
        toml: text_of.to_string(),
    };
    let (_, path) = saved(dir.path(), c, 30);
    let out = run(&["export", path.to_str().unwrap()], dir.path(), "");
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "{}",
        text(&out.stderr)
    );
    assert!(text(&out.stdout).contains(&format!(r#""ruleset":"{}""#, file.display())));
    std::fs::write(&file, "# changed\n").unwrap();
    let out = run(&["export", path.to_str().unwrap()], dir.path(), "");
    assert!(out.status.success());
    assert!(text(&out.stderr).contains("no longer holds the same text"));
}

/// A save's ruleset path is the file's word, not the player's: one naming `/dev/zero` or a
/// pipe (a save written by hand, its checksum made to match) is not read without end nor
/// waited on by `export`, which checks whether the ruleset changed; it warns and goes on.
#[test]
fn export_does_not_read_a_device_or_pipe_a_save_names_as_its_ruleset() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("rules.toml");
    mkfifo(&fifo);
    for origin in ["/dev/zero".to_string(), fifo.display().to_string()] {
        let mut c = card_screen::config(3, 9, false);
        c.source = RulesetSource {
            origin: origin.clone(),
            toml: bohnanza::rulesets::BUILT_IN[0]
                .text
                .replace("Bohnanza\"", "Mine\""),
        };
        let (_, path) = saved(dir.path(), c, 3);
        let out = output_within_stall(
            Command::new(env!("CARGO_BIN_EXE_bohnanza"))
                .args(["export", path.to_str().unwrap()])
                .env("BOHNANZA_DATA_DIR", dir.path())
                .stdout(Stdio::piped()),
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(
            text(&out.stderr).contains("that file cannot be read now"),
            "{}",
            text(&out.stderr)
        );
        assert!(text(&out.stdout).contains(r#""ruleset":"#));
        std::fs::remove_file(&path).unwrap();
    }
}

#[test]
fn resume_file_refuses_damaged_and_finished_games_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    // A damaged save: moved aside, and the message says where.
    let (_, path) = saved(dir.path(), card_screen::config(3, 1, false), 20);
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 40]).unwrap();
    let out = run(&["--resume", path.to_str().unwrap()], dir.path(), "");
    assert_eq!(out.status.code(), Some(1));
    let e = text(&out.stderr);
    let aside = dir.path().join("damaged").join(path.file_name().unwrap());
    assert!(e.contains(&format!("moved to {}", aside.display())), "{e}");
    assert!(aside.exists() && !path.exists());

    // A finished game, its player's name an escape sequence: told, and made safe.
    let mut c = card_screen::config(3, 2, false);
    c.names[0] = "\u{1b}]0;pwned\u{7}".to_string();
    let (g, path) = saved(dir.path(), c, 100_000);
    assert!(g.state.is_over());
    let out = run(&["--resume", path.to_str().unwrap()], dir.path(), "");
    assert_eq!(out.status.code(), Some(1));
    let e = text(&out.stderr);
    assert!(e.contains("is over") && e.contains("]0;pwned"), "{e}");
    assert!(!e.contains('\u{1b}') && !e.contains('\u{7}'), "{e:?}");

    // Nothing unfinished left to resume; export still reads the finished game.
    let out = run(&["--resume"], dir.path(), "");
    assert!(text(&out.stderr).contains("no saved game to resume"));
    let out = run(&["export", path.to_str().unwrap()], dir.path(), "");
    assert!(out.status.success());
    let out = run(&["export", "nothing-here.json"], dir.path(), "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot be exported"));
}

#[test]
fn resume_with_several_games_and_no_answer_says_how_to_pick_one() {
    let dir = tempfile::tempdir().unwrap();
    saved(dir.path(), card_screen::config(3, 1, false), 3);
    saved(dir.path(), card_screen::config(4, 2, false), 1);
    let out = run(&["--resume"], dir.path(), "");
    assert_eq!(out.status.code(), Some(1));
    let list = text(&out.stdout);
    assert!(list.contains("Several unfinished games are saved"));
    assert!(text(&out.stderr).contains("--resume FILE"));
    // Counted as people count: "1 move", "3 moves".
    assert!(
        list.contains("; 1 move)") && list.contains("; 3 moves)"),
        "{list}"
    );
}

/// An answer to "Which one?" that is not a number from the list (one past it, a word, bytes
/// that are not text, a megabyte of digits) picks nothing, and says so as the list's own
/// words do, with how to pick a game instead; it never quotes the reader's error.
#[test]
fn resume_refuses_an_answer_that_is_not_a_number_from_the_list() {
    let dir = tempfile::tempdir().unwrap();
    saved(dir.path(), card_screen::config(3, 1, false), 3);
    saved(dir.path(), card_screen::config(4, 2, false), 3);
    let digits = vec![b'1'; 1 << 20];
    for input in [&b"3\n"[..], b"two\n", b"\xff\xfe\n", &digits] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bohnanza"))
            .arg("--resume")
            .env("BOHNANZA_DATA_DIR", dir.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The answer is read no further than a number could go: the rest may not be taken.
        let _ = child.stdin.take().unwrap().write_all(input);
        let out = child.wait_with_output().unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(
            err.contains("no game was picked") && err.contains("--resume FILE"),
            "{err}"
        );
    }
}

/// A dice game of bots played `moves` moves, saved in `data`; returns its file.
fn saved_dice(
    data: &Path,
    seed: u64,
    moves: usize,
) -> (bohnanza::dice::screen::DiceTable, PathBuf) {
    use bohnanza::dice::bots::names::{EXPECT, GREEDY};
    use bohnanza::dice::screen::DiceTable;
    use bohnanza::game::SeatKind;
    let c = bohnanza::ui::GameConfig::<bohnanza::dice::Dice>::new(
        std::sync::Arc::new(bohnanza::dice::DiceRuleset::standard()),
        RulesetSource::dice(),
        vec!["Ana".into(), "Ben".into()],
        vec![SeatKind::Bot(GREEDY), SeatKind::Bot(EXPECT)],
        seed,
    );
    let saver = Saver::for_new_game(data, &c.ruleset.name, &c.names);
    let mut t = DiceTable::new(c, Some(saver)).unwrap();
    for _ in 0..moves {
        if !t.play_bot() {
            break;
        }
    }
    let path = t.shell.saver.as_ref().unwrap().path().to_path_buf();
    (t, path)
}

#[test]
fn an_exported_dice_game_replays_in_script_to_the_same_state() {
    let dir = tempfile::tempdir().unwrap();
    let (t, path) = saved_dice(dir.path(), 6, 100_000);
    assert!(t.state.outcome().is_some());
    let name = path.file_name().unwrap().to_str().unwrap();
    let out = run(&["export", name], dir.path(), "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines = text(&out.stdout);
    assert!(lines.contains(r#""variant":"dice""#), "{lines:.200}");
    assert_eq!(lines.lines().count(), t.shell.record.actions.len() + 1);

    let session = format!("{lines}{{\"state\": null}}\n");
    let replies = run(&["script"], dir.path(), &session);
    assert!(replies.status.success());
    let replies = text(&replies.stdout);
    assert!(
        replies.lines().all(|r| !r.starts_with(r#"{"error""#)),
        "{replies}"
    );
    let state: serde_json::Value = serde_json::from_str(replies.lines().last().unwrap()).unwrap();
    let expected = serde_json::to_value(t.state.view()).unwrap();
    for (key, value) in expected.as_object().unwrap() {
        assert_eq!(&state["state"][key], value, "{key}");
    }
}

#[test]
fn resume_lists_unfinished_card_and_dice_games_together() {
    let dir = tempfile::tempdir().unwrap();
    saved(dir.path(), card_screen::config(3, 1, false), 3);
    saved_dice(dir.path(), 2, 5);
    let out = run(&["--resume"], dir.path(), "");
    assert_eq!(out.status.code(), Some(1));
    let list = text(&out.stdout);
    assert!(
        list.contains("Several unfinished games are saved"),
        "{list}"
    );
    assert!(
        list.contains("_base_") && list.contains("_dice_Ana-Ben"),
        "{list}"
    );
    assert!(list.contains("(Ana, Ben; 5 moves)"), "{list}");
}

/// Every command that prints, its reader gone before it writes (`bohnanza export FILE |
/// head -0`): it ends quietly, status 141 as a shell reports a filter ended by SIGPIPE,
/// never with a panic ("failed printing to stdout") or an error for a reader that had
/// heard enough. The pipe's reader is closed before the command starts.
#[test]
fn every_printing_command_ends_quietly_when_its_reader_stops() {
    let dir = tempfile::tempdir().unwrap();
    let (_, save) = saved(dir.path(), card_screen::config(3, 1, false), 6);
    let save = save.to_str().unwrap();
    let report = dir.path().join("run.json");
    let out = Command::new(env!("CARGO_BIN_EXE_bohnanza"))
        .args(["simulate", "--games", "2", "--format", "json"])
        .output()
        .unwrap();
    std::fs::write(&report, out.stdout).unwrap();
    let report = report.to_str().unwrap();
    let base = concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/base.toml");
    let commands: &[&[&str]] = &[
        &["variants"],
        &["check", base],
        &["man"],
        &["completions", "bash"],
        &["export", save],
        &["review", save, "--playouts", "1"],
        &["simulate", "--games", "2"],
        &["simulate", "--games", "2", "--format", "csv"],
        &["simulate", "--games", "2", "--against-variant", "classic"],
        &["simulate-merge", report],
        &["ladder", "--bots", "random,greedy", "--games", "2"],
        &["script"],
    ];
    for args in commands {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let mut child = Command::new(env!("CARGO_BIN_EXE_bohnanza"))
            .args(*args)
            .env("BOHNANZA_DATA_DIR", dir.path())
            .stdin(Stdio::piped())
            .stdout(writer)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(b"{\"new\": {\"players\": 3}}\n{\"legal\": 0}\n");
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let err = text(&out.stderr);
        assert!(err.is_empty(), "{args:?} said: {err}");
        assert_eq!(out.status.code(), Some(141), "{args:?}");
    }
}
