//! `bohnanza replay` refusing what it cannot show: status 1 and the save layer's message,
//! never a terminal taken over for nothing, and a damaged file left where it is.

use crate::support::cli::{run, stderr};
use crate::support::replays;

#[test]
fn a_missing_or_damaged_file_exits_1_with_the_save_layers_message() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(&["replay", "nowhere.json"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("nowhere.json cannot be replayed: it cannot be read"));

    let record = replays::running_game(30);
    let path = replays::save_as(dir.path(), "cut.json", &record);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, &text[..text.len() / 2]).unwrap();
    let out = run(&["replay", "cut.json"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let said = stderr(&out);
    assert!(
        said.contains("cut.json cannot be replayed: it is damaged"),
        "{said}"
    );
    assert!(
        path.exists(),
        "the viewer only reads: the file stays where it is"
    );
}

#[test]
fn a_damaged_dice_save_is_refused_with_the_save_layers_message() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dice.json");
    let game = serde_json::json!({
        "format": 2,
        "checksum": "sha256:0",
        "game": {"ruleset": {"origin": "dice", "toml": "[[die]]\nfaces = []\n"}},
    });
    std::fs::write(&path, game.to_string()).unwrap();
    let out = run(&["replay", path.to_str().unwrap()], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let said = stderr(&out);
    assert!(said.contains("dice.json cannot be replayed"), "{said}");
}

#[test]
fn without_a_file_and_without_a_saved_game_it_says_where_it_looked() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(&["replay"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let said = stderr(&out);
    assert!(said.contains("no saved game in"), "{said}");
    assert!(said.contains("bohnanza replay FILE"), "{said}");
}

#[test]
fn a_saved_dice_game_that_does_not_replay_is_refused_naming_the_action() {
    use bohnanza::dice::screen::DiceTable;
    use bohnanza::dice::{DiceAction, DiceRuleset};
    use bohnanza::game::SeatKind;
    use bohnanza::store::Saver;
    let dir = tempfile::tempdir().unwrap();
    let names = vec!["Ana".to_string(), "Ben".to_string()];
    let config = bohnanza::ui::GameConfig::<bohnanza::dice::Dice>::new(
        std::sync::Arc::new(DiceRuleset::standard()),
        bohnanza::store::RulesetSource::dice(),
        names,
        vec![SeatKind::Human; 2],
        1,
    );
    let mut table = DiceTable::new(config, None).unwrap();
    assert!(table.act(0, &DiceAction::Roll));
    let mut record = table.shell.record.clone();
    let first = record.actions.get(0).unwrap();
    record.actions.push(&first);
    let path = dir.path().join("dice.json");
    assert!(Saver::at(path.clone()).save(&record));
    let out = run(&["replay", path.to_str().unwrap()], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let said = stderr(&out);
    assert!(said.contains("dice.json"), "{said}");
    assert!(said.contains("action 2 was refused"), "{said}");
}
