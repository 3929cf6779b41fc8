//! Fuzzing the headless protocol in process: arbitrary bytes, mutated requests and legal
//! actions thrown at a `script` session. After every line: exactly one reply line (none for
//! a blank line), a JSON object, no panic, no stall over a second, and an error reply leaves
//! the game exactly as it was. In the dice game, a legal action given a field it does not
//! have is always refused with `bad_request`.
//!
//! `cargo test` runs a bounded smoke. A long run:
//! `PROPTEST_CASES=100000 cargo test --test protocol fuzz_protocol -- --ignored --nocapture` (the test
//! profile is optimized)

use std::io::BufReader;
use std::time::Instant;

use crate::support::fuzz::{Mutation, STALL, Tally, mutate, mutation};
use bohnanza::protocol::{self, LineReader, MAX_LINE_BYTES, Session};
use proptest::prelude::*;
use serde_json::Value;

/// Requests a client could send, for the mutations to start from.
const TEMPLATES: &[&str] = &[
    r#"{"new": {"players": 3, "seed": 1}}"#,
    r#"{"new": {"variant": "duel", "players": 2, "seed": 2}}"#,
    r#"{"new": {"variant": "expansion-field-beans-orders", "players": 4, "seed": 3}}"#,
    r#"{"new": {"variant": "my-first", "players": 3, "names": ["A", "B", "C"]}}"#,
    r#"{"new": {"variant": "classic", "players": 3, "seed": 4}}"#,
    r#"{"new": {"players": 3, "setup": {"hands": [["Blue", "Chili"], ["Red"]], "fields": [[{"bean": "Chili", "count": 3}, null]], "coins": [2, 0, 1], "draw_pile_top": ["Soy", "Blue"], "discard_pile": ["Red"], "active_player": 1, "draw_pile_runs_out": 1}}}"#,
    r#"{"new": {"variant": "expansion-field-beans", "players": 3, "setup": {"fields": [[{"bean": "Mean", "count": 1, "buried": [{"bean": "Sour", "count": 2}]}]]}}}"#,
    r#"{"legal": 0}"#,
    r#"{"legal": 1}"#,
    r#"{"view": 1}"#,
    r#"{"state": null}"#,
    r#"{"act": {"player": 0, "type": "plant", "field": 0}}"#,
    r#"{"act": {"player": 0, "type": "turn_over"}}"#,
    r#"{"act": {"player": 0, "type": "propose", "to": 1, "give": [{"hand": 0}, {"face_up": 1}], "want": ["Blue", "Red"]}}"#,
    r#"{"act": {"player": 1, "type": "propose", "to": 0, "give": [], "want": ["Soy"]}}"#,
    r#"{"act": {"player": 1, "type": "accept", "offer": 0, "give": [{"hand": 0}]}}"#,
    r#"{"act": {"player": 1, "type": "decline", "offer": 0}}"#,
    r#"{"act": {"player": 0, "type": "withdraw", "offer": 1}}"#,
    r#"{"act": {"player": 0, "type": "end_trading"}}"#,
    r#"{"act": {"player": 2, "type": "harvest", "field": 1}}"#,
    r#"{"act": {"player": 0, "type": "buy_third_field"}}"#,
    r#"{"act": {"player": 0, "type": "plant_set_aside", "card": 0, "field": 0}}"#,
    r#"{"act": {"player": 0, "type": "fulfill_order", "field": 0}}"#,
    r#"{"new": {"variant": "dice", "players": 3, "seed": 5}}"#,
    r#"{"act": {"player": 0, "type": "roll"}}"#,
    r#"{"act": {"player": 0, "type": "repeat_roll"}}"#,
    r#"{"act": {"player": 0, "type": "save", "dice": [0, 4]}}"#,
    r#"{"act": {"player": 0, "type": "pass_bean_piece"}}"#,
    r#"{"act": {"player": 1, "type": "harvest"}}"#,
];

/// One input line (or several, if its bytes hold line breaks).
#[derive(Clone, Debug)]
enum Input {
    /// A request made hostile.
    Mutated {
        template: usize,
        mutations: Vec<Mutation>,
    },
    /// Any bytes at all.
    Bytes(Vec<u8>),
    /// One of the actions `legal` offers a seat now, to carry the game into later phases.
    Legal { seat: usize, pick: usize },
    /// A legal action with a field it does not have: in the dice game, always refused with
    /// `bad_request`.
    Extra {
        seat: usize,
        pick: usize,
        key: usize,
    },
}

/// Fields to add to an action that lacks them; "seat" once let a harvest by one player pass
/// as theirs while naming another.
const EXTRA_KEYS: &[&str] = &["seat", "dice", "field", "to", "repeated", "typ"];

fn input() -> impl Strategy<Value = Input> {
    prop_oneof![
        4 => (0..TEMPLATES.len(), proptest::collection::vec(mutation(), 0..4))
            .prop_map(|(template, mutations)| Input::Mutated { template, mutations }),
        1 => proptest::collection::vec(any::<u8>(), 0..64).prop_map(Input::Bytes),
        6 => (any::<usize>(), any::<usize>()).prop_map(|(seat, pick)| Input::Legal { seat, pick }),
        1 => (any::<usize>(), any::<usize>(), any::<usize>())
            .prop_map(|(seat, pick, key)| Input::Extra { seat, pick, key }),
    ]
}

/// The bytes of one input, given the session it goes to, and whether the reply must be a
/// `bad_request` (an action with a field it does not have).
fn bytes_of(input: &Input, session: &Session) -> (Vec<u8>, bool) {
    match input {
        Input::Mutated {
            template,
            mutations,
        } => (mutate(TEMPLATES[*template].as_bytes(), mutations), false),
        Input::Bytes(bytes) => (bytes.clone(), false),
        Input::Legal { seat, pick } => match legal_action(session, *seat, *pick) {
            Ok(action) => (act(action), false),
            Err(other) => (other, false),
        },
        Input::Extra { seat, pick, key } => match legal_action(session, *seat, *pick) {
            Ok(Value::Object(mut action)) => {
                let free = EXTRA_KEYS.iter().cycle().skip(key % EXTRA_KEYS.len());
                let name = free
                    .take(EXTRA_KEYS.len())
                    .find(|k| !action.contains_key(**k));
                action.insert(name.unwrap_or(&"extra").to_string(), Value::from(2));
                (act(Value::Object(action)), is_dice(session))
            }
            Ok(action) => (act(action), false),
            Err(other) => (other, false),
        },
    }
}

/// One of the actions `legal` offers `seat` now, or, with no game or no such action, a line
/// that starts a game or asks what is legal.
fn legal_action(session: &Session, seat: usize, pick: usize) -> Result<Value, Vec<u8>> {
    let Some(play) = session.play() else {
        return Err(TEMPLATES[0].as_bytes().to_vec());
    };
    let seat = seat % play.player_count();
    let legal = play.legal(seat);
    let actions = legal["legal"].as_array().cloned().unwrap_or_default();
    actions
        .get(pick % actions.len().max(1))
        .cloned()
        .ok_or_else(|| format!(r#"{{"legal": {seat}}}"#).into_bytes())
}

/// Whether the session plays the dice game, whose every action refuses a field it does not
/// have. (The card games' actions without fields, such as `turn_over`, still let one pass.)
fn is_dice(session: &Session) -> bool {
    session.play().is_some_and(|p| {
        p.as_any()
            .is::<bohnanza::rules::Played<bohnanza::dice::Dice>>()
    })
}

fn act(action: Value) -> Vec<u8> {
    serde_json::json!({ "act": action })
        .to_string()
        .into_bytes()
}

static LINES: Tally = Tally::new();

/// Plays `inputs` line by line, checking every reply; returns every byte sent.
fn play(inputs: &[Input]) -> Result<Vec<u8>, TestCaseError> {
    let mut session = Session::new();
    let mut sent = Vec::new();
    for input in inputs {
        let (mut bytes, must_refuse) = bytes_of(input, &session);
        bytes.push(b'\n');
        sent.extend_from_slice(&bytes);
        let mut lines = LineReader::new(BufReader::new(&bytes[..]), MAX_LINE_BYTES);
        while let Some(line) = lines.next_line().expect("reading from memory") {
            let before = session.play().map(|p| p.state());
            let started = Instant::now();
            let reply = session.reply_to(&line);
            let took = started.elapsed();
            LINES.record(took);
            prop_assert!(took < STALL, "{line:?} took {took:?}");
            let blank = matches!(&line, protocol::Line::Text(t) if t.trim().is_empty());
            let Some(reply) = reply else {
                prop_assert!(blank, "{line:?} got no reply");
                continue;
            };
            prop_assert!(!blank, "a blank line got a reply");
            prop_assert!(!reply.contains('\n'), "a reply of several lines: {reply}");
            let value: Value = serde_json::from_str(&reply)
                .map_err(|e| TestCaseError::fail(format!("{reply}: {e}")))?;
            prop_assert!(value.is_object(), "{reply}");
            if must_refuse {
                prop_assert_eq!(
                    &value["error"]["kind"],
                    "bad_request",
                    "{:?}: {}",
                    line,
                    reply
                );
            }
            if value.get("error").is_some() {
                prop_assert!(
                    session.play().map(|p| p.state()) == before,
                    "{line:?} got {reply} and changed the game"
                );
            }
        }
    }
    Ok(sent)
}

/// The same bytes through the whole `script` loop: one reply per line that is not blank.
fn replay_through_run(sent: &[u8]) -> Result<(), TestCaseError> {
    let mut lines = LineReader::new(sent, MAX_LINE_BYTES);
    let mut expected = 0;
    while let Some(line) = lines.next_line().expect("reading from memory") {
        expected += usize::from(!matches!(&line, protocol::Line::Text(t) if t.trim().is_empty()));
    }
    let mut out = Vec::new();
    protocol::run(sent, &mut out).expect("writing to memory");
    let replies = String::from_utf8(out).expect("replies are UTF-8");
    prop_assert_eq!(replies.lines().count(), expected);
    Ok(())
}

fn session_holds(inputs: &[Input]) -> Result<(), TestCaseError> {
    let sent = play(inputs)?;
    replay_through_run(&sent)
}

proptest! {
    #![proptest_config(crate::support::regressions::config(256))]

    #[test]
    fn the_session_holds_against_hostile_lines(inputs in proptest::collection::vec(input(), 1..80)) {
        session_holds(&inputs)?;
    }
}

/// The long run: as many cases as PROPTEST_CASES says (256 unless set), longer sessions,
/// and a closing tally of the lines tried and the slowest reply.
#[test]
#[ignore = "the long run: see the module's documentation"]
fn the_session_holds_against_hostile_lines_long() {
    let config = ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let mut runner = proptest::test_runner::TestRunner::new(config);
    let started = Instant::now();
    let result = runner.run(&proptest::collection::vec(input(), 1..200), |inputs| {
        session_holds(&inputs)
    });
    LINES.report(&format!("protocol lines in {:?}", started.elapsed()));
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// Every kind of dice action, given a field it does not have, is refused with `bad_request`
/// and changes nothing: played through a whole game, so each kind is met where it is legal
/// (`{"player": 1, "type": "harvest", "seat": 2}` once harvested player 1's card).
#[test]
fn every_dice_action_refuses_a_field_it_does_not_have() {
    let mut session = Session::new();
    let started = session.reply_to(&protocol::Line::Text(
        r#"{"new": {"variant": "dice", "players": 3, "seed": 7}}"#.into(),
    ));
    assert!(started.is_some_and(|r| r.contains("started")));
    let mut probed = std::collections::BTreeSet::new();
    for step in 0..5000usize {
        let Some(play) = session.play() else { break };
        if play.outcome().is_some() {
            break;
        }
        let acting = play.acting();
        let seat = acting[step % acting.len()];
        let Ok(Value::Object(action)) = legal_action(&session, seat, step) else {
            panic!("seat {seat} may act but has no legal action");
        };
        let kind = action["type"].as_str().unwrap_or_default().to_string();
        let mut extra = action.clone();
        extra.insert("seat".into(), Value::from((seat + 1) % 3));
        let before = play.state();
        let reply = session.reply_to(&protocol::Line::Text(
            String::from_utf8(act(Value::Object(extra))).unwrap(),
        ));
        let reply: Value = serde_json::from_str(&reply.unwrap()).unwrap();
        assert_eq!(reply["error"]["kind"], "bad_request", "{kind}: {reply}");
        assert_eq!(session.play().map(|p| p.state()), Some(before));
        probed.insert(kind);
        let applied = session.reply_to(&protocol::Line::Text(
            String::from_utf8(act(Value::Object(action))).unwrap(),
        ));
        assert!(applied.is_some_and(|r| !r.contains("\"error\"")));
    }
    let all = ["harvest", "pass_bean_piece", "repeat_roll", "roll", "save"];
    assert_eq!(probed.into_iter().collect::<Vec<_>>(), all);
}
