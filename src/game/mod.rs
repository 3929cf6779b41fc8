//! The seam both games share: the card games (`crate::engine`) and the dice game
//! (`crate::dice`) each keep their own rules engine, and each implements [`Game`] (in its
//! own types) and [`Wire`] (the same in the protocol's JSON shapes). The outer layers are
//! written once, generic over them; [`Rules`] is the one place that says which game it is.
//!
//! As in OpenSpiel, a game's rules are loaded once ([`Rules`]) apart from one play of it.
//! [`Play`] is a play behind `dyn`, in the protocol's JSON, for the protocol session and
//! the save check; [`Played`] is the one implementation of it, for any game.

mod agent;
mod card_game;
mod card_wire;
mod dice_game;
mod dice_wire;
mod observer;
mod play;
mod played;
mod rules;
mod seam;
mod table;
mod tape;
mod wire;

pub use agent::{
    Agent, BotName, BotOptions, DEFAULT_PLAYOUTS, MctsBudget, SeatAgent, SeatKind, seat_seed,
};
pub use card_game::Cards;
pub use card_wire::{
    MAX_LISTED_ACTIONS, MAX_LISTED_OFFERS, action_json, error_kind, parse_action, view_json,
};
pub use dice_game::Dice;
pub use dice_wire::{action_json as dice_action_json, parse_action as parse_dice_action};
pub use observer::{Observer, Tallied, Tally};
pub use play::{NewPlay, Play, PlayError, PlayOutcome, Started, no_such_player};
pub use played::{MAX_UNDO_ACTIONS, Played};
pub use rules::{DICE_VARIANT, Rules, VariantInfo, WithGame, dice_summary, variants};
pub use seam::{Begun, Game, Wire};
pub use table::{MakeAgent, Next, PlayStats, Seated, Table};
pub use tape::{After, CHECKPOINT_EVERY, Listener, MAX_CHECKPOINTS, Refused, Tape};
