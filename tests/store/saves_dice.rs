//! The dice game is saved as the card games are: after every action, in the same file
//! format and library; it resumes exactly (its bots included), a cut-off, changed or
//! refused save is found out and moved aside, and an exported game replays in `script`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bohnanza::dice::DiceRuleset;
use bohnanza::dice::bots::names::{EXPECT, GREEDY, RANDOM};
use bohnanza::dice::screen::DiceTable;
use bohnanza::game::SeatKind;
use bohnanza::protocol::Session;
use bohnanza::store::RulesetSource;
use bohnanza::store::{self, SaveError, SavedSeat, Saver, export, library};
use bohnanza::ui::{App, Overlay, Theme};

const BOTS: [SeatKind; 3] = [
    SeatKind::Bot(RANDOM),
    SeatKind::Bot(EXPECT),
    SeatKind::Bot(GREEDY),
];

fn config(seats: &[SeatKind], seed: u64) -> bohnanza::ui::GameConfig<bohnanza::dice::Dice> {
    bohnanza::ui::GameConfig::<bohnanza::dice::Dice>::new(
        Arc::new(DiceRuleset::standard()),
        RulesetSource::dice(),
        ["Ana", "Ben", "Cy", "Di", "Ed"][..seats.len()]
            .iter()
            .map(|n| n.to_string())
            .collect(),
        seats.to_vec(),
        seed,
    )
}

/// A table of bots saved in a new file of the data directory `data`.
fn saved_table(data: &Path, seed: u64) -> DiceTable {
    let c = config(&BOTS, seed);
    let saver = Saver::for_new_game(data, &c.ruleset.name, &c.names);
    DiceTable::new(c, Some(saver)).unwrap()
}

fn path_of(t: &DiceTable) -> PathBuf {
    t.shell.saver.as_ref().unwrap().path().to_path_buf()
}

/// Plays up to `moves` bot moves; returns how many were played.
fn play(t: &mut DiceTable, moves: usize) -> usize {
    (0..moves).take_while(|_| t.play_bot()).count()
}

#[test]
fn every_action_of_a_dice_game_is_on_disk_as_it_is_played_and_the_finished_game_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = saved_table(dir.path(), 5);
    let path = path_of(&t);
    assert!(path.starts_with(store::games_dir(dir.path())));
    let name = path.file_name().unwrap().to_str().unwrap().to_string();
    assert!(name.contains("_dice_Ana-Ben-Cy"), "{name}");
    assert_eq!(
        store::read(&path).unwrap(),
        t.shell.record,
        "saved at the deal"
    );
    while t.play_bot() {
        let saved = store::read(&path).unwrap();
        assert_eq!(
            saved.actions.len(),
            t.shell.record.actions.len(),
            "no move lost"
        );
        assert_eq!(saved.finished, t.state.outcome().is_some());
    }
    assert!(t.state.outcome().is_some(), "the bots end the game");
    let saved = store::read(&path).unwrap();
    assert_eq!(saved, t.shell.record);
    assert!(saved.finished);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with(r#"{"format":4,"#), "{text:.40}");
    assert!(
        text.contains(r#""seats":[{"bot":"random"},{"bot":"expect"},{"bot":"greedy"}]"#),
        "{text:.400}"
    );
    assert!(text.contains(r#"{"player":0,"type":"roll"}"#));
    // Kept among the saved games, and not offered to resume.
    let (games, problems) = library::list(dir.path());
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(games.len(), 1);
    assert!(games[0].describe().contains("finished"));
}

#[test]
fn a_resumed_dice_game_goes_on_exactly_as_the_uninterrupted_one_bots_included() {
    let dir = tempfile::tempdir().unwrap();
    let mut whole = DiceTable::new(config(&BOTS, 11), None).unwrap();
    play(&mut whole, 100_000);
    assert!(whole.state.outcome().is_some());
    for cut in [0, 1, 7, 40, whole.shell.record.actions.len() / 2] {
        let mut t = saved_table(dir.path(), 11);
        assert_eq!(play(&mut t, cut), cut);
        let path = path_of(&t);
        let saved = library::open(Some(dir.path()), &path).unwrap();
        let seats: Vec<SeatKind> = saved
            .seats
            .iter()
            .map(|s| s.read::<bohnanza::dice::Dice>().unwrap())
            .collect();
        assert_eq!(seats, BOTS);
        let mut resumed =
            DiceTable::resume(saved, Some(Saver::resumed(path.clone(), cut))).unwrap();
        assert_eq!(resumed.state, t.state, "cut at {cut}");
        assert_eq!(resumed.pending, t.pending, "the same bot move is next");
        assert_eq!(
            resumed.shell.log.last().map(String::as_str),
            Some("Game resumed.")
        );
        play(&mut resumed, 100_000);
        assert_eq!(resumed.shell.record, whole.shell.record, "cut at {cut}");
        assert_eq!(resumed.state, whole.state);
        assert_eq!(
            store::read(&path).unwrap(),
            whole.shell.record,
            "saved on resuming"
        );
    }
}

#[test]
fn a_person_resumes_at_the_same_table_with_the_same_log() {
    let dir = tempfile::tempdir().unwrap();
    let seats = [SeatKind::Human, SeatKind::Bot(GREEDY)];
    let c = config(&seats, 3);
    let saver = Saver::for_new_game(dir.path(), &c.ruleset.name, &c.names);
    let mut t = DiceTable::new(c, Some(saver)).unwrap();
    use bohnanza::dice::DiceAction;
    assert!(t.act(0, &DiceAction::Roll));
    assert!(!t.act(0, &DiceAction::Roll), "refused: not saved");
    assert!(t.act(0, &DiceAction::Save { dice: vec![0] }));
    let path = path_of(&t);
    let saved = store::read(&path).unwrap();
    assert_eq!(saved.actions.len(), 2);
    let back = DiceTable::resume(saved, None).unwrap();
    assert_eq!(back.state, t.state);
    assert_eq!(back.shell.log[..back.shell.log.len() - 1], t.shell.log[..]);
    assert_eq!(back.shell.seats, seats);
}

/// Rewrites the save at `path` after `change`, with a checksum that matches again, as a
/// program would that wrote a game the rules refuse.
fn rewrite(path: &Path, change: impl FnOnce(&mut Vec<serde_json::Value>)) {
    let mut game = store::read(path).unwrap();
    let mut actions = game.actions.to_vec();
    change(&mut actions);
    game.actions = actions.into();
    std::fs::write(path, store::encode(&game)).unwrap();
}

fn assert_moved_aside(dir: &Path, path: &Path, message: &str) {
    let aside = dir.join("damaged").join(path.file_name().unwrap());
    assert!(!path.exists() && aside.exists(), "{message}");
    assert!(message.contains("moved to"), "{message}");
}

#[test]
fn a_cut_off_changed_or_refused_dice_save_is_found_out_and_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    // Cut off: the last actions are missing.
    let mut t = saved_table(dir.path(), 2);
    play(&mut t, 30);
    let path = path_of(&t);
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    v["game"]["actions"].as_array_mut().unwrap().truncate(27);
    std::fs::write(&path, v.to_string()).unwrap();
    let cut = store::read(&path);
    assert!(
        matches!(
            cut,
            Err(SaveError::CutOff {
                kept: 27,
                expected: 30
            })
        ),
        "{cut:?}"
    );
    let e = library::open(Some(dir.path()), &path).unwrap_err();
    assert!(e.contains("cut off"), "{e}");
    assert_moved_aside(dir.path(), &path, &e);

    // Changed by hand: the checksum no longer matches.
    let mut t = saved_table(dir.path(), 3);
    play(&mut t, 30);
    let path = path_of(&t);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        text.replacen(r#""type":"roll""#, r#""type":"harvest""#, 1),
    )
    .unwrap();
    let e = library::open(Some(dir.path()), &path).unwrap_err();
    assert!(e.contains("checksum"), "{e}");
    assert_moved_aside(dir.path(), &path, &e);

    // Whole, but an action the rules refuse: damaged, and the message says which and why.
    let mut t = saved_table(dir.path(), 4);
    play(&mut t, 30);
    let path = path_of(&t);
    rewrite(&path, |actions| {
        actions.insert(1, serde_json::json!({"player": 0, "type": "roll"}));
    });
    let e = library::open(Some(dir.path()), &path).unwrap_err();
    assert!(e.contains("action 2 is refused"), "{e}");
    assert_moved_aside(dir.path(), &path, &e);

    // A card bot in a dice seat is named, not guessed.
    let mut t = saved_table(dir.path(), 5);
    play(&mut t, 3);
    let path = path_of(&t);
    let mut game = store::read(&path).unwrap();
    game.seats[1] = SavedSeat::Bot("mcts".to_string());
    let e = DiceTable::resume(game, None).map(|_| ()).unwrap_err();
    assert!(e.contains("mcts"), "{e}");
}

#[test]
fn an_exported_dice_game_replays_in_the_protocol() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = saved_table(dir.path(), 8);
    play(&mut t, 100_000);
    let exported = export::export(&store::read(&path_of(&t)).unwrap()).unwrap();
    assert!(exported.warning.is_none());
    assert_eq!(exported.lines.len(), t.shell.record.actions.len() + 1);
    assert!(
        exported.lines[0].contains(r#""variant":"dice""#),
        "{}",
        exported.lines[0]
    );
    let mut session = Session::new();
    for line in &exported.lines {
        let reply = session.handle_line(line);
        assert!(!reply.starts_with(r#"{"error""#), "{line} → {reply}");
    }
    let play = session.play().unwrap();
    let dice = play
        .as_any()
        .downcast_ref::<bohnanza::rules::Played<bohnanza::dice::Dice>>();
    assert_eq!(dice.unwrap().state(), &t.state);
}

#[test]
fn a_failed_dice_save_is_said_on_the_table_and_when_quitting() {
    let dir = tempfile::tempdir().unwrap();
    let full = |_: &mut std::fs::File, _: &[u8]| -> std::io::Result<()> {
        Err(std::io::Error::other("No space left on device"))
    };
    let c = config(&[SeatKind::Human, SeatKind::Human], 1);
    let saver = Saver::for_new_game(dir.path(), &c.ruleset.name, &c.names).filling_with(full);
    let mut t = DiceTable::new(c, Some(saver)).unwrap();
    assert!(t.act(0, &bohnanza::dice::DiceAction::Roll));
    let problem = t.shell.save_problem().unwrap().to_string();
    assert!(problem.contains("NOT SAVED"), "{problem}");
    let mut app = App::playing(t, Theme::plain());
    let screen = render(&app);
    assert!(screen.contains("NOT SAVED"), "{screen}");
    app.overlay = Some(Overlay::ConfirmQuit);
    let screen = render(&app);
    assert!(screen.contains("What is not on disk is lost"), "{screen}");
}

/// A move refused while the game is not saved (a read-only data directory): the warning
/// stays on the table beside the refusal.
#[test]
fn a_refused_move_does_not_hide_a_failed_save() {
    let dir = tempfile::tempdir().unwrap();
    let read_only = |_: &mut std::fs::File, _: &[u8]| -> std::io::Result<()> {
        Err(std::io::Error::from(std::io::ErrorKind::ReadOnlyFilesystem))
    };
    let c = config(&[SeatKind::Human, SeatKind::Human], 1);
    let saver = Saver::for_new_game(dir.path(), &c.ruleset.name, &c.names).filling_with(read_only);
    let t = DiceTable::new(c, Some(saver)).unwrap();
    let mut app = App::playing(t, Theme::plain());
    for key in ['r', '1', '\n', 'r', '\n'] {
        let code = match key {
            '\n' => crossterm::event::KeyCode::Enter,
            c => crossterm::event::KeyCode::Char(c),
        };
        app.on_key(crossterm::event::KeyEvent::new(
            code,
            crossterm::event::KeyModifiers::NONE,
        ));
    }
    let Some(t) = app.shown::<bohnanza::dice::screen::DiceTable>() else {
        panic!("the dice game is played");
    };
    assert!(
        matches!(t.shell.message, Some((_, true))),
        "{:?}",
        t.shell.message
    );
    let screen = render(&app);
    assert!(screen.contains("NOT SAVED"), "{screen}");
}

fn render(app: &App) -> String {
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(120, 40)).unwrap();
    terminal.draw(|f| f.render_widget(app, f.area())).unwrap();
    let buf = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            text.push_str(buf[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
}
