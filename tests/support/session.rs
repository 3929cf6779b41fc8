//! A `script` session in process: one request in, its one reply out, as JSON.

use bohnanza::protocol::Session;
use serde_json::Value;

/// Sends `request` as one line and reads the reply, which is always one JSON object.
pub fn ask(session: &mut Session, request: Value) -> Value {
    let reply = session.handle_line(&request.to_string());
    serde_json::from_str(&reply).expect("every reply is one JSON object")
}
