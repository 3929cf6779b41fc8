//! The random bot: any legal action, and a harvest now and then.

use super::names;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::DiceAsk;
use crate::dice::Dice;
use crate::dice::DiceAction;
use crate::dice::ORDERS_PER_CARD;
use crate::game::{Agent, BotName};

/// Picks uniformly among the legal actions; when it may harvest it does so one time in
/// three it is asked, and always with a full card, so its games end.
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.rng.next_u64() % bound as u64) as usize
    }
}

impl Agent<Dice> for RandomBot {
    fn name(&self) -> BotName {
        names::RANDOM
    }

    fn decide(&mut self, ask: &DiceAsk<'_>) -> Option<DiceAction> {
        let (state, seat) = (ask.state, ask.seat);
        if state.may_harvest(seat)
            && (state.players()[seat].covered == ORDERS_PER_CARD || self.below(3) == 0)
        {
            return Some(DiceAction::Harvest);
        }
        if seat != state.active() {
            return None;
        }
        let actions: Vec<DiceAction> = state
            .legal_actions(seat)
            .into_iter()
            .filter(|a| *a != DiceAction::Harvest)
            .collect();
        if actions.is_empty() {
            return None;
        }
        let pick = self.below(actions.len());
        actions.into_iter().nth(pick)
    }
}
