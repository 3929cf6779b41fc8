//! `bohnanza --variant dice --position FILE.json`: the dice table opens at the position the
//! protocol's `state` reply gives, is saved with it and resumes from it; a bad file gets a
//! clear message and exit code 1.

use std::sync::Arc;

use crate::support::cli::code_and_stderr;
use bohnanza::dice::bots::names::GREEDY;
use bohnanza::dice::screen::DiceTable;
use bohnanza::dice::{DicePosition, DiceRuleset, DiceState};
use bohnanza::game::SeatKind;
use bohnanza::protocol::Session;
use bohnanza::store::RulesetSource;
use bohnanza::store::{self, Saver};
use serde_json::{Value, json};

/// A dice game's `state` reply after a few of its legal actions.
fn state_after(actions: usize) -> Value {
    let mut s = Session::new();
    s.handle_line(&json!({"new": {"variant": "dice", "players": 3, "seed": 8}}).to_string());
    for _ in 0..actions {
        let legal: Value = serde_json::from_str(&s.handle_line(r#"{"legal": 0}"#)).unwrap();
        let first = legal["legal"][0].clone();
        if first.is_null() {
            break;
        }
        s.handle_line(&json!({ "act": first }).to_string());
    }
    let reply: Value = serde_json::from_str(&s.handle_line(r#"{"state": null}"#)).unwrap();
    reply["state"].clone()
}

fn config() -> bohnanza::ui::GameConfig<bohnanza::dice::Dice> {
    bohnanza::ui::GameConfig::<bohnanza::dice::Dice>::new(
        Arc::new(DiceRuleset::standard()),
        RulesetSource::dice(),
        vec!["Ana".into(), "Ben".into(), "Cy".into()],
        vec![SeatKind::Bot(GREEDY); 3],
        8,
    )
}

#[test]
fn the_table_opens_at_the_position_is_saved_with_it_and_resumes_from_it() {
    let dir = tempfile::tempdir().unwrap();
    let state = state_after(3);
    let position: DicePosition = serde_json::from_value(state["position"].clone()).unwrap();
    let expected =
        DiceState::from_position(&Arc::new(DiceRuleset::standard()), position.clone()).unwrap();
    let c = config();
    let saver = Saver::for_new_game(dir.path(), &c.ruleset.name, &c.names);
    let mut t = DiceTable::at_position(c, position, Some(saver)).unwrap();
    assert_eq!(t.state, expected, "the table stands at the position");
    assert!(
        t.shell
            .log
            .iter()
            .any(|l| l.contains("begins at a position"))
    );
    let played = (0..40).take_while(|_| t.play_bot()).count();
    assert!(played > 0, "the bots play on from the position");

    let path = t.shell.saver.as_ref().unwrap().path().to_path_buf();
    let saved = store::read(&path).unwrap();
    assert_eq!(saved.position, Some(state["position"].clone()));
    assert_eq!(saved.actions.len(), played);
    let resumed = DiceTable::resume(saved, None).unwrap();
    assert_eq!(
        resumed.state, t.state,
        "resumed from the position, not the deal"
    );
}

#[test]
fn a_bad_dice_position_file_gets_a_clear_message_and_exit_code_1() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.json");
    let arg = file.to_str().unwrap();
    let mut twice = state_after(0);
    let first = twice["position"]["players"][0]["top"].clone();
    twice["position"]["players"][1]["top"] = first;
    for (text, message) in [
        (twice.to_string(), "is in two places"),
        (
            json!({"position": {"players": []}}).to_string(),
            "it is not a dice position",
        ),
        ("\u{1b}[2J".to_string(), "it is not a position"),
    ] {
        std::fs::write(&file, text).unwrap();
        let (code, stderr) = code_and_stderr(dir.path(), &["--position", arg, "--variant", "dice"]);
        assert_eq!(code, Some(1), "{stderr}");
        assert!(stderr.contains(message), "{message} in {stderr}");
        assert!(!stderr.contains('\u{1b}'), "{stderr:?}");
    }
    std::fs::write(&file, state_after(2).to_string()).unwrap();
    let (code, stderr) = code_and_stderr(
        dir.path(),
        &["--position", arg, "--variant", "dice", "--players", "5"],
    );
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("players: the position seats 3 players, not 5"),
        "{stderr}"
    );
}
