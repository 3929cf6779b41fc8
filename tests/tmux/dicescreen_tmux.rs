//! The dice game in a real terminal: tmux starts it, rolls, saves dice, watches the bot's
//! turn, and quits, the game saved.

use crate::support::tmux::{Tmux, command, has_tmux};

#[test]
fn roll_save_and_quit_the_dice_game_in_tmux() {
    if !has_tmux() {
        eprintln!("NOTE: tmux is not installed, so the dice end-to-end test did not run");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux::new("dice");
    t.start(
        "dice",
        &command(
            dir.path(),
            "--variant dice --players 2 --seats human,expect --names Ana,Ben --seed 7",
        ),
    );
    let first = t.wait_for("dice", "Ana rolls the dice.");
    assert!(first.contains("Bean field: empty"), "{first}");
    assert!(first.contains("Ben (expect)"), "{first}");
    t.keys("dice", &["r"]);
    t.wait_for("dice", "Ana saves at least one die just rolled.");
    t.keys("dice", &["1"]);
    t.wait_for("dice", "1* ");
    t.keys("dice", &["Enter"]);
    let saved = t.wait_for("dice", "Ana saved die 1 in the bean field.");
    assert!(saved.contains("Bean field: darker 1 "), "{saved}");
    t.keys("dice", &["r", "2", "3", "4", "5", "Enter"]);
    t.wait_for("dice", "Ana passes the bean piece.");
    t.keys("dice", &["p"]);
    // The bot plays its turn at a visible pace, and hands the bean piece back.
    t.wait_for("dice", "Ben rolled ");
    t.wait_for("dice", "Ben passed the bean piece to Ana.");
    t.keys("dice", &["q"]);
    t.wait_for("dice", "The game is saved after every move");
    t.keys("dice", &["y"]);
    let after = t.wait_for("dice", "EXITED 0");
    assert!(after.contains("The game is saved in"), "{after}");
    assert!(
        after.contains("`bohnanza --resume` continues it"),
        "{after}"
    );
    let games = std::fs::read_dir(dir.path().join("games")).unwrap().count();
    assert_eq!(games, 1, "the game has its file");
}
