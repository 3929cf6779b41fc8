//! Where the viewer's cursor goes for a move, worked out from where each action left the
//! game (its turn and phase): the same for the card game and the dice game.

use super::tape::Move;

/// What the cursor needs to know of where the game stood after one action.
pub(crate) trait Mark {
    /// The turn, counted from 1.
    fn turn(&self) -> u32;
    /// The phase's number in the turn (a game with no phases says the same for all).
    fn step(&self) -> u8;
}

/// Where the cursor at `from` goes for `m` among `stops` (`stops[0]` the deal, never
/// empty), or why it stays.
pub(crate) fn target<S: Mark>(stops: &[S], from: usize, m: Move) -> Result<usize, String> {
    let last = stops.len() - 1;
    let from = from.min(last);
    let phase = |s: &S| (s.turn(), s.step());
    let turn = |s: &S| s.turn();
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
fn stretch_start<S, K: PartialEq>(stops: &[S], n: usize, key: impl Fn(&S) -> K) -> usize {
    let k = key(&stops[n]);
    (0..n)
        .rev()
        .find(|&i| key(&stops[i]) != k)
        .map_or(0, |i| i + 1)
}

/// The start of `n`'s stretch, or of the stretch before when `n` is its start.
fn start_before<S, K: PartialEq>(stops: &[S], n: usize, key: impl Fn(&S) -> K) -> usize {
    match stretch_start(stops, n, &key) {
        start if start < n => start,
        _ => stretch_start(stops, n - 1, &key),
    }
}

/// The first stop after `n` where `key` changes, else the last stop.
fn next_change<S, K: PartialEq>(stops: &[S], n: usize, key: impl Fn(&S) -> K) -> usize {
    let k = key(&stops[n]);
    (n + 1..stops.len())
        .find(|&i| key(&stops[i]) != k)
        .unwrap_or(stops.len() - 1)
}

/// The first stop of turn `t`, or why there is none.
fn turn_start<S: Mark>(stops: &[S], t: u32) -> Result<usize, String> {
    let turns = stops.last().map_or(1, Mark::turn);
    if t == 0 || t > turns {
        return Err(format!("Turn {t}? This game has turns 1 to {turns}."));
    }
    Ok(stops.iter().position(|s| s.turn() >= t).unwrap_or(0))
}
