//! Which game it is: the one place that picks the card games or the dice game. [`Rules`]
//! holds either game's rules, loaded once, and [`Rules::dispatch`] hands them to code
//! generic over [`crate::game::Game`]; [`Played`] is a play of either behind
//! [`crate::game::Play`], for the protocol session and the save check.
//!
//! This sits above both engines, the bots and the coach, so that `crate::game` (the seam)
//! and the engines never import each other in a circle.

mod dispatch;
mod played;

pub use dispatch::{
    DICE_VARIANT, Rules, VariantInfo, WorkForGame, WorkWithRules, bot_named, screen_bot_options,
    variant_names, variant_text, variants,
};
pub use played::{MAX_UNDO_ACTIONS, Played};

/// The thinking time the searching card bots take on screen, and the most playouts a timed
/// decision of `mcts` makes: the command line's defaults, whichever game is played.
pub use crate::cards::bots::{DEFAULT_THINK_TIME, mcts::TIMED_PLAYOUTS};
