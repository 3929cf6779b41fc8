//! The replay viewer at 80×24 and 120×40: at the deal, in the middle of a turn, at the end,
//! and its help window.

mod replay_support;

use bohnanza::ui::App;
use crossterm::event::KeyCode;
use replay_support::*;

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
