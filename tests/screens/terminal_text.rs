//! Nothing untrusted reaches the terminal raw: a name or ruleset text carrying a terminal
//! escape sequence is shown with its control characters replaced on every output path.

use std::fs;

use crate::support::card_screen::{self, config};
use crate::support::cli::run;
use bohnanza::cards::screen::CardTable;
use bohnanza::protocol::Session;
use bohnanza::ui::final_scores;

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
    let game = CardTable::new(cfg, None).unwrap();
    assert_safe("the table's names", game.name(0));
    let outcome = bohnanza::game::PlayOutcome {
        scores: vec![3, 1, 2],
        winners: vec![0],
    };
    let names: Vec<String> = (0..3).map(|p| game.name(p).to_string()).collect();
    assert_safe("the final scores", &final_scores(&names, &outcome));
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
    let app = App::playing(CardTable::new(cfg, None).unwrap(), Theme::colored());
    let screen = card_screen::render(&app, 120, 40);
    assert_safe("the game screen", &screen);
}

/// The one-byte CSI and the right-to-left override: a terminal acts on the first, and the
/// second makes text read backwards.
const C1_AND_BIDI: &str = "A\u{9b}31m\u{202e}B";

fn assert_no_c1_or_bidi(what: &str, text: &str) {
    assert!(
        !text.contains(['\u{1b}', '\u{7}', '\u{9b}', '\u{202e}']),
        "{what} passes control characters to the terminal: {text:?}"
    );
}

/// The dice game's ruleset with its `name` (or its `title`) replaced, as TOML text.
fn dice_ruleset_with(key: &str, value: &str) -> String {
    let standard = fs::read_to_string("rulesets/dice.toml").unwrap();
    let escaped = value
        .replace('\u{1b}', "\\u001b")
        .replace('\u{7}', "\\u0007");
    let line = standard
        .lines()
        .find(|l| l.starts_with(&format!("{key} = ")))
        .unwrap();
    standard.replace(line, &format!("{key} = \"{escaped}\""))
}

#[test]
fn simulate_and_ladder_show_dice_ruleset_text_safely() {
    let dir = tempfile::tempdir().unwrap();
    for (key, file) in [("name", "named.toml"), ("title", "titled.toml")] {
        let path = dir.path().join(file);
        fs::write(&path, dice_ruleset_with(key, PWNED)).unwrap();
        let path = path.to_str().unwrap();
        for args in [
            vec![
                "simulate",
                "--ruleset",
                path,
                "--games",
                "2",
                "--players",
                "2",
            ],
            vec![
                "ladder",
                "--ruleset",
                path,
                "--games",
                "2",
                "--players",
                "2",
                "--bots",
                "random,greedy",
            ],
        ] {
            let out = run(&args, dir.path());
            let (stdout, stderr) = (
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr),
            );
            assert_no_c1_or_bidi(&format!("{args:?} stdout"), &stdout);
            assert_no_c1_or_bidi(&format!("{args:?} stderr"), &stderr);
            if key == "name" {
                assert!(!out.status.success(), "{args:?}: a name is a word");
                assert!(stderr.contains("a ruleset name may only use"), "{stderr}");
            }
        }
    }
}

#[test]
fn a_bad_variant_is_echoed_safely() {
    let dir = tempfile::tempdir().unwrap();
    let value = format!("{PWNED}X{C1_AND_BIDI}");
    for args in [
        vec!["--variant", value.as_str()],
        vec!["simulate", "--variant", value.as_str()],
        vec!["--players", value.as_str()],
    ] {
        let out = run(&args, dir.path());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        // clap itself drops what reads as an escape sequence; the rest is made safe.
        assert_no_c1_or_bidi("clap's error", &stderr);
        assert!(stderr.contains("31m"), "{stderr}");
    }
}

#[test]
fn protocol_replies_and_export_escape_c1_controls_and_bidi_overrides() {
    use bohnanza::store::{self, Actions, RulesetSource, SavedGame, SavedSeat};

    let mut session = Session::new();
    let new = serde_json::json!({"new": {"players": 3, "names": [C1_AND_BIDI, "B", "C"]}});
    let reply = session.handle_line(&new.to_string());
    assert_no_c1_or_bidi("a protocol reply", &reply);
    let back: serde_json::Value = serde_json::from_str(&reply).unwrap();
    assert!(
        back.to_string().contains(C1_AND_BIDI),
        "the name is kept: {reply}"
    );
    let state = session.handle_line(r#"{"state": null}"#);
    assert_no_c1_or_bidi("a state reply", &state);

    let dir = tempfile::tempdir().unwrap();
    let game = SavedGame {
        ruleset: RulesetSource::dice(),
        names: vec![C1_AND_BIDI.to_string(), "B".into()],
        seats: vec![SavedSeat::Human; 2],
        seed: 1,
        open_hands: false,
        actions: Actions::from(vec![serde_json::json!({"player": 0, "type": "roll"})]),
        finished: false,
        position: None,
        tutor_asked: Vec::new(),
    };
    let path = dir.path().join("game.json");
    fs::write(&path, store::encode(&game)).unwrap();
    let out = run(&["export", path.to_str().unwrap()], dir.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_no_c1_or_bidi("export", &stdout);
    assert!(
        stdout.contains("\\u009b") && stdout.contains("\\u202e"),
        "{stdout}"
    );
}
