//! The dice table's keys and controller, without a terminal: the key function is pure, and
//! the controller plays whole games with bots in every seat.

use crate::support::dice_screen::*;
use bohnanza::dice::Dice;
use bohnanza::dice::bots::names;
use bohnanza::dice::screen::{DiceControls, DiceKeyOutcome, DiceMode, dice_key};
use bohnanza::dice::{DiceAction, TurnPhase};
use bohnanza::game::SeatKind;
use bohnanza::game::Seated;
use bohnanza::ui::{App, Overlay};
use crossterm::event::KeyCode;

const HUMANS: [SeatKind; 2] = [SeatKind::Human, SeatKind::Human];

fn names() -> Vec<String> {
    NAMES.iter().map(|n| n.to_string()).collect()
}

/// A table of two people after Ana's first roll (seed 3).
fn rolled() -> bohnanza::dice::screen::DiceTable {
    let mut t = table(&HUMANS, 3);
    t.act(0, &DiceAction::Roll);
    assert_eq!(t.state.phase(), TurnPhase::Save);
    t
}

#[test]
fn digits_choose_dice_just_rolled_and_enter_saves_them() {
    let t = rolled();
    let view = t.state.view();
    let press = |c: &DiceControls, code| dice_key(c, &view, &HUMANS, &names(), key(code));
    let one = press(&DiceControls::default(), KeyCode::Char('1'));
    assert_eq!(one.outcome, DiceKeyOutcome::Nothing);
    assert_eq!(one.controls.chosen_dice(), vec![0]);
    let three = press(&one.controls, KeyCode::Char('3'));
    let again = press(&three.controls, KeyCode::Char('1'));
    assert_eq!(
        again.controls.chosen_dice(),
        vec![2],
        "a second press unchooses"
    );
    let saved = press(&three.controls, KeyCode::Enter);
    assert_eq!(
        saved.outcome,
        DiceKeyOutcome::Act(0, DiceAction::Save { dice: vec![0, 2] })
    );
}

#[test]
fn turn_keys_are_refused_before_a_roll_and_on_a_bots_turn() {
    let t = table(&HUMANS, 3);
    let view = t.state.view();
    let r = dice_key(
        &DiceControls::default(),
        &view,
        &HUMANS,
        &names(),
        key(KeyCode::Char('2')),
    );
    assert_eq!(
        r.outcome,
        DiceKeyOutcome::Refused("Roll the bean dice first".into())
    );
    let seats = [SeatKind::Bot(names::GREEDY), SeatKind::Human];
    let r = dice_key(
        &DiceControls::default(),
        &view,
        &seats,
        &names(),
        key(KeyCode::Char('r')),
    );
    assert_eq!(
        r.outcome,
        DiceKeyOutcome::Refused("It is Ana's turn: the bot rolls for itself".into())
    );
    let roll = dice_key(
        &DiceControls::default(),
        &view,
        &HUMANS,
        &names(),
        key(KeyCode::Char('r')),
    );
    assert_eq!(roll.outcome, DiceKeyOutcome::Act(0, DiceAction::Roll));
}

#[test]
fn help_and_quit_open_their_windows() {
    let t = table(&HUMANS, 3);
    let view = t.state.view();
    for (c, o) in [('?', Overlay::Help), ('q', Overlay::ConfirmQuit)] {
        let r = dice_key(
            &DiceControls::default(),
            &view,
            &HUMANS,
            &names(),
            key(KeyCode::Char(c)),
        );
        assert_eq!(r.outcome, DiceKeyOutcome::Overlay(o));
    }
}

/// Plays Ana's and Ben's turns by saving the first die each time until someone may harvest.
fn until_harvest() -> bohnanza::dice::screen::DiceTable {
    let mut t = table(&HUMANS, 5);
    for _ in 0..400 {
        if let Some(seat) = (0..2).find(|&s| t.state.may_harvest(s)) {
            assert!(t.state.view().players[seat].harvest_pays.is_some());
            return t;
        }
        let active = t.state.active();
        let action = match t.state.phase() {
            TurnPhase::Roll => DiceAction::Roll,
            TurnPhase::Pass => DiceAction::PassBeanPiece,
            _ => DiceAction::Save {
                dice: vec![t.state.field().unsaved()[0]],
            },
        };
        assert!(t.act(active, &action));
    }
    panic!("nobody could harvest");
}

#[test]
fn h_and_a_number_ask_once_before_harvesting() {
    let mut t = until_harvest();
    let seat = (0..2).find(|&s| t.state.may_harvest(s)).unwrap();
    let digit = char::from(b'1' + seat as u8);
    t.on_key(key(KeyCode::Char('h')));
    assert_eq!(t.controls.mode, DiceMode::PickHarvester);
    t.on_key(key(KeyCode::Char(digit)));
    assert_eq!(t.controls.mode, DiceMode::ConfirmHarvest(seat));
    let view = t.state.view();
    let question = bohnanza::dice::screen::harvest_question(&view, &t.shell.names, seat);
    let covered = view.players[seat].covered;
    assert!(question.starts_with(&format!("Harvest {}'s {covered} orders for ", NAMES[seat])));
    // Esc: nothing happens.
    t.on_key(key(KeyCode::Esc));
    assert_eq!(t.controls.mode, DiceMode::Table);
    assert_eq!(t.state.players()[seat].covered, covered);
    // Asked again and confirmed: the harvest is made.
    let dollars = t.state.players()[seat].dollars;
    for code in [KeyCode::Char('h'), KeyCode::Char(digit), KeyCode::Enter] {
        t.on_key(key(code));
    }
    assert!(t.state.players()[seat].dollars > dollars);
    let harvested = format!("{} harvested {covered} orders for ", NAMES[seat]);
    assert!(
        t.shell.log.iter().any(|l| l.starts_with(&harvested)),
        "{:?}",
        t.shell.log
    );
}

/// A harvest too early is refused in the rulebook's word ("completed"), naming the player
/// whose number was pressed (anyone may press it at a hot-seat table), within 80 columns:
/// the engine's "You can harvest only once you have completed at least 3 orders; you have
/// completed 0" was cut off at 80×24.
#[test]
fn a_harvest_too_early_is_refused_naming_the_player() {
    let mut t = table(&HUMANS, 3);
    for code in [KeyCode::Char('h'), KeyCode::Char('2')] {
        t.on_key(key(code));
    }
    let (text, refusal) = t.shell.message.clone().unwrap();
    assert!(refusal);
    assert_eq!(
        text,
        "Ben has completed 0 orders: a harvest needs at least 3"
    );
    assert_eq!(t.controls.mode, DiceMode::Table);
    let screen = render(&App::playing(t, bohnanza::ui::Theme::plain()), 80, 24);
    assert!(screen.contains(&text), "{screen}");
}

#[test]
fn saving_nothing_is_refused_and_leaves_the_game_as_it_was() {
    let mut t = rolled();
    let before = t.state.clone();
    t.on_key(key(KeyCode::Enter));
    assert_eq!(t.state, before);
    assert_eq!(
        t.shell.message.clone().unwrap().0,
        "You must save at least one die in the bean field after each roll"
    );
}

#[test]
fn the_app_rolls_saves_and_repeats_through_keys() {
    let mut a = app(2, 3, bohnanza::ui::Theme::plain());
    type_keys(&mut a, "r");
    assert_eq!(dice(&a).state.phase(), TurnPhase::Save);
    type_keys(&mut a, "b");
    assert!(
        dice(&a)
            .shell
            .log
            .last()
            .unwrap()
            .contains("repeated the roll with the bean piece")
    );
    type_keys(&mut a, "b");
    assert_eq!(
        dice(&a).shell.message.clone().unwrap().0,
        "The bean piece repeats a roll only once per turn"
    );
    type_keys(&mut a, "12345\n");
    assert_eq!(dice(&a).state.phase(), TurnPhase::Pass);
    type_keys(&mut a, "p");
    assert_eq!(dice(&a).state.active(), 1);
    assert!(
        dice(&a)
            .shell
            .log
            .iter()
            .any(|l| l == "Ana saved dice 1, 2, 3, 4 and 5 in the bean field.")
    );
    assert!(
        dice(&a)
            .shell
            .log
            .iter()
            .any(|l| l == "Ana passed the bean piece to Ben.")
    );
}

#[test]
fn bots_in_every_seat_play_to_the_winner_through_the_screen() {
    for players in 2..=5 {
        let bots = Dice::bot_names();
        for i in 0..bots.len() {
            let seats: Vec<SeatKind> = (0..players)
                .map(|s| SeatKind::Bot(bots[(s + i) % bots.len()]))
                .collect();
            let mut a = bohnanza::ui::App::playing(
                table(&seats, 11 + players as u64),
                bohnanza::ui::Theme::plain(),
            );
            let mut moves = 0;
            while a.bot_wait().is_some() {
                assert!(a.tick());
                moves += 1;
                assert!(moves < 5000, "the game did not end");
            }
            let t = dice(&a);
            let outcome = t.state.outcome().expect("the bots played to the end");
            assert!(!outcome.winners.is_empty());
            assert!(t.shell.log.last().unwrap().starts_with("Game over: "));
            assert!(render(&a, 80, 24).contains("Game over"));
        }
    }
}

#[test]
fn a_bot_plays_its_turn_after_a_person_passes() {
    let seats = [SeatKind::Human, SeatKind::Bot(names::EXPECT)];
    let mut a = bohnanza::ui::App::playing(table(&seats, 9), bohnanza::ui::Theme::plain());
    assert!(a.bot_wait().is_none(), "the person rolls first");
    type_keys(&mut a, "r12345\np");
    assert_eq!(a.bot_wait(), Some(bohnanza::ui::Pace::Normal.bot_move()));
    while dice(&a).state.active() == 1 {
        assert!(a.tick());
    }
    assert!(
        dice(&a)
            .shell
            .log
            .iter()
            .any(|l| l.starts_with("Ben rolled "))
    );
}

#[test]
fn the_setup_screen_offers_the_dice_game_with_dice_bots() {
    use bohnanza::ui::{App, Screen, SetupForm, Theme};
    let data = tempfile::tempdir().unwrap();
    let mut a = App::setup(
        SetupForm::new(),
        Theme::plain(),
        Some(data.path().to_path_buf()),
        5,
    );
    for _ in 0..20 {
        if matches!(&a.screen, Screen::Setup(f) if f.chosen().is_some_and(|v| v.rules.name() == "dice"))
        {
            break;
        }
        a.on_key(key(KeyCode::Right));
    }
    let screen = render(&a, 80, 24);
    assert!(screen.contains("◀ dice ▶"), "{screen}");
    assert!(screen.contains("the dice game plays with 2–5"), "{screen}");
    assert!(screen.contains("Saved after every move"), "{screen}");
    // Seat 2: one step left from a person is the strongest dice bot.
    let keys = [
        KeyCode::Down,
        KeyCode::Char('2'),
        KeyCode::Down,
        KeyCode::Down,
        KeyCode::Left,
    ];
    for code in keys {
        a.on_key(key(code));
    }
    let screen = render(&a, 80, 24);
    assert!(screen.contains("Strong 2"), "{screen}");
    assert!(screen.contains("strong bot"), "{screen}");
    // Past the pace line, to Start.
    a.on_key(key(KeyCode::Down));
    a.on_key(key(KeyCode::Down));
    a.on_key(key(KeyCode::Enter));
    assert!(a.setup_error.is_none(), "{:?}", a.setup_error);
    let t = dice(&a);
    assert_eq!(
        t.shell.seats,
        vec![SeatKind::Human, SeatKind::Bot(names::STRONG)]
    );
    assert_eq!(
        t.shell.names,
        vec!["Player 1".to_string(), "Strong 2".to_string()]
    );
    // Saved from the deal in the data directory, as a card game started here is.
    let path = t.shell.saver.as_ref().unwrap().path();
    assert!(path.starts_with(data.path().join("games")), "{path:?}");
    assert_eq!(bohnanza::store::read(path).unwrap(), t.shell.record);
}

#[test]
fn bots_wait_while_a_person_answers_the_harvest_question() {
    let seats = [SeatKind::Human, SeatKind::Bot(names::GREEDY)];
    let mut a = bohnanza::ui::App::playing(table(&seats, 9), bohnanza::ui::Theme::plain());
    type_keys(&mut a, "r12345\np");
    assert!(a.bot_wait().is_some(), "the bot's turn");
    type_keys(&mut a, "h");
    assert_eq!(a.bot_wait(), None, "the bot waits for the question");
    assert!(!a.tick());
    a.on_key(key(KeyCode::Esc));
    assert!(a.bot_wait().is_some());
}

/// `u` takes back a saved die and a passed bean piece, one after the other, while nothing
/// was rolled since; a roll (which showed new dice) and a bot's move are not taken back, and
/// a refusal changes nothing.
#[test]
fn u_takes_back_what_revealed_nothing_and_never_a_roll() {
    let mut a = app(2, 3, bohnanza::ui::Theme::plain());
    type_keys(&mut a, "r");
    let after_roll = dice(&a).state.clone();
    type_keys(&mut a, "1\n");
    let after_save = dice(&a).state.clone();
    assert_ne!(after_save, after_roll);
    type_keys(&mut a, "u");
    assert_eq!(dice(&a).state, after_roll, "the saved die is back");
    assert_eq!(
        dice(&a).shell.record.actions.len(),
        1,
        "the record lost the move"
    );
    let told = dice(&a).shell.log.last().unwrap().clone();
    // Worded as at the card table: the name once, then what was done.
    assert_eq!(told, "Ana took back: saved die 1 in the bean field.");

    type_keys(&mut a, "u");
    assert_eq!(dice(&a).state, after_roll, "a roll stays");
    let said = dice(&a).shell.message.clone().unwrap().0;
    assert!(said.starts_with("Cannot take back: Ana rolled"), "{said}");

    type_keys(&mut a, "12345\n");
    type_keys(&mut a, "p");
    assert_eq!(dice(&a).state.active(), 1);
    type_keys(&mut a, "u");
    assert_eq!(
        dice(&a).state.active(),
        0,
        "the bean piece comes back to Ana"
    );
    assert_eq!(dice(&a).state.phase(), TurnPhase::Pass);
    let told = dice(&a).shell.log.last().unwrap().clone();
    assert_eq!(told, "Ana took back: passed the bean piece to Ben.");

    let mut bots = App::playing(
        table(&[SeatKind::Human, SeatKind::Bot(names::GREEDY)], 3),
        bohnanza::ui::Theme::plain(),
    );
    type_keys(&mut bots, "r12345\np");
    assert!(bots.run_bots() > 0);
    let before = dice(&bots).state.clone();
    type_keys(&mut bots, "u");
    let said = dice(&bots).shell.message.clone().unwrap().0;
    assert!(said.contains("(a bot) made the last move"), "{said}");
    assert_eq!(dice(&bots).state, before);
}

/// A refusal answers one key: a number with no player shows while choosing who harvests,
/// and is gone once Esc closes the question, as is a refusal once the next key is pressed
/// (seen in tmux: "Harvest: press a player's number, 1 to 3, or Esc" stayed after Esc).
#[test]
fn a_refusal_shows_for_its_key_and_goes_with_the_next() {
    let mut a = App::playing(rolled(), bohnanza::ui::Theme::plain());
    type_keys(&mut a, "h7");
    let screen = render(&a, 80, 24);
    assert!(
        screen.contains("Harvest: press a player's number, 1 to 2, or Esc"),
        "{screen}"
    );
    assert_eq!(dice(&a).controls.mode, DiceMode::PickHarvester);
    a.on_key(key(KeyCode::Esc));
    assert_eq!(dice(&a).shell.message, None);
    assert!(!render(&a, 80, 24).contains("Harvest: press"));
    type_keys(&mut a, "\n");
    assert!(
        dice(&a).shell.message.is_some(),
        "saving nothing is refused"
    );
    type_keys(&mut a, "1");
    assert_eq!(
        dice(&a).shell.message,
        None,
        "choosing a die answers afresh"
    );
}

/// The roll report tells the turn's last roll and goes when the bean piece is passed: the
/// next player has rolled nothing yet (seen in tmux: "This roll covered no one's order."
/// under Bob's turn before Bob rolled).
#[test]
fn the_roll_report_goes_with_the_bean_piece() {
    let mut a = App::playing(table(&HUMANS, 3), bohnanza::ui::Theme::plain());
    type_keys(&mut a, "r");
    assert!(dice(&a).roll_report.is_some());
    type_keys(&mut a, "12345\n");
    assert!(dice(&a).roll_report.is_some(), "the turn's last roll");
    type_keys(&mut a, "p");
    assert_eq!(dice(&a).roll_report, None);
    let screen = render(&a, 80, 24);
    assert!(
        !screen.contains("this roll") && !screen.contains("This roll"),
        "{screen}"
    );
    type_keys(&mut a, "r");
    assert!(dice(&a).roll_report.is_some(), "Ben's roll");
}

/// The scores printed once the screen closes count one bean dollar in the singular (seen
/// after a dice game in tmux: "Random 4        1 bean dollars").
#[test]
fn the_farewell_says_1_bean_dollar() {
    let outcome = bohnanza::game::PlayOutcome {
        scores: vec![1, 10, 0],
        winners: vec![1],
    };
    let said = bohnanza::ui::final_scores(&names()[..3], &outcome);
    let lines: Vec<&str> = said.lines().map(str::trim_end).collect();
    assert_eq!(
        lines,
        [
            "Ana             1 bean dollar",
            "Ben            10 bean dollars  (winner)",
            "Cy              0 bean dollars",
        ]
    );
}

/// `u` refused (a roll is never taken back) leaves the dice chosen as they were: in tmux the
/// chosen marks vanished with the refusal, and Enter then saved nothing but a refusal.
#[test]
fn a_refused_take_back_keeps_the_dice_chosen() {
    let mut a = App::playing(table(&HUMANS, 3), bohnanza::ui::Theme::plain());
    type_keys(&mut a, "r14");
    let chosen = dice(&a).controls.chosen;
    assert_eq!(chosen, [true, false, false, true, false]);
    type_keys(&mut a, "u");
    assert!(dice(&a).shell.message.is_some(), "the roll stays");
    assert_eq!(dice(&a).controls.chosen, chosen);
    type_keys(&mut a, "\n");
    assert!(dice(&a).state.field().dice[0].saved && dice(&a).state.field().dice[3].saved);
    // Taken back, the save leaves nothing chosen.
    type_keys(&mut a, "u");
    assert_eq!(dice(&a).controls.chosen, [false; 5]);
}
