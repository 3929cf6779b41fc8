//! The saved games list on the setup screen: every game, unfinished and finished, newest
//! first, with its date, variant, players, moves and whose turn; resumed, replayed (leaving
//! the replay comes back) or deleted after asking; `?` on the form and the list; and a game
//! quit before its first move not kept.

use std::path::Path;
use std::time::{Duration, SystemTime};

use crate::support::replays::*;
use bohnanza::store::{Saver, library};
use bohnanza::ui::saved_games::SavedGames;
use bohnanza::ui::{App, Overlay, Screen, SetupForm, Theme};

/// A data directory with a finished 4-player game (older) and one cut after 40 actions
/// (newer).
fn two_games(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let done = save_as(dir, "done.json", &finished_game());
    let old = SystemTime::now() - Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&done)
        .unwrap()
        .set_modified(old)
        .unwrap();
    let running = save_as(dir, "running.json", &running_game(40));
    (done, running)
}

fn setup(dir: &Path) -> App {
    let mut form = SetupForm::new();
    form.games = Some(Box::new(SavedGames::load(dir)));
    App::setup(form, Theme::colored(), Some(dir.to_path_buf()), 1)
}

fn list(app: &App) -> &SavedGames {
    match &app.screen {
        Screen::Setup(f) if f.listing => f.games.as_deref().unwrap(),
        _ => panic!("the saved games list is not on screen"),
    }
}

/// Opens the list from the form: the row after Start.
fn open_list(app: &mut App) {
    press(app, "↑\n");
    assert!(!list(app).rows.is_empty());
}

#[test]
fn the_list_shows_each_game_newest_first_and_snapshots() {
    let dir = tempfile::tempdir().unwrap();
    two_games(dir.path());
    let mut a = setup(dir.path());
    let form = render(&a, 80, 24);
    assert!(
        form.contains("[ Saved games: 1 unfinished, 1 finished ]"),
        "{form}"
    );
    open_list(&mut a);
    let rows = &list(&a).rows;
    assert_eq!(rows.len(), 2);
    assert!(!rows[0].finished && rows[1].finished, "newest first");
    assert_eq!(rows[0].moves, 40);
    assert_eq!(rows[0].variant, "base");
    assert!(
        rows[0].standing.ends_with("'s turn"),
        "{}",
        rows[0].standing
    );
    assert!(rows[1].standing.ends_with("won") || rows[1].standing.ends_with("tied"));
    let screen = render(&a, 80, 24);
    assert!(screen.contains("Ana, Ben, Cy, Di"), "{screen}");
    for (w, h) in [(80, 24), (120, 40)] {
        insta::assert_snapshot!(
            format!("saved_games_{w}x{h}"),
            blank_dates(&render(&a, w, h))
        );
    }
}

/// The screen with every "YYYY-MM-DD HH:MM" made "0000-00-00 00:00": the files' times are
/// the test's.
fn blank_dates(screen: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = screen.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let window: String = chars[i..(i + 16).min(chars.len())].iter().collect();
        let is_date = window.len() == 16
            && window.chars().enumerate().all(|(k, c)| match k {
                4 | 7 => c == '-',
                10 => c == ' ',
                13 => c == ':',
                _ => c.is_ascii_digit(),
            });
        if is_date {
            out.push_str("0000-00-00 00:00");
            i += 16;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

#[test]
fn enter_resumes_an_unfinished_game_and_r_replays_one_and_leaving_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let (_, running) = two_games(dir.path());
    let mut a = setup(dir.path());
    open_list(&mut a);
    press(&mut a, "r");
    assert!(
        a.shown::<bohnanza::ui::Replay<bohnanza::cards::Cards>>()
            .is_some(),
        "r replays"
    );
    assert_eq!(replay(&a).reel().actions(), 40);
    press(&mut a, "q");
    assert!(!a.quit, "leaving the replay goes back to the list");
    assert_eq!(list(&a).rows.len(), 2);
    // Enter on a finished game replays it too.
    press(&mut a, "↓\n");
    assert!(
        a.shown::<bohnanza::ui::Replay<bohnanza::cards::Cards>>()
            .is_some()
    );
    press(&mut a, "q↑\n");
    let Some(game) = a.shown::<bohnanza::cards::screen::CardTable>() else {
        panic!("Enter resumes the unfinished game");
    };
    assert_eq!(game.shell.record.actions.len(), 40);
    assert_eq!(game.shell.saver.as_ref().unwrap().path(), running.as_path());
}

#[test]
fn d_asks_before_it_deletes() {
    let dir = tempfile::tempdir().unwrap();
    let (done, _) = two_games(dir.path());
    let mut a = setup(dir.path());
    open_list(&mut a);
    press(&mut a, "↓d");
    let asked = render(&a, 80, 24);
    assert!(asked.contains("Delete the game of"), "{asked}");
    press(&mut a, "n");
    assert!(done.exists(), "any key but y keeps it");
    assert_eq!(list(&a).message.as_deref(), Some("Nothing was deleted."));
    press(&mut a, "dy");
    assert!(!done.exists(), "y deletes it");
    assert_eq!(list(&a).rows.len(), 1);
    assert_eq!(library::list(dir.path()).0.len(), 1);
    // Esc goes back to the form, which counts what is left.
    press(&mut a, "\x1b");
    let form = render(&a, 80, 24);
    assert!(
        form.contains("[ Saved games: 1 unfinished, 0 finished ]"),
        "{form}"
    );
}

#[test]
fn question_mark_opens_the_help_on_the_form_and_on_the_list() {
    let dir = tempfile::tempdir().unwrap();
    two_games(dir.path());
    let mut a = setup(dir.path());
    press(&mut a, "↓↓?");
    assert_eq!(a.overlay, Some(Overlay::Help), "? is not typed into a name");
    let help = render(&a, 80, 24);
    assert!(help.contains("Saved games"), "{help}");
    press(&mut a, "x");
    assert_eq!(a.overlay, None);
    press(&mut a, "↑↑↑\n?");
    let help = render(&a, 80, 24);
    for k in bohnanza::ui::saved_games::LIST_KEYS {
        assert!(help.contains(k.help), "{} in\n{help}", k.help);
    }
    for k in bohnanza::ui::saved_games::LIST_KEYS {
        assert!(render(&a, 80, 24).contains(k.bar) || help.contains(k.bar));
    }
}

#[test]
fn the_replay_list_replays_with_enter_and_esc_quits() {
    let dir = tempfile::tempdir().unwrap();
    two_games(dir.path());
    let mut a = App::game_list(
        Theme::colored(),
        dir.path().to_path_buf(),
        SavedGames::load(dir.path()),
    );
    let screen = render(&a, 80, 24);
    assert!(screen.contains("Enter replay"), "{screen}");
    press(&mut a, "\n");
    assert!(
        a.shown::<bohnanza::ui::Replay<bohnanza::cards::Cards>>()
            .is_some(),
        "Enter replays the unfinished game"
    );
    press(&mut a, "q");
    assert!(!a.quit);
    press(&mut a, "\x1b");
    assert!(a.quit);
}

#[test]
fn a_game_quit_before_its_first_move_is_not_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut saver = Saver::for_new_game(dir.path(), "base", &["Ana".into(), "Ben".into()]);
    let mut record = running_game(0);
    assert!(saver.save(&record));
    assert!(saver.path().exists());
    assert!(saver.forget_if_unplayed(&record));
    assert!(
        !saver.path().exists(),
        "nothing was played: the file is gone"
    );
    // Played, it is kept; a resumed game's file is never removed.
    let mut saver = Saver::for_new_game(dir.path(), "base", &["Ana".into(), "Ben".into()]);
    assert!(saver.save(&record));
    record = running_game(3);
    assert!(saver.save(&record));
    assert!(!saver.forget_if_unplayed(&record));
    assert!(saver.path().exists());
    let mut resumed = Saver::resumed(saver.path().to_path_buf(), 3);
    assert!(resumed.save(&record));
    assert!(!resumed.forget_if_unplayed(&record));
    assert!(saver.path().exists());
}

#[test]
fn the_form_keeps_its_keys_on_screen_at_80_by_24_with_the_saved_games_line() {
    let dir = tempfile::tempdir().unwrap();
    two_games(dir.path());
    let mut a = setup(dir.path());
    let variants = match &a.screen {
        Screen::Setup(f) => f.variants.len(),
        _ => unreachable!(),
    };
    for _ in 0..variants {
        if let Screen::Setup(form) = &mut a.screen {
            form.players = *form.counts().last().unwrap();
        }
        let screen = render(&a, 80, 24);
        assert!(screen.contains("Saved games: 1 unfinished"), "{screen}");
        assert!(screen.contains("? help"), "{screen}");
        if let Screen::Setup(form) = &mut a.screen {
            form.change_variant(1);
        }
    }
}

#[test]
fn a_saved_dice_game_is_listed_with_whose_turn_and_resumed_on_the_dice_screen() {
    use bohnanza::dice::screen::DiceTable;
    use bohnanza::game::SeatKind;
    let dir = tempfile::tempdir().unwrap();
    let config = bohnanza::ui::GameConfig::<bohnanza::dice::Dice>::new(
        std::sync::Arc::new(bohnanza::dice::DiceRuleset::standard()),
        bohnanza::store::RulesetSource::dice(),
        ["Ana", "Ben"].map(String::from).to_vec(),
        vec![SeatKind::Human; 2],
        3,
    );
    let table = DiceTable::new(config, None).unwrap();
    save_as(dir.path(), "dice.json", &table.shell.record);
    let mut a = setup(dir.path());
    open_list(&mut a);
    let row = &list(&a).rows[0];
    assert_eq!((row.variant.as_str(), row.moves), ("dice", 0));
    assert_eq!(row.standing, "Ana's turn");
    press(&mut a, "\n");
    assert!(
        a.shown::<bohnanza::dice::screen::DiceTable>().is_some(),
        "Enter resumes it"
    );
}

#[test]
fn listing_fifty_whole_games_is_quick() {
    let dir = tempfile::tempdir().unwrap();
    let record = finished_game();
    for i in 0..50 {
        save_as(dir.path(), &format!("game{i}.json"), &record);
    }
    let start = std::time::Instant::now();
    let games = SavedGames::load(dir.path());
    let took = start.elapsed();
    eprintln!("50 games of 421 actions listed, each replayed, in {took:?}");
    assert_eq!(games.rows.len(), 50);
    assert!(games.rows.iter().all(|r| r.standing.ends_with("won")));
    assert!(took < Duration::from_secs(10), "{took:?}");
}

/// Issue 36: the list says what `r` will show: the public table for a game not over whose
/// hands are hidden, every hand for a finished one; and it does so.
#[test]
fn the_list_says_whether_r_replays_with_every_hand_or_the_public_table() {
    let dir = tempfile::tempdir().unwrap();
    two_games(dir.path());
    let mut a = setup(dir.path());
    open_list(&mut a);
    let rows = &list(&a).rows;
    assert!(rows[0].hides_hands && !rows[1].hides_hands, "{rows:?}");
    let screen = render(&a, 120, 40);
    assert!(screen.contains("r replay: public table"), "{screen}");
    assert!(
        screen.contains("r replays it at the public table: the game is not over"),
        "{screen}"
    );
    press(&mut a, "↓");
    let screen = render(&a, 120, 40);
    assert!(screen.contains("r replay: every hand"), "{screen}");
    assert!(
        !screen.contains("replays it at the public table"),
        "{screen}"
    );
    press(&mut a, "↑r");
    assert!(replay(&a).hands_hidden());
    assert!(render(&a, 120, 40).contains("Hands are hidden: this is the shared table."));
}
