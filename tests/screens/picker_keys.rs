//! The small choosers over the card table against their key table (`ui/picker_keys.rs`):
//! for each chooser, open on a real game, every row of its table is named in the key line
//! it shows, every key of a row does something, and every other key does nothing. It reads
//! the table, so a key added to a chooser's handling but not to its table (or to its table
//! but not to its key line) fails here.

use crate::support::card_screen::*;
use crate::support::replays::{finished_game, viewer};
use bohnanza::cards::screen::CardTable;
use bohnanza::ui::App;
use bohnanza::ui::picker_keys::{Chooser, rows};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tempfile::TempDir;

/// A chooser, open on a game, and where its key line is drawn.
struct Open {
    chooser: Chooser,
    app: App,
    /// Words on the key line's row of the screen (the status line's keys by default).
    line_has: Option<&'static str>,
    /// Where the chooser's files are, kept while it is open.
    _files: Option<TempDir>,
}

/// The screen as the test reads it.
fn screen(app: &App) -> String {
    render(app, 120, 40)
}

/// The key line of `open`: the row of the screen with `line_has`, else the last row.
fn key_line(open: &Open) -> String {
    let shown = screen(&open.app);
    let lines: Vec<&str> = shown.lines().collect();
    let line = match open.line_has {
        Some(words) => lines.iter().find(|l| l.contains(words)),
        None => lines.last(),
    };
    line.expect("the key line is drawn").to_string()
}

/// What pressing `key` on a copy of `open` leaves: the screen and whether the app quits.
fn after(open: &Open, key: KeyCode) -> (String, bool) {
    let mut app = open.app.clone();
    app.on_key(code(key));
    (screen(&app), app.quit)
}

fn opened(chooser: Chooser, mut app: App, keys: &str, line_has: Option<&'static str>) -> Open {
    press(&mut app, keys);
    Open {
        chooser,
        app,
        line_has,
        _files: None,
    }
}

/// The replay viewer asking whether to replace the position file written a moment ago.
fn replace_question() -> Open {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("here.json");
    let mut app = viewer(finished_game());
    press(&mut app, "g6\n");
    for _ in 0..2 {
        press(&mut app, "s");
        app.on_key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
        press(&mut app, &format!("{}\n", file.display()));
    }
    Open {
        _files: Some(dir),
        ..opened(Chooser::Question, app, "", Some("Replace it?"))
    }
}

/// Every chooser, open with at least two choices and no message on screen.
fn choosers() -> Vec<Open> {
    let classic = app_from_setup(
        "classic",
        4,
        r#"{"hands": [["Blue", "Chili"], ["Soy"], ["Red"], ["Green"]], "coins": [3, 2]}"#,
        &[],
    );
    let orders = app_from_setup(
        "expansion-order-cards",
        3,
        r#"{"hands": [["Soy", "3/3"]],
            "fields": [[{"bean": "Chili", "count": 3}, {"bean": "Blue", "count": 3},
                        {"bean": "Green", "count": 3}]]}"#,
        &[],
    );
    let duel = app_from_setup(
        "duel",
        2,
        r#"{"hands": [["Blue", "Chili", "Red", "Soy"], ["Green"]],
            "draw_pile_top": ["Green", "Stink", "Blue"]}"#,
        &[],
    );
    let mut field_beans = app_from_setup(
        "expansion-field-beans",
        4,
        r#"{"hands": [["Chili"], ["Red"], ["Red"], ["Red"]],
            "fields": [[{"bean": "Blue", "count": 3}, {"bean": "Field", "count": 2}]]}"#,
        &[],
    );
    take_seat(&mut field_beans);
    let g = game_mut(&mut field_beans);
    assert!(g.act(0, bohnanza::cards::Action::Harvest { field: 1 }));
    vec![
        opened(Chooser::Harvest, app(4, 7), "🪑h", None),
        opened(Chooser::Peek, app(4, 7), "🪑v", None),
        opened(Chooser::PeekSeat, app(4, 7), "🪑v\n", None),
        opened(Chooser::Buy, classic, "🪑$", None),
        opened(Chooser::Fulfil, orders, "🪑f", None),
        opened(Chooser::Discard, duel, "🪑\nd", None),
        opened(Chooser::Arrange, field_beans.clone(), "", None),
        opened(Chooser::Arrange, field_beans, "", Some("place them so")),
        opened(Chooser::Quit, app(4, 7), "🪑q", Some("keep playing")),
        opened(
            Chooser::Seats,
            viewer(finished_game()),
            "g6\nc",
            Some("Who sits"),
        ),
        opened(
            Chooser::Seats,
            viewer(finished_game()),
            "g6\nc",
            Some("cancel"),
        ),
        replace_question(),
    ]
}

/// Whether `line` names `bar` as a key; the digits' row is named by `1-9`, by a digit, or
/// by the range that can be chosen (`1-3` for three fields).
fn names(line: &str, bar: &str, keys: &[KeyCode]) -> bool {
    let named = |k: &str| line.split([' ', '│', '"']).any(|word| word == k);
    let digits = keys
        .iter()
        .any(|k| matches!(k, KeyCode::Char(c) if c.is_ascii_digit()));
    let range = (2..=9).any(|n| named(&format!("1-{n}")));
    named(bar) || (digits && (range || (1..=9).any(|d| named(&d.to_string()))))
}

/// Every key a person might press: the printable characters and the named keys, but the
/// keys that work over every chooser from other tables (the log's PgUp, PgDn, Home, End;
/// `!`, the coach's hint, which closes the chooser to open its window).
fn every_key() -> Vec<KeyCode> {
    let named = [
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Tab,
        KeyCode::BackTab,
        KeyCode::Backspace,
        KeyCode::Delete,
        KeyCode::Insert,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::F(1),
    ];
    (' '..='~')
        .filter(|&c| c != '!')
        .map(KeyCode::Char)
        .chain(named)
        .collect()
}

/// Whether `key` takes the seat a hand-off under `open` waits for: the player's own keys
/// (`ui::seat_key`), which no table lists since they name the player.
fn takes_the_seat(open: &Open, key: &KeyCode) -> bool {
    open.app
        .shown::<CardTable>()
        .is_some_and(|g| g.takes_seat(*key))
}

#[test]
fn every_chooser_names_each_row_of_its_key_table_in_its_key_line() {
    for open in choosers() {
        let line = key_line(&open);
        if let Some(h) = open.app.shown::<CardTable>().and_then(|g| g.handoff()) {
            let seat = game(&open.app).seat_key(h.to).named();
            assert!(
                line.contains(&seat),
                "{:?}: {seat} is not named: {line}",
                open.chooser
            );
        }
        for (bar, keys) in rows(open.chooser) {
            assert!(
                names(&line, bar, keys),
                "{:?}: the key line does not name {bar}: {line}",
                open.chooser
            );
        }
    }
}

#[test]
fn every_key_of_a_choosers_table_does_something_and_no_other_key_does() {
    for open in choosers() {
        let before = (screen(&open.app), false);
        let rows = rows(open.chooser);
        let listed = |k: &KeyCode| rows.iter().any(|(_, keys)| keys.contains(k));
        for (bar, keys) in &rows {
            let digits = keys.iter().all(|k| matches!(k, KeyCode::Char('1'..='9')));
            let acting: Vec<&KeyCode> = keys
                .iter()
                .filter(|&&k| after(&open, k) != before)
                .collect();
            // A digit acts where it names a choice: some do, not each of `1`–`9`.
            let ok = if digits {
                !acting.is_empty()
            } else {
                acting.len() == keys.len()
            };
            assert!(
                ok,
                "{:?}: the keys of {bar} {keys:?} act: {acting:?}",
                open.chooser
            );
        }
        // A question closes on any key: an unlisted key answers no, as `n` does.
        let otherwise = match open.chooser {
            Chooser::Quit | Chooser::Question => after(&open, KeyCode::Char('n')),
            _ => before.clone(),
        };
        // `?` opens the help over a card table's chooser, as its key bar says.
        let helped = |k: &KeyCode| over_the_table(open.chooser) && *k == KeyCode::Char('?');
        for key in every_key().into_iter().filter(|k| takes_the_seat(&open, k)) {
            assert!(
                after(&open, key) != before,
                "{:?}: {key:?} names the seat but does not take it",
                open.chooser
            );
        }
        let unlisted = |k: &KeyCode| !listed(k) && !helped(k) && !takes_the_seat(&open, k);
        for key in every_key().into_iter().filter(unlisted) {
            assert!(
                after(&open, key) == otherwise,
                "{:?}: {key:?} is not in its table but acts",
                open.chooser
            );
        }
    }
}

/// Whether `chooser` opens over the card table, whose key bar ends with `? help`.
fn over_the_table(chooser: Chooser) -> bool {
    !matches!(chooser, Chooser::Quit | Chooser::Seats | Chooser::Question)
}

#[test]
fn question_mark_opens_the_help_over_every_card_table_chooser_and_keeps_it() {
    for open in choosers().into_iter().filter(|o| over_the_table(o.chooser)) {
        let shown = screen(&open.app);
        let bar = shown.lines().last().unwrap_or_default();
        assert!(bar.contains("? help"), "{:?}: {bar}", open.chooser);
        let mut app = open.app.clone();
        app.on_key(code(KeyCode::Char('?')));
        let helped = screen(&app);
        assert!(helped.contains("Help ·"), "{:?}:\n{helped}", open.chooser);
        app.on_key(code(KeyCode::Esc));
        assert_eq!(screen(&app), screen(&open.app), "{:?}", open.chooser);
    }
}

#[test]
fn the_quit_window_quits_on_its_quit_keys_only() {
    let open = choosers()
        .into_iter()
        .find(|o| o.chooser == Chooser::Quit)
        .expect("the quit window");
    for key in every_key() {
        let quits = matches!(key, KeyCode::Char('y' | 'Y' | 'q') | KeyCode::Enter);
        assert_eq!(after(&open, key).1, quits, "{key:?}");
    }
}
