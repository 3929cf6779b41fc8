//! Key handling as pure functions: keys in, screens and game state out, no terminal.

use crate::support::card_screen::*;
use bohnanza::cards::bots::names as card_bots;
use bohnanza::cards::screen::{CardTable, Mode};
use bohnanza::cards::{CardRef, OrderCard, Phase};
use bohnanza::dice::bots::names as dice_bots;
use bohnanza::store::{self, Saver};
use bohnanza::ui::{App, Overlay, SetupForm, Theme};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Ana (seat 0, seed 7, 3 players) plants her front card, turns over, and is trading.
fn trading_app() -> App {
    let mut app = app(3, 7);
    press(&mut app, "🪑\nt");
    assert_eq!(game(&app).state.phase(), Phase::Trade);
    assert_eq!(game(&app).viewer(), Some(0));
    app
}

#[test]
fn a_new_turn_starts_behind_a_hand_off_with_no_hand_on_screen() {
    let mut app = app(3, 7);
    let g = game(&app);
    assert_eq!(g.handoff().map(|h| h.to), Some(0));
    assert!(g.visible().seats.iter().all(|s| s.hand.is_none()));
    let screen = render(&app, 80, 24);
    assert!(screen.contains("Pass to Ana — press A or 1"));
    assert!(
        !screen.contains("front▶"),
        "no hand behind the hand-off:\n{screen}"
    );
    // Enter and Space never take the seat; the player's initial does.
    for k in [KeyCode::Enter, KeyCode::Char(' '), KeyCode::Char('2')] {
        app.on_key(KeyEvent::new(k, KeyModifiers::NONE));
        assert_eq!(game(&app).viewer(), None, "{k:?} took the seat");
    }
    press(&mut app, "a");
    assert_eq!(game(&app).viewer(), Some(0));
    assert!(render(&app, 80, 24).contains("front▶"));
}

#[test]
fn the_hand_off_keeps_its_keys_in_sight_with_a_long_name() {
    let mut config = config(4, 7, false);
    config.names[0] = "Maximiliana Theodora von Bohnenfeld-Schmidt".to_string();
    let app = App::playing(CardTable::new(config, None).unwrap(), Theme::colored());
    let screen = render(&app, 80, 24);
    // Every sentence is read whole, set in under its start, and the keys stay in the window.
    for words in [
        "│  Pass to Maximiliana Theodora von Bohnenfeld-Schmidt — press │",
        "│  M or 1",
        "│  Everyone but Maximiliana Theodora von Bohnenfeld-Schmidt,   │",
        "│  please look away from the screen. ",
        "M or 1 I am Maximiliana Theodora von Bohnenfeld-Schmidt",
    ] {
        assert!(screen.contains(words), "{words:?}:\n{screen}");
    }
}

#[test]
fn a_long_name_never_runs_into_the_phase_strip() {
    let mut config = config(4, 7, false);
    config.names[0] = "Maximiliana Theodora von Bohnenfeld-Schmidt".to_string();
    let app = App::playing(CardTable::new(config, None).unwrap(), Theme::colored());
    // At 80 columns whose turn it is gives way (the table's ▶ and the line below say it).
    let screen = render(&app, 80, 24);
    let strip = screen.lines().nth(1).unwrap();
    assert!(strip.contains("4 Draw "), "{strip}");
    assert!(!strip.contains("Maximiliana"), "{strip}");
    // Where it fits it stands apart from the strip.
    let screen = render(&app, 120, 40);
    let strip = screen.lines().nth(1).unwrap();
    assert!(
        strip.contains("4 Draw ")
            && strip.contains(" Maximiliana Theodora von Bohnenfeld-Schmidt's turn"),
        "{strip}"
    );
}

#[test]
fn nobody_wants_to_trade_is_one_key() {
    let mut app = trading_app();
    assert_eq!(press(&mut app, "e"), 1);
    assert_eq!(game(&app).state.phase(), Phase::PlantTraded);
    // Phase 3 is public: no hand is shown.
    assert_eq!(game(&app).viewer(), None);
}

#[test]
fn giving_a_turned_over_card_away_takes_six_keys() {
    let mut app = trading_app();
    let face_up = game(&app).state.face_up()[0];
    // o: compose, Space: give the first turned-over card, Enter: offer it to Ben,
    // 2: Ben takes the seat, a: Ben accepts, 1: Ana takes the seat back.
    let n = press(&mut app, "o \n🪑a🪑");
    assert_eq!(n, 6);
    let g = game(&app);
    assert_eq!(g.state.player(1).set_aside(), &[face_up]);
    assert_eq!(g.viewer(), Some(0));
    assert_eq!(*g.mode(), Mode::Table);
    assert!(
        g.shell.log.iter().any(|l| l == "Ana donated Stink to Ben."),
        "{:?}",
        g.shell.log
    );
}

#[test]
fn a_trade_for_a_wanted_kind_gives_the_receivers_chosen_card() {
    let mut app = trading_app();
    // Ben holds Blue at hand positions 0, 1 and 3 (seed 7). Ana offers Stink for one Blue.
    press(&mut app, "o →");
    let blue = game(&app).ruleset().kind_named("Blue").unwrap();
    press(&mut app, " \n🪑");
    let Mode::Answer(a) = game(&app).mode() else {
        panic!("Ben answers")
    };
    assert_eq!(
        a.give(&game(&app).state),
        vec![CardRef::Hand(0)],
        "frontmost by default"
    );
    // Ben would rather give his third Blue (hand #4): unchoose the front one, choose that.
    press(&mut app, " →→→ ");
    let Mode::Answer(a) = game(&app).mode() else {
        panic!("Ben answers")
    };
    assert_eq!(a.give(&game(&app).state), vec![CardRef::Hand(3)]);
    press(&mut app, "a");
    let g = game(&app);
    assert_eq!(g.state.player(0).set_aside(), &[blue]);
    assert_eq!(g.state.player(1).hand().len(), 4);
    assert_eq!(
        g.state.player(1).hand().get(2),
        g.state.player(1).hand().get(2)
    );
}

#[test]
fn giving_the_wrong_cards_is_refused_in_the_rulebooks_words() {
    let mut app = trading_app();
    press(&mut app, "o → \n🪑");
    press(&mut app, " a"); // unchoose the Blue, accept with nothing
    let g = game(&app);
    assert!(matches!(g.mode(), Mode::Answer(_)));
    let (m, err) = g.shell.message.clone().unwrap();
    assert!(err);
    assert_eq!(
        m,
        "The cards you give must be exactly those asked for: Blue."
    );
}

#[test]
fn a_declined_offer_goes_back_to_the_active_player() {
    let mut app = trading_app();
    press(&mut app, "o \n🪑d");
    let g = game(&app);
    assert!(g.state.offers().is_empty());
    assert_eq!(g.handoff().map(|h| h.to), Some(0));
    take_seat(&mut app);
    assert_eq!(*game(&app).mode(), Mode::Table);
}

#[test]
fn esc_on_the_hand_off_takes_the_offer_back() {
    let mut app = trading_app();
    press(&mut app, "o \n");
    assert_eq!(game(&app).handoff().map(|h| h.to), Some(1));
    press(&mut app, "\x1b");
    let g = game(&app);
    assert!(g.state.offers().is_empty());
    assert_eq!(g.handoff(), None);
    assert_eq!(g.viewer(), Some(0));
    assert_eq!(g.state.face_up().len(), 2);
}

#[test]
fn a_donation_is_answered_without_i_have_none() {
    let mut app = trading_app();
    // Ana donates Stink to Ben; Ben takes the seat to answer it.
    press(&mut app, "o \n🪑");
    assert!(matches!(game(&app).mode(), Mode::Answer(_)));
    let screen = render(&app, 80, 24);
    assert!(screen.contains("a accept"), "{screen}");
    assert!(!screen.contains("I have none"), "{screen}");
    // n has nothing to say to an offer that wants nothing: it says so, and the offer waits.
    press(&mut app, "n");
    assert!(matches!(game(&app).mode(), Mode::Answer(_)));
    assert_eq!(game(&app).state.offers().len(), 1);
    let screen = render(&app, 80, 24);
    assert!(screen.contains("A donation wants nothing"), "{screen}");
    press(&mut app, "a");
    assert!(game(&app).state.offers().is_empty());
}

#[test]
fn a_counter_offer_goes_back_to_the_proposer() {
    let mut app = trading_app();
    // Ana donates Stink to Ben; Ben counters: he wants the Stink (prefilled) and gives a Blue.
    press(&mut app, "o \n🪑c");
    let Mode::Compose(c) = game(&app).mode() else {
        panic!("Ben composes a counter-offer")
    };
    let answered = game(&app).state.offers()[0].id;
    assert_eq!(c.counter, Some(answered));
    assert_eq!(c.proposer, 1);
    assert_eq!(c.to, [0]);
    // Nothing is declined until the counter is sent; Esc goes back to the offer.
    press(&mut app, "\x1b");
    assert!(matches!(game(&app).mode(), Mode::Answer(a) if a.offer == answered));
    press(&mut app, "c \n");
    let g = game(&app);
    assert_eq!(g.handoff().map(|h| h.to), Some(0));
    let o = &g.state.offers()[0];
    assert_eq!((o.from, o.to), (1, 0));
    assert_eq!(
        g.shell.log.last().map(String::as_str),
        Some("Ben counters: Blue for Stink.")
    );
    // Back at the keyboard, Ana finds the counter waiting in the trade panel: a takes it.
    take_seat(&mut app);
    assert_eq!(*game(&app).mode(), Mode::Table);
    assert!(render(&app, 80, 24).contains("countered"));
    press(&mut app, "aa");
    let g = game(&app);
    let names: Vec<&str> = g
        .state
        .player(1)
        .set_aside()
        .iter()
        .map(|&k| g.ruleset().bean(k).name.as_str())
        .collect();
    assert_eq!(names, ["Stink"]);
    assert_eq!(g.state.player(0).set_aside().len(), 1);
}

#[test]
fn another_player_may_propose_to_the_active_player() {
    let mut app = trading_app();
    // p: another player proposes, 3: Cy, 3 again: Cy takes the seat.
    press(&mut app, "p3🪑");
    let g = game(&app);
    assert_eq!(g.viewer(), Some(2));
    let Mode::Compose(c) = g.mode() else {
        panic!("Cy composes")
    };
    assert_eq!((c.proposer, c.to.as_slice()), (2, &[0][..]));
    // Cy asks Ana for the turned-over Green as a donation: Tab to the want column, down to Green.
    press(&mut app, "\t↓↓↓ \n");
    assert_eq!(game(&app).handoff().map(|h| h.to), Some(0));
    // Ana takes the seat and finds Cy's offer waiting: a answers it, a accepts.
    press(&mut app, "🪑aa");
    let g = game(&app);
    let green = g.ruleset().kind_named("Green").unwrap();
    assert_eq!(g.state.player(2).set_aside(), &[green]);
    assert_eq!(g.state.face_up().len(), 1);
    assert_eq!(g.viewer(), Some(0));
}

#[test]
fn phase_three_is_planted_from_the_shared_screen() {
    let mut app = trading_app();
    press(&mut app, "o \n🪑a🪑e");
    let g = game(&app);
    assert_eq!(g.state.phase(), Phase::PlantTraded);
    assert_eq!(g.plant().player, 0);
    // Ana plants her kept Green, then Ben plants the Stink he was given.
    press(&mut app, "\n");
    assert_eq!(game(&app).plant().player, 1);
    press(&mut app, "\n");
    let g = game(&app);
    assert_eq!(g.state.active_player(), 1, "Ben's turn");
    assert_eq!(g.handoff().map(|h| h.to), Some(1));
    assert!(
        g.shell.log.iter().any(|l| l == "Ana drew 3 cards."),
        "{:?}",
        g.shell.log
    );
}

#[test]
fn a_second_card_that_fits_no_field_may_be_left_for_turning_over() {
    let setup = r#"{"hands": [["Blue", "Chili"], ["Red"], ["Red"], ["Red"]],
                    "fields": [[{"bean": "Blue", "count": 1}, {"bean": "Soy", "count": 2}]]}"#;
    let mut app = app_from_setup("base", 4, setup, &[]);
    // Ana takes the seat and plants her first card.
    press(&mut app, "🪑\n");
    assert_eq!(game(&app).state.player(0).fields()[0].count(), 2);
    // The second may be: the refusal names turning over as the other way on.
    press(&mut app, "\n");
    let (m, err) = game(&app).shell.message.clone().unwrap();
    assert!(err);
    assert_eq!(
        m,
        "No field has space for this Chili bean: harvest a field first (h), or turn over instead (t)."
    );
}

#[test]
fn harvesting_a_protected_field_is_refused() {
    let mut app = app(3, 7);
    // Ana plants Chili then Red (the turn-over follows by itself), ends trading, keeping both.
    press(&mut app, "🪑\n\ne");
    assert_eq!(game(&app).state.phase(), Phase::PlantTraded);
    // Phase 3: Ana plants Stink in field 3; Green does not fit.
    press(&mut app, "\n\n");
    let (m, err) = game(&app).shell.message.clone().unwrap();
    assert!(err);
    assert_eq!(
        m,
        "None of Ana's fields has space for this Green bean: harvest a field first (h)."
    );
    // Harvest Red (field 2) and plant Green there.
    press(&mut app, "h2\n2");
    assert_eq!(game(&app).state.active_player(), 1);
    // Ben plants Blue twice in one field, then keeps both turned-over cards.
    press(&mut app, "🪑\n\ne");
    let g = game(&app);
    assert_eq!(g.state.player(1).fields()[0].count(), 2);
    // Blue goes to field 1 (three now), Chili to field 2; then Cy takes the seat.
    press(&mut app, "\n\n🪑");
    let g = game(&app);
    assert_eq!(g.viewer(), Some(2));
    assert_eq!(g.state.player(1).fields()[1].count(), 1);
    // Cy opens the harvest chooser, goes up to Ben, field 2: one bean, while field 1 has
    // three: the bean protection rule.
    press(&mut app, "h↑2");
    // Issue 36: the chooser says so before Enter is pressed.
    let screen = render(&app, 120, 40);
    assert!(
        screen.contains("No harvest of Ben's field 2 (1 Chili bean): The bean protection rule"),
        "{screen}"
    );
    press(&mut app, "\n\n");
    let g = game(&app);
    let (m, err) = g.shell.message.clone().unwrap();
    assert!(err);
    assert!(m.starts_with("The bean protection rule"), "{m}");
    assert!(
        g.harvest().is_some(),
        "the chooser stays open to pick another field"
    );
}

#[test]
fn q_asks_before_quitting_and_says_the_game_is_not_saved_without_a_data_directory() {
    // This table has nowhere to save (store::saves checks a saved game's question).
    let mut app = trading_app();
    press(&mut app, "q");
    assert_eq!(app.overlay, Some(Overlay::ConfirmQuit));
    let asked = render(&app, 80, 24);
    assert!(
        asked.contains("Without a data directory this game is"),
        "{asked}"
    );
    assert!(!asked.contains("The game is saved"), "{asked}");
    press(&mut app, "n");
    assert!(!app.quit);
    assert_eq!(app.overlay, None);
    press(&mut app, "qy");
    assert!(app.quit);
}

#[test]
fn help_and_beanometer_toggle() {
    let mut app = trading_app();
    press(&mut app, "?");
    assert_eq!(app.overlay, Some(Overlay::Help));
    assert!(render(&app, 80, 24).contains("Phase 2"));
    // `?` again turns to what the table's symbols mean; any key closes it.
    press(&mut app, "?");
    assert_eq!(app.overlay, Some(Overlay::Symbols));
    let symbols = render(&app, 80, 24);
    for sym in ["×5 2$ 6:3$", "Aside", "front▶", "Beanometer"] {
        assert!(symbols.contains(sym), "{sym} is explained:\n{symbols}");
    }
    press(&mut app, "?");
    assert_eq!(app.overlay, None);
    press(&mut app, "b");
    assert!(render(&app, 80, 24).contains("Garden"));
    press(&mut app, "b");
    assert_eq!(app.overlay, None);
}

#[test]
fn open_hands_never_hands_off() {
    let mut app = App::playing(
        CardTable::new(config(3, 7, true), None).unwrap(),
        Theme::colored(),
    );
    assert_eq!(game(&app).handoff(), None);
    press(&mut app, "\n\nto \n");
    let g = game(&app);
    assert_eq!(g.handoff(), None);
    assert_eq!(g.viewer(), Some(1), "Ben answers at once");
    assert!(g.visible().seats.iter().all(|s| s.hand.is_some()));
}

#[test]
fn the_setup_screen_starts_the_game_it_shows() {
    let mut app = App::setup(SetupForm::new(), Theme::plain(), None, 42);
    // Players: 3 → 4; names: Ana, Ben, (Player 3), Di; the pace as it is.
    press(&mut app, "↓→↓Ana\nBen\n\nDi\n\n");
    let bohnanza::ui::Screen::Setup(form) = &app.screen else {
        panic!("still on the setup screen")
    };
    assert_eq!(form.players, 4);
    assert_eq!(form.row, form.start_row());
    press(&mut app, "\n");
    let g = game(&app);
    assert_eq!(g.shell.names, ["Ana", "Ben", "Player 3", "Di"]);
    assert_eq!(g.state.player_count(), 4);
    assert_eq!(g.shell.record.seed, 42);
}

#[test]
fn the_setup_screen_refuses_two_players_with_one_name() {
    let mut app = App::setup(SetupForm::new(), Theme::plain(), None, 1);
    press(&mut app, "↓↓Ana\nAna\n\n\n\n");
    assert!(app.game().is_none());
    assert!(
        app.setup_error
            .as_deref()
            .unwrap()
            .contains("Two players are called Ana")
    );
    assert!(render(&app, 80, 24).contains("Two players are called Ana"));
}

#[test]
fn every_action_is_saved_and_resume_replays_it_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    let mut app = App::playing(
        CardTable::new(config(4, 99, false), Some(Saver::at(path.clone()))).unwrap(),
        Theme::colored(),
    );
    for _ in 0..60 {
        let k = lazy_key(&app);
        press(&mut app, &k);
    }
    press(&mut app, "o \n"); // leave an open offer
    let saved = store::read(&path).unwrap();
    assert_eq!(saved.actions.len(), game(&app).shell.record.actions.len());
    assert!(!saved.finished);
    let resumed = CardTable::resume(saved, None).unwrap();
    assert_eq!(resumed.state, game(&app).state);
    // The open offer is waiting for its answer, behind a hand-off.
    if !resumed.state.offers().is_empty() {
        assert!(matches!(resumed.mode(), Mode::Answer(_)));
        assert!(resumed.handoff().is_some());
    }
    assert!(!path.with_extension("json.tmp").exists());
}

#[test]
fn a_full_game_can_be_played_with_keys_alone() {
    let mut app = app(3, 2024);
    let mut presses = 0;
    while *game(&app).mode() != Mode::GameOver {
        let k = lazy_key(&app);
        presses += press(&mut app, &k);
        assert!(presses < 20_000, "the game should end");
        if let Some((m, true)) = &game(&app).shell.message {
            panic!("refused: {m}");
        }
    }
    let g = game(&app);
    let o = g.state.outcome().unwrap();
    assert!(!o.winners.is_empty());
    assert!(g.shell.record.finished);
    let screen = render(&app, 80, 24);
    assert!(screen.contains("The end of the game"), "{screen}");
    press(&mut app, "q");
    assert!(app.quit, "q leaves at once when the game is over");
}

#[test]
fn n_after_the_final_scores_deals_the_next_game_at_the_same_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    let mut app = App::playing(
        CardTable::new(config(3, 2024, false), Some(Saver::at(path.clone()))).unwrap(),
        Theme::colored(),
    );
    while *game(&app).mode() != Mode::GameOver {
        let k = lazy_key(&app);
        press(&mut app, &k);
    }
    assert!(render(&app, 80, 24).contains("play again"));
    let names = game(&app).shell.names.clone();
    press(&mut app, "n");
    let g = game(&app);
    assert!(!app.quit);
    assert_ne!(*g.mode(), Mode::GameOver);
    assert_eq!(g.state.turn(), 1);
    assert_eq!(g.shell.names, names);
    assert_eq!(
        g.shell.record.seed, 2025,
        "the next seed, so the next game replays too"
    );
    assert!(
        g.handoff().is_some(),
        "the first hand waits behind a hand-off"
    );
    assert!(
        store::read(&path).unwrap().finished,
        "the finished game is kept"
    );
    let next = g.shell.saver.as_ref().unwrap().path();
    assert_ne!(next, path, "the next game has a file of its own");
    let saved = store::read(next).unwrap();
    assert!(!saved.finished && saved.actions.is_empty() && saved.seed == 2025);
    assert!(!render(&app, 80, 24).contains("The end of the game"));
}

/// Classic rules, 4 players: Ana has 3 coins, the price of a third bean field.
fn classic_with_coins() -> App {
    let mut app = app_from_setup(
        "classic",
        4,
        r#"{"hands": [["Blue", "Chili"], ["Soy"], ["Red"], ["Green"]], "coins": [3, 2]}"#,
        &[],
    );
    take_seat(&mut app);
    assert_eq!(game(&app).viewer(), Some(0));
    app
}

#[test]
fn buying_a_third_field_takes_two_keys() {
    let mut app = classic_with_coins();
    let screen = render(&app, 80, 24);
    assert!(screen.contains("— buy for 3$"), "{screen}");
    assert!(screen.contains("$ buy a field"), "{screen}");
    // $ opens the chooser on Ana (at the keyboard, and able to buy); Enter buys.
    press(&mut app, "$");
    assert_eq!(game(&app).buy(), Some(0));
    let screen = render(&app, 80, 24);
    assert!(
        screen.contains("Buy Ana a third bean field for 3 coins (Ana has 3)."),
        "{screen}"
    );
    assert!(screen.contains("Table: who buys a third bean field?"));
    assert_eq!(press(&mut app, "\n"), 1);
    let g = game(&app);
    assert_eq!(g.buy(), None);
    assert_eq!(g.state.player(0).fields().len(), 3);
    assert_eq!(g.state.player(0).coins(), 0);
    assert_eq!(
        g.state.deck().discard_pile().len(),
        3,
        "the coins are discarded"
    );
    assert!(
        g.shell
            .log
            .iter()
            .any(|l| l == "Ana bought a third bean field for 3 coins.")
    );
    // The new field is planted in at once: Blue to field 1, Chili to field 2, and a third
    // kind would fit too.
    assert_eq!(g.state.phase(), Phase::Plant { planted: 0 });
    assert!(render(&app, 120, 40).contains("·  empty"));
}

#[test]
fn buying_a_field_is_refused_in_the_rulebooks_words() {
    let mut app = classic_with_coins();
    // Ben has 2 coins: the chooser shows why before Enter, and Enter says it again.
    press(&mut app, "$2");
    assert_eq!(game(&app).buy(), Some(1));
    assert!(render(&app, 80, 24).contains("A third bean field costs 3 coins; Ben has 2."));
    press(&mut app, "\n");
    let g = game(&app);
    let (m, err) = g.shell.message.clone().unwrap();
    assert!(err);
    assert_eq!(m, "A third bean field costs 3 coins; you have 2.");
    assert_eq!(
        g.buy(),
        Some(1),
        "the chooser stays open to pick another player"
    );
    assert_eq!(g.state.player(1).fields().len(), 2);
    // Ana buys; a second field is refused.
    press(&mut app, "↑\n$1\n");
    let (m, _) = game(&app).shell.message.clone().unwrap();
    assert_eq!(m, "You already have a third bean field.");
    press(&mut app, "\x1b");
    assert_eq!(game(&app).buy(), None);
    // Base game: no field is for sale.
    let mut base = app_for("base", 4, 7);
    press(&mut base, "🪑$");
    assert_eq!(game(&base).buy(), None);
    assert_eq!(
        game(&base).shell.message.clone().unwrap().0,
        "No third bean field can be bought in this game."
    );
}

#[test]
fn with_no_space_the_refusal_says_a_field_can_be_bought() {
    let mut app = app_from_setup(
        "classic",
        4,
        r#"{"hands": [["Soy"]], "fields": [[{"bean": "Blue", "count": 2}, {"bean": "Chili", "count": 2}]], "coins": [3]}"#,
        &[],
    );
    press(&mut app, "🪑\n");
    let (m, err) = game(&app).shell.message.clone().unwrap();
    assert!(err);
    assert_eq!(
        m,
        "No field has space for this Soy bean: you must harvest a field (h) or buy a third bean field ($) first."
    );
    // Enter led to the harvest: the chooser is open; Esc closes it to buy instead.
    assert!(game(&app).harvest().is_some(), "Enter opens the harvest");
    press(&mut app, "\x1b$\n\n");
    let g = game(&app);
    assert_eq!(
        g.state.player(0).fields()[2].count(),
        1,
        "Soy in the new field"
    );
}

/// The order-card game, 4 players (two fields): Ana's order 3/4 lies behind her front bean.
fn order_app() -> App {
    let mut app = app_from_setup(
        "expansion-order-cards",
        4,
        r#"{"hands": [["Blue", "3/4", "Chili"], ["Soy", "2/2"]],
            "fields": [[{"bean": "Chili", "count": 3}, {"bean": "Blue", "count": 3}]]}"#,
        &[],
    );
    take_seat(&mut app);
    app
}

#[test]
fn the_order_card_shows_in_the_hand_at_its_place() {
    let app = order_app();
    let screen = render(&app, 120, 40);
    assert!(
        screen.contains("front▶ [B] Blue │ [3/4] order [C] Chili"),
        "{screen}"
    );
    assert!(screen.contains("Ana's hand · 2 beans and an order card"));
    // Everyone knows who holds an order card, not which.
    assert!(screen.contains("hand"));
    assert!(!render(&app, 80, 24).contains("2/2"));
}

#[test]
fn fulfilling_an_order_takes_one_key() {
    let mut app = order_app();
    // Ana plants Blue in field 2 (3 and 4 now); the order card is in front, so phase 2 begins.
    press(&mut app, "\n");
    assert_eq!(game(&app).state.phase(), Phase::Trade);
    assert!(render(&app, 80, 24).contains("f fulfil order 3/4"));
    assert_eq!(press(&mut app, "f"), 1);
    let g = game(&app);
    let o: OrderCard = "3/4".parse().unwrap();
    assert_eq!(g.state.player(0).fulfilled_orders(), &[o]);
    assert_eq!(g.state.player(0).score(), 1);
    assert_eq!(g.state.player(0).fields()[1].count(), 4, "the beans stay");
    assert!(
        g.shell
            .log
            .iter()
            .any(|l| l == "Ana fulfilled order 3/4 with fields 1 and 2.")
    );
    let screen = render(&app, 80, 24);
    assert!(screen.contains("0$+1✓"), "{screen}");
    assert!(!screen.contains("f fulfil"));
}

#[test]
fn an_unmet_order_is_refused_and_a_hidden_one_is_not_named() {
    let mut app = app_from_setup(
        "expansion-order-cards",
        4,
        r#"{"hands": [["Blue", "3/4", "Chili"]],
            "fields": [[{"bean": "Chili", "count": 3}, {"bean": "Blue", "count": 2}]]}"#,
        &[],
    );
    press(&mut app, "🪑f");
    let (m, err) = game(&app).shell.message.clone().unwrap();
    assert!(err);
    assert_eq!(
        m,
        "Order 3/4 is not met: it needs 3 beans in one field and 4 in the field to its right; the fields hold 3, 2."
    );
    // Phase 3 is played on the shared screen: a refusal there does not name the order.
    press(&mut app, "\ne");
    let g = game(&app);
    assert_eq!(g.state.phase(), Phase::PlantTraded);
    assert_eq!(g.viewer(), None);
    assert!(!render(&app, 120, 40).contains("3/4"));
    press(&mut app, "f");
    let (m, _) = game(&app).shell.message.clone().unwrap();
    assert_eq!(m, "Ana's order can't be fulfilled with these fields now.");
}

#[test]
fn an_order_card_in_front_is_laid_out_and_planting_is_optional() {
    let mut app = app_from_setup(
        "expansion-order-cards",
        4,
        r#"{"hands": [["2/1", "Blue", "Chili"]]}"#,
        &[],
    );
    take_seat(&mut app);
    let g = game(&app);
    assert_eq!(
        g.state.player(0).laid_out_order(),
        Some("2/1".parse().unwrap())
    );
    let screen = render(&app, 80, 24);
    assert!(
        screen.contains("[2/1]"),
        "the order lies beside the fields:\n{screen}"
    );
    assert!(
        screen.contains("Ana laid out order 2/1: you may plant one bean (Blue), or turn over.")
    );
    assert!(screen.contains("t turn over"));
    press(&mut app, "?");
    assert!(render(&app, 80, 24).contains("plant exactly one bean"));
    press(&mut app, "x");
    // Turning over without planting is one key.
    assert_eq!(press(&mut app, "t"), 1);
    assert_eq!(game(&app).state.phase(), Phase::Trade);
    assert_eq!(game(&app).state.player(0).hand().len(), 2);
}

#[test]
fn an_order_met_by_two_pairs_of_fields_asks_which() {
    // Three players: three fields, each of 3 beans; the order 3/3 is met by fields 1–2 and 2–3.
    let mut app = app_from_setup(
        "expansion-order-cards",
        3,
        r#"{"hands": [["Soy", "3/3"]],
            "fields": [[{"bean": "Chili", "count": 3}, {"bean": "Blue", "count": 3},
                        {"bean": "Green", "count": 3}]]}"#,
        &[],
    );
    press(&mut app, "🪑f");
    assert_eq!(game(&app).fulfil(), Some(&[0, 1][..]));
    let screen = render(&app, 80, 24);
    assert!(
        screen.contains("Ana: fulfil order 3/3 with fields 1 and 2 or fields 2 and 3?"),
        "{screen}"
    );
    press(&mut app, "2");
    let g = game(&app);
    assert_eq!(g.fulfil(), None);
    assert!(
        g.shell
            .log
            .iter()
            .any(|l| l == "Ana fulfilled order 3/3 with fields 2 and 3.")
    );
}

/// Plays a whole game by keys with [`keen_key`], checking that nothing is refused and that
/// every screen draws every field at both sizes now and then. Returns the app at the end and
/// the keys pressed, one string per turn of the loop.
fn play_to_the_end(variant: &str, players: usize, seed: u64) -> (App, Vec<String>) {
    let mut app = app_for(variant, players, seed);
    let mut pressed = Vec::new();
    let mut presses = 0;
    while *game(&app).mode() != Mode::GameOver {
        let k = keen_key(&app);
        presses += press(&mut app, &k);
        pressed.push(k.clone());
        assert!(
            presses < 20_000,
            "{variant} with {players}: the game should end"
        );
        if let Some((m, true)) = &game(&app).shell.message {
            panic!("{variant} with {players} players: {k:?} was refused: {m}");
        }
        if pressed.len() % 40 == 0 {
            for (w, h) in [(80, 24), (120, 40)] {
                let screen = render(&app, w, h);
                let g = game(&app);
                let most = (0..players)
                    .map(|p| g.state.player(p).fields().len())
                    .max()
                    .unwrap();
                assert!(
                    screen.contains(&format!("Field {most}")),
                    "{variant}: every field is shown:\n{screen}"
                );
            }
        }
    }
    let g = game(&app);
    assert!(g.shell.record.finished);
    assert!(!g.state.outcome().unwrap().winners.is_empty());
    (app, pressed)
}

#[test]
fn a_whole_order_card_game_can_be_played_with_keys_alone() {
    let (app, pressed) = play_to_the_end("expansion-order-cards", 4, 30);
    let g = game(&app);
    assert!(
        pressed.iter().any(|k| k.starts_with('f')),
        "an order is fulfilled by key"
    );
    let fulfilled: usize = (0..4)
        .map(|p| g.state.player(p).fulfilled_orders().len())
        .sum();
    assert!(fulfilled >= 2, "{:?}", g.shell.log);
    assert!(g.shell.log.iter().any(|l| l.contains(" laid out order ")));
    let o = g.state.outcome().unwrap();
    for p in 0..4 {
        assert_eq!(
            o.coins[p],
            g.state.player(p).score(),
            "orders count as coins"
        );
    }
    assert!(render(&app, 80, 24).contains("for order"));
}

#[test]
fn a_whole_classic_game_can_be_played_with_keys_alone() {
    let (app, pressed) = play_to_the_end("classic", 4, 11);
    let g = game(&app);
    assert!(pressed.iter().any(|k| k.starts_with('$')));
    assert!(
        g.shell
            .log
            .iter()
            .any(|l| l.ends_with("bought a third bean field for 3 coins.")),
        "{:?}",
        g.shell.log
    );
    assert!(
        render(&app, 80, 24).contains("in hand"),
        "the tie break is shown"
    );
}

#[test]
fn every_built_in_variant_plays_to_the_end_at_every_player_count() {
    for b in bohnanza::rulesets::BUILT_IN {
        let r = bohnanza::rulesets::load(b.name).unwrap();
        for players in r.player_counts() {
            play_to_the_end(b.name, players, 3);
        }
    }
}

/// Phase 3 after Ana gave Ben Blue and Chili: Ben's Red (one bean, protected) and Green
/// (three) leave no room, so Ben must harvest; Ana has Stink ×4 and Soy ×1.
fn ben_must_harvest() -> App {
    let mut app = app_from_setup(
        "base",
        3,
        r#"{"hands": [["Soy", "Red"], ["Garden"], ["Garden"]],
            "fields": [[{"bean": "Stink", "count": 4}],
                       [{"bean": "Red", "count": 1}, {"bean": "Green", "count": 3}]],
            "draw_pile_top": ["Blue", "Chili"]}"#,
        &[],
    );
    press(&mut app, "🪑\nt");
    press(&mut app, "o ↓ \n🪑a🪑e");
    let g = game(&app);
    assert_eq!(g.state.phase(), Phase::PlantTraded);
    assert_eq!(g.state.player(1).set_aside().len(), 2);
    app
}

#[test]
fn the_harvest_chooser_opens_on_the_player_who_must_harvest_on_a_field_they_may_harvest() {
    let mut app = ben_must_harvest();
    press(&mut app, "h");
    let h = game(&app).harvest().unwrap();
    assert_eq!(
        (h.player, h.field),
        (1, 1),
        "Ben's Green: his Red is protected"
    );
    // His own field: Enter harvests at once.
    press(&mut app, "\n");
    let g = game(&app);
    assert!(g.harvest().is_none());
    assert!(g.state.player(1).fields()[1].is_empty());
    assert_eq!(g.state.player(1).coins(), 1);
}

#[test]
fn harvesting_another_players_field_asks_once() {
    let mut app = ben_must_harvest();
    // Up to Ana, her field 1: Enter asks first.
    press(&mut app, "h↑1\n");
    let g = game(&app);
    assert!(g.harvest().unwrap().confirm);
    assert_eq!(
        g.state.player(0).fields()[0].count(),
        4,
        "nothing harvested yet"
    );
    let screen = render(&app, 80, 24);
    assert!(
        screen.contains("Harvest Ana's 4 Stink for 1$? Enter harvests, Esc does not."),
        "{screen}"
    );
    // Esc takes back the question only; Enter asks again, and Enter harvests.
    press(&mut app, "\x1b");
    assert!(!game(&app).harvest().unwrap().confirm);
    press(&mut app, "\n\n");
    let g = game(&app);
    assert!(g.harvest().is_none());
    assert!(g.state.player(0).fields()[0].is_empty());
    assert_eq!(g.state.player(0).coins(), 1);
}

#[test]
fn keys_do_nothing_while_the_terminal_is_too_small() {
    let mut app = trading_app();
    app.resize(60, 20);
    assert!(render(&app, 60, 20).contains("Bohnanza needs a bigger terminal."));
    // e would end trading, o open the composer, q ask to quit: none of them acts unseen.
    press(&mut app, "eoq\n");
    let g = game(&app);
    assert_eq!(g.state.phase(), Phase::Trade);
    assert_eq!(*g.mode(), Mode::Table);
    assert_eq!(app.overlay, None);
    // Large enough again: the same key acts.
    app.resize(80, 24);
    press(&mut app, "e");
    assert_eq!(game(&app).state.phase(), Phase::PlantTraded);
}

#[test]
fn asking_for_a_kind_by_its_letter_takes_four_keys() {
    let mut app = trading_app();
    let g = game(&app);
    let soy = g.ruleset().kind_named("Soy").unwrap();
    let red = g.ruleset().kind_named("Red").unwrap();
    // o: compose, Space: give the card under the cursor, r: want a Red, Enter: offer it.
    assert_eq!(press(&mut app, "o r"), 3);
    let Mode::Compose(c) = game(&app).mode() else {
        panic!("composing")
    };
    assert_eq!(c.wanted(&game(&app).state), vec![red]);
    // y twice wants two Soy, Shift+Y one fewer; k is Black-eyed, not up.
    press(&mut app, "yyYk");
    let Mode::Compose(c) = game(&app).mode() else {
        panic!("composing")
    };
    let black_eyed = game(&app).ruleset().kind_named("Black-eyed").unwrap();
    let mut wanted = c.wanted(&game(&app).state);
    wanted.sort_unstable();
    let mut expected = vec![red, soy, black_eyed];
    expected.sort_unstable();
    assert_eq!(wanted, expected);
    // h, j and l move like the arrows: l to the want column, j down, h back.
    press(&mut app, "l");
    assert!(
        matches!(game(&app).mode(), Mode::Compose(c) if c.column == bohnanza::cards::screen::Column::Want)
    );
    press(&mut app, "hj");
    assert!(
        matches!(game(&app).mode(), Mode::Compose(c) if c.column == bohnanza::cards::screen::Column::Give && c.give_row == 1)
    );
}

#[test]
fn a_player_looks_at_their_own_hand_behind_a_hand_off_and_gives_the_seat_back() {
    let mut app = trading_app();
    // Ana trades; Ben wants to see his hand: v chooses Ben (the next person), Enter.
    press(&mut app, "v");
    assert_eq!(game(&app).peek().map(|p| p.player), Some(1));
    press(&mut app, "\n");
    let g = game(&app);
    assert_eq!(g.handoff().map(|h| h.to), Some(1));
    assert!(
        !render(&app, 80, 24).contains("front▶"),
        "nothing shown yet"
    );
    take_seat(&mut app);
    let screen = render(&app, 80, 24);
    assert!(screen.contains("Ben's hand"), "{screen}");
    assert!(
        screen.contains("Ben's hand is on screen: any key when done."),
        "{screen}"
    );
    // Any key: back to Ana through a hand-off; the game did not move.
    press(&mut app, "x");
    let g = game(&app);
    assert_eq!(g.handoff().map(|h| h.to), Some(0));
    assert!(g.peek().is_none());
    assert_eq!(g.state.phase(), Phase::Trade);
    take_seat(&mut app);
    assert_eq!(game(&app).viewer(), Some(0));
}

#[test]
fn on_the_shared_table_a_hand_is_looked_at_and_the_table_comes_back() {
    let mut app = trading_app();
    press(&mut app, "e");
    assert_eq!(game(&app).viewer(), None, "phase 3 is public");
    // Cy: v, → to Cy, Enter, Enter; then any key hides the hand again.
    press(&mut app, "v");
    let start = game(&app).peek().unwrap().player;
    press(&mut app, "3\n🪑");
    assert_ne!(start, 2);
    assert_eq!(game(&app).viewer(), Some(2));
    assert!(render(&app, 80, 24).contains("Cy's hand"));
    press(&mut app, " ");
    let g = game(&app);
    assert_eq!(g.viewer(), None);
    assert!(g.handoff().is_none());
    assert!(!render(&app, 80, 24).contains("Cy's hand"));
}

#[test]
fn the_key_bar_is_one_line_at_80_columns_all_game() {
    let mut app = app_for("expansion-field-beans-orders", 4, 3);
    let mut presses = 0;
    while *game(&app).mode() != Mode::GameOver && presses < 3_000 {
        let screen = render(&app, 80, 24);
        let last = screen.lines().last().unwrap().trim_matches('"').trim_end();
        assert!(
            last.ends_with("? help") || last.ends_with("? more keys"),
            "the key bar is one line ending with ?:\n{screen}"
        );
        let k = keen_key(&app);
        presses += press(&mut app, &k);
    }
    assert_eq!(*game(&app).mode(), Mode::GameOver);
}

#[test]
fn no_hand_is_looked_at_while_an_offer_is_answered() {
    let mut app = trading_app();
    press(&mut app, "o \n🪑");
    assert!(matches!(game(&app).mode(), Mode::Answer(_)));
    press(&mut app, "v");
    let g = game(&app);
    assert!(g.peek().is_none());
    assert_eq!(g.viewer(), Some(1), "Ben keeps the seat");
    assert!(
        g.shell
            .message
            .as_ref()
            .is_some_and(|(m, _)| m.contains("First finish the offer"))
    );
}

#[test]
fn ctrl_c_asks_first_as_q_does_and_a_second_quits() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    let mut app = trading_app();
    app.on_key(ctrl_c);
    assert_eq!(app.overlay, Some(Overlay::ConfirmQuit));
    assert!(!app.quit, "asked first");
    assert!(render(&app, 80, 24).contains("y/Ctrl-C quit"));
    press(&mut app, "n");
    assert_eq!(app.overlay, None);
    assert!(!app.quit, "n keeps playing");
    app.on_key(ctrl_c);
    app.on_key(ctrl_c);
    assert!(app.quit, "a second Ctrl-C quits");
}

#[test]
fn the_setup_screen_offers_the_difficulty_levels_first() {
    use bohnanza::cards::bots::SeatKind;
    let mut app = App::setup(SetupForm::new(), Theme::plain(), None, 1);
    press(&mut app, "↓↓");
    let mut shown = Vec::new();
    for _ in 0..4 {
        press(&mut app, "→");
        let bohnanza::ui::Screen::Setup(form) = &app.screen else {
            panic!("still on the setup screen")
        };
        shown.push(form.seat_kinds()[0]);
        let SeatKind::Bot(kind) = form.seat_kinds()[0] else {
            panic!("a bot seat")
        };
        assert!(render(&app, 80, 24).contains(&format!("◀ {kind} bot ▶")));
    }
    let levels = [
        card_bots::EASY,
        card_bots::NORMAL,
        card_bots::HARD,
        card_bots::EXPERT,
    ];
    assert_eq!(shown, levels.map(SeatKind::Bot));
}

#[test]
fn the_card_variants_share_their_seats_and_the_dice_game_keeps_its_own() {
    use bohnanza::cards::bots::SeatKind;
    let mut form = SetupForm::new();
    let name = |f: &SetupForm| f.chosen().map(|v| v.rules.name().to_string());
    let step_to = |f: &mut SetupForm, wanted: &dyn Fn(&str) -> bool| {
        for _ in 0..f.variants.len() {
            f.change_variant(1);
            if wanted(&name(f).unwrap_or_default()) {
                return;
            }
        }
        panic!("no such variant");
    };
    let default = name(&form).expect("a variant is chosen");
    form.change_seat(1, 1);
    let easy = SeatKind::Bot(card_bots::EASY);
    assert_eq!(form.seat_kinds()[1], easy);
    step_to(&mut form, &|n| n != default && n != "dice");
    assert_eq!(
        form.seat_kinds()[1],
        easy,
        "another card variant keeps the seat"
    );
    step_to(&mut form, &|n| n == "dice");
    assert_eq!(
        form.seat_kinds()[1],
        SeatKind::Human,
        "the dice game's seats are its own"
    );
    form.change_seat(1, -1);
    assert_eq!(form.seat_kinds()[1], SeatKind::Bot(dice_bots::STRONG));
    step_to(&mut form, &|n| n == default);
    assert_eq!(form.seat_kinds()[1], easy, "the card seats were kept");
    step_to(&mut form, &|n| n == "dice");
    assert_eq!(form.seat_kinds()[1], SeatKind::Bot(dice_bots::STRONG));
}
