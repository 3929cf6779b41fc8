//! The dice game's wire forms: actions with the acting seat, events, the view and the
//! `started` description of the dice and harvest cards.

use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::dice::{DiceAction, DiceError, DiceRuleset};

use super::play::PlayError;

/// Any serializable value as JSON (the dice types serialize without fail).
pub(super) fn to_json(value: &impl Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// The wire form of an action: the action's own fields with `"player"` first.
pub(super) fn action_json(player: usize, action: &DiceAction) -> Value {
    let mut map = Map::new();
    map.insert("player".into(), json!(player));
    if let Value::Object(fields) = to_json(action) {
        map.extend(fields);
    }
    Value::Object(map)
}

/// Reads the wire form of an action.
pub(super) fn parse_action(value: Value) -> Result<(usize, DiceAction), PlayError> {
    let Value::Object(mut map) = value else {
        return Err(PlayError::new(
            "bad_request",
            "an action is an object like {\"player\": 0, \"type\": \"save\", \"dice\": [0, 3]}",
        ));
    };
    let player = match map.remove("player") {
        Some(Value::Number(n)) => n.as_u64().map(|p| p as usize).ok_or_else(|| {
            PlayError::new(
                "bad_request",
                format!("\"player\" must be a seat number, not {n}"),
            )
        })?,
        Some(other) => {
            return Err(PlayError::new(
                "bad_request",
                format!("\"player\" must be a seat number, not {other}"),
            ));
        }
        None => {
            return Err(PlayError::new(
                "bad_request",
                "an action needs \"player\": the seat that acts",
            ));
        }
    };
    let action =
        serde_json::from_value(Value::Object(map)).map_err(|e| PlayError::new("bad_request", e))?;
    Ok((player, action))
}

/// A rule error as the protocol reports it: its variant in snake case and its message.
pub(super) fn rule_error(e: &DiceError) -> PlayError {
    let kind = match to_json(e) {
        Value::String(s) => s,
        Value::Object(m) => m.keys().next().cloned().unwrap_or_default(),
        _ => "rule".to_string(),
    };
    PlayError::new(&kind, e)
}

/// What `started` says of the dice game's pieces: the goal, the payouts, each die's six
/// faces and every harvest card's orders, bottom first, with their Bohnus figures.
pub(super) fn pieces_json(ruleset: &DiceRuleset) -> Value {
    json!({
        "goal": ruleset.goal,
        "harvest": to_json(&ruleset.payouts),
        "dice": to_json(&ruleset.dice),
        "cards": to_json(&ruleset.cards),
    })
}
