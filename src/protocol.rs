//! The headless protocol (`bohnanza script`): one JSON object per line in, one per line out.
//!
//! Rules testers and tools drive either game through it: the session speaks to a
//! [`Play`], so the card games and the dice game share every request. Bean kinds are written
//! by name. Every request gets exactly one reply line; a malformed request gets an error
//! reply and the session reads on. The shapes are documented in `docs/protocol.md`.
//!
//! The client is not trusted: lines are read with a bound, every count is checked before
//! anything is built from it, and what `legal` lists is bounded.

mod line_reader;
mod strict_json;

use std::io::{self, BufRead, Write};
use std::path::Path;

use serde::Deserialize;
use serde_json::{Value, json};

pub use line_reader::{Line, LineReader, MAX_LINE_BYTES};
pub use strict_json::StrictValue;

use crate::cards::Cards;
use crate::cards::GameState;
pub use crate::cards::wire::{
    MAX_LISTED_ACTIONS, MAX_LISTED_OFFERS, action_json, error_kind, parse_action, view_json,
};
use crate::game::{NewPlay, Play, PlayError, no_such_player};
pub use crate::rules::MAX_UNDO_ACTIONS;
use crate::rules::{Played, Rules};
use crate::rulesets;

/// The longest player name accepted, in characters.
pub const MAX_NAME_CHARS: usize = 64;

/// The `new` request: which game to start.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct NewGame {
    variant: Option<String>,
    ruleset: Option<String>,
    /// Optional with a position, which seats the players itself.
    players: Option<usize>,
    seed: Option<u64>,
    names: Option<Vec<String>>,
    setup: Option<StrictValue>,
    /// A whole position (a `state` reply) to start from.
    position: Option<StrictValue>,
}

/// The `hint` request: whose decision, and how many sampled deals to judge it on.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct HintRequest {
    player: usize,
    playouts: Option<u64>,
}

/// One request line.
#[derive(Deserialize, Debug)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum Request {
    New(NewGame),
    Legal(usize),
    Act(StrictValue),
    View(usize),
    State(()),
    Undo(()),
    Hint(HintRequest),
}

/// A protocol session: at most one game at a time; `new` replaces it.
#[derive(Default)]
pub struct Session {
    play: Option<Box<dyn Play>>,
}

fn error(kind: &str, message: impl std::fmt::Display) -> Value {
    PlayError::new(kind, message).to_json()
}

impl Session {
    /// A session with no game yet.
    pub fn new() -> Self {
        Session::default()
    }

    /// The game being played, whichever it is.
    pub fn play(&self) -> Option<&dyn Play> {
        self.play.as_deref()
    }

    /// The card game being played, if the game is a card game.
    pub fn state(&self) -> Option<&GameState> {
        let play = self.play.as_deref()?;
        play.as_any()
            .downcast_ref::<Played<Cards>>()
            .map(Played::state)
    }

    /// Answers one request line with one reply (no trailing newline).
    pub fn handle_line(&mut self, line: &str) -> String {
        reply_text(&self.handle(line))
    }

    /// Answers one line as read from the input: `None` for a blank line (no reply), else
    /// one reply, an error for a line too long or not UTF-8.
    pub fn reply_to(&mut self, line: &Line) -> Option<String> {
        let reply = match line {
            Line::Text(text) if text.trim().is_empty() => return None,
            Line::Text(text) => self.handle(text),
            Line::TooLong => error(
                "line_too_long",
                format!(
                    "a request line may be at most {MAX_LINE_BYTES} bytes; this one was longer and was skipped"
                ),
            ),
            Line::NotUtf8 { at } => error(
                "bad_utf8",
                format!("a request line must be UTF-8 text; byte {at} of this one is not"),
            ),
        };
        Some(reply_text(&reply))
    }

    fn handle(&mut self, line: &str) -> Value {
        let (request, viewer) = match read_request(line) {
            Ok(r) => r,
            Err(e) => return e,
        };
        if viewer.is_some() && !matches!(request, Request::New(_) | Request::Act(_)) {
            return error(
                "bad_request",
                "\"viewer\" goes with \"new\" and \"act\" requests only",
            );
        }
        if let Request::New(new) = request {
            return self.start(new, viewer).unwrap_or_else(|e| e.to_json());
        }
        let Some(play) = &mut self.play else {
            return error(
                "no_game",
                "no game has been started: send {\"new\": {...}} first",
            );
        };
        let players = play.player_count();
        let check_player = |p: usize| {
            if p < players {
                Ok(p)
            } else {
                Err(no_such_player(p, players).to_json())
            }
        };
        match request {
            Request::New(_) => unreachable!("handled above"),
            Request::Legal(p) => check_player(p).map_or_else(|e| e, |p| play.legal(p)),
            Request::View(p) => {
                check_player(p).map_or_else(|e| e, |p| json!({ "view": play.view(p) }))
            }
            Request::State(()) => json!({ "state": play.state() }),
            Request::Act(StrictValue(value)) => {
                if let Some(Err(e)) = viewer.map(check_player) {
                    return e;
                }
                match play.act(value.clone()) {
                    Ok(events) => json!({ "events": seen_by(&**play, events, viewer) }),
                    Err(e) => e.to_json(),
                }
            }
            Request::Hint(h) => {
                let samples = crate::coach::check_samples(
                    h.playouts
                        .unwrap_or(u64::from(crate::coach::DEFAULT_SAMPLES)),
                );
                match (check_player(h.player), samples) {
                    (Err(e), _) => e,
                    (_, Err(e)) => e.to_json(),
                    (Ok(p), Ok(n)) => play.hint(p, n),
                }
            }
            Request::Undo(()) => match play.undo() {
                Ok(undone) => json!({ "undone": undone, "acting": play.acting() }),
                Err(e) => e.to_json(),
            },
        }
    }

    fn start(&mut self, new: NewGame, viewer: Option<usize>) -> Result<Value, PlayError> {
        let rules = match (&new.variant, &new.ruleset) {
            (Some(_), Some(_)) => {
                return Err(PlayError::new(
                    "bad_request",
                    "give either \"variant\" or \"ruleset\", not both",
                ));
            }
            (_, Some(path)) => Rules::file(Path::new(path)),
            (variant, None) => Rules::variant(variant.as_deref().unwrap_or(rulesets::DEFAULT)),
        }
        .map_err(|e| PlayError::new("ruleset", e))?;
        let position = new.position.map(|StrictValue(v)| v);
        if position.is_some() && new.setup.is_some() {
            return Err(PlayError::new(
                "bad_request",
                "give either \"setup\" or \"position\", not both",
            ));
        }
        let players = players_of(new.players, position.as_ref())?;
        if let Some(p) = viewer.filter(|&p| p >= players) {
            return Err(no_such_player(p, players));
        }
        let seed = new
            .seed
            .or_else(|| position.as_ref()?.get("seed")?.as_u64())
            .unwrap_or(0);
        let names = new.names.or_else(|| position.as_ref().and_then(names_in));
        if let Some(names) = &names {
            if names.len() != players {
                return Err(PlayError::new(
                    "bad_request",
                    format!("{} names for {} players", names.len(), players),
                ));
            }
            if let Some(i) = names
                .iter()
                .position(|n| n.chars().count() > MAX_NAME_CHARS)
            {
                return Err(PlayError::new(
                    "bad_request",
                    format!("name {} is longer than {MAX_NAME_CHARS} characters", i + 1),
                ));
            }
        }
        // The count is checked against the rules before any default name is made.
        if !rules.player_counts().contains(&players) {
            let allowed: Vec<String> = rules
                .player_counts()
                .iter()
                .map(ToString::to_string)
                .collect();
            return Err(PlayError::new(
                "players",
                format!(
                    "{} is for {} players, not {}",
                    rules.name(),
                    allowed.join(", "),
                    players
                ),
            ));
        }
        let names = names.unwrap_or_else(|| (1..=players).map(|i| format!("Player {i}")).collect());
        let started = rules.start(NewPlay {
            players,
            seed,
            names,
            setup: new.setup.map(|StrictValue(v)| v),
            position,
        })?;
        let events = seen_by(&*started.play, started.events, viewer);
        self.play = Some(started.play);
        Ok(json!({ "started": started.started, "events": events }))
    }
}

/// Reads one request line: the request, and the optional `"viewer"` beside it. Every
/// object in the line must name each key once.
fn read_request(line: &str) -> Result<(Request, Option<usize>), Value> {
    let StrictValue(mut value) = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) if e.is_syntax() || e.is_eof() => return Err(error("bad_json", e)),
        Err(e) => return Err(error("bad_request", e)),
    };
    let viewer = match value.as_object_mut().and_then(|m| m.remove("viewer")) {
        None => None,
        Some(Value::Number(n)) if n.as_u64().is_some() => n.as_u64().map(|p| p as usize),
        Some(other) => {
            return Err(error(
                "bad_request",
                format!("\"viewer\" must be a seat number, not {other}"),
            ));
        }
    };
    one_request(&value)?;
    let request = Request::deserialize(value).map_err(|e| error("bad_request", e))?;
    Ok((request, viewer))
}

/// Refuses a line that is not an object holding exactly one key, the request, saying what
/// a request is and what the line held instead; the JSON reader would only say "expected
/// map with a single key". Which key it is, is left to the reader, which names the requests.
fn one_request(value: &Value) -> Result<(), Value> {
    let held = match value {
        Value::Object(keys) if keys.len() == 1 => return Ok(()),
        Value::Object(keys) if keys.is_empty() => "no request".to_string(),
        Value::Object(keys) => {
            let mut named: Vec<String> =
                keys.keys().map(|k| format!("`{}`", shortened(k))).collect();
            let last = named.pop().unwrap_or_default();
            format!("{} and {last}", named.join(", "))
        }
        Value::Array(_) => "an array".to_string(),
        Value::Number(_) => "a number".to_string(),
        Value::String(_) => "text".to_string(),
        Value::Bool(_) => "true or false".to_string(),
        Value::Null => "null".to_string(),
    };
    Err(error(
        "bad_request",
        format!(
            "a request is an object with one key naming the request: new, legal, act, view, \
             state, undo or hint (\"viewer\" may go beside new or act); this line holds {held}"
        ),
    ))
}

/// A key as a message quotes it: at most 40 characters.
fn shortened(key: &str) -> String {
    match key.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &key[..cut]),
        None => key.to_string(),
    }
}

/// `events` as `viewer` may see them, or all of them when no viewer is given: what a
/// `"viewer"` beside `act` asks for, and what the network host (`crate::host`) sends a seat.
pub fn seen_by(play: &dyn Play, events: Vec<Value>, viewer: Option<usize>) -> Vec<Value> {
    match viewer {
        Some(p) => play.events_seen_by(events, p),
        None => events,
    }
}

/// The number of players: as the request says, or as many as the position seats (both
/// where both are given, and then they must agree).
fn players_of(requested: Option<usize>, position: Option<&Value>) -> Result<usize, PlayError> {
    let seated = position
        .and_then(|p| p.get("players")?.as_array().map(Vec::len))
        .filter(|&n| n > 0);
    match (requested, seated) {
        (Some(n), Some(seated)) if n != seated => Err(PlayError::new(
            "position",
            format!("players: the position seats {seated} players, not {n}"),
        )),
        (Some(n), _) | (None, Some(n)) => Ok(n),
        (None, None) => Err(PlayError::new(
            "bad_request",
            "\"players\" is missing: say how many play (or give a position that seats them)",
        )),
    }
}

/// The players' names a position gives, where it names every seat.
fn names_in(position: &Value) -> Option<Vec<String>> {
    let seats = position.get("players")?.as_array()?;
    seats
        .iter()
        .map(|seat| seat.get("name")?.as_str().map(str::to_string))
        .collect::<Option<Vec<String>>>()
        .filter(|names| !names.is_empty())
}

/// Runs a session over `input` until it ends, one reply line per non-empty request line
/// (a line too long or not UTF-8 gets an error reply too).
pub fn run(input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut session = Session::new();
    let mut lines = LineReader::new(input, MAX_LINE_BYTES);
    while let Some(line) = lines.next_line()? {
        if let Some(reply) = session.reply_to(&line) {
            writeln!(output, "{reply}")?;
            output.flush()?;
        }
    }
    Ok(())
}

/// A reply as one line of JSON, names and other text from clients with their C1 controls
/// and bidi overrides escaped ([`crate::text::escape_json`]): the reply may be read on a
/// terminal.
pub fn reply_text(reply: &Value) -> String {
    crate::text::escape_json(&reply.to_string()).into_owned()
}
