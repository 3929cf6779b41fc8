//! The replay viewer as a rules tester uses it: the log scrolled and opened whole, searched
//! (`/`, `n`, `N`), an action jumped to by number (`g a`), the position at the cursor
//! written as a file `--position` opens (`s`, never over a file without asking), and the
//! status saying the whole action, wrapped, at 80 columns.

use crate::support::replays::*;
use bohnanza::cards::Position;
use bohnanza::cards::bots::names;
use bohnanza::cards::screen::CardTable;
use bohnanza::ui::{App, Overlay, Theme};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn cursor(app: &App) -> usize {
    replay(app).cursor()
}

/// The lines action `n` told.
fn told(app: &App, n: usize) -> Vec<String> {
    let reel = replay(app).reel();
    reel.log()[reel.lines_of(n)].to_vec()
}

fn holds(app: &App, n: usize, text: &str) -> bool {
    told(app, n)
        .iter()
        .any(|l| l.to_lowercase().contains(&text.to_lowercase()))
}

#[test]
fn slash_finds_the_next_action_that_tells_the_text_and_n_and_shift_n_go_on_and_back() {
    let mut a = viewer(finished_game());
    press(&mut a, "<");
    press(&mut a, "/TRADED");
    assert_eq!(cursor(&a), 0, "nothing moves while the search is typed");
    press(&mut a, "\n");
    let first = cursor(&a);
    assert!(holds(&a, first, "traded"), "{:?}", told(&a, first));
    assert!((1..first).all(|n| !holds(&a, n, "traded")), "none skipped");
    let news = replay(&a).controls.news.clone().unwrap();
    assert!(news.contains(&format!("action {first}, 1 of ")), "{news}");
    press(&mut a, "n");
    let second = cursor(&a);
    assert!(second > first && holds(&a, second, "traded"));
    assert!((first + 1..second).all(|n| !holds(&a, n, "traded")));
    a.on_key(KeyEvent::new(KeyCode::Char('N'), KeyModifiers::SHIFT));
    assert_eq!(cursor(&a), first, "N goes back");
    // Back from the first, the search goes round to the last action that holds it.
    press(&mut a, "N");
    let last = cursor(&a);
    assert!(last > second && holds(&a, last, "traded"));
    let news = replay(&a).controls.news.clone().unwrap();
    assert!(news.contains("from the other end"), "{news}");
    // A player's name and a bean are found the same way; a text nowhere is said so.
    let name = replay(&a).reel().names()[2].clone();
    press(&mut a, &format!("</{name}\n"));
    assert!(holds(&a, cursor(&a), &name));
    press(&mut a, "/Garden\n");
    assert!(holds(&a, cursor(&a), "garden"));
    let at = cursor(&a);
    press(&mut a, "/no such words\n");
    assert_eq!(cursor(&a), at);
    assert!(replay(&a).message().unwrap().contains("is not in the log"));
    // Esc gives up a search being typed; n looks for the last one searched again.
    press(&mut a, "/x\x1bn");
    assert_eq!(cursor(&a), at);
    assert!(replay(&a).message().unwrap().contains("“no such words”"));
}

#[test]
fn g_a_jumps_to_an_action_number_and_refuses_one_past_the_end() {
    let mut a = viewer(finished_game());
    press(&mut a, "ga57\n");
    assert_eq!(cursor(&a), 57);
    press(&mut a, "gat9\n");
    assert_eq!(
        replay(&a).reel().stop(cursor(&a)).turn,
        9,
        "t: a turn again"
    );
    let last = replay(&a).reel().actions();
    press(&mut a, &format!("ga{}\n", last + 1));
    let said = replay(&a).message().unwrap().to_string();
    assert!(
        said.contains(&format!("actions 0 (the deal) to {last}")),
        "{said}"
    );
    press(&mut a, "ga0\n");
    assert_eq!(cursor(&a), 0);
}

#[test]
fn page_keys_scroll_the_log_and_l_opens_it_whole() {
    let mut a = viewer(finished_game());
    press(&mut a, "ga120\n");
    let at = cursor(&a);
    a.on_key(code(KeyCode::PageUp));
    assert_eq!(cursor(&a), at, "PgUp no longer moves the cursor");
    assert!(!replay(&a).picture().shell.log_scroll.at_newest());
    let screen = render(&a, 80, 24);
    assert!(screen.contains("End for the newest"), "{screen}");
    a.on_key(code(KeyCode::End));
    assert!(replay(&a).picture().shell.log_scroll.at_newest());
    a.on_key(code(KeyCode::Home));
    assert!(!replay(&a).picture().shell.log_scroll.at_newest());
    press(&mut a, "l");
    assert_eq!(a.overlay, Some(Overlay::Log));
    let whole = render(&a, 80, 24);
    assert!(whole.contains("Log · replay · base · seed 7"), "{whole}");
    a.on_key(code(KeyCode::PageDown));
    assert_eq!(a.overlay, Some(Overlay::Log), "the whole log scrolls");
    press(&mut a, "l");
    assert_eq!(a.overlay, None);
    assert_eq!(cursor(&a), at);
}

#[test]
fn the_status_says_the_whole_action_wrapped_at_80_columns() {
    let mut a = viewer(finished_game());
    // The longest telling of any action that fits the status's lines.
    let last = replay(&a).reel().actions();
    let n = (1..=last)
        .filter(|&n| told(&a, n).join(" ").chars().count() < 250)
        .max_by_key(|&n| told(&a, n).join(" ").chars().count())
        .unwrap();
    let text = told(&a, n).join(" ");
    assert!(text.chars().count() > 80, "a long action: {text}");
    press(&mut a, &format!("ga{n}\n"));
    let screen = render(&a, 80, 24);
    let flat: String = screen
        .lines()
        .map(|l| l.trim_matches('"').trim())
        .collect::<Vec<_>>()
        .join(" ");
    let said = format!("Action {n}: {text}");
    let squeezed = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        squeezed(&flat).contains(&squeezed(&said)),
        "{said}\nin\n{screen}"
    );
}

#[test]
fn s_writes_the_position_at_the_cursor_and_never_over_a_file_without_asking() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("at57.json");
    let mut a = viewer(finished_game());
    press(&mut a, "ga57\ns");
    // The prompt offers a name in the current directory; Ctrl-U clears it for a path.
    a.on_key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
    press(&mut a, &format!("{}\n", file.display()));
    let news = replay(&a).controls.news.clone().unwrap();
    assert!(news.contains(&file.display().to_string()), "{news}");
    assert!(news.contains("--variant base --position"), "{news}");
    // The file opens as the game at the cursor.
    let position: Position =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let expected = replay(&a).picture().state.clone();
    let record = replay(&a).reel().record().clone();
    let mut config = crate::support::card_screen::config_for("base", 4, record.seed, false);
    config.names = record.names.clone();
    let opened = CardTable::at_position(config, position, None).unwrap();
    assert_eq!(opened.state.position(), expected.position());
    // Again at another action: asked first; any key but y keeps the file.
    let before = std::fs::read(&file).unwrap();
    press(&mut a, "→s");
    a.on_key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
    press(&mut a, &format!("{}\n", file.display()));
    let screen = render(&a, 80, 24);
    assert!(screen.contains("exists. Replace it?"), "{screen}");
    press(&mut a, "n");
    assert_eq!(std::fs::read(&file).unwrap(), before);
    assert!(
        replay(&a)
            .controls
            .news
            .clone()
            .unwrap()
            .contains("left as it was")
    );
    press(&mut a, "s");
    a.on_key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
    press(&mut a, &format!("{}\ny", file.display()));
    assert_ne!(std::fs::read(&file).unwrap(), before, "y replaces it");
    // A directory that is not there is said, and nothing is written.
    press(&mut a, "s");
    a.on_key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
    press(
        &mut a,
        &format!("{}/nowhere/p.json\n", dir.path().display()),
    );
    assert!(replay(&a).message().unwrap().contains("cannot be written"));
    assert!(
        a.shown::<bohnanza::ui::Replay<bohnanza::cards::Cards>>()
            .is_some()
    );
}

#[test]
fn the_dice_viewer_searches_and_writes_its_position_too() {
    use bohnanza::dice::screen::DiceTable;
    let dir = tempfile::tempdir().unwrap();
    let record = dice_bot_game();
    let mut a = App::replaying(
        bohnanza::ui::Replay::<bohnanza::dice::Dice>::new(record, "dice.json").unwrap(),
        Theme::colored(),
        None,
    );
    let Some(r) = a.shown::<bohnanza::ui::Replay<bohnanza::dice::Dice>>() else {
        panic!()
    };
    let name = r.picture().shell.names[1].clone();
    press(&mut a, &format!("</{name}\n"));
    let Some(r) = a.shown::<bohnanza::ui::Replay<bohnanza::dice::Dice>>() else {
        panic!()
    };
    assert!(r.cursor() > 0);
    assert!(
        r.reel().told(r.cursor()).iter().any(|l| l.contains(&name)),
        "{:?}",
        r.reel().told(r.cursor())
    );
    let expected = r.picture().state.clone();
    let file = dir.path().join("dice.json");
    press(&mut a, "s");
    a.on_key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
    press(&mut a, &format!("{}\n", file.display()));
    let Some(r) = a.shown::<bohnanza::ui::Replay<bohnanza::dice::Dice>>() else {
        panic!()
    };
    let news = r.controls.news.clone().unwrap();
    assert!(news.contains("--variant dice --position"), "{news}");
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let position = serde_json::from_value(value["position"].clone()).unwrap();
    let config = bohnanza::ui::GameConfig::<bohnanza::dice::Dice>::new(
        std::sync::Arc::new(bohnanza::dice::DiceRuleset::standard()),
        bohnanza::store::RulesetSource::dice(),
        serde_json::from_value(value["names"].clone()).unwrap(),
        vec![bohnanza::game::SeatKind::Human; 3],
        value["seed"].as_u64().unwrap(),
    );
    let opened = DiceTable::at_position(config, position, None).unwrap();
    assert_eq!(opened.state, expected);
    // Its log scrolls and opens whole as a card game's does.
    render(&a, 80, 24);
    a.on_key(code(KeyCode::Home));
    let Some(r) = a.shown::<bohnanza::ui::Replay<bohnanza::dice::Dice>>() else {
        panic!()
    };
    assert!(!r.picture().shell.log_scroll.at_newest());
    press(&mut a, "l");
    assert_eq!(a.overlay, Some(Overlay::Log));
    assert!(render(&a, 80, 24).contains("Log · replay · dice"));
}

/// A whole 3-player dice game played by greedy bots.
fn dice_bot_game() -> bohnanza::store::SavedGame {
    use bohnanza::dice::screen::DiceTable;
    use bohnanza::game::SeatKind;
    let config = bohnanza::ui::GameConfig::<bohnanza::dice::Dice>::new(
        std::sync::Arc::new(bohnanza::dice::DiceRuleset::standard()),
        bohnanza::store::RulesetSource::dice(),
        ["Ana", "Ben", "Cy"].map(String::from).to_vec(),
        vec![SeatKind::Bot(names::GREEDY); 3],
        5,
    );
    let mut app = App::playing(DiceTable::new(config, None).unwrap(), Theme::colored());
    app.run_bots();
    let Some(t) = app.shown::<bohnanza::dice::screen::DiceTable>() else {
        panic!()
    };
    assert!(t.shell.record.finished);
    t.shell.record.clone()
}

#[test]
fn an_open_prompt_shows_its_own_keys_and_not_the_viewers() {
    // The seats of a game continued from here (c), a search typed (/), an action to go to
    // (g): each line says its keys; the viewer's (←→ action, q leave) do not work under it.
    for keys in ["g6\nc", "/Red", "g"] {
        let mut a = viewer(finished_game());
        press(&mut a, keys);
        let screen = render(&a, 80, 24);
        assert!(!screen.contains("←→ action"), "{keys}:\n{screen}");
        assert!(!screen.contains("q leave"), "{keys}:\n{screen}");
        assert!(screen.contains("Esc"), "{keys}:\n{screen}");
        // Esc closes it and the viewer's keys come back.
        press(&mut a, "\u{1b}");
        assert!(render(&a, 80, 24).contains("←→ action"), "{keys}");
    }
}
