//! The replay viewer's keys and its continuing: stepping by action, phase and turn, jumping
//! to a turn, the picture at every action equal to the game resumed there, and `c` starting
//! a new game there without touching the replayed file.

use std::time::Instant;

use crate::support::replays::*;
use bohnanza::cards::Cards;
use bohnanza::cards::screen::CardTable;
use bohnanza::store::{self, Saver, library};
use bohnanza::ui::replay::{self, Move, ReplayCommand, ReplayRequest};
use bohnanza::ui::{App, LogMove, Replay, ReplayScreen, Theme};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn cursor(app: &App) -> usize {
    replay(app).cursor()
}

/// The (turn, phase number) at `n`.
fn phase_at(app: &App, n: usize) -> (u32, u8) {
    let s = replay(app).reel().stop(n);
    (s.turn, s.step)
}

fn shift(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::SHIFT)
}

#[test]
fn keys_mean_what_the_key_bar_says() {
    let go = |m| Some(ReplayCommand::Go(m));
    let k = |c: KeyCode| replay::command(&code(c), true);
    assert_eq!(k(KeyCode::Left), go(Move::Back));
    assert_eq!(k(KeyCode::Right), go(Move::Forward));
    assert_eq!(k(KeyCode::Char('[')), go(Move::PhaseBack));
    assert_eq!(k(KeyCode::Char(']')), go(Move::PhaseForward));
    assert_eq!(k(KeyCode::Char('{')), go(Move::TurnBack));
    assert_eq!(k(KeyCode::Char('}')), go(Move::TurnForward));
    let shifted = |c| replay::command(&shift(c), true);
    assert_eq!(shifted(KeyCode::Left), go(Move::TurnBack));
    assert_eq!(shifted(KeyCode::Right), go(Move::TurnForward));
    assert_eq!(k(KeyCode::Char('<')), go(Move::Start));
    assert_eq!(k(KeyCode::Char('>')), go(Move::End));
    // The log keys are the game screen's.
    assert_eq!(
        k(KeyCode::PageUp),
        Some(ReplayCommand::Log(LogMove::PageBack))
    );
    assert_eq!(
        k(KeyCode::PageDown),
        Some(ReplayCommand::Log(LogMove::PageOn))
    );
    assert_eq!(k(KeyCode::Home), Some(ReplayCommand::Log(LogMove::Oldest)));
    assert_eq!(k(KeyCode::End), Some(ReplayCommand::Log(LogMove::Newest)));
    assert_eq!(k(KeyCode::Char('l')), Some(ReplayCommand::FullLog));
    assert_eq!(k(KeyCode::Char('g')), Some(ReplayCommand::AskTurn));
    assert_eq!(k(KeyCode::Char('/')), Some(ReplayCommand::Search));
    assert_eq!(k(KeyCode::Char('n')), Some(ReplayCommand::NextMatch));
    assert_eq!(
        shifted(KeyCode::Char('N')),
        Some(ReplayCommand::PreviousMatch)
    );
    assert_eq!(k(KeyCode::Char('s')), Some(ReplayCommand::SavePosition));
    assert_eq!(k(KeyCode::Char('c')), Some(ReplayCommand::Continue));
    assert_eq!(k(KeyCode::Char('q')), Some(ReplayCommand::Leave));
    assert_eq!(k(KeyCode::Esc), Some(ReplayCommand::Leave));
    assert_eq!(k(KeyCode::Char('?')), Some(ReplayCommand::Help));
    assert_eq!(k(KeyCode::Char('x')), None);
}

#[test]
fn the_key_bar_and_the_help_are_read_from_the_keys_table() {
    let a = viewer(finished_game());
    let help = {
        let mut a = a.clone();
        press(&mut a, "?");
        render(&a, 80, 24)
    };
    for b in replay::BINDINGS {
        assert!(help.contains(b.help_keys), "{} in the help", b.help_keys);
        assert!(help.contains(b.help), "{} in the help", b.help);
    }
    for width in [80, 120] {
        let screen = render(&a, width, 24);
        let bar = screen.lines().last().unwrap();
        for b in replay::BINDINGS.iter().filter(|b| b.scope.rank == 1) {
            let (keys, word) = (b.bar, b.scope.word);
            assert!(
                bar.contains(&format!("{keys} {word}")),
                "{keys} at {width}: {bar}"
            );
        }
    }
}

#[test]
fn arrows_step_one_action_and_stop_at_either_end() {
    let mut a = viewer(finished_game());
    let last = replay(&a).reel().actions();
    assert!(last > 100, "a whole game: {last} actions");
    assert_eq!(cursor(&a), last, "the viewer opens on the last action");
    press(&mut a, "→");
    assert_eq!(cursor(&a), last);
    assert!(replay(&a).message().unwrap().contains("last action"));
    press(&mut a, "←←");
    assert_eq!(cursor(&a), last - 2);
    assert!(replay(&a).message().is_none(), "a key clears the message");
    a.on_key(code(KeyCode::Char('<')));
    assert_eq!(cursor(&a), 0);
    press(&mut a, "←");
    assert_eq!(cursor(&a), 0);
    assert!(replay(&a).message().unwrap().contains("the deal"));
    press(&mut a, "→→→");
    assert_eq!(cursor(&a), 3);
    a.on_key(code(KeyCode::Char('>')));
    assert_eq!(cursor(&a), last);
}

#[test]
fn brackets_step_a_whole_phase() {
    let mut a = viewer(finished_game());
    a.on_key(code(KeyCode::Char('<')));
    let mut starts = vec![0];
    for _ in 0..8 {
        press(&mut a, "]");
        let c = cursor(&a);
        assert_ne!(phase_at(&a, c), phase_at(&a, c - 1), "{c} starts a phase");
        let before = *starts.last().unwrap();
        assert!(
            (before..c).all(|i| phase_at(&a, i) == phase_at(&a, before)),
            "nothing between {before} and {c} is skipped"
        );
        starts.push(c);
    }
    // Back again, phase by phase, through the same starts.
    for &s in starts.iter().rev().skip(1) {
        press(&mut a, "[");
        assert_eq!(cursor(&a), s);
    }
    // From within a phase, [ goes to its start first.
    let s = starts[3];
    a.on_key(code(KeyCode::Char('<')));
    press(&mut a, "]]]");
    assert_eq!(cursor(&a), s);
    if starts[4] > s + 1 {
        press(&mut a, "→[");
        assert_eq!(cursor(&a), s);
    }
}

#[test]
fn braces_and_shift_arrows_step_a_whole_turn() {
    let mut a = viewer(finished_game());
    a.on_key(code(KeyCode::Char('<')));
    for turn in 2..=5 {
        press(&mut a, "}");
        let c = cursor(&a);
        assert_eq!(phase_at(&a, c).0, turn);
        assert_eq!(
            phase_at(&a, c - 1).0,
            turn - 1,
            "{c} is the turn's first stop"
        );
    }
    let start_5 = cursor(&a);
    press(&mut a, "→→");
    a.on_key(shift(KeyCode::Left));
    assert_eq!(cursor(&a), start_5, "back to the start of the turn");
    a.on_key(shift(KeyCode::Left));
    assert_eq!(
        phase_at(&a, cursor(&a)).0,
        4,
        "then to the start of the one before"
    );
    a.on_key(shift(KeyCode::Right));
    assert_eq!(cursor(&a), start_5);
    press(&mut a, "{{{{");
    assert_eq!(cursor(&a), 0);
}

#[test]
fn g_and_a_number_jump_to_that_turn() {
    let mut a = viewer(finished_game());
    let turns = replay(&a).reel().turns();
    press(&mut a, "g1");
    assert_eq!(replay(&a).typed(), Some("1"));
    press(&mut a, "2⌫3\n");
    let c = cursor(&a);
    assert_eq!(phase_at(&a, c).0, 13);
    assert_eq!(phase_at(&a, c - 1).0, 12);
    assert_eq!(replay(&a).typed(), None);
    // A turn the game never reached is refused, and the cursor stays.
    press(&mut a, &format!("g{}\n", turns + 1));
    assert_eq!(cursor(&a), c);
    let said = replay(&a).message().map(String::from).unwrap();
    assert!(said.contains(&format!("turns 1 to {turns}")), "{said}");
    press(&mut a, "g0\n");
    assert_eq!(cursor(&a), c);
    // Esc stops typing without leaving; Enter with nothing typed says what to do.
    press(&mut a, "g4\x1b");
    assert_eq!(replay(&a).typed(), None);
    assert!(!a.quit);
    assert_eq!(cursor(&a), c);
    press(&mut a, "g\n");
    assert!(replay(&a).message().unwrap().contains("turn number"));
    press(&mut a, "g1\n");
    assert_eq!(cursor(&a), 0, "turn 1 starts at the deal");
}

#[test]
fn the_picture_at_every_action_is_the_game_resumed_there() {
    let record = finished_game();
    let mut a = viewer(record.clone());
    let last = replay(&a).reel().actions();
    a.on_key(code(KeyCode::Char('<')));
    let mut compared_offers = 0;
    for n in 0..=last {
        assert_eq!(cursor(&a), n);
        if n % 7 == 0 || n == last {
            let mut cut = record.clone();
            cut.actions.truncate(n);
            let resumed = CardTable::resume(cut, None).unwrap();
            let r = replay(&a);
            assert_eq!(r.reel().state_at(n), resumed.state, "after action {n}");
            assert_eq!(r.picture().state, resumed.state, "after action {n}");
            // The trade panel as the game had it.
            assert_eq!(
                r.picture().notes(),
                resumed.notes(),
                "offers after action {n}"
            );
            compared_offers += usize::from(!resumed.notes().is_empty());
            // The log up to the cursor is the resumed game's, bar its "Game resumed." line.
            let told = &r.reel().log()[..r.reel().stop(n).told];
            assert_eq!(
                told,
                &resumed.shell.log[..resumed.shell.log.len() - 1],
                "log after {n}"
            );
        }
        press(&mut a, "→");
    }
    assert!(
        compared_offers > 5,
        "offers were on the table {compared_offers} times"
    );
}

#[test]
fn the_lines_of_the_action_at_the_cursor_are_marked() {
    let mut a = viewer(finished_game());
    a.on_key(code(KeyCode::Char('<')));
    press(&mut a, "}→");
    let r = replay(&a);
    let lines = r.reel().lines_of(r.cursor());
    assert!(!lines.is_empty());
    let log = &r.picture().shell.log;
    let marked: Vec<&String> = log.iter().filter(|l| l.starts_with(replay::MARK)).collect();
    assert_eq!(marked.len(), lines.len());
    assert!(log.last().unwrap().starts_with(replay::MARK));
    assert!(r.picture().open_hands(), "every hand is shown");
}

#[test]
fn q_leaves_and_question_mark_opens_the_help() {
    let mut a = viewer(finished_game());
    press(&mut a, "?");
    assert_eq!(a.overlay, Some(bohnanza::ui::Overlay::Help));
    press(&mut a, "q");
    assert!(!a.quit, "the key closes the help");
    press(&mut a, "q");
    assert!(a.quit);
    let mut r = Replay::<Cards>::new(finished_game(), "x").unwrap();
    assert_eq!(r.on_key(code(KeyCode::Esc)), Some(ReplayRequest::Leave));
}

#[test]
fn stepping_a_long_game_is_quick() {
    let record = finished_game();
    let start = Instant::now();
    let mut a = viewer(record);
    let opened = start.elapsed();
    let actions = replay(&a).reel().actions();
    a.on_key(code(KeyCode::Char('<')));
    let start = Instant::now();
    for _ in 0..actions {
        press(&mut a, "→");
    }
    let forward = start.elapsed();
    let start = Instant::now();
    for _ in 0..actions {
        press(&mut a, "←");
    }
    let back = start.elapsed();
    let per_step = (forward + back) / (2 * actions as u32);
    eprintln!(
        "{actions} actions: opened in {opened:?}, {per_step:?} a step \
         ({forward:?} forward, {back:?} back)"
    );
    assert!(per_step.as_millis() < 20, "{per_step:?} a step");
}

#[test]
fn c_continues_from_the_cursor_as_a_new_game_and_leaves_the_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let record = finished_game();
    let games = library::games_dir(dir.path());
    std::fs::create_dir_all(&games).unwrap();
    let original = games.join("original.json");
    assert!(Saver::at(original.clone()).save(&record));
    let bytes = std::fs::read(&original).unwrap();

    let viewer = replay::open(&original).unwrap();
    let mut a = App::replaying(viewer, Theme::colored(), Some(dir.path().to_path_buf()));
    press(&mut a, "g6\n]→→");
    let at = cursor(&a);
    let expected = replay(&a).reel().state_at(at);
    // The seats are asked first: Esc keeps the viewer, and the second seat becomes a person.
    press(&mut a, "c\x1b");
    assert_eq!(cursor(&a), at);
    press(&mut a, "c↓→→\n");
    let Some(game) = a.shown::<bohnanza::cards::screen::CardTable>() else {
        panic!("c puts the continued game on screen");
    };
    assert_eq!(
        game.state, expected,
        "the new game stands where the cursor was"
    );
    assert_eq!(game.shell.record.actions.len(), at);
    let mut seats = record.seats.clone();
    seats[1] = store::SavedSeat::Human;
    assert_eq!(game.shell.record.seats, seats, "the seats as chosen");
    assert!(!game.shell.is_bot(1) && game.shell.is_bot(0));
    assert!(!game.shell.record.finished);

    assert_eq!(
        std::fs::read(&original).unwrap(),
        bytes,
        "the original is untouched"
    );
    let (saved, problems) = library::list(dir.path());
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(saved.len(), 2, "a new save file beside the original");
    let new = saved.iter().find(|g| g.path != original).unwrap();
    assert_eq!(new.game.actions, record.actions.first(at));
    assert!(!new.game.finished);
    assert_eq!(store::read(&original).unwrap(), record);
}

#[test]
fn c_at_the_end_of_a_finished_game_says_there_is_nothing_to_continue() {
    let dir = tempfile::tempdir().unwrap();
    let on_the_end = Replay::<Cards>::new(finished_game(), "seed7.json").unwrap();
    let mut a = App::replaying(on_the_end, Theme::colored(), Some(dir.path().to_path_buf()));
    press(&mut a, "c");
    assert!(replay(&a).message().unwrap().contains("over"));
    press(&mut a, "\n");
    assert!(library::list(dir.path()).0.is_empty(), "no file is made");
    // Without a data directory nothing can be saved, so nothing is continued.
    let mut a = viewer(finished_game());
    press(&mut a, "←c\n");
    assert!(replay(&a).message().unwrap().contains("data directory"));
}

#[test]
fn every_built_in_variant_replays_and_steps_phase_by_phase_to_its_end() {
    for b in bohnanza::rulesets::BUILT_IN {
        let ruleset = bohnanza::rulesets::load(b.name).unwrap();
        let players = ruleset.player_counts().next().unwrap();
        let record = greedy_game(b.name, players, 11);
        let mut a = viewer(record.clone());
        let last = replay(&a).reel().actions();
        a.on_key(code(KeyCode::Char('<')));
        let mut presses = 0;
        while cursor(&a) < last {
            let before = cursor(&a);
            press(&mut a, "]");
            assert!(cursor(&a) > before, "{}: ] moves on from {before}", b.name);
            presses += 1;
        }
        let turns = replay(&a).reel().turns();
        assert!(
            presses >= turns as usize,
            "{}: at least a phase a turn",
            b.name
        );
        for n in [0, last / 3, last / 2, last] {
            let mut cut = record.clone();
            cut.actions.truncate(n);
            let resumed = CardTable::resume(cut, None).unwrap();
            assert_eq!(
                replay(&a).reel().state_at(n),
                resumed.state,
                "{} at {n}",
                b.name
            );
        }
    }
}
