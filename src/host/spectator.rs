//! What a spectator sees: the public table, every hand hidden.
//!
//! The games compute a view and an action's events for a viewer by seat; hands are shown
//! only to the seat they belong to. A spectator is given the view and events of the seat
//! numbered past the last (`player_count`): no hand belongs to it, so every hand is hidden
//! by the same code that hides other players' hands from a seat (a game played with open
//! hands shows them to spectators too, as to everyone).

use serde_json::Value;

use crate::game::Play;

/// The viewer number a spectator's lines are computed for: no seat's.
pub fn spectator_viewer(play: &dyn Play) -> usize {
    play.player_count()
}

/// The public table: a view with no hand in it, its `viewer` null.
pub fn public_view(play: &dyn Play) -> Value {
    let mut view = play.view(spectator_viewer(play));
    if let Some(viewer) = view.get_mut("viewer") {
        *viewer = Value::Null;
    }
    view
}

/// An action's `events` as a spectator may see them.
pub fn public_events(play: &dyn Play, events: Vec<Value>) -> Vec<Value> {
    play.events_seen_by(events, spectator_viewer(play))
}
