//! The protocol never dies, stalls or leaks, whatever a client sends: each case from the
//! hardening issue gets a clear error reply, promptly, and the session reads on unchanged.

use std::fmt::Write as _;
use std::fs;
use std::time::{Duration, Instant};

use bohnanza::cards::MAX_READ;
use bohnanza::protocol::{self, MAX_LINE_BYTES, MAX_LISTED_OFFERS, Session};
use serde_json::{Value, json};

fn ask(session: &mut Session, request: &str) -> Value {
    let started = Instant::now();
    let reply = session.handle_line(request);
    assert!(
        // A stall guard, not a speed figure: a reply that is not linear takes minutes.
        started.elapsed() < Duration::from_secs(10),
        "{} took {:?}",
        &request[..request.len().min(80)],
        started.elapsed()
    );
    serde_json::from_str(&reply).expect("every reply is one JSON object")
}

fn error_kind(reply: &Value) -> &str {
    reply["error"]["kind"].as_str().unwrap_or("")
}

/// Replies to `input` fed through the whole `script` loop.
fn script(input: &[u8]) -> Vec<Value> {
    let mut out = Vec::new();
    protocol::run(input, &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn invalid_utf8_gets_an_error_and_the_session_reads_on() {
    let replies = script(b"\xff\n{\"new\": {\"players\": 3}}\n{\"legal\": 0}\xc3\n{\"view\": 0}\n");
    assert_eq!(replies.len(), 4);
    assert_eq!(error_kind(&replies[0]), "bad_utf8");
    assert!(replies[1].get("started").is_some());
    assert_eq!(error_kind(&replies[2]), "bad_utf8");
    assert!(replies[3].get("view").is_some());
}

#[test]
fn a_ten_megabyte_line_gets_a_prompt_error_and_the_next_line_is_read() {
    let mut input = vec![b'x'; 10 * 1024 * 1024];
    input.extend_from_slice(b"\n{\"new\": {\"players\": 3}}\n");
    let started = Instant::now();
    let replies = script(&input);
    assert!(started.elapsed() < Duration::from_secs(10), "a stall");
    assert_eq!(replies.len(), 2);
    assert_eq!(error_kind(&replies[0]), "line_too_long");
    let message = replies[0]["error"]["message"].as_str().unwrap();
    assert!(message.contains(&MAX_LINE_BYTES.to_string()), "{message}");
    assert!(replies[1].get("started").is_some());
}

#[test]
fn player_counts_are_checked_before_anything_is_built() {
    let mut s = Session::new();
    for players in ["18446744073709551615", "100000000", "0", "11"] {
        let reply = ask(&mut s, &format!(r#"{{"new": {{"players": {players}}}}}"#));
        assert_eq!(error_kind(&reply), "players", "{players}: {reply}");
    }
    let long = "n".repeat(protocol::MAX_NAME_CHARS + 1);
    let reply = ask(
        &mut s,
        &json!({"new": {"players": 3, "names": ["A", long, "C"]}}).to_string(),
    );
    assert_eq!(error_kind(&reply), "bad_request", "{reply}");
}

#[test]
fn setup_numbers_are_bounded_by_the_deck() {
    let mut s = Session::new();
    let huge = u32::MAX;
    for setup in [
        json!({"fields": [[{"bean": "Blue", "count": huge}]]}),
        json!({"fields": [[{"bean": "Blue", "count": 1, "buried": [{"bean": "Red", "count": huge}]}]]}),
        json!({"fields": [[{"bean": "Blue", "count": huge}, {"bean": "Blue", "count": 2}]]}),
        json!({"coins": [huge, 1]}),
        json!({"coins": [huge, huge, huge]}),
        json!({"draw_pile_runs_out": huge}),
    ] {
        let request = json!({"new": {"players": 3, "setup": setup}}).to_string();
        let reply = ask(&mut s, &request);
        assert_eq!(error_kind(&reply), "setup", "{request} → {reply}");
    }
}

fn started_game() -> (Session, Value) {
    let mut s = Session::new();
    ask(&mut s, r#"{"new": {"players": 3, "seed": 5}}"#);
    ask(
        &mut s,
        r#"{"act": {"player": 0, "type": "plant", "field": 0}}"#,
    );
    ask(&mut s, r#"{"act": {"player": 0, "type": "turn_over"}}"#);
    let state = ask(&mut s, r#"{"state": null}"#);
    (s, state)
}

#[test]
fn an_offer_can_ask_for_no_more_cards_than_exist() {
    let (mut s, before) = started_game();
    let want = vec!["Blue"; 105];
    let request =
        json!({"act": {"player": 0, "type": "propose", "to": 1, "give": [], "want": want}});
    let reply = ask(&mut s, &request.to_string());
    assert_eq!(error_kind(&reply), "bad_request", "{reply}");
    assert!(
        reply["error"]["message"]
            .as_str()
            .unwrap()
            .contains("104 cards")
    );
    assert_eq!(ask(&mut s, r#"{"state": null}"#), before);
}

#[test]
fn an_action_listing_more_cards_than_any_offer_could_is_refused_as_it_is_read() {
    let (mut s, before) = started_game();
    let many = MAX_READ + 1;
    let requests = [
        json!({"act": {"player": 0, "type": "propose", "to": 1, "give": [], "want": vec!["Blue"; many]}}),
        json!({"act": {"player": 0, "type": "propose", "to": 1, "give": vec![json!({"hand": 0}); many], "want": []}}),
        json!({"act": {"player": 1, "type": "accept", "offer": 0, "give": vec![json!({"hand": 0}); many]}}),
    ];
    for request in requests {
        let line = request.to_string();
        assert!(line.len() < MAX_LINE_BYTES);
        let reply = ask(&mut s, &line);
        assert_eq!(error_kind(&reply), "bad_request", "{reply}");
        let message = reply["error"]["message"].as_str().unwrap();
        assert!(
            message.contains(&format!("more than {MAX_READ}")),
            "{message}"
        );
        assert_eq!(ask(&mut s, r#"{"state": null}"#), before);
    }
}

#[test]
fn duplicate_keys_in_an_action_are_refused() {
    let (mut s, before) = started_game();
    for request in [
        r#"{"act": {"player": 0, "player": 1, "type": "end_trading"}}"#,
        r#"{"act": {"player": 0, "type": "propose", "to": 1, "to": 2, "give": [], "want": []}}"#,
        r#"{"act": {"player": 0, "type": "propose", "to": 1, "give": [{"hand": 0, "hand": 1}], "want": []}}"#,
    ] {
        let reply = ask(&mut s, request);
        assert_eq!(error_kind(&reply), "bad_request", "{request} → {reply}");
        let message = reply["error"]["message"].as_str().unwrap();
        assert!(message.contains("duplicate field"), "{message}");
    }
    assert_eq!(ask(&mut s, r#"{"state": null}"#), before);
}

#[test]
fn a_ruleset_path_must_be_a_small_regular_file_and_its_text_is_not_leaked() {
    let dir = tempfile::tempdir().unwrap();
    let secret = dir.path().join("shadow");
    fs::write(
        &secret,
        "root:$6$secret-hash:19000:0:99999:7:::\nbin:*:19000\n",
    )
    .unwrap();
    let big = dir.path().join("big.toml");
    fs::write(&big, "# padding\n".repeat(100_000)).unwrap();
    let not_text = dir.path().join("binary.toml");
    fs::write(&not_text, b"name = \"\xff\"\n").unwrap();
    let dir_path = dir.path().to_str().unwrap().to_string();
    let mut s = Session::new();
    for (path, says) in [
        (secret.to_str().unwrap(), "secret.toml"),
        ("/dev/stdin", "not a regular file"),
        ("/dev/zero", "not a regular file"),
        (&dir_path, "not a regular file"),
        (big.to_str().unwrap(), "may be at most"),
        (not_text.to_str().unwrap(), "not a text file"),
    ] {
        let request = json!({"new": {"players": 3, "ruleset": path}}).to_string();
        let reply = ask(&mut s, &request);
        assert_eq!(error_kind(&reply), "ruleset", "{path}: {reply}");
        let message = reply["error"]["message"].as_str().unwrap();
        assert!(!message.contains("secret-hash"), "{message}");
        if says != "secret.toml" {
            assert!(message.contains(says), "{path}: {message}");
        }
    }
}

/// A valid ruleset with 255 bean kinds of one card each, for ten players.
fn widest_ruleset() -> String {
    let mut text = String::from(
        "name = \"wide\"\ntitle = \"Wide\"\nsummary = \"255 kinds\"\ncards_dealt = 5\n\
         max_planted_from_hand = 2\ncards_turned_over = 2\ncards_drawn = 3\n\
         game_ends_when_draw_pile_runs_out = 3\nbean_protection_rule = \"off\"\n\
         tie_break = \"shared\"\nmax_offers_per_turn = 1000\n\n\
         [[player_count]]\nplayers = [10]\nbean_fields = 2\n",
    );
    for k in 0..255u32 {
        let letter = char::from_u32(0x100 + k).unwrap();
        write!(
            text,
            "\n[[bean]]\nname = \"Bean {k}\"\nletter = \"{letter}\"\ncards = 1\nbeanometer = {{ 1 = 1 }}\n"
        )
        .unwrap();
    }
    text
}

#[test]
fn legal_lists_offers_as_examples_and_stays_small() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("wide.toml");
    fs::write(&path, widest_ruleset()).unwrap();
    let mut s = Session::new();
    let new = json!({"new": {"players": 10, "ruleset": path.to_str().unwrap()}});
    let reply = ask(&mut s, &new.to_string());
    assert!(reply.get("started").is_some(), "{reply}");
    ask(
        &mut s,
        r#"{"act": {"player": 0, "type": "plant", "field": 0}}"#,
    );
    ask(&mut s, r#"{"act": {"player": 0, "type": "turn_over"}}"#);
    let reply = s.handle_line(r#"{"legal": 0}"#);
    assert!(reply.len() < 64 * 1024, "{} bytes", reply.len());
    let reply: Value = serde_json::from_str(&reply).unwrap();
    assert_eq!(reply["offers_are_examples"], true);
    assert_eq!(reply["truncated"], false);
    let actions = reply["legal"].as_array().unwrap();
    let offers = actions.iter().filter(|a| a["type"] == "propose").count();
    assert_eq!(offers, MAX_LISTED_OFFERS);
    assert!(actions.iter().any(|a| a["type"] == "end_trading"));
}

#[test]
fn the_largest_indices_are_refused_without_overflowing() {
    let mut s = Session::new();
    ask(
        &mut s,
        r#"{"new": {"variant": "expansion-order-cards", "players": 3}}"#,
    );
    let before = ask(&mut s, r#"{"state": null}"#);
    let max = u64::MAX;
    for action in [
        json!({"player": 0, "type": "plant", "field": max}),
        json!({"player": 0, "type": "harvest", "field": max}),
        json!({"player": 0, "type": "fulfill_order", "field": max}),
        json!({"player": 0, "type": "plant_set_aside", "card": max, "field": max}),
        json!({"player": 0, "type": "withdraw", "offer": u32::MAX}),
    ] {
        let reply = ask(&mut s, &json!({ "act": action }).to_string());
        assert!(reply.get("error").is_some(), "{action} → {reply}");
    }
    assert_eq!(ask(&mut s, r#"{"state": null}"#), before);
}

#[test]
fn the_script_command_reads_past_invalid_utf8_and_long_lines() {
    use std::io::Write;
    use std::process::{Command, Stdio};

    let mut child = Command::new(env!("CARGO_BIN_EXE_bohnanza"))
        .arg("script")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = b"\xff\xfe\n".to_vec();
    input.extend(std::iter::repeat_n(b'{', 2 * MAX_LINE_BYTES));
    input.extend_from_slice(b"\n{\"new\": {\"players\": 3}}\n");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success());
    let replies: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(replies.len(), 3);
    assert_eq!(error_kind(&replies[0]), "bad_utf8");
    assert_eq!(error_kind(&replies[1]), "line_too_long");
    assert!(replies[2].get("started").is_some());
}

/// A card action with a field it does not have is refused, the field-less ones
/// (`turn_over`, `end_trading`, `buy_third_field`, `end_turn`) as much as the others, and
/// the game is unchanged.
#[test]
fn a_card_action_with_a_field_it_lacks_is_refused() {
    let mut session = Session::new();
    ask(
        &mut session,
        r#"{"new": {"variant": "classic", "players": 3, "seed": 5}}"#,
    );
    let before = ask(&mut session, r#"{"state": null}"#);
    for kind in [
        "turn_over",
        "end_trading",
        "buy_third_field",
        "end_turn",
        "plant",
    ] {
        let reply = ask(
            &mut session,
            &format!(r#"{{"act": {{"player": 0, "type": "{kind}", "field": 0, "seat": 2}}}}"#),
        );
        assert_eq!(error_kind(&reply), "bad_request", "{kind}: {reply}");
        assert!(
            reply.to_string().contains("seat"),
            "{kind}: the reply names the field: {reply}"
        );
    }
    assert_eq!(ask(&mut session, r#"{"state": null}"#), before);
    let planted = ask(
        &mut session,
        r#"{"act": {"player": 0, "type": "plant", "field": 0}}"#,
    );
    assert!(planted.get("events").is_some(), "{planted}");
}

/// A line that is not one object with one request in it is told what a request is and what
/// the line held instead (two requests, none, a request and a stray key, an array, a number,
/// a bare word), never the JSON reader's "expected map with a single key".
#[test]
fn a_line_that_is_not_one_request_says_what_a_request_is() {
    let (mut session, _) = started_game();
    let cases = [
        (r#"{"legal": 0, "view": 0}"#, "`legal` and `view`"),
        (
            r#"{"act": {"player": 0, "type": "plant", "field": 0}, "bogus": 1}"#,
            "`act` and `bogus`",
        ),
        ("{}", "no request"),
        (r#"{"viewer": 1}"#, "no request"),
        ("[]", "an array"),
        ("5", "a number"),
        (r#""state""#, "text"),
        ("null", "null"),
    ];
    for (line, held) in cases {
        let reply = ask(&mut session, line);
        assert_eq!(error_kind(&reply), "bad_request", "{line}: {reply}");
        let message = reply["error"]["message"].as_str().unwrap();
        assert!(
            message.contains("one key naming the request")
                && message.contains("new, legal, act, view, state, undo or hint")
                && message.contains(held),
            "{line}: {message}"
        );
    }
    let legal = ask(&mut session, r#"{"legal": 0}"#);
    assert!(legal["legal"].is_array(), "the session reads on: {legal}");
}

/// JSON nested without end (an array a hundred thousand deep, an object in an action, a
/// setup nested past the reader's limit) and a request cut short get a `bad_json` reply,
/// promptly and without a stack overflow, and the session reads on; a last line with no
/// newline before the end of the input is still answered.
#[test]
fn deeply_nested_and_truncated_lines_get_an_error_and_the_session_reads_on() {
    let deep = 100_000;
    let mut input = String::from("{\"new\": {\"players\": 3, \"seed\": 1}}\n");
    input += &format!("{}{}\n", "[".repeat(deep), "]".repeat(deep));
    input += &format!(
        "{{\"act\": {{\"player\": 0, \"type\": \"plant\", \"field\": {}0{}}}}}\n",
        "{\"a\":".repeat(deep),
        "}".repeat(deep)
    );
    input += &format!(
        "{{\"new\": {{\"players\": 3, \"setup\": {}1{}}}}}\n",
        "{\"a\":".repeat(200),
        "}".repeat(200)
    );
    input += "{\"act\": {\"player\": 0, \"type\": \"plant\", \"field\": 0\n";
    input += "{\"legal\": 0}";
    let started = Instant::now();
    let replies = script(input.as_bytes());
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(replies.len(), 6, "{replies:?}");
    assert!(replies[0]["started"].is_object(), "{}", replies[0]);
    for reply in &replies[1..5] {
        assert_eq!(error_kind(reply), "bad_json", "{reply}");
    }
    let legal = replies[5]["legal"]
        .as_array()
        .expect("the game is as it was");
    assert!(
        legal.iter().all(|a| a["type"] == "plant"),
        "nothing was planted: {legal:?}"
    );
}
