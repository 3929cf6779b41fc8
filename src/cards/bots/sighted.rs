//! The greedy bot as the table seats it itself: the same decisions as [`GreedyBot`], read
//! through [`StateSight`] (what the seat may see, answered from the game) instead of a view
//! rebuilt for every decision, and with the legal actions listed only when a decision
//! needs them.
//!
//! [`StateSight`] answers only what the seat's own view would, so this is the same bot,
//! no better informed; a test plays whole games both ways and compares every action.
//!
//! [`GreedyBot`]: super::GreedyBot

use std::sync::Arc;

use crate::cards::{Action, GameState, Ruleset};

use super::eval::Appraiser;
use super::greedy::{Greedy, in_doubt};
use super::legal::Listing;
use super::sight::{StateSight, ViewCache};
use super::{Decision, Prompt};
use crate::game::StoppedStopwatch;

/// One seat's greedy policy, asked with the game itself.
#[derive(Debug, Default)]
pub struct SightedGreedy {
    policy: Greedy,
    appraiser: Option<Arc<Appraiser>>,
    /// The seat's view, built only when the policy has no answer (a rule it does not know).
    view: ViewCache,
}

impl SightedGreedy {
    /// A greedy seat, as [`super::GreedyBot::new`] makes one.
    pub fn new() -> Self {
        SightedGreedy::default()
    }

    /// Seat `me`'s action for `prompt` in `state`, as the greedy bot decides it from the
    /// seat's view; `legal` lists the seat's legal actions without offers when asked.
    pub fn decide(
        &mut self,
        state: &GameState,
        me: usize,
        prompt: Prompt,
        legal: &mut Listing,
    ) -> Option<Action> {
        let ruleset = state.ruleset();
        let a = appraiser_for(&mut self.appraiser, ruleset);
        let sight = StateSight::new(state, me);
        match self.policy.decide(a, &sight, ruleset, prompt) {
            Some(action @ Action::Propose { .. }) => Some(action),
            // Left to the engine where the table applies it at once: a refusal comes back
            // through `reconsider`, as a look among the legal actions would have gone.
            Some(action) if legal.leave(state, me, prompt, &action) => Some(action),
            Some(action) if legal.contains(state, me, &action) => {
                legal.vouch();
                Some(action)
            }
            // Passing on the floor is a choice; elsewhere a rule the policy does not know
            // stopped it, and plain sense picks from the view, as the greedy bot does.
            None if prompt == Prompt::MayPropose => None,
            _ => self.reconsider(state, me, prompt, legal),
        }
    }

    /// Seat `me` made the offer `action` in `state` before this seat was made (a resumed
    /// game's record): it is remembered as the greedy bot remembers its own
    /// ([`crate::game::Agent::recall`]).
    pub fn recall(&mut self, state: &GameState, me: usize, action: &Action) {
        let view = self.view.refresh(state, me);
        self.policy.remember_offer(view, me, action);
    }

    /// Seat `me`'s action for `prompt` in `state` when the policy's answer is not a legal
    /// one (or it has none): plain sense from the seat's view, as the greedy bot decides.
    pub fn reconsider(
        &mut self,
        state: &GameState,
        me: usize,
        prompt: Prompt,
        legal: &mut Listing,
    ) -> Option<Action> {
        let ruleset = state.ruleset();
        let a = appraiser_for(&mut self.appraiser, ruleset);
        let view = self.view.refresh(state, me);
        in_doubt(
            a,
            &Decision {
                me,
                view,
                ruleset,
                legal: legal.get(state, me),
                prompt,
                stopwatch: &StoppedStopwatch,
            },
        )
    }
}

/// The appraiser kept in `slot`, made anew when the game's ruleset is another one.
fn appraiser_for<'a>(
    slot: &'a mut Option<Arc<Appraiser>>,
    ruleset: &Arc<Ruleset>,
) -> &'a Arc<Appraiser> {
    if slot.as_ref().is_some_and(|a| !a.is_for(ruleset)) {
        *slot = None;
    }
    slot.get_or_insert_with(|| Appraiser::shared(ruleset))
}
