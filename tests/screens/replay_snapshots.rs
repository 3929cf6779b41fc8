//! The replay viewer at 80×24 and 120×40: at the deal, in the middle of a turn, at the end,
//! and its help window.

use crate::support::replays::*;
use bohnanza::ui::App;
use crossterm::event::KeyCode;

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

fn snap(name: &str, app: &App) {
    for (w, h) in SIZES {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), render(app, w, h));
    }
}

#[test]
fn at_the_deal() {
    let mut a = viewer(finished_game());
    a.on_key(code(KeyCode::Char('<')));
    snap("replay_start", &a);
}

#[test]
fn in_the_middle_of_a_turn() {
    let mut a = viewer(finished_game());
    // Turn 6, into its trading.
    press(&mut a, "g6\n]→");
    snap("replay_middle", &a);
}

#[test]
fn at_the_end() {
    snap("replay_end", &viewer(finished_game()));
}

#[test]
fn typing_a_turn_and_a_refusal() {
    let mut a = viewer(finished_game());
    press(&mut a, "g12");
    snap("replay_typing", &a);
    press(&mut a, "⌫⌫999\n");
    snap("replay_refused", &a);
}

#[test]
fn help() {
    let mut a = viewer(finished_game());
    press(&mut a, "?");
    snap("replay_help", &a);
}

#[test]
fn the_bean_duel_names_its_own_steps() {
    let mut a = viewer(greedy_game("duel", 2, 5));
    a.on_key(code(KeyCode::Char('<')));
    let mut seen = Vec::new();
    for _ in 0..4 {
        press(&mut a, "]");
        let screen = render(&a, 120, 40);
        let header = screen.lines().next().unwrap().to_string();
        seen.push(header);
    }
    let all = seen.join("\n");
    for step in [
        "step 1 (plant or discard the offer)",
        "step 2 (plant and discard)",
        "step 3 (turn over, plant, offer)",
    ] {
        assert!(all.contains(step), "{step} in\n{all}");
    }
    assert!(!all.contains("phase 2 (trade)"), "{all}");
}

#[test]
fn a_search_found_and_the_seats_asked_before_continuing() {
    let mut a = viewer(finished_game());
    press(&mut a, "</traded\n");
    snap("replay_search", &a);
    press(&mut a, "c↓→");
    snap("replay_seats", &a);
}

/// Issue 36: a game still being played, its hands hidden, replays as the public table: no
/// hand on screen at any action, the header and the help saying why.
#[test]
fn an_unfinished_game_with_hidden_hands_shows_no_hand() {
    let record = running_game(40);
    let mut a = viewer(record.clone());
    assert!(replay(&a).hands_hidden());
    snap("replay_unfinished_hidden", &a);
    for keys in ["<", "}", "]", "→", ">"] {
        press(&mut a, keys);
        let screen = render(&a, 120, 40);
        assert!(
            screen.contains("Hands are hidden: this is the shared table."),
            "{screen}"
        );
        assert!(!screen.contains("Every hand"), "{screen}");
        assert!(screen.contains("· hands hidden"), "{screen}");
    }
    // The position holds every hand: not written while they are hidden.
    press(&mut a, "s");
    let screen = render(&a, 120, 40);
    assert!(screen.contains("The position holds every hand"), "{screen}");
    press(&mut a, "?");
    let help = render(&a, 120, 40);
    assert!(
        help.contains("Hands are hidden until the game is over"),
        "{help}"
    );
    // The same game finished opens with every hand, as before.
    let done = viewer(finished_game());
    assert!(!replay(&done).hands_hidden());
    assert!(render(&done, 120, 40).contains("Every hand (open hands)"));
}

/// `--open-hands` asks first, in a window that says what showing the hands does; anything
/// but `y` keeps them hidden.
#[test]
fn open_hands_asks_first_and_only_y_shows_them() {
    let mut a = viewer(running_game(40));
    let ask = |a: &mut App| {
        a.shown_mut::<bohnanza::ui::Replay<bohnanza::cards::Cards>>()
            .unwrap()
            .ask_to_open_hands();
    };
    ask(&mut a);
    snap("replay_open_hands_asked", &a);
    press(&mut a, "n");
    assert!(replay(&a).hands_hidden());
    assert!(render(&a, 120, 40).contains("Hands stay hidden"));
    ask(&mut a);
    press(&mut a, "y");
    assert!(!replay(&a).hands_hidden());
    let screen = render(&a, 120, 40);
    assert!(screen.contains("Every hand (open hands)"), "{screen}");
    assert!(screen.contains("Every hand is shown."), "{screen}");
    // Asked again where the hands are shown, it asks nothing.
    ask(&mut a);
    assert_eq!(replay(&a).controls.prompt, None);
}
