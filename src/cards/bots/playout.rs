//! Playouts: whole games played by the greedy policy in every seat, each seat reading only
//! what it may see of the game. The search bot's imagined games, and the fastest way to
//! play complete games through the public API.

use crate::cards::{GameState, IgnoreEvents};

use super::driver::{Agents, Next, Protocol};
use super::eval::Appraiser;
use super::greedy::Greedy;
use super::legal::{Listing, actions_without_offers, fallback};
use super::sight::StateSight;
use super::{Action, Prompt};
use crate::game::PlayStats;

/// Every seat of a playout, played by the greedy policy from what that seat sees.
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

/// Plays games to their end with greedy players, reusing its buffers from game to game.
#[derive(Debug, Default)]
pub struct Playouts {
    policies: Vec<Greedy>,
    protocol: Protocol,
    legal: Vec<Action>,
    /// Play without trading: end trading at once, decline every offer (the planting policy).
    pub planting_only: bool,
}

impl Playouts {
    /// Greedy players that trade.
    pub fn new() -> Self {
        Playouts::default()
    }

    /// Greedy players that only plant and harvest: no offers, every offer declined.
    pub fn planting_only() -> Self {
        Playouts {
            planting_only: true,
            ..Playouts::default()
        }
    }

    /// Plays `state` to its end (from anywhere in a turn; `passed`, if any, has already had
    /// the floor this turn). The policy is trusted: an action the engine refuses, which a
    /// rule the policy does not know can cause, is replaced by a legal one.
    pub fn play(
        &mut self,
        appraiser: &Appraiser,
        state: &mut GameState,
        passed: Option<usize>,
    ) -> PlayStats {
        self.play_turns(appraiser, state, passed, u32::MAX)
    }

    /// As [`Playouts::play`], but stops once `turns` more turns have begun (the search's
    /// rollouts, cut a few turns ahead and evaluated); `u32::MAX` plays to the end.
    pub fn play_turns(
        &mut self,
        appraiser: &Appraiser,
        state: &mut GameState,
        passed: Option<usize>,
        turns: u32,
    ) -> PlayStats {
        let n = state.player_count();
        self.policies.clear();
        self.policies.resize_with(n, || {
            if self.planting_only {
                Greedy::planting_only()
            } else {
                Greedy::new()
            }
        });
        self.protocol.reset_for_playout(state, passed);
        self.protocol.trusted = true;
        let mut stats = PlayStats::default();
        let stop = state.turn().saturating_add(turns);
        let mut seats = Seats {
            appraiser,
            policies: &mut self.policies,
        };
        while state.turn() < stop {
            match self.protocol.next(state, &mut seats) {
                Next::Bot { player, action } => {
                    stats.actions += 1;
                    if state.apply_with(player, &action, &mut IgnoreEvents).is_ok() {
                        continue;
                    }
                    stats.fallbacks += 1;
                    actions_without_offers(state, player, &mut self.legal);
                    let Some(instead) = fallback(&self.legal).cloned() else {
                        stats.stuck = true;
                        break;
                    };
                    if state
                        .apply_with(player, &instead, &mut IgnoreEvents)
                        .is_err()
                    {
                        stats.stuck = true;
                        break;
                    }
                }
                Next::GameOver => break,
                Next::Human { .. } | Next::Stuck => {
                    stats.stuck = true;
                    break;
                }
            }
        }
        stats
    }
}
