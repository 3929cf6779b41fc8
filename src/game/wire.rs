//! What both games' wire forms share: an action is an object naming the seat that acts
//! beside the action's own fields.

use serde::Serialize;
use serde_json::{Map, Value, json};

use super::play::PlayError;

/// The wire form of `action` (already in its serializable shape) with `"player"` first.
pub fn with_player(player: usize, action: &impl Serialize) -> Value {
    let mut map = Map::new();
    map.insert("player".into(), json!(player));
    if let Ok(Value::Object(fields)) = serde_json::to_value(action) {
        map.extend(fields);
    }
    Value::Object(map)
}

/// Splits an action's wire form into the seat that acts and the action's own fields;
/// `example` shows the shape in the error for something that is not an object.
pub fn split_player(value: Value, example: &str) -> Result<(usize, Value), PlayError> {
    let Value::Object(mut map) = value else {
        return Err(PlayError::new(
            "bad_request",
            format!("an action is an object like {example}"),
        ));
    };
    let player = match map.remove("player") {
        Some(Value::Number(n)) if n.as_u64().is_some() => n.as_u64().unwrap_or(0) as usize,
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
    Ok((player, Value::Object(map)))
}

/// A rule error's protocol kind: the serialized variant's name in snake case.
pub fn variant_name(error: &impl Serialize) -> String {
    match serde_json::to_value(error) {
        Ok(Value::String(s)) => s,
        Ok(Value::Object(m)) => m.keys().next().cloned().unwrap_or_default(),
        _ => "rule".to_string(),
    }
}
