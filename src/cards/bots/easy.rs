//! The easy level: the greedy policy, but careless. Now and then it plays any legal move
//! instead of its own choice, and it never proposes a trade of its own, so a beginner can
//! win while learning what the greedy bots do well.

use super::names;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::cards::Action;

use super::greedy::GreedyBot;
use super::{Agent, BotName, Decision, Prompt};
use crate::cards::Cards;

/// One decision in this many is a careless one.
const CARELESS_ONE_IN: u64 = 4;

/// The easy bot.
#[derive(Clone, Debug)]
pub struct EasyBot {
    rng: ChaCha8Rng,
    greedy: GreedyBot,
}

impl EasyBot {
    /// An easy bot drawing its mistakes from `seed`.
    pub fn new(seed: u64) -> Self {
        EasyBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            greedy: GreedyBot::new(),
        }
    }
}

impl Agent<Cards> for EasyBot {
    fn name(&self) -> BotName {
        names::EASY
    }

    fn decide(&mut self, d: &Decision<'_>) -> Option<Action> {
        let careless = self.rng.next_u64().is_multiple_of(CARELESS_ONE_IN);
        match d.prompt {
            // It answers offers, but proposes none of its own.
            Prompt::MayPropose => None,
            _ if careless && !d.legal.is_empty() => {
                let i = (self.rng.next_u64() % d.legal.len() as u64) as usize;
                Some(d.legal[i].clone())
            }
            _ => match self.greedy.decide(d) {
                Some(Action::Propose { .. }) => {
                    d.legal.iter().find(|l| **l == Action::EndTrading).cloned()
                }
                other => other,
            },
        }
    }
}
