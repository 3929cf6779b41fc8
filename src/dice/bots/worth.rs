//! What covered orders are worth to a bot, in bean dollars, and when harvesting beats
//! waiting.

use crate::dice::DiceRuleset;
use crate::dice::ORDERS_PER_CARD;
use crate::dice::OUTCOMES;
use crate::dice::{DiceState, Seat};

/// The worth of `covered` orders on a top card: what a harvest pays, and below the fewest
/// orders that may harvest, that payout shared evenly among the orders it needs.
pub fn progress_worth(ruleset: &DiceRuleset, covered: usize) -> f64 {
    let first = ruleset.payouts[0];
    match ruleset.dollars_for(covered) {
        Some(dollars) => f64::from(dollars),
        None => f64::from(first.dollars) * covered as f64 / first.orders as f64,
    }
}

/// Dollars per roll a fresh card earns when harvested after `orders` covered orders, if
/// each order is covered on average after 1/p rolls, p its mean Bohnus over all cards.
///
/// Waiting for the next order on a card pays only if its chance per roll beats the best such
/// rate: the classic comparison of a sure gain now against the rate of starting again.
pub fn harvest_rate(ruleset: &DiceRuleset) -> f64 {
    let mut best: f64 = 0.0;
    let mut rolls = 0.0;
    for level in 0..ORDERS_PER_CARD {
        let mean: f64 = ruleset
            .cards
            .iter()
            .map(|c| f64::from(c.orders[level].bohnus.hits) / f64::from(OUTCOMES))
            .sum::<f64>()
            / ruleset.cards.len() as f64;
        rolls += 1.0 / mean;
        if let Some(dollars) = ruleset.dollars_for(level + 1) {
            best = best.max(f64::from(dollars) / rolls);
        }
    }
    best
}

/// Whether a harvest of `covered` orders by `seat` would win: `None` when it would not bring
/// them to the goal, else whether their dollars then match or beat what every other player has plus
/// what they could harvest at once (the final harvest). Reaching the goal ends the game, so
/// a bot reaches it only when that wins or ties.
pub fn goal_harvest_wins(state: &DiceState, seat: Seat, covered: usize) -> Option<bool> {
    let ruleset = state.ruleset();
    let after = state.players()[seat].dollars + ruleset.dollars_for(covered).unwrap_or(0);
    if after < ruleset.goal {
        return None;
    }
    let rival = (0..state.player_count())
        .filter(|&s| s != seat)
        .map(|s| {
            let p = &state.players()[s];
            p.dollars + ruleset.dollars_for(p.covered).unwrap_or(0)
        })
        .max()
        .unwrap_or(0);
    Some(after >= rival)
}
