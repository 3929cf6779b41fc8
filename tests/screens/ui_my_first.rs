//! My First Bohnanza on screen: cards received in a trade are planted at once, so the screen
//! asks the receiving players to plant them before trading goes on.

use crate::support::card_screen::*;
use bohnanza::cards::bots::names;
use bohnanza::cards::{Action, CardRef, Phase};
use bohnanza::few;
use bohnanza::ui::App;

fn act(app: &mut App, player: usize, action: Action) {
    let Some(g) = app.shown_mut::<bohnanza::cards::screen::CardTable>() else {
        panic!("a game is being played")
    };
    assert!(
        g.act(player, action.clone()),
        "{action:?}: {:?}",
        g.shell.message
    );
}

#[test]
fn the_screen_asks_for_received_cards_to_be_planted_before_trading_goes_on() {
    let setup = r#"{"hands": [["Broad", "Broad", "Stink"], ["Stink", "Mean"], ["Sour"]],
                    "draw_pile_top": ["Mean", "Sour"]}"#;
    let mut app = app_from_setup("my-first", 3, setup, &[]);
    act(&mut app, 0, Action::Plant { field: 0 });
    act(&mut app, 0, Action::TurnOver);
    let stink = game(&app).ruleset().kind_named("Stink").unwrap();
    // Ana offers the turned-over Mean Bean and a Broad Bean for Ben's Stink Bean.
    act(
        &mut app,
        0,
        Action::Propose {
            to: 1,
            give: few![CardRef::FaceUp(0), CardRef::Hand(0)],
            want: few![stink],
        },
    );
    act(
        &mut app,
        1,
        Action::Accept {
            offer: 0,
            give: few![CardRef::Hand(0)],
        },
    );
    assert_eq!(game(&app).state.must_plant_received_cards(), Some(0));
    let screen = render(&app, 100, 30);
    assert!(
        screen.contains("planted at once") && screen.contains("Ana plants Stink"),
        "{screen}"
    );
    // Enter plants where the card fits: Ana's Stink Bean, then Ben's two cards.
    press(&mut app, "\n");
    assert_eq!(game(&app).state.must_plant_received_cards(), Some(1));
    assert!(render(&app, 100, 30).contains("Ben plants Mean"));
    press(&mut app, "\n\n");
    let g = game(&app);
    assert_eq!(g.state.must_plant_received_cards(), None);
    assert!((0..3).all(|p| g.state.player(p).set_aside().is_empty()));
    // Trading goes on: Ana ends it, and plants the Sour Bean she kept in phase 3.
    assert_eq!(g.state.phase(), Phase::Trade);
    press(&mut app, "e");
    assert_eq!(game(&app).state.phase(), Phase::PlantTraded);
}

#[test]
fn what_to_do_now_is_never_cut_mid_word_at_80_by_24() {
    let setup = r#"{"hands": [["Broad", "Broad", "Stink"], ["Stink", "Mean"], ["Sour"]],
                    "draw_pile_top": ["Mean", "Sour"]}"#;
    let mut app = app_from_setup("my-first", 3, setup, &[]);
    act(&mut app, 0, Action::Plant { field: 0 });
    act(&mut app, 0, Action::TurnOver);
    let stink = game(&app).ruleset().kind_named("Stink").unwrap();
    act(
        &mut app,
        0,
        Action::Propose {
            to: 1,
            give: few![CardRef::FaceUp(0)],
            want: few![stink],
        },
    );
    act(
        &mut app,
        1,
        Action::Accept {
            offer: 0,
            give: few![CardRef::Hand(0)],
        },
    );
    // "Cards received in a trade are planted at once, before trading goes on. Ana plants
    // Stink." is longer than 80 columns: it takes two lines over the key bar.
    let screen = render(&app, 80, 24);
    let rows: Vec<&str> = screen.lines().collect();
    let row = |i: usize| rows[i].trim_matches('"').trim();
    let status = format!("{} {}", row(21), row(22));
    assert!(
        status.contains("planted at once, before trading goes on. Ana plants Stink."),
        "{screen}"
    );
    assert!(rows[23].contains("Enter plant"), "{screen}");
}

#[test]
fn the_help_says_how_my_first_fields_are_harvested_without_contradicting_itself() {
    // The basic game: fields are harvested by themselves, never by hand.
    let mut app = app_for("my-first", 3, 7);
    press(&mut app, "?");
    let help = render(&app, 120, 40);
    assert!(
        help.contains("A field is harvested by itself as soon as it earns a coin"),
        "{help}"
    );
    assert!(help.contains("Nobody harvests by hand"), "{help}");
    assert!(!help.contains("Any player may harvest any time"), "{help}");
    // With the two-coin beans players harvest, but a mixed patch gives up only its top beans.
    let mut app = app_for("my-first-two-coin", 3, 7);
    press(&mut app, "?");
    let help = render(&app, 120, 40);
    assert!(
        help.contains("Any player may harvest any time (h): the beans on top of the field"),
        "{help}"
    );
}

#[test]
fn the_symbols_window_wraps_each_meaning_beside_its_symbol_and_knows_the_open_line() {
    let mut app = app_for("my-first", 3, 7);
    press(&mut app, "??");
    let screen = render(&app, 80, 24);
    // A meaning too long for one line goes on under itself, not under its symbol.
    assert!(
        screen.contains(
            "│ ×5 2$ 6:3$   a field of 5 beans: harvested now it pays 2$; 6 beans would pay │"
        ),
        "{screen}"
    );
    assert!(
        screen.contains("│              3$ (max: the top of its beanometer;"),
        "{screen}"
    );
    // Every line is face up: the count says nothing is hidden.
    assert!(
        screen.contains("Hand 5       how many cards lie in a player's open line"),
        "{screen}"
    );
    assert!(!screen.contains("never which"), "{screen}");
}

#[test]
fn the_cards_of_an_open_line_are_called_a_line_not_a_hand() {
    // rules/002: "you must plant the first card from your line (the one at the very left)".
    let mut app = app_for("my-first", 3, 7);
    let screen = render(&app, 80, 24);
    assert!(
        screen.contains("Ana: plant the front card of your line, Mean."),
        "{screen}"
    );
    // Planting two turns over; the composer names each card's place in the line.
    press(&mut app, "\n\no");
    let screen = render(&app, 80, 24);
    assert!(screen.contains(" line, front"), "{screen}");
    assert!(screen.contains(" line #2"), "{screen}");
    assert!(!screen.contains(" hand"), "{screen}");
    // Once a hand is held (step 4) it is a hand again.
    let mut app = app_for("my-first-step-4", 3, 7);
    take_seat(&mut app);
    assert!(
        render(&app, 80, 24).contains(": plant the front card of your hand,"),
        "{}",
        render(&app, 80, 24)
    );
}

#[test]
fn where_only_a_mixed_patch_has_room_the_key_bar_offers_the_digits_not_enter() {
    // Ana's two fields hold Mean and Sour; her front card is a Stink bean.
    let setup = r#"{"hands": [["Stink", "Broad"], ["Sour"], ["Sour"]],
                    "fields": [[{"bean": "Mean", "count": 1}, {"bean": "Sour", "count": 1}]]}"#;
    let mut app = app_from_setup("my-first", 3, setup, &[]);
    press(&mut app, "");
    let screen = render(&app, 80, 24);
    let bar = screen.lines().last().unwrap();
    assert!(bar.contains("1-2 plant over that field's beans"), "{bar}");
    assert!(!bar.contains("Enter"), "{bar}");
    // A digit does it.
    press(&mut app, "1");
    assert_eq!(game(&app).state.player(0).fields()[0].count(), 1);
    assert!(!matches!(game(&app).shell.message, Some((_, true))));
}

#[test]
fn the_helps_offer_example_names_a_bean_the_game_has() {
    // My First Bohnanza has no Red bean: the example asks for its first bean, the Mean Bean.
    let mut app = app_for("my-first", 3, 7);
    press(&mut app, "?");
    let help = render(&app, 120, 40);
    assert!(!help.contains("Red"), "{help}");
    assert!(help.contains("m ⇧M"), "{help}");
    assert!(help.contains("m ⇧M    want a Mean, one less"), "{help}");
}

/// The help at the game's end says what each ruleset harvests then (rules/002: "the beans not
/// harvested from their fields are not worth anything"), not the base game's "Everyone
/// harvests all fields".
#[test]
fn the_help_at_the_end_says_what_is_harvested_then() {
    use bohnanza::game::SeatKind;
    let bots = [SeatKind::Bot(names::GREEDY); 3];
    for (variant, says, not) in [
        ("my-first", "Beans not harvested from", "harvests all"),
        (
            "my-first-two-coin",
            "Everyone harvests each",
            "harvests all",
        ),
        ("base", "Everyone harvests all", "harvests each"),
    ] {
        let mut app = app_with_seats(variant, &bots, 7);
        play_with_bots(&mut app, 5000);
        assert!(game(&app).state.is_over(), "{variant}");
        press(&mut app, "?");
        let help = render(&app, 120, 40);
        assert!(help.contains("The end of the game"), "{variant}: {help}");
        assert!(
            help.contains(says) && !help.contains(not),
            "{variant}: {help}"
        );
    }
}
