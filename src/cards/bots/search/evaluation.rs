//! The evaluation: how an imagined game stands for one seat where a rollout was cut.
//!
//! Each seat is worth its coins, plus what its fields will bring when harvested (the
//! appraiser's worth of a field: its coins now and its chance of reaching the next
//! beanometer steps while the game lasts), plus a little for each card in hand. The seat's
//! lead over the best other seat becomes a chance of winning through a logistic curve, so a
//! cut game and a finished one are scored on the same scale: a finished game counts a win
//! as 1 and a loss as 0, and the coin margin breaks ties between wins and between losses.

use crate::cards::GameState;

use crate::cards::bots::eval::Appraiser;
use crate::cards::bots::sight::StateSight;

/// The evaluation's weights, tuned by self-play with the simulator.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Weights {
    /// Weight of a field's expected harvest against a coin in the treasury.
    pub field: f32,
    /// Worth of one card in hand, in coins.
    pub hand_card: f32,
    /// Coins of lead that make a win e (≈ 2.7) times likelier than a loss.
    pub spread: f32,
    /// Weight of the coin margin beside winning (breaks ties between wins, between losses).
    pub margin: f32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            field: 0.9,
            hand_card: 0.15,
            spread: 2.5,
            margin: 0.05,
        }
    }
}

/// What seat `p` is worth now, in coins to come.
pub fn seat_worth(a: &Appraiser, w: &Weights, state: &GameState, p: usize) -> f32 {
    let horizon = a.horizon(&StateSight::new(state, p));
    let zones = state.player(p);
    let fields: f32 = zones.fields().iter().map(|f| a.field(*f, horizon)).sum();
    zones.score() as f32 + w.field * fields + w.hand_card * zones.hand().len() as f32
}

/// How a game stands for one seat: its chance of winning and its lead in coins.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Standing {
    /// 1 or 0 for a finished game (won or not), else the lead through the logistic curve.
    pub chance: f64,
    /// Coins ahead of the best other seat (behind when negative): coins in a finished game,
    /// worth in an unfinished one.
    pub lead: f64,
}

/// How `state` stands for `me`: the parts [`evaluate`] weighs, apart, so a coach can show
/// the chance to win beside the coins.
pub fn standing(a: &Appraiser, w: &Weights, state: &GameState, me: usize) -> Standing {
    let n = state.player_count();
    if let Some(outcome) = state.outcome() {
        let coins = |p: usize| f64::from(state.player(p).score());
        let best_other = (0..n).filter(|&p| p != me).map(coins).fold(0.0, f64::max);
        return Standing {
            chance: f64::from(u8::from(outcome.winners.contains(&me))),
            lead: coins(me) - best_other,
        };
    }
    let mine = seat_worth(a, w, state, me);
    let best_other = (0..n)
        .filter(|&p| p != me)
        .map(|p| seat_worth(a, w, state, p))
        .fold(f32::MIN, f32::max);
    let lead = f64::from(mine - best_other);
    Standing {
        chance: 1.0 / (1.0 + (-lead / f64::from(w.spread)).exp()),
        lead,
    }
}

/// How `state` stands for `me`, from 0 (lost) to 1 (won) plus the margin's small share.
/// A finished game is scored by its outcome; an unfinished one by the seats' worth.
pub fn evaluate(a: &Appraiser, w: &Weights, state: &GameState, me: usize) -> f64 {
    let s = standing(a, w, state, me);
    s.chance + f64::from(w.margin) * s.lead
}
