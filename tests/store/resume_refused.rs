//! `--resume FILE` reads and replays the whole file before it writes anything: a file that
//! is refused (a valid checksum over an action the rules refuse, small or of 16 MB, a card
//! game or the dice game, a damaged file) leaves the data directory exactly as it was, and
//! so does a good save resumed where no screen can open. A copy is made in `games/` only
//! once a move is played on screen (`saves.rs`, `replay.rs`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::support::cli::{output_within_stall, stderr};
use bohnanza::store::{self, Actions, RulesetSource, SavedGame, SavedSeat};
use serde_json::json;

/// Every file and folder under `dir`, with each file's size: what a change would show.
fn listing(dir: &Path) -> Vec<(PathBuf, Option<u64>)> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let entry = entry.unwrap();
            let meta = std::fs::symlink_metadata(entry.path()).unwrap();
            let name = entry.path().strip_prefix(dir).unwrap().to_path_buf();
            if meta.is_dir() {
                folders.push(entry.path());
                found.push((name, None));
            } else {
                found.push((name, Some(meta.len())));
            }
        }
    }
    found.sort();
    found
}

fn game(ruleset: RulesetSource, actions: Actions) -> SavedGame {
    SavedGame {
        ruleset,
        names: vec!["Ana".into(), "Ben".into(), "Cy".into()],
        seats: vec![SavedSeat::Human; 3],
        seed: 7,
        open_hands: false,
        actions,
        finished: false,
        position: None,
        tutor_asked: Vec::new(),
    }
}

fn base() -> RulesetSource {
    RulesetSource::variant("base").unwrap()
}

fn written(dir: &Path, name: &str, game: &SavedGame) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, store::encode(game)).unwrap();
    path
}

/// `bohnanza --resume FILE` with no terminal to open a screen on; its exit code and message.
fn resume(data: &Path, file: &Path) -> (Option<i32>, String) {
    let out = output_within_stall(
        Command::new(env!("CARGO_BIN_EXE_bohnanza"))
            .args(["--resume", file.to_str().unwrap()])
            .env("BOHNANZA_DATA_DIR", data)
            .stdout(Stdio::null()),
    );
    (out.status.code(), stderr(&out))
}

#[test]
fn a_refused_file_or_a_screen_that_never_opens_leaves_the_data_directory_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    // A data directory in use: a game of its own in games/, and something in damaged/.
    let own = game(base(), Actions::new());
    std::fs::create_dir_all(data.join("games")).unwrap();
    std::fs::create_dir_all(data.join("damaged")).unwrap();
    written(
        &data.join("games"),
        "2026-01-01_00-00_base_Ana-Ben-Cy.json",
        &own,
    );
    std::fs::write(data.join("damaged/old.json"), "{}").unwrap();

    let mut harvest = Actions::new();
    harvest.push(&json!({"player": 1, "type": "harvest", "field": 9}));
    let mut dice_roll = Actions::new();
    dice_roll.push(&json!({"player": 1, "type": "roll"}));
    let empty: Actions = std::iter::repeat_n(json!({}), 5_400_000).collect();
    let huge = game(base(), empty);
    let refused = [
        (
            "a card game whose first action is refused",
            "harvest.json",
            game(base(), harvest),
        ),
        (
            "a dice game whose first action is refused",
            "dice.json",
            game(RulesetSource::dice(), dice_roll),
        ),
        ("a 16 MB save of empty actions", "huge.json", huge),
    ];
    let before = listing(&data);
    for (what, name, saved) in &refused {
        let file = written(dir.path(), name, saved);
        let (code, said) = resume(&data, &file);
        assert_eq!(code, Some(1), "{what}: {said}");
        assert!(said.contains("the file is left as it is"), "{what}: {said}");
        assert_eq!(listing(&data), before, "{what} changed the data directory");
    }
    let huge = std::fs::metadata(dir.path().join("huge.json"))
        .unwrap()
        .len();
    assert!(huge > 16_000_000, "{huge} bytes");

    // A damaged file: its checksum no longer matches.
    let text = std::fs::read_to_string(dir.path().join("harvest.json")).unwrap();
    let damaged = dir.path().join("damaged.json");
    std::fs::write(&damaged, text.replacen("Ana", "Ann", 1)).unwrap();
    let (code, said) = resume(&data, &damaged);
    assert_eq!(code, Some(1), "{said}");
    assert_eq!(
        listing(&data),
        before,
        "a damaged file changed the data directory"
    );

    // A good game, card or dice, resumed with no terminal: the screen never opens, so no
    // copy is made.
    for (name, saved) in [
        ("good.json", game(base(), Actions::new())),
        (
            "good-dice.json",
            game(RulesetSource::dice(), Actions::new()),
        ),
    ] {
        let file = written(dir.path(), name, &saved);
        let (code, said) = resume(&data, &file);
        assert_ne!(code, Some(0), "{said}");
        assert!(said.contains("terminal"), "{said}");
        assert_eq!(listing(&data), before, "{name} left a copy");
    }
}
