//! `bohnanza --position FILE.json`: the game screen opens at the position, the game is saved
//! with its start position and resumes and exports from it; a bad file gets the loader's
//! message and exit code 1.

use crate::support::card_screen::config_for;
use crate::support::cli::code_and_stderr;
use crate::support::tmux::{Tmux, command, has_tmux};
use bohnanza::cards::Position;
use bohnanza::cards::bots::names;
use bohnanza::cards::screen::CardTable;
use bohnanza::game::SeatKind;
use bohnanza::protocol::Session;
use bohnanza::store::{self, Saver, export};
use serde_json::json;

/// Phase 3 of Ana's turn: Ben has two traded cards to plant, the draw pile's top is known.
fn phase_3() -> Position {
    serde_json::from_value(json!({
        "phase": "plant_traded",
        "players": [
            {"hand": ["Red"], "fields": [{"bean": "Blue", "count": 2}]},
            {"hand": ["Green"], "set_aside": ["Soy", "Chili"]},
            {}
        ],
        "draw_pile_cards": ["Blue", "Blue", "Stink"]
    }))
    .unwrap()
}

#[test]
fn a_game_from_a_position_is_saved_with_it_and_resumes_and_exports_from_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config_for("base", 3, 5, true);
    c.seats = vec![SeatKind::Bot(names::GREEDY); 3];
    let saver = Saver::for_new_game(dir.path(), &c.ruleset.name, &c.names);
    let mut g = CardTable::at_position(c, phase_3(), Some(saver)).unwrap();
    assert_eq!(g.state.player(1).set_aside().len(), 2);
    for _ in 0..30 {
        g.play_bot();
    }
    assert!(g.shell.record.actions.len() >= 2, "Ben planted his cards");

    let path = g.shell.saver.as_ref().unwrap().path().to_path_buf();
    let saved = store::read(&path).unwrap();
    assert_eq!(
        saved.position,
        Some(serde_json::to_value(phase_3()).unwrap())
    );
    let resumed = CardTable::resume(saved.clone(), None).unwrap();
    assert_eq!(resumed.state, g.state);

    let mut session = Session::new();
    for line in export::export(&saved).unwrap().lines {
        let reply = session.handle_line(&line);
        assert!(!reply.contains("\"error\""), "{line} → {reply}");
    }
    assert_eq!(session.state().unwrap().position(), g.state.position());
}

#[test]
fn a_position_that_breaks_a_rule_cannot_start_a_game_on_screen() {
    let c = config_for("base", 3, 5, true);
    let mut position = phase_3();
    position.phase = Some("plant".into());
    let refused = CardTable::at_position(c, position, None).unwrap_err();
    assert_eq!(
        refused,
        "players[1].set_aside: cards lie set aside only in phases 2 and 3; the position is in \
         phase 1 (Plant bean cards from your hand)"
    );
}

#[test]
fn a_bad_position_file_gets_the_loaders_message_and_exit_code_1() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.json");
    let arg = file.to_str().unwrap();
    let mut breaks = serde_json::to_value(phase_3()).unwrap();
    breaks["active_player"] = json!(4);
    let mut twins = serde_json::to_value(phase_3()).unwrap();
    for (p, name) in ["Ana", "Ana", "Cy"].into_iter().enumerate() {
        twins["players"][p]["name"] = json!(name);
    }
    for (text, message) in [
        (
            breaks.to_string(),
            "active_player: there is no player 4: players are numbered 0 to 2",
        ),
        (
            twins.to_string(),
            "the position: two players are called Ana",
        ),
        (
            "{\"hands\": []}".to_string(),
            "it is not a position: unknown field `hands`",
        ),
        (
            "\u{1b}[2J not json".to_string(),
            "it is not a position: expected value",
        ),
        (" ".repeat(2 << 20), "more than such a file may be"),
    ] {
        std::fs::write(&file, text).unwrap();
        let (code, stderr) = code_and_stderr(dir.path(), &["--position", arg, "--variant", "base"]);
        assert_eq!(code, Some(1), "{stderr}");
        assert!(stderr.contains(message), "{message} in {stderr}");
        assert!(!stderr.contains('\u{1b}'), "{stderr:?}");
    }
    let missing = dir.path().join("none.json");
    let (code, stderr) = code_and_stderr(dir.path(), &["--position", missing.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("it cannot be read"), "{stderr}");
}

#[test]
fn the_screen_opens_at_the_position_with_open_hands_or_hand_offs() {
    if !has_tmux() {
        eprintln!("NOTE: tmux is not installed, so the --position screen test did not run");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("phase3.json");
    std::fs::write(&file, serde_json::to_string(&phase_3()).unwrap()).unwrap();
    let t = Tmux::new("position");
    let args = format!("--position '{}' --names Ana,Ben,Cy", file.display());
    t.start("open", &command(dir.path(), &args));
    let screen = t.wait_for("open", "Ben plants Soy");
    assert!(
        !screen.contains("Pass to "),
        "open hands: no hand-off\n{screen}"
    );
    t.keys("open", &["Enter"]);
    t.wait_for("open", "Ben planted Soy in field 1.");
    t.keys("open", &["q"]);
    t.wait_for("open", "Quit? The game is saved");
    t.keys("open", &["y"]);
    t.wait_for("open", "EXITED 0");

    let hidden = format!("{args} --hide-hands");
    t.start("hidden", &command(dir.path(), &hidden));
    // Phase 3 plants public cards from the shared table; the hands stay hidden.
    let shared = t.wait_for("hidden", "Hands are hidden: this is the shared table.");
    assert!(shared.contains("Ben plants Soy"), "{shared}");
    assert!(!shared.contains("Ben's hand"), "{shared}");
}
