//! Sampling deals: the imagined games the search plays, from what the seat has seen.
//!
//! Every card the seat cannot see (other hands, the draw pile) is dealt at random from a
//! seed, consistently with its view ([`GameState::from_view`]): the search is given the
//! view, never the game, so it cannot see a hidden card, and a deal's seed is all it takes
//! to deal the same imagined game again.

use std::sync::Arc;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::cards::{GameState, PlayerView, Ruleset};

/// The source of a search's deal seeds, itself drawn from the bot's seed.
#[derive(Clone, Debug)]
pub struct Deals {
    rng: ChaCha8Rng,
}

impl Deals {
    /// Deal seeds drawn from `seed`: the same seed, the same sequence of deals.
    pub fn new(seed: u64) -> Self {
        Deals {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The next deal's seed.
    pub fn next_seed(&mut self) -> u64 {
        self.rng.next_u64()
    }
}

/// The imagined game dealt from `seed` for the seat whose `view` this is, or `None` if the
/// view is of no game the ruleset can deal (a rule the dealer does not know).
pub fn deal(ruleset: &Arc<Ruleset>, view: &PlayerView, seed: u64) -> Option<GameState> {
    GameState::from_view(ruleset, view, seed).ok()
}
