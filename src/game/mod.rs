//! The small interface both games share: the card games (`crate::engine`) and the dice game
//! (`crate::dice`) each keep their own rules engine, and the outer layers that only need to
//! start a game, ask who acts, list and apply actions, show a view and read the outcome (the
//! protocol first of all) speak to [`Play`] instead of to either engine.
//!
//! As in OpenSpiel, a game's rules are loaded once ([`Rules`]) apart from one play of it
//! ([`Play`]). A play speaks the protocol's JSON shapes (see `docs/protocol.md`), so that
//! names of beans and the like are resolved inside each game and nothing outside needs to
//! know either game's types.

mod card_play;
mod card_wire;
mod dice_play;
mod dice_wire;
mod play;
mod rules;
mod wire;

pub use card_play::{CardPlay, no_such_player};
pub use card_wire::{
    MAX_LISTED_ACTIONS, MAX_LISTED_OFFERS, action_json, error_kind, parse_action, view_json,
};
pub use dice_play::DicePlay;
pub use dice_wire::{action_json as dice_action_json, parse_action as parse_dice_action};
pub use play::{NewPlay, Play, PlayError, PlayOutcome, Started};
pub use rules::{DICE_VARIANT, Rules, VariantInfo, dice_summary, variants};
