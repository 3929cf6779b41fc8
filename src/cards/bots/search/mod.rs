//! The search bot behind the `hard` and `expert` levels: information-set search over many
//! candidates, with greedy rollouts cut a few turns ahead and evaluated.
//!
//! One file per concept: [`candidates`] (what to search, many offers in trading), [`deal`]
//! (imagined games dealt from the seat's view), [`evaluation`] (how a cut game stands) and
//! [`halving`] (the search: successive halving on shared deals); its rollouts are
//! [`Playouts`] cut a few turns ahead. Unlike `mcts`, which plays every imagined game to its
//! end and searches at most six candidates, it spends its budget on telling apart the best
//! of up to sixteen offers, and answers offers made to it the same way.

pub mod candidates;
pub mod deal;
pub mod evaluation;
pub mod halving;

use crate::cards::bots::names;
use std::sync::Arc;
use std::time::Duration;

use crate::cards::{Action, Phase};

use super::eval::Appraiser;
use super::greedy::Greedy;
use super::offer_key::OfferKey;
use super::{Agent, BotName, BotOptions, Decision, Playouts, Prompt};
use crate::cards::Cards;

use deal::Deals;
use evaluation::Weights;
use halving::{Arm, Ground, Limits, search};

/// Rollouts per decision at the `hard` level (fewer if a thinking time runs out first).
pub const HARD_PLAYOUTS: u32 = 25;
/// Rollouts per decision at the `expert` level where no thinking time is set (the
/// simulator): the budget its strength was measured at. On screen it thinks by time, and
/// the default thinking time buys more (see docs/simulator.md).
pub const EXPERT_PLAYOUTS: u32 = 200;
/// The most rollouts a timed decision makes, however fast the machine.
pub const MAX_PLAYOUTS: u32 = 100_000;
/// Turns a rollout plays before it is evaluated.
pub const ROLLOUT_TURNS: u32 = 8;

/// The `hard` or `expert` level (`level`), its chance drawn from `seed`.
///
/// `hard` makes a small fixed number of rollouts a decision (stopping early if a thinking
/// time runs out). Without a thinking time (the simulator) `expert` makes a fixed number
/// too, so results are reproducible; with one (on screen) it thinks for all of it.
pub fn level(level: BotName, seed: u64, options: &BotOptions) -> SearchBot {
    let mut budget = SearchBudget::playouts(HARD_PLAYOUTS);
    budget.time = options.search.time;
    if level == names::EXPERT {
        budget.playouts = match options.search.time {
            Some(_) => MAX_PLAYOUTS,
            None => EXPERT_PLAYOUTS,
        };
    }
    SearchBot::new(level, seed, budget)
}

/// What one decision of the search bot may spend.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SearchBudget {
    /// Rollouts per decision, over all candidates (a cap when `time` is set).
    pub playouts: u32,
    /// Stop after this long (on screen); `None` keeps decisions reproducible (simulator).
    pub time: Option<Duration>,
    /// Turns each rollout plays before it is evaluated.
    pub turns: u32,
}

impl SearchBudget {
    /// A fixed budget of `playouts` rollouts: the same seed, the same decisions.
    pub fn playouts(playouts: u32) -> Self {
        SearchBudget {
            playouts,
            time: None,
            turns: ROLLOUT_TURNS,
        }
    }
}

/// The search bot.
#[derive(Debug)]
pub struct SearchBot {
    kind: BotName,
    deals: Deals,
    budget: SearchBudget,
    weights: Weights,
    appraiser: Option<Arc<Appraiser>>,
    planner: Greedy,
    rollout: Playouts,
    /// The offers made this turn, by what they say (player and kinds), not proposed again.
    made: Vec<OfferKey>,
    made_turn: u32,
    /// Rollouts made over the bot's life (for measurements and tests).
    pub playouts: u64,
    /// Decisions that were searched (a forced one is not).
    pub searches: u64,
}

impl SearchBot {
    /// A search bot playing as `kind`, drawing its deals from `seed`, spending `budget`.
    pub fn new(kind: BotName, seed: u64, budget: SearchBudget) -> Self {
        SearchBot {
            kind,
            deals: Deals::new(seed),
            budget,
            weights: Weights::default(),
            appraiser: None,
            planner: Greedy::new(),
            rollout: Playouts::new(),
            made: Vec::new(),
            made_turn: u32::MAX,
            playouts: 0,
            searches: 0,
        }
    }

    /// The offers made in `turn`: those of an earlier turn are forgotten.
    fn made_in(&mut self, turn: u32) {
        if turn != self.made_turn {
            self.made_turn = turn;
            self.made.clear();
        }
    }

    /// The one action a decision allows, when it allows only one: nothing to search.
    fn forced(d: &Decision<'_>) -> Option<Action> {
        let may_offer = d.view.phase == Phase::Trade;
        (d.prompt == Prompt::Act && d.legal.len() == 1 && !may_offer).then(|| d.legal[0].clone())
    }
}

impl Agent<Cards> for SearchBot {
    fn name(&self) -> BotName {
        self.kind
    }

    fn decide(&mut self, d: &Decision<'_>) -> Option<Action> {
        if let Some(only) = Self::forced(d) {
            return Some(only);
        }
        self.made_in(d.view.turn);
        let a = match &self.appraiser {
            Some(a) if a.is_for(d.ruleset) => Arc::clone(a),
            _ => Arc::clone(self.appraiser.insert(Appraiser::shared(d.ruleset))),
        };
        let mut arms: Vec<Arm> = candidates::candidates(&self.planner, &a, d, &self.made)
            .into_iter()
            .map(|action| Arm {
                action,
                total: 0.0,
                tries: 0,
            })
            .collect();
        if arms.len() <= 1 {
            return arms.pop().and_then(|arm| arm.action);
        }
        let ground = Ground {
            me: d.me,
            view: d.view,
            ruleset: d.ruleset,
            appraiser: &a,
            weights: &self.weights,
        };
        let limits = Limits {
            playouts: self.budget.playouts,
            time: self.budget.time,
            turns: self.budget.turns,
        };
        self.searches += 1;
        let (best, spent) = search(
            &ground,
            &mut arms,
            &mut self.deals,
            &mut self.rollout,
            limits,
            d.stopwatch,
        );
        self.playouts += spent;
        let action = arms.swap_remove(best).action;
        if let Some(key) = action.as_ref().and_then(|x| OfferKey::of(d.view, d.me, x)) {
            self.made.push(key);
        }
        action
    }

    fn recall(&mut self, d: &Decision<'_>, action: &Action) {
        self.made_in(d.view.turn);
        if let Some(key) = OfferKey::of(d.view, d.me, action) {
            self.made.push(key);
        }
    }
}
