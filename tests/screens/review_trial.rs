//! Issue 36: a position tried again from the review is a trial, never saved, from which Esc
//! or `q` (and the quit question's `y`) go back to the same review entry, at both games'
//! tables; `?` says so. The saved games list opens a finished game's review with `v`, and
//! shows when the game under the cursor was started (its file's name) and last played.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::coach_screen::{finished, finished_dice};
use crate::support::card_screen::*;
use crate::support::dice_screen;
use crate::support::replays::save_as;
use bohnanza::cards::screen::{CardTable, Mode};
use bohnanza::ui::coach::TRIAL_HELP;
use bohnanza::ui::saved_games::SavedGames;
use bohnanza::ui::{App, Overlay, Screen, SetupForm, Theme};

/// The finished card game with its review worked out, the cursor on its second entry.
fn reviewed_at_second_entry() -> App {
    let mut a = finished();
    press(&mut a, "r");
    a.think_all();
    let list = game(&a).shell.coach.review.clone().unwrap();
    assert!(list.mistakes().len() >= 2, "{list:?}");
    press(&mut a, "↓");
    a
}

/// The review's entry under the cursor, with the table back on the final scores.
fn review_entry(a: &App) -> usize {
    let g = game(a);
    assert_eq!(*g.mode(), Mode::GameOver, "the finished game is back");
    assert!(!g.in_trial());
    g.shell.coach.review.as_ref().expect("the review").selected
}

fn ctrl_c() -> KeyEvent {
    KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)
}

use bohnanza::ui::coach::Coaching as _;

#[test]
fn esc_or_q_leaves_a_trial_for_the_same_review_entry() {
    let mut a = reviewed_at_second_entry();
    let finished_record = game(&a).shell.record.clone();
    for leave in ["\x1b", "q"] {
        press(&mut a, "\n");
        assert!(game(&a).in_trial());
        assert!(game(&a).shell.saver.is_none(), "a trial is not saved");
        let screen = render(&a, 120, 40);
        assert!(screen.contains("Esc or q"), "{screen}");
        press(&mut a, leave);
        assert!(!a.quit);
        assert_eq!(review_entry(&a), 1, "{leave:?}");
        assert_eq!(game(&a).shell.record, finished_record);
        let said = game(&a).shell.message.clone().unwrap().0;
        assert!(said.starts_with("Back from the trial"), "{said}");
    }
    // After a move of the trial too.
    press(&mut a, "\n");
    let k = lazy_key(&a);
    press(&mut a, &k);
    a.run_bots();
    if game(&a).handoff().is_some() {
        press(&mut a, "\n");
    }
    press(&mut a, "q");
    assert!(!a.quit);
    assert_eq!(review_entry(&a), 1);
}

#[test]
fn the_help_of_a_trial_shows_the_way_back_and_quitting_goes_back_too() {
    let mut a = reviewed_at_second_entry();
    press(&mut a, "\n?");
    assert_eq!(a.overlay, Some(Overlay::Help));
    for (w, h) in [(80, 24), (120, 40)] {
        let help = render(&a, w, h);
        let first_words = &TRIAL_HELP[..40];
        assert!(help.contains(first_words), "{w}x{h}:\n{help}");
    }
    press(&mut a, "x");
    a.on_key(ctrl_c());
    assert_eq!(a.overlay, Some(Overlay::ConfirmQuit));
    insta::assert_snapshot!("trial_quit_question_80x24", render(&a, 80, 24));
    press(&mut a, "y");
    assert!(!a.quit, "y leaves the trial, not the program");
    assert_eq!(review_entry(&a), 1);
    press(&mut a, "\n");
    a.on_key(ctrl_c());
    a.on_key(ctrl_c());
    assert!(!a.quit, "so does a second Ctrl-C");
    assert_eq!(review_entry(&a), 1);
    // The finished game itself still quits.
    press(&mut a, "\x1bq");
    assert!(a.quit);
}

#[test]
fn esc_leaves_a_dice_trial_for_its_review() {
    let mut a = finished_dice();
    dice_screen::type_keys(&mut a, "r");
    a.think_all();
    dice_screen::type_keys(&mut a, "\n");
    assert!(dice_screen::dice(&a).in_trial());
    a.on_key(KeyEvent::from(KeyCode::Char('?')));
    let help = render(&a, 80, 24);
    assert!(help.contains(&TRIAL_HELP[..40]), "{help}");
    press(&mut a, "x\x1b");
    let t = dice_screen::dice(&a);
    assert!(!t.in_trial() && t.state.outcome().is_some());
    assert_eq!(t.shell.coach.review.as_ref().unwrap().selected, 0);
    // The same through the quit question: `q` opens none in a trial, it goes back.
    dice_screen::type_keys(&mut a, "\nq");
    assert!(!a.quit);
    assert!(!dice_screen::dice(&a).in_trial());
}

/// A data directory holding the finished game of Ana and two bots, named as the game's
/// saver names files (by its start), and a game cut short beside it.
fn saved_list() -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().unwrap();
    let record = game(&finished()).shell.record.clone();
    save_as(
        dir.path(),
        "2026-11-25_23-45_base_Ana-Bot1-Bot2.json",
        &record,
    );
    let mut running = record.clone();
    running.actions.truncate(20);
    running.finished = false;
    save_as(
        dir.path(),
        "2026-11-24_10-05_base_Ana-Bot1-Bot2.json",
        &running,
    );
    let mut form = SetupForm::new();
    form.games = Some(Box::new(SavedGames::load(dir.path())));
    form.listing = true;
    let a = App::setup(form, Theme::colored(), Some(dir.path().to_path_buf()), 1);
    (dir, a)
}

fn rows(a: &App) -> &SavedGames {
    match &a.screen {
        Screen::Setup(f) if f.listing => f.games.as_deref().unwrap(),
        _ => panic!("the saved games list is not on screen"),
    }
}

#[test]
fn v_on_the_saved_games_list_opens_a_finished_games_review_and_comes_back() {
    let (_dir, mut a) = saved_list();
    let finished_at = rows(&a).rows.iter().position(|r| r.finished).unwrap();
    let running_at = 1 - finished_at;
    rows(&a); // the list is on screen
    for _ in 0..running_at {
        press(&mut a, "↓");
    }
    let screen = render(&a, 80, 24);
    assert!(
        !screen.contains("v review"),
        "v is for finished games\n{screen}"
    );
    press(&mut a, "v");
    let said = rows(&a).message.clone().unwrap();
    assert!(said.contains("not over"), "{said}");
    press(
        &mut a,
        if finished_at > running_at {
            "↓"
        } else {
            "↑"
        },
    );
    let screen = render(&a, 80, 24);
    assert!(screen.contains("v review"), "{screen}");
    assert!(
        screen.contains("Started 2026-11-25 23:45, last played "),
        "the file's start beside the list's last played\n{screen}"
    );
    let screen = render(&a, 120, 40);
    assert!(
        screen.contains("(UTC): 2026-11-25_23-45_base_Ana-Bot1"),
        "the file's start beside the list's last played\n{screen}"
    );
    press(&mut a, "v");
    let table = a.shown::<CardTable>().expect("the finished game's table");
    assert!(table.shell.saver.is_none(), "nothing is saved again");
    assert!(table.shell.coach.review.is_some(), "its review is open");
    a.think_all();
    press(&mut a, "\n");
    assert!(game(&a).in_trial());
    press(&mut a, "\x1b");
    assert_eq!(review_entry(&a), 0);
    // Esc closes the review, q leaves the finished game: back to the list.
    press(&mut a, "\x1bq");
    assert!(!a.quit);
    assert_eq!(rows(&a).rows.len(), 2);
}
