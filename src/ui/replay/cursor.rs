//! Where the viewer's cursor goes for a move, worked out from where each action left the
//! game (its turn and phase): the same for every game.

use crate::ui::replay::replayed_save::Stop;

/// Which way the cursor moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Move {
    /// One action back.
    Back,
    /// One action on.
    Forward,
    /// To the start of the phase, or of the one before when already there.
    PhaseBack,
    /// To the start of the next phase (in the last, to the last action).
    PhaseForward,
    /// To the start of the turn, or of the one before when already there.
    TurnBack,
    /// To the start of the next turn (in the last, to the last action).
    TurnForward,
    /// To the deal.
    Start,
    /// To the last action.
    End,
    /// To the start of this turn (counted from 1).
    Turn(u32),
}

/// Where the cursor at `from` goes for `m` among `stops` (`stops[0]` the deal, never
/// empty), or why it stays.
pub(crate) fn target(stops: &[Stop], from: usize, m: Move) -> Result<usize, String> {
    let last = stops.len() - 1;
    let from = from.min(last);
    let phase = |s: &Stop| (s.turn, s.step);
    let turn = |s: &Stop| s.turn;
    let to = match m {
        Move::Back | Move::PhaseBack | Move::TurnBack | Move::Start if from == 0 => {
            return Err("This is the deal: nothing comes before it.".to_string());
        }
        Move::Forward | Move::PhaseForward | Move::TurnForward | Move::End if from == last => {
            return Err(format!(
                "This is the last action ({last}): nothing comes after it."
            ));
        }
        Move::Back => from - 1,
        Move::Forward => from + 1,
        Move::PhaseBack => start_before(stops, from, phase),
        Move::PhaseForward => next_change(stops, from, phase),
        Move::TurnBack => start_before(stops, from, turn),
        Move::TurnForward => next_change(stops, from, turn),
        Move::Start => 0,
        Move::End => last,
        Move::Turn(t) => return turn_start(stops, t),
    };
    Ok(to)
}

/// The first stop of the stretch where `key` stays as at `n`.
fn stretch_start<K: PartialEq>(stops: &[Stop], n: usize, key: impl Fn(&Stop) -> K) -> usize {
    let k = key(&stops[n]);
    (0..n)
        .rev()
        .find(|&i| key(&stops[i]) != k)
        .map_or(0, |i| i + 1)
}

/// The start of `n`'s stretch, or of the stretch before when `n` is its start.
fn start_before<K: PartialEq>(stops: &[Stop], n: usize, key: impl Fn(&Stop) -> K) -> usize {
    match stretch_start(stops, n, &key) {
        start if start < n => start,
        _ => stretch_start(stops, n - 1, &key),
    }
}

/// The first stop after `n` where `key` changes, else the last stop.
fn next_change<K: PartialEq>(stops: &[Stop], n: usize, key: impl Fn(&Stop) -> K) -> usize {
    let k = key(&stops[n]);
    (n + 1..stops.len())
        .find(|&i| key(&stops[i]) != k)
        .unwrap_or(stops.len() - 1)
}

/// The first stop of turn `t`, or why there is none.
fn turn_start(stops: &[Stop], t: u32) -> Result<usize, String> {
    let turns = stops.last().map_or(1, |s| s.turn);
    if t == 0 || t > turns {
        return Err(format!("Turn {t}? This game has turns 1 to {turns}."));
    }
    Ok(stops.iter().position(|s| s.turn >= t).unwrap_or(0))
}
