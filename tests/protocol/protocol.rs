//! The headless protocol: replies, errors that change nothing, replays, and golden playthroughs.

use std::fs;

use crate::support::session::ask;
use bohnanza::protocol::Session;
use proptest::prelude::*;
use serde_json::{Value, json};

fn error_kind(reply: &Value) -> &str {
    reply["error"]["kind"].as_str().unwrap_or("")
}

#[test]
fn a_new_game_replies_with_the_deal() {
    let mut s = Session::new();
    let reply = ask(
        &mut s,
        json!({"new": {"variant": "base", "players": 4, "seed": 42}}),
    );
    assert_eq!(reply["started"]["players"], 4);
    assert_eq!(reply["started"]["bean_fields"], 2);
    assert_eq!(
        reply["started"]["beans"][7]["beanometer"],
        json!([null, 2, 3, null])
    );
    let dealt: Vec<&Value> = reply["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e.get("dealt").is_some())
        .collect();
    assert_eq!(dealt.len(), 4);
    assert_eq!(dealt[0]["dealt"]["cards"].as_array().unwrap().len(), 5);
    assert_eq!(reply["events"][4], json!({"turn_began": {"player": 0}}));
}

#[test]
fn malformed_requests_get_errors_and_the_session_reads_on() {
    let mut s = Session::new();
    let cases = [
        ("{not json", "bad_json"),
        (r#"{"legal": 0}"#, "no_game"),
        (r#"{"dance": 1}"#, "bad_request"),
        (r#"{"new": {"players": 4, "colour": "red"}}"#, "bad_request"),
        (r#"{"new": {"variant": "bass", "players": 4}}"#, "ruleset"),
        (r#"{"new": {"players": 9}}"#, "players"),
        (r#"{"new": {"players": 3, "names": ["A"]}}"#, "bad_request"),
        (
            r#"{"new": {"players": 3, "ruleset": "no/such.toml"}}"#,
            "ruleset",
        ),
        (
            r#"{"new": {"players": 3, "setup": {"hands": [["Bleu"]]}}}"#,
            "setup",
        ),
        (
            r#"{"new": {"players": 3, "setup": {"hands": [], "colour": 1}}}"#,
            "bad_request",
        ),
    ];
    for (line, kind) in cases {
        let reply: Value = serde_json::from_str(&s.handle_line(line)).unwrap();
        assert_eq!(error_kind(&reply), kind, "{line} → {reply}");
    }
    ask(&mut s, json!({"new": {"players": 4, "seed": 1}}));
    let before = ask(&mut s, json!({"state": null}));
    let cases = [
        (json!({"legal": 7}), "no_such_player"),
        (json!({"view": -1}), "bad_request"),
        (json!({"act": {"type": "plant", "field": 0}}), "bad_request"),
        (
            json!({"act": {"player": 9, "type": "plant", "field": 0}}),
            "no_such_player",
        ),
        (
            json!({"act": {"player": 0, "type": "plant"}}),
            "bad_request",
        ),
        (
            json!({"act": {"player": 0, "type": "sow", "field": 0}}),
            "bad_request",
        ),
        (
            json!({"act": {"player": 0, "type": "plant", "field": 0, "extra": 1}}),
            "bad_request",
        ),
        (
            json!({"act": {"player": 0, "type": "plant", "field": 5}}),
            "no_such_field",
        ),
        (
            json!({"act": {"player": 1, "type": "plant", "field": 0}}),
            "not_active_player",
        ),
        (
            json!({"act": {"player": 0, "type": "turn_over"}}),
            "must_plant_first",
        ),
        (
            json!({"act": {"player": 0, "type": "propose", "to": 1, "give": [], "want": ["Bleu"]}}),
            "unknown_bean",
        ),
        (
            json!({"act": {"player": 0, "type": "end_trading"}}),
            "wrong_phase",
        ),
        (json!({"act": [1, 2]}), "bad_request"),
    ];
    for (request, kind) in cases {
        let reply = ask(&mut s, request.clone());
        assert_eq!(error_kind(&reply), kind, "{request} → {reply}");
        assert!(!reply["error"]["message"].as_str().unwrap().is_empty());
    }
    assert_eq!(
        ask(&mut s, json!({"state": null})),
        before,
        "an error changed the game"
    );
}

#[test]
fn views_hide_other_hands_and_the_state_shows_everything() {
    let mut s = Session::new();
    ask(
        &mut s,
        json!({"new": {"players": 3, "seed": 5, "names": ["Ana", "Ben", "Cy"]}}),
    );
    let view = ask(&mut s, json!({"view": 1}));
    let players = view["view"]["players"].as_array().unwrap();
    assert_eq!(players[1]["name"], "Ben");
    assert!(players[1].get("hand").is_some());
    assert!(players[0].get("hand").is_none());
    assert!(players[2].get("hand").is_none());
    assert_eq!(players[0]["hand_size"], 5);
    assert!(view["view"].get("draw_pile_cards").is_none());
    let state = ask(&mut s, json!({"state": null}));
    assert!(state["state"]["players"][0].get("hand").is_some());
    assert_eq!(
        state["state"]["draw_pile_cards"].as_array().unwrap().len(),
        104 - 15
    );
}

/// Plays a game through the protocol, picking among listed actions with a fixed rule, and
/// returns every request with its reply.
fn scripted_game(seed: u64, players: usize) -> Vec<(String, String)> {
    let mut s = Session::new();
    let mut transcript = Vec::new();
    let mut send = |s: &mut Session, request: Value| -> Value {
        let line = request.to_string();
        let reply = s.handle_line(&line);
        transcript.push((line, reply.clone()));
        serde_json::from_str(&reply).unwrap()
    };
    send(
        &mut s,
        json!({"new": {"variant": "base", "players": players, "seed": seed}}),
    );
    let mut pick: u64 = seed;
    for _ in 0..5_000 {
        let state = send(&mut s, json!({"view": 0}));
        if state["view"]["phase"] == "game_over" {
            break;
        }
        // Each seat in turn from the active player (who alone ends trading); take the first
        // listed action that moves the game on, with an occasional offer or harvest.
        let active = state["view"]["active_player"].as_u64().unwrap() as usize;
        let mut acted = false;
        for p in (0..players).map(|i| (active + i) % players) {
            let legal = send(&mut s, json!({"legal": p}));
            let actions = legal["legal"].as_array().unwrap().clone();
            if actions.is_empty() {
                continue;
            }
            pick = pick
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let choice = (pick >> 33) as usize % actions.len();
            let action = if (pick >> 20).is_multiple_of(5) {
                actions[choice].clone()
            } else {
                actions
                    .iter()
                    .find(|a| a["type"] != "propose" && a["type"] != "harvest")
                    .unwrap_or(&actions[choice])
                    .clone()
            };
            let reply = send(&mut s, json!({"act": action}));
            assert!(
                reply.get("events").is_some(),
                "listed action refused: {reply}"
            );
            acted = true;
            break;
        }
        assert!(acted, "nobody could act");
    }
    transcript
}

#[test]
fn a_game_replays_from_its_seed_to_the_same_final_state() {
    let transcript = scripted_game(11, 4);
    let acts: Vec<&String> = transcript
        .iter()
        .map(|(request, _)| request)
        .filter(|r| r.starts_with("{\"act\""))
        .collect();
    assert!(acts.len() > 100);
    let final_state = |acts: &[&String]| {
        let mut s = Session::new();
        s.handle_line(r#"{"new": {"variant": "base", "players": 4, "seed": 11}}"#);
        for a in acts {
            let reply = s.handle_line(a);
            assert!(reply.starts_with("{\"events\""), "{reply}");
        }
        s.handle_line(r#"{"state": null}"#)
    };
    let first = final_state(&acts);
    assert_eq!(first, final_state(&acts));
    assert!(first.contains("\"phase\":\"game_over\""), "{first}");
    let last_reply = &transcript
        .iter()
        .rev()
        .find(|(r, _)| r.starts_with("{\"act\""))
        .unwrap()
        .1;
    assert!(last_reply.contains("game_ended"), "{last_reply}");
}

/// Golden playthroughs: each file alternates `> request` and `< reply` lines. Any change to
/// the rules, the shuffle or the wire format shows up here. `BLESS=1 cargo test` rewrites them.
#[test]
fn golden_playthroughs_replay_exactly() {
    let games = [("base_4p_seed42", 42, 4)];
    for (name, seed, players) in games {
        let path = format!("tests/playthroughs/{name}.jsonl");
        if std::env::var_os("BLESS").is_some() {
            let mut text = String::new();
            for (request, reply) in scripted_game(seed, players) {
                if request.starts_with("{\"legal\"") || request.starts_with("{\"view\"") {
                    continue;
                }
                text.push_str(&format!("> {request}\n< {reply}\n"));
            }
            fs::write(&path, text).unwrap();
        }
        let text = fs::read_to_string(&path).unwrap_or_else(|_| panic!("{path} is missing"));
        let mut s = Session::new();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() > 200, "{path} is too short to be a whole game");
        for pair in lines.chunks(2) {
            let request = pair[0].strip_prefix("> ").expect("request line");
            let expected = pair[1].strip_prefix("< ").expect("reply line");
            assert_eq!(
                s.handle_line(request),
                expected,
                "{path}: reply to {request}"
            );
        }
        assert!(
            lines.last().unwrap().contains("game_ended"),
            "{path} does not reach the end"
        );
    }
}

proptest! {
    #![proptest_config(crate::support::regressions::config(500))]

    /// Whatever arrives, the reply is one JSON object and nothing panics.
    #[test]
    fn any_line_gets_one_json_reply(line in "\\PC{0,80}", field in 0usize..12, p in 0usize..6) {
        let mut s = Session::new();
        s.handle_line(r#"{"new": {"players": 4, "seed": 3}}"#);
        for l in [
            line.clone(),
            format!(r#"{{"act": {{"player": {p}, "type": "harvest", "field": {field}}}}}"#),
            format!(r#"{{"act": {{"player": {p}, "type": "propose", "to": {field}, "give": [{{"face_up": {field}}}], "want": []}}}}"#),
            format!(r#"{{"act": {{"player": {p}, "type": "accept", "offer": {field}, "give": [{{"hand": {field}}}]}}}}"#),
            format!(r#"{{"view": {p}}}"#),
        ] {
            let reply = s.handle_line(&l);
            prop_assert!(serde_json::from_str::<Value>(&reply).is_ok(), "{} → {}", l, reply);
        }
    }
}
