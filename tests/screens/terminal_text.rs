//! Nothing untrusted reaches the terminal raw: a name or ruleset text carrying a terminal
//! escape sequence is shown with its control characters replaced on every output path.

use std::fs;

use crate::support::card_screen::{self, config};
use crate::support::cli::run;
use bohnanza::engine::Outcome;
use bohnanza::protocol::Session;
use bohnanza::ui::{Game, final_scores};

/// Retitles the terminal window and rings the bell, when a terminal obeys it.
const PWNED: &str = "\u{1b}]0;pwned\u{7}";

fn assert_safe(what: &str, text: &str) {
    assert!(
        !text.contains(['\u{1b}', '\u{7}']),
        "{what} passes control characters to the terminal: {text:?}"
    );
    assert!(text.contains("]0;pwned"), "{what} lost the name: {text:?}");
}

/// The base game with `title` and the first bean's name replaced, as TOML text.
fn ruleset_with(title: &str, bean: &str) -> String {
    let escaped = |s: &str| s.replace('\u{1b}', "\\u001b").replace('\u{7}', "\\u0007");
    rulesets_base()
        .replace(
            "title = \"Bohnanza\"",
            &format!("title = \"{}\"", escaped(title)),
        )
        .replace("name = \"Blue\"", &format!("name = \"{}\"", escaped(bean)))
}

fn rulesets_base() -> String {
    fs::read_to_string("rulesets/base.toml").unwrap()
}

#[test]
fn final_scores_show_names_safely() {
    let mut cfg = config(3, 1, false);
    cfg.names[0] = PWNED.to_string();
    let game = Game::new(cfg, None).unwrap();
    assert_safe("the table's names", game.name(0));
    let outcome = Outcome {
        coins: vec![3, 1, 2],
        winners: vec![0],
    };
    assert_safe("the final scores", &final_scores(&game, &outcome));
}

// The message for a finished game is pinned with the other resume messages in
// tests/store/saves_cli.rs (resume_file_refuses_damaged_and_finished_games_and_says_why).

#[test]
fn a_repeated_name_is_refused_safely() {
    let dir = tempfile::tempdir().unwrap();
    let names = format!("{PWNED},{PWNED},Cy");
    let out = run(&["--names", &names], dir.path());
    assert!(!out.status.success());
    assert_safe("the usage error", &String::from_utf8_lossy(&out.stderr));
}

#[test]
fn check_shows_ruleset_text_safely() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.toml");
    fs::write(&good, ruleset_with(PWNED, PWNED)).unwrap();
    let out = run(&["check", good.to_str().unwrap()], dir.path());
    assert!(out.status.success(), "{out:?}");
    assert_safe("check's summary", &String::from_utf8_lossy(&out.stdout));

    // A bad file whose name and bean names carry the sequence.
    let bad = dir.path().join(format!("{PWNED}.toml"));
    let twice =
        ruleset_with("t", PWNED).replace("name = \"Chili\"", "name = \"\\u001b]0;pwned\\u0007\"");
    fs::write(&bad, twice).unwrap();
    let out = run(&["check", bad.to_str().unwrap()], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_safe("check's errors", &err);
    assert!(err.contains("two bean kinds are called"), "{err}");

    let missing = dir.path().join(format!("missing{PWNED}.toml"));
    let out = run(&["check", missing.to_str().unwrap()], dir.path());
    assert_safe("check's file error", &String::from_utf8_lossy(&out.stderr));
}

#[test]
fn protocol_replies_escape_names() {
    let mut session = Session::new();
    let reply = session
        .handle_line(r#"{"new": {"players": 3, "names": ["\u001b]0;pwned\u0007", "B", "C"]}}"#);
    assert_safe("a protocol reply", &reply);
}

#[test]
fn the_game_screen_shows_names_and_bean_names_safely() {
    use bohnanza::store::RulesetSource;
    use bohnanza::ui::{App, Theme};

    let text = ruleset_with(PWNED, PWNED);
    let mut cfg = config(3, 1, false);
    cfg.ruleset = std::sync::Arc::new(bohnanza::rulesets::parse("pwned.toml", &text).unwrap());
    cfg.source = RulesetSource {
        origin: "pwned.toml".into(),
        toml: text,
    };
    cfg.names[0] = PWNED.to_string();
    let app = App::playing(Game::new(cfg, None).unwrap(), Theme::colored());
    let screen = card_screen::render(&app, 120, 40);
    assert_safe("the game screen", &screen);
}
