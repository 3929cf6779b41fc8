//! Trading at the pace of talk: several offers at once, the trade panel, offers nobody can
//! meet closed without a hand-off, counter-offers, and bots' requests to people.

use crate::support::card_screen::*;
use bohnanza::bots::BotKind::Greedy;
use bohnanza::engine::Phase;
use bohnanza::ui::{Answered, App, Mode, Seat};

/// Ana (3 players) has planted her Soy and turned over Chili and Stink; Ben holds a Red,
/// Cy none.
fn shouting_table() -> App {
    let mut app = app_from_setup(
        "base",
        3,
        r#"{"hands": [["Soy", "Red"], ["Red", "Blue"], ["Blue", "Green"]],
            "draw_pile_top": ["Chili", "Stink"]}"#,
        &[],
    );
    press(&mut app, "\n\nt");
    assert_eq!(game(&app).state.phase(), Phase::Trade);
    app
}

#[test]
fn a_one_for_one_trade_asking_for_a_kind_takes_seven_keys() {
    let mut app = shouting_table();
    // o, Space (the Chili), r (a Red), Enter; Enter (Ben takes the seat), a; Enter (Ana).
    assert_eq!(press(&mut app, "o r\n\na\n"), 7);
    let g = game(&app);
    let red = g.ruleset().kind_named("Red").unwrap();
    let chili = g.ruleset().kind_named("Chili").unwrap();
    assert_eq!(g.state.player(0).set_aside(), &[red]);
    assert_eq!(g.state.player(1).set_aside(), &[chili]);
    assert_eq!(g.viewer, Some(0));
    assert!(g.handoff.is_none());
}

#[test]
fn an_offer_to_everyone_is_answered_in_turn_and_the_impossible_one_closes_at_once() {
    let mut app = shouting_table();
    // "Chili for a Red?" to everyone (0): Cy has no Red, so only Ben is handed the keyboard.
    press(&mut app, "o r0\n");
    let g = game(&app);
    assert!(g.log.iter().any(|l| l == "Cy has no Red."), "{:?}", g.log);
    assert_eq!(g.state.offers().len(), 1);
    assert_eq!(g.handoff.as_ref().map(|h| h.to), Some(1));
    let answers: Vec<Answered> = g.notes.iter().map(|n| n.answer).collect();
    assert_eq!(answers.len(), 2);
    assert!(matches!(answers[1], Answered::Lacks { had: 0, .. }));
    // Ben declines; back at Ana's, the panel shows both answers.
    press(&mut app, "\nd\n");
    let g = game(&app);
    assert_eq!(g.viewer, Some(0));
    assert_eq!(g.mode, Mode::Table);
    let screen = render(&app, 80, 24);
    assert!(screen.contains("Offers this turn"), "{screen}");
    assert!(screen.contains("Ben declined"), "{screen}");
    assert!(screen.contains("Cy has no Red."), "{screen}");
    assert!(
        g.log.iter().any(|l| l == "Ben declines Ana's offer."),
        "{:?}",
        g.log
    );
}

#[test]
fn several_offers_stay_open_together_and_answers_come_as_they_come() {
    let mut app = shouting_table();
    // Chili to Ben and to Cy (Space on each in the to column), for nothing: two offers open.
    press(&mut app, "o →→↓ ");
    let Mode::Compose(c) = &game(&app).mode else {
        panic!("composing")
    };
    assert_eq!(c.to, [1, 2]);
    press(&mut app, "\n");
    let g = game(&app);
    assert_eq!(g.state.offers().len(), 2);
    assert_eq!(g.handoff.as_ref().map(|h| h.to), Some(1));
    // Ben accepts the gift; Cy's offer of the same Chili lapses, so no hand-off to Cy.
    press(&mut app, "\na");
    let g = game(&app);
    assert!(g.state.offers().is_empty());
    assert_eq!(g.handoff.as_ref().map(|h| h.to), Some(0));
    let answers: Vec<Answered> = g.notes.iter().map(|n| n.answer).collect();
    assert_eq!(answers, [Answered::Accepted, Answered::Lapsed]);
}

#[test]
fn an_offer_nobody_can_meet_shows_no_hand() {
    let mut app = shouting_table();
    // Two Reds from Ben, who has one: closed with no hand-off and no hand shown.
    press(&mut app, "o rr\n");
    let g = game(&app);
    assert!(g.state.offers().is_empty());
    assert!(g.handoff.is_none());
    assert_eq!(g.viewer, Some(0), "Ana keeps the seat");
    assert_eq!(
        g.log.last().map(String::as_str),
        Some("Ben has only 1 Red bean.")
    );
}

#[test]
fn a_bots_requests_to_a_person_who_lacks_the_cards_never_reach_the_keyboard() {
    let mut closed = 0;
    for seed in 1..6 {
        let mut a = app_with_seats(
            "base",
            &[Seat::Bot(Greedy), Seat::Human, Seat::Bot(Greedy)],
            seed,
        );
        let mut presses = 0;
        while game(&a).mode != Mode::GameOver && presses < 400 {
            a.run_bots();
            let g = game(&a);
            if let Mode::Answer(ans) = &g.mode {
                let o = g.state.offers().iter().find(|o| o.id == ans.offer).unwrap();
                assert!(
                    bohnanza::ui::shortfall(&g.state, o.to, &o.want).is_none(),
                    "only offers Ben can meet are put to him"
                );
            }
            let k = lazy_key(&a);
            presses += press(&mut a, &k);
        }
        closed += game(&a)
            .log
            .iter()
            .filter(|l| l.starts_with("Ben has "))
            .count();
    }
    assert!(closed > 0, "some bot asked Ben for a kind he lacked");
}

#[test]
fn the_offer_windows_show_every_line_at_80_by_24_with_big_hands() {
    let big = r#"["Blue", "Chili", "Stink", "Green", "Soy", "Black-eyed", "Red", "Garden",
                   "Blue", "Chili", "Stink", "Green", "Soy", "Black-eyed"]"#;
    let setup = format!(
        r#"{{"hands": [["Soy", "Red", "Blue", "Chili", "Stink", "Green", "Soy", "Black-eyed",
                        "Red", "Garden", "Blue", "Chili", "Stink", "Green"], {big}, {big}],
            "draw_pile_top": ["Chili", "Stink"]}}"#
    );
    let mut app = app_from_setup("base", 3, &setup, &[]);
    press(&mut app, "\n\nt");
    // The composer: 15 cards to give, 8 kinds, with its summary and every key.
    press(&mut app, "o r");
    let screen = render(&app, 80, 24);
    for line in [
        "To Ben: you give [C] Chili for [R] Red",
        "Space choose / +1",
        "Enter make the offer",
    ] {
        assert!(screen.contains(line), "{line:?} is shown:\n{screen}");
    }
    // The answer: Ben's 14 cards, what he gives, and the keys.
    press(&mut app, "\n\n");
    let screen = render(&app, 80, 24);
    for line in [
        "Ana gives you: [C] Chili",
        "Ana wants:      [R] Red",
        "You give: [R] Red",
        "a accept  d decline  c counter-offer",
    ] {
        assert!(screen.contains(line), "{line:?} is shown:\n{screen}");
    }
}

#[test]
fn a_resumed_game_tells_counters_and_impossible_offers_as_they_were_told() {
    let dir = tempfile::tempdir().unwrap();
    let c = config(3, 7, false);
    let saver = bohnanza::store::Saver::for_new_game(dir.path(), &c.ruleset.name, &c.names);
    let path = saver.path().to_path_buf();
    let mut app = App::playing(
        bohnanza::ui::Game::new(c, Some(saver)).unwrap(),
        bohnanza::ui::Theme::colored(),
    );
    press(&mut app, "\n\nt");
    // Ana gives Ben a Stink; Ben counters; Ana asks Ben for a Garden he does not have.
    press(&mut app, "o \n\nc \n\n");
    press(&mut app, "o d\n");
    let live = game(&app).log.clone();
    assert!(
        live.iter().any(|l| l == "Ben counters: Blue for Stink."),
        "{live:?}"
    );
    assert!(live.iter().any(|l| l == "Ben has no Garden."), "{live:?}");
    let saved = bohnanza::store::read(&path).unwrap();
    let resumed = bohnanza::ui::Game::resume(saved, None).unwrap();
    assert_eq!(resumed.log[..resumed.log.len() - 1], live[..]);
    assert_eq!(
        resumed.log.last().map(String::as_str),
        Some("Game resumed.")
    );
}
