//! Trading at the pace of talk: several offers at once, the trade panel, offers closed the
//! same way whatever the player asked holds ("I have none" only when they say it),
//! counter-offers, and bots' requests to people.

use crate::support::card_screen::*;
use bohnanza::cards::Phase;
use bohnanza::cards::bots::names::GREEDY;
use bohnanza::cards::screen::{Answered, Mode};
use bohnanza::game::SeatKind;
use bohnanza::ui::App;

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
    press(&mut app, "🪑\nt");
    assert_eq!(game(&app).state.phase(), Phase::Trade);
    app
}

#[test]
fn a_one_for_one_trade_asking_for_a_kind_takes_seven_keys() {
    let mut app = shouting_table();
    // o, Space (the Chili), r (a Red), Enter; 2 (Ben takes the seat), a; 1 (Ana).
    assert_eq!(press(&mut app, "o r\n🪑a🪑"), 7);
    let g = game(&app);
    let red = g.ruleset().kind_named("Red").unwrap();
    let chili = g.ruleset().kind_named("Chili").unwrap();
    assert_eq!(g.state.player(0).set_aside(), &[red]);
    assert_eq!(g.state.player(1).set_aside(), &[chili]);
    assert_eq!(g.viewer(), Some(0));
    assert!(g.handoff().is_none());
}

#[test]
fn an_offer_to_everyone_is_answered_by_each_alike_whatever_they_hold() {
    let mut app = shouting_table();
    // "Chili for a Red?" to everyone (0): Ben holds a Red, Cy none; both are handed the
    // keyboard in turn, with the same words.
    press(&mut app, "o r0\n");
    let g = game(&app);
    assert_eq!(g.state.offers().len(), 2);
    let h = g.handoff().cloned().expect("a hand-off to Ben");
    assert_eq!((h.to, h.reason.as_str()), (1, "Ana makes Ben an offer."));
    // Ben declines; Cy is handed the keyboard as Ben was.
    press(&mut app, "🪑d");
    let h = game(&app).handoff().cloned().expect("a hand-off to Cy");
    assert_eq!((h.to, h.reason.as_str()), (2, "Ana makes Cy an offer."));
    // Cy says she has none: the log says so, because she chose to.
    press(&mut app, "🪑n🪑");
    let g = game(&app);
    assert_eq!(g.viewer(), Some(0));
    assert_eq!(*g.mode(), Mode::Table);
    let answers: Vec<Answered> = g.notes().iter().map(|n| n.answer).collect();
    assert_eq!(answers[0], Answered::Declined);
    assert!(matches!(answers[1], Answered::Lacks { had: 0, .. }));
    let screen = render(&app, 80, 24);
    assert!(screen.contains("Ben declined"), "{screen}");
    assert!(screen.contains("Cy has no Red."), "{screen}");
    assert!(
        g.shell.log.iter().any(|l| l == "Ben declines Ana's offer."),
        "{:?}",
        g.shell.log
    );
}

/// The public side of one offer of Ana's to Ben, from the offer to Ana's seat again: the
/// hand-offs' words, the log's new lines and the screens shown between.
fn offer_to_ben(keys: &str, answer: &str) -> (Vec<String>, Vec<String>) {
    let mut app = shouting_table();
    let before = game(&app).shell.log.len();
    press(&mut app, keys);
    let mut said = vec![game(&app).handoff().cloned().expect("a hand-off").reason];
    said.push(render(&app, 80, 24));
    take_seat(&mut app);
    press(&mut app, answer);
    said.push(
        game(&app)
            .handoff()
            .cloned()
            .expect("a hand-off back")
            .reason,
    );
    let log = game(&app).shell.log[before..].to_vec();
    (said, log)
}

#[test]
fn an_offer_nobody_can_meet_closes_like_any_other() {
    // Ben holds one Red: asked for one he could give it, asked for two he cannot. Either
    // way he is handed the keyboard, declines with d, and the table sees the same.
    let (can, can_log) = offer_to_ben("o r\n", "d");
    let (cannot, cannot_log) = offer_to_ben("o rr\n", "d");
    assert_eq!(can[0], cannot[0]);
    assert_eq!(can[2], cannot[2]);
    assert_eq!(can_log.last(), cannot_log.last());
    assert_eq!(
        cannot_log.last().map(String::as_str),
        Some("Ben declines Ana's offer.")
    );
    // The hand-off screens differ only in the offer's words, which were said aloud.
    let strip = |s: &str| {
        let s = s.replace("Red and Red", "Red");
        s.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    assert_eq!(strip(&can[1]), strip(&cannot[1]));
    // "I have none" is his to say, and only when true.
    let (_, log) = offer_to_ben("o rr\n", "n");
    assert_eq!(
        log.last().map(String::as_str),
        Some("Ben has only 1 Red bean.")
    );
    let mut app = shouting_table();
    press(&mut app, "o r\n🪑n");
    let g = game(&app);
    assert_eq!(
        g.state.offers().len(),
        1,
        "Ben holds a Red: n declines nothing"
    );
    assert!(
        g.shell
            .message
            .as_ref()
            .is_some_and(|(m, _)| m.contains("d declines"))
    );
}

#[test]
fn a_bots_requests_reach_the_person_whatever_they_hold() {
    let mut lacked = 0;
    for seed in 1..6 {
        let mut a = app_with_seats(
            "base",
            &[
                SeatKind::Bot(GREEDY),
                SeatKind::Human,
                SeatKind::Bot(GREEDY),
            ],
            seed,
        );
        let mut presses = 0;
        while *game(&a).mode() != Mode::GameOver && presses < 400 {
            a.run_bots();
            let g = game(&a);
            if let Mode::Answer(ans) = g.mode() {
                let o = g.state.offers().iter().find(|o| o.id == ans.offer).unwrap();
                if bohnanza::cards::screen::shortfall(&g.state, o.to, &o.want).is_some() {
                    lacked += 1;
                }
            }
            let k = lazy_key(&a);
            presses += press(&mut a, &k);
        }
        let g = game(&a);
        assert!(
            !g.shell.log.iter().any(|l| l.starts_with("Ben has ")),
            "nothing is said for Ben: {:?}",
            g.shell.log
        );
    }
    assert!(
        lacked > 0,
        "some bot asked Ben for a kind he lacked, and he answered"
    );
}

#[test]
fn several_offers_stay_open_together_and_answers_come_as_they_come() {
    let mut app = shouting_table();
    // Chili to Ben and to Cy (Space on each in the to column), for nothing: two offers open.
    press(&mut app, "o →→↓ ");
    let Mode::Compose(c) = game(&app).mode() else {
        panic!("composing")
    };
    assert_eq!(c.to, [1, 2]);
    press(&mut app, "\n");
    let g = game(&app);
    assert_eq!(g.state.offers().len(), 2);
    assert_eq!(g.handoff().map(|h| h.to), Some(1));
    // Ben accepts the gift; Cy's offer of the same Chili lapses, so no hand-off to Cy.
    press(&mut app, "🪑a");
    let g = game(&app);
    assert!(g.state.offers().is_empty());
    assert_eq!(g.handoff().map(|h| h.to), Some(0));
    let answers: Vec<Answered> = g.notes().iter().map(|n| n.answer).collect();
    let chili = g.ruleset().kind_named("Chili").unwrap();
    let lapsed = Answered::Lapsed {
        card: chili,
        holder: 0,
    };
    assert_eq!(answers, [Answered::Accepted, lapsed]);
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
    press(&mut app, "🪑\nt");
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
    press(&mut app, "\n🪑");
    let screen = render(&app, 80, 24);
    for line in [
        "Ana gives you: [C] Chili",
        "Ana wants:      [R] Red",
        "You give: [R] Red",
        "a accept  d decline  n I have none  c counter-offer",
    ] {
        assert!(screen.contains(line), "{line:?} is shown:\n{screen}");
    }
}

#[test]
fn the_composer_offers_to_choose_who_is_asked_only_where_there_is_a_choice() {
    let mut app = shouting_table();
    // Ana, the active player, chooses whom to ask.
    press(&mut app, "o");
    let screen = render(&app, 80, 24);
    assert!(screen.contains("1-3 to player"), "{screen}");
    // A counter-offer goes back to Ana only: no digits to choose with, and with the offer
    // in words on two lines every key still shows.
    press(&mut app, " \n🪑c");
    assert!(matches!(game(&app).mode(), Mode::Compose(_)));
    let screen = render(&app, 80, 24);
    assert!(!screen.contains("to player"), "{screen}");
    assert!(screen.contains("(asking for a donation)"), "{screen}");
    assert!(screen.contains("Esc cancel"), "{screen}");
    // So does an offer made to the active player (`p`: another player proposes).
    let mut app = shouting_table();
    press(&mut app, "p2🪑");
    assert!(matches!(game(&app).mode(), Mode::Compose(_)));
    let screen = render(&app, 80, 24);
    assert!(!screen.contains("to player"), "{screen}");
    assert!(
        screen.contains("(choose cards to give, or kinds you"),
        "{screen}"
    );
    assert!(screen.contains("Esc cancel"), "{screen}");
}

#[test]
fn a_resumed_game_tells_counters_as_they_were_told_and_i_have_none_as_a_decline() {
    let dir = tempfile::tempdir().unwrap();
    let c = config(3, 7, false);
    let saver = bohnanza::store::Saver::for_new_game(dir.path(), &c.ruleset.name, &c.names);
    let path = saver.path().to_path_buf();
    let mut app = App::playing(
        bohnanza::cards::screen::CardTable::new(c, Some(saver)).unwrap(),
        bohnanza::ui::Theme::colored(),
    );
    press(&mut app, "🪑\nt");
    // Ana gives Ben a Stink; Ben counters; Ana asks Ben for a Garden he does not have, and
    // he says so.
    press(&mut app, "o \n🪑c \n🪑");
    press(&mut app, "o d\n🪑n");
    let live = game(&app).shell.log.clone();
    assert!(
        live.iter().any(|l| l == "Ben counters: Blue for Stink."),
        "{live:?}"
    );
    assert_eq!(live.last().map(String::as_str), Some("Ben has no Garden."));
    let saved = bohnanza::store::read(&path).unwrap();
    let resumed = bohnanza::cards::screen::CardTable::resume(saved, None).unwrap();
    let n = live.len();
    // The save keeps the decline, not the words: resumed, it is told as a decline.
    assert_eq!(resumed.shell.log[..n - 1], live[..n - 1]);
    assert_eq!(resumed.shell.log[n - 1], "Ben declines Ana's offer.");
    assert_eq!(
        resumed.shell.log.last().map(String::as_str),
        Some("Game resumed.")
    );
}

/// Issue 36's table: Ana offers Ben her Blue for a Red, her Chili for nothing and the
/// turned-over Soy for a Green, and Ben takes the first. The other two stand; then Cy takes
/// the Chili, and its offer to Ben lapses, saying so with the card.
#[test]
fn offers_stand_after_another_trade_and_a_lapsed_one_names_the_card_traded() {
    use bohnanza::cards::{Action, CardRef};
    let mut app = app_from_setup(
        "base",
        3,
        r#"{"hands": [["Green", "Blue", "Chili"], ["Red", "Green", "Red"], ["Garden"]],
            "fields": [[{"bean": "Green", "count": 1}, null, null]],
            "draw_pile_top": ["Soy", "Stink"]}"#,
        &[],
    );
    let red = game(&app).ruleset().kind_named("Red").unwrap();
    let green = game(&app).ruleset().kind_named("Green").unwrap();
    let g = game_mut(&mut app);
    let propose = |give: CardRef, want: Vec<_>, to| Action::Propose {
        to,
        give: [give].into_iter().collect(),
        want: want.into_iter().collect(),
    };
    let accept = |offer, give: Vec<CardRef>| Action::Accept {
        offer,
        give: give.into_iter().collect(),
    };
    assert!(g.act(0, Action::Plant { field: 0 }));
    assert!(g.act(0, Action::TurnOver));
    assert!(g.act(0, propose(CardRef::Hand(0), vec![red], 1)));
    assert!(g.act(0, propose(CardRef::Hand(1), vec![], 1)));
    assert!(g.act(0, propose(CardRef::FaceUp(0), vec![green], 1)));
    assert!(g.act(1, accept(0, vec![CardRef::Hand(0)])));
    let answers: Vec<Answered> = g.notes().iter().map(|n| n.answer).collect();
    assert_eq!(
        answers,
        [Answered::Accepted, Answered::Waiting, Answered::Waiting]
    );
    assert!(g.act(0, propose(CardRef::Hand(0), vec![], 2)));
    assert!(g.act(2, accept(3, vec![])));
    let g = game(&app);
    assert!(
        g.shell
            .log
            .iter()
            .any(|l| l == "Ana's offer to Ben lapsed: Ana's Chili was traded."),
        "{:?}",
        g.shell.log
    );
    let screen = render(&app, 120, 40);
    assert!(
        screen.contains("lapsed: Ana's Chili was traded"),
        "{screen}"
    );
    assert!(!screen.contains("its cards were traded"), "{screen}");
}
