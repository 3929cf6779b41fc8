//! `bohnanza replay` on the real binary in tmux: without a file it lists the saved games,
//! Enter opens one, it steps by the keys the key bar names, searches the log, shows its
//! help, and `c` goes on playing from the cursor in a new save file after asking who sits
//! where; the same for a dice game.

use crate::support::tmux::{Tmux, command, has_tmux};
use crate::support::{dice_screen, replays};
use bohnanza::cards::bots::names;
use bohnanza::store::library;

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
    let record = replays::people_game(120);
    let actions = record.actions.len();
    let original = replays::save_as(dir.path(), "running.json", &record);
    let bytes = std::fs::read(&original).unwrap();

    let t = Tmux::new("replay");
    let s = "replay";
    let key = |k: &str| {
        t.run(&["send-keys", "-t", s, k]);
    };
    t.start(s, &command(dir.path(), "replay"));
    let list = t.wait_for(s, "saved games: 1 unfinished, 0 finished");
    assert!(list.contains(&format!("{actions}  ")), "{list}");
    key("Enter");
    t.wait_for(s, &format!("Replay: action {actions} of {actions}"));
    key("Left");
    t.wait_for(s, &format!("Replay: action {} of {actions}", actions - 1));
    t.keys(s, &["<"]);
    let screen = t.wait_for(
        s,
        &format!("Replay: action 0 of {actions}, turn 1, phase 1"),
    );
    // The game is not over and its hands are hidden: the public table only.
    assert!(
        screen.contains("Hands are hidden: this is the shared table."),
        "{screen}"
    );
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
    t.wait_for(s, "Continue from here: seats");
    key("Enter");
    let handoff = t.wait_for(s, "— press ");
    // The hand-off names the key that takes the seat: "press B or 2".
    let seat = handoff
        .split("— press ")
        .nth(1)
        .and_then(|rest| rest.chars().next())
        .expect("the hand-off names a key")
        .to_string();
    t.take_seat(s, &seat);
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
    // Quit before a move of its own, the continued game is not kept (the tests of
    // tests/replay.rs follow its file while it is played).
    assert!(
        screen.contains("Nothing was played, so the game is not kept."),
        "{screen}"
    );
    let (games, problems) = library::list(dir.path());
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(
        games.len(),
        1,
        "only the original: {at} actions were not played here"
    );
}

#[test]
fn replay_steps_through_a_running_dice_game_and_continues_it() {
    use bohnanza::game::SeatKind;
    use bohnanza::store::SavedSeat;
    use bohnanza::ui::{App, Theme};
    if !has_tmux() {
        eprintln!(
            "NOTE: tmux is not installed, so the end-to-end test did not run (CI installs it)"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let bots = vec![SeatKind::Bot(names::GREEDY); 3];
    let mut app = App::playing(dice_screen::table(&bots, 5), Theme::colored());
    app.run_bots();
    let Some(played) = app.shown::<bohnanza::dice::screen::DiceTable>() else {
        panic!("the dice game is on screen");
    };
    // Cut short and played by people, so it is the running game and the continued game
    // waits for keys.
    let mut record = played.shell.record.clone();
    record.actions.truncate(60);
    record.finished = false;
    record.seats = vec![SavedSeat::of(SeatKind::Human); 3];
    let original = replays::save_as(dir.path(), "dice.json", &record);
    let bytes = std::fs::read(&original).unwrap();

    let t = Tmux::new("replaydice");
    let s = "replaydice";
    t.start(s, &command(dir.path(), "replay"));
    t.wait_for(s, "saved games: 1 unfinished");
    t.keys(s, &["Enter"]);
    t.wait_for(s, "Replay: action 60 of 60");
    t.keys(s, &["Left"]);
    t.wait_for(s, "Replay: action 59 of 60");
    t.keys(s, &["<"]);
    t.wait_for(s, "Replay: action 0 of 60, turn 1 ");
    t.keys(s, &["}"]);
    t.wait_for(s, "turn 2 ");
    t.keys(s, &["g", "3", "Enter"]);
    let screen = t.wait_for(s, "turn 3 ");
    let start = screen
        .split("Replay: action ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse::<usize>().ok())
        .expect("the header says the action");
    // Waited for by its number: the status said "Action …" before the key too.
    let at = start + 1;
    t.keys(s, &["Right"]);
    t.wait_for(s, &format!("Replay: action {at} of 60"));
    t.keys(s, &["?"]);
    t.wait_for(s, "Replay: keys");
    t.keys(s, &["x"]);
    t.wait_for(s, "c continue");
    t.keys(s, &["c"]);
    t.wait_for(s, "Continue from here: seats");
    t.keys(s, &["Enter"]);
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
    // Quit before a move of its own, the continued game is not kept (the tests of
    // tests/replay.rs follow its file while it is played).
    assert!(
        screen.contains("Nothing was played, so the game is not kept."),
        "{screen}"
    );
    let (games, problems) = library::list(dir.path());
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(
        games.len(),
        1,
        "only the original: {at} actions were not played here"
    );
}

#[test]
fn at_80_by_24_the_list_opens_a_game_and_slash_searches_its_log() {
    if !has_tmux() {
        eprintln!("NOTE: tmux is not installed, so the end-to-end test did not run");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    replays::save_as(dir.path(), "done.json", &replays::finished_game());
    replays::save_as(dir.path(), "running.json", &replays::running_game(90));
    let t = Tmux::new("replaysearch");
    let s = "replaysearch";
    t.start(s, &command(dir.path(), "replay"));
    t.run(&["resize-window", "-t", s, "-x", "80", "-y", "24"]);
    let list = t.wait_for(s, "saved games: 1 unfinished, 1 finished");
    println!("{list}");
    t.keys(s, &["Down", "Enter"]);
    t.wait_for(s, "Replay: action ");
    t.keys(s, &["<", "/"]);
    t.wait_for(s, "Search the log for:");
    t.run(&["send-keys", "-t", s, "-l", "traded"]);
    t.keys(s, &["Enter"]);
    let found = t.wait_for(s, "“traded”: action ");
    println!("{found}");
    assert!(found.contains("n next, N previous"), "{found}");
    t.keys(s, &["n"]);
    t.wait_for(s, ", 2 of ");
    t.keys(s, &["q"]);
    t.wait_for(s, "saved games: 1 unfinished, 1 finished");
    t.keys(s, &["Escape"]);
    let screen = t.wait_for(s, "EXITED");
    assert!(screen.contains("EXITED 0"), "{screen}");
}

/// Issue 36: `bohnanza replay FILE` of a game not over, its hands hidden, shows the public
/// table and no hand; `--open-hands` asks in a window first, and only `y` shows them.
#[test]
fn an_unfinished_game_replays_without_hands_and_open_hands_asks_first() {
    if !has_tmux() {
        eprintln!("NOTE: tmux is not installed, so the end-to-end test did not run");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = replays::save_as(dir.path(), "running.json", &replays::running_game(90));
    let file = file.display().to_string();
    let t = Tmux::new("replayhidden");
    let s = "replayhidden";
    t.start(s, &command(dir.path(), &format!("replay '{file}'")));
    // The hand pane is drawn below the header: waiting for it, the whole screen is there.
    let screen = t.wait_for(s, "Hands are hidden: this is the shared table.");
    assert!(screen.contains("· hands hidden"), "{screen}");
    assert!(!screen.contains("Every hand"), "{screen}");
    t.keys(s, &["<"]);
    let screen = t.wait_for(s, "Replay: action 0 of 90");
    assert!(!screen.contains("Every hand"), "{screen}");
    t.keys(s, &["q"]);
    t.wait_for(s, "EXITED 0");

    let t = Tmux::new("replayopen");
    let s = "replayopen";
    let open = command(dir.path(), &format!("replay --open-hands '{file}'"));
    t.start(s, &open);
    // The prompt line at the bottom is drawn last.
    let asked = t.wait_for(s, "Show every player's hand?");
    assert!(asked.contains("Show every hand?"), "{asked}");
    assert!(
        asked.contains("anyone who sees it learns what the others hold"),
        "{asked}"
    );
    assert!(!asked.contains("Every hand (open hands)"), "{asked}");
    t.keys(s, &["n"]);
    t.wait_for(s, "Hands stay hidden");
    t.keys(s, &["q"]);
    t.wait_for(s, "EXITED 0");

    let t = Tmux::new("replayyes");
    let s = "replayyes";
    t.start(s, &open);
    t.wait_for(s, "Show every hand?");
    t.keys(s, &["y"]);
    let shown = t.wait_for(s, "Every hand (open hands)");
    assert!(!shown.contains("hands hidden"), "{shown}");
    t.keys(s, &["q"]);
    t.wait_for(s, "EXITED 0");
}
