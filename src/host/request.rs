//! A joined client's requests: the protocol's (`act`, `legal`, `view`, `hint`) with the
//! viewer fixed to the client's seat, and `pass` for the floor to propose. What would show
//! another seat's cards or change the game outside its rules (`state`, another seat's
//! `view` or `legal`, `new`, `undo`) is refused, and nothing changes.

use serde_json::{Map, Value, json};

use super::hosted::Host;
use super::seats::{ClientId, Viewer};
use crate::game::PlayError;
use crate::protocol::{Line, MAX_LINE_BYTES, StrictValue};

/// Refused lines in a row after which a client is dropped: a program that only sends
/// what the host cannot read is not playing.
pub const MAX_REFUSED_IN_A_ROW: u32 = 32;

/// What became of a client after one of its lines.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Handled {
    /// It reads on.
    ReadOn,
    /// It was refused; it reads on.
    Refused,
    /// It is dropped (its last line says why).
    Dropped,
}

/// Answers one line of client `id` (joined to `host`).
pub fn handle(host: &mut Host, id: ClientId, line: &Line) -> Handled {
    let Some(viewer) = host.viewer_of(id) else {
        return Handled::Dropped;
    };
    let text = match line {
        Line::Text(text) if text.trim().is_empty() => return Handled::ReadOn,
        Line::Text(text) => text,
        Line::TooLong => {
            return drop_with(
                host,
                id,
                error(
                    "line_too_long",
                    format!(
                        "a line may be at most {MAX_LINE_BYTES} bytes; this connection is closed"
                    ),
                ),
            );
        }
        Line::NotUtf8 { at } => {
            return drop_with(
                host,
                id,
                error(
                    "bad_utf8",
                    format!(
                        "a line must be UTF-8 text; byte {at} of this one is not, and this connection is closed"
                    ),
                ),
            );
        }
    };
    match answer(host, viewer, text) {
        Ok(None) => Handled::ReadOn,
        Ok(Some(reply)) => {
            host.reply(id, &reply);
            Handled::ReadOn
        }
        Err(e) => {
            host.reply(id, &e.to_json());
            Handled::Refused
        }
    }
}

/// Sends `reply` and drops the client.
fn drop_with(host: &mut Host, id: ClientId, reply: Value) -> Handled {
    host.reply(id, &reply);
    host.leave(id);
    Handled::Dropped
}

/// The reply to `text` from `viewer`: `None` when its answer went out as an event line
/// (an accepted `act`, which every seat is sent).
fn answer(host: &mut Host, viewer: Viewer, text: &str) -> Result<Option<Value>, PlayError> {
    let StrictValue(value) = serde_json::from_str(text).map_err(|e| {
        let kind = if e.is_syntax() || e.is_eof() {
            "bad_json"
        } else {
            "bad_request"
        };
        PlayError::new(kind, e)
    })?;
    let (name, body) = one_request(value)?;
    let seat = match viewer {
        Viewer::Seat(p) => Some(p),
        Viewer::Spectator => None,
    };
    match (name.as_str(), seat) {
        ("view", _) => {
            own(viewer, &body, "view")?;
            Ok(Some(json!({ "view": host.view(viewer) })))
        }
        ("act", Some(p)) => host.act(p, body).map(|_| None),
        ("legal", Some(p)) => {
            own(viewer, &body, "legal")?;
            Ok(Some(host.legal(p)))
        }
        ("hint", Some(p)) => {
            let samples = hint_samples(p, &body)?;
            Ok(Some(host.hint(p, samples)))
        }
        ("pass", Some(p)) => {
            if !body.is_null() {
                return Err(PlayError::new(
                    "bad_request",
                    "pass takes nothing: {\"pass\": null}",
                ));
            }
            host.pass(p).map(|()| Some(json!({ "passed": p })))
        }
        ("act" | "legal" | "hint" | "pass", None) => Err(PlayError::new(
            "spectator",
            "a spectator watches: only {\"view\": null} is answered",
        )),
        ("state", _) => Err(PlayError::new(
            "hidden",
            "the whole state shows every hand, and is not sent to anyone at a hosted game; ask for your {\"view\": null}",
        )),
        ("new", _) => Err(PlayError::new(
            "not_here",
            "this connection plays the host's game; a new game is started with another `bohnanza host`",
        )),
        ("undo", _) => Err(PlayError::new(
            "not_here",
            "an action accepted at a hosted table stands: undo is for a game played alone",
        )),
        ("join", _) => Err(PlayError::new(
            "bad_request",
            "this connection has already joined",
        )),
        _ => Err(PlayError::new(
            "bad_request",
            format!(
                "{} is not a request here; the requests are act, legal, view, hint and pass",
                shown(&name)
            ),
        )),
    }
}

/// The request's name and body: a line is an object with one key.
fn one_request(value: Value) -> Result<(String, Value), PlayError> {
    let Value::Object(map) = value else {
        return Err(PlayError::new(
            "bad_request",
            "a request is an object with one key naming it, like {\"view\": null}",
        ));
    };
    let mut entries = map.into_iter();
    match (entries.next(), entries.next()) {
        (Some((name, body)), None) => Ok((name, body)),
        (None, _) => Err(PlayError::new("bad_request", "the object names no request")),
        (Some(_), Some(_)) => Err(PlayError::new(
            "bad_request",
            "a request is an object with one key; at a hosted table the viewer is always your seat",
        )),
    }
}

/// Refuses `view` or `legal` of a seat other than `viewer`'s: `null` or the own seat
/// number are answered.
fn own(viewer: Viewer, body: &Value, what: &str) -> Result<(), PlayError> {
    match (viewer, body) {
        (_, Value::Null) => Ok(()),
        (Viewer::Seat(p), Value::Number(n)) if n.as_u64() == Some(p as u64) => Ok(()),
        (Viewer::Seat(p), _) => Err(PlayError::new(
            "not_your_seat",
            format!(
                "you play seat {p}: {{\"{what}\": null}} (or {p}) is yours; another seat's is hidden from you"
            ),
        )),
        (Viewer::Spectator, _) => Err(PlayError::new(
            "not_your_seat",
            format!("a spectator sees the public table: {{\"{what}\": null}}"),
        )),
    }
}

/// The samples a `hint` asks for: `null`, or `{"player": own seat, "playouts": N}` with
/// either left out.
fn hint_samples(seat: usize, body: &Value) -> Result<u32, PlayError> {
    let empty = Map::new();
    let fields = match body {
        Value::Null => &empty,
        Value::Object(fields) => fields,
        _ => {
            return Err(PlayError::new(
                "bad_request",
                "hint takes null or {\"playouts\": N}",
            ));
        }
    };
    if let Some(key) = fields.keys().find(|k| *k != "player" && *k != "playouts") {
        return Err(PlayError::new(
            "bad_request",
            format!("hint has no {}", shown(key)),
        ));
    }
    if let Some(p) = fields.get("player")
        && p.as_u64() != Some(seat as u64)
    {
        return Err(PlayError::new(
            "not_your_seat",
            format!("you play seat {seat}: the coach hints for your own decisions"),
        ));
    }
    let playouts = match fields.get("playouts") {
        None => u64::from(crate::coach::DEFAULT_SAMPLES),
        Some(n) => n
            .as_u64()
            .ok_or_else(|| PlayError::new("bad_request", "\"playouts\" is a number"))?,
    };
    crate::coach::check_samples(playouts)
}

/// A name from a client, quoted and cut to 40 characters.
fn shown(name: &str) -> String {
    let cut: String = name.chars().take(40).collect();
    format!("{cut:?}")
}

fn error(kind: &str, message: String) -> Value {
    PlayError::new(kind, message).to_json()
}
