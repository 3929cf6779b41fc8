//! The log on the card game's screen: scrolling it by keys and the wheel, the full-screen
//! log with its turn headings, and the header that says which game this is.

use crate::support::card_screen::*;
use bohnanza::cards::screen::CardTable;
use bohnanza::ui::{App, Overlay, Screen, Theme};
use crossterm::event::{KeyCode, KeyModifiers, MouseEvent, MouseEventKind};

/// A base game of 3 (seed 11) played lazily for `moves` keys, drawn plain at 80×24.
fn played(moves: usize) -> App {
    let mut a = App::playing(
        CardTable::new(config(3, 11, false), None).unwrap(),
        Theme::plain(),
    );
    for _ in 0..moves {
        let k = lazy_key(&a);
        press(&mut a, &k);
    }
    render(&a, 80, 24);
    a
}

fn key(app: &mut App, c: KeyCode) {
    app.on_key(code(c));
    // The screen is drawn after every key, as the terminal does: pages are what was drawn.
    render(app, 80, 24);
}

fn wheel(app: &mut App, kind: MouseEventKind, column: u16, row: u16) {
    app.on_mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    });
}

/// The log pane's title row at 80×24.
fn log_title(app: &App) -> String {
    let screen = render(app, 80, 24);
    screen
        .lines()
        .find(|l| l.contains("┌ Log"))
        .unwrap_or_default()
        .to_string()
}

#[test]
fn page_up_scrolls_back_and_end_comes_back_to_the_newest() {
    let mut a = played(60);
    let total = game(&a).shell.log.len();
    assert!(total > 30, "a long log: {total}");
    assert!(log_title(&a).contains("┌ Log ─"), "{}", log_title(&a));
    key(&mut a, KeyCode::PageUp);
    let title = log_title(&a);
    assert!(
        title.contains(&format!("of {total}, End for the newest")),
        "{title}"
    );
    assert!(!game(&a).shell.log_scroll.at_newest());
    key(&mut a, KeyCode::End);
    assert!(game(&a).shell.log_scroll.at_newest());
    assert!(log_title(&a).contains("┌ Log ─"));
}

#[test]
fn home_shows_the_deal_and_page_down_comes_back() {
    let mut a = played(60);
    key(&mut a, KeyCode::Home);
    let screen = render(&a, 80, 24);
    assert!(screen.contains("Each player is dealt 5 cards."), "{screen}");
    assert!(screen.contains("Log: lines 1–"), "{screen}");
    let mut pages = 0;
    while !game(&a).shell.log_scroll.at_newest() {
        key(&mut a, KeyCode::PageDown);
        pages += 1;
        assert!(pages < 200, "PgDn reaches the newest line");
    }
    assert!(pages > 3, "{pages} pages");
}

#[test]
fn a_new_line_does_not_move_a_reader_who_scrolled_back() {
    let mut a = played(40);
    key(&mut a, KeyCode::PageUp);
    let before = log_title(&a);
    let shown = render(&a, 80, 24);
    let lines_before = game(&a).shell.log.len();
    while game(&a).shell.log.len() == lines_before {
        let k = lazy_key(&a);
        press(&mut a, &k);
    }
    let after = log_title(&a);
    assert_eq!(
        before.split(" of ").next(),
        after.split(" of ").next(),
        "the same lines show"
    );
    let log_rows = |s: &str| -> Vec<String> {
        s.lines()
            .skip_while(|l| !l.contains("┌ Log"))
            .skip(1)
            .take(3)
            .map(String::from)
            .collect()
    };
    assert_eq!(log_rows(&shown), log_rows(&render(&a, 80, 24)));
}

#[test]
fn a_reader_at_the_newest_line_follows_new_lines() {
    let mut a = played(40);
    let last = game(&a).shell.log.last().cloned().unwrap();
    assert!(render(&a, 80, 24).contains(&last[..20.min(last.len())]));
    let lines_before = game(&a).shell.log.len();
    while game(&a).shell.log.len() == lines_before {
        let k = lazy_key(&a);
        press(&mut a, &k);
    }
    render(&a, 80, 24);
    let newest = game(&a).shell.log.last().cloned().unwrap();
    let screen = render(&a, 80, 24);
    assert!(
        screen.contains(&newest[..20.min(newest.len())]),
        "{newest}\n{screen}"
    );
}

#[test]
fn scrolling_never_changes_the_game() {
    let mut a = played(30);
    let state = game(&a).state.clone();
    let log = game(&a).shell.log.clone();
    for c in [
        KeyCode::PageUp,
        KeyCode::Home,
        KeyCode::PageDown,
        KeyCode::End,
    ] {
        key(&mut a, c);
    }
    assert_eq!(game(&a).state, state);
    assert_eq!(game(&a).shell.log, log);
}

#[test]
fn the_mouse_wheel_scrolls_the_log_only_over_it() {
    let mut a = played(60);
    let screen = render(&a, 80, 24);
    let row = screen.lines().position(|l| l.contains("┌ Log")).unwrap() as u16 + 1;
    // Over the table: nothing.
    wheel(&mut a, MouseEventKind::ScrollUp, 10, 3);
    assert!(game(&a).shell.log_scroll.at_newest());
    wheel(&mut a, MouseEventKind::ScrollUp, 10, row);
    render(&a, 80, 24);
    assert!(!game(&a).shell.log_scroll.at_newest());
    assert!(log_title(&a).contains("End for the newest"));
    wheel(&mut a, MouseEventKind::ScrollDown, 10, row);
    assert!(game(&a).shell.log_scroll.at_newest());
    // A click is no scroll.
    wheel(
        &mut a,
        MouseEventKind::Down(crossterm::event::MouseButton::Left),
        10,
        row,
    );
    assert!(game(&a).shell.log_scroll.at_newest());
}

#[test]
fn l_opens_the_whole_log_by_turn_and_esc_or_l_closes_it() {
    let mut a = played(60);
    key(&mut a, KeyCode::Char('l'));
    assert_eq!(a.overlay, Some(Overlay::Log));
    let turn = game(&a).state.turn();
    let screen = render(&a, 80, 24);
    assert!(screen.contains(&format!("Turn {turn} — ")), "{screen}");
    assert!(screen.contains("base · seed 11 · turn"), "{screen}");
    key(&mut a, KeyCode::Home);
    let oldest = render(&a, 80, 24);
    assert!(oldest.contains("Each player is dealt 5 cards."), "{oldest}");
    assert!(oldest.contains("Turn 1 — Ana"), "{oldest}");
    // Keys that would act on the table do nothing while the log is open.
    let state = game(&a).state.clone();
    for c in "ptoe".chars() {
        key(&mut a, KeyCode::Char(c));
    }
    key(&mut a, KeyCode::Enter);
    assert_eq!(game(&a).state, state);
    assert_eq!(a.overlay, Some(Overlay::Log));
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.overlay, None);
    key(&mut a, KeyCode::Char('l'));
    key(&mut a, KeyCode::Char('l'));
    assert_eq!(a.overlay, None);
}

#[test]
fn l_is_still_right_in_the_offer_composer() {
    let mut a = app(4, 7);
    press(&mut a, "🪑\nto");
    assert!(matches!(
        game(&a).mode(),
        bohnanza::cards::screen::Mode::Compose(_)
    ));
    press(&mut a, "l");
    assert_eq!(a.overlay, None);
}

#[test]
fn the_full_log_shows_the_log_and_nothing_else() {
    // Hands are secret: the log never names a drawn or dealt card, and the full-screen view
    // shows the log's lines and the turn headings, nothing from the table.
    let mut a = played(150);
    let g = game(&a);
    let bean_names: Vec<String> = g.ruleset().beans.iter().map(|b| b.name.clone()).collect();
    for line in &g.shell.log {
        if line.contains(" drew ") || line.contains(" dealt ") {
            assert!(
                !bean_names.iter().any(|b| line.contains(b.as_str())),
                "{line}"
            );
        }
    }
    let log_text = g.shell.log.join(" ");
    key(&mut a, KeyCode::Char('l'));
    key(&mut a, KeyCode::Home);
    loop {
        let screen = render(&a, 80, 24);
        for row in screen.lines().skip(1).take(21) {
            let text = row.trim_matches('"').trim_matches(|c| c == '│' || c == ' ');
            if text.is_empty() || text.starts_with("Turn ") {
                continue;
            }
            assert!(log_text.contains(text), "{text:?} is not in the log");
        }
        if game(&a).shell.log_scroll.at_newest() {
            break;
        }
        key(&mut a, KeyCode::PageDown);
    }
}

#[test]
fn the_header_names_the_variant_and_the_turn_and_the_help_the_seed() {
    let a = played(0);
    let top = render(&a, 80, 24).lines().next().unwrap().to_string();
    assert!(top.contains("base · seed 11 · turn 1"), "{top}");
    let mut long = App::playing(
        CardTable::new(
            config_for("expansion-order-cards", 4, u64::MAX, false),
            None,
        )
        .unwrap(),
        Theme::plain(),
    );
    take_seat(&mut long);
    // A long seed gives way at 80 columns: the variant and the turn stay, `?` names it.
    let top = render(&long, 80, 24).lines().next().unwrap().to_string();
    assert!(top.contains("expansion-order-cards · turn 1"), "{top}");
    assert!(top.contains("Draw "), "the piles still show: {top}");
    press(&mut long, "?");
    let help = render(&long, 80, 24);
    assert!(help.contains("seed 18446744073709551615"), "{help}");
}

#[test]
fn help_names_the_game_and_the_log_keys() {
    let mut a = played(10);
    press(&mut a, "?");
    let screen = render(&a, 120, 40);
    assert!(screen.contains("base · seed 11 · turn"), "{screen}");
    assert!(screen.contains("the whole log, by turn"), "{screen}");
}

#[test]
fn scroll_keys_wait_while_a_window_is_open_and_do_nothing_on_the_setup_screen() {
    let mut a = played(60);
    press(&mut a, "?");
    key(&mut a, KeyCode::PageUp);
    assert_eq!(a.overlay, None, "the key closes help");
    assert!(game(&a).shell.log_scroll.at_newest());
    let mut s = App::setup(bohnanza::ui::SetupForm::new(), Theme::plain(), None, 1);
    s.on_key(code(KeyCode::PageUp));
    assert!(matches!(s.screen, Screen::Setup(_)));
}

// ---- snapshots (plain, as with NO_COLOR) ----

fn snap(name: &str, app: &App) {
    for (w, h) in [(80, 24), (120, 40)] {
        // Pages are what was drawn: draw at this size first.
        render(app, w, h);
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), render(app, w, h));
    }
}

#[test]
fn snapshot_scrolled_back_log() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = played(60);
        render(&a, w, h);
        a.on_key(code(KeyCode::PageUp));
        a.on_key(code(KeyCode::PageUp));
        insta::assert_snapshot!(format!("scrolled_log_{w}x{h}"), render(&a, w, h));
    }
}

#[test]
fn snapshot_full_screen_log() {
    let mut a = played(60);
    press(&mut a, "l");
    snap("full_log", &a);
}

#[test]
fn snapshot_full_screen_log_from_the_start() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = played(60);
        press(&mut a, "l");
        render(&a, w, h);
        a.on_key(code(KeyCode::Home));
        a.on_key(code(KeyCode::PageDown));
        insta::assert_snapshot!(format!("full_log_page_2_{w}x{h}"), render(&a, w, h));
    }
}
