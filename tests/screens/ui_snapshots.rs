//! Every screen at 80×24 and 120×40, drawn with `TestBackend` from seeded games.

use crate::support::card_screen::*;
use bohnanza::cards::screen::{CardTable, Mode};
use bohnanza::ui::{App, SetupForm, Theme};

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

fn snap(name: &str, app: &App) {
    for (w, h) in SIZES {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), render(app, w, h));
    }
}

/// Ana (seed 7, 4 players) has planted and is trading.
fn trading() -> App {
    let mut a = app(4, 7);
    press(&mut a, "🪑\nt");
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

/// The setup form's help: what a key does wraps under itself, clear of the key column, and
/// the window's last line says how to close it, at the smallest screen too.
#[test]
fn setup_help() {
    let mut a = App::setup(SetupForm::new(), Theme::colored(), None, 1);
    press(&mut a, "?");
    snap("setup_help", &a);
}

#[test]
fn hand_off() {
    snap("hand_off", &app(4, 7));
}

#[test]
fn table_phase_1_plant() {
    let mut a = app(4, 7);
    take_seat(&mut a);
    snap("table_phase_1", &a);
}

#[test]
fn table_phase_2_trade() {
    snap("table_phase_2", &trading());
}

#[test]
fn table_phase_3_plant_traded() {
    let mut a = trading();
    press(&mut a, "o \n🪑a🪑e");
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
    // Chili for one of Ben's Blues.
    press(&mut a, "o↓ b\n🪑");
    assert!(matches!(game(&a).mode(), Mode::Answer(_)));
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
    press(&mut a, "h↓1\n\n");
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
        CardTable::new(config(5, 7, true), None).unwrap(),
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
    while *game(&a).mode() != Mode::GameOver {
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

/// Plays with [`keen_key`] until `stop` says the next key is the one wanted; returns that key.
fn play_until(a: &mut App, stop: impl Fn(&App, &str) -> bool) -> String {
    for _ in 0..20_000 {
        let k = keen_key(a);
        if stop(a, &k) {
            return k;
        }
        press(a, &k);
    }
    panic!("never reached");
}

/// Plays with [`keen_key`] until the log has a line containing `text`.
fn play_until_logged(a: &mut App, text: &str) {
    play_until(a, |a, _| game(a).shell.log.iter().any(|l| l.contains(text)));
}

#[test]
fn classic_buying_a_third_field() {
    // Classic rules, 4 players: Ana has the 3 coins a third bean field costs.
    let mut a = app_for("classic", 4, 11);
    let k = play_until(&mut a, |_, k| k.starts_with('$'));
    press(&mut a, "$");
    snap("classic_buy_picker", &a);
    press(&mut a, &k[1..]);
    assert_eq!(game(&a).state.player(0).fields().len(), 3);
    snap("classic_third_field", &a);
}

#[test]
fn classic_seven_players() {
    // Dealt by seat: 3, 4, 5, then 6 cards.
    let mut a = app_for("classic", 7, 3);
    take_seat(&mut a);
    snap("classic_7_players", &a);
}

#[test]
fn classic_game_over() {
    let mut a = app_for("classic", 4, 11);
    play_until(&mut a, |a, _| *game(a).mode() == Mode::GameOver);
    snap("classic_game_over", &a);
}

#[test]
fn field_beans_give_a_third_field() {
    let mut a = app_for("expansion-field-beans", 4, 5);
    play_until_logged(&mut a, "gained a third bean field");
    snap("field_beans_third_field", &a);
}

#[test]
fn order_card_in_hand() {
    let mut a = app_for("expansion-order-cards", 3, 4);
    take_seat(&mut a);
    snap("order_in_hand", &a);
}

#[test]
fn order_card_laid_out() {
    let mut a = app_for("expansion-order-cards", 3, 4);
    play_until_logged(&mut a, "laid out order");
    take_seat(&mut a);
    snap("order_laid_out", &a);
    press(&mut a, "?");
    snap("order_help", &a);
}

#[test]
fn order_card_fulfilled() {
    let mut a = app_for("expansion-order-cards", 4, 30);
    play_until(&mut a, |_, k| k == "f");
    snap("order_met", &a);
    press(&mut a, "f");
    snap("order_fulfilled", &a);
}

#[test]
fn order_card_game_over() {
    let mut a = app_for("expansion-order-cards", 4, 30);
    play_until(&mut a, |a, _| *game(a).mode() == Mode::GameOver);
    snap("order_game_over", &a);
}

#[test]
fn order_cards_in_open_hands() {
    let mut a = App::playing(
        CardTable::new(config_for("expansion-field-beans-orders", 5, 2, true), None).unwrap(),
        Theme::colored(),
    );
    press(&mut a, "\n");
    snap("order_open_hands", &a);
}

#[test]
fn my_first_bohnanza_mixed_patch() {
    // An open line of cards (no hand-offs); Ana plants Sour over her Stink beans.
    let mut a = app_for("my-first", 4, 3);
    play_until_logged(&mut a, "covered");
    assert!(game(&a).open_hands(), "the rules lay every hand face up");
    snap("my_first_mixed_patch", &a);
}

#[test]
fn table_with_bots() {
    use bohnanza::cards::bots::names::{GREEDY, MCTS};
    use bohnanza::game::SeatKind;
    let g = SeatKind::Bot(GREEDY);
    let mut a = app_with_seats("base", &[SeatKind::Human, g, g, SeatKind::Bot(MCTS)], 7);
    press(&mut a, "\nt");
    a.run_bots();
    while matches!(game(&a).mode(), Mode::Answer(_)) {
        press(&mut a, "d");
        a.run_bots();
    }
    // Ana gives Ben a turned-over card: Ben's answer is on screen, about to be played.
    press(&mut a, "o \n");
    assert!(game(&a).bots().pending().is_some());
    snap("table_with_bots", &a);
}

/// Ana asked everyone "Chili for a Red?": Ben declined, Cy said she has no Red, Di countered.
fn trade_panel_app() -> App {
    let mut a = app_from_setup(
        "base",
        4,
        r#"{"hands": [["Soy", "Red", "Soy"], ["Red", "Blue"], ["Blue", "Green"], ["Red", "Garden"]],
            "draw_pile_top": ["Chili", "Stink"]}"#,
        &[],
    );
    press(&mut a, "🪑\nt");
    press(&mut a, "o r0\n");
    press(&mut a, "🪑d");
    press(&mut a, "🪑n");
    press(&mut a, "🪑c \n");
    take_seat(&mut a);
    a
}

#[test]
fn trade_panel() {
    let a = trade_panel_app();
    assert_eq!(game(&a).viewer(), Some(0));
    snap("trade_panel", &a);
}

#[test]
fn an_answer_too_long_for_its_offer_line_is_said_short() {
    // Long names leave no room for "waiting for Annabel Lee: a to answer" at 80 columns: the
    // panel says the short form whole rather than cutting the long one off.
    let mut a = trade_panel_app();
    game_mut(&mut a).shell.names = ["Annabel Lee", "Benedict", "Cynthia", "Diederik"]
        .map(String::from)
        .to_vec();
    let screen = render(&a, 80, 24);
    let line = |who: &str| {
        screen
            .lines()
            .find(|l| l.contains(&format!(" {who} →")))
            .unwrap_or_else(|| panic!("no offer line from {who} in\n{screen}"))
            .to_string()
    };
    assert!(
        line("Diederik").contains("[R] Red for [C] Chili  a to answer "),
        "{screen}"
    );
    assert!(!screen.contains("waiting for Annabel"), "{screen}");
    // Where the long form fits, it stays.
    assert!(
        line("Annabel Lee").contains("  Benedict declined "),
        "{screen}"
    );
    assert!(render(&a, 120, 40).contains("waiting for Annabel Lee: a to answer"));
}

#[test]
fn harvest_question() {
    // Phase 3: Ben must make room; the chooser goes up to Ana's Stink, and asks.
    let mut a = app_from_setup(
        "base",
        3,
        r#"{"hands": [["Soy", "Red"], ["Garden"], ["Garden"]],
            "fields": [[{"bean": "Stink", "count": 4}],
                       [{"bean": "Red", "count": 1}, {"bean": "Green", "count": 3}]],
            "draw_pile_top": ["Blue", "Chili"]}"#,
        &[],
    );
    press(&mut a, "🪑\nto ↓ \n🪑a🪑e");
    press(&mut a, "h↑1\n");
    assert!(game(&a).harvest().is_some_and(|h| h.confirm));
    snap("harvest_question", &a);
}

#[test]
fn looking_at_your_hand() {
    let mut a = trading();
    press(&mut a, "v\n🪑");
    snap("your_hand", &a);
}

#[test]
fn the_floor_on_a_bots_turn_is_a_quiet_line() {
    use bohnanza::cards::bots::names::GREEDY;
    use bohnanza::game::SeatKind;
    let g = SeatKind::Bot(GREEDY);
    let mut a = app_with_seats("base", &[g, SeatKind::Human, g], 4);
    a.run_bots();
    while game(&a).bots().floor() != Some(1) {
        let k = lazy_key(&a);
        press(&mut a, &k);
        a.run_bots();
    }
    snap("floor_line", &a);
}

/// A refusal too long for one line at 80 columns (the bean protection rule) takes two, so
/// the rule it cites is read whole; at 120 columns it fits on one.
#[test]
fn a_long_refusal_is_read_whole() {
    let mut a = app_for("classic", 4, 7);
    press(&mut a, "🪑\nh\n");
    let rule = "can't be harvested unless all your fields hold one bean";
    for (w, h) in SIZES {
        let screen = render(&a, w, h);
        let said: String = screen
            .lines()
            .rev()
            .skip(1)
            .take(2)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .map(|l| l.trim_matches(|c| c == '"' || c == ' '))
            .collect::<Vec<_>>()
            .join(" ");
        assert!(said.contains(rule), "{w}x{h}: {said}\n{screen}");
    }
}
