//! Every screen at 80×24 and 120×40, drawn with `TestBackend` from seeded games.

mod ui_support;

use bohnanza::ui::{App, Game, Mode, SetupForm, Theme};
use ui_support::*;

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

fn snap(name: &str, app: &App) {
    for (w, h) in SIZES {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), render(app, w, h));
    }
}

/// Ana (seed 7, 4 players) has planted and is trading.
fn trading() -> App {
    let mut a = app(4, 7);
    press(&mut a, "\n\nt");
    a
}

#[test]
fn setup() {
    let mut form = SetupForm::new();
    form.names[0] = "Ana".into();
    form.names[1] = "Ben".into();
    let mut a = App::setup(form, Theme::colored(), None, 1);
    press(&mut a, "↓↓↓");
    snap("setup", &a);
}

#[test]
fn hand_off() {
    snap("hand_off", &app(4, 7));
}

#[test]
fn table_phase_1_plant() {
    let mut a = app(4, 7);
    press(&mut a, "\n");
    snap("table_phase_1", &a);
}

#[test]
fn table_phase_2_trade() {
    snap("table_phase_2", &trading());
}

#[test]
fn table_phase_3_plant_traded() {
    let mut a = trading();
    press(&mut a, "o \n\na\ne");
    snap("table_phase_3", &a);
}

#[test]
fn trade_composer() {
    let mut a = trading();
    press(&mut a, "o →↓ ");
    snap("trade_composer", &a);
}

#[test]
fn trade_answer() {
    let mut a = trading();
    press(&mut a, "o →↓ \n\n");
    assert!(matches!(game(&a).mode, Mode::Answer(_)));
    snap("trade_answer", &a);
}

#[test]
fn another_player_proposes() {
    let mut a = trading();
    press(&mut a, "p");
    snap("pick_proposer", &a);
}

#[test]
fn harvest_chooser() {
    let mut a = trading();
    press(&mut a, "h");
    snap("harvest", &a);
}

#[test]
fn refusal_message() {
    let mut a = trading();
    press(&mut a, "h2\n");
    press(&mut a, "h↓1\n");
    snap("refusal", &a);
}

#[test]
fn help() {
    let mut a = trading();
    press(&mut a, "?");
    snap("help", &a);
}

#[test]
fn beanometer() {
    let mut a = trading();
    press(&mut a, "b");
    snap("beanometer", &a);
}

#[test]
fn quit() {
    let mut a = trading();
    press(&mut a, "q");
    snap("quit", &a);
}

#[test]
fn open_hands() {
    let mut a = App::playing(
        Game::new(config(5, 7, true), None).unwrap(),
        Theme::colored(),
    );
    press(&mut a, "\n");
    snap("open_hands", &a);
}

#[test]
fn no_color() {
    let mut a = trading();
    a.theme = Theme::plain();
    insta::assert_snapshot!("no_color_80x24", render(&a, 80, 24));
}

#[test]
fn game_over() {
    let mut a = app(3, 2024);
    while game(&a).mode != Mode::GameOver {
        let k = lazy_key(&a);
        press(&mut a, &k);
    }
    snap("game_over", &a);
}

#[test]
fn too_small() {
    insta::assert_snapshot!("too_small_60x20", render(&trading(), 60, 20));
    insta::assert_snapshot!("too_small_79x24", render(&trading(), 79, 24));
}
