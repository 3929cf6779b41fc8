//! The card games' wire forms: actions, events and views with bean kinds by name, as
//! `docs/protocol.md` shows them.

use serde_json::{Map, Value, json};

use crate::engine::{Action, BeanKind, Event, GameState, PlayerView, Ruleset};

use super::play::PlayError;

/// How many trade offers a `legal` reply lists, as examples of the open-ended offers.
pub const MAX_LISTED_OFFERS: usize = 100;

/// How many actions a `legal` reply lists at most, offers included.
pub const MAX_LISTED_ACTIONS: usize = 1000;

/// The `legal` reply: every action but offers, and at most [`MAX_LISTED_OFFERS`] offers as
/// examples (any offer the rules allow is legal), [`MAX_LISTED_ACTIONS`] in all; `truncated`
/// says whether actions other than offers were left out.
pub(super) fn legal_json(ruleset: &Ruleset, player: usize, actions: Vec<Action>) -> Value {
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
pub(super) fn check_offer_size(state: &GameState, action: &Action) -> Result<(), PlayError> {
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
        return Err(PlayError::new(
            "bad_request",
            format!("an offer can name at most the {cards} cards in the game"),
        ));
    }
    Ok(())
}

fn name(ruleset: &Ruleset, kind: BeanKind) -> String {
    ruleset.bean(kind).name.clone()
}

pub(super) fn names<'a>(ruleset: &Ruleset, kinds: impl IntoIterator<Item = &'a BeanKind>) -> Value {
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
pub fn parse_action(ruleset: &Ruleset, value: Value) -> Result<(usize, Action), PlayError> {
    let Value::Object(mut map) = value else {
        return Err(PlayError::new(
            "bad_request",
            "an action is an object like {\"player\": 0, \"type\": \"plant\", \"field\": 0}",
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
    let named: Action<String> =
        serde_json::from_value(Value::Object(map)).map_err(|e| PlayError::new("bad_request", e))?;
    let action = named
        .try_map_kinds(|n| ruleset.kind_named(&n).ok_or(n))
        .map_err(|n| PlayError::new("unknown_bean", format!("no bean kind is called {n:?}")))?;
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

pub(super) fn events_json(ruleset: &Ruleset, events: Vec<Event>) -> Vec<Value> {
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
