//! Taking moves back on the game screen (`u`): each kind of move comes back exactly, and
//! `u` is refused once something hidden was seen, the screen changed hands, or a bot played.

use crate::support::card_screen::*;
use bohnanza::cards::bots::names::GREEDY;
use bohnanza::cards::screen::CardTable;
use bohnanza::cards::screen::undo::{
    HandOver, MoveTakenBack, Revealed, TakeBackRefusal, may_take_back,
};
use bohnanza::cards::{Action, BeanKind, CardRef, Event, GameState, Phase};
use bohnanza::few;
use bohnanza::game::SeatKind;
use bohnanza::store::Saver;
use bohnanza::ui::words::took_back_line;
use bohnanza::ui::{App, Theme};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

const H: SeatKind = SeatKind::Human;
const G: SeatKind = SeatKind::Bot(GREEDY);

/// The game's state and record now, to compare after a take-back.
fn snapshot(app: &App) -> (GameState, bohnanza::store::Actions) {
    let g = game(app);
    (g.state.clone(), g.shell.record.actions.clone())
}

fn message(app: &App) -> String {
    game(app)
        .shell
        .message
        .clone()
        .map(|m| m.0)
        .unwrap_or_default()
}

fn last_log(app: &App) -> String {
    game(app).shell.log.last().cloned().unwrap_or_default()
}

/// Acts for `player` through the game, which must accept.
fn act(app: &mut App, player: usize, action: Action) {
    let g = game_mut(app);
    assert!(
        g.act(player, action.clone()),
        "{action:?}: {:?}",
        g.shell.message
    );
}

/// Acts, presses `u`, and checks the game is exactly as before the action.
fn undone(app: &mut App, player: usize, action: Action) {
    let before = snapshot(app);
    act(app, player, action.clone());
    assert_ne!(snapshot(app), before, "{action:?} changed the game");
    press(app, "u");
    assert_eq!(
        snapshot(app),
        before,
        "{action:?} taken back: {}",
        message(app)
    );
    assert!(last_log(app).contains(" took back: "), "{}", last_log(app));
}

/// A three-person base game at Ana's phase 2, with hands hidden.
fn trading_app() -> App {
    let mut a = app(3, 1);
    press(&mut a, "🪑p");
    act(&mut a, 0, Action::TurnOver);
    assert_eq!(game(&a).state.phase(), Phase::Trade);
    a
}

fn open_offer(app: &App) -> u32 {
    game(app).state.offers().last().expect("an open offer").id
}

#[test]
fn a_planting_is_taken_back_and_the_log_says_so() {
    let mut a = app(3, 1);
    take_seat(&mut a);
    let before = snapshot(&a);
    press(&mut a, "p");
    press(&mut a, "u");
    assert_eq!(snapshot(&a), before);
    let line = last_log(&a);
    assert!(line.starts_with("Ana took back: planted "), "{line}");
    assert!(line.ends_with(" in field 1."), "{line}");
    assert_eq!(message(&a), line);
    let g = game(&a);
    assert_eq!(
        (g.viewer(), g.handoff().is_none()),
        (Some(0), true),
        "Ana keeps the seat"
    );
    // Planting again is the same move as before.
    press(&mut a, "p");
    assert!(game(&a).state.player(0).fields()[0].count() == 1);
}

#[test]
fn a_harvest_is_taken_back() {
    let mut a = app(3, 1);
    press(&mut a, "🪑p");
    undone(&mut a, 0, Action::Harvest { field: 0 });
}

#[test]
fn an_offer_is_taken_back_before_the_other_player_takes_the_seat() {
    let mut a = trading_app();
    let before = snapshot(&a);
    let offer = Action::Propose {
        to: 1,
        give: few![CardRef::FaceUp(0)],
        want: few![],
    };
    act(&mut a, 0, offer);
    assert_eq!(game(&a).handoff().map(|h| h.to), Some(1));
    press(&mut a, "u");
    assert_eq!(snapshot(&a), before, "{}", message(&a));
    let g = game(&a);
    assert_eq!(
        (g.viewer(), g.handoff().cloned()),
        (Some(0), None),
        "back to Ana"
    );
    assert!(g.notes().is_empty(), "the trade panel forgets the offer");
    assert!(
        last_log(&a).starts_with("Ana took back: "),
        "{}",
        last_log(&a)
    );
}

#[test]
fn a_donation_from_the_hand_and_its_acceptance_are_taken_back() {
    let mut a = trading_app();
    let donation = Action::Propose {
        to: 1,
        give: few![CardRef::Hand(0)],
        want: few![],
    };
    undone(&mut a, 0, donation.clone());
    act(&mut a, 0, donation);
    take_seat(&mut a);
    let id = open_offer(&a);
    let accept = Action::Accept {
        offer: id,
        give: few![],
    };
    undone(&mut a, 1, accept);
    assert!(
        last_log(&a).starts_with("Ben took back: "),
        "{}",
        last_log(&a)
    );
}

#[test]
fn accepting_and_declining_are_taken_back_until_the_screen_changes_hands() {
    let mut a = trading_app();
    let kind = game(&a).state.face_up()[0];
    act(
        &mut a,
        0,
        Action::Propose {
            to: 1,
            give: few![CardRef::FaceUp(0)],
            want: few![],
        },
    );
    take_seat(&mut a);
    let id = open_offer(&a);
    undone(&mut a, 1, Action::Decline { offer: id });
    assert_eq!(
        game(&a).notes()[0].answer,
        bohnanza::cards::screen::Answered::Waiting
    );
    undone(
        &mut a,
        1,
        Action::Accept {
            offer: id,
            give: few![],
        },
    );
    act(
        &mut a,
        1,
        Action::Accept {
            offer: id,
            give: few![],
        },
    );
    assert_eq!(game(&a).state.player(1).set_aside(), &[kind]);
    // Ana takes the seat: Ben's acceptance can no longer be taken back, nor Ana's offer.
    assert_eq!(game(&a).handoff().map(|h| h.to), Some(0));
    take_seat(&mut a);
    let before = snapshot(&a);
    press(&mut a, "u");
    assert_eq!(snapshot(&a), before);
    assert_eq!(
        message(&a),
        "Cannot take back: the screen was handed to Ana since."
    );
}

#[test]
fn turning_over_and_drawing_cannot_be_taken_back() {
    let mut a = app(3, 1);
    press(&mut a, "🪑pp");
    let before = snapshot(&a);
    press(&mut a, "u");
    assert_eq!(snapshot(&a), before);
    assert_eq!(
        message(&a),
        "Cannot take back: the top two cards were turned over."
    );
    // Ana keeps both turned-over cards and plants them: the last planting draws.
    act(&mut a, 0, Action::EndTrading);
    let harvest_for = |g: &CardTable, card: usize| {
        let kind = g.state.player(0).set_aside()[card];
        g.suggested_field(0, kind)
    };
    for _ in 0..2 {
        let g = game_mut(&mut a);
        let field = match harvest_for(g, 0) {
            Some(f) => f,
            None => {
                assert!(g.act(0, Action::Harvest { field: 0 }));
                0
            }
        };
        assert!(g.act(0, Action::PlantSetAside { card: 0, field }));
    }
    assert_eq!(game(&a).state.active_player(), 1, "the turn moved on");
    let before = snapshot(&a);
    press(&mut a, "u");
    assert_eq!(snapshot(&a), before);
    assert_eq!(message(&a), "Cannot take back: cards were drawn.");
}

#[test]
fn a_bots_move_after_yours_cannot_be_taken_back() {
    let mut a = app_with_seats("base", &[H, G, G], 3);
    press(&mut a, "p");
    act(&mut a, 0, Action::TurnOver);
    act(&mut a, 0, Action::EndTrading);
    while game(&a).state.active_player() == 0 || game(&a).bots().pending().is_some() {
        if !a.tick() {
            let k = lazy_key(&a);
            press(&mut a, &k);
        }
        if game(&a).state.active_player() != 0 && game(&a).bots().pending().is_none() {
            break;
        }
    }
    a.run_bots();
    let last = game(&a).shell.record.actions.last().unwrap()["player"]
        .as_u64()
        .unwrap() as usize;
    assert!(game(&a).shell.is_bot(last));
    let before = snapshot(&a);
    press(&mut a, "u");
    assert_eq!(snapshot(&a), before);
    let name = ["Ana", "Ben", "Cy"][last];
    assert_eq!(
        message(&a),
        format!("Cannot take back: {name} has played since.")
    );
}

#[test]
fn with_open_hands_every_move_comes_back_to_the_deal_and_the_bots_wait() {
    let mut c = config_for("base", 3, 5, true);
    c.seats = vec![H, G, G];
    c.bots.search.playouts = 8;
    let deal = CardTable::new(c.clone(), None).unwrap().state;
    let mut a = App::playing(CardTable::new(c, None).unwrap(), Theme::colored());
    let mut presses = 0;
    while game(&a).state.turn() < 5 {
        a.run_bots();
        let k = lazy_key(&a);
        presses += press(&mut a, &k);
        assert!(presses < 2_000);
    }
    // Back into a bot's turn: the bots wait, however long.
    loop {
        press(&mut a, "u");
        assert!(!message(&a).starts_with("Cannot"), "{}", message(&a));
        if game(&a).shell.is_bot(game(&a).state.active_player()) {
            break;
        }
    }
    assert!(game(&a).bots().pending().is_none());
    assert!(a.bot_wait().is_none(), "the bots wait");
    assert!(!a.tick());
    assert!(message(&a).ends_with("The bots wait: g lets them play."));
    press(&mut a, "?\x1b");
    let screen = render(&a, 120, 40);
    let waiting = format!(
        "{} waits since the take-back.",
        game(&a).name(game(&a).state.active_player())
    );
    assert!(screen.contains(&waiting), "{screen}");
    assert!(screen.contains("bots play on"), "{screen}");
    // Keys never act for a bot's seat; the refusal says how to let the bots play.
    let bot = game(&a).state.active_player();
    assert!(!game_mut(&mut a).act(bot, Action::Harvest { field: 0 }));
    assert!(
        message(&a).ends_with("g lets them play."),
        "{}",
        message(&a)
    );
    press(&mut a, "g");
    assert!(game(&a).bots().pending().is_some(), "g lets them play");
    let taken = game(&a).shell.record.actions.len();
    for _ in 0..taken {
        if game(&a).shell.record.actions.is_empty() {
            break;
        }
        press(&mut a, "u");
        assert!(!message(&a).starts_with("Cannot"), "{}", message(&a));
    }
    assert_eq!(game(&a).state, deal, "back to the deal");
    assert!(game(&a).shell.record.actions.is_empty());
    press(&mut a, "u");
    assert_eq!(message(&a), "Cannot take back: no move has been made yet.");
    // At the deal it is Ana's turn: her move ends the bots' wait.
    assert!(game(&a).undo().bots_wait);
    press(&mut a, "p");
    assert!(!game(&a).undo().bots_wait);
    assert_eq!(game(&a).shell.record.actions.len(), 1);
}

#[test]
fn the_save_file_after_a_take_back_is_the_save_before_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    let game = CardTable::new(config(3, 1, false), Some(Saver::at(path.clone()))).unwrap();
    let mut a = App::playing(game, Theme::colored());
    take_seat(&mut a);
    let dealt = std::fs::read(&path).unwrap();
    press(&mut a, "p");
    let planted = std::fs::read(&path).unwrap();
    assert_ne!(planted, dealt);
    press(&mut a, "u");
    assert_eq!(std::fs::read(&path).unwrap(), dealt);
    press(&mut a, "p");
    assert_eq!(std::fs::read(&path).unwrap(), planted);
    act(&mut a, 0, Action::Harvest { field: 0 });
    press(&mut a, "u");
    assert_eq!(std::fs::read(&path).unwrap(), planted);
}

/// Plays random listed moves in an open-hands game of `variant` for `players` people until
/// some player may make a move `wanted` picks; returns the game there with that player and
/// move.
fn reach(variant: &str, players: usize, wanted: fn(&Action) -> bool) -> (App, usize, Action) {
    for seed in 0..40 {
        let mut a = App::playing(
            CardTable::new(config_for(variant, players, seed, true), None).unwrap(),
            Theme::colored(),
        );
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..3_000 {
            let g = game(&a);
            if g.state.is_over() {
                break;
            }
            let moves: Vec<(usize, Action)> = (0..players)
                .flat_map(|p| g.state.legal_actions(p).into_iter().map(move |m| (p, m)))
                .collect();
            if let Some((p, m)) = moves.iter().find(|(_, m)| wanted(m)) {
                return (a, *p, m.clone());
            }
            // Harvests only when nothing else may be done, so that fields grow and pay.
            let quiet = |m: &Action| !matches!(m, Action::Propose { .. } | Action::Harvest { .. });
            let mut calm: Vec<&(usize, Action)> = moves.iter().filter(|(_, m)| quiet(m)).collect();
            if calm.is_empty() {
                calm = moves
                    .iter()
                    .filter(|(_, m)| !matches!(m, Action::Propose { .. }))
                    .collect();
            }
            let (p, m) = calm[(rng.next_u64() as usize) % calm.len()].clone();
            act(&mut a, p, m);
        }
    }
    panic!("no game of {variant} reached the move");
}

#[test]
fn buying_a_third_field_is_taken_back() {
    let (mut a, p, m) = reach("classic", 4, |m| matches!(m, Action::BuyThirdField));
    undone(&mut a, p, m);
}

#[test]
fn fulfilling_an_order_is_taken_back() {
    let (mut a, p, m) = reach("expansion-order-cards", 3, |m| {
        matches!(m, Action::FulfillOrder { .. })
    });
    undone(&mut a, p, m);
}

#[test]
fn rearranging_fields_is_taken_back() {
    let (mut a, p, m) = reach(
        "expansion-field-beans",
        4,
        |m| matches!(m, Action::RearrangeFields { from } if from != &[0, 1, 2]),
    );
    undone(&mut a, p, m);
}

#[test]
fn the_rules_of_undo_hold_as_a_function_of_the_moves() {
    let names: Vec<String> = ["Ana", "Ben"].iter().map(|s| s.to_string()).collect();
    let plant = [Event::Planted {
        player: 0,
        card: BeanKind::new(0),
        field: 0,
    }];
    let turned = [
        Event::TurnedOver {
            card: BeanKind::new(1),
        },
        Event::TurnedOver {
            card: BeanKind::new(2),
        },
    ];
    let step = |by_bot, events| MoveTakenBack {
        player: 0,
        by_bot,
        events,
    };
    let check =
        |steps: &[MoveTakenBack<'_>], open, handed| may_take_back(3, steps, open, handed, &names);
    assert_eq!(check(&[], false, None), Err(TakeBackRefusal::NothingYet));
    assert_eq!(check(&[step(false, &plant)], false, None), Ok(()));
    let ben_took_over = Some(HandOver { to: 1, after: 4 });
    assert_eq!(
        check(&[step(false, &plant)], false, ben_took_over),
        Err(TakeBackRefusal::HandedOver { to: "Ben".into() })
    );
    let earlier = Some(HandOver { to: 1, after: 3 });
    assert_eq!(check(&[step(false, &plant)], false, earlier), Ok(()));
    assert_eq!(
        check(&[step(true, &plant)], false, None),
        Err(TakeBackRefusal::BotPlayed { bot: "Ana".into() })
    );
    assert_eq!(check(&[step(true, &turned)], true, ben_took_over), Ok(()));
    assert_eq!(Revealed::by(&turned), Some(Revealed::TurnedOver(2)));
    assert_eq!(Revealed::by(&plant), None);
    assert_eq!(
        check(&[step(false, &plant), step(false, &turned)], false, None)
            .unwrap_err()
            .to_string(),
        "Cannot take back: the top two cards were turned over."
    );
    assert_eq!(
        took_back_line("Ana", &["Ana planted Blue in field 1.".into()]),
        "Ana took back: planted Blue in field 1."
    );
    assert_eq!(
        took_back_line("Ana", &["Turned over Red.".into()]),
        "Ana took back: turned over Red."
    );
    let mixed = [
        "Ana covered 1 Soy bean in field 1 (a mixed patch).".to_string(),
        "Ana planted Red in field 1.".to_string(),
        "Turned over Blue.".to_string(),
    ];
    assert_eq!(
        took_back_line("Ana", &mixed),
        "Ana took back: covered 1 Soy bean in field 1 (a mixed patch); planted Red in field 1."
    );
}

#[test]
fn a_counter_offer_and_an_offer_not_yet_seen_come_back_whole() {
    let mut a = app(3, 7);
    // Ana gives Ben a turned-over card; Ben counters with a card of his for a kind of Ana's.
    press(&mut a, "🪑\nto \n🪑c ");
    let before_counter = snapshot(&a);
    press(&mut a, "\n");
    assert_eq!(
        game(&a).shell.record.actions.len(),
        before_counter.1.len() + 2
    );
    press(&mut a, "u");
    assert_eq!(snapshot(&a), before_counter, "{}", message(&a));
    let line = last_log(&a);
    assert!(line.starts_with("Ben took back: declines "), "{line}");
    assert_eq!(
        (game(&a).viewer(), game(&a).handoff().is_none()),
        (Some(1), true)
    );
    // Again; then Ana asks Ben for a kind he lacks: he is handed the keyboard as for any
    // offer, and before he takes it `u` takes the offer back.
    press(&mut a, "c \n🪑");
    assert_eq!(game(&a).viewer(), Some(0));
    press(&mut a, "o d");
    let before_ask = snapshot(&a);
    let notes = game(&a).notes().to_vec();
    press(&mut a, "\n");
    assert_eq!(game(&a).handoff().map(|h| h.to), Some(1));
    press(&mut a, "u");
    assert_eq!(snapshot(&a), before_ask, "{}", message(&a));
    assert_eq!(
        game(&a).notes(),
        notes,
        "the trade panel as before the offer"
    );
    assert!(
        last_log(&a).starts_with("Ana took back: "),
        "{}",
        last_log(&a)
    );
}

#[test]
fn a_resumed_game_shows_this_turns_offers_as_they_were_answered() {
    let mut a = app(3, 7);
    press(&mut a, "🪑\nto \n🪑c \n🪑o d\n");
    let live = game(&a);
    assert_eq!(live.notes().len(), 3, "{:?}", live.notes());
    let resumed = CardTable::resume(live.shell.record.clone(), None).unwrap();
    assert_eq!(resumed.notes(), live.notes());
}

#[test]
fn hands_open_by_the_rules_still_hide_the_draw_pile() {
    // My First Bohnanza lays every hand face up; the cards to come stay hidden, so a
    // turn-over is not taken back there (only `--open-hands` allows any move).
    let mut a = app_for("my-first", 3, 2);
    assert!(game(&a).open_hands());
    let before = snapshot(&a);
    press(&mut a, "p");
    press(&mut a, "u");
    assert_eq!(snapshot(&a), before, "{}", message(&a));
    press(&mut a, "pt");
    let before = snapshot(&a);
    press(&mut a, "u");
    assert_eq!(snapshot(&a), before);
    assert!(
        message(&a).starts_with("Cannot take back: the top "),
        "{}",
        message(&a)
    );
}
