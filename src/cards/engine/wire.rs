//! The card games' wire forms: actions, events and views with bean kinds by name, as
//! `docs/protocol.md` shows them.

use serde_json::{Value, json};

use crate::cards::{
    Action, BeanKind, Event, Field, GameState, OfferView, PlayerView, Ruleset, SeatView,
};

use crate::game::PlayError;
use crate::game::wire::{split_player, variant_name, with_player};

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
    with_player(player, &action.map_kinds(|k| name(ruleset, k)))
}

/// Reads the wire form of an action, resolving bean names against the ruleset.
pub fn parse_action(ruleset: &Ruleset, value: Value) -> Result<(usize, Action), PlayError> {
    let (player, fields) =
        split_player(value, "{\"player\": 0, \"type\": \"plant\", \"field\": 0}")?;
    let given: Vec<String> = fields
        .as_object()
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default();
    let named: Action<String> =
        serde_json::from_value(fields).map_err(|e| PlayError::new("bad_request", e))?;
    refuse_extra_fields(&named, &given)?;
    let action = named
        .try_map_kinds(|n| ruleset.kind_named(&n).ok_or(n))
        .map_err(|n| PlayError::new("unknown_bean", format!("no bean kind is called {n:?}")))?;
    Ok((player, action))
}

/// Refuses a field the action does not have. Serde refuses unknown fields of the actions
/// that have fields, but lets a field-less action (`turn_over`, `end_trading`, …) ignore
/// any: the action written back says which fields it has.
fn refuse_extra_fields(action: &Action<String>, given: &[String]) -> Result<(), PlayError> {
    let written = serde_json::to_value(action).map_err(|e| PlayError::new("bad_request", e))?;
    let kind = written["type"].as_str().unwrap_or_default().to_string();
    match given.iter().find(|k| written.get(k.as_str()).is_none()) {
        Some(extra) => Err(PlayError::new(
            "bad_request",
            format!("unknown field `{extra}`: a {kind} action has no such field"),
        )),
        None => Ok(()),
    }
}

/// The protocol's name for a rule error: its variant in snake case.
pub fn error_kind(e: &crate::cards::RuleError) -> String {
    variant_name(e)
}

/// The `started` reply's bean kinds: only those in play at this table (a ruleset may take
/// kinds out for some player counts), with the cards of each in the deck.
pub(super) fn beans_in_play_json(ruleset: &Ruleset, players: usize) -> Value {
    let counts = ruleset.deck_counts(players);
    ruleset
        .kinds()
        .filter(|k| counts[k.index()] > 0)
        .map(|k| {
            let b = ruleset.bean(k);
            json!({
                "name": b.name,
                "letter": b.letter.to_string(),
                "cards": counts[k.index()],
                "beanometer": b.beanometer.steps(),
            })
        })
        .collect()
}

/// The events that show a player's own cards, and the key holding them: another player
/// sees that they happened, not what the cards were.
const PRIVATE_CARDS: [(&str, &str); 3] = [
    ("dealt", "cards"),
    ("drew", "card"),
    ("drew_order", "order"),
];

/// Hides `event`'s cards from `viewer` when they went to another player's hand: each
/// card's kind becomes `null` (a list keeps its length).
pub(super) fn hide_from(viewer: usize, event: &mut Value) {
    for (tag, key) in PRIVATE_CARDS {
        let Some(body) = event.get_mut(tag).and_then(Value::as_object_mut) else {
            continue;
        };
        if body.get("player").and_then(Value::as_u64) == Some(viewer as u64) {
            continue;
        }
        if let Some(cards) = body.get_mut(key) {
            *cards = match cards {
                Value::Array(list) => Value::Array(vec![Value::Null; list.len()]),
                _ => Value::Null,
            };
        }
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
    let players: Vec<Value> = view
        .seats
        .iter()
        .enumerate()
        .map(|(p, seat)| seat_json(ruleset, player_names.get(p), seat))
        .collect();
    let offers: Vec<Value> = view.offers.iter().map(|o| offer_json(ruleset, o)).collect();
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
        "discard_top": view.discard_top.map(|k| name(ruleset, k)),
        "discard_pile_cards": names(ruleset, &view.discard),
        "draw_pile_runs_out": view.draw_pile_runs_out,
        "game_ends_when_draw_pile_runs_out": view.game_ends_when_draw_pile_runs_out,
        "last_turn": view.last_turn,
        "outcome": view.outcome,
    });
    if let crate::cards::Phase::Plant { planted } = view.phase {
        v["planted_from_hand"] = json!(planted);
    }
    v
}

/// A bean field's wire form: its kind and count, or `null` when empty.
fn field_json(ruleset: &Ruleset, field: &Field) -> Value {
    match field.kind() {
        Some(k) => json!({ "bean": name(ruleset, k), "count": field.count() }),
        None => Value::Null,
    }
}

/// One seat as a view shows it: the hand only where the viewer may see it, the buried
/// layers and the order cards only where the rules have them.
fn seat_json(ruleset: &Ruleset, name: Option<&String>, seat: &SeatView) -> Value {
    let mut v = json!({
        "name": name,
        "hand_size": seat.hand_size,
        "fields": seat.fields.iter().map(|f| field_json(ruleset, f)).collect::<Vec<_>>(),
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
                    .filter(|f| f.kind().is_some())
                    .map(|f| field_json(ruleset, f))
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
}

/// An open offer's wire form; `give` (the cards chosen) only where the viewer may see it.
fn offer_json(ruleset: &Ruleset, o: &OfferView) -> Value {
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
}
