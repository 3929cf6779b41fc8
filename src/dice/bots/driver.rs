//! Plays a whole dice game with one bot per seat.

use super::super::action::DiceAction;
use super::super::outcome::DiceOutcome;
use super::super::state::{DiceState, Seat};
use super::DiceBot;

/// A finished game: how it ended and every action, for replays.
#[derive(Clone, Debug)]
pub struct DiceGameRecord {
    pub outcome: DiceOutcome,
    pub actions: Vec<(Seat, DiceAction)>,
}

/// The game was cut off: a bot gave no action, an illegal one, or the game ran past the cap.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("the dice game stopped after {actions} actions: {why}")]
pub struct GameDidNotEnd {
    pub actions: usize,
    pub why: String,
}

/// Plays `state` to the end. After every action each player who may harvest is asked first,
/// round the table from the active player's left, then the active player; a cap of
/// `max_actions` guards against bots that never finish.
pub fn play_game(
    state: &mut DiceState,
    bots: &mut [Box<dyn DiceBot>],
    max_actions: usize,
) -> Result<DiceGameRecord, GameDidNotEnd> {
    let mut actions = Vec::new();
    while state.outcome().is_none() {
        let stop = |why: String| GameDidNotEnd {
            actions: actions.len(),
            why,
        };
        if actions.len() >= max_actions {
            return Err(stop("too many actions".into()));
        }
        let (seat, action) = next_action(state, bots).ok_or_else(|| {
            stop(format!(
                "the active player {} gave no action",
                state.active()
            ))
        })?;
        state
            .apply(seat, &action)
            .map_err(|e| stop(format!("player {seat} tried {action:?}: {e}")))?;
        actions.push((seat, action));
    }
    let outcome = state.outcome().expect("the loop ends when the game does");
    Ok(DiceGameRecord { outcome, actions })
}

fn next_action(state: &DiceState, bots: &mut [Box<dyn DiceBot>]) -> Option<(Seat, DiceAction)> {
    let count = state.player_count();
    let active = state.active();
    let others = (1..count).map(|i| (active + i) % count);
    for seat in others.filter(|&s| state.may_harvest(s)) {
        if let Some(action) = bots[seat].choose(state, seat) {
            return Some((seat, action));
        }
    }
    bots[active].choose(state, active).map(|a| (active, a))
}
