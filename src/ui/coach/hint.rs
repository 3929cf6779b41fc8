//! The hint window: the coach's top choices for the decision of the player at the keyboard.

use crate::ui::coach::{DecisionPoint, Thinker};

/// Sampled deals a hint on screen weighs: the coach's default, ready within a second on
/// one core for the 4-player base game.
pub const HINT_SAMPLES: u32 = crate::coach::DEFAULT_SAMPLES;

/// The seed of a hint, from the game's own seed and the decision
/// ([`crate::coach::hint_seed`]): the same game at the same decision gets the same hint, and
/// the review judges a costly decision on the same deals.
pub fn hint_seed(game_seed: u64, decision: DecisionPoint) -> u64 {
    crate::coach::hint_seed(game_seed, decision.player, decision.at)
}

/// An open hint window: whose decision, and the search for it.
#[derive(Clone, Debug)]
pub struct HintWindow<A> {
    /// The decision the hint is about; the window closes when the game moves on.
    pub decision: DecisionPoint,
    /// The coach's search.
    pub thinker: Thinker<A>,
}
