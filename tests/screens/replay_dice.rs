//! The replay viewer on saved dice games: its keys, the table at the cursor equal to the
//! game resumed there, continuing from the cursor in a new file, and how it looks.

use crate::support::dice_screen::{render, table, type_keys};
use bohnanza::dice::Dice;
use bohnanza::dice::bots::names;
use bohnanza::dice::screen::DiceTable;
use bohnanza::game::SeatKind;
use bohnanza::store::{SavedGame, Saver};
use bohnanza::ui::replay::{self, MARK, Move, ReplayCommand, command};
use bohnanza::ui::{App, Replay, Theme};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The record of a whole dice game of `players` greedy bots.
fn bot_game(players: usize, seed: u64) -> SavedGame {
    let seats = vec![SeatKind::Bot(names::GREEDY); players];
    let mut app = App::playing(table(&seats, seed), Theme::colored());
    app.run_bots();
    let Some(t) = app.shown::<bohnanza::dice::screen::DiceTable>() else {
        panic!("the dice game is on screen");
    };
    assert!(t.shell.record.finished, "the bots play the game to its end");
    t.shell.record.clone()
}

fn viewer(record: SavedGame) -> App {
    App::replaying(
        Replay::<Dice>::new(record, "dice.json").unwrap(),
        Theme::colored(),
        None,
    )
}

fn dice_replay(app: &App) -> &Replay<Dice> {
    app.shown::<Replay<Dice>>()
        .expect("the dice replay viewer is on screen")
}

/// The turn the game was in after the action at the cursor.
fn turn(app: &App) -> u32 {
    let r = dice_replay(app);
    r.reel().stop(r.cursor()).turn
}

fn press(app: &mut App, code: KeyCode, modifiers: KeyModifiers) {
    app.on_key(KeyEvent::new(code, modifiers));
}

#[test]
fn the_keys_step_an_action_a_turn_and_to_the_ends() {
    let key = |code| KeyEvent::new(code, KeyModifiers::NONE);
    let shift = |code| KeyEvent::new(code, KeyModifiers::SHIFT);
    let go = |m| Some(ReplayCommand::Go(m));
    assert_eq!(command(&key(KeyCode::Left), true), go(Move::Back));
    assert_eq!(command(&key(KeyCode::Right), true), go(Move::Forward));
    assert_eq!(command(&shift(KeyCode::Left), true), go(Move::TurnBack));
    assert_eq!(command(&shift(KeyCode::Right), true), go(Move::TurnForward));
    assert_eq!(command(&key(KeyCode::Char('{')), true), go(Move::TurnBack));
    assert_eq!(
        command(&key(KeyCode::Char('}')), true),
        go(Move::TurnForward)
    );
    assert_eq!(command(&key(KeyCode::Char('<')), false), go(Move::Start));
    assert_eq!(command(&key(KeyCode::Char('>')), false), go(Move::End));
    // The dice game's turn has no phases: [ and ] are not keys of a viewer without them.
    assert_eq!(command(&key(KeyCode::Char(']')), false), None);
    assert_eq!(
        command(&key(KeyCode::Char('c')), true),
        Some(ReplayCommand::Continue)
    );
    assert_eq!(
        command(&key(KeyCode::Char('?')), true),
        Some(ReplayCommand::Help)
    );
    assert_eq!(
        command(&key(KeyCode::Esc), true),
        Some(ReplayCommand::Leave)
    );

    let mut app = viewer(bot_game(3, 5));
    let last = dice_replay(&app).reel().actions();
    assert_eq!(
        dice_replay(&app).cursor(),
        last,
        "it opens at the last action"
    );
    press(&mut app, KeyCode::Char('<'), KeyModifiers::NONE);
    assert_eq!(dice_replay(&app).cursor(), 0);
    press(&mut app, KeyCode::Left, KeyModifiers::NONE);
    let said = dice_replay(&app).message().map(String::from).unwrap();
    assert!(said.contains("This is the deal"), "{said}");
    press(&mut app, KeyCode::Right, KeyModifiers::NONE);
    assert_eq!(dice_replay(&app).cursor(), 1);
    press(&mut app, KeyCode::Char('}'), KeyModifiers::NONE);
    let next_turn = dice_replay(&app).cursor();
    assert_eq!(turn(&app), 2, "}} goes to the next turn");
    press(&mut app, KeyCode::Right, KeyModifiers::SHIFT);
    assert_eq!(turn(&app), 3);
    press(&mut app, KeyCode::Char('{'), KeyModifiers::NONE);
    assert_eq!(turn(&app), 2, "{{ goes back to the start of the turn");
    assert_eq!(dice_replay(&app).cursor(), next_turn);
    press(&mut app, KeyCode::Char(']'), KeyModifiers::NONE);
    assert_eq!(dice_replay(&app).cursor(), next_turn, "] moves nothing");
    type_keys(&mut app, "g4\n");
    assert_eq!(turn(&app), 4);
    type_keys(&mut app, "g9999\n");
    let said = dice_replay(&app).message().map(String::from).unwrap();
    assert!(said.contains("This game has turns 1 to"), "{said}");
    press(&mut app, KeyCode::Char('>'), KeyModifiers::NONE);
    assert_eq!(dice_replay(&app).cursor(), last);
    type_keys(&mut app, "q");
    assert!(app.quit);
}

#[test]
fn the_table_at_the_cursor_is_the_game_resumed_there() {
    let record = bot_game(4, 11);
    let mut viewer = Replay::<Dice>::new(record.clone(), "dice.json").unwrap();
    let last = viewer.reel().actions();
    // Every action: the roll report, say, is gone at each new turn at the table and here.
    viewer.go(Move::Start);
    for n in 0..=last {
        if n > 0 {
            viewer.go(Move::Forward);
        }
        assert_eq!(viewer.cursor(), n);
        let mut cut = record.clone();
        cut.actions.truncate(n);
        let resumed = DiceTable::resume(cut, None).unwrap();
        let picture = viewer.picture();
        assert_eq!(picture.state, resumed.state, "the game after action {n}");
        assert_eq!(picture.turn, resumed.turn, "the turn after action {n}");
        assert_eq!(picture.roll_report, resumed.roll_report);
        let shown: Vec<String> = picture
            .shell
            .log
            .iter()
            .map(|l| l.strip_prefix(MARK).unwrap_or(l).to_string())
            .collect();
        let told = &resumed.shell.log[..resumed.shell.log.len() - 1];
        assert_eq!(
            shown[..],
            told[told.len() - shown.len()..],
            "the log after action {n}"
        );
        assert!(
            picture.shell.log.iter().any(|l| l.starts_with(MARK)) || n == 0,
            "what action {n} told is marked"
        );
        assert_eq!(
            picture.shell.seats, resumed.shell.seats,
            "the seats are shown as played"
        );
    }
}

#[test]
fn c_continues_from_the_cursor_in_a_new_file_and_leaves_the_original_alone() {
    let dir = tempfile::tempdir().unwrap();
    let record = bot_game(3, 8);
    let games = bohnanza::store::games_dir(dir.path());
    std::fs::create_dir_all(&games).unwrap();
    let original = games.join("original.json");
    assert!(Saver::at(original.clone()).save(&record));
    let bytes = std::fs::read(&original).unwrap();

    let viewer = replay::open(&original).unwrap();
    let mut app = App::replaying(viewer, Theme::colored(), Some(dir.path().to_path_buf()));
    type_keys(&mut app, "c");
    let said = dice_replay(&app).message().map(String::from).unwrap();
    assert!(said.contains("The game is over here"), "{said}");
    type_keys(&mut app, "g3\n");
    press(&mut app, KeyCode::Right, KeyModifiers::NONE);
    let at = dice_replay(&app).cursor();
    let expected = dice_replay(&app).picture().state.clone();
    // The seats may change: the first seat's kind steps on once.
    type_keys(&mut app, "c");
    press(&mut app, KeyCode::Right, KeyModifiers::NONE);
    type_keys(&mut app, "\n");
    let Some(table) = app.shown::<bohnanza::dice::screen::DiceTable>() else {
        panic!("c puts the continued dice game on screen");
    };
    assert_eq!(
        table.state, expected,
        "the new game stands where the cursor was"
    );
    assert_eq!(table.shell.record.actions.len(), at);
    assert_ne!(
        table.shell.record.seats[0], record.seats[0],
        "the seat chosen"
    );
    assert_eq!(
        table.shell.record.seats[1..],
        record.seats[1..],
        "the other seats are the original's"
    );
    assert!(
        table
            .shell
            .log
            .last()
            .unwrap()
            .contains("continued from action")
    );
    let new_file = table.shell.saver.as_ref().unwrap().path().to_path_buf();
    assert_ne!(new_file, original);
    let saved = bohnanza::store::read(&new_file).unwrap();
    assert_eq!(saved.actions, record.actions.first(at));
    assert_eq!(
        std::fs::read(&original).unwrap(),
        bytes,
        "the original is untouched"
    );
}

#[test]
fn c_without_a_data_directory_says_so() {
    let mut app = viewer(bot_game(2, 3));
    type_keys(&mut app, "g2\n");
    type_keys(&mut app, "c\n");
    let said = dice_replay(&app).message().map(String::from).unwrap();
    assert!(said.contains("no data directory"), "{said}");
}

#[test]
fn the_header_says_when_the_game_is_over() {
    let mut app = viewer(bot_game(3, 5));
    let header = |app: &App| {
        render(app, 120, 40)
            .lines()
            .next()
            .unwrap_or("")
            .to_string()
    };
    assert!(
        header(&app).contains("the game is over"),
        "{}",
        header(&app)
    );
    // The final scores show without the table's keys: q leaves the viewer and r does
    // nothing here (they read "r review  q quit").
    let screen = render(&app, 120, 40);
    assert!(screen.contains("Game over"), "{screen}");
    assert!(!screen.contains("r review"), "{screen}");
    press(&mut app, KeyCode::Left, KeyModifiers::NONE);
    assert!(
        !header(&app).contains("the game is over"),
        "{}",
        header(&app)
    );
}

#[test]
fn snapshots() {
    let mut app = viewer(bot_game(3, 5));
    type_keys(&mut app, "g3\n");
    for _ in 0..3 {
        press(&mut app, KeyCode::Right, KeyModifiers::NONE);
    }
    for (w, h) in [(80, 24), (120, 40)] {
        insta::assert_snapshot!(format!("dice_replay_{w}x{h}"), render(&app, w, h));
    }
    type_keys(&mut app, "?");
    insta::assert_snapshot!("dice_replay_help_80x24", render(&app, 80, 24));
}

#[test]
fn stepping_a_long_dice_game_is_quick() {
    let seats = vec![SeatKind::Bot(names::RANDOM); 5];
    // The longest of a few random-bot games.
    let record = (10..60)
        .map(|seed| {
            let mut played = App::playing(table(&seats, seed), Theme::colored());
            played.run_bots();
            let Some(long) = played.shown::<bohnanza::dice::screen::DiceTable>() else {
                panic!("the dice game is on screen");
            };
            long.shell.record.clone()
        })
        .max_by_key(|r| r.actions.len())
        .unwrap();
    assert!(
        record.actions.len() >= 300,
        "{} actions",
        record.actions.len()
    );
    let start = std::time::Instant::now();
    let mut app = viewer(record);
    let opened = start.elapsed();
    let actions = dice_replay(&app).reel().actions();
    press(&mut app, KeyCode::Char('<'), KeyModifiers::NONE);
    let start = std::time::Instant::now();
    for _ in 0..actions {
        press(&mut app, KeyCode::Right, KeyModifiers::NONE);
    }
    for _ in 0..actions {
        press(&mut app, KeyCode::Left, KeyModifiers::NONE);
    }
    let per_step = start.elapsed() / (2 * actions as u32);
    assert_eq!(dice_replay(&app).cursor(), 0);
    eprintln!("{actions} actions: opened in {opened:?}, {per_step:?} a step");
    assert!(per_step.as_millis() < 20, "{per_step:?} a step");
}

/// Five players' cards all show in the viewer at 80×24, whose header takes a line the table
/// has: the roll report gives way (the fifth player's card was left out, five blank lines in
/// its place).
#[test]
fn five_players_all_show_at_80_by_24() {
    let mut app = viewer(bot_game(5, 8));
    press(&mut app, KeyCode::Char('<'), KeyModifiers::NONE);
    for _ in 0..3 {
        press(&mut app, KeyCode::Right, KeyModifiers::NONE);
    }
    let screen = render(&app, 80, 24);
    assert!(screen.contains("Di (greedy)"), "{screen}");
    assert!(screen.contains("Ed (greedy)"), "{screen}");
}
