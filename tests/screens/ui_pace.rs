//! Issue 36: the pace a person chooses (the setup form's pace line, `<` `>` at the table),
//! and the digest of what the bots did while the person waited.

use crate::support::card_screen::*;
use bohnanza::cards::bots::names::GREEDY;
use bohnanza::game::SeatKind;
use bohnanza::ui::{App, Pace, SetupForm, Theme};

const H: SeatKind = SeatKind::Human;
const G: SeatKind = SeatKind::Bot(GREEDY);

/// The setup form with two players named, the cursor moved to the pace line.
fn setup_on_pace() -> App {
    let mut form = SetupForm::new();
    form.names[0] = "Ana".into();
    form.names[1] = "Ben".into();
    let mut a = App::setup(form, Theme::colored(), None, 1);
    let downs = setup_form(&a).pace_row();
    press(&mut a, &"↓".repeat(downs));
    a
}

fn setup_form(a: &App) -> &SetupForm {
    match &a.screen {
        bohnanza::ui::Screen::Setup(form) => form,
        _ => panic!("the setup screen"),
    }
}

#[test]
fn the_setup_forms_pace_line_steps_through_the_paces_and_the_game_starts_at_it() {
    let mut a = setup_on_pace();
    assert_eq!(setup_form(&a).pace, Pace::Normal, "normal unless chosen");
    insta::assert_snapshot!("setup_pace_normal_80x24", render(&a, 80, 24));
    press(&mut a, "→");
    assert_eq!(setup_form(&a).pace, Pace::Fast);
    press(&mut a, "→");
    insta::assert_snapshot!("setup_pace_instant_80x24", render(&a, 80, 24));
    press(&mut a, "→");
    assert_eq!(
        setup_form(&a).pace,
        Pace::Slow,
        "round from the fastest to the slowest"
    );
    press(&mut a, "←←");
    assert_eq!(setup_form(&a).pace, Pace::Fast);
    // Enter on the pace line goes to Start; Enter there starts at the pace chosen.
    press(&mut a, "\n");
    assert_eq!(setup_form(&a).row, setup_form(&a).start_row());
    press(&mut a, "\n");
    let wait = |a: &App| a.bot_wait();
    assert_eq!(wait(&a), None, "people alone: nothing waits");
    let bohnanza::ui::Screen::Table(t) = &a.screen else {
        panic!("the game started: {:?}", a.setup_error);
    };
    assert_eq!(t.pace(), Pace::Fast);
}

#[test]
fn s_starts_the_game_from_the_pace_line() {
    let mut a = setup_on_pace();
    press(&mut a, "s");
    assert!(
        matches!(a.screen, bohnanza::ui::Screen::Table(_)),
        "s starts the game from the pace line"
    );
}

#[test]
fn less_and_more_at_the_table_change_the_wait_of_a_bots_move_and_do_not_play_it() {
    let mut a = app_with_seats("base", &[G, H, G, G], 5);
    let shown = game(&a).bots().pending().cloned();
    assert!(shown.is_some(), "Greedy 1 begins: its move is shown");
    assert_eq!(a.bot_wait(), Some(Pace::Normal.bot_move()));
    press(&mut a, ">");
    assert_eq!(a.bot_wait(), Some(Pace::Fast.bot_move()));
    assert_eq!(
        game(&a).bots().pending(),
        shown.as_ref(),
        "the move shown still waits"
    );
    assert!(render(&a, 80, 24).contains("Pace: fast (< slower, > faster)."));
    press(&mut a, ">>");
    assert_eq!(a.bot_wait(), Some(Pace::Instant.bot_move()));
    assert!(render(&a, 80, 24).contains("The pace stays instant: it is the fastest."));
    press(&mut a, "<<<<");
    assert_eq!(a.bot_wait(), Some(Pace::Slow.bot_move()));
    assert_eq!(game(&a).bots().pending(), shown.as_ref());
    // Another key plays it, as ever; the next game at the table keeps the pace.
    press(&mut a, "x");
    assert_ne!(game(&a).bots().pending(), shown.as_ref());
    let again = game(&a).play_again().unwrap();
    assert_eq!(again.shell.pace, Pace::Slow);
}

/// Plays until the keyboard comes back to Ana (seat 0) with a digest on screen: she plays
/// her turn lazily, the bots theirs.
fn until_digest(a: &mut App) {
    for _ in 0..2000 {
        let g = game(a);
        if g.bots().waited().is_some() {
            return;
        }
        if g.bots().pending().is_some() {
            assert!(a.tick());
        } else if g.floor_line() {
            assert!(a.tick(), "the floor passes by itself");
        } else {
            let k = lazy_key(a);
            press(a, &k);
        }
    }
    panic!("no digest");
}

#[test]
fn the_keyboard_comes_back_with_what_the_bots_did_and_every_move_stays_in_the_log() {
    let mut a = app_with_seats("base", &[H, G, G, G], 3);
    until_digest(&mut a);
    let g = game(&a);
    let told = g.bots().waited().unwrap().to_string();
    assert!(told.starts_with("While you waited: Ben planted"), "{told}");
    assert!(told.ends_with("in the log (l)."), "{told}");
    assert!(g.shell.log.iter().any(|l| l == "── Ben's turn ──"));
    assert!(g.bots().pending().is_none(), "Ana is at the keyboard");
    insta::assert_snapshot!("digest_80x24", render(&a, 80, 24));
    // It stays until a move is played.
    press(&mut a, "?");
    press(&mut a, "x");
    assert!(
        game(&a).bots().waited().is_some(),
        "looking at the help keeps it"
    );
    let k = lazy_key(&a);
    press(&mut a, &k);
    let g = game(&a);
    assert!(
        g.bots().waited().is_none() || g.bots().waited() != Some(told.as_str()),
        "the next move clears it"
    );
}
