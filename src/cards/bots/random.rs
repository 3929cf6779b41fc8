//! The random bot: any legal action, chosen uniformly, and a few random offers.
//!
//! The baseline every other bot must beat, and a tireless tester of odd corners of the
//! rules: it harvests lone beans, accepts bad trades, and proposes whatever it can.

use super::names;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::cards::{Action, CardRef, Phase};

use super::legal::offer_allowed;
use super::{Agent, BotName, Decision, Prompt};
use crate::cards::Cards;

/// Offers the random bot makes in one turn, at most.
const MAX_OFFERS_PER_TURN: u32 = 3;

/// A bot that plays a random legal action.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
    turn: u32,
    offers: u32,
}

impl RandomBot {
    /// A random bot drawing its chance from `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            turn: 0,
            offers: 0,
        }
    }

    fn below(&mut self, n: usize) -> usize {
        (self.rng.next_u64() % n.max(1) as u64) as usize
    }

    /// A random offer to `to`: up to two of my cards for up to two kinds, not both empty.
    fn random_offer(&mut self, d: &Decision<'_>, to: usize) -> Option<Action> {
        let view = d.view;
        let hand = view.seats[d.me].hand.as_ref().map_or(0, Vec::len);
        let face_up = if d.me == view.active_player {
            view.face_up.len()
        } else {
            0
        };
        let mut give = Vec::new();
        for _ in 0..self.below(3) {
            let n = hand + face_up;
            if n == 0 {
                break;
            }
            let i = self.below(n);
            let card = if i < hand {
                CardRef::Hand(i)
            } else {
                CardRef::FaceUp(i - hand)
            };
            if !give.contains(&card) {
                give.push(card);
            }
        }
        let kinds: Vec<_> = d
            .ruleset
            .deck_counts(view.seats.len())
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(k, _)| crate::cards::BeanKind::new(k))
            .collect();
        let mut want = Vec::new();
        for _ in 0..self.below(3) {
            if !kinds.is_empty() {
                want.push(kinds[self.below(kinds.len())]);
            }
        }
        if give.is_empty() && want.is_empty() {
            return None;
        }
        self.offers += 1;
        Some(Action::Propose {
            to,
            give: give.into(),
            want: want.into(),
        })
    }

    fn may_offer(&mut self, d: &Decision<'_>) -> Option<usize> {
        if d.view.turn != self.turn {
            self.turn = d.view.turn;
            self.offers = 0;
        }
        if self.offers >= MAX_OFFERS_PER_TURN || d.view.phase != Phase::Trade {
            return None;
        }
        let n = d.view.seats.len();
        let to = if d.me == d.view.active_player {
            (d.me + 1 + self.below(n - 1)) % n
        } else {
            d.view.active_player
        };
        offer_allowed(d.view, d.me, d.ruleset, to).then_some(to)
    }
}

impl Agent<Cards> for RandomBot {
    fn name(&self) -> BotName {
        names::RANDOM
    }

    fn decide(&mut self, d: &Decision<'_>) -> Option<Action> {
        match d.prompt {
            Prompt::Answer { offer } => {
                let answers: Vec<&Action> = d
                    .legal
                    .iter()
                    .filter(|a| {
                        matches!(a, Action::Accept { offer: o, .. } | Action::Decline { offer: o } if *o == offer)
                    })
                    .collect();
                if answers.is_empty() {
                    return None;
                }
                let i = self.below(answers.len());
                Some(answers[i].clone())
            }
            Prompt::MayPropose => {
                let to = self.may_offer(d)?;
                if self.below(2) == 0 {
                    self.random_offer(d, to)
                } else {
                    None
                }
            }
            Prompt::Act => {
                if let Some(to) = self.may_offer(d)
                    && self.below(4) == 0
                    && let Some(offer) = self.random_offer(d, to)
                {
                    return Some(offer);
                }
                if d.legal.is_empty() {
                    return None;
                }
                let i = self.below(d.legal.len());
                Some(d.legal[i].clone())
            }
        }
    }
}
