//! A save read back in a game's own types, for both games' tables and the replay viewer:
//! its rules, seats and actions, and why a save that does not replay cannot be played.

use std::sync::Arc;

use serde_json::Value;

use crate::game::{Game, PlayError, Refused, SeatKind, Seated};
use crate::store::{SavedGame, SavedSeat};

/// Why a save cannot be played, said for the players.
pub(crate) fn damaged(why: String) -> String {
    format!("the saved game is damaged: {why}")
}

/// A save read back in game `G`'s own types: its rules, its seats, and each action with the
/// seat that took it.
pub(crate) type ReadBack<G> = (
    Arc<<G as Game>::Rules>,
    Vec<SeatKind>,
    Vec<(usize, <G as Game>::Action)>,
);

/// A save's rules, seats and actions in game `G`'s own types, `parse` reading an action
/// from its wire form, or why the save is not a game of `G` (`other`: the game it is then)
/// this build can play. Both games' tables read their saves back through here.
pub(crate) fn read_in<G: Seated>(
    saved: &SavedGame,
    other: &'static str,
    parse: impl Fn(&G::Rules, Value) -> Result<(usize, G::Action), PlayError>,
) -> Result<ReadBack<G>, String> {
    let ruleset = (saved.ruleset.rules()?.of::<G>()).ok_or(other)?;
    let seats = saved
        .seats
        .iter()
        .map(SavedSeat::read::<G>)
        .collect::<Result<Vec<SeatKind>, String>>()
        .map_err(damaged)?;
    let actions = saved
        .actions
        .iter()
        .enumerate()
        .map(|(i, a)| {
            parse(&ruleset, a).map_err(|e| damaged(format!("action {} cannot be read: {e}", i + 1)))
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok((ruleset, seats, actions))
}

/// Why a saved action was refused, said for the players.
pub(crate) fn does_not_replay<E: std::fmt::Display>(refused: Refused<E>) -> String {
    format!(
        "the saved game does not replay: action {} was refused: {}",
        refused.action, refused.error
    )
}
