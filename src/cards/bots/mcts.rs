//! The search bot: information-set Monte Carlo with greedy playouts.
//!
//! For each decision it lists a few candidate actions (the legal moves, the greedy policy's
//! best offers, passing), then imagines the game many times: each time the cards it cannot
//! see (other hands, the draw pile) are dealt at random consistently with its view
//! ([`GameState::from_view`]), every candidate is tried in that same imagined game, and the
//! game is played to its end by the greedy policy in every seat. The candidate whose
//! playouts end best for the bot wins. Trying all candidates on the same deals compares
//! them on equal luck, which is what makes a few hundred playouts enough.
//!
//! The search is deterministic for a playout budget (the default); a time budget, when
//! asked for, stops early on a slow machine and so depends on the caller's stopwatch
//! ([`Decision::stopwatch`]).

use super::names;
use std::sync::Arc;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::cards::{Action, GameState, IgnoreEvents};

use super::eval::Appraiser;
use super::greedy::Greedy;
use super::playout::Playouts;
use super::search::candidates::{listed, push};
use super::sight::ViewSight;
use super::{Agent, BotName, Decision};
use crate::cards::Cards;
pub use crate::game::{DEFAULT_PLAYOUTS, ThinkingBudget};

/// The most playouts a decision bounded by its thinking time makes (on screen, where
/// time, not a count, ends the search).
pub const TIMED_PLAYOUTS: u32 = 100_000;
/// Candidate actions searched at most per decision.
const MAX_CANDIDATES: usize = 6;
/// Offers the greedy policy suggests as candidates.
const OFFER_CANDIDATES: usize = 3;

/// A candidate and how its playouts went.
#[derive(Clone, Debug)]
struct Candidate {
    /// `None` is passing on the floor.
    action: Option<Action>,
    total: f64,
    tries: u32,
}

/// The search bot.
#[derive(Debug)]
pub struct MctsBot {
    rng: ChaCha8Rng,
    budget: ThinkingBudget,
    appraiser: Option<Arc<Appraiser>>,
    planner: Greedy,
    playouts_runner: Playouts,
    /// Playouts made over the bot's life (for measurements).
    pub playouts: u64,
}

impl MctsBot {
    /// A search bot drawing its deals from `seed`, spending `budget` per decision.
    pub fn new(seed: u64, budget: ThinkingBudget) -> Self {
        MctsBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            budget,
            appraiser: None,
            planner: Greedy::new(),
            playouts_runner: Playouts::new(),
            playouts: 0,
        }
    }

    /// The actions worth searching: legal moves, the greedy policy's choice, its best
    /// offers, and passing where that is allowed (the search bot's candidates, with only a
    /// few of the greedy policy's offers and no more than [`MAX_CANDIDATES`] in all).
    fn candidates(&mut self, a: &Appraiser, d: &Decision<'_>) -> Vec<Candidate> {
        let sight = ViewSight::new(d.view, d.me, d.legal);
        let planner = &self.planner;
        let offers = |out: &mut Vec<Option<Action>>| {
            let mut planner = planner.clone();
            for offer in planner.best_offers(a, &sight, d.ruleset, OFFER_CANDIDATES) {
                push(out, Some(offer));
            }
        };
        listed(planner, a, d, &[], MAX_CANDIDATES, offers)
            .into_iter()
            .map(|action| Candidate {
                action,
                total: 0.0,
                tries: 0,
            })
            .collect()
    }
}

/// How a finished (or abandoned) playout ended for `me`: a win counts most, and the coin
/// margin over the best other player breaks ties between wins and between losses.
fn score(state: &GameState, me: usize) -> f64 {
    let coins: Vec<u32> = (0..state.player_count())
        .map(|p| state.player(p).score())
        .collect();
    let best_other = coins
        .iter()
        .enumerate()
        .filter(|&(p, _)| p != me)
        .map(|(_, &c)| c)
        .max()
        .unwrap_or(0);
    let won = state
        .outcome()
        .map_or(coins[me] > best_other, |o| o.winners.contains(&me));
    f64::from(u8::from(won)) + 0.05 * (f64::from(coins[me]) - f64::from(best_other))
}

impl Agent<Cards> for MctsBot {
    fn name(&self) -> BotName {
        names::MCTS
    }

    fn decide(&mut self, d: &Decision<'_>) -> Option<Action> {
        let started = d.stopwatch.elapsed();
        let a = match &self.appraiser {
            Some(a) if a.is_for(d.ruleset) => Arc::clone(a),
            _ => Arc::clone(self.appraiser.insert(Appraiser::shared(d.ruleset))),
        };
        let mut candidates = self.candidates(&a, d);
        match candidates.len() {
            0 => return None,
            1 => return candidates.pop().and_then(|c| c.action),
            _ => {}
        }
        let rounds = (self.budget.playouts as usize / candidates.len()).max(1);
        for _ in 0..rounds {
            let seed = self.rng.next_u64();
            let Ok(world) = GameState::from_view(d.ruleset, d.view, seed) else {
                break;
            };
            for c in &mut candidates {
                let mut state = world.clone();
                let passed = c.action.is_none();
                if let Some(action) = &c.action
                    && state.apply_with(d.me, action, &mut IgnoreEvents).is_err()
                {
                    c.total = f64::NEG_INFINITY;
                    c.tries += 1;
                    continue;
                }
                self.playouts_runner
                    .play(&a, &mut state, passed.then_some(d.me));
                self.playouts += 1;
                c.total += score(&state, d.me);
                c.tries += 1;
            }
            if self
                .budget
                .time
                .is_some_and(|t| d.stopwatch.elapsed().saturating_sub(started) >= t)
            {
                break;
            }
        }
        if candidates.iter().all(|c| c.tries == 0) {
            // No imagined game could be dealt (a rule the search does not know).
            return candidates.swap_remove(0).action;
        }
        let best = candidates.iter().filter(|c| c.tries > 0).max_by(|x, y| {
            let mx = x.total / f64::from(x.tries);
            let my = y.total / f64::from(y.tries);
            mx.total_cmp(&my)
        })?;
        let action = best.action.clone();
        // Remember the offer, so the next decision does not suggest it again this turn.
        if let Some(offer) = &action {
            self.planner.remember_offer(d.view, d.me, offer);
        }
        action
    }

    fn recall(&mut self, d: &Decision<'_>, action: &Action) {
        self.planner.remember_offer(d.view, d.me, action);
    }
}
