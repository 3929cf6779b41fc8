//! The hint window: the coach's top choices for the decision of the player at the keyboard.

use super::{Decision, Thinker};

/// Sampled deals a hint on screen weighs: the coach's default, ready within a second on
/// one core for the 4-player base game.
pub const HINT_SAMPLES: u32 = crate::coach::DEFAULT_SAMPLES;

/// The seed of a hint, from the game's own seed and the decision: the same game at the same
/// decision gets the same hint, so tests (and two players comparing) see the same figures.
pub fn hint_seed(game_seed: u64, decision: Decision) -> u64 {
    game_seed
        ^ (decision.at as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (decision.player as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03)
}

/// An open hint window: whose decision, and the search for it.
#[derive(Clone, Debug)]
pub struct HintWindow<A> {
    /// The decision the hint is about; the window closes when the game moves on.
    pub decision: Decision,
    /// The coach's search.
    pub thinker: Thinker<A>,
}
