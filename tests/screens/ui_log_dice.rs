//! The log on the dice game's screen: the whole game's log kept and scrolled, the
//! full-screen log by turn, and the header that says which game this is.

use crate::support::dice_screen::*;
use bohnanza::ui::{App, Overlay, Theme};
use crossterm::event::{KeyCode, KeyModifiers, MouseEvent, MouseEventKind};

/// Three patient players (seed 2) for `moves` rounds of keys, drawn at 80×24.
fn played(moves: usize) -> App {
    let mut a = app(3, 2, Theme::plain());
    for _ in 0..moves {
        if dice(&a).state.outcome().is_some() {
            break;
        }
        let keys = patient_keys(&a);
        type_keys(&mut a, &keys);
    }
    render(&a, 80, 24);
    a
}

fn press(a: &mut App, code: KeyCode) {
    a.on_key(key(code));
    render(a, 80, 24);
}

#[test]
fn the_whole_game_is_kept_and_home_shows_its_start() {
    let mut a = played(10_000);
    assert!(dice(&a).state.outcome().is_some(), "the game ended");
    let lines = dice(&a).shell.log.len();
    // The whole game, and far under the 100,000 lines kept.
    assert!((100..5_000).contains(&lines), "{lines} lines");
    assert_eq!(
        dice(&a).shell.log[..2],
        [
            "── Ana's turn ──".to_string(),
            "Ana takes the bean piece and the dice.".to_string()
        ]
    );
    // The bean piece passed as the game ends begins no turn.
    let log = &dice(&a).shell.log;
    assert!(log[lines - 1].starts_with("Game over: "), "{log:?}");
    assert!(!log[lines - 2].starts_with("── "), "{log:?}");
    let headings = log.iter().filter(|l| l.starts_with("── ")).count();
    assert_eq!(dice(&a).turn as usize, headings);
    press(&mut a, KeyCode::Home);
    let screen = render(&a, 80, 24);
    assert!(
        screen.contains("Ana takes the bean piece and the dice."),
        "{screen}"
    );
    assert!(screen.contains(&format!("of {lines}, End for the newest")));
    press(&mut a, KeyCode::End);
    assert!(dice(&a).shell.log_scroll.at_newest());
}

#[test]
fn the_turn_counts_every_turn_heading() {
    let a = played(300);
    let t = dice(&a);
    let headings = t.shell.log.iter().filter(|l| l.starts_with("── ")).count();
    assert_eq!(t.turn as usize, headings);
    let top = render(&a, 80, 24).lines().next().unwrap().to_string();
    assert!(
        top.contains(&format!("dice · seed 2 · turn {}", t.turn)),
        "{top}"
    );
}

#[test]
fn page_up_then_a_roll_keeps_the_reader_where_they_were() {
    let mut a = played(60);
    press(&mut a, KeyCode::PageUp);
    let title = |a: &App| {
        render(a, 80, 24)
            .lines()
            .find(|l| l.contains("Log: lines"))
            .map(|l| l.split(" of ").next().unwrap().to_string())
    };
    let before = title(&a);
    assert!(before.is_some());
    let lines = dice(&a).shell.log.len();
    while dice(&a).shell.log.len() == lines {
        let keys = patient_keys(&a);
        type_keys(&mut a, &keys);
    }
    assert_eq!(title(&a), before);
}

#[test]
fn l_opens_the_log_by_turn_and_the_wheel_scrolls_it() {
    let mut a = played(60);
    press(&mut a, KeyCode::Char('l'));
    assert_eq!(a.overlay, Some(Overlay::Log));
    let turn = dice(&a).turn;
    let screen = render(&a, 80, 24);
    assert!(screen.contains(&format!("Turn {turn} — ")), "{screen}");
    a.on_mouse(MouseEvent {
        kind: MouseEventKind::ScrollUp,
        column: 40,
        row: 10,
        modifiers: KeyModifiers::NONE,
    });
    assert!(!dice(&a).shell.log_scroll.at_newest());
    // Rolling keys do nothing while the log is open.
    let state = dice(&a).state.clone();
    type_keys(&mut a, "r1\np");
    assert_eq!(dice(&a).state, state);
    press(&mut a, KeyCode::Esc);
    assert_eq!(a.overlay, None);
}

#[test]
fn snapshots_of_the_dice_log() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = played(60);
        render(&a, w, h);
        a.on_key(key(KeyCode::PageUp));
        insta::assert_snapshot!(format!("dice_scrolled_log_{w}x{h}"), render(&a, w, h));
        a.on_key(key(KeyCode::End));
        a.on_key(key(KeyCode::Char('l')));
        insta::assert_snapshot!(format!("dice_full_log_{w}x{h}"), render(&a, w, h));
    }
}
