//! The headless protocol (`bohnanza script`): one JSON object per line in, one per line out.
//!
//! Rules testers and tools drive the engine through it. Bean kinds are written by name.
//! Every request gets exactly one reply line; a malformed request gets an error reply and
//! the session reads on. The shapes are documented in `docs/protocol.md`.
//!
//! The client is not trusted: lines are read with a bound, every count is checked before
//! anything is built from it, and every reply is bounded in size.

mod line_reader;
mod strict_json;

use std::io::{self, BufRead, Write};
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;
use serde_json::{Map, Value, json};

pub use line_reader::{Line, LineReader, MAX_LINE_BYTES};
use strict_json::StrictValue;

use crate::engine::{Action, BeanKind, Event, GameState, PlayerView, Ruleset, Setup};
use crate::rulesets;

/// The longest player name accepted, in characters.
pub const MAX_NAME_CHARS: usize = 64;

/// How many trade offers a `legal` reply lists, as examples of the open-ended offers.
pub const MAX_LISTED_OFFERS: usize = 100;

/// How many actions a `legal` reply lists at most, offers included.
pub const MAX_LISTED_ACTIONS: usize = 1000;

/// The `new` request: which game to start.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct NewGame {
    variant: Option<String>,
    ruleset: Option<String>,
    players: usize,
    #[serde(default)]
    seed: u64,
    names: Option<Vec<String>>,
    setup: Option<Setup>,
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
}

/// A game started by `new`.
struct Game {
    state: GameState,
    names: Vec<String>,
    seed: u64,
}

/// A protocol session: at most one game at a time; `new` replaces it.
#[derive(Default)]
pub struct Session {
    game: Option<Game>,
}

fn error(kind: &str, message: impl std::fmt::Display) -> Value {
    json!({ "error": { "kind": kind, "message": message.to_string() } })
}

impl Session {
    /// A session with no game yet.
    pub fn new() -> Self {
        Session::default()
    }

    /// The game being played, if any.
    pub fn state(&self) -> Option<&GameState> {
        self.game.as_ref().map(|g| &g.state)
    }

    /// Answers one request line with one reply (no trailing newline).
    pub fn handle_line(&mut self, line: &str) -> String {
        self.handle(line).to_string()
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
        Some(reply.to_string())
    }

    fn handle(&mut self, line: &str) -> Value {
        let request: Request = match serde_json::from_str(line) {
            Ok(r) => r,
            Err(e) if e.is_syntax() || e.is_eof() => return error("bad_json", e),
            Err(e) => return error("bad_request", e),
        };
        if let Request::New(new) = request {
            return self.start(new);
        }
        let Some(game) = &mut self.game else {
            return error(
                "no_game",
                "no game has been started: send {\"new\": {...}} first",
            );
        };
        let ruleset = Arc::clone(game.state.ruleset());
        let players = game.state.player_count();
        let check_player = |p: usize| {
            if p < players {
                Ok(p)
            } else {
                Err(error(
                    "no_such_player",
                    format!(
                        "there is no player {p}: players are numbered 0 to {}",
                        players - 1
                    ),
                ))
            }
        };
        match request {
            Request::New(_) => unreachable!("handled above"),
            Request::Legal(p) => match check_player(p) {
                Ok(p) => legal_json(&ruleset, p, game.state.legal_actions(p)),
                Err(e) => e,
            },
            Request::View(p) => match check_player(p) {
                Ok(p) => json!({ "view": view_json(&ruleset, &game.names, &game.state.view(p)) }),
                Err(e) => e,
            },
            Request::State(()) => {
                let mut state = view_json(&ruleset, &game.names, &game.state.full_view());
                let deck = game.state.deck();
                state["draw_pile_cards"] = names(&ruleset, deck.draw_pile().iter().rev());
                state["seed"] = json!(game.seed);
                json!({ "state": state })
            }
            Request::Act(StrictValue(value)) => {
                let (player, action) = match parse_action(&ruleset, value) {
                    Ok(pa) => pa,
                    Err(e) => return e,
                };
                if let Err(e) = check_offer_size(&game.state, &action) {
                    return e;
                }
                if let Err(e) = check_player(player) {
                    return e;
                }
                match game.state.apply(player, &action) {
                    Ok(events) => json!({ "events": events_json(&ruleset, events) }),
                    Err(e) => error(&error_kind(&e), e),
                }
            }
        }
    }

    fn start(&mut self, new: NewGame) -> Value {
        let ruleset = match (&new.variant, &new.ruleset) {
            (Some(_), Some(_)) => {
                return error(
                    "bad_request",
                    "give either \"variant\" or \"ruleset\", not both",
                );
            }
            (_, Some(path)) => match rulesets::read_file(Path::new(path)) {
                Ok(text) => match rulesets::parse(path, &text) {
                    Ok(r) => Arc::new(r),
                    Err(e) => return error("ruleset", e),
                },
                Err(e) => return error("ruleset", e),
            },
            (variant, None) => {
                match rulesets::load(variant.as_deref().unwrap_or(rulesets::DEFAULT)) {
                    Ok(r) => r,
                    Err(e) => return error("ruleset", e),
                }
            }
        };
        if let Some(names) = &new.names {
            if names.len() != new.players {
                return error(
                    "bad_request",
                    format!("{} names for {} players", names.len(), new.players),
                );
            }
            if let Some(i) = names
                .iter()
                .position(|n| n.chars().count() > MAX_NAME_CHARS)
            {
                return error(
                    "bad_request",
                    format!("name {} is longer than {MAX_NAME_CHARS} characters", i + 1),
                );
            }
        }
        // The engine checks the number of players against the ruleset before building
        // anything; the default names are made only once the game stands.
        let mut events = Vec::new();
        let state = match &new.setup {
            None => GameState::new_with_events(&ruleset, new.players, new.seed, &mut events)
                .map_err(|e| error("players", e)),
            Some(setup) => {
                GameState::from_setup(&ruleset, new.players, setup, new.seed, &mut events)
                    .map_err(|e| error("setup", e))
            }
        };
        let state = match state {
            Ok(s) => s,
            Err(e) => return e,
        };
        let names = new
            .names
            .unwrap_or_else(|| (1..=new.players).map(|i| format!("Player {i}")).collect());
        let reply = json!({
            "started": {
                "ruleset": ruleset.name,
                "title": ruleset.title,
                "players": new.players,
                "names": names,
                "seed": new.seed,
                "bean_fields": state.table().bean_fields,
                "beans": ruleset.beans.iter().map(|b| json!({
                    "name": b.name,
                    "letter": b.letter.to_string(),
                    "cards": b.count,
                    "beanometer": b.beanometer.steps(),
                })).collect::<Vec<_>>(),
            },
            "events": events_json(&ruleset, events),
        });
        self.game = Some(Game {
            state,
            names,
            seed: new.seed,
        });
        reply
    }
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

/// The `legal` reply: every action but offers, and at most [`MAX_LISTED_OFFERS`] offers as
/// examples (any offer the rules allow is legal), [`MAX_LISTED_ACTIONS`] in all; `truncated`
/// says whether actions other than offers were left out.
fn legal_json(ruleset: &Ruleset, player: usize, actions: Vec<Action>) -> Value {
    let mut listed = Vec::new();
    let mut offers = 0;
    let mut truncated = false;
    for action in actions {
        let is_offer = matches!(action, Action::Propose { .. });
        if is_offer && offers >= MAX_LISTED_OFFERS {
            continue;
        }
        if listed.len() >= MAX_LISTED_ACTIONS {
            truncated |= !is_offer;
            continue;
        }
        offers += usize::from(is_offer);
        listed.push(action_json(ruleset, player, action));
    }
    json!({ "legal": listed, "offers_are_examples": true, "truncated": truncated })
}

/// Refuses an offer that lists more cards than the game has: it could never be met, and
/// the client must not make the session hold and show a list of any length.
fn check_offer_size(state: &GameState, action: &Action) -> Result<(), Value> {
    let cards: usize = state
        .ruleset()
        .deck_counts(state.player_count())
        .iter()
        .map(|&c| usize::from(c))
        .sum();
    let (give, want) = match action {
        Action::Propose { give, want, .. } => (give.len(), want.len()),
        Action::Accept { give, .. } => (give.len(), 0),
        _ => return Ok(()),
    };
    if give.max(want) > cards {
        return Err(error(
            "bad_request",
            format!("an offer can name at most the {cards} cards in the game"),
        ));
    }
    Ok(())
}

fn name(ruleset: &Ruleset, kind: BeanKind) -> String {
    ruleset.bean(kind).name.clone()
}

fn names<'a>(ruleset: &Ruleset, kinds: impl IntoIterator<Item = &'a BeanKind>) -> Value {
    kinds.into_iter().map(|&k| name(ruleset, k)).collect()
}

/// The wire form of an action: the action's own fields with `"player"` first.
pub fn action_json(ruleset: &Ruleset, player: usize, action: Action) -> Value {
    let named = action.map_kinds(|k| name(ruleset, k));
    let mut map = Map::new();
    map.insert("player".into(), json!(player));
    if let Ok(Value::Object(fields)) = serde_json::to_value(named) {
        map.extend(fields);
    }
    Value::Object(map)
}

/// Reads the wire form of an action, resolving bean names against the ruleset.
pub fn parse_action(ruleset: &Ruleset, value: Value) -> Result<(usize, Action), Value> {
    let Value::Object(mut map) = value else {
        return Err(error(
            "bad_request",
            "an action is an object like {\"player\": 0, \"type\": \"plant\", \"field\": 0}",
        ));
    };
    let player = match map.remove("player") {
        Some(Value::Number(n)) if n.as_u64().is_some() => n.as_u64().unwrap_or(0) as usize,
        Some(other) => {
            return Err(error(
                "bad_request",
                format!("\"player\" must be a seat number, not {other}"),
            ));
        }
        None => {
            return Err(error(
                "bad_request",
                "an action needs \"player\": the seat that acts",
            ));
        }
    };
    let named: Action<String> =
        serde_json::from_value(Value::Object(map)).map_err(|e| error("bad_request", e))?;
    let action = named
        .try_map_kinds(|n| ruleset.kind_named(&n).ok_or(n))
        .map_err(|n| error("unknown_bean", format!("no bean kind is called {n:?}")))?;
    Ok((player, action))
}

/// The protocol's name for a rule error: its variant in snake case.
pub fn error_kind(e: &crate::engine::RuleError) -> String {
    match serde_json::to_value(e) {
        Ok(Value::String(s)) => s,
        Ok(Value::Object(m)) => m.keys().next().cloned().unwrap_or_default(),
        _ => "rule".to_string(),
    }
}

fn events_json(ruleset: &Ruleset, events: Vec<Event>) -> Value {
    events
        .into_iter()
        .map(|e| serde_json::to_value(e.map_kinds(|k| name(ruleset, k))).unwrap_or(Value::Null))
        .collect()
}

/// The wire form of a view.
pub fn view_json(ruleset: &Ruleset, player_names: &[String], view: &PlayerView) -> Value {
    let kind = |k: BeanKind| name(ruleset, k);
    let players: Vec<Value> = view
        .seats
        .iter()
        .enumerate()
        .map(|(p, seat)| {
            let mut v = json!({
                "name": player_names.get(p),
                "hand_size": seat.hand_size,
                "fields": seat.fields.iter().map(|f| match f.kind() {
                    Some(k) => json!({ "bean": kind(k), "count": f.count() }),
                    None => Value::Null,
                }).collect::<Vec<_>>(),
                "coins": seat.coins,
                "set_aside": names(ruleset, &seat.set_aside),
            });
            if let Some(hand) = &seat.hand {
                v["hand"] = names(ruleset, hand);
            }
            if ruleset.mixed_patches {
                v["buried"] = seat
                    .buried
                    .iter()
                    .map(|layers| {
                        layers
                            .iter()
                            .filter_map(|f| {
                                f.kind()
                                    .map(|k| json!({ "bean": kind(k), "count": f.count() }))
                            })
                            .collect::<Vec<_>>()
                    })
                    .collect();
            }
            if !ruleset.order_cards.is_empty() {
                v["holds_order"] = json!(seat.holds_order);
                if let Some((ahead, order)) = seat.hand_order {
                    v["hand_order"] = json!({ "order": order, "beans_in_front": ahead });
                }
                v["laid_out_order"] = json!(seat.laid_out_order);
                v["fulfilled_orders"] = json!(seat.fulfilled_orders);
            }
            v
        })
        .collect();
    let offers: Vec<Value> = view
        .offers
        .iter()
        .map(|o| {
            let mut v = json!({
                "id": o.id,
                "from": o.from,
                "to": o.to,
                "giving": names(ruleset, &o.giving),
                "want": names(ruleset, &o.want),
            });
            if let Some(give) = &o.give {
                v["give"] = json!(give);
            }
            v
        })
        .collect();
    let mut v = json!({
        "viewer": view.viewer,
        "turn": view.turn,
        "active_player": view.active_player,
        "starting_player": view.starting_player,
        "phase": view.phase.key(),
        "players": players,
        "face_up": names(ruleset, &view.face_up),
        "order_deck": view.order_deck,
        "coin_pile": view.coin_pile,
        "offered": names(ruleset, &view.offered),
        "offers": offers,
        "offers_made": view.offers_made,
        "draw_pile": view.draw_pile,
        "discard_pile": view.discard_pile,
        "discard_top": view.discard_top.map(kind),
        "discard_pile_cards": names(ruleset, &view.discard),
        "draw_pile_runs_out": view.draw_pile_runs_out,
        "game_ends_when_draw_pile_runs_out": view.game_ends_when_draw_pile_runs_out,
        "last_turn": view.last_turn,
        "outcome": view.outcome,
    });
    if let crate::engine::Phase::Plant { planted } = view.phase {
        v["planted_from_hand"] = json!(planted);
    }
    v
}
