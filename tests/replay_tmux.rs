//! `bohnanza replay` on the real binary in tmux: it opens the running game, steps by the
//! keys the key bar names, shows its help, and `c` goes on playing from the cursor in a new
//! save file; the same for a dice game.

mod dicescreen_support;
mod replay_support;
mod tmux_support;

use bohnanza::store::library;
use tmux_support::{Tmux, command, has_tmux};

#[test]
fn replay_steps_through_the_running_game_and_continues_it() {
    if !has_tmux() {
        eprintln!(
            "NOTE: tmux is not installed, so the end-to-end test did not run (CI installs it)"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // People at every seat, so the continued game waits for keys.
    let record = replay_support::people_game(120);
    let actions = record.actions.len();
    let original = replay_support::save_as(dir.path(), "running.json", &record);
    let bytes = std::fs::read(&original).unwrap();

    let t = Tmux::new("replay");
    let s = "replay";
    let key = |k: &str| {
        t.run(&["send-keys", "-t", s, k]);
    };
    t.start(s, &command(dir.path(), "replay"));
    t.wait_for(s, &format!("Replay: action {actions} of {actions}"));
    key("Left");
    t.wait_for(s, &format!("Replay: action {} of {actions}", actions - 1));
    key("Home");
    let screen = t.wait_for(
        s,
        &format!("Replay: action 0 of {actions}, turn 1, phase 1"),
    );
    assert!(screen.contains("Every hand (open hands)"), "{screen}");
    t.keys(s, &["}"]);
    t.wait_for(s, "turn 2, phase 1 (plant)");
    t.keys(s, &["g", "5"]);
    t.wait_for(s, "Go to turn: 5");
    key("Enter");
    t.wait_for(s, "turn 5, phase 1 (plant)");
    key("S-Right");
    t.wait_for(s, "turn 6, phase 1 (plant)");
    t.keys(s, &["]"]);
    let screen = t.wait_for(s, "turn 6, phase 2 (trade)");
    let at = screen
        .split("Replay: action ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse::<usize>().ok())
        .expect("the header says the action");
    t.keys(s, &["?"]);
    t.wait_for(s, "Replay: keys");
    t.keys(s, &["x"]);
    t.wait_for(s, "c continue");
    t.keys(s, &["c"]);
    t.wait_for(s, "press Enter");
    key("Enter");
    t.wait_for(s, &format!("continued from action {at} of"));
    // Ctrl-C asks first, as q does; a second Ctrl-C quits.
    key("C-c");
    t.wait_for(s, "Quit?");
    key("C-c");
    let screen = t.wait_for(s, "EXITED");
    assert!(screen.contains("EXITED 0"), "{screen}");

    assert_eq!(
        std::fs::read(&original).unwrap(),
        bytes,
        "the original is untouched"
    );
    let (games, problems) = library::list(dir.path());
    assert!(problems.is_empty(), "{problems:?}");
    let new = games
        .iter()
        .find(|g| g.path != original)
        .expect("a new save");
    assert_eq!(new.game.actions, record.actions[..at].to_vec());
}

#[test]
fn replay_steps_through_a_running_dice_game_and_continues_it() {
    use bohnanza::dice::bots::DiceBotKind;
    use bohnanza::store::SavedSeat;
    use bohnanza::ui::dice::DiceSeat;
    use bohnanza::ui::{App, Screen, Theme};
    if !has_tmux() {
        eprintln!(
            "NOTE: tmux is not installed, so the end-to-end test did not run (CI installs it)"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let bots = vec![DiceSeat::Bot(DiceBotKind::Greedy); 3];
    let mut app = App::playing_dice(dicescreen_support::table(&bots, 5), Theme::colored());
    app.run_bots();
    let Screen::Dice(played) = &app.screen else {
        panic!("the dice game is on screen");
    };
    // Cut short and played by people, so it is the running game and the continued game
    // waits for keys.
    let mut record = played.record.clone();
    record.actions.truncate(60);
    record.finished = false;
    record.seats = vec![SavedSeat::of(DiceSeat::Human); 3];
    let original = replay_support::save_as(dir.path(), "dice.json", &record);
    let bytes = std::fs::read(&original).unwrap();

    let t = Tmux::new("replaydice");
    let s = "replaydice";
    t.start(s, &command(dir.path(), "replay"));
    t.wait_for(s, "Replay: action 60 of 60");
    t.keys(s, &["Left"]);
    t.wait_for(s, "Replay: action 59 of 60");
    t.run(&["send-keys", "-t", s, "Home"]);
    t.wait_for(s, "Replay: action 0 of 60, turn 1 ");
    t.keys(s, &["}"]);
    t.wait_for(s, "turn 2 ");
    t.keys(s, &["g", "3", "Enter"]);
    t.wait_for(s, "turn 3 ");
    t.keys(s, &["["]);
    t.wait_for(s, "no phases");
    t.keys(s, &["Right"]);
    let screen = t.wait_for(s, "Action ");
    let at = screen
        .split("Replay: action ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse::<usize>().ok())
        .expect("the header says the action");
    t.keys(s, &["?"]);
    t.wait_for(s, "Replay: keys");
    t.keys(s, &["x"]);
    t.wait_for(s, "c continue");
    t.keys(s, &["c"]);
    t.wait_for(s, &format!("continued from action {at} of"));
    t.run(&["send-keys", "-t", s, "C-c"]);
    t.wait_for(s, "Quit?");
    t.run(&["send-keys", "-t", s, "C-c"]);
    let screen = t.wait_for(s, "EXITED");
    assert!(screen.contains("EXITED 0"), "{screen}");

    assert_eq!(
        std::fs::read(&original).unwrap(),
        bytes,
        "the original is untouched"
    );
    let (games, problems) = library::list(dir.path());
    assert!(problems.is_empty(), "{problems:?}");
    let new = games
        .iter()
        .find(|g| g.path != original)
        .expect("a new save");
    assert_eq!(new.game.actions, record.actions[..at].to_vec());
}
