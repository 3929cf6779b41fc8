//! The search itself: successive halving over the candidates, on shared deals.
//!
//! Every surviving candidate is tried on the same imagined deals (equal luck makes a few
//! deals enough to compare them), its rollout cut a few turns ahead and evaluated. After
//! each round the worse half is dropped, so the budget goes to telling the best candidates
//! apart rather than to confirming that a bad offer is bad: this is what lets the search
//! score many offers at once. A time budget is turned into a playout budget after the
//! first deal, from what that deal cost.

use std::sync::Arc;
use std::time::Duration;

use crate::cards::{Action, GameState, IgnoreEvents, PlayerView, Ruleset};

use crate::cards::bots::eval::Appraiser;

use super::deal::{Deals, deal};
use super::evaluation::{Weights, evaluate};
use crate::cards::bots::Playouts;
use crate::game::Stopwatch;

/// A candidate and how its rollouts went.
#[derive(Clone, Debug)]
pub struct Arm {
    /// The action; `None` is passing on the floor.
    pub action: Option<Action>,
    /// The sum of its rollouts' evaluations.
    pub total: f64,
    /// Its rollouts.
    pub tries: u32,
}

impl Arm {
    fn mean(&self) -> f64 {
        if self.tries == 0 {
            f64::NEG_INFINITY
        } else {
            self.total / f64::from(self.tries)
        }
    }
}

/// What one search may spend and how far its rollouts look.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    /// Rollouts over all candidates.
    pub playouts: u32,
    /// Stop once this much time has passed, if set (at least one deal is always tried).
    pub time: Option<Duration>,
    /// Turns each rollout plays before it is evaluated.
    pub turns: u32,
}

/// Everything a search works with, besides the candidates.
pub struct Ground<'a> {
    /// The deciding seat.
    pub me: usize,
    /// Its view, the only thing deals are drawn from.
    pub view: &'a PlayerView,
    /// The rules.
    pub ruleset: &'a Arc<Ruleset>,
    /// The greedy policy's heuristics, for the rollouts and the evaluation.
    pub appraiser: &'a Appraiser,
    /// The evaluation's weights.
    pub weights: &'a Weights,
}

/// Searches `arms` (at least two) and returns the index of the best, with the rollouts
/// made. Deals come from `deals`; a deal the view cannot give ends the search early. A
/// thinking time ([`Limits::time`]) is measured by the caller's `stopwatch`.
pub fn search(
    g: &Ground<'_>,
    arms: &mut [Arm],
    deals: &mut Deals,
    rollout: &mut Playouts,
    limits: Limits,
    stopwatch: &dyn Stopwatch,
) -> (usize, u64) {
    let started = stopwatch.elapsed();
    let mut alive: Vec<usize> = (0..arms.len()).collect();
    let rounds = usize::BITS - (arms.len() - 1).leading_zeros();
    let mut budget = u64::from(limits.playouts.max(1));
    let mut spent = 0u64;
    'rounds: for round in 0..rounds {
        let left_rounds = u64::from(rounds - round);
        let at_start = spent;
        let mut deals_tried = 0;
        // The round's share of what is left, recomputed as a timed budget becomes known.
        while deals_tried < round_deals(budget, at_start, alive.len(), left_rounds) {
            let Some(world) = deal(g.ruleset, g.view, deals.next_seed()) else {
                break 'rounds;
            };
            for &i in &alive {
                let arm = &mut arms[i];
                arm.total += try_arm(g, arm.action.as_ref(), &world, rollout, limits.turns);
                arm.tries += 1;
            }
            deals_tried += 1;
            spent += alive.len() as u64;
            if let Some(t) = limits.time {
                let elapsed = stopwatch.elapsed().saturating_sub(started);
                if elapsed >= t {
                    break 'rounds;
                }
                if round == 0 && deals_tried == 1 {
                    budget = budget.min(fit(t, elapsed, spent));
                }
            }
        }
        alive.sort_by(|&x, &y| arms[y].mean().total_cmp(&arms[x].mean()));
        alive.truncate(survivors(alive.len(), 1));
    }
    if spent == 0 {
        // No imagined game could be dealt: the first candidate (the greedy choice) stands.
        return (0, 0);
    }
    let best = alive
        .iter()
        .copied()
        .max_by(|&x, &y| {
            (arms[x].tries, arms[x].mean())
                .partial_cmp(&(arms[y].tries, arms[y].mean()))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
        .unwrap_or(0);
    (best, spent)
}

/// The playouts that fit in `time`, given `spent` took `elapsed`.
fn fit(time: Duration, elapsed: Duration, spent: u64) -> u64 {
    let each = elapsed.as_secs_f64() / spent.max(1) as f64;
    if each <= 0.0 {
        return u64::MAX;
    }
    (time.as_secs_f64() / each) as u64
}

/// Deals a round of successive halving plays: its share of what is left of `budget`
/// rollouts after `spent`, split among `alive` candidates and the `left_rounds` rounds still
/// to play (this one included); at least one.
pub fn round_deals(budget: u64, spent: u64, alive: usize, left_rounds: u64) -> u64 {
    (budget.saturating_sub(spent) / (alive.max(1) as u64 * left_rounds.max(1))).max(1)
}

/// How many of `alive` candidates a round keeps: the better half, but never fewer than
/// `keep` (the bot keeps one; a coach keeps the choices it shows).
pub fn survivors(alive: usize, keep: usize) -> usize {
    alive.div_ceil(2).max(keep).min(alive)
}

/// One rollout of `action` in a copy of `world`, evaluated for the deciding seat; an
/// action this deal refuses scores below any game.
fn try_arm(
    g: &Ground<'_>,
    action: Option<&Action>,
    world: &GameState,
    rollout: &mut Playouts,
    turns: u32,
) -> f64 {
    match cut_rollout(g, action, world, rollout, turns) {
        Some(state) => evaluate(g.appraiser, g.weights, &state, g.me),
        None => -1.0,
    }
}

/// The game where `action`'s rollout in a copy of `world` is cut, `turns` turns after the
/// decision (or where it ended); `None` if this deal refuses the action.
pub fn cut_rollout(
    g: &Ground<'_>,
    action: Option<&Action>,
    world: &GameState,
    rollout: &mut Playouts,
    turns: u32,
) -> Option<GameState> {
    let mut state = take(g, action, world)?;
    roll_out(g, world, &mut state, action.is_none(), rollout, turns);
    Some(state)
}

/// A copy of `world` where the deciding seat has taken `action` (`None`: passed on the
/// floor), or `None` when this deal refuses it.
pub fn take(g: &Ground<'_>, action: Option<&Action>, world: &GameState) -> Option<GameState> {
    let mut state = world.clone();
    match action {
        Some(action) => state
            .apply_with(g.me, action, &mut IgnoreEvents)
            .ok()
            .map(|_| state),
        None => Some(state),
    }
}

/// Plays the rollout on from `state`, after the deciding seat's choice in `world`, every
/// seat playing the greedy policy, cut `turns` turns after the decision; `passed` when that
/// choice was passing.
///
/// Every candidate's rollout is cut at the same turn, counted from the decision, not from
/// after the action: an action that ends the turn (the duel's "end the turn, leave the rest
/// as an offer") must not buy its rollout one turn more than a planting does. Counted from
/// after the action, it did, and the search lost the duel to greedy (30.8% over 500 games).
pub fn roll_out(
    g: &Ground<'_>,
    world: &GameState,
    state: &mut GameState,
    passed: bool,
    rollout: &mut Playouts,
    turns: u32,
) {
    let ended = state.turn().saturating_sub(world.turn());
    rollout.play_turns(
        g.appraiser,
        state,
        passed.then_some(g.me),
        turns.saturating_sub(ended),
    );
}
