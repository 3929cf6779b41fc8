//! Positions that break a rule: every `new` request in `tests/invalid_positions/` is refused
//! with the message in its `.expected` file, naming the key that is wrong, and the session
//! goes on.

use std::fs;
use std::path::Path;

use bohnanza::protocol::Session;
use serde_json::{Value, json};

#[test]
fn every_invalid_position_is_refused_with_its_expected_message() {
    let dir = Path::new("tests/invalid_positions");
    let mut checked = 0;
    let mut wrong = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let shown = path.display().to_string();
        let new: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        let expected = fs::read_to_string(path.with_extension("expected")).unwrap_or_default();
        let mut session = Session::new();
        let reply: Value =
            serde_json::from_str(&session.handle_line(&json!({ "new": new }).to_string())).unwrap();
        let message = reply["error"]["message"].as_str().unwrap_or_else(|| {
            panic!("{shown} was not refused: {reply}");
        });
        if message != expected.trim_end() {
            wrong.push(format!(
                "{shown}\n  expected: {}\n  got:      {message}",
                expected.trim_end()
            ));
        }
        assert!(session.play().is_none(), "{shown}: no game was started");
        checked += 1;
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(checked >= 30, "only {checked} invalid positions found");
}
