//! Bot seats in the terminal game, without a terminal: bots play through the driver, answer
//! and make offers, and never get a hand-off.

use crate::support::card_screen::*;
use std::collections::BTreeSet;

use bohnanza::cards::bots::names::{GREEDY, MCTS, NORMAL, RANDOM};
use bohnanza::cards::screen::{CardTable, Mode};
use bohnanza::cards::{Action, BeanKind, Phase};
use bohnanza::game::SeatKind;
use bohnanza::rulesets;
use bohnanza::store::{self, Saver};
use bohnanza::ui::{App, Theme};

const H: SeatKind = SeatKind::Human;
const G: SeatKind = SeatKind::Bot(GREEDY);

#[test]
fn one_person_and_three_bots_reach_the_persons_turn_without_hand_offs() {
    let mut a = app_with_seats("base", &[G, G, H, G], 3);
    let mut moves = 0;
    // Step through the bots' moves one at a time (Cy answers their offers and passes on
    // the floor): none hands off, each is shown for a while.
    while game(&a).state.active_player() != 2 || game(&a).bots().pending().is_some() {
        let g = game(&a);
        assert!(g.handoff().is_none(), "no hand-off while bots play");
        assert_eq!(g.viewer(), Some(2), "the one person's hand stays on screen");
        match g.bots().pending() {
            Some(m) => {
                assert!(g.shell.is_bot(m.player));
                assert!(a.bot_wait().is_some(), "each bot move is shown for a while");
                assert!(a.tick());
            }
            None => {
                assert!(
                    matches!(g.mode(), Mode::Answer(_)) || g.floor_line(),
                    "Cy is asked only to answer, or offered the floor in a line: {:?}",
                    g.mode()
                );
                let k = lazy_key(&a);
                press(&mut a, &k);
            }
        }
        moves += 1;
        assert!(moves < 500);
    }
    let g = game(&a);
    assert!(
        moves > 4,
        "Greedy 1 and Greedy 2 played their turns ({moves} moves)"
    );
    assert_eq!(g.state.active_player(), 2);
    assert!(matches!(g.state.phase(), Phase::Plant { planted: 0 }));
    assert!(g.handoff().is_none(), "one person: no hand-off at all");
    assert_eq!(g.viewer(), Some(2));
    assert_eq!(g.shell.names[0], "Ana", "names given are kept");
    assert!(
        g.shell.log.iter().any(|l| l == "── Cy's turn ──"),
        "{:?}",
        g.shell.log
    );
    // Cy plants by keys as ever.
    press(&mut a, "\n");
    assert!(matches!(
        game(&a).state.phase(),
        Phase::Plant { planted: 1 }
    ));
}

#[test]
fn with_two_people_only_people_get_hand_offs() {
    let mut a = app_with_seats("base", &[H, G, H, G], 11);
    assert_eq!(game(&a).handoff().map(|h| h.to), Some(0));
    // Ana plays a lazy turn; the bot plays; then Cy is handed the keyboard.
    let mut presses = 0;
    while game(&a).state.active_player() != 2 || game(&a).bots().pending().is_some() {
        let g = game(&a);
        if let Some(h) = g.handoff() {
            assert!(!g.shell.is_bot(h.to));
        }
        let k = if g.bots().pending().is_some() {
            " ".to_string()
        } else {
            lazy_key(&a)
        };
        presses += press(&mut a, &k);
        assert!(presses < 300);
    }
    let g = game(&a);
    assert_eq!(g.handoff().map(|h| h.to), Some(2), "Cy takes the seat");
    assert!(g.visible().seats.iter().all(|s| s.hand.is_none()));
}

#[test]
fn any_key_plays_the_waiting_bot_move_and_help_waits() {
    let mut a = app_with_seats("base", &[G, H, G], 5);
    let before = game(&a).shell.record.actions.len();
    press(&mut a, "?");
    assert!(a.overlay.is_some());
    assert_eq!(a.bot_wait(), None, "bots wait while help is open");
    assert!(!a.tick());
    press(&mut a, "x");
    assert_eq!(
        game(&a).shell.record.actions.len(),
        before,
        "closing help plays nothing"
    );
    press(&mut a, "x");
    assert_eq!(
        game(&a).shell.record.actions.len(),
        before + 1,
        "a key plays one move"
    );
}

#[test]
fn a_persons_offer_to_a_bot_is_answered_by_the_bot() {
    let mut a = app_with_seats("base", &[H, G, G, G], 7);
    press(&mut a, "\nt");
    a.run_bots();
    // Bots with an offer at the opening of trading get declined.
    while matches!(game(&a).mode(), Mode::Answer(_)) {
        press(&mut a, "d");
        a.run_bots();
    }
    assert_eq!(game(&a).state.phase(), Phase::Trade);
    // Give the first turned-over card to Ben (the greedy bot), for nothing.
    press(&mut a, "o \n");
    let g = game(&a);
    let m = g.bots().pending().cloned().expect("the bot answers");
    assert_eq!(m.player, 1);
    assert!(matches!(
        m.action,
        Action::Accept { .. } | Action::Decline { .. }
    ));
    assert!(g.handoff().is_none(), "no hand-off to the bot");
    a.run_bots();
    let g = game(&a);
    assert!(g.state.offers().is_empty());
    assert!(
        g.shell.log.last().is_some_and(|l| l.contains("Ben")),
        "{:?}",
        g.shell.log
    );
    assert_eq!(*g.mode(), Mode::Table);
    assert_eq!(g.viewer(), Some(0), "back to Ana with no hand-off");
    // Ana asks Cy (a bot) for an offer: it makes one, or says it makes none.
    press(&mut a, "p3");
    let g = game(&a);
    let offered = g.bots().pending().is_some() || matches!(g.mode(), Mode::Answer(_));
    let none = g
        .shell
        .message
        .as_ref()
        .is_some_and(|(m, _)| m == "Cy makes no offer.");
    assert!(offered || none, "{:?} {:?}", g.mode(), g.shell.message);
}

#[test]
fn keys_never_act_for_a_bot() {
    let mut a = app_with_seats("base", &[H, G, G], 2);
    press(&mut a, "\nt");
    a.run_bots();
    while matches!(game(&a).mode(), Mode::Answer(_)) {
        press(&mut a, "d");
        a.run_bots();
    }
    assert!(game(&a).bots().pending().is_none());
    let before = game(&a).shell.record.actions.len();
    // Harvest a field of Ben's: refused, said plainly.
    press(&mut a, "h↓\n\n");
    let g = game(&a);
    assert_eq!(g.shell.record.actions.len(), before);
    assert_eq!(
        g.shell.message.as_ref().map(|(m, _)| m.as_str()),
        Some("Ben is a bot: it plays for itself.")
    );
}

#[test]
fn a_person_is_offered_the_floor_once_a_turn_in_a_quiet_line() {
    let mut a = app_with_seats("base", &[G, H, G], 4);
    a.run_bots();
    // Ben answers the bots' offers; the floor in Ana's turn is a line, not a window.
    let mut presses = 0;
    while game(&a).bots().floor() != Some(1) {
        assert_eq!(
            game(&a).state.active_player(),
            0,
            "the floor comes in Ana's turn"
        );
        let k = lazy_key(&a);
        presses += press(&mut a, &k);
        a.run_bots();
        assert!(presses < 100);
    }
    let g = game(&a);
    assert_eq!(*g.mode(), Mode::Table);
    assert_eq!(
        a.bot_wait(),
        Some(bohnanza::ui::Pace::Normal.floor()),
        "it passes by itself"
    );
    let screen = render(&a, 80, 24);
    assert!(
        screen.contains("Ana trades — o to make an offer"),
        "{screen}"
    );
    assert!(!screen.contains("may make"), "no window: {screen}");
    // The pace runs out: Ben passed, and is not offered the floor again this turn.
    assert!(a.tick());
    let turn = game(&a).state.turn();
    loop {
        a.run_bots();
        let g = game(&a);
        if g.state.turn() != turn {
            break;
        }
        assert_ne!(
            g.bots().floor(),
            Some(1),
            "the floor is offered once a turn"
        );
        let k = lazy_key(&a);
        press(&mut a, &k);
    }
}

#[test]
fn o_on_the_floor_opens_the_composer_to_the_bot() {
    let mut a = app_with_seats("base", &[G, H, G], 4);
    a.run_bots();
    while game(&a).bots().floor() != Some(1) {
        let k = lazy_key(&a);
        press(&mut a, &k);
        a.run_bots();
    }
    press(&mut a, "o");
    let g = game(&a);
    assert!(matches!(g.mode(), Mode::Compose(c) if c.proposer == 1 && c.to == [0]));
    assert_eq!(a.bot_wait(), None, "the floor waits while Ben composes");
    // Esc passes, and the bots play on.
    press(&mut a, "\x1b");
    assert_eq!(game(&a).bots().floor(), None);
}

#[test]
fn a_whole_game_with_bots_in_every_seat_but_one_reaches_the_scores() {
    let mut a = app_with_seats("base", &[G, SeatKind::Bot(RANDOM), H, G], 21);
    play_with_bots(&mut a, 5_000);
    let g = game(&a);
    assert!(g.shell.record.finished);
    assert!(!g.state.outcome().unwrap().winners.is_empty());
    let screen = render(&a, 120, 40);
    assert!(screen.contains("The game is over"), "{screen}");
}

#[test]
fn every_built_in_variant_plays_to_the_end_with_bots() {
    for b in rulesets::BUILT_IN {
        let r = rulesets::load(b.name).unwrap();
        let n = r.player_counts().next().unwrap();
        let mut seats = vec![G; n];
        seats[n - 1] = H;
        seats[0] = SeatKind::Bot(RANDOM);
        let mut a = app_with_seats(b.name, &seats, 8);
        play_with_bots(&mut a, 5_000);
        assert!(game(&a).shell.record.finished, "{}", b.name);
    }
}

#[test]
fn the_search_bot_plays_on_screen() {
    let mut a = app_with_seats("base", &[SeatKind::Bot(MCTS), H, G], 6);
    let n = a.run_bots();
    assert!(n > 0);
    let g = game(&a);
    assert!(!g.state.is_over());
    assert!(g.bots().pending().is_none());
}

#[test]
fn a_game_with_bots_is_saved_with_its_seats_and_resumes_with_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    let mut c = config(4, 13, false);
    c.seats = vec![G, H, G, SeatKind::Bot(RANDOM)];
    let mut a = App::playing(
        CardTable::new(c, Some(Saver::at(path.clone()))).unwrap(),
        Theme::colored(),
    );
    a.run_bots();
    press(&mut a, "\n");
    let saved = store::read(&path).unwrap();
    let seats: Vec<SeatKind> = saved
        .seats
        .iter()
        .map(|s| s.read::<bohnanza::cards::Cards>().unwrap())
        .collect();
    assert_eq!(seats, vec![G, H, G, SeatKind::Bot(RANDOM)]);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains(r#""seats":[{"bot":"greedy"},"human""#),
        "{text}"
    );
    let g = CardTable::resume(saved, Some(Saver::at(path.clone()))).unwrap();
    assert_eq!(g.state, game(&a).state);
    assert!(g.shell.is_bot(0) && !g.shell.is_bot(1));
    // The resumed game goes on: Ben at the keyboard, and the bots play their turns after.
    let mut b = App::playing(g, Theme::colored());
    play_with_bots(&mut b, 5_000);
    assert!(store::read(&path).unwrap().finished);
}

#[test]
fn bots_wait_while_the_terminal_is_too_small() {
    let mut a = app_with_seats("base", &[G, H, G], 5);
    assert!(game(&a).bots().pending().is_some());
    a.resize(79, 24);
    assert_eq!(a.bot_wait(), None);
    assert!(!a.tick());
    press(&mut a, "x");
    assert!(
        game(&a).bots().pending().is_some(),
        "a key does not play it unseen"
    );
    a.resize(80, 24);
    assert!(a.bot_wait().is_some());
    assert!(a.tick());
}

/// Three people and a greedy bot (seat 1): plays until the floor opens on the bot's turn.
fn floor_for_three_people() -> App {
    let mut a = app_with_seats("base", &[H, G, H, H], 4);
    let mut presses = 0;
    while !game(&a).floor_line() {
        if game(&a).bots().pending().is_some() {
            a.tick();
            continue;
        }
        let k = lazy_key(&a);
        presses += press(&mut a, &k);
        assert!(presses < 300, "the floor opens on the bot's turn");
    }
    assert_eq!(game(&a).state.active_player(), 1);
    a
}

#[test]
fn on_a_bots_turn_the_floor_is_offered_once_to_every_person_at_once() {
    let mut a = floor_for_three_people();
    let screen = render(&a, 80, 24);
    assert!(
        screen.contains("Ben trades — a person who wants to make an offer presses o"),
        "{screen}"
    );
    assert!(!screen.contains("front▶"), "the public table: {screen}");
    assert_eq!(a.bot_wait(), Some(bohnanza::ui::Pace::Normal.floor()));
    // One key passes for everyone; the bot finishes its turn with no floor again.
    let turn = game(&a).state.turn();
    press(&mut a, "x");
    while game(&a).state.turn() == turn {
        let g = game(&a);
        assert!(!g.floor_line(), "the floor is offered once");
        assert!(g.handoff().is_none(), "nobody is called to the keyboard");
        assert!(
            g.bots().pending().is_some(),
            "the bot plays on: {:?}",
            g.mode()
        );
        a.tick();
    }
}

#[test]
fn o_on_the_floor_asks_who_then_hands_them_the_keyboard() {
    let mut a = floor_for_three_people();
    press(&mut a, "o");
    let g = game(&a);
    assert_eq!(*g.mode(), Mode::PickProposer(0));
    assert!(render(&a, 80, 24).contains("Who wants to make Ben an offer?"));
    // Di (seat 4) wants to: she is handed the keyboard to compose her offer to Ben.
    press(&mut a, "4");
    let g = game(&a);
    assert_eq!(g.handoff().map(|h| h.to), Some(3));
    take_seat(&mut a);
    let g = game(&a);
    assert!(matches!(g.mode(), Mode::Compose(c) if c.proposer == 3 && c.to == [1]));
    // Esc: Di passes; the floor comes back for the others, on the public table.
    press(&mut a, "\x1b");
    let g = game(&a);
    assert!(g.floor_line(), "{:?}", g.mode());
    assert!(!render(&a, 80, 24).contains("front▶"));
}

#[test]
fn a_bot_makes_a_person_one_offer_at_a_time_behind_one_hand_off() {
    // The greedy bot (seat 3) would make Ben three offers in its turn (issue 36): it makes
    // one, Ben answers it behind one hand-off, and only then may it make another.
    let mut a = app_with_seats("base", &[H, H, G, H], 15_879_159_557_907_723_644);
    let (mut presses, mut asked) = (0, 0);
    while asked < 2 {
        if game(&a).bots().pending().is_some() {
            a.tick();
            continue;
        }
        let g = game(&a);
        if let Some(h) = g.handoff()
            && h.reason.contains("an offer")
            && g.state.active_player() == 2
        {
            let from_bot = g
                .state
                .offers()
                .iter()
                .filter(|o| o.to == h.to && o.from == 2);
            assert_eq!(from_bot.count(), 1, "{}", h.reason);
            assert_eq!(h.reason, format!("Cy makes {} an offer.", g.name(h.to)));
            asked += 1;
            take_seat(&mut a);
            assert!(matches!(game(&a).mode(), Mode::Answer(_)));
            assert!(
                !render(&a, 80, 24).contains("take back the offer"),
                "a bot's offer is not the person's to take back"
            );
            press(&mut a, "d");
            continue;
        }
        let k = lazy_key(&a);
        presses += press(&mut a, &k);
        assert!(presses < 600, "the bot offers people in its turns");
    }
}

#[test]
fn a_bots_phase_three_line_says_which_beans_it_plants() {
    let mut a = app_with_seats("base", &[G, G, H], 5);
    let (mut own, mut received) = (false, false);
    for _ in 0..5_000 {
        let g = game(&a);
        if let Some(m) = g
            .bots()
            .pending()
            .as_ref()
            .filter(|_| g.state.phase() == Phase::PlantTraded)
        {
            let screen = render(&a, 120, 40);
            let screen = screen
                .lines()
                .find(|l| l.contains("bot)"))
                .unwrap_or(&screen);
            let s = &g.state;
            if m.player != s.active_player() {
                assert!(
                    screen.contains("plants the beans traded to them"),
                    "{screen}"
                );
                received = true;
            } else if s.trades_this_turn() == 0 {
                assert!(screen.contains("plants the turned-over beans"), "{screen}");
                assert!(!screen.contains("traded"), "{screen}");
                own = true;
            }
        }
        if (own && received) || *g.mode() == Mode::GameOver {
            break;
        }
        let k = if g.bots().pending().is_some() {
            "x".to_string()
        } else {
            lazy_key(&a)
        };
        press(&mut a, &k);
    }
    assert!(own && received, "both cases seen: {own} {received}");
}

/// Offer `id` as the table hears it, in the turn it is made: turn, who proposes, who is
/// asked, the kinds given and wanted (sorted).
type Heard = (u32, usize, usize, Vec<BeanKind>, Vec<BeanKind>);

fn heard(g: &CardTable, id: u32) -> Heard {
    let view = g.state.full_view();
    let o = view
        .offers
        .iter()
        .find(|o| o.id == id)
        .expect("the offer is open");
    let (mut giving, mut want) = (o.giving.clone(), o.want.clone());
    giving.sort_unstable();
    want.sort_unstable();
    (view.turn, o.from, o.to, giving, want)
}

#[test]
fn a_bot_never_repeats_an_offer_declined_before_a_hot_seat_resume() {
    let mut declines = 0;
    for seed in 1..=3 {
        let mut a = app_with_seats("base", &[H, SeatKind::Bot(NORMAL), G], seed);
        let mut declined: BTreeSet<Heard> = BTreeSet::new();
        let mut presses = 0;
        loop {
            a.run_bots();
            let g = game(&a);
            if *g.mode() == Mode::GameOver {
                break;
            }
            let answered = match g.mode() {
                Mode::Answer(answer) => Some((answer.offer, heard(g, answer.offer))),
                _ => None,
            };
            if let Some((_, offer)) = &answered {
                assert!(
                    !declined.contains(offer),
                    "seed {seed}: an offer declined before the resume was made again: {offer:?}"
                );
            }
            let k = lazy_key(&a);
            presses += press(&mut a, &k);
            assert!(presses < 5_000, "seed {seed}: the game ends");
            let open = |id: u32| game(&a).state.offers().iter().any(|o| o.id == id);
            if let Some((id, offer)) = answered
                && !open(id)
            {
                declined.insert(offer);
                // Ana quits and resumes the game from its record.
                let record = game(&a).shell.record.clone();
                let resumed = CardTable::resume(record, None).unwrap();
                a = App::playing(resumed, Theme::colored());
            }
        }
        declines += declined.len();
    }
    assert!(declines >= 10, "Ana declined {declines} offers");
}
