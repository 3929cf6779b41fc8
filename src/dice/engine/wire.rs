//! The dice game's wire forms: actions with the acting seat, events, the view and the
//! `started` description of the dice and harvest cards.

use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::dice::{DiceAction, DiceRuleset};

use crate::game::PlayError;
use crate::game::wire::{split_player, with_player};

/// Any serializable value as JSON (the dice types serialize without fail).
pub(super) fn to_json(value: &impl Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// The wire form of an action: the action's own fields with `"player"` first.
pub fn action_json(player: usize, action: &DiceAction) -> Value {
    with_player(player, action)
}

/// Reads the wire form of an action.
pub fn parse_action(value: Value) -> Result<(usize, DiceAction), PlayError> {
    let (player, fields) = split_player(
        value,
        "{\"player\": 0, \"type\": \"save\", \"dice\": [0, 3]}",
    )?;
    let action = serde_json::from_value(fields).map_err(|e| PlayError::new("bad_request", e))?;
    Ok((player, action))
}

/// What `started` says of the dice game's pieces: the goal, the payouts, each die's six
/// faces and every harvest card's orders, bottom first, with their Bohnus figures.
pub(super) fn pieces_json(ruleset: &DiceRuleset) -> Map<String, Value> {
    let mut pieces = Map::new();
    pieces.insert("goal".into(), json!(ruleset.goal));
    pieces.insert("harvest".into(), to_json(&ruleset.payouts));
    pieces.insert("dice".into(), to_json(&ruleset.dice));
    pieces.insert("cards".into(), to_json(&ruleset.cards));
    pieces
}
