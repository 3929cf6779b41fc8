//! Rollouts: an imagined game played on by the greedy policy in every seat, stopped a few
//! turns ahead so the [`evaluation`](super::evaluation) judges where it stands.
//!
//! Playing every imagined game to its end spends most of the search's time on turns far
//! from the decision, whose luck drowns the difference the decision makes; a cut rollout
//! costs a fraction of a whole game and so buys more deals in the same thinking time.

use crate::engine::{Action, GameState, IgnoreEvents};

use crate::bots::Prompt;
use crate::bots::driver::{Agents, Next, Protocol};
use crate::bots::eval::Appraiser;
use crate::bots::greedy::Greedy;
use crate::bots::legal::{Listing, actions_without_offers, fallback};
use crate::bots::sight::StateSight;

/// Every seat of a rollout, played by the greedy policy from what that seat sees.
struct Seats<'a> {
    appraiser: &'a Appraiser,
    policies: &'a mut [Greedy],
}

impl Agents for Seats<'_> {
    fn is_bot(&self, _: usize) -> bool {
        true
    }

    fn ask(
        &mut self,
        state: &GameState,
        p: usize,
        prompt: Prompt,
        _: &mut Listing,
    ) -> Option<Action> {
        let sight = StateSight::new(state, p);
        self.policies[p].decide(self.appraiser, &sight, state.ruleset(), prompt)
    }
}

/// Plays imagined games on for a number of turns, reusing its buffers between rollouts.
#[derive(Debug, Default)]
pub struct Rollout {
    policies: Vec<Greedy>,
    protocol: Protocol,
    legal: Vec<Action>,
}

impl Rollout {
    /// A rollout runner with empty buffers.
    pub fn new() -> Self {
        Rollout::default()
    }

    /// Plays `state` on until `turns` more turns have begun or the game ends (`passed`, if
    /// any, has already had the floor this turn). `turns == u32::MAX` plays to the end.
    /// Returns whether the game got stuck (a rule the policy does not know and no legal
    /// action to put in its place), which a consistent game never does.
    pub fn play(
        &mut self,
        appraiser: &Appraiser,
        state: &mut GameState,
        passed: Option<usize>,
        turns: u32,
    ) -> bool {
        let n = state.player_count();
        self.policies.clear();
        self.policies.resize_with(n, Greedy::new);
        self.protocol.reset_for_playout(state, passed);
        self.protocol.trusted = true;
        let stop = state.turn().saturating_add(turns);
        let mut seats = Seats {
            appraiser,
            policies: &mut self.policies,
        };
        while state.turn() < stop {
            match self.protocol.next(state, &mut seats) {
                Next::Bot { player, action } => {
                    if state.apply_with(player, &action, &mut IgnoreEvents).is_ok() {
                        continue;
                    }
                    actions_without_offers(state, player, &mut self.legal);
                    let Some(instead) = fallback(&self.legal).cloned() else {
                        return true;
                    };
                    if state
                        .apply_with(player, &instead, &mut IgnoreEvents)
                        .is_err()
                    {
                        return true;
                    }
                }
                Next::GameOver => return false,
                Next::Human { .. } | Next::Stuck => return true,
            }
        }
        false
    }
}
